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
} armsha_kernel;

/* Best first within each family; each family's portable kernel (needs 0) is its last. */
extern const armsha_kernel armsha_kernel_list[];
extern const size_t armsha_kernel_count;

#endif
