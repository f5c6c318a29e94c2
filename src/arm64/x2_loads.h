/* What the two-lane kernels (sha1_ce_x2.c, sha256_ce_x2.c) share: their vector variables
 * each in a register of its own, and their loads, one statement each, so that the order
 * bench/gen_ce_x2_a64.py writes for them is the order they run in. */
#ifndef ARMSHA_ARM64_X2_LOADS_H
#define ARMSHA_ARM64_X2_LOADS_H

#include <arm_neon.h>

/* GNU asm but for clang on big-endian, whose vectors have their lanes reversed between
 * intrinsics (sha1_ops.h says more): there, and on compilers without GNU asm, the kernels
 * take the intrinsics in the same order. */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define X2_ASM 1
/* The register the generator chose for a variable: with every instruction an asm
 * statement, the compiler then has no copy to make between them (left to its own
 * allocation, GCC added some, and an in-order core waits out each). */
#define VREG(r) __asm__(r)
#else
#define VREG(r)
#endif

#if X2_ASM && !defined(__AARCH64EB__)
/* LDR of one q (or s) register: the memory operand tells the compiler what is read, the
 * address is the base register and the immediate offset. Little-endian only: a big-endian
 * LDR of a q register reverses the words. */
#define LDQ(r, p, off)                                                                       \
    __asm__ __volatile__("ldr %q0, [%1, %2]"                                                 \
                         : "=w"(r)                                                           \
                         : "r"(p), "i"(off), "m"(*(const uint8_t(*)[16])((const uint8_t *)(p) + (off))))
/* The same with the memory operand naming the whole object of n bytes at p: one address
 * for every load from it. In a loop (the PBKDF2 entries), GCC made the address of each
 * offset's operand a register of its own, hoisted out of the loop, and spilled them. */
#define LDQ_IN(r, p, off, n)                                                                 \
    __asm__ __volatile__("ldr %q0, [%1, %2]"                                                 \
                         : "=w"(r)                                                           \
                         : "r"(p), "i"(off), "m"(*(const uint8_t(*)[n])(const void *)(p)))
#define LDS(r, p, off)                                                                       \
    __asm__ __volatile__("ldr %s0, [%1, %2]"                                                 \
                         : "=w"(r)                                                           \
                         : "r"(p), "i"(off), "m"(*(const uint8_t(*)[4])((const uint8_t *)(p) + (off))))
/* LD1 of four registers, which the generator made consecutive. */
#define LD4(a, b, c, d, p)                                                                   \
    __asm__ __volatile__("ld1 {%0.16b-%3.16b}, [%4]"                                         \
                         : "=w"(a), "=w"(b), "=w"(c), "=w"(d)                                \
                         : "r"(p), "m"(*(const uint8_t(*)[64])(const void *)(p)))
#else
/* LD1 of 32-bit elements (the compiler may move these). */
#define LDQ(r, p, off) ((r) = vld1q_u32((const uint32_t *)(const void *)((const uint8_t *)(p) + (off))))
#define LDQ_IN(r, p, off, n) LDQ(r, p, off)
#define LDS(r, p, off) ((r) = vdupq_n_u32(*(const uint32_t *)(const void *)((const uint8_t *)(p) + (off))))
#define LD4(a, b, c, d, p)                                                                   \
    do {                                                                                     \
        const uint32x4x4_t t_ = vld1q_u32_x4((const uint32_t *)(const void *)(p));           \
        (a) = t_.val[0];                                                                     \
        (b) = t_.val[1];                                                                     \
        (c) = t_.val[2];                                                                     \
        (d) = t_.val[3];                                                                     \
    } while (0)
#endif

/* The message words from loaded bytes: REV32 on little-endian; a big-endian load of 32-bit
 * elements gives them as they are. */
#if X2_ASM && !defined(__AARCH64EB__)
#define WORDS(w, x) __asm__ __volatile__("rev32 %0.16b, %1.16b" : "=w"(w) : "w"(x))
#elif defined(__AARCH64EB__)
#define WORDS(w, x) ((w) = (x))
#else
#define WORDS(w, x) ((w) = vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(x))))
#endif

#endif
