/* The AArch32 SHA-256 instructions as sha256_ce.c and sha256_ce_x2.c issue them: one set of
 * wrappers for the one- and two-lane kernels. */
#ifndef ARMSHA_ARM32_SHA256_OPS_H
#define ARMSHA_ARM32_SHA256_OPS_H

#include <arm_neon.h>

/* Written for the cores that do not reorder (Cortex-A53/A55 in AArch32): every instruction
 * of the rounds is its own volatile asm statement, so the compiler emits them in the order
 * the kernels write, and keeps the registers to what that order needs (AArch32 has 16 quad
 * registers). Volatile only orders the asm statements among themselves; none has side
 * effects. Other compilers, and big-endian ARM (armeb), take the intrinsics in the same
 * order: there the compilers number the lanes of a quad register otherwise than the
 * instructions do, which the asm assumes. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define SHA256_ASM 1
#endif

#if SHA256_ASM
#define H(abcd, efgh, wk) \
    __asm__ __volatile__("sha256h.32 %q0, %q1, %q2" : "+w"(abcd) : "w"(efgh), "w"(wk))
#define H2(efgh, abcd, wk) \
    __asm__ __volatile__("sha256h2.32 %q0, %q1, %q2" : "+w"(efgh) : "w"(abcd), "w"(wk))
#define SU0(w0, w1) __asm__ __volatile__("sha256su0.32 %q0, %q1" : "+w"(w0) : "w"(w1))
#define SU1(w0, w2, w3) \
    __asm__ __volatile__("sha256su1.32 %q0, %q1, %q2" : "+w"(w0) : "w"(w2), "w"(w3))
#define ADD(r, a, b) __asm__ __volatile__("vadd.i32 %q0, %q1, %q2" : "=w"(r) : "w"(a), "w"(b))
#define COPY(c, x) __asm__ __volatile__("vmov %q0, %q1" : "=w"(c) : "w"(x))
/* K[4t..4t+3] from kp, the pointer stepped past them by an ADD of its own: an in-order
 * core holds a load with write-back at issue until the SHA instruction before it has
 * written back (llvm-mca's A53 model: 6 cycles; bench/RESULTS.md, "PBKDF2 on two lanes,
 * AArch32 CE"). */
#define LOAD_K(k, kp)                                                  \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]\n\tadd %1, %1, #16"  \
                         : "=w"(k), "+r"(kp)                           \
                         : "m"(*(const uint32_t(*)[4])(kp)))
/* K[4t..4t+7] into a pair, the same way: one load for two quads. GCC prints a register
 * list for a pair (%h); clang cannot (load_block.h) and takes two loads. */
#if !defined(__clang__)
#define LOAD_K2(kk, kp)                                               \
    __asm__ __volatile__("vld1.32 %h0, [%1:128]\n\tadd %1, %1, #32"  \
                         : "=w"(kk), "+r"(kp)                         \
                         : "m"(*(const uint32_t(*)[8])(kp)))
#else
#define LOAD_K2(kk, kp)                    \
    do {                                   \
        LOAD_K((kk).val[0], kp);           \
        LOAD_K((kk).val[1], kp);           \
    } while (0)
#endif
#else
#define H(abcd, efgh, wk) ((abcd) = vsha256hq_u32((abcd), (efgh), (wk)))
#define H2(efgh, abcd, wk) ((efgh) = vsha256h2q_u32((efgh), (abcd), (wk)))
#define SU0(w0, w1) ((w0) = vsha256su0q_u32((w0), (w1)))
#define SU1(w0, w2, w3) ((w0) = vsha256su1q_u32((w0), (w2), (w3)))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define COPY(c, x) ((c) = (x))
#define LOAD_K(k, kp) ((k) = vld1q_u32(kp), (kp) += 4)
#define LOAD_K2(kk, kp) ((kk).val[0] = vld1q_u32(kp), (kk).val[1] = vld1q_u32((kp) + 4), (kp) += 8)
#endif

#endif
