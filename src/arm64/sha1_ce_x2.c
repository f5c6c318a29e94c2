/* SHA-1 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): the instructions of the two lanes
 * interleaved, so that the SHA1C/P/M latency of one lane is spent on the other's work
 * instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "sha1_ops.h"
#include "x2_loads.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55): every instruction is its own
 * volatile asm statement (sha1_ops.h's wrappers and the loads below), so the compiler
 * emits them in the order of the block below. That order comes from bench/gen_ce_x2_a64.py,
 * a list scheduler on llvm-mca's in-order models (it says how): with the lanes merely
 * alternated quad by quad, the Cortex-A53 and A55 waited out latencies that the other
 * lane's work could fill (bench/RESULTS.md, "PBKDF2 on several lanes"). The blocks and
 * the states come in by LDR of one register each, not LD1 of four: on the A55 an LD1 of
 * four registers holds the load unit eight cycles. The feed-forward reloads abcd from
 * memory instead of keeping a copy: a copy is one more NEON operation on the one NEON
 * pipe. Little-endian only: a big-endian LDR of a q register reverses the words, so there
 * (and on compilers without GNU asm) the loads are LD1 intrinsics, which the compiler may
 * move. */
/* One instruction each: e of the next quad, four rounds, W + K (or any vector add), the two
 * halves of a schedule step (sha1_ops.h). */
#define HASH_E(e, abcd) ((e) = sha1h(abcd))
#define CHOOSE(abcd, e, wk) sha1c4(&(abcd), (e), (wk))
#define PARITY(abcd, e, wk) sha1p4(&(abcd), (e), (wk))
#define MAJORITY(abcd, e, wk) sha1m4(&(abcd), (e), (wk))
#define ADD(r, a, b) ((r) = add_k((a), (b)))
#define SU0(w0, w1, w2) su0(&(w0), (w1), (w2))
#define SU1(w0, w3) su1(&(w0), (w3))

void armsha_sha1_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The constants through an empty asm, as in sha1_ce.c. */
    const uint32_t *kp = armsha_sha1_k;
    ARMSHA_OPAQUE(kp);
    uint32_t *st0 = state[0], *st1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    /* w##L[j % 4] holds W[4j..4j+3] of lane L; wk##L_t is W + K of quad t (rounds 4t..4t+3),
     * e##L_t its e (e##L_0 the state's, e##L_20 the one the feed-forward adds), in##L the
     * state's abcd reloaded for the feed-forward. */
    uint32x4_t w0[4], w1[4];
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    X2_BLOCK m0, m1;
    uint32x4x4_t k;
    uint32x4_t abcd0, wk0_0, abcd1, wk1_0, e0_0, wk0_1, e0_1, e1_1, e1_0, wk1_1, wk0_2, wk1_2,
               e0_2, e1_2, e0_3, e1_3, e0_4, wk0_3, wk1_3, e1_4, wk0_4, wk1_4, wk0_5, wk1_5,
               e0_5, e1_5, e0_6, e1_6, e0_7, e1_7, wk0_6, wk1_6, wk0_7, wk1_7, wk0_8, wk1_8,
               e0_8, e1_8, e0_9, e1_9, e0_10, e1_10, wk0_9, wk1_9, wk0_10, wk1_10, wk0_11,
               wk1_11, e0_11, e1_11, e0_12, e1_12, e0_13, e1_13, wk0_12, wk1_12, wk0_13, wk1_13,
               wk0_14, wk1_14, e0_14, e1_14, e0_15, e1_15, e0_16, e1_16, wk0_15, wk1_15, wk0_16,
               wk1_16, wk0_17, wk1_17, e0_17, e1_17, wk0_18, wk1_18, e0_18, e1_18, wk0_19,
               wk1_19, in0, e0_19, e1_19, in1, ef0, ef1, e0_20, e1_20;
    LD4K(k, kp);
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
    ADD(wk0_0, w0[0], k.val[0]);
    LDQ(abcd1, st1, 0);
    ADD(wk1_0, w1[0], k.val[0]);
    LDS(e0_0, st0, 16);
    ADD(wk0_1, w0[1], k.val[0]);
    HASH_E(e0_1, abcd0);
    HASH_E(e1_1, abcd1);
    SU0(w0[0], w0[1], w0[2]);
    CHOOSE(abcd0, e0_0, wk0_0);
    SU0(w1[0], w1[1], w1[2]);
    LDS(e1_0, st1, 16);
    ADD(wk1_1, w1[1], k.val[0]);
    ADD(wk0_2, w0[2], k.val[0]);
    ADD(wk1_2, w1[2], k.val[0]);
    CHOOSE(abcd1, e1_0, wk1_0);
    HASH_E(e0_2, abcd0);
    CHOOSE(abcd0, e0_1, wk0_1);
    SU1(w0[0], w0[3]);
    SU1(w1[0], w1[3]);
    SU0(w0[1], w0[2], w0[3]);
    HASH_E(e1_2, abcd1);
    CHOOSE(abcd1, e1_1, wk1_1);
    HASH_E(e0_3, abcd0);
    CHOOSE(abcd0, e0_2, wk0_2);
    SU0(w1[1], w1[2], w1[3]);
    SU1(w0[1], w0[0]);
    SU0(w0[2], w0[3], w0[0]);
    HASH_E(e1_3, abcd1);
    CHOOSE(abcd1, e1_2, wk1_2);
    HASH_E(e0_4, abcd0);
    SU1(w1[1], w1[0]);
    SU0(w1[2], w1[3], w1[0]);
    SU1(w0[2], w0[1]);
    ADD(wk0_3, w0[3], k.val[0]);
    ADD(wk1_3, w1[3], k.val[0]);
    HASH_E(e1_4, abcd1);
    SU0(w0[3], w0[0], w0[1]);
    SU1(w1[2], w1[1]);
    SU0(w1[3], w1[0], w1[1]);
    CHOOSE(abcd0, e0_3, wk0_3);
    CHOOSE(abcd1, e1_3, wk1_3);
    ADD(wk0_4, w0[0], k.val[0]);
    ADD(wk1_4, w1[0], k.val[0]);
    ADD(wk0_5, w0[1], k.val[1]);
    ADD(wk1_5, w1[1], k.val[1]);
    HASH_E(e0_5, abcd0);
    HASH_E(e1_5, abcd1);
    CHOOSE(abcd0, e0_4, wk0_4);
    CHOOSE(abcd1, e1_4, wk1_4);
    SU1(w0[3], w0[2]);
    SU1(w1[3], w1[2]);
    SU0(w0[0], w0[1], w0[2]);
    SU0(w1[0], w1[1], w1[2]);
    HASH_E(e0_6, abcd0);
    HASH_E(e1_6, abcd1);
    PARITY(abcd0, e0_5, wk0_5);
    PARITY(abcd1, e1_5, wk1_5);
    SU1(w0[0], w0[3]);
    SU1(w1[0], w1[3]);
    SU0(w0[1], w0[2], w0[3]);
    SU0(w1[1], w1[2], w1[3]);
    HASH_E(e0_7, abcd0);
    HASH_E(e1_7, abcd1);
    ADD(wk0_6, w0[2], k.val[1]);
    ADD(wk1_6, w1[2], k.val[1]);
    ADD(wk0_7, w0[3], k.val[1]);
    ADD(wk1_7, w1[3], k.val[1]);
    ADD(wk0_8, w0[0], k.val[1]);
    ADD(wk1_8, w1[0], k.val[1]);
    PARITY(abcd0, e0_6, wk0_6);
    PARITY(abcd1, e1_6, wk1_6);
    SU1(w0[1], w0[0]);
    SU1(w1[1], w1[0]);
    SU0(w0[2], w0[3], w0[0]);
    SU0(w1[2], w1[3], w1[0]);
    HASH_E(e0_8, abcd0);
    HASH_E(e1_8, abcd1);
    PARITY(abcd0, e0_7, wk0_7);
    PARITY(abcd1, e1_7, wk1_7);
    SU1(w0[2], w0[1]);
    SU1(w1[2], w1[1]);
    SU0(w0[3], w0[0], w0[1]);
    SU0(w1[3], w1[0], w1[1]);
    HASH_E(e0_9, abcd0);
    HASH_E(e1_9, abcd1);
    PARITY(abcd0, e0_8, wk0_8);
    PARITY(abcd1, e1_8, wk1_8);
    SU1(w0[3], w0[2]);
    SU1(w1[3], w1[2]);
    SU0(w0[0], w0[1], w0[2]);
    SU0(w1[0], w1[1], w1[2]);
    HASH_E(e0_10, abcd0);
    HASH_E(e1_10, abcd1);
    ADD(wk0_9, w0[1], k.val[1]);
    ADD(wk1_9, w1[1], k.val[1]);
    ADD(wk0_10, w0[2], k.val[2]);
    ADD(wk1_10, w1[2], k.val[2]);
    ADD(wk0_11, w0[3], k.val[2]);
    ADD(wk1_11, w1[3], k.val[2]);
    PARITY(abcd0, e0_9, wk0_9);
    PARITY(abcd1, e1_9, wk1_9);
    SU1(w0[0], w0[3]);
    SU1(w1[0], w1[3]);
    SU0(w0[1], w0[2], w0[3]);
    SU0(w1[1], w1[2], w1[3]);
    HASH_E(e0_11, abcd0);
    HASH_E(e1_11, abcd1);
    MAJORITY(abcd0, e0_10, wk0_10);
    MAJORITY(abcd1, e1_10, wk1_10);
    SU1(w0[1], w0[0]);
    SU1(w1[1], w1[0]);
    SU0(w0[2], w0[3], w0[0]);
    SU0(w1[2], w1[3], w1[0]);
    HASH_E(e0_12, abcd0);
    HASH_E(e1_12, abcd1);
    MAJORITY(abcd0, e0_11, wk0_11);
    MAJORITY(abcd1, e1_11, wk1_11);
    SU1(w0[2], w0[1]);
    SU1(w1[2], w1[1]);
    SU0(w0[3], w0[0], w0[1]);
    SU0(w1[3], w1[0], w1[1]);
    HASH_E(e0_13, abcd0);
    HASH_E(e1_13, abcd1);
    ADD(wk0_12, w0[0], k.val[2]);
    ADD(wk1_12, w1[0], k.val[2]);
    ADD(wk0_13, w0[1], k.val[2]);
    ADD(wk1_13, w1[1], k.val[2]);
    ADD(wk0_14, w0[2], k.val[2]);
    ADD(wk1_14, w1[2], k.val[2]);
    MAJORITY(abcd0, e0_12, wk0_12);
    MAJORITY(abcd1, e1_12, wk1_12);
    SU1(w0[3], w0[2]);
    SU1(w1[3], w1[2]);
    SU0(w0[0], w0[1], w0[2]);
    SU0(w1[0], w1[1], w1[2]);
    HASH_E(e0_14, abcd0);
    HASH_E(e1_14, abcd1);
    MAJORITY(abcd0, e0_13, wk0_13);
    MAJORITY(abcd1, e1_13, wk1_13);
    SU1(w0[0], w0[3]);
    SU1(w1[0], w1[3]);
    SU0(w0[1], w0[2], w0[3]);
    SU0(w1[1], w1[2], w1[3]);
    HASH_E(e0_15, abcd0);
    HASH_E(e1_15, abcd1);
    MAJORITY(abcd0, e0_14, wk0_14);
    MAJORITY(abcd1, e1_14, wk1_14);
    SU1(w0[1], w0[0]);
    SU1(w1[1], w1[0]);
    SU0(w0[2], w0[3], w0[0]);
    SU0(w1[2], w1[3], w1[0]);
    HASH_E(e0_16, abcd0);
    HASH_E(e1_16, abcd1);
    ADD(wk0_15, w0[3], k.val[3]);
    ADD(wk1_15, w1[3], k.val[3]);
    ADD(wk0_16, w0[0], k.val[3]);
    ADD(wk1_16, w1[0], k.val[3]);
    ADD(wk0_17, w0[1], k.val[3]);
    ADD(wk1_17, w1[1], k.val[3]);
    PARITY(abcd0, e0_15, wk0_15);
    PARITY(abcd1, e1_15, wk1_15);
    SU1(w0[2], w0[1]);
    SU1(w1[2], w1[1]);
    SU0(w0[3], w0[0], w0[1]);
    SU0(w1[3], w1[0], w1[1]);
    HASH_E(e0_17, abcd0);
    HASH_E(e1_17, abcd1);
    PARITY(abcd0, e0_16, wk0_16);
    PARITY(abcd1, e1_16, wk1_16);
    SU1(w0[3], w0[2]);
    SU1(w1[3], w1[2]);
    ADD(wk0_18, w0[2], k.val[3]);
    ADD(wk1_18, w1[2], k.val[3]);
    HASH_E(e0_18, abcd0);
    HASH_E(e1_18, abcd1);
    PARITY(abcd0, e0_17, wk0_17);
    PARITY(abcd1, e1_17, wk1_17);
    ADD(wk0_19, w0[3], k.val[3]);
    ADD(wk1_19, w1[3], k.val[3]);
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
