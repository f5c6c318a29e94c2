/* CPU features, the ARMSHA_DISABLE mask, and the choice of block function for each family. */
#ifndef ARMSHA_CPU_H
#define ARMSHA_CPU_H

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* One bit per family: used both for "the CPU can" and for "the user disabled". */
#define ARMSHA_SHA1 0x1u
#define ARMSHA_SHA256 0x2u
#define ARMSHA_SHA512 0x4u
#define ARMSHA_ALL (ARMSHA_SHA1 | ARMSHA_SHA256 | ARMSHA_SHA512)

/* Kernel names as the provider reports them. */
#define ARMSHA_KERNEL_PORTABLE "portable"
#define ARMSHA_KERNEL_ARMV8_CE "armv8-ce"

typedef struct armsha_kernels {
    armsha_sha1_blocks_fn *sha1;
    armsha_sha256_blocks_fn *sha256;
    armsha_sha512_blocks_fn *sha512;
    const char *sha1_name;
    const char *sha256_name;
    const char *sha512_name;
} armsha_kernels;

/* The families this CPU and OS can run in hardware (ARMSHA_SHA* bits); 0 off ARM. */
unsigned armsha_cpu_features(void);

/* Parses a comma-separated list of "sha1", "sha256", "sha512", "all" or "none"
 * (spaces and case ignored; NULL or "" means none) into ARMSHA_* bits.
 * Returns 1, or 0 with *bad pointing at the first unknown word (not
 * NUL-terminated: it runs to the next comma) and *badlen its length. */
int armsha_parse_disable(const char *list, unsigned *mask, const char **bad, size_t *badlen);

/* Fills k with the fastest kernels among features & ~disabled. Each hardware
 * kernel must pass a known-answer self-test first, or the portable one is used. */
void armsha_kernels_choose(armsha_kernels *k, unsigned features, unsigned disabled);

/* The hardware kernels compiled into this build (NULL where absent), so that
 * tests can compare each one with the portable block function. */
extern armsha_sha1_blocks_fn *const armsha_sha1_blocks_hw;
extern armsha_sha256_blocks_fn *const armsha_sha256_blocks_hw;
extern armsha_sha512_blocks_fn *const armsha_sha512_blocks_hw;

#endif
