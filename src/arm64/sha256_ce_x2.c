/* SHA-256 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): each quad of rounds is issued for lane 0 then lane 1, so that the
 * SHA256H/H2 latency of one lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "x2_loads.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55) as sha1_ce.c is: every
 * instruction of the rounds is its own volatile asm statement, emitted in the order below,
 * which alternates the lanes instruction by instruction, so that each SHA256H/H2 result
 * has the other lane's work to hide behind. Left to GCC, the rounds of one lane bunched
 * together and an in-order core waited out every latency: no gain over two one-lane calls
 * there (bench/RESULTS.md, "PBKDF2 on two lanes"). Volatile only orders the statements
 * among themselves. Clang on big-endian (and other compilers) take the intrinsics in the
 * same order (sha1_ce.c says why). */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA256_ASM 1
#endif

#if SHA256_ASM
#define H(abcd, efgh, wk) __asm__ __volatile__("sha256h %q0, %q1, %2.4s" : "+w"(abcd) : "w"(efgh), "w"(wk))
#define H2(efgh, abcd, wk) __asm__ __volatile__("sha256h2 %q0, %q1, %2.4s" : "+w"(efgh) : "w"(abcd), "w"(wk))
#define SU0(w0, w1) __asm__ __volatile__("sha256su0 %0.4s, %1.4s" : "+w"(w0) : "w"(w1))
#define SU1(w0, w2, w3) __asm__ __volatile__("sha256su1 %0.4s, %1.4s, %2.4s" : "+w"(w0) : "w"(w2), "w"(w3))
#define ADD(r, a, b) __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(r) : "w"(a), "w"(b))
#define COPY(c, x) __asm__ __volatile__("mov %0.16b, %1.16b" : "=w"(c) : "w"(x))
#else
#define H(abcd, efgh, wk) ((abcd) = vsha256hq_u32((abcd), (efgh), (wk)))
#define H2(efgh, abcd, wk) ((efgh) = vsha256h2q_u32((efgh), (abcd), (wk)))
#define SU0(w0, w1) ((w0) = vsha256su0q_u32((w0), (w1)))
#define SU1(w0, w2, w3) ((w0) = vsha256su1q_u32((w0), (w2), (w3)))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define COPY(c, x) ((c) = (x))
#endif

void armsha_sha256_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The address through an empty asm: one base register for the constants. */
    const uint32_t *kp = armsha_sha256_k;
    ARMSHA_OPAQUE(kp);
    uint32_t *st0 = state[0], *st1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    /* w##L[j % 4] holds W[4j..4j+3] of lane L; k##q.val[j] is K of quad 4q + j, wk##L_t the
     * W + K of quad t (rounds 4t..4t+3), in##L_t a copy of abcd before it (SHA256H2 reads
     * it after SHA256H has updated abcd in place), fa##L and fe##L the state reloaded for
     * the feed-forward. */
    uint32x4_t w0[4], w1[4];
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    X2_BLOCK m0, m1;
    uint32x4_t k_0, abcd0, wk0_0, abcd1, wk1_0, efgh0, efgh1, in0_0, in1_0, k_1, in0_1, in1_1,
               k_2, wk0_1, wk1_1, k_3, wk0_2, wk1_2, wk0_3, in0_2, in1_2, wk1_3, in0_3, in1_3,
               k_4, k_5, in0_4, in1_4, wk0_4, wk1_4, wk0_5, wk1_5, k_6, wk0_6, in0_5, in1_5,
               wk1_6, in0_6, in1_6, k_7, k_8, in0_7, in1_7, wk0_7, wk1_7, wk0_8, wk1_8, k_9,
               wk0_9, in0_8, in1_8, wk1_9, in0_9, in1_9, k_10, k_11, in0_10, in1_10, wk0_10,
               wk1_10, wk0_11, wk1_11, k_12, wk0_12, in0_11, in1_11, wk1_12, in0_12, in1_12,
               k_13, wk0_13, wk1_13, in0_13, in1_13, k_14, wk0_14, wk1_14, in0_14, in1_14, k_15,
               wk0_15, wk1_15, in0_15, in1_15, fa0, fa1, fe0, fe1;
    LDQ(k_0, kp, 0);
    LD4(m0, p0);
    LD4(m1, p1);
    WORDS(w0[0], m0.val[0]);
    WORDS(w0[1], m0.val[1]);
    WORDS(w0[2], m0.val[2]);
    WORDS(w0[3], m0.val[3]);
    WORDS(w1[0], m1.val[0]);
    WORDS(w1[1], m1.val[1]);
    WORDS(w1[2], m1.val[2]);
    WORDS(w1[3], m1.val[3]);
    LDQ(abcd0, st0, 0);
    ADD(wk0_0, w0[0], k_0);
    LDQ(abcd1, st1, 0);
    ADD(wk1_0, w1[0], k_0);
    LDQ(efgh0, st0, 16);
    SU0(w0[0], w0[1]);
    SU0(w1[0], w1[1]);
    LDQ(efgh1, st1, 16);
    COPY(in0_0, abcd0);
    COPY(in1_0, abcd1);
    H(abcd0, efgh0, wk0_0);
    H(abcd1, efgh1, wk1_0);
    SU1(w0[0], w0[2], w0[3]);
    H2(efgh0, in0_0, wk0_0);
    H2(efgh1, in1_0, wk1_0);
    SU1(w1[0], w1[2], w1[3]);
    LDQ(k_1, kp, 16);
    COPY(in0_1, abcd0);
    COPY(in1_1, abcd1);
    LDQ(k_2, kp, 32);
    ADD(wk0_1, w0[1], k_1);
    ADD(wk1_1, w1[1], k_1);
    LDQ(k_3, kp, 48);
    ADD(wk0_2, w0[2], k_2);
    ADD(wk1_2, w1[2], k_2);
    SU0(w0[1], w0[2]);
    H(abcd0, efgh0, wk0_1);
    H(abcd1, efgh1, wk1_1);
    H2(efgh0, in0_1, wk0_1);
    H2(efgh1, in1_1, wk1_1);
    SU0(w1[1], w1[2]);
    SU1(w0[1], w0[3], w0[0]);
    SU0(w0[2], w0[3]);
    SU0(w1[2], w1[3]);
    ADD(wk0_3, w0[3], k_3);
    COPY(in0_2, abcd0);
    COPY(in1_2, abcd1);
    H(abcd0, efgh0, wk0_2);
    H(abcd1, efgh1, wk1_2);
    SU1(w1[1], w1[3], w1[0]);
    SU1(w0[2], w0[0], w0[1]);
    H2(efgh0, in0_2, wk0_2);
    H2(efgh1, in1_2, wk1_2);
    SU0(w0[3], w0[0]);
    ADD(wk1_3, w1[3], k_3);
    COPY(in0_3, abcd0);
    COPY(in1_3, abcd1);
    H(abcd0, efgh0, wk0_3);
    SU1(w1[2], w1[0], w1[1]);
    SU0(w1[3], w1[0]);
    H(abcd1, efgh1, wk1_3);
    H2(efgh0, in0_3, wk0_3);
    H2(efgh1, in1_3, wk1_3);
    SU1(w0[3], w0[1], w0[2]);
    LDQ(k_4, kp, 64);
    SU1(w1[3], w1[1], w1[2]);
    LDQ(k_5, kp, 80);
    COPY(in0_4, abcd0);
    COPY(in1_4, abcd1);
    ADD(wk0_4, w0[0], k_4);
    ADD(wk1_4, w1[0], k_4);
    ADD(wk0_5, w0[1], k_5);
    ADD(wk1_5, w1[1], k_5);
    LDQ(k_6, kp, 96);
    SU0(w0[0], w0[1]);
    H(abcd0, efgh0, wk0_4);
    H(abcd1, efgh1, wk1_4);
    H2(efgh0, in0_4, wk0_4);
    H2(efgh1, in1_4, wk1_4);
    SU0(w1[0], w1[1]);
    SU1(w0[0], w0[2], w0[3]);
    SU0(w0[1], w0[2]);
    SU0(w1[1], w1[2]);
    ADD(wk0_6, w0[2], k_6);
    COPY(in0_5, abcd0);
    COPY(in1_5, abcd1);
    H(abcd0, efgh0, wk0_5);
    H(abcd1, efgh1, wk1_5);
    SU1(w1[0], w1[2], w1[3]);
    SU1(w0[1], w0[3], w0[0]);
    H2(efgh0, in0_5, wk0_5);
    H2(efgh1, in1_5, wk1_5);
    SU0(w0[2], w0[3]);
    ADD(wk1_6, w1[2], k_6);
    COPY(in0_6, abcd0);
    COPY(in1_6, abcd1);
    H(abcd0, efgh0, wk0_6);
    SU1(w1[1], w1[3], w1[0]);
    SU0(w1[2], w1[3]);
    H(abcd1, efgh1, wk1_6);
    H2(efgh0, in0_6, wk0_6);
    H2(efgh1, in1_6, wk1_6);
    SU1(w0[2], w0[0], w0[1]);
    LDQ(k_7, kp, 112);
    SU1(w1[2], w1[0], w1[1]);
    LDQ(k_8, kp, 128);
    COPY(in0_7, abcd0);
    COPY(in1_7, abcd1);
    ADD(wk0_7, w0[3], k_7);
    ADD(wk1_7, w1[3], k_7);
    ADD(wk0_8, w0[0], k_8);
    ADD(wk1_8, w1[0], k_8);
    LDQ(k_9, kp, 144);
    SU0(w0[3], w0[0]);
    H(abcd0, efgh0, wk0_7);
    H(abcd1, efgh1, wk1_7);
    H2(efgh0, in0_7, wk0_7);
    H2(efgh1, in1_7, wk1_7);
    SU0(w1[3], w1[0]);
    SU1(w0[3], w0[1], w0[2]);
    SU0(w0[0], w0[1]);
    SU0(w1[0], w1[1]);
    ADD(wk0_9, w0[1], k_9);
    COPY(in0_8, abcd0);
    COPY(in1_8, abcd1);
    H(abcd0, efgh0, wk0_8);
    H(abcd1, efgh1, wk1_8);
    SU1(w1[3], w1[1], w1[2]);
    SU1(w0[0], w0[2], w0[3]);
    H2(efgh0, in0_8, wk0_8);
    H2(efgh1, in1_8, wk1_8);
    SU0(w0[1], w0[2]);
    ADD(wk1_9, w1[1], k_9);
    COPY(in0_9, abcd0);
    COPY(in1_9, abcd1);
    H(abcd0, efgh0, wk0_9);
    SU1(w1[0], w1[2], w1[3]);
    SU0(w1[1], w1[2]);
    H(abcd1, efgh1, wk1_9);
    H2(efgh0, in0_9, wk0_9);
    H2(efgh1, in1_9, wk1_9);
    SU1(w0[1], w0[3], w0[0]);
    LDQ(k_10, kp, 160);
    SU1(w1[1], w1[3], w1[0]);
    LDQ(k_11, kp, 176);
    COPY(in0_10, abcd0);
    COPY(in1_10, abcd1);
    ADD(wk0_10, w0[2], k_10);
    ADD(wk1_10, w1[2], k_10);
    ADD(wk0_11, w0[3], k_11);
    ADD(wk1_11, w1[3], k_11);
    LDQ(k_12, kp, 192);
    SU0(w0[2], w0[3]);
    H(abcd0, efgh0, wk0_10);
    H(abcd1, efgh1, wk1_10);
    H2(efgh0, in0_10, wk0_10);
    H2(efgh1, in1_10, wk1_10);
    SU0(w1[2], w1[3]);
    SU1(w0[2], w0[0], w0[1]);
    SU0(w0[3], w0[0]);
    SU0(w1[3], w1[0]);
    ADD(wk0_12, w0[0], k_12);
    COPY(in0_11, abcd0);
    COPY(in1_11, abcd1);
    H(abcd0, efgh0, wk0_11);
    H(abcd1, efgh1, wk1_11);
    SU1(w1[2], w1[0], w1[1]);
    SU1(w0[3], w0[1], w0[2]);
    H2(efgh0, in0_11, wk0_11);
    H2(efgh1, in1_11, wk1_11);
    ADD(wk1_12, w1[0], k_12);
    COPY(in0_12, abcd0);
    COPY(in1_12, abcd1);
    LDQ(k_13, kp, 208);
    H(abcd0, efgh0, wk0_12);
    SU1(w1[3], w1[1], w1[2]);
    H(abcd1, efgh1, wk1_12);
    H2(efgh0, in0_12, wk0_12);
    H2(efgh1, in1_12, wk1_12);
    ADD(wk0_13, w0[1], k_13);
    ADD(wk1_13, w1[1], k_13);
    COPY(in0_13, abcd0);
    COPY(in1_13, abcd1);
    LDQ(k_14, kp, 224);
    H(abcd0, efgh0, wk0_13);
    H(abcd1, efgh1, wk1_13);
    H2(efgh0, in0_13, wk0_13);
    H2(efgh1, in1_13, wk1_13);
    ADD(wk0_14, w0[2], k_14);
    ADD(wk1_14, w1[2], k_14);
    COPY(in0_14, abcd0);
    COPY(in1_14, abcd1);
    LDQ(k_15, kp, 240);
    H(abcd0, efgh0, wk0_14);
    H(abcd1, efgh1, wk1_14);
    H2(efgh0, in0_14, wk0_14);
    H2(efgh1, in1_14, wk1_14);
    ADD(wk0_15, w0[3], k_15);
    ADD(wk1_15, w1[3], k_15);
    COPY(in0_15, abcd0);
    COPY(in1_15, abcd1);
    LDQ(fa0, st0, 0);
    H(abcd0, efgh0, wk0_15);
    H(abcd1, efgh1, wk1_15);
    H2(efgh0, in0_15, wk0_15);
    H2(efgh1, in1_15, wk1_15);
    LDQ(fa1, st1, 0);
    ADD(abcd0, abcd0, fa0);
    LDQ(fe0, st0, 16);
    LDQ(fe1, st1, 16);
    ADD(abcd1, abcd1, fa1);
    ADD(efgh0, efgh0, fe0);
    ADD(efgh1, efgh1, fe1);
    /* ---- generated order: end ---- */

    vst1q_u32(st0, abcd0);
    vst1q_u32(st0 + 4, efgh0);
    vst1q_u32(st1, abcd1);
    vst1q_u32(st1 + 4, efgh1);
}
