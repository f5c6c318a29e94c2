/* Every block function built into this module, for the choice (choose.c) and for the tests,
 * which run each one that the CPU can. Not part of the core's API (include/armsha/). */
#ifndef ARMSHA_KERNEL_LIST_H
#define ARMSHA_KERNEL_LIST_H

#include <stddef.h>

#include "armsha/cpu.h"

typedef struct armsha_kernel {
    const char *name; /* as the kernels line reports it: "armv8-ce", "portable" */
    unsigned family;  /* ARMSHA_SHA1, ARMSHA_SHA256 or ARMSHA_SHA512 */
    unsigned needs;   /* the ARMSHA_CPU_* bits the OS must report for it to run */
    union {
        armsha_sha1_blocks_fn *sha1;
        armsha_sha256_blocks_fn *sha256;
        armsha_sha512_blocks_fn *sha512;
    } fn; /* the member of its family */
    /* 0: any core. Else the ARMSHA_CORE_* kinds it is chosen on (a later entry of its
     * family serves the others): it runs on every core with `needs` and is tested on each,
     * but measures faster than the next one only on these (bench/RESULTS.md). */
    unsigned cores;
} armsha_kernel;

/* Best first within each family; each family's portable kernel (needs 0) is its last. */
extern const armsha_kernel armsha_kernel_list[];
extern const size_t armsha_kernel_count;

/* A two-lane form (armsha_*_x2_fn, for PBKDF2's output blocks): it goes with the one-lane
 * kernel of its family and name and is used only beside that one (choose.c). */
typedef struct armsha_lane_kernel {
    const char *name; /* the one-lane kernel's name: "armv8-ce", "portable" */
    unsigned family;
    unsigned needs;
    unsigned lanes; /* chains per call: 2 */
    /* 1: PBKDF2 runs on it when its kernel is chosen. 0: slower than the kernel's one
     * lane on every core measured (bench/RESULTS.md, "PBKDF2 on two lanes"): built for the
     * tests alone. (Forms slower everywhere, the portable C's, live in bench/ instead.) */
    unsigned use;
    union {
        armsha_sha1_x2_fn *sha1;
        armsha_sha256_x2_fn *sha256;
        armsha_sha512_x2_fn *sha512;
    } fn;
    /* 0: every core. Else the ARMSHA_CORE_* kinds where two lanes were measured to win
     * (bench/RESULTS.md, "PBKDF2 on two lanes"), the only ones PBKDF2 runs them on: one
     * lane on every other core, unknown ones included. */
    unsigned two_lane_on;
} armsha_lane_kernel;

/* At most one per family and name. */
extern const armsha_lane_kernel armsha_lane_kernel_list[];
extern const size_t armsha_lane_kernel_count;

#endif
