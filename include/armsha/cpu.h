/* CPU features, the ARMSHA_DISABLE words, and the block function chosen for each family. */
#ifndef ARMSHA_CPU_H
#define ARMSHA_CPU_H

#include <stddef.h>

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* One bit per family: the families a user disables, and what a digest belongs to. */
#define ARMSHA_SHA1 0x1u
#define ARMSHA_SHA256 0x2u
#define ARMSHA_SHA512 0x4u
#define ARMSHA_ALL (ARMSHA_SHA1 | ARMSHA_SHA256 | ARMSHA_SHA512)

/* What the OS reports the CPU can do. The SHA bits are the family bits above, so that
 * "the instructions of family F" is simply F. */
#define ARMSHA_CPU_SHA1 ARMSHA_SHA1
#define ARMSHA_CPU_SHA256 ARMSHA_SHA256
#define ARMSHA_CPU_SHA512 ARMSHA_SHA512
#define ARMSHA_CPU_NEON 0x8u /* NEON on 32-bit ARM, ASIMD on AArch64 */
/* AArch64 itself: every aarch64 build sets it, so that a kernel in AArch64 integer code
 * that needs no optional feature still has a CPU bit (needs 0 means the portable C). */
#define ARMSHA_CPU_A64 0x10u
/* The same for 32-bit ARM: every arm32 build sets it, for its integer kernels (the cores
 * without NEON run them; src/meson.build builds them for ARMv6 and up). */
#define ARMSHA_CPU_A32 0x20u

/* Kinds of core, for the choices that depend on more than what the core can run: which of
 * two kernels that both run measures faster on it, and whether PBKDF2's two-lane form wins
 * there (bench/RESULTS.md). The bits of armsha_cpu_core.kind, and of the kernel list's
 * `cores` and `two_lane_on` (src/kernel_list.h). A core not listed in
 * src/cpu_cores.c is kind 0 (unknown) and gets the choice made before cores were told
 * apart. The bits go from the smallest core up: on a system of several kinds, the choice
 * is for the one of highest value. */
#define ARMSHA_CORE_A53 0x1u /* in-order dual issue: Cortex-A53, A35 (LLVM's A53 model) */
#define ARMSHA_CORE_A55 0x2u /* in-order dual issue: Cortex-A55 (LLVM's A55 model), Kryo Silver */
/* Out of order, what LLVM models with its Cortex-A57 model: A57, A72, A73, A75, A76, A77,
 * A78, X1, Neoverse N1 (llvm-mca-16 and -14 give them the same cycles); also Qualcomm's
 * Kryo 3xx/4xx Gold (A75, A76) and Falkor. */
#define ARMSHA_CORE_A57 0x4u

/* The cores this process may run on, as far as the OS tells (src/cpu_cores.c). */
typedef struct armsha_cpu_core {
    unsigned kind;  /* one ARMSHA_CORE_* bit, the kind the choice is made for; 0: unknown */
    char name[96];  /* "cortex-a72", "cortex-a55+cortex-a76 (for cortex-a76)", "unknown" */
} armsha_cpu_core;

/* The kind and name for a system whose cores have these MIDR_EL1 values (any order,
 * repeats allowed; n = 0: unknown). Pure, for the tests. The rule for several kinds of
 * core (big.LITTLE) is in src/cpu_cores.c. */
void armsha_core_from_midr(armsha_cpu_core *c, const uint32_t *midr, size_t n);

/* The same for this machine: the MIDR_EL1 of every core from Linux's sysfs, or of the
 * current core through the kernel's MRS emulation; unknown elsewhere. */
void armsha_core_identify(armsha_cpu_core *c);

/* Kernel classes in the disable list, beside the families: "ce" turns the kernels on the
 * SHA instructions off (armv8-ce, aarch32-ce) as if the CPU lacked them, "neon" the NEON
 * ones; the kernels of the other classes stay. */
#define ARMSHA_NO_CE 0x100u
#define ARMSHA_NO_NEON 0x200u

/* The name of the portable kernels, as the provider reports them. */
#define ARMSHA_KERNEL_PORTABLE "portable"

/* The chosen block function of each family, with what to report about the choice. */
typedef struct armsha_kernels {
    armsha_sha1_blocks_fn *sha1;
    armsha_sha256_blocks_fn *sha256;
    armsha_sha512_blocks_fn *sha512;
    /* "sha1=armv8-ce sha256=armv8-ce sha512=portable", with a note in parentheses after
     * a family whose better kernel failed its self-test. */
    char report[192];
    /* Their two-lane forms, which PBKDF2 runs its output blocks on two at a time (NULL:
     * one at a time), and what to report about them, the armsha-lanes parameter:
     * "sha1=2 sha256=2 sha512=1", chains per call, with a note in parentheses after a
     * family whose two-lane form failed its self-test. */
    armsha_sha1_x2_fn *sha1_x2;
    armsha_sha256_x2_fn *sha256_x2;
    armsha_sha512_x2_fn *sha512_x2;
    char lanes[128];
    /* The core the choice was made for (armsha_cpu_core.name), the armsha-core parameter. */
    char core[96];
} armsha_kernels;

/* The ARMSHA_CPU_* bits the OS reports for this CPU; 0 off ARM or where it cannot ask. */
unsigned armsha_cpu_features(void);

/* "sha1", "sha256" or "sha512" for ARMSHA_SHA1, ARMSHA_SHA256 or ARMSHA_SHA512: the family
 * words of the disable list and of the kernels line. */
const char *armsha_family_name(unsigned family);

/* Parses a comma-separated list of "sha1", "sha256", "sha512", "all", "none", "ce" or
 * "neon" (spaces and case ignored; NULL or "" means none) into ARMSHA_SHA* and
 * ARMSHA_NO_* bits.
 * Returns 1, or 0 with *bad pointing at the first unknown word (not
 * NUL-terminated: it runs to the next comma) and *badlen its length. */
int armsha_parse_disable(const char *list, unsigned *mask, const char **bad, size_t *badlen);

/* Fills k with, per family, the first kernel built in whose CPU features are in
 * `features` (less those that the ARMSHA_NO_* bits of `disabled` take away), whose
 * family is not in `disabled`, that is meant for `core`'s kind (NULL: unknown) and that
 * passes its known-answer self-test; the portable one otherwise; and its two-lane form
 * where that wins on `core`. Returns 0 when a portable block function fails
 * its own self-test (k is then not to be used): the build is broken. */
int armsha_kernels_choose(armsha_kernels *k, unsigned features, const armsha_cpu_core *core,
                          unsigned disabled);

#endif
