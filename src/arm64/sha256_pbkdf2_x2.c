/* PBKDF2-HMAC-SHA256 and -SHA224's iterations on two lanes in one function (kernels.h): the
 * loop of src/pbkdf2.c's iterate32_x2 with the rounds of sha256_ce_x2.c inside it, as
 * sha1_pbkdf2_x2.c does for SHA-1 (it says more). */
#include <arm_neon.h>

#include "kernels.h"
#include "sha256_x2_ops.h"
#include "x2_loads.h"
#include "../opaque.h"
#include "../sha2_constants.h"
#include "../wipe.h"

/* T's registers start as T ^ U_1 as the loop's first feed-forward makes it (for SHA-224
 * with the padding's 0x80000000 as its eighth word: the mask and pad below). */
#define LOAD_T(ta, te, t, u)                                                                \
    ((ta) = veorq_u32(vld1q_u32(t), vld1q_u32(u)),                                         \
     (te) = veorq_u32(vld1q_u32((t) + 4),                                                  \
                      vorrq_u32(vandq_u32(vld1q_u32((u) + 4), mask), vld1q_u32(cw + 12))))
#define STORE_T(ta, te, p) (vst1q_u32((p), (ta)), vst1q_u32((p) + 4, (te)))
/* A lane's start: the state of an outer compression whose feed-forward gives U_1. */
#define START(x, y, u)                                                                      \
    ((x) = vsubq_u32(vld1q_u32(u), vld1q_u32(outer)),                                      \
     (y) = vsubq_u32(vld1q_u32((u) + 4), vld1q_u32(outer + 4)))

/* The messages come from the registers of the compression before, the feed-forward writes
 * the next one's W[0..7] and their W+K from a table per key state, W+K of the padding's
 * quads are constants: sha1_pbkdf2_x2.c's design, ordered by the same generator. ds is 32
 * (SHA-256) or 28 (SHA-224: U's eighth word is the padding's 0x80000000, by a mask). T's
 * words past ds are left as they were. */
void armsha_sha256_pbkdf2_x2_armv8(const uint32_t inner[8], const uint32_t outer[8],
                                   const uint32_t *const u[2], uint32_t *const t[2], size_t ds,
                                   uint64_t n)
{
    const uint32_t *kp = armsha_sha256_k;
    ARMSHA_OPAQUE(kp);
    /* Branch-free (GCC had put the ds == 28 case out of line and jumped back, and a jump
     * back is what bench/mca.sh takes for a loop): the padding's word after U, SHA-224's
     * mask of h. */
    uint32_t is224 = ds == 28;
    ARMSHA_OPAQUE(is224); /* else GCC branches on ds again */
    const uint32_t bits = (uint32_t)(64 + ds) * 8, pad7 = is224 << 31, pad8 = (is224 ^ 1) << 31,
                   mask7 = is224 - 1;
    /* Per key state: abcd, efgh, W[8..11], W[12..15] (a compression's start: the state and
     * the quads the schedule updates in place); abcd, abcd + K[0..3], efgh' and efgh' +
     * K[4..7] (the feed-forward's: efgh' is efgh with, for SHA-224, h replaced by the
     * padding). Then cw: W+K of W[8..11] and W[12..15], the mask, the SHA-224 pad. Key
     * material: wiped before returning. */
    _Alignas(16) uint32_t tab[2][32], cw[16];
    const uint32_t w8[4] = {pad8, 0, 0, 0}, w12[4] = {0, 0, 0, bits};

    for (int h = 0; h < 2; h++) {
        const uint32_t *s = h == 0 ? inner : outer;
        uint32_t *q = tab[h];

        for (int i = 0; i < 4; i++) {
            q[i] = q[16 + i] = s[i];
            q[4 + i] = s[4 + i];
            q[8 + i] = w8[i];
            q[12 + i] = w12[i];
            q[20 + i] = s[i] + armsha_sha256_k[i];
            q[24 + i] = s[4 + i];
        }
        q[27] = (s[7] & mask7) | pad7;
        for (int i = 0; i < 4; i++)
            q[28 + i] = q[24 + i] + armsha_sha256_k[4 + i];
    }
    for (int i = 0; i < 4; i++) {
        cw[i] = w8[i] + armsha_sha256_k[8 + i];
        cw[4 + i] = w12[i] + armsha_sha256_k[12 + i];
        cw[8 + i] = ~(uint32_t)0;
        cw[12 + i] = 0;
    }
    cw[11] = mask7;
    cw[15] = pad7;
    const uint32_t *ti = tab[0], *to = tab[1], *cp = cw;
    /* As in sha1_pbkdf2_x2.c: no address arithmetic in the loop, the stores first. */
    ARMSHA_OPAQUE(ti);
    ARMSHA_OPAQUE(to);
    __asm__ __volatile__("" : : "r"(ti), "r"(to), "r"(cp) : "memory");
    const uint32_t t7[2] = {t[0][7], t[1][7]};
    /* Tested here, not first: with the test ahead of everything, GCC split the function
     * (ipa-split) into a head and a ".part" with the loop. */
    if (n == 0) {
        armsha_wipe(tab, sizeof(tab));
        return;
    }

    /* Lane L's variables: xLh, yLh (h: i inner, o outer) abcd and efgh through the rounds,
     * inLh_t abcd before quad t (SHA256H2 reads it), wLh_j W[4j..4j+3] mod 16, wkLh_t W + K
     * of quad t, fLh_0..3 the table's feed-forward quads, mLh efgh masked; tL_a and tL_e
     * its T; kh_t K of quad t (loaded for both lanes), c2, c3 W+K of the padding's quads. */
    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */
    register uint32x4_t f1o_1 VREG("v28"), f0o_1 VREG("v27"), x0i VREG("v26"), y1i VREG("v25"),
        y0o VREG("v8"), mask VREG("v9"), m0o VREG("v24"), x1o VREG("v10"), wk1i_0 VREG("v23"),
        x0o VREG("v11"), wk0i_0 VREG("v22"), y0i VREG("v21"), y1o VREG("v12"), m1o VREG("v20"),
        x1i VREG("v19"), f1o_3 VREG("v18"), in1i_0 VREG("v17"), wk1i_1 VREG("v16"),
        f0o_3 VREG("v7"), in0i_0 VREG("v6"), in0i_1 VREG("v5"), in1i_1 VREG("v4"),
        wk0i_1 VREG("v3"), f0o_0 VREG("v2"), f1o_0 VREG("v1"), w0i_0 VREG("v0"),
        f1o_2 VREG("v28"), in1i_2 VREG("v27"), in0i_2 VREG("v18"), w1i_0 VREG("v17"),
        f0o_2 VREG("v23"), w1i_1 VREG("v6"), c2 VREG("v13"), w0i_1 VREG("v22"),
        t0_a VREG("v14"), t1_a VREG("v15"), in0i_3 VREG("v7"), in1i_3 VREG("v4"),
        w1i_3 VREG("v16"), c3 VREG("v31"), w1i_2 VREG("v3"), t0_e VREG("v30"), w0i_3 VREG("v5"),
        t1_e VREG("v29"), w0i_2 VREG("v2"), ki_4 VREG("v1"), ki_5 VREG("v20"),
        wk1i_4 VREG("v28"), in1i_4 VREG("v18"), in0i_4 VREG("v27"), wk0i_4 VREG("v23"),
        wk1i_5 VREG("v24"), in1i_5 VREG("v7"), wk0i_5 VREG("v4"), in0i_5 VREG("v1"),
        ki_6 VREG("v18"), wk0i_6 VREG("v28"), in1i_6 VREG("v23"), in0i_6 VREG("v27"),
        wk1i_6 VREG("v20"), ki_7 VREG("v7"), wk1i_7 VREG("v24"), in1i_7 VREG("v1"),
        in0i_7 VREG("v4"), wk0i_7 VREG("v18"), ki_8 VREG("v27"), wk0i_8 VREG("v28"),
        in1i_8 VREG("v20"), wk1i_8 VREG("v23"), in0i_8 VREG("v7"), ki_9 VREG("v1"),
        wk1i_9 VREG("v24"), in1i_9 VREG("v4"), in0i_9 VREG("v18"), wk0i_9 VREG("v27"),
        ki_10 VREG("v7"), wk1i_10 VREG("v28"), wk0i_10 VREG("v20"), in0i_10 VREG("v23"),
        in1i_10 VREG("v1"), ki_11 VREG("v4"), wk0i_11 VREG("v24"), in0i_11 VREG("v18"),
        wk1i_11 VREG("v27"), in1i_11 VREG("v7"), ki_12 VREG("v20"), wk0i_12 VREG("v23"),
        in0i_12 VREG("v1"), wk1i_12 VREG("v28"), in1i_12 VREG("v4"), ki_13 VREG("v18"),
        wk0i_13 VREG("v24"), wk1i_13 VREG("v7"), in0i_13 VREG("v27"), in1i_13 VREG("v0"),
        ki_14 VREG("v17"), wk0i_14 VREG("v20"), wk1i_14 VREG("v1"), in0i_14 VREG("v23"),
        in1i_14 VREG("v4"), ki_15 VREG("v28"), wk0i_15 VREG("v22"), wk1i_15 VREG("v6"),
        in0i_15 VREG("v18"), in1i_15 VREG("v24"), f1i_1 VREG("v27"), f0i_1 VREG("v0"),
        wk1o_0 VREG("v7"), wk0o_0 VREG("v2"), m0i VREG("v3"), m1i VREG("v17"),
        f1i_3 VREG("v20"), in1o_0 VREG("v23"), in0o_0 VREG("v1"), wk1o_1 VREG("v4"),
        f0i_3 VREG("v5"), f0i_0 VREG("v16"), wk0o_1 VREG("v28"), in0o_1 VREG("v18"),
        in1o_1 VREG("v22"), f1i_2 VREG("v6"), f1i_0 VREG("v24"), w0o_0 VREG("v27"),
        in1o_2 VREG("v0"), in0o_2 VREG("v21"), f0i_2 VREG("v25"), w1o_1 VREG("v20"),
        w1o_0 VREG("v7"), w0o_1 VREG("v23"), w0o_3 VREG("v1"), w0o_2 VREG("v2"),
        in0o_3 VREG("v5"), in1o_3 VREG("v18"), w1o_3 VREG("v28"), w1o_2 VREG("v4"),
        ko_4 VREG("v22"), wk0o_4 VREG("v16"), in1o_4 VREG("v26"), in0o_4 VREG("v6"),
        ko_5 VREG("v17"), wk1o_4 VREG("v19"), wk1o_5 VREG("v24"), in1o_5 VREG("v3"),
        wk0o_5 VREG("v25"), in0o_5 VREG("v0"), ko_6 VREG("v21"), wk0o_6 VREG("v5"),
        in1o_6 VREG("v18"), in0o_6 VREG("v22"), wk1o_6 VREG("v6"), ko_7 VREG("v16"),
        wk1o_7 VREG("v19"), in0o_7 VREG("v26"), in1o_7 VREG("v17"), wk0o_7 VREG("v3"),
        ko_8 VREG("v24"), wk0o_8 VREG("v0"), in1o_8 VREG("v25"), wk1o_8 VREG("v21"),
        in0o_8 VREG("v5"), ko_9 VREG("v22"), wk0o_9 VREG("v6"), in0o_9 VREG("v18"),
        wk1o_9 VREG("v16"), in1o_9 VREG("v17"), ko_10 VREG("v19"), wk0o_10 VREG("v3"),
        in1o_10 VREG("v26"), in0o_10 VREG("v24"), wk1o_10 VREG("v21"), ko_11 VREG("v25"),
        wk0o_11 VREG("v0"), in0o_11 VREG("v5"), in1o_11 VREG("v22"), wk1o_11 VREG("v6"),
        ko_12 VREG("v18"), wk0o_12 VREG("v16"), in0o_12 VREG("v17"), wk1o_12 VREG("v19"),
        in1o_12 VREG("v3"), ko_13 VREG("v24"), wk0o_13 VREG("v21"), in0o_13 VREG("v26"),
        wk1o_13 VREG("v25"), in1o_13 VREG("v0"), ko_14 VREG("v5"), wk1o_14 VREG("v6"),
        wk0o_14 VREG("v22"), in0o_14 VREG("v27"), ko_15 VREG("v7"), in1o_14 VREG("v18"),
        wk0o_15 VREG("v16"), wk1o_15 VREG("v17"), in1o_15 VREG("v3"), in0o_15 VREG("v19");
    LDQ(c2, cp, 0);
    LDQ(c3, cp, 16);
    LDQ(mask, cp, 32);
    LOAD_T(t0_a, t0_e, t[0], u[0]);
    LOAD_T(t1_a, t1_e, t[1], u[1]);
    START(x1o, y1o, u[1]);
    START(x0o, y0o, u[0]);
    do {
        LDQ_IN(f1o_1, to, 80, 128);
        LDQ_IN(f0o_1, to, 80, 128);
        LDQ_IN(x0i, ti, 0, 128);
        LDQ_IN(y1i, ti, 16, 128);
        AND(m0o, y0o, mask);
        ADD(wk1i_0, x1o, f1o_1);
        ADD(wk0i_0, x0o, f0o_1);
        LDQ_IN(y0i, ti, 16, 128);
        AND(m1o, y1o, mask);
        LDQ_IN(x1i, ti, 0, 128);
        LDQ_IN(f1o_3, to, 112, 128);
        H(x0i, y0i, wk0i_0);
        H(x1i, y1i, wk1i_0);
        LDQ_IN(in1i_0, ti, 0, 128);
        ADD(wk1i_1, m1o, f1o_3);
        LDQ_IN(f0o_3, to, 112, 128);
        LDQ_IN(in0i_0, ti, 0, 128);
        COPY(in0i_1, x0i);
        COPY(in1i_1, x1i);
        H2(y1i, in1i_0, wk1i_0);
        H2(y0i, in0i_0, wk0i_0);
        ADD(wk0i_1, m0o, f0o_3);
        LDQ_IN(f0o_0, to, 64, 128);
        H(x1i, y1i, wk1i_1);
        H2(y1i, in1i_1, wk1i_1);
        H(x0i, y0i, wk0i_1);
        H2(y0i, in0i_1, wk0i_1);
        LDQ_IN(f1o_0, to, 64, 128);
        ADD(w0i_0, x0o, f0o_0);
        LDQ_IN(f1o_2, to, 96, 128);
        COPY(in1i_2, x1i);
        COPY(in0i_2, x0i);
        ADD(w1i_0, x1o, f1o_0);
        LDQ_IN(f0o_2, to, 96, 128);
        ADD(w1i_1, m1o, f1o_2);
        H(x0i, y0i, c2);
        H(x1i, y1i, c2);
        H2(y0i, in0i_2, c2);
        H2(y1i, in1i_2, c2);
        ADD(w0i_1, m0o, f0o_2);
        EOR(t0_a, t0_a, w0i_0);
        EOR(t1_a, t1_a, w1i_0);
        COPY(in0i_3, x0i);
        COPY(in1i_3, x1i);
        LDQ_IN(w1i_3, ti, 48, 128);
        SU0(w0i_0, w0i_1);
        SU0(w1i_0, w1i_1);
        H(x1i, y1i, c3);
        H(x0i, y0i, c3);
        H2(y0i, in0i_3, c3);
        H2(y1i, in1i_3, c3);
        LDQ_IN(w1i_2, ti, 32, 128);
        EOR(t0_e, t0_e, w0i_1);
        LDQ_IN(w0i_3, ti, 48, 128);
        EOR(t1_e, t1_e, w1i_1);
        LDQ_IN(w0i_2, ti, 32, 128);
        SU1(w1i_0, w1i_2, w1i_3);
        SU0(w1i_1, w1i_2);
        LDQ_IN(ki_4, kp, 64, 256);
        SU1(w0i_0, w0i_2, w0i_3);
        SU0(w0i_1, w0i_2);
        LDQ_IN(ki_5, kp, 80, 256);
        ADD(wk1i_4, w1i_0, ki_4);
        COPY(in1i_4, x1i);
        COPY(in0i_4, x0i);
        ADD(wk0i_4, w0i_0, ki_4);
        SU1(w1i_1, w1i_3, w1i_0);
        SU1(w0i_1, w0i_3, w0i_0);
        H(x1i, y1i, wk1i_4);
        H2(y1i, in1i_4, wk1i_4);
        SU0(w1i_3, w1i_0);
        H(x0i, y0i, wk0i_4);
        H2(y0i, in0i_4, wk0i_4);
        SU1(w0i_2, w0i_0, w0i_1);
        SU1(w1i_2, w1i_0, w1i_1);
        SU0(w0i_3, w0i_0);
        SU0(w1i_0, w1i_1);
        SU0(w0i_0, w0i_1);
        ADD(wk1i_5, w1i_1, ki_5);
        COPY(in1i_5, x1i);
        ADD(wk0i_5, w0i_1, ki_5);
        COPY(in0i_5, x0i);
        LDQ_IN(ki_6, kp, 96, 256);
        SU1(w0i_3, w0i_1, w0i_2);
        H(x1i, y1i, wk1i_5);
        H2(y1i, in1i_5, wk1i_5);
        H(x0i, y0i, wk0i_5);
        H2(y0i, in0i_5, wk0i_5);
        SU1(w1i_3, w1i_1, w1i_2);
        SU1(w0i_0, w0i_2, w0i_3);
        SU0(w0i_1, w0i_2);
        SU0(w1i_1, w1i_2);
        ADD(wk0i_6, w0i_2, ki_6);
        COPY(in1i_6, x1i);
        COPY(in0i_6, x0i);
        ADD(wk1i_6, w1i_2, ki_6);
        LDQ_IN(ki_7, kp, 112, 256);
        SU1(w1i_0, w1i_2, w1i_3);
        H(x0i, y0i, wk0i_6);
        SU1(w0i_1, w0i_3, w0i_0);
        H2(y0i, in0i_6, wk0i_6);
        H(x1i, y1i, wk1i_6);
        H2(y1i, in1i_6, wk1i_6);
        SU1(w1i_1, w1i_3, w1i_0);
        SU0(w1i_2, w1i_3);
        SU0(w0i_2, w0i_3);
        ADD(wk1i_7, w1i_3, ki_7);
        COPY(in1i_7, x1i);
        COPY(in0i_7, x0i);
        ADD(wk0i_7, w0i_3, ki_7);
        LDQ_IN(ki_8, kp, 128, 256);
        SU1(w1i_2, w1i_0, w1i_1);
        H(x1i, y1i, wk1i_7);
        H2(y1i, in1i_7, wk1i_7);
        SU1(w0i_2, w0i_0, w0i_1);
        H(x0i, y0i, wk0i_7);
        H2(y0i, in0i_7, wk0i_7);
        SU0(w1i_3, w1i_0);
        SU0(w0i_3, w0i_0);
        ADD(wk0i_8, w0i_0, ki_8);
        COPY(in1i_8, x1i);
        ADD(wk1i_8, w1i_0, ki_8);
        COPY(in0i_8, x0i);
        LDQ_IN(ki_9, kp, 144, 256);
        SU1(w1i_3, w1i_1, w1i_2);
        H(x0i, y0i, wk0i_8);
        SU1(w0i_3, w0i_1, w0i_2);
        H(x1i, y1i, wk1i_8);
        H2(y0i, in0i_8, wk0i_8);
        H2(y1i, in1i_8, wk1i_8);
        SU0(w1i_0, w1i_1);
        SU0(w0i_0, w0i_1);
        ADD(wk1i_9, w1i_1, ki_9);
        COPY(in1i_9, x1i);
        COPY(in0i_9, x0i);
        ADD(wk0i_9, w0i_1, ki_9);
        LDQ_IN(ki_10, kp, 160, 256);
        SU1(w1i_0, w1i_2, w1i_3);
        H(x1i, y1i, wk1i_9);
        H2(y1i, in1i_9, wk1i_9);
        SU1(w0i_0, w0i_2, w0i_3);
        H(x0i, y0i, wk0i_9);
        H2(y0i, in0i_9, wk0i_9);
        SU0(w1i_1, w1i_2);
        SU0(w0i_1, w0i_2);
        ADD(wk1i_10, w1i_2, ki_10);
        ADD(wk0i_10, w0i_2, ki_10);
        COPY(in0i_10, x0i);
        COPY(in1i_10, x1i);
        LDQ_IN(ki_11, kp, 176, 256);
        SU1(w0i_1, w0i_3, w0i_0);
        H(x1i, y1i, wk1i_10);
        H(x0i, y0i, wk0i_10);
        H2(y0i, in0i_10, wk0i_10);
        H2(y1i, in1i_10, wk1i_10);
        SU1(w1i_1, w1i_3, w1i_0);
        SU0(w1i_2, w1i_3);
        SU0(w0i_2, w0i_3);
        ADD(wk0i_11, w0i_3, ki_11);
        COPY(in0i_11, x0i);
        ADD(wk1i_11, w1i_3, ki_11);
        COPY(in1i_11, x1i);
        LDQ_IN(ki_12, kp, 192, 256);
        SU1(w1i_2, w1i_0, w1i_1);
        H(x0i, y0i, wk0i_11);
        H2(y0i, in0i_11, wk0i_11);
        H(x1i, y1i, wk1i_11);
        H2(y1i, in1i_11, wk1i_11);
        SU1(w0i_2, w0i_0, w0i_1);
        SU0(w0i_3, w0i_0);
        SU0(w1i_3, w1i_0);
        ADD(wk0i_12, w0i_0, ki_12);
        COPY(in0i_12, x0i);
        ADD(wk1i_12, w1i_0, ki_12);
        COPY(in1i_12, x1i);
        LDQ_IN(ki_13, kp, 208, 256);
        SU1(w0i_3, w0i_1, w0i_2);
        H(x0i, y0i, wk0i_12);
        H2(y0i, in0i_12, wk0i_12);
        H(x1i, y1i, wk1i_12);
        H2(y1i, in1i_12, wk1i_12);
        SU1(w1i_3, w1i_1, w1i_2);
        ADD(wk0i_13, w0i_1, ki_13);
        ADD(wk1i_13, w1i_1, ki_13);
        COPY(in0i_13, x0i);
        COPY(in1i_13, x1i);
        LDQ_IN(ki_14, kp, 224, 256);
        H(x0i, y0i, wk0i_13);
        H(x1i, y1i, wk1i_13);
        H2(y0i, in0i_13, wk0i_13);
        H2(y1i, in1i_13, wk1i_13);
        ADD(wk0i_14, w0i_2, ki_14);
        ADD(wk1i_14, w1i_2, ki_14);
        COPY(in0i_14, x0i);
        COPY(in1i_14, x1i);
        LDQ_IN(ki_15, kp, 240, 256);
        H(x0i, y0i, wk0i_14);
        H(x1i, y1i, wk1i_14);
        H2(y0i, in0i_14, wk0i_14);
        H2(y1i, in1i_14, wk1i_14);
        ADD(wk0i_15, w0i_3, ki_15);
        ADD(wk1i_15, w1i_3, ki_15);
        COPY(in0i_15, x0i);
        COPY(in1i_15, x1i);
        LDQ_IN(f1i_1, ti, 80, 128);
        H(x0i, y0i, wk0i_15);
        H(x1i, y1i, wk1i_15);
        H2(y0i, in0i_15, wk0i_15);
        H2(y1i, in1i_15, wk1i_15);
        LDQ_IN(f0i_1, ti, 80, 128);
        LDQ_IN(y1o, to, 16, 128);
        ADD(wk1o_0, x1i, f1i_1);
        LDQ_IN(x1o, to, 0, 128);
        ADD(wk0o_0, x0i, f0i_1);
        LDQ_IN(x0o, to, 0, 128);
        AND(m0i, y0i, mask);
        LDQ_IN(y0o, to, 16, 128);
        H(x1o, y1o, wk1o_0);
        AND(m1i, y1i, mask);
        LDQ_IN(f1i_3, ti, 112, 128);
        H(x0o, y0o, wk0o_0);
        LDQ_IN(in1o_0, to, 0, 128);
        LDQ_IN(in0o_0, to, 0, 128);
        ADD(wk1o_1, m1i, f1i_3);
        LDQ_IN(f0i_3, ti, 112, 128);
        H2(y1o, in1o_0, wk1o_0);
        H2(y0o, in0o_0, wk0o_0);
        LDQ_IN(f0i_0, ti, 64, 128);
        ADD(wk0o_1, m0i, f0i_3);
        COPY(in0o_1, x0o);
        COPY(in1o_1, x1o);
        H(x1o, y1o, wk1o_1);
        LDQ_IN(f1i_2, ti, 96, 128);
        H(x0o, y0o, wk0o_1);
        H2(y0o, in0o_1, wk0o_1);
        H2(y1o, in1o_1, wk1o_1);
        LDQ_IN(f1i_0, ti, 64, 128);
        ADD(w0o_0, x0i, f0i_0);
        COPY(in1o_2, x1o);
        COPY(in0o_2, x0o);
        LDQ_IN(f0i_2, ti, 96, 128);
        H(x1o, y1o, c2);
        H(x0o, y0o, c2);
        ADD(w1o_1, m1i, f1i_2);
        ADD(w1o_0, x1i, f1i_0);
        ADD(w0o_1, m0i, f0i_2);
        H2(y1o, in1o_2, c2);
        H2(y0o, in0o_2, c2);
        LDQ_IN(w0o_3, to, 48, 128);
        SU0(w1o_0, w1o_1);
        SU0(w0o_0, w0o_1);
        LDQ_IN(w0o_2, to, 32, 128);
        COPY(in0o_3, x0o);
        COPY(in1o_3, x1o);
        LDQ_IN(w1o_3, to, 48, 128);
        H(x0o, y0o, c3);
        SU1(w0o_0, w0o_2, w0o_3);
        H(x1o, y1o, c3);
        SU0(w0o_1, w0o_2);
        H2(y0o, in0o_3, c3);
        H2(y1o, in1o_3, c3);
        LDQ_IN(w1o_2, to, 32, 128);
        LDQ_IN(ko_4, kp, 64, 256);
        SU1(w0o_1, w0o_3, w0o_0);
        SU0(w0o_3, w0o_0);
        SU1(w1o_0, w1o_2, w1o_3);
        SU0(w1o_1, w1o_2);
        ADD(wk0o_4, w0o_0, ko_4);
        COPY(in1o_4, x1o);
        COPY(in0o_4, x0o);
        LDQ_IN(ko_5, kp, 80, 256);
        ADD(wk1o_4, w1o_0, ko_4);
        SU1(w1o_1, w1o_3, w1o_0);
        H(x0o, y0o, wk0o_4);
        SU1(w0o_2, w0o_0, w0o_1);
        H2(y0o, in0o_4, wk0o_4);
        SU0(w1o_3, w1o_0);
        H(x1o, y1o, wk1o_4);
        H2(y1o, in1o_4, wk1o_4);
        SU1(w1o_2, w1o_0, w1o_1);
        SU1(w0o_3, w0o_1, w0o_2);
        SU0(w0o_0, w0o_1);
        SU0(w1o_0, w1o_1);
        ADD(wk1o_5, w1o_1, ko_5);
        COPY(in1o_5, x1o);
        ADD(wk0o_5, w0o_1, ko_5);
        COPY(in0o_5, x0o);
        LDQ_IN(ko_6, kp, 96, 256);
        SU1(w1o_3, w1o_1, w1o_2);
        H(x1o, y1o, wk1o_5);
        H2(y1o, in1o_5, wk1o_5);
        H(x0o, y0o, wk0o_5);
        H2(y0o, in0o_5, wk0o_5);
        SU1(w0o_0, w0o_2, w0o_3);
        SU1(w1o_0, w1o_2, w1o_3);
        SU0(w0o_1, w0o_2);
        SU0(w1o_1, w1o_2);
        ADD(wk0o_6, w0o_2, ko_6);
        COPY(in1o_6, x1o);
        COPY(in0o_6, x0o);
        ADD(wk1o_6, w1o_2, ko_6);
        LDQ_IN(ko_7, kp, 112, 256);
        SU1(w1o_1, w1o_3, w1o_0);
        H(x0o, y0o, wk0o_6);
        SU1(w0o_1, w0o_3, w0o_0);
        H2(y0o, in0o_6, wk0o_6);
        H(x1o, y1o, wk1o_6);
        H2(y1o, in1o_6, wk1o_6);
        SU0(w1o_2, w1o_3);
        SU0(w0o_2, w0o_3);
        ADD(wk1o_7, w1o_3, ko_7);
        COPY(in0o_7, x0o);
        COPY(in1o_7, x1o);
        ADD(wk0o_7, w0o_3, ko_7);
        LDQ_IN(ko_8, kp, 128, 256);
        SU1(w0o_2, w0o_0, w0o_1);
        H(x1o, y1o, wk1o_7);
        SU1(w1o_2, w1o_0, w1o_1);
        H2(y1o, in1o_7, wk1o_7);
        H(x0o, y0o, wk0o_7);
        H2(y0o, in0o_7, wk0o_7);
        SU0(w1o_3, w1o_0);
        SU0(w0o_3, w0o_0);
        ADD(wk0o_8, w0o_0, ko_8);
        COPY(in1o_8, x1o);
        ADD(wk1o_8, w1o_0, ko_8);
        COPY(in0o_8, x0o);
        LDQ_IN(ko_9, kp, 144, 256);
        SU1(w1o_3, w1o_1, w1o_2);
        H(x0o, y0o, wk0o_8);
        SU1(w0o_3, w0o_1, w0o_2);
        H(x1o, y1o, wk1o_8);
        H2(y1o, in1o_8, wk1o_8);
        H2(y0o, in0o_8, wk0o_8);
        SU0(w0o_0, w0o_1);
        SU0(w1o_0, w1o_1);
        ADD(wk0o_9, w0o_1, ko_9);
        COPY(in0o_9, x0o);
        ADD(wk1o_9, w1o_1, ko_9);
        COPY(in1o_9, x1o);
        LDQ_IN(ko_10, kp, 160, 256);
        SU1(w0o_0, w0o_2, w0o_3);
        H(x0o, y0o, wk0o_9);
        H2(y0o, in0o_9, wk0o_9);
        H(x1o, y1o, wk1o_9);
        H2(y1o, in1o_9, wk1o_9);
        SU1(w1o_0, w1o_2, w1o_3);
        SU0(w0o_1, w0o_2);
        SU0(w1o_1, w1o_2);
        ADD(wk0o_10, w0o_2, ko_10);
        COPY(in1o_10, x1o);
        COPY(in0o_10, x0o);
        ADD(wk1o_10, w1o_2, ko_10);
        LDQ_IN(ko_11, kp, 176, 256);
        SU1(w1o_1, w1o_3, w1o_0);
        H(x0o, y0o, wk0o_10);
        SU1(w0o_1, w0o_3, w0o_0);
        H2(y0o, in0o_10, wk0o_10);
        H(x1o, y1o, wk1o_10);
        H2(y1o, in1o_10, wk1o_10);
        SU0(w1o_2, w1o_3);
        SU0(w0o_2, w0o_3);
        ADD(wk0o_11, w0o_3, ko_11);
        COPY(in0o_11, x0o);
        COPY(in1o_11, x1o);
        ADD(wk1o_11, w1o_3, ko_11);
        LDQ_IN(ko_12, kp, 192, 256);
        SU1(w1o_2, w1o_0, w1o_1);
        H(x0o, y0o, wk0o_11);
        H2(y0o, in0o_11, wk0o_11);
        SU1(w0o_2, w0o_0, w0o_1);
        H(x1o, y1o, wk1o_11);
        H2(y1o, in1o_11, wk1o_11);
        SU0(w1o_3, w1o_0);
        SU0(w0o_3, w0o_0);
        ADD(wk0o_12, w0o_0, ko_12);
        COPY(in0o_12, x0o);
        ADD(wk1o_12, w1o_0, ko_12);
        COPY(in1o_12, x1o);
        LDQ_IN(ko_13, kp, 208, 256);
        SU1(w1o_3, w1o_1, w1o_2);
        H(x0o, y0o, wk0o_12);
        H2(y0o, in0o_12, wk0o_12);
        H(x1o, y1o, wk1o_12);
        H2(y1o, in1o_12, wk1o_12);
        SU1(w0o_3, w0o_1, w0o_2);
        ADD(wk0o_13, w0o_1, ko_13);
        COPY(in0o_13, x0o);
        ADD(wk1o_13, w1o_1, ko_13);
        COPY(in1o_13, x1o);
        LDQ_IN(ko_14, kp, 224, 256);
        H(x0o, y0o, wk0o_13);
        H2(y0o, in0o_13, wk0o_13);
        H(x1o, y1o, wk1o_13);
        H2(y1o, in1o_13, wk1o_13);
        ADD(wk1o_14, w1o_2, ko_14);
        ADD(wk0o_14, w0o_2, ko_14);
        COPY(in0o_14, x0o);
        LDQ_IN(ko_15, kp, 240, 256);
        COPY(in1o_14, x1o);
        H(x1o, y1o, wk1o_14);
        H(x0o, y0o, wk0o_14);
        H2(y0o, in0o_14, wk0o_14);
        ADD(wk0o_15, w0o_3, ko_15);
        ADD(wk1o_15, w1o_3, ko_15);
        H2(y1o, in1o_14, wk1o_14);
        COPY(in1o_15, x1o);
        COPY(in0o_15, x0o);
        H(x0o, y0o, wk0o_15);
        H(x1o, y1o, wk1o_15);
        H2(y1o, in1o_15, wk1o_15);
        H2(y0o, in0o_15, wk0o_15);
    } while (--n != 0);
    LDQ_IN(f1o_1, to, 80, 128);
    LDQ_IN(f0o_1, to, 80, 128);
    AND(m0o, y0o, mask);
    ADD(wk1i_0, x1o, f1o_1);
    ADD(wk0i_0, x0o, f0o_1);
    AND(m1o, y1o, mask);
    LDQ_IN(f1o_3, to, 112, 128);
    ADD(wk1i_1, m1o, f1o_3);
    LDQ_IN(f0o_3, to, 112, 128);
    ADD(wk0i_1, m0o, f0o_3);
    LDQ_IN(f0o_0, to, 64, 128);
    LDQ_IN(f1o_0, to, 64, 128);
    ADD(w0i_0, x0o, f0o_0);
    LDQ_IN(f1o_2, to, 96, 128);
    ADD(w1i_0, x1o, f1o_0);
    LDQ_IN(f0o_2, to, 96, 128);
    ADD(w1i_1, m1o, f1o_2);
    ADD(w0i_1, m0o, f0o_2);
    EOR(t0_a, t0_a, w0i_0);
    EOR(t1_a, t1_a, w1i_0);
    EOR(t0_e, t0_e, w0i_1);
    EOR(t1_e, t1_e, w1i_1);
    STORE_T(t0_a, t0_e, t[0]);
    STORE_T(t1_a, t1_e, t[1]);
    /* ---- generated order: end ---- */

    t[0][7] = (t[0][7] & mask7) | (t7[0] & ~mask7);
    t[1][7] = (t[1][7] & mask7) | (t7[1] & ~mask7);
    armsha_wipe(tab, sizeof(tab));
}
