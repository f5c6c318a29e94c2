/* The AArch32 SHA-1 instructions as sha1_ce.c and sha1_ce_x2.c issue them, and the block
 * load without write-back: one set of wrappers for the one- and two-lane kernels. */
#ifndef ARMSHA_ARM32_SHA1_OPS_H
#define ARMSHA_ARM32_SHA1_OPS_H

#include <arm_neon.h>

/* Written for the cores that do not reorder (Cortex-A53/A55 in AArch32): every instruction
 * of the rounds is its own volatile asm statement, so the compiler emits them in the order
 * the kernels write, and keeps the registers to what that order needs. Volatile only orders
 * the asm statements among themselves; none has side effects. e lives in lane 0 of a quad
 * register, as SHA1H leaves it: the intrinsics take e as a uint32_t, and GCC then moves
 * every e from SHA1H's vector register to a core register and back (bench/RESULTS.md,
 * "32-bit ARM kernel code choices"). Other compilers, and big-endian ARM (armeb), take the
 * intrinsics in the same order: there the compilers number the lanes of a quad register
 * otherwise than the instructions do, which the asm assumes. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define SHA1_ASM 1
#endif

#if SHA1_ASM
#define SHA1H(eo, abcd) __asm__ __volatile__("sha1h.32 %q0, %q1" : "=w"(eo) : "w"(abcd))
#define ROUNDS(op, abcd, e, wk) \
    __asm__ __volatile__(op ".32 %q0, %q1, %q2" : "+w"(abcd) : "w"(e), "w"(wk))
#define C "sha1c"
#define P "sha1p"
#define M "sha1m"
#define ADD(r, a, b) __asm__ __volatile__("vadd.i32 %q0, %q1, %q2" : "=w"(r) : "w"(a), "w"(b))
#define SU0(w0, w1, w2) __asm__ __volatile__("sha1su0.32 %q0, %q1, %q2" : "+w"(w0) : "w"(w1), "w"(w2))
#define SU1(w0, w3) __asm__ __volatile__("sha1su1.32 %q0, %q1" : "+w"(w0) : "w"(w3))
#define REV32(w, x) __asm__ __volatile__("vrev32.8 %q0, %q1" : "=w"(w) : "w"(x))
#else
#define SHA1H(eo, abcd) ((eo) = vdupq_n_u32(vsha1h_u32(vgetq_lane_u32((abcd), 0))))
#define ROUNDS(op, abcd, e, wk) ((abcd) = op((abcd), vgetq_lane_u32((e), 0), (wk)))
#define C vsha1cq_u32
#define P vsha1pq_u32
#define M vsha1mq_u32
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define SU0(w0, w1, w2) ((w0) = vsha1su0q_u32((w0), (w1), (w2)))
#define SU1(w0, w3) ((w0) = vsha1su1q_u32((w0), (w3)))
#define REV32(w, x) ((w) = vreinterpretq_u32_u8(vrev32q_u8(x)))
#endif

/* 32 bytes at p into two quads (the bytes as they are: REV32 makes the words), and p
 * stepped past them by an ADD of its own rather than the VLD1's write-back: an in-order
 * core holds a load with write-back at issue until the SHA instruction before it has
 * written back (llvm-mca's A53 model: 6 cycles; bench/RESULTS.md, "PBKDF2 on two lanes").
 * GCC prints a register list for a pair (%h); clang cannot (load_block.h) and takes two. */
#if SHA1_ASM && !defined(__clang__)
#define LOAD_HALF(lo, hi, p)                                                           \
    do {                                                                               \
        uint8x16x2_t h_;                                                               \
        __asm__ __volatile__("vld1.8 %h0, [%1]\n\tadd %1, %1, #32"                     \
                             : "=w"(h_), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)));   \
        lo = h_.val[0];                                                                \
        hi = h_.val[1];                                                                \
    } while (0)
#elif SHA1_ASM
#define LOAD_HALF(lo, hi, p)                                                           \
    do {                                                                               \
        __asm__ __volatile__("vld1.8 {%q0}, [%2]\n\tadd %2, %2, #16\n\t"               \
                             "vld1.8 {%q1}, [%2]\n\tadd %2, %2, #16"                   \
                             : "=&w"(lo), "=w"(hi), "+r"(p)                            \
                             : "m"(*(const uint8_t(*)[32])(p)));                       \
    } while (0)
#else
#define LOAD_HALF(lo, hi, p)       \
    do {                           \
        lo = vld1q_u8(p);          \
        hi = vld1q_u8((p) + 16);   \
        (p) += 32;                 \
    } while (0)
#endif

#endif
