/* The loads, stores and bitwise operations of the AArch32 PBKDF2 entries (sha1_ce_x2.c,
 * sha256_ce_x2.c) on their frame `pb` (uint32_t pb[N][4], 16-aligned, in the caller's scope):
 * quad i of it into or out of a q register, XOR of quads and a zeroed quad. */
#ifndef ARMSHA_ARM32_FRAME_OPS_H
#define ARMSHA_ARM32_FRAME_OPS_H

#include <arm_neon.h>

/* Each a volatile asm statement, as the rounds' (sha1_ops.h says why), under the same
 * condition as theirs: GCC or clang on little-endian. Big-endian (armeb) and other
 * compilers take the intrinsics. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define VLDQ(r, i) \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]" : "=w"(r) : "r"(&pb[i][0]), "m"(pb[i]))
#define VSTQ(i, r) \
    __asm__ __volatile__("vst1.32 {%q2}, [%1:128]" : "=m"(pb[i]) : "r"(&pb[i][0]), "w"(r))
#define VEOR(r, a, b) __asm__ __volatile__("veor %q0, %q1, %q2" : "=w"(r) : "w"(a), "w"(b))
#define VZERO(r) __asm__ __volatile__("vmov.i32 %q0, #0" : "=w"(r))
#else
#define VLDQ(r, i) ((r) = vld1q_u32(pb[i]))
#define VSTQ(i, r) vst1q_u32(pb[i], (r))
#define VEOR(r, a, b) ((r) = veorq_u32((a), (b)))
#define VZERO(r) ((r) = vdupq_n_u32(0))
#endif

#endif
