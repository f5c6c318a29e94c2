/* The SHA-1 instructions of the two-lane kernels (sha1_ce_x2.c, sha1_pbkdf2_x2.c) as macros
 * on register variables, one instruction each (x2_loads.h says why). */
#ifndef ARMSHA_ARM64_SHA1_X2_OPS_H
#define ARMSHA_ARM64_SHA1_X2_OPS_H

#include <arm_neon.h>

#include "x2_loads.h"

/* One instruction each: e of the next quad, four rounds, a vector add (W + K, the
 * feed-forward), an XOR (PBKDF2's T ^= U), the two halves of a schedule step; sha1_ops.h's,
 * as macros (register variables have no address). */
#if X2_ASM
#define HASH_E(e, abcd) __asm__ __volatile__("sha1h %s0, %s1" : "=w"(e) : "w"(abcd))
#define ROUNDS(op, abcd, e, wk) __asm__ __volatile__(op " %q0, %s1, %2.4s" : "+w"(abcd) : "w"(e), "w"(wk))
#define ADD(r, a, b) __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(r) : "w"(a), "w"(b))
#define SU0(w0, w1, w2) __asm__ __volatile__("sha1su0 %0.4s, %1.4s, %2.4s" : "+w"(w0) : "w"(w1), "w"(w2))
#define SU1(w0, w3) __asm__ __volatile__("sha1su1 %0.4s, %1.4s" : "+w"(w0) : "w"(w3))
#define EOR(r, a, b) __asm__ __volatile__("eor %0.16b, %1.16b, %2.16b" : "=w"(r) : "w"(a), "w"(b))
#define CHOOSE(abcd, e, wk) ROUNDS("sha1c", abcd, e, wk)
#define PARITY(abcd, e, wk) ROUNDS("sha1p", abcd, e, wk)
#define MAJORITY(abcd, e, wk) ROUNDS("sha1m", abcd, e, wk)
#else
/* e in lane 0 and zeros beside it, as SHA1H leaves it (the PBKDF2 entry adds e's vector to
 * the (e, 0x80000000, 0, 0) quad of the next message). */
#define HASH_E(e, abcd) ((e) = vsetq_lane_u32(vsha1h_u32(vgetq_lane_u32((abcd), 0)), vdupq_n_u32(0), 0))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define SU0(w0, w1, w2) ((w0) = vsha1su0q_u32((w0), (w1), (w2)))
#define SU1(w0, w3) ((w0) = vsha1su1q_u32((w0), (w3)))
#define EOR(r, a, b) ((r) = veorq_u32((a), (b)))
#define CHOOSE(abcd, e, wk) ((abcd) = vsha1cq_u32((abcd), vgetq_lane_u32((e), 0), (wk)))
#define PARITY(abcd, e, wk) ((abcd) = vsha1pq_u32((abcd), vgetq_lane_u32((e), 0), (wk)))
#define MAJORITY(abcd, e, wk) ((abcd) = vsha1mq_u32((abcd), vgetq_lane_u32((e), 0), (wk)))
#endif

#endif
