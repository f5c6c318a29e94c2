/* SHA-256 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): the instructions of the two lanes interleaved, so that the
 * SHA256H/H2 latency of one lane is spent on the other's work instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "sha256_x2_ops.h"
#include "x2_loads.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55), as sha1_ce_x2.c is (it says
 * more): one volatile asm statement an instruction (sha256_x2_ops.h), in the order bench/gen_ce_x2_a64.py
 * wrote in the block below, each variable in the register it chose. The blocks, the
 * states and K come in by LDR of one register each: on the A55 an LD1 of four registers
 * holds the load unit eight cycles. Clang on big-endian (and other compilers) take the
 * intrinsics in the same order. */

void armsha_sha256_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The address through an empty asm: one base register for the 16 loads of K. */
    const uint32_t *kp = armsha_sha256_k;
    ARMSHA_OPAQUE(kp);
    uint32_t *st0 = state[0], *st1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    /* Lane L's variables: w##L_(j % 4) holds W[4j..4j+3], m##L_j the bytes of the block
     * before, wk##L_t W + K of quad t (rounds 4t..4t+3), in##L_t a copy of abcd before it
     * (SHA256H2 reads it after SHA256H has updated abcd in place), fa##L and fe##L the
     * state reloaded for the feed-forward; k_t is K of quad t. */
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    register uint32x4_t k_0 VREG("v31"), m0_0 VREG("v30"), m1_0 VREG("v29"), abcd0 VREG("v28"),
        abcd1 VREG("v27"), w0_0 VREG("v26"), w1_0 VREG("v25"), efgh0 VREG("v24"),
        in0_0 VREG("v23"), in1_0 VREG("v22"), efgh1 VREG("v21"), wk0_0 VREG("v20"),
        wk1_0 VREG("v19"), m0_1 VREG("v18"), m1_1 VREG("v17"), w0_1 VREG("v16"),
        w1_1 VREG("v7"), k_1 VREG("v6"), m0_2 VREG("v5"), wk0_1 VREG("v4"), wk1_1 VREG("v3"),
        in0_1 VREG("v2"), in1_1 VREG("v1"), m1_2 VREG("v0"), w0_2 VREG("v30"), w1_2 VREG("v29"),
        k_2 VREG("v31"), in0_2 VREG("v18"), in1_2 VREG("v17"), m0_3 VREG("v20"),
        wk0_2 VREG("v23"), wk1_2 VREG("v19"), m1_3 VREG("v22"), w0_3 VREG("v6"), k_3 VREG("v5"),
        w1_3 VREG("v2"), wk0_3 VREG("v4"), wk1_3 VREG("v0"), in0_3 VREG("v1"), in1_3 VREG("v3"),
        k_4 VREG("v31"), wk0_4 VREG("v20"), wk1_4 VREG("v22"), in0_4 VREG("v18"),
        in1_4 VREG("v23"), k_5 VREG("v17"), wk0_5 VREG("v19"), wk1_5 VREG("v5"),
        in0_5 VREG("v1"), in1_5 VREG("v4"), k_6 VREG("v0"), wk0_6 VREG("v3"), wk1_6 VREG("v31"),
        in0_6 VREG("v18"), in1_6 VREG("v20"), k_7 VREG("v22"), wk0_7 VREG("v23"),
        wk1_7 VREG("v17"), in0_7 VREG("v1"), in1_7 VREG("v19"), k_8 VREG("v4"),
        wk0_8 VREG("v5"), wk1_8 VREG("v0"), in0_8 VREG("v3"), in1_8 VREG("v18"),
        k_9 VREG("v20"), wk0_9 VREG("v31"), wk1_9 VREG("v22"), in0_9 VREG("v1"),
        in1_9 VREG("v23"), k_10 VREG("v17"), wk0_10 VREG("v19"), wk1_10 VREG("v4"),
        in0_10 VREG("v3"), in1_10 VREG("v5"), k_11 VREG("v0"), wk0_11 VREG("v18"),
        wk1_11 VREG("v20"), in0_11 VREG("v1"), in1_11 VREG("v31"), k_12 VREG("v22"),
        wk0_12 VREG("v23"), wk1_12 VREG("v17"), in0_12 VREG("v3"), in1_12 VREG("v19"),
        k_13 VREG("v4"), wk0_13 VREG("v5"), wk1_13 VREG("v0"), in0_13 VREG("v1"),
        in1_13 VREG("v18"), k_14 VREG("v20"), wk0_14 VREG("v31"), wk1_14 VREG("v26"),
        in0_14 VREG("v22"), in1_14 VREG("v25"), k_15 VREG("v3"), wk0_15 VREG("v23"),
        wk1_15 VREG("v17"), in0_15 VREG("v19"), in1_15 VREG("v16"), fa0 VREG("v4"),
        fa1 VREG("v7"), fe0 VREG("v1"), fe1 VREG("v5");
    LDQ(k_0, kp, 0);
    LDQ(m0_0, p0, 0);
    LDQ(m1_0, p1, 0);
    LDQ(abcd0, st0, 0);
    LDQ(abcd1, st1, 0);
    WORDS(w0_0, m0_0);
    WORDS(w1_0, m1_0);
    LDQ(efgh0, st0, 16);
    COPY(in0_0, abcd0);
    COPY(in1_0, abcd1);
    LDQ(efgh1, st1, 16);
    ADD(wk0_0, w0_0, k_0);
    ADD(wk1_0, w1_0, k_0);
    LDQ(m0_1, p0, 16);
    LDQ(m1_1, p1, 16);
    H(abcd0, efgh0, wk0_0);
    H(abcd1, efgh1, wk1_0);
    WORDS(w0_1, m0_1);
    WORDS(w1_1, m1_1);
    H2(efgh0, in0_0, wk0_0);
    H2(efgh1, in1_0, wk1_0);
    LDQ(k_1, kp, 16);
    SU0(w0_0, w0_1);
    SU0(w1_0, w1_1);
    LDQ(m0_2, p0, 32);
    ADD(wk0_1, w0_1, k_1);
    ADD(wk1_1, w1_1, k_1);
    COPY(in0_1, abcd0);
    COPY(in1_1, abcd1);
    LDQ(m1_2, p1, 32);
    WORDS(w0_2, m0_2);
    H(abcd0, efgh0, wk0_1);
    H(abcd1, efgh1, wk1_1);
    H2(efgh0, in0_1, wk0_1);
    WORDS(w1_2, m1_2);
    H2(efgh1, in1_1, wk1_1);
    SU0(w0_1, w0_2);
    LDQ(k_2, kp, 32);
    COPY(in0_2, abcd0);
    COPY(in1_2, abcd1);
    LDQ(m0_3, p0, 48);
    SU0(w1_1, w1_2);
    ADD(wk0_2, w0_2, k_2);
    ADD(wk1_2, w1_2, k_2);
    LDQ(m1_3, p1, 48);
    WORDS(w0_3, m0_3);
    LDQ(k_3, kp, 48);
    H(abcd0, efgh0, wk0_2);
    WORDS(w1_3, m1_3);
    H(abcd1, efgh1, wk1_2);
    H2(efgh0, in0_2, wk0_2);
    H2(efgh1, in1_2, wk1_2);
    SU1(w0_0, w0_2, w0_3);
    SU0(w0_2, w0_3);
    SU1(w1_0, w1_2, w1_3);
    SU0(w1_2, w1_3);
    ADD(wk0_3, w0_3, k_3);
    ADD(wk1_3, w1_3, k_3);
    COPY(in0_3, abcd0);
    COPY(in1_3, abcd1);
    LDQ(k_4, kp, 64);
    SU1(w0_1, w0_3, w0_0);
    H(abcd0, efgh0, wk0_3);
    H(abcd1, efgh1, wk1_3);
    H2(efgh0, in0_3, wk0_3);
    H2(efgh1, in1_3, wk1_3);
    SU1(w1_1, w1_3, w1_0);
    SU1(w0_2, w0_0, w0_1);
    SU0(w0_3, w0_0);
    SU0(w1_3, w1_0);
    ADD(wk0_4, w0_0, k_4);
    ADD(wk1_4, w1_0, k_4);
    COPY(in0_4, abcd0);
    COPY(in1_4, abcd1);
    LDQ(k_5, kp, 80);
    SU1(w1_2, w1_0, w1_1);
    H(abcd0, efgh0, wk0_4);
    H(abcd1, efgh1, wk1_4);
    H2(efgh0, in0_4, wk0_4);
    H2(efgh1, in1_4, wk1_4);
    SU1(w0_3, w0_1, w0_2);
    SU1(w1_3, w1_1, w1_2);
    SU0(w0_0, w0_1);
    SU0(w1_0, w1_1);
    ADD(wk0_5, w0_1, k_5);
    ADD(wk1_5, w1_1, k_5);
    COPY(in0_5, abcd0);
    COPY(in1_5, abcd1);
    LDQ(k_6, kp, 96);
    SU1(w0_0, w0_2, w0_3);
    H(abcd0, efgh0, wk0_5);
    H(abcd1, efgh1, wk1_5);
    H2(efgh0, in0_5, wk0_5);
    H2(efgh1, in1_5, wk1_5);
    SU1(w1_0, w1_2, w1_3);
    SU0(w0_1, w0_2);
    SU0(w1_1, w1_2);
    ADD(wk0_6, w0_2, k_6);
    ADD(wk1_6, w1_2, k_6);
    COPY(in0_6, abcd0);
    COPY(in1_6, abcd1);
    LDQ(k_7, kp, 112);
    SU1(w0_1, w0_3, w0_0);
    H(abcd0, efgh0, wk0_6);
    H(abcd1, efgh1, wk1_6);
    H2(efgh0, in0_6, wk0_6);
    H2(efgh1, in1_6, wk1_6);
    SU1(w1_1, w1_3, w1_0);
    SU0(w0_2, w0_3);
    SU0(w1_2, w1_3);
    ADD(wk0_7, w0_3, k_7);
    ADD(wk1_7, w1_3, k_7);
    COPY(in0_7, abcd0);
    COPY(in1_7, abcd1);
    LDQ(k_8, kp, 128);
    SU1(w0_2, w0_0, w0_1);
    H(abcd0, efgh0, wk0_7);
    H(abcd1, efgh1, wk1_7);
    H2(efgh0, in0_7, wk0_7);
    H2(efgh1, in1_7, wk1_7);
    SU1(w1_2, w1_0, w1_1);
    SU0(w0_3, w0_0);
    SU0(w1_3, w1_0);
    ADD(wk0_8, w0_0, k_8);
    ADD(wk1_8, w1_0, k_8);
    COPY(in0_8, abcd0);
    COPY(in1_8, abcd1);
    LDQ(k_9, kp, 144);
    SU1(w0_3, w0_1, w0_2);
    H(abcd0, efgh0, wk0_8);
    H(abcd1, efgh1, wk1_8);
    H2(efgh0, in0_8, wk0_8);
    H2(efgh1, in1_8, wk1_8);
    SU1(w1_3, w1_1, w1_2);
    SU0(w0_0, w0_1);
    SU0(w1_0, w1_1);
    ADD(wk0_9, w0_1, k_9);
    ADD(wk1_9, w1_1, k_9);
    COPY(in0_9, abcd0);
    COPY(in1_9, abcd1);
    LDQ(k_10, kp, 160);
    SU1(w0_0, w0_2, w0_3);
    H(abcd0, efgh0, wk0_9);
    H(abcd1, efgh1, wk1_9);
    H2(efgh0, in0_9, wk0_9);
    H2(efgh1, in1_9, wk1_9);
    SU1(w1_0, w1_2, w1_3);
    SU0(w0_1, w0_2);
    SU0(w1_1, w1_2);
    ADD(wk0_10, w0_2, k_10);
    ADD(wk1_10, w1_2, k_10);
    COPY(in0_10, abcd0);
    COPY(in1_10, abcd1);
    LDQ(k_11, kp, 176);
    SU1(w0_1, w0_3, w0_0);
    H(abcd0, efgh0, wk0_10);
    H(abcd1, efgh1, wk1_10);
    H2(efgh0, in0_10, wk0_10);
    H2(efgh1, in1_10, wk1_10);
    SU1(w1_1, w1_3, w1_0);
    SU0(w0_2, w0_3);
    SU0(w1_2, w1_3);
    ADD(wk0_11, w0_3, k_11);
    ADD(wk1_11, w1_3, k_11);
    COPY(in0_11, abcd0);
    COPY(in1_11, abcd1);
    LDQ(k_12, kp, 192);
    SU1(w0_2, w0_0, w0_1);
    H(abcd0, efgh0, wk0_11);
    H(abcd1, efgh1, wk1_11);
    H2(efgh0, in0_11, wk0_11);
    H2(efgh1, in1_11, wk1_11);
    SU1(w1_2, w1_0, w1_1);
    SU0(w0_3, w0_0);
    SU0(w1_3, w1_0);
    ADD(wk0_12, w0_0, k_12);
    ADD(wk1_12, w1_0, k_12);
    COPY(in0_12, abcd0);
    COPY(in1_12, abcd1);
    LDQ(k_13, kp, 208);
    SU1(w0_3, w0_1, w0_2);
    H(abcd0, efgh0, wk0_12);
    H(abcd1, efgh1, wk1_12);
    H2(efgh0, in0_12, wk0_12);
    H2(efgh1, in1_12, wk1_12);
    SU1(w1_3, w1_1, w1_2);
    ADD(wk0_13, w0_1, k_13);
    ADD(wk1_13, w1_1, k_13);
    COPY(in0_13, abcd0);
    COPY(in1_13, abcd1);
    LDQ(k_14, kp, 224);
    H(abcd0, efgh0, wk0_13);
    H(abcd1, efgh1, wk1_13);
    H2(efgh0, in0_13, wk0_13);
    H2(efgh1, in1_13, wk1_13);
    ADD(wk0_14, w0_2, k_14);
    ADD(wk1_14, w1_2, k_14);
    COPY(in0_14, abcd0);
    COPY(in1_14, abcd1);
    LDQ(k_15, kp, 240);
    H(abcd0, efgh0, wk0_14);
    H(abcd1, efgh1, wk1_14);
    H2(efgh0, in0_14, wk0_14);
    H2(efgh1, in1_14, wk1_14);
    ADD(wk0_15, w0_3, k_15);
    ADD(wk1_15, w1_3, k_15);
    COPY(in0_15, abcd0);
    COPY(in1_15, abcd1);
    LDQ(fa0, st0, 0);
    H(abcd0, efgh0, wk0_15);
    H(abcd1, efgh1, wk1_15);
    H2(efgh0, in0_15, wk0_15);
    H2(efgh1, in1_15, wk1_15);
    LDQ(fa1, st1, 0);
    LDQ(fe0, st0, 16);
    ADD(abcd0, abcd0, fa0);
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
