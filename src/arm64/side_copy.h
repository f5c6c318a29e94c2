/* side_copy(): a copy of a vector register taken without moving the original, for the
 * feed-forward of the SHA-1 kernel and the SHA256H/H2 pair of the SHA-256 kernel. */
#ifndef ARMSHA_ARM64_SIDE_COPY_H
#define ARMSHA_ARM64_SIDE_COPY_H

#include <arm_neon.h>

/* A copy of *x by an explicit MOV that leaves *x in its register: the asm claims to change
 * *x, so whatever overwrites *x in place afterwards can only do so once the copy is taken.
 * Left to itself the compiler may instead hand the copy to that instruction and copy back,
 * a MOV on the chain: the SHA-1 feed-forward would add into the copy and move the sum back
 * at the top of every block, the SHA-256 rounds would give SHA256H the copy
 * (bench/RESULTS.md, "Kernel code choices"). Not for clang on big-endian, whose vectors
 * have their lanes reversed between intrinsics: an asm operand costs a reversal each way. */
static inline uint32x4_t side_copy(uint32x4_t *x)
{
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
    uint32x4_t c;

    __asm__("mov %0.16b, %1.16b" : "=w"(c), "+w"(*x));
    return c;
#else
    return *x;
#endif
}

#endif
