/* The AArch64 block functions, each file built with its own -march: the ARMv8 Crypto
 * Extension ones, one per family, and those for cores without the SHA instructions. */
#ifndef ARMSHA_ARM_KERNELS_H
#define ARMSHA_ARM_KERNELS_H

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* On the one-lane CE block functions' definitions. GCC pads each block loop to its
 * alignment with NOPs, and the count depends on where the linker puts the function. Those
 * NOPs run once a call, so a change anywhere else in the module could add one to every
 * call. With the function 16-aligned, the padding is the same in every link. */
#if defined(__GNUC__)
#define ARMSHA_LOOP_ALIGNED __attribute__((aligned(16)))
#else
#define ARMSHA_LOOP_ALIGNED
#endif

/* Need FEAT_SHA1 (HWCAP_SHA1). */
armsha_sha1_blocks_fn armsha_sha1_blocks_armv8;
/* Its two-lane form (armsha_sha1_x2_fn, sha1_ce_x2.c), for PBKDF2. */
armsha_sha1_x2_fn armsha_sha1_x2_armv8;
/* PBKDF2-HMAC-SHA1 on two lanes inside one function (sha1_pbkdf2_x2.c), on the two-lane
 * kernel's instructions: n >= 0 iterations after U_1 on each lane l, from the key's inner
 * and outer states (5 words each); each new U is XORed into t[l]. u[l] is U_1 as state words
 * (the big-endian words of its bytes), only read, and may be t[l] itself. */
void armsha_sha1_pbkdf2_x2_armv8(const uint32_t inner[5], const uint32_t outer[5],
                                 const uint32_t *const u[2], uint32_t *const t[2], uint64_t n);
/* Need FEAT_SHA256 (HWCAP_SHA2); serves SHA-224 as well. */
armsha_sha256_blocks_fn armsha_sha256_blocks_armv8;
/* Its two-lane form (armsha_sha256_x2_fn, sha256_ce_x2.c), for PBKDF2. */
armsha_sha256_x2_fn armsha_sha256_x2_armv8;
/* PBKDF2-HMAC-SHA256 (ds 32) and -SHA224 (ds 28) on two lanes inside one function
 * (sha256_pbkdf2_x2.c), as armsha_sha1_pbkdf2_x2_armv8 (8 state words; T's words past ds
 * are left as they were). */
void armsha_sha256_pbkdf2_x2_armv8(const uint32_t inner[8], const uint32_t outer[8],
                                   const uint32_t *const u[2], uint32_t *const t[2], size_t ds,
                                   uint64_t n);
/* Need FEAT_SHA512 (HWCAP_SHA512); serves SHA-384, SHA-512/224 and SHA-512/256 as well. */
armsha_sha512_blocks_fn armsha_sha512_blocks_armv8;
/* Its two-lane form (armsha_sha512_x2_fn, sha512_ce_x2.c), for PBKDF2. */
armsha_sha512_x2_fn armsha_sha512_x2_armv8;
/* Need ASIMD (HWCAP_ASIMD) and nothing more: SHA-256 and SHA-224 on cores without the SHA
 * instructions (src/arm64/sha256_neon.c). */
armsha_sha256_blocks_fn armsha_sha256_blocks_neon;
/* Need ASIMD: SHA-1 on cores without the SHA instructions (src/arm64/sha1_neon.c). */
armsha_sha1_blocks_fn armsha_sha1_blocks_neon;
/* Need AArch64 only (integer): SHA-512, SHA-384, SHA-512/224 and SHA-512/256 on cores
 * without the SHA-512 instructions (src/arm64/sha512_a64.c). */
armsha_sha512_blocks_fn armsha_sha512_blocks_a64;
/* Need ASIMD: the same with the message schedule on ASIMD (src/arm64/sha512_neon.c),
 * chosen on out-of-order cores (kernel_list.c). */
armsha_sha512_blocks_fn armsha_sha512_blocks_neon;
/* PBKDF2-HMAC on the same kernel, n >= 0 iterations after U_1: u (U_j as state words,
 * which are the big-endian words of its bytes) becomes U_{j+n} and each new U is XORed
 * into t; inner and outer are the key's two states, ds the digest size (64, 48, 32, 28). */
void armsha_sha512_pbkdf2_armv8(const uint64_t inner[8], const uint64_t outer[8], uint64_t u[8],
                                uint64_t t[8], size_t ds, uint64_t n);
/* The same on two lanes at once on the two-lane kernel (sha512_ce_x2.c): u[l] and t[l] are
 * lane l's U and T, both lanes from the same key states. */
void armsha_sha512_pbkdf2_x2_armv8(const uint64_t inner[8], const uint64_t outer[8],
                                   uint64_t *const u[2], uint64_t *const t[2], size_t ds,
                                   uint64_t n);

#endif
