/* The AArch32 SHA-1 instructions as sha1_ce.c and sha1_ce_x2.c issue them: one set of
 * wrappers for the one- and two-lane kernels. */
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
#else
#define SHA1H(eo, abcd) ((eo) = vdupq_n_u32(vsha1h_u32(vgetq_lane_u32((abcd), 0))))
#define ROUNDS(op, abcd, e, wk) ((abcd) = op((abcd), vgetq_lane_u32((e), 0), (wk)))
#define C vsha1cq_u32
#define P vsha1pq_u32
#define M vsha1mq_u32
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define SU0(w0, w1, w2) ((w0) = vsha1su0q_u32((w0), (w1), (w2)))
#define SU1(w0, w3) ((w0) = vsha1su1q_u32((w0), (w3)))
#endif

#endif
