/* SHA-1 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): each instruction of a quad is issued for
 * lane 0 then lane 1, in sha1_ce.c's order, so that the SHA1C/P/M latency of one lane is
 * spent on the other's work instead of waited out (the asm wrappers in sha1_ops.h keep the
 * order on the cores that do not reorder). */
#include <arm_neon.h>

#include "kernels.h"
#include "sha1_ops.h"
#include "side_copy.h"
#include "../opaque.h"

/* sha1_ce.c's quad steps for lane L (its variables: abcd##L, e##L, w##L, wk##L). */
#define H_OP(L, t, op)                        \
    e##L[((t) + 1) % 2] = sha1h(abcd##L);     \
    op##4(&abcd##L, e##L[(t) % 2], wk##L[(t) % 2])
#define ADD(L, t, k) wk##L[(t) % 2] = add_k(w##L[((t) + 2) % 4], k)
#define SU1(L, t) su1(&w##L[((t) + 3) % 4], w##L[((t) + 2) % 4])
#define SU0(L, t) su0(&w##L[(t) % 4], w##L[((t) + 1) % 4], w##L[((t) + 2) % 4])
/* Each step on both lanes. */
#define H_OP2(t, op) H_OP(0, t, op); H_OP(1, t, op)
#define ADD2(t, k) ADD(0, t, k); ADD(1, t, k)
#define SU12(t) SU1(0, t); SU1(1, t)
#define SU02(t) SU0(0, t); SU0(1, t)
#define QUAD2(t, op, k) \
    H_OP2(t, op);       \
    ADD2(t, k);         \
    SU12(t);            \
    SU02(t)

void armsha_sha1_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The constants through an empty asm, as in sha1_ce.c. */
    const uint32_t *kp = armsha_sha1_k;
    ARMSHA_OPAQUE(kp);
    const uint32x4_t k0 = vld1q_u32(kp), k1 = vld1q_u32(kp + 4), k2 = vld1q_u32(kp + 8),
                     k3 = vld1q_u32(kp + 12);
    uint32x4_t abcd0 = vld1q_u32(state[0]), abcd1 = vld1q_u32(state[1]);
    const uint32x4_t e0_in = load_e(&state[0][4]), e1_in = load_e(&state[1][4]);
    const BLOCK_BYTES m0 = LOAD_BYTES(data[0]), m1 = LOAD_BYTES(data[1]);
    uint32x4_t w0[4] = {TO_WORDS(m0.val[0]), TO_WORDS(m0.val[1]), TO_WORDS(m0.val[2]),
                        TO_WORDS(m0.val[3])};
    uint32x4_t w1[4] = {TO_WORDS(m1.val[0]), TO_WORDS(m1.val[1]), TO_WORDS(m1.val[2]),
                        TO_WORDS(m1.val[3])};
    uint32x4_t wk0[2] = {add_k(w0[0], k0), add_k(w0[1], k0)};
    uint32x4_t wk1[2] = {add_k(w1[0], k0), add_k(w1[1], k0)};
    uint32x4_t e0[2] = {e0_in, e0_in}, e1[2] = {e1_in, e1_in};
    const uint32x4_t abcd0_saved = side_copy(&abcd0), abcd1_saved = side_copy(&abcd1);

    H_OP2(0, sha1c); /* rounds 0-3 */
    ADD2(0, k0);
    SU02(0);
    QUAD2(1, sha1c, k0);
    QUAD2(2, sha1c, k0);
    QUAD2(3, sha1c, k1);
    QUAD2(4, sha1c, k1);
    QUAD2(5, sha1p, k1); /* rounds 20-23 */
    QUAD2(6, sha1p, k1);
    QUAD2(7, sha1p, k1);
    QUAD2(8, sha1p, k2);
    QUAD2(9, sha1p, k2);
    QUAD2(10, sha1m, k2); /* rounds 40-43 */
    QUAD2(11, sha1m, k2);
    QUAD2(12, sha1m, k2);
    QUAD2(13, sha1m, k3);
    QUAD2(14, sha1m, k3);
    QUAD2(15, sha1p, k3); /* rounds 60-63 */
    H_OP2(16, sha1p);
    ADD2(16, k3);
    SU12(16);
    H_OP2(17, sha1p);
    ADD2(17, k3);
    H_OP2(18, sha1p);
    H_OP2(19, sha1p);

    vst1q_u32(state[0], vaddq_u32(abcd0, abcd0_saved));
    vst1q_u32(state[1], vaddq_u32(abcd1, abcd1_saved));
    state[0][4] = vgetq_lane_u32(vaddq_u32(e0_in, e0[0]), 0);
    state[1][4] = vgetq_lane_u32(vaddq_u32(e1_in, e1[0]), 0);
}
