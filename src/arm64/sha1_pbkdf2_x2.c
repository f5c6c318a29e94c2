/* PBKDF2-HMAC-SHA1's iterations on two lanes in one function (kernels.h): the loop of
 * src/pbkdf2.c's iterate32_x2 with the rounds of sha1_ce_x2.c inside it, U and T in
 * registers, so no state copies, byte-swapping stores or calls an iteration. */
#include <arm_neon.h>

#include "kernels.h"
#include "sha1_ops.h"
#include "sha1_x2_ops.h"
#include "x2_loads.h"
#include "../opaque.h"
#include "../wipe.h"

/* T's registers start as T ^ U_1: the loop's first step is the feed-forward that makes U_1
 * and XORs it in (below). T's e is in lane 0; the rest of that vector is never stored. */
#define LOAD_T(ta, te, t, u)                                                                \
    ((ta) = veorq_u32(vld1q_u32(t), vld1q_u32(u)), (te) = vdupq_n_u32((t)[4] ^ (u)[4]))
#define STORE_T(ta, te, p) (vst1q_u32((p), (ta)), (p)[4] = vgetq_lane_u32((te), 0))
/* A lane's start: the abcd and e (zeros beside it) of an outer compression whose
 * feed-forward gives U_1 (U_1 - the outer state), for the loop body begins with the
 * outer feed-forward of the iteration before. */
#define START(a, e, u)                                                                      \
    ((a) = vsubq_u32(vld1q_u32(u), vld1q_u32(outer)),                                      \
     (e) = vsetq_lane_u32((u)[4] - outer[4], vdupq_n_u32(0), 0))

#define SHA1_K0 0x5a827999u
#define SHA1_BITS ((64u + 20u) * 8u) /* a key block and a digest */
/* W+K of W[12..15] = (0, 0, 0, the bit count); that of W[8..11] = 0 is K itself. */
_Alignas(16) static const uint32_t sha1_wk3[4] = {SHA1_K0, SHA1_K0, SHA1_K0, SHA1_K0 + SHA1_BITS};

/* Every message of PBKDF2-HMAC-SHA1 after U_1 is one digest after a key block, and the
 * state words are the digest's big-endian words, so the message quads come from the
 * registers of the compression before: nothing is loaded or byte-swapped. The feed-forward
 * of a compression writes the next one's message and its first two W+K at once from a
 * table per key state (below; bench/gen_ce_x2_a64.py says more), so the edge between two
 * compressions, on the chain of each lane, is one add. Ordered for the in-order cores as
 * sha1_ce_x2.c is (the same generator, on the loop body: one iteration of both lanes, four
 * compressions), every variable bound to the register the generator chose, those that one
 * iteration hands to the next for the whole loop. */
void armsha_sha1_pbkdf2_x2_armv8(const uint32_t inner[5], const uint32_t outer[5],
                                 const uint32_t *const u[2], uint32_t *const t[2], uint64_t n)
{
    if (n == 0)
        return;

    const uint32_t *kp = armsha_sha1_k, *cp = sha1_wk3;
    ARMSHA_OPAQUE(kp);
    /* Per key state: its abcd, (e, 0, 0, 0), 0 and (0, 0, 0, bits) (the start of a
     * compression: the state and the W[8..15] the schedule updates in place); its abcd,
     * abcd + K, (e, 0x80000000, 0, 0) and that + K (the feed-forward's). Key material:
     * wiped before returning. */
    _Alignas(16) uint32_t tab[2][32];

    for (int h = 0; h < 2; h++) {
        const uint32_t *s = h == 0 ? inner : outer;
        uint32_t *q = tab[h];

        for (int i = 0; i < 4; i++) {
            q[i] = q[16 + i] = s[i];
            q[20 + i] = s[i] + SHA1_K0;
            q[4 + i] = q[8 + i] = q[12 + i] = 0;
            q[24 + i] = 0;
        }
        q[4] = q[24] = s[4];
        q[25] = 0x80000000u;
        q[15] = SHA1_BITS;
        for (int i = 0; i < 4; i++)
            q[28 + i] = q[24 + i] + SHA1_K0;
        /* W[4..7] as the schedule's first SHA1SU0 of it leaves it (bench/gen_ce_x2_a64.py):
         * the bit count in its last word, after W + K took the message's. */
        q[27] = SHA1_BITS;
    }
    const uint32_t *ti = tab[0], *to = tab[1];
    /* The loads' memory operands through pointers the compiler cannot see into: at a known
     * stack address, GCC recomputed each operand's address (an integer add) in the loop,
     * though the asm never uses it. The barrier keeps the table's stores before them. */
    ARMSHA_OPAQUE(ti);
    ARMSHA_OPAQUE(to);
    __asm__ __volatile__("" : : "r"(ti), "r"(to) : "memory");

    /* Lane L's variables: aLh (h: i inner, o outer) the state through the rounds, wLh_j
     * W[4j..4j+3] mod 16, wkLh_t W + K of quad t, eLh_t its e, fLh_0..3 the table's
     * feed-forward quads; tL_a and tL_e its T; k0..k3 the constants, c3 W+K of W[12..15].
     * With the generator's STAGGER above 0 (measured: no gain, so 0), lane 1 would run
     * that many quads ahead: its first quads of an iteration at the end of the loop body
     * and once before the loop (after the last iteration they run once more, on registers
     * nobody reads). The loop body begins with the outer feed-forward of the iteration
     * before; the last one follows the loop. */
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    register uint32x4_t f0o_0 VREG("v23"), f0o_1 VREG("v24"), f0o_2 VREG("v25"),
        f0o_3 VREG("v26"), a0i VREG("v19"), e0i_0 VREG("v20"), w0i_2 VREG("v21"),
        w0i_3 VREG("v22"), a0o VREG("v8"), wk0i_0 VREG("v18"), f1o_1 VREG("v17"),
        e0o_20 VREG("v9"), wk0i_1 VREG("v16"), a1i VREG("v7"), e0i_1 VREG("v6"),
        e1i_0 VREG("v5"), a1o VREG("v10"), wk1i_0 VREG("v4"), e1i_1 VREG("v3"),
        f1o_3 VREG("v2"), w0i_0 VREG("v1"), f1o_0 VREG("v0"), w0i_1 VREG("v24"),
        e0i_2 VREG("v26"), e1o_20 VREG("v11"), wk1i_1 VREG("v18"), w1i_0 VREG("v20"),
        f1o_2 VREG("v17"), e1i_2 VREG("v23"), t0_a VREG("v12"), w1i_2 VREG("v25"),
        e0i_3 VREG("v4"), k0 VREG("v13"), w1i_1 VREG("v5"), t1_a VREG("v14"), e1i_3 VREG("v6"),
        e0i_4 VREG("v16"), c3 VREG("v15"), e1i_4 VREG("v2"), e0i_5 VREG("v0"), w1i_3 VREG("v3"),
        t0_e VREG("v31"), t1_e VREG("v30"), wk0i_4 VREG("v18"), e1i_5 VREG("v26"),
        wk1i_4 VREG("v17"), k1 VREG("v29"), wk0i_5 VREG("v23"), wk1i_5 VREG("v4"),
        e0i_6 VREG("v6"), e1i_6 VREG("v16"), e0i_7 VREG("v18"), e1i_7 VREG("v2"),
        wk0i_6 VREG("v17"), wk1i_6 VREG("v0"), wk0i_7 VREG("v23"), wk1i_7 VREG("v4"),
        e0i_8 VREG("v26"), e1i_8 VREG("v6"), wk0i_8 VREG("v17"), wk1i_8 VREG("v0"),
        e0i_9 VREG("v16"), e1i_9 VREG("v18"), wk0i_9 VREG("v23"), wk1i_9 VREG("v2"),
        e0i_10 VREG("v4"), e1i_10 VREG("v17"), k2 VREG("v28"), wk0i_10 VREG("v26"),
        wk1i_10 VREG("v0"), e0i_11 VREG("v6"), e1i_11 VREG("v16"), wk0i_11 VREG("v23"),
        wk1i_11 VREG("v2"), e0i_12 VREG("v18"), e1i_12 VREG("v4"), wk0i_12 VREG("v26"),
        wk1i_12 VREG("v0"), e0i_13 VREG("v17"), e1i_13 VREG("v6"), wk0i_13 VREG("v23"),
        wk1i_13 VREG("v2"), e0i_14 VREG("v16"), e1i_14 VREG("v18"), wk0i_14 VREG("v26"),
        wk1i_14 VREG("v0"), e0i_15 VREG("v4"), e1i_15 VREG("v17"), k3 VREG("v27"),
        wk0i_15 VREG("v23"), wk1i_15 VREG("v2"), e0i_16 VREG("v6"), e1i_16 VREG("v16"),
        wk0i_16 VREG("v26"), wk1i_16 VREG("v0"), e0i_17 VREG("v18"), e1i_17 VREG("v4"),
        wk0i_17 VREG("v23"), wk1i_17 VREG("v2"), wk0i_18 VREG("v17"), wk1i_18 VREG("v1"),
        e0i_18 VREG("v20"), e1i_18 VREG("v6"), f0i_0 VREG("v23"), f0i_1 VREG("v24"),
        f0i_2 VREG("v25"), f0i_3 VREG("v26"), wk0i_19 VREG("v0"), wk1i_19 VREG("v16"),
        f1i_1 VREG("v5"), e0i_19 VREG("v21"), e1i_19 VREG("v18"), e0o_0 VREG("v2"),
        e0i_20 VREG("v4"), e1i_20 VREG("v22"), e0o_1 VREG("v3"), e1o_1 VREG("v17"),
        e1o_0 VREG("v20"), wk0o_1 VREG("v1"), wk0o_0 VREG("v6"), wk1o_0 VREG("v0"),
        f1i_3 VREG("v21"), w0o_0 VREG("v16"), f1i_0 VREG("v18"), w0o_1 VREG("v26"),
        wk1o_1 VREG("v24"), f1i_2 VREG("v5"), w1o_0 VREG("v19"), w0o_2 VREG("v23"),
        e0o_2 VREG("v4"), e1o_2 VREG("v25"), w1o_1 VREG("v2"), w1o_2 VREG("v6"),
        e0o_3 VREG("v0"), e1o_3 VREG("v20"), w0o_3 VREG("v21"), w1o_3 VREG("v7"),
        e0o_4 VREG("v18"), e1o_4 VREG("v1"), e0o_5 VREG("v3"), e1o_5 VREG("v17"),
        wk0o_4 VREG("v24"), wk1o_4 VREG("v5"), wk0o_5 VREG("v22"), wk1o_5 VREG("v4"),
        e0o_6 VREG("v25"), e1o_6 VREG("v0"), wk0o_6 VREG("v20"), wk1o_6 VREG("v18"),
        e0o_7 VREG("v24"), e1o_7 VREG("v1"), e0o_8 VREG("v5"), e1o_8 VREG("v3"),
        wk0o_7 VREG("v22"), wk1o_7 VREG("v4"), wk0o_8 VREG("v17"), wk1o_8 VREG("v20"),
        e0o_9 VREG("v25"), e1o_9 VREG("v0"), wk0o_9 VREG("v18"), wk1o_9 VREG("v22"),
        e0o_10 VREG("v24"), e1o_10 VREG("v1"), wk0o_10 VREG("v4"), wk1o_10 VREG("v5"),
        e0o_11 VREG("v17"), e1o_11 VREG("v3"), wk0o_11 VREG("v20"), wk1o_11 VREG("v18"),
        e0o_12 VREG("v25"), e1o_12 VREG("v0"), wk0o_12 VREG("v22"), wk1o_12 VREG("v4"),
        e0o_13 VREG("v24"), e1o_13 VREG("v1"), wk0o_13 VREG("v5"), wk1o_13 VREG("v17"),
        e0o_14 VREG("v20"), e1o_14 VREG("v3"), wk0o_14 VREG("v18"), wk1o_14 VREG("v22"),
        e0o_15 VREG("v25"), e1o_15 VREG("v0"), wk0o_15 VREG("v4"), wk1o_15 VREG("v5"),
        e0o_16 VREG("v24"), e1o_16 VREG("v1"), wk0o_16 VREG("v17"), wk1o_16 VREG("v18"),
        e0o_17 VREG("v20"), e1o_17 VREG("v3"), wk0o_17 VREG("v22"), wk1o_17 VREG("v4"),
        wk0o_18 VREG("v25"), wk1o_18 VREG("v0"), e0o_18 VREG("v5"), e1o_18 VREG("v16"),
        wk0o_19 VREG("v19"), wk1o_19 VREG("v17"), e0o_19 VREG("v24"), e1o_19 VREG("v1");
    LDQ(k0, kp, 0);
    LDQ(k1, kp, 16);
    LDQ(k2, kp, 32);
    LDQ(k3, kp, 48);
    LDQ(c3, cp, 0);
    LOAD_T(t0_a, t0_e, t[0], u[0]);
    LOAD_T(t1_a, t1_e, t[1], u[1]);
    START(a1o, e1o_20, u[1]);
    START(a0o, e0o_20, u[0]);
    do {
        LD4(f0o_0, f0o_1, f0o_2, f0o_3, to + 16);
        LD4(a0i, e0i_0, w0i_2, w0i_3, ti);
        ADD(wk0i_0, a0o, f0o_1);
        LDQ(f1o_1, to, 80);
        ADD(wk0i_1, e0o_20, f0o_3);
        LDQ(a1i, ti, 0);
        HASH_E(e0i_1, a0i);
        LDQ(e1i_0, ti, 16);
        CHOOSE(a0i, e0i_0, wk0i_0);
        ADD(wk1i_0, a1o, f1o_1);
        HASH_E(e1i_1, a1i);
        LDQ(f1o_3, to, 112);
        ADD(w0i_0, a0o, f0o_0);
        LDQ(f1o_0, to, 64);
        ADD(w0i_1, e0o_20, f0o_2);
        CHOOSE(a1i, e1i_0, wk1i_0);
        HASH_E(e0i_2, a0i);
        CHOOSE(a0i, e0i_1, wk0i_1);
        ADD(wk1i_1, e1o_20, f1o_3);
        ADD(w1i_0, a1o, f1o_0);
        LDQ(f1o_2, to, 96);
        HASH_E(e1i_2, a1i);
        EOR(t0_a, t0_a, w0i_0);
        LDQ(w1i_2, ti, 32);
        CHOOSE(a1i, e1i_1, wk1i_1);
        HASH_E(e0i_3, a0i);
        CHOOSE(a0i, e0i_2, k0);
        SU0(w0i_0, w0i_1, w0i_2);
        ADD(w1i_1, e1o_20, f1o_2);
        EOR(t1_a, t1_a, w1i_0);
        HASH_E(e1i_3, a1i);
        CHOOSE(a1i, e1i_2, k0);
        HASH_E(e0i_4, a0i);
        CHOOSE(a0i, e0i_3, c3);
        SU0(w1i_0, w1i_1, w1i_2);
        SU1(w0i_0, w0i_3);
        HASH_E(e1i_4, a1i);
        CHOOSE(a1i, e1i_3, c3);
        HASH_E(e0i_5, a0i);
        LDQ(w1i_3, ti, 48);
        SU0(w0i_2, w0i_3, w0i_0);
        EOR(t0_e, t0_e, w0i_1);
        EOR(t1_e, t1_e, w1i_1);
        ADD(wk0i_4, w0i_0, k0);
        SU1(w1i_0, w1i_3);
        HASH_E(e1i_5, a1i);
        SU1(w0i_1, w0i_0);
        CHOOSE(a0i, e0i_4, wk0i_4);
        SU1(w1i_1, w1i_0);
        SU0(w1i_2, w1i_3, w1i_0);
        SU1(w0i_2, w0i_1);
        SU0(w0i_3, w0i_0, w0i_1);
        ADD(wk1i_4, w1i_0, k0);
        ADD(wk0i_5, w0i_1, k1);
        ADD(wk1i_5, w1i_1, k1);
        SU1(w1i_2, w1i_1);
        SU0(w1i_3, w1i_0, w1i_1);
        SU1(w0i_3, w0i_2);
        CHOOSE(a1i, e1i_4, wk1i_4);
        HASH_E(e0i_6, a0i);
        PARITY(a0i, e0i_5, wk0i_5);
        SU0(w0i_0, w0i_1, w0i_2);
        SU1(w1i_3, w1i_2);
        SU0(w1i_0, w1i_1, w1i_2);
        HASH_E(e1i_6, a1i);
        PARITY(a1i, e1i_5, wk1i_5);
        HASH_E(e0i_7, a0i);
        SU1(w0i_0, w0i_3);
        SU0(w0i_1, w0i_2, w0i_3);
        SU1(w1i_0, w1i_3);
        SU0(w1i_1, w1i_2, w1i_3);
        HASH_E(e1i_7, a1i);
        ADD(wk0i_6, w0i_2, k1);
        ADD(wk1i_6, w1i_2, k1);
        ADD(wk0i_7, w0i_3, k1);
        ADD(wk1i_7, w1i_3, k1);
        SU1(w0i_1, w0i_0);
        SU1(w1i_1, w1i_0);
        PARITY(a0i, e0i_6, wk0i_6);
        PARITY(a1i, e1i_6, wk1i_6);
        SU0(w0i_2, w0i_3, w0i_0);
        SU0(w1i_2, w1i_3, w1i_0);
        SU0(w0i_3, w0i_0, w0i_1);
        SU0(w1i_3, w1i_0, w1i_1);
        HASH_E(e0i_8, a0i);
        HASH_E(e1i_8, a1i);
        PARITY(a0i, e0i_7, wk0i_7);
        PARITY(a1i, e1i_7, wk1i_7);
        SU1(w0i_2, w0i_1);
        SU1(w1i_2, w1i_1);
        ADD(wk0i_8, w0i_0, k1);
        ADD(wk1i_8, w1i_0, k1);
        HASH_E(e0i_9, a0i);
        HASH_E(e1i_9, a1i);
        SU1(w0i_3, w0i_2);
        SU1(w1i_3, w1i_2);
        PARITY(a0i, e0i_8, wk0i_8);
        PARITY(a1i, e1i_8, wk1i_8);
        SU0(w0i_0, w0i_1, w0i_2);
        SU0(w1i_0, w1i_1, w1i_2);
        ADD(wk0i_9, w0i_1, k1);
        ADD(wk1i_9, w1i_1, k1);
        HASH_E(e0i_10, a0i);
        HASH_E(e1i_10, a1i);
        SU1(w0i_0, w0i_3);
        SU1(w1i_0, w1i_3);
        PARITY(a0i, e0i_9, wk0i_9);
        PARITY(a1i, e1i_9, wk1i_9);
        SU0(w0i_1, w0i_2, w0i_3);
        SU0(w1i_1, w1i_2, w1i_3);
        ADD(wk0i_10, w0i_2, k2);
        ADD(wk1i_10, w1i_2, k2);
        HASH_E(e0i_11, a0i);
        HASH_E(e1i_11, a1i);
        SU1(w0i_1, w0i_0);
        SU1(w1i_1, w1i_0);
        MAJORITY(a0i, e0i_10, wk0i_10);
        MAJORITY(a1i, e1i_10, wk1i_10);
        SU0(w0i_2, w0i_3, w0i_0);
        SU0(w1i_2, w1i_3, w1i_0);
        ADD(wk0i_11, w0i_3, k2);
        ADD(wk1i_11, w1i_3, k2);
        HASH_E(e0i_12, a0i);
        HASH_E(e1i_12, a1i);
        SU1(w0i_2, w0i_1);
        SU1(w1i_2, w1i_1);
        MAJORITY(a0i, e0i_11, wk0i_11);
        MAJORITY(a1i, e1i_11, wk1i_11);
        SU0(w0i_3, w0i_0, w0i_1);
        SU0(w1i_3, w1i_0, w1i_1);
        ADD(wk0i_12, w0i_0, k2);
        ADD(wk1i_12, w1i_0, k2);
        HASH_E(e0i_13, a0i);
        HASH_E(e1i_13, a1i);
        SU1(w0i_3, w0i_2);
        SU1(w1i_3, w1i_2);
        MAJORITY(a0i, e0i_12, wk0i_12);
        MAJORITY(a1i, e1i_12, wk1i_12);
        SU0(w0i_0, w0i_1, w0i_2);
        SU0(w1i_0, w1i_1, w1i_2);
        ADD(wk0i_13, w0i_1, k2);
        ADD(wk1i_13, w1i_1, k2);
        HASH_E(e0i_14, a0i);
        HASH_E(e1i_14, a1i);
        SU1(w0i_0, w0i_3);
        SU1(w1i_0, w1i_3);
        MAJORITY(a0i, e0i_13, wk0i_13);
        MAJORITY(a1i, e1i_13, wk1i_13);
        SU0(w0i_1, w0i_2, w0i_3);
        SU0(w1i_1, w1i_2, w1i_3);
        ADD(wk0i_14, w0i_2, k2);
        ADD(wk1i_14, w1i_2, k2);
        HASH_E(e0i_15, a0i);
        HASH_E(e1i_15, a1i);
        SU1(w0i_1, w0i_0);
        SU1(w1i_1, w1i_0);
        MAJORITY(a0i, e0i_14, wk0i_14);
        MAJORITY(a1i, e1i_14, wk1i_14);
        SU0(w0i_2, w0i_3, w0i_0);
        SU0(w1i_2, w1i_3, w1i_0);
        ADD(wk0i_15, w0i_3, k3);
        ADD(wk1i_15, w1i_3, k3);
        HASH_E(e0i_16, a0i);
        HASH_E(e1i_16, a1i);
        SU1(w0i_2, w0i_1);
        SU1(w1i_2, w1i_1);
        PARITY(a0i, e0i_15, wk0i_15);
        PARITY(a1i, e1i_15, wk1i_15);
        SU0(w0i_3, w0i_0, w0i_1);
        SU0(w1i_3, w1i_0, w1i_1);
        ADD(wk0i_16, w0i_0, k3);
        ADD(wk1i_16, w1i_0, k3);
        HASH_E(e0i_17, a0i);
        HASH_E(e1i_17, a1i);
        SU1(w0i_3, w0i_2);
        SU1(w1i_3, w1i_2);
        PARITY(a0i, e0i_16, wk0i_16);
        PARITY(a1i, e1i_16, wk1i_16);
        ADD(wk0i_17, w0i_1, k3);
        ADD(wk1i_17, w1i_1, k3);
        ADD(wk0i_18, w0i_2, k3);
        ADD(wk1i_18, w1i_2, k3);
        HASH_E(e0i_18, a0i);
        HASH_E(e1i_18, a1i);
        PARITY(a0i, e0i_17, wk0i_17);
        PARITY(a1i, e1i_17, wk1i_17);
        LD4(f0i_0, f0i_1, f0i_2, f0i_3, ti + 16);
        ADD(wk0i_19, w0i_3, k3);
        ADD(wk1i_19, w1i_3, k3);
        LDQ(f1i_1, ti, 80);
        HASH_E(e0i_19, a0i);
        HASH_E(e1i_19, a1i);
        PARITY(a0i, e0i_18, wk0i_18);
        PARITY(a1i, e1i_18, wk1i_18);
        LDQ(a0o, to, 0);
        LDQ(a1o, to, 0);
        LDQ(e0o_0, to, 16);
        HASH_E(e0i_20, a0i);
        HASH_E(e1i_20, a1i);
        PARITY(a0i, e0i_19, wk0i_19);
        PARITY(a1i, e1i_19, wk1i_19);
        HASH_E(e0o_1, a0o);
        HASH_E(e1o_1, a1o);
        LDQ(e1o_0, to, 16);
        ADD(wk0o_1, e0i_20, f0i_3);
        ADD(wk0o_0, a0i, f0i_1);
        ADD(wk1o_0, a1i, f1i_1);
        LDQ(f1i_3, ti, 112);
        ADD(w0o_0, a0i, f0i_0);
        LDQ(f1i_0, ti, 64);
        ADD(w0o_1, e0i_20, f0i_2);
        CHOOSE(a0o, e0o_0, wk0o_0);
        CHOOSE(a1o, e1o_0, wk1o_0);
        ADD(wk1o_1, e1i_20, f1i_3);
        LDQ(f1i_2, ti, 96);
        ADD(w1o_0, a1i, f1i_0);
        LDQ(w0o_2, to, 32);
        HASH_E(e0o_2, a0o);
        HASH_E(e1o_2, a1o);
        CHOOSE(a0o, e0o_1, wk0o_1);
        CHOOSE(a1o, e1o_1, wk1o_1);
        SU0(w0o_0, w0o_1, w0o_2);
        ADD(w1o_1, e1i_20, f1i_2);
        LDQ(w1o_2, to, 32);
        HASH_E(e0o_3, a0o);
        HASH_E(e1o_3, a1o);
        CHOOSE(a0o, e0o_2, k0);
        CHOOSE(a1o, e1o_2, k0);
        SU0(w1o_0, w1o_1, w1o_2);
        LDQ(w0o_3, to, 48);
        LDQ(w1o_3, to, 48);
        HASH_E(e0o_4, a0o);
        HASH_E(e1o_4, a1o);
        CHOOSE(a0o, e0o_3, c3);
        SU1(w0o_0, w0o_3);
        CHOOSE(a1o, e1o_3, c3);
        SU1(w1o_0, w1o_3);
        HASH_E(e0o_5, a0o);
        SU1(w0o_1, w0o_0);
        HASH_E(e1o_5, a1o);
        SU1(w1o_1, w1o_0);
        SU0(w0o_2, w0o_3, w0o_0);
        SU0(w1o_2, w1o_3, w1o_0);
        ADD(wk0o_4, w0o_0, k0);
        ADD(wk1o_4, w1o_0, k0);
        ADD(wk0o_5, w0o_1, k1);
        ADD(wk1o_5, w1o_1, k1);
        SU1(w0o_2, w0o_1);
        SU1(w1o_2, w1o_1);
        CHOOSE(a0o, e0o_4, wk0o_4);
        CHOOSE(a1o, e1o_4, wk1o_4);
        SU0(w0o_3, w0o_0, w0o_1);
        SU0(w1o_3, w1o_0, w1o_1);
        SU0(w0o_0, w0o_1, w0o_2);
        SU0(w1o_0, w1o_1, w1o_2);
        HASH_E(e0o_6, a0o);
        HASH_E(e1o_6, a1o);
        PARITY(a0o, e0o_5, wk0o_5);
        PARITY(a1o, e1o_5, wk1o_5);
        SU1(w0o_3, w0o_2);
        SU1(w1o_3, w1o_2);
        ADD(wk0o_6, w0o_2, k1);
        ADD(wk1o_6, w1o_2, k1);
        HASH_E(e0o_7, a0o);
        HASH_E(e1o_7, a1o);
        SU1(w0o_0, w0o_3);
        SU1(w1o_0, w1o_3);
        PARITY(a0o, e0o_6, wk0o_6);
        PARITY(a1o, e1o_6, wk1o_6);
        SU0(w0o_1, w0o_2, w0o_3);
        SU0(w1o_1, w1o_2, w1o_3);
        SU0(w0o_2, w0o_3, w0o_0);
        SU0(w1o_2, w1o_3, w1o_0);
        HASH_E(e0o_8, a0o);
        HASH_E(e1o_8, a1o);
        SU1(w0o_1, w0o_0);
        SU1(w1o_1, w1o_0);
        ADD(wk0o_7, w0o_3, k1);
        ADD(wk1o_7, w1o_3, k1);
        ADD(wk0o_8, w0o_0, k1);
        ADD(wk1o_8, w1o_0, k1);
        SU1(w0o_2, w0o_1);
        SU1(w1o_2, w1o_1);
        PARITY(a0o, e0o_7, wk0o_7);
        PARITY(a1o, e1o_7, wk1o_7);
        SU0(w0o_3, w0o_0, w0o_1);
        SU0(w1o_3, w1o_0, w1o_1);
        SU0(w0o_0, w0o_1, w0o_2);
        SU0(w1o_0, w1o_1, w1o_2);
        HASH_E(e0o_9, a0o);
        HASH_E(e1o_9, a1o);
        PARITY(a0o, e0o_8, wk0o_8);
        PARITY(a1o, e1o_8, wk1o_8);
        SU1(w0o_3, w0o_2);
        SU1(w1o_3, w1o_2);
        ADD(wk0o_9, w0o_1, k1);
        ADD(wk1o_9, w1o_1, k1);
        HASH_E(e0o_10, a0o);
        HASH_E(e1o_10, a1o);
        SU1(w0o_0, w0o_3);
        SU1(w1o_0, w1o_3);
        PARITY(a0o, e0o_9, wk0o_9);
        PARITY(a1o, e1o_9, wk1o_9);
        SU0(w0o_1, w0o_2, w0o_3);
        SU0(w1o_1, w1o_2, w1o_3);
        ADD(wk0o_10, w0o_2, k2);
        ADD(wk1o_10, w1o_2, k2);
        HASH_E(e0o_11, a0o);
        HASH_E(e1o_11, a1o);
        SU1(w0o_1, w0o_0);
        SU1(w1o_1, w1o_0);
        MAJORITY(a0o, e0o_10, wk0o_10);
        MAJORITY(a1o, e1o_10, wk1o_10);
        SU0(w0o_2, w0o_3, w0o_0);
        SU0(w1o_2, w1o_3, w1o_0);
        ADD(wk0o_11, w0o_3, k2);
        ADD(wk1o_11, w1o_3, k2);
        HASH_E(e0o_12, a0o);
        HASH_E(e1o_12, a1o);
        SU1(w0o_2, w0o_1);
        SU1(w1o_2, w1o_1);
        MAJORITY(a0o, e0o_11, wk0o_11);
        MAJORITY(a1o, e1o_11, wk1o_11);
        SU0(w0o_3, w0o_0, w0o_1);
        SU0(w1o_3, w1o_0, w1o_1);
        ADD(wk0o_12, w0o_0, k2);
        ADD(wk1o_12, w1o_0, k2);
        HASH_E(e0o_13, a0o);
        HASH_E(e1o_13, a1o);
        SU1(w0o_3, w0o_2);
        SU1(w1o_3, w1o_2);
        MAJORITY(a0o, e0o_12, wk0o_12);
        MAJORITY(a1o, e1o_12, wk1o_12);
        SU0(w0o_0, w0o_1, w0o_2);
        SU0(w1o_0, w1o_1, w1o_2);
        ADD(wk0o_13, w0o_1, k2);
        ADD(wk1o_13, w1o_1, k2);
        HASH_E(e0o_14, a0o);
        HASH_E(e1o_14, a1o);
        SU1(w0o_0, w0o_3);
        SU1(w1o_0, w1o_3);
        MAJORITY(a0o, e0o_13, wk0o_13);
        MAJORITY(a1o, e1o_13, wk1o_13);
        SU0(w0o_1, w0o_2, w0o_3);
        SU0(w1o_1, w1o_2, w1o_3);
        ADD(wk0o_14, w0o_2, k2);
        ADD(wk1o_14, w1o_2, k2);
        HASH_E(e0o_15, a0o);
        HASH_E(e1o_15, a1o);
        SU1(w0o_1, w0o_0);
        SU1(w1o_1, w1o_0);
        MAJORITY(a0o, e0o_14, wk0o_14);
        MAJORITY(a1o, e1o_14, wk1o_14);
        SU0(w0o_2, w0o_3, w0o_0);
        SU0(w1o_2, w1o_3, w1o_0);
        ADD(wk0o_15, w0o_3, k3);
        ADD(wk1o_15, w1o_3, k3);
        HASH_E(e0o_16, a0o);
        HASH_E(e1o_16, a1o);
        SU1(w0o_2, w0o_1);
        SU1(w1o_2, w1o_1);
        PARITY(a0o, e0o_15, wk0o_15);
        PARITY(a1o, e1o_15, wk1o_15);
        SU0(w0o_3, w0o_0, w0o_1);
        SU0(w1o_3, w1o_0, w1o_1);
        ADD(wk0o_16, w0o_0, k3);
        ADD(wk1o_16, w1o_0, k3);
        HASH_E(e0o_17, a0o);
        HASH_E(e1o_17, a1o);
        SU1(w0o_3, w0o_2);
        SU1(w1o_3, w1o_2);
        PARITY(a0o, e0o_16, wk0o_16);
        PARITY(a1o, e1o_16, wk1o_16);
        ADD(wk0o_17, w0o_1, k3);
        ADD(wk1o_17, w1o_1, k3);
        ADD(wk0o_18, w0o_2, k3);
        ADD(wk1o_18, w1o_2, k3);
        HASH_E(e0o_18, a0o);
        HASH_E(e1o_18, a1o);
        PARITY(a0o, e0o_17, wk0o_17);
        PARITY(a1o, e1o_17, wk1o_17);
        ADD(wk0o_19, w0o_3, k3);
        ADD(wk1o_19, w1o_3, k3);
        HASH_E(e0o_19, a0o);
        HASH_E(e1o_19, a1o);
        PARITY(a0o, e0o_18, wk0o_18);
        PARITY(a1o, e1o_18, wk1o_18);
        HASH_E(e0o_20, a0o);
        HASH_E(e1o_20, a1o);
        PARITY(a0o, e0o_19, wk0o_19);
        PARITY(a1o, e1o_19, wk1o_19);
    } while (--n != 0);
    LD4(f0o_0, f0o_1, f0o_2, f0o_3, to + 16);
    ADD(wk0i_0, a0o, f0o_1);
    LDQ(f1o_1, to, 80);
    ADD(wk0i_1, e0o_20, f0o_3);
    ADD(wk1i_0, a1o, f1o_1);
    LDQ(f1o_3, to, 112);
    ADD(w0i_0, a0o, f0o_0);
    LDQ(f1o_0, to, 64);
    ADD(w0i_1, e0o_20, f0o_2);
    ADD(wk1i_1, e1o_20, f1o_3);
    ADD(w1i_0, a1o, f1o_0);
    LDQ(f1o_2, to, 96);
    EOR(t0_a, t0_a, w0i_0);
    ADD(w1i_1, e1o_20, f1o_2);
    EOR(t1_a, t1_a, w1i_0);
    EOR(t0_e, t0_e, w0i_1);
    EOR(t1_e, t1_e, w1i_1);
    STORE_T(t0_a, t0_e, t[0]);
    STORE_T(t1_a, t1_e, t[1]);
    /* ---- generated order: end ---- */

    armsha_wipe(tab, sizeof(tab));
}
