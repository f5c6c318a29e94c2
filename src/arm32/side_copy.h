/* side_copy(): a copy of a quad register taken without moving the original, for the
 * feed-forward of the AArch32 SHA-1 and SHA-256 kernels. */
#ifndef ARMSHA_ARM32_SIDE_COPY_H
#define ARMSHA_ARM32_SIDE_COPY_H

#include <arm_neon.h>

/* A copy of *x by an explicit VMOV that leaves *x in its register: the feed-forward then
 * adds into the working register and the copy is taken off the chain from one block to
 * the next. Left to itself the compiler adds into the copy and moves the sum back at the
 * top of every block, a VMOV on that chain (bench/RESULTS.md, "32-bit ARM kernel code
 * choices"). Always inlined: left out of line at -O0, it would be NEON code outside the
 * kernels, which test baseline-isa forbids. */
static inline __attribute__((always_inline)) uint32x4_t side_copy(uint32x4_t *x)
{
#if defined(__GNUC__) && !defined(__ARMEB__)
    uint32x4_t c;

    __asm__("vmov %q0, %q1" : "=w"(c), "+w"(*x));
    return c;
#else
    return *x;
#endif
}

#endif
