/* SHA-1 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): the instructions of the two lanes
 * interleaved, so that the SHA1C/P/M latency of one lane is spent on the other's work
 * instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "sha1_ops.h"
#include "sha1_x2_ops.h"
#include "x2_loads.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55): every instruction is its own
 * volatile asm statement (sha1_x2_ops.h's macros and x2_loads.h's), so the compiler emits them in
 * the order of the generated block, and every variable is bound to the register the
 * generator chose, so it adds no copies. The order comes from bench/gen_ce_x2_a64.py, a
 * list scheduler on llvm-mca's in-order models (it says how): with the lanes merely
 * alternated quad by quad, the A53 and A55 waited out latencies that the other lane's work
 * could fill (bench/RESULTS.md, "PBKDF2 on several lanes"). The feed-forward reloads the
 * state instead of keeping a copy through the rounds: a copy is one more operation on the
 * one NEON pipe. Clang on big-endian (and compilers without GNU asm) take the intrinsics in
 * the same order, and the loads there are LD1 intrinsics, which the compiler may move. */

void armsha_sha1_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The constants through an empty asm, as in sha1_ce.c. */
    const uint32_t *kp = armsha_sha1_k;
    ARMSHA_OPAQUE(kp);
    uint32_t *st0 = state[0], *st1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    /* Lane L's variables: w##L_(j % 4) holds W[4j..4j+3], m##L_j the bytes of the block
     * before, wk##L_t W + K of quad t (rounds 4t..4t+3), e##L_t its e (e##L_0 the state's,
     * e##L_20 the one the feed-forward adds); in##L and ef##L the state reloaded for the
     * feed-forward; k0..k3 the constants. */
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    register uint32x4_t k0 VREG("v28"), k1 VREG("v29"), k2 VREG("v30"), k3 VREG("v31"),
        m0_0 VREG("v24"), m0_1 VREG("v25"), m0_2 VREG("v26"), m0_3 VREG("v27"),
        m1_0 VREG("v20"), m1_1 VREG("v21"), m1_2 VREG("v22"), m1_3 VREG("v23"),
        w0_0 VREG("v19"), w0_1 VREG("v18"), w0_2 VREG("v17"), w0_3 VREG("v16"), w1_0 VREG("v7"),
        w1_1 VREG("v6"), w1_2 VREG("v5"), w1_3 VREG("v4"), abcd0 VREG("v3"), wk0_0 VREG("v2"),
        abcd1 VREG("v1"), wk1_0 VREG("v0"), e0_0 VREG("v24"), e0_1 VREG("v25"),
        e1_1 VREG("v26"), e1_0 VREG("v27"), wk0_1 VREG("v20"), wk1_1 VREG("v21"),
        wk0_2 VREG("v22"), wk1_2 VREG("v23"), e0_2 VREG("v2"), e1_2 VREG("v24"),
        e0_3 VREG("v0"), e1_3 VREG("v27"), e0_4 VREG("v20"), wk0_3 VREG("v25"),
        wk1_3 VREG("v21"), e1_4 VREG("v26"), wk0_4 VREG("v2"), wk1_4 VREG("v22"),
        wk0_5 VREG("v23"), wk1_5 VREG("v24"), e0_5 VREG("v0"), e1_5 VREG("v25"),
        e0_6 VREG("v21"), e1_6 VREG("v27"), e0_7 VREG("v28"), e1_7 VREG("v2"),
        wk0_6 VREG("v20"), wk1_6 VREG("v22"), wk0_7 VREG("v26"), wk1_7 VREG("v0"),
        wk0_8 VREG("v23"), wk1_8 VREG("v24"), e0_8 VREG("v25"), e1_8 VREG("v20"),
        e0_9 VREG("v21"), e1_9 VREG("v22"), e0_10 VREG("v27"), e1_10 VREG("v26"),
        wk0_9 VREG("v28"), wk1_9 VREG("v0"), wk0_10 VREG("v2"), wk1_10 VREG("v23"),
        wk0_11 VREG("v25"), wk1_11 VREG("v20"), e0_11 VREG("v24"), e1_11 VREG("v29"),
        e0_12 VREG("v21"), e1_12 VREG("v28"), e0_13 VREG("v0"), e1_13 VREG("v22"),
        wk0_12 VREG("v2"), wk1_12 VREG("v27"), wk0_13 VREG("v23"), wk1_13 VREG("v26"),
        wk0_14 VREG("v24"), wk1_14 VREG("v25"), e0_14 VREG("v20"), e1_14 VREG("v29"),
        e0_15 VREG("v30"), e1_15 VREG("v2"), e0_16 VREG("v21"), e1_16 VREG("v27"),
        wk0_15 VREG("v28"), wk1_15 VREG("v0"), wk0_16 VREG("v23"), wk1_16 VREG("v22"),
        wk0_17 VREG("v26"), wk1_17 VREG("v20"), e0_17 VREG("v24"), e1_17 VREG("v25"),
        wk0_18 VREG("v29"), wk1_18 VREG("v28"), e0_18 VREG("v30"), e1_18 VREG("v0"),
        wk0_19 VREG("v2"), wk1_19 VREG("v18"), in0 VREG("v19"), e0_19 VREG("v6"),
        e1_19 VREG("v7"), in1 VREG("v21"), ef0 VREG("v23"), ef1 VREG("v22"), e0_20 VREG("v27"),
        e1_20 VREG("v17");
    LD4(k0, k1, k2, k3, kp);
    LD4(m0_0, m0_1, m0_2, m0_3, p0);
    LD4(m1_0, m1_1, m1_2, m1_3, p1);
    WORDS(w0_0, m0_0);
    WORDS(w0_1, m0_1);
    WORDS(w0_2, m0_2);
    WORDS(w0_3, m0_3);
    WORDS(w1_0, m1_0);
    WORDS(w1_1, m1_1);
    WORDS(w1_2, m1_2);
    WORDS(w1_3, m1_3);
    LDQ(abcd0, st0, 0);
    ADD(wk0_0, w0_0, k0);
    LDQ(abcd1, st1, 0);
    ADD(wk1_0, w1_0, k0);
    LDS(e0_0, st0, 16);
    HASH_E(e0_1, abcd0);
    SU0(w0_0, w0_1, w0_2);
    HASH_E(e1_1, abcd1);
    SU0(w1_0, w1_1, w1_2);
    CHOOSE(abcd0, e0_0, wk0_0);
    LDS(e1_0, st1, 16);
    ADD(wk0_1, w0_1, k0);
    ADD(wk1_1, w1_1, k0);
    ADD(wk0_2, w0_2, k0);
    ADD(wk1_2, w1_2, k0);
    CHOOSE(abcd1, e1_0, wk1_0);
    HASH_E(e0_2, abcd0);
    CHOOSE(abcd0, e0_1, wk0_1);
    SU1(w0_0, w0_3);
    SU1(w1_0, w1_3);
    SU0(w0_1, w0_2, w0_3);
    HASH_E(e1_2, abcd1);
    CHOOSE(abcd1, e1_1, wk1_1);
    HASH_E(e0_3, abcd0);
    CHOOSE(abcd0, e0_2, wk0_2);
    SU0(w1_1, w1_2, w1_3);
    SU1(w0_1, w0_0);
    SU0(w0_2, w0_3, w0_0);
    HASH_E(e1_3, abcd1);
    CHOOSE(abcd1, e1_2, wk1_2);
    HASH_E(e0_4, abcd0);
    SU1(w1_1, w1_0);
    SU0(w1_2, w1_3, w1_0);
    SU1(w0_2, w0_1);
    ADD(wk0_3, w0_3, k0);
    ADD(wk1_3, w1_3, k0);
    HASH_E(e1_4, abcd1);
    SU0(w0_3, w0_0, w0_1);
    SU1(w1_2, w1_1);
    SU0(w1_3, w1_0, w1_1);
    CHOOSE(abcd0, e0_3, wk0_3);
    CHOOSE(abcd1, e1_3, wk1_3);
    ADD(wk0_4, w0_0, k0);
    ADD(wk1_4, w1_0, k0);
    ADD(wk0_5, w0_1, k1);
    ADD(wk1_5, w1_1, k1);
    HASH_E(e0_5, abcd0);
    HASH_E(e1_5, abcd1);
    CHOOSE(abcd0, e0_4, wk0_4);
    CHOOSE(abcd1, e1_4, wk1_4);
    SU1(w0_3, w0_2);
    SU1(w1_3, w1_2);
    SU0(w0_0, w0_1, w0_2);
    SU0(w1_0, w1_1, w1_2);
    HASH_E(e0_6, abcd0);
    HASH_E(e1_6, abcd1);
    PARITY(abcd0, e0_5, wk0_5);
    PARITY(abcd1, e1_5, wk1_5);
    SU1(w0_0, w0_3);
    SU1(w1_0, w1_3);
    SU0(w0_1, w0_2, w0_3);
    SU0(w1_1, w1_2, w1_3);
    HASH_E(e0_7, abcd0);
    HASH_E(e1_7, abcd1);
    ADD(wk0_6, w0_2, k1);
    ADD(wk1_6, w1_2, k1);
    ADD(wk0_7, w0_3, k1);
    ADD(wk1_7, w1_3, k1);
    ADD(wk0_8, w0_0, k1);
    ADD(wk1_8, w1_0, k1);
    PARITY(abcd0, e0_6, wk0_6);
    PARITY(abcd1, e1_6, wk1_6);
    SU1(w0_1, w0_0);
    SU1(w1_1, w1_0);
    SU0(w0_2, w0_3, w0_0);
    SU0(w1_2, w1_3, w1_0);
    HASH_E(e0_8, abcd0);
    HASH_E(e1_8, abcd1);
    PARITY(abcd0, e0_7, wk0_7);
    PARITY(abcd1, e1_7, wk1_7);
    SU1(w0_2, w0_1);
    SU1(w1_2, w1_1);
    SU0(w0_3, w0_0, w0_1);
    SU0(w1_3, w1_0, w1_1);
    HASH_E(e0_9, abcd0);
    HASH_E(e1_9, abcd1);
    PARITY(abcd0, e0_8, wk0_8);
    PARITY(abcd1, e1_8, wk1_8);
    SU1(w0_3, w0_2);
    SU1(w1_3, w1_2);
    SU0(w0_0, w0_1, w0_2);
    SU0(w1_0, w1_1, w1_2);
    HASH_E(e0_10, abcd0);
    HASH_E(e1_10, abcd1);
    ADD(wk0_9, w0_1, k1);
    ADD(wk1_9, w1_1, k1);
    ADD(wk0_10, w0_2, k2);
    ADD(wk1_10, w1_2, k2);
    ADD(wk0_11, w0_3, k2);
    ADD(wk1_11, w1_3, k2);
    PARITY(abcd0, e0_9, wk0_9);
    PARITY(abcd1, e1_9, wk1_9);
    SU1(w0_0, w0_3);
    SU1(w1_0, w1_3);
    SU0(w0_1, w0_2, w0_3);
    SU0(w1_1, w1_2, w1_3);
    HASH_E(e0_11, abcd0);
    HASH_E(e1_11, abcd1);
    MAJORITY(abcd0, e0_10, wk0_10);
    MAJORITY(abcd1, e1_10, wk1_10);
    SU1(w0_1, w0_0);
    SU1(w1_1, w1_0);
    SU0(w0_2, w0_3, w0_0);
    SU0(w1_2, w1_3, w1_0);
    HASH_E(e0_12, abcd0);
    HASH_E(e1_12, abcd1);
    MAJORITY(abcd0, e0_11, wk0_11);
    MAJORITY(abcd1, e1_11, wk1_11);
    SU1(w0_2, w0_1);
    SU1(w1_2, w1_1);
    SU0(w0_3, w0_0, w0_1);
    SU0(w1_3, w1_0, w1_1);
    HASH_E(e0_13, abcd0);
    HASH_E(e1_13, abcd1);
    ADD(wk0_12, w0_0, k2);
    ADD(wk1_12, w1_0, k2);
    ADD(wk0_13, w0_1, k2);
    ADD(wk1_13, w1_1, k2);
    ADD(wk0_14, w0_2, k2);
    ADD(wk1_14, w1_2, k2);
    MAJORITY(abcd0, e0_12, wk0_12);
    MAJORITY(abcd1, e1_12, wk1_12);
    SU1(w0_3, w0_2);
    SU1(w1_3, w1_2);
    SU0(w0_0, w0_1, w0_2);
    SU0(w1_0, w1_1, w1_2);
    HASH_E(e0_14, abcd0);
    HASH_E(e1_14, abcd1);
    MAJORITY(abcd0, e0_13, wk0_13);
    MAJORITY(abcd1, e1_13, wk1_13);
    SU1(w0_0, w0_3);
    SU1(w1_0, w1_3);
    SU0(w0_1, w0_2, w0_3);
    SU0(w1_1, w1_2, w1_3);
    HASH_E(e0_15, abcd0);
    HASH_E(e1_15, abcd1);
    MAJORITY(abcd0, e0_14, wk0_14);
    MAJORITY(abcd1, e1_14, wk1_14);
    SU1(w0_1, w0_0);
    SU1(w1_1, w1_0);
    SU0(w0_2, w0_3, w0_0);
    SU0(w1_2, w1_3, w1_0);
    HASH_E(e0_16, abcd0);
    HASH_E(e1_16, abcd1);
    ADD(wk0_15, w0_3, k3);
    ADD(wk1_15, w1_3, k3);
    ADD(wk0_16, w0_0, k3);
    ADD(wk1_16, w1_0, k3);
    ADD(wk0_17, w0_1, k3);
    ADD(wk1_17, w1_1, k3);
    PARITY(abcd0, e0_15, wk0_15);
    PARITY(abcd1, e1_15, wk1_15);
    SU1(w0_2, w0_1);
    SU1(w1_2, w1_1);
    SU0(w0_3, w0_0, w0_1);
    SU0(w1_3, w1_0, w1_1);
    HASH_E(e0_17, abcd0);
    HASH_E(e1_17, abcd1);
    PARITY(abcd0, e0_16, wk0_16);
    PARITY(abcd1, e1_16, wk1_16);
    SU1(w0_3, w0_2);
    SU1(w1_3, w1_2);
    ADD(wk0_18, w0_2, k3);
    ADD(wk1_18, w1_2, k3);
    HASH_E(e0_18, abcd0);
    HASH_E(e1_18, abcd1);
    PARITY(abcd0, e0_17, wk0_17);
    PARITY(abcd1, e1_17, wk1_17);
    ADD(wk0_19, w0_3, k3);
    ADD(wk1_19, w1_3, k3);
    LDQ(in0, st0, 0);
    HASH_E(e0_19, abcd0);
    HASH_E(e1_19, abcd1);
    PARITY(abcd0, e0_18, wk0_18);
    PARITY(abcd1, e1_18, wk1_18);
    LDQ(in1, st1, 0);
    LDS(ef0, st0, 16);
    LDS(ef1, st1, 16);
    HASH_E(e0_20, abcd0);
    HASH_E(e1_20, abcd1);
    PARITY(abcd0, e0_19, wk0_19);
    PARITY(abcd1, e1_19, wk1_19);
    ADD(e0_20, e0_20, ef0);
    ADD(e1_20, e1_20, ef1);
    ADD(abcd0, abcd0, in0);
    ADD(abcd1, abcd1, in1);
    /* ---- generated order: end ---- */

    vst1q_u32(st0, abcd0);
    vst1q_u32(st1, abcd1);
    st0[4] = vgetq_lane_u32(e0_20, 0);
    st1[4] = vgetq_lane_u32(e1_20, 0);
}
