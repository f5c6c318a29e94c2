/* The loads of the two-lane kernels (sha1_ce_x2.c, sha256_ce_x2.c), one statement each, so
 * that the order bench/gen_ce_x2_a64.py writes for them is the order they run in. */
#ifndef ARMSHA_ARM64_X2_LOADS_H
#define ARMSHA_ARM64_X2_LOADS_H

#include <arm_neon.h>

#include "load_block.h"

#if defined(__GNUC__) && !defined(__AARCH64EB__)
/* LDR of one q (or s) register as a volatile asm: the memory operand tells the compiler
 * what is read, the address is the base register and the immediate offset. Little-endian
 * only: a big-endian LDR of a q register reverses the words. */
#define LDQ(r, p, off)                                                                       \
    __asm__ __volatile__("ldr %q0, [%1, %2]"                                                 \
                         : "=w"(r)                                                           \
                         : "r"(p), "i"(off), "m"(*(const uint8_t(*)[16])((const uint8_t *)(p) + (off))))
#define LDS(r, p, off)                                                                       \
    __asm__ __volatile__("ldr %s0, [%1, %2]"                                                 \
                         : "=w"(r)                                                           \
                         : "r"(p), "i"(off), "m"(*(const uint8_t(*)[4])((const uint8_t *)(p) + (off))))
/* A block: LD1 of four registers, then one REV32 (volatile asm) a register. */
#define X2_BLOCK uint8x16x4_t
#define LD4(m, p) ((m) = vld1q_u8_x4(p))
#define WORDS(w, x) __asm__ __volatile__("rev32 %0.16b, %1.16b" : "=w"(w) : "w"(x))
#else
/* LD1 of 32-bit elements (the compiler may move these). */
#define LDQ(r, p, off) ((r) = vld1q_u32((const uint32_t *)(const void *)((const uint8_t *)(p) + (off))))
#define LDS(r, p, off) ((r) = vdupq_n_u32(*(const uint32_t *)(const void *)((const uint8_t *)(p) + (off))))
#define X2_BLOCK uint32x4x4_t
#define LD4(m, p) ((m) = armsha_load_block_be32(p))
#define WORDS(w, x) ((w) = (x))
#endif
/* Four vectors of constants by one LD1 (an intrinsic on every target: the compiler places
 * it near its first use). */
#define LD4K(k, p) ((k) = vld1q_u32_x4(p))

#endif
