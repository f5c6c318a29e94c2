/* The block functions built into this module, best first per family (see kernel_list.h). */
#include "kernel_list.h"

#if defined(ARMSHA_ARM64_KERNELS)
#include "arm64/kernels.h"
#endif
#if defined(ARMSHA_ARM32_KERNELS)
#include "arm32/kernels.h"
#endif

#define KERNEL(kname, fam, member, cpu, f) {kname, fam, cpu, {.member = f}, 0}
/* A kernel chosen only on the ARMSHA_CORE_* kinds `on` (kernel_list.h, `cores`). */
#define KERNEL_ON(kname, fam, member, cpu, on, f) {kname, fam, cpu, {.member = f}, on}

const armsha_kernel armsha_kernel_list[] = {
#if defined(ARMSHA_ARM64_KERNELS)
    KERNEL("armv8-ce", ARMSHA_SHA1, sha1, ARMSHA_CPU_SHA1, armsha_sha1_blocks_armv8),
    KERNEL("armv8-ce", ARMSHA_SHA256, sha256, ARMSHA_CPU_SHA256, armsha_sha256_blocks_armv8),
    KERNEL("armv8-ce", ARMSHA_SHA512, sha512, ARMSHA_CPU_SHA512, armsha_sha512_blocks_armv8),
    /* Then, for the cores without the SHA instructions, the ASIMD (NEON) kernels and the
     * AArch64 integer ones (needs ARMSHA_CPU_A64), best first per family; src/meson.build
     * (arm64_nosha_kernels) says which are written (ARMSHA_HAVE_ARM64_*). */
#if defined(ARMSHA_HAVE_ARM64_SHA256_NEON)
    KERNEL("neon", ARMSHA_SHA256, sha256, ARMSHA_CPU_NEON, armsha_sha256_blocks_neon),
#endif
#if defined(ARMSHA_HAVE_ARM64_SHA1_NEON)
    KERNEL("neon", ARMSHA_SHA1, sha1, ARMSHA_CPU_NEON, armsha_sha1_blocks_neon),
#endif
#if defined(ARMSHA_HAVE_ARM64_SHA512_NEON)
    /* The schedule on ASIMD beside integer rounds: faster on LLVM's Cortex-A57 model (A72,
     * N1 ...), slower than a64 on the A55 one (bench/RESULTS.md, "Kernels without the SHA
     * instructions"). */
    KERNEL_ON("neon", ARMSHA_SHA512, sha512, ARMSHA_CPU_NEON, ARMSHA_CORE_A57,
              armsha_sha512_blocks_neon),
#endif
#if defined(ARMSHA_HAVE_ARM64_SHA512_A64)
    KERNEL("a64", ARMSHA_SHA512, sha512, ARMSHA_CPU_A64, armsha_sha512_blocks_a64),
#endif
#endif
#if defined(ARMSHA_ARM32_KERNELS)
    /* The SHA instructions first; then NEON, for ARMv7 cores without them (AArch32 has
     * no SHA-512 instructions: ARMv8 cores in 32-bit mode use the NEON SHA-512 too).
     * src/meson.build says which NEON kernels are written (ARMSHA_HAVE_*_NEON). */
    KERNEL("aarch32-ce", ARMSHA_SHA1, sha1, ARMSHA_CPU_SHA1, armsha_sha1_blocks_aarch32),
    KERNEL("aarch32-ce", ARMSHA_SHA256, sha256, ARMSHA_CPU_SHA256, armsha_sha256_blocks_aarch32),
#if defined(ARMSHA_HAVE_SHA1_NEON)
    KERNEL("neon", ARMSHA_SHA1, sha1, ARMSHA_CPU_NEON, armsha_sha1_blocks_neon),
#endif
#if defined(ARMSHA_HAVE_SHA256_NEON)
    KERNEL("neon", ARMSHA_SHA256, sha256, ARMSHA_CPU_NEON, armsha_sha256_blocks_neon),
#endif
#if defined(ARMSHA_HAVE_SHA512_NEON)
    KERNEL("neon", ARMSHA_SHA512, sha512, ARMSHA_CPU_NEON, armsha_sha512_blocks_neon),
#endif
    /* ARM integer code for the cores without NEON, where GCC's from the portable C loses
     * to OpenSSL's (bench/RESULTS.md, insncount-armhf); built for ARMv6 and up. */
#if defined(ARMSHA_HAVE_SHA256_A32)
    KERNEL("a32", ARMSHA_SHA256, sha256, ARMSHA_CPU_A32, armsha_sha256_blocks_a32),
#endif
#if defined(ARMSHA_HAVE_SHA512_A32)
    KERNEL("a32", ARMSHA_SHA512, sha512, ARMSHA_CPU_A32, armsha_sha512_blocks_a32),
#endif
#endif
    KERNEL(ARMSHA_KERNEL_PORTABLE, ARMSHA_SHA1, sha1, 0, armsha_sha1_blocks_portable),
    KERNEL(ARMSHA_KERNEL_PORTABLE, ARMSHA_SHA256, sha256, 0, armsha_sha256_blocks_portable),
    KERNEL(ARMSHA_KERNEL_PORTABLE, ARMSHA_SHA512, sha512, 0, armsha_sha512_blocks_portable),
};

const size_t armsha_kernel_count = sizeof(armsha_kernel_list) / sizeof(armsha_kernel_list[0]);

#define LANES(kname, fam, member, cpu, n, use, f) {kname, fam, cpu, n, use, {.member = f}, 0}
/* The same used only on the ARMSHA_CORE_* kinds `on` (`two_lane_on`): one lane elsewhere. */
#define LANES_ON(kname, fam, member, cpu, n, use, on, f) {kname, fam, cpu, n, use, {.member = f}, on}

const armsha_lane_kernel armsha_lane_kernel_list[] = {
#if defined(ARMSHA_ARM64_KERNELS)
    /* SHA-1: PBKDF2 takes the two lanes through their entry (sha1_pbkdf2_x2.c, the whole
     * loop inside it), a gain on every model, the A55 included: an iteration of both lanes
     * 0.85 / 0.92 of four one-lane blocks on llvm-mca-16 / -14's Cortex-A55 model, where the
     * call form (1.05 on -14, which issues one instruction a cycle there) lost
     * (bench/RESULTS.md, "PBKDF2 on several lanes"). SHA-256: a gain on every model. */
    LANES("armv8-ce", ARMSHA_SHA1, sha1, ARMSHA_CPU_SHA1, 2, 1, armsha_sha1_x2_armv8),
    LANES("armv8-ce", ARMSHA_SHA256, sha256, ARMSHA_CPU_SHA256, 2, 1, armsha_sha256_x2_armv8),
    LANES("armv8-ce", ARMSHA_SHA512, sha512, ARMSHA_CPU_SHA512, 2, 1, armsha_sha512_x2_armv8),
#endif
#if defined(ARMSHA_ARM32_KERNELS)
    /* SHA-1: PBKDF2 runs it through the entry that keeps the whole loop inside
     * (armsha_sha1_pbkdf2_x2_aarch32; the block form alone lost on the Cortex-A55 model,
     * 1.18-1.23 of two one-lane blocks). An iteration of both lanes there costs 1.02 / 0.98
     * of four one-lane blocks (llvm-mca 16 / 14), while the one-lane path adds 300 guest
     * instructions an iteration to the blocks' (calls, byte-swapping stores, copies; 718
     * against the entry's 433): a gain on the A55 as on the A53 and A57 (bench/RESULTS.md,
     * "PBKDF2 on two lanes, AArch32 CE"). SHA-256: a gain on all three (0.85-0.93 on the
     * A55). */
    LANES("aarch32-ce", ARMSHA_SHA1, sha1, ARMSHA_CPU_SHA1, 2, 1, armsha_sha1_x2_aarch32),
    LANES("aarch32-ce", ARMSHA_SHA256, sha256, ARMSHA_CPU_SHA256, 2, 1, armsha_sha256_x2_aarch32),
#if defined(ARMSHA_HAVE_SHA512_NEON_X2)
    /* SHA-512 (no AArch32 SHA-512 instructions: the NEON kernel's round on both halves of
     * q registers): a clear gain on LLVM's Cortex-A57 model (A72 ...); on the in-order A53 a
     * loss on the calibrated model, whose NEON pipe one lane already keeps nearly busy and
     * which issues the kernel's 128-bit loads alone, and the A55's readings disagree (a gain
     * in three, a loss with llvm-mca-16 reading each q operation as two 64-bit ones)
     * (bench/RESULTS.md, "AArch32 NEON SHA-512, two lanes"). So two lanes on the
     * out-of-order cores alone, and one lane on the unknown ones (qemu among them). */
    LANES_ON("neon", ARMSHA_SHA512, sha512, ARMSHA_CPU_NEON, 2, 1, ARMSHA_CORE_A57,
             armsha_sha512_x2_neon32),
#endif
#endif
    /* No portable two-lane form: one scalar chain already issues at the width of the cores
     * measured (bench/RESULTS.md, "PBKDF2 on two lanes"); bench/sha*_portable_x2.c. */
    /* Not counted: ends a list that has no other entry on most targets (C has no empty
     * initialiser list). */
    {NULL, 0, 0, 0, 0, {NULL}, 0},
};

const size_t armsha_lane_kernel_count =
    sizeof(armsha_lane_kernel_list) / sizeof(armsha_lane_kernel_list[0]) - 1;
