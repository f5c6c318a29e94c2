/* The SHA-256 instructions of the two-lane kernels (sha256_ce_x2.c, sha256_pbkdf2_x2.c) as
 * macros on register variables, one instruction each (x2_loads.h says why): the rounds,
 * the schedule, a vector add (W + K, the feed-forward), a copy (SHA256H2 reads abcd from
 * before SHA256H), and PBKDF2's XOR (T ^= U) and AND (SHA-224's U masked to 28 bytes). */
#ifndef ARMSHA_ARM64_SHA256_X2_OPS_H
#define ARMSHA_ARM64_SHA256_X2_OPS_H

#include <arm_neon.h>

#include "x2_loads.h"

#if X2_ASM
#define H(abcd, efgh, wk) __asm__ __volatile__("sha256h %q0, %q1, %2.4s" : "+w"(abcd) : "w"(efgh), "w"(wk))
#define H2(efgh, abcd, wk) __asm__ __volatile__("sha256h2 %q0, %q1, %2.4s" : "+w"(efgh) : "w"(abcd), "w"(wk))
#define SU0(w0, w1) __asm__ __volatile__("sha256su0 %0.4s, %1.4s" : "+w"(w0) : "w"(w1))
#define SU1(w0, w2, w3) __asm__ __volatile__("sha256su1 %0.4s, %1.4s, %2.4s" : "+w"(w0) : "w"(w2), "w"(w3))
#define ADD(r, a, b) __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(r) : "w"(a), "w"(b))
#define COPY(c, x) __asm__ __volatile__("mov %0.16b, %1.16b" : "=w"(c) : "w"(x))
#define COPYX(c, x) __asm__ __volatile__("ext %0.16b, %1.16b, %1.16b, #0" : "=w"(c) : "w"(x))
#define EOR(r, a, b) __asm__ __volatile__("eor %0.16b, %1.16b, %2.16b" : "=w"(r) : "w"(a), "w"(b))
#define AND(r, a, b) __asm__ __volatile__("and %0.16b, %1.16b, %2.16b" : "=w"(r) : "w"(a), "w"(b))
#else
#define H(abcd, efgh, wk) ((abcd) = vsha256hq_u32((abcd), (efgh), (wk)))
#define H2(efgh, abcd, wk) ((efgh) = vsha256h2q_u32((efgh), (abcd), (wk)))
#define SU0(w0, w1) ((w0) = vsha256su0q_u32((w0), (w1)))
#define SU1(w0, w2, w3) ((w0) = vsha256su1q_u32((w0), (w2), (w3)))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define COPY(c, x) ((c) = (x))
#define COPYX(c, x) ((c) = (x))
#define EOR(r, a, b) ((r) = veorq_u32((a), (b)))
#define AND(r, a, b) ((r) = vandq_u32((a), (b)))
#endif

#endif
