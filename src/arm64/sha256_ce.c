/* SHA-256 block function (also SHA-224) on the ARMv8 Crypto Extension: SHA256H/H2/SU0/SU1. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "side_copy.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Four rounds. SHA256H2 needs abcd from before SHA256H: it reads the copy while
 * SHA256H updates abcd in place. On SHA256H2's side the MOV costs nothing: SHA256H and H2
 * share one pipe on Neoverse cores, so H2 issues a cycle after H anyway. */
#define QUAD(wk)                                    \
    do {                                            \
        uint32x4_t abcd_in = side_copy(&abcd);      \
        abcd = vsha256hq_u32(abcd, efgh, (wk));     \
        efgh = vsha256h2q_u32(efgh, abcd_in, (wk)); \
    } while (0)

/* Four rounds on wk, while the schedule makes w0 = W[t+16..t+19] out of
 * W[t..t+15] = w0..w3 and the next quad's W+K is prepared: the message
 * work runs in the shadow of the SHA256H/H2 chain. */
#define QUAD_SCHED(wk, wk_next, k_next, w0, w1, w2, w3) \
    do {                                             \
        w0 = vsha256su0q_u32(w0, w1);                \
        wk_next = vaddq_u32(w1, k_next);             \
        QUAD(wk);                                    \
        w0 = vsha256su1q_u32(w0, w2, w3);            \
    } while (0)

ARMSHA_LOOP_ALIGNED
void armsha_sha256_blocks_armv8(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    /* The whole K table fits in 16 of the 32 vector registers: load it once per
     * call. Its address goes through an empty asm because GCC, knowing the values,
     * otherwise gives every vector its own literal-pool load (ADRP + LDR each). */
    const uint32_t *kp = armsha_sha256_k;
    ARMSHA_OPAQUE(kp);
    const uint32x4_t k0 = vld1q_u32(kp + 0), k1 = vld1q_u32(kp + 4);
    const uint32x4_t k2 = vld1q_u32(kp + 8), k3 = vld1q_u32(kp + 12);
    const uint32x4_t k4 = vld1q_u32(kp + 16), k5 = vld1q_u32(kp + 20);
    const uint32x4_t k6 = vld1q_u32(kp + 24), k7 = vld1q_u32(kp + 28);
    const uint32x4_t k8 = vld1q_u32(kp + 32), k9 = vld1q_u32(kp + 36);
    const uint32x4_t k10 = vld1q_u32(kp + 40), k11 = vld1q_u32(kp + 44);
    const uint32x4_t k12 = vld1q_u32(kp + 48), k13 = vld1q_u32(kp + 52);
    const uint32x4_t k14 = vld1q_u32(kp + 56), k15 = vld1q_u32(kp + 60);

    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);

    do {
        const uint32x4x4_t m = armsha_load_block_be32(data);
        uint32x4_t w0 = m.val[0], w1 = m.val[1], w2 = m.val[2], w3 = m.val[3];
        const uint32x4_t abcd_saved = side_copy(&abcd), efgh_saved = side_copy(&efgh);
        uint32x4_t wka = vaddq_u32(w0, k0), wkb;

        QUAD_SCHED(wka, wkb, k1, w0, w1, w2, w3);
        QUAD_SCHED(wkb, wka, k2, w1, w2, w3, w0);
        QUAD_SCHED(wka, wkb, k3, w2, w3, w0, w1);
        QUAD_SCHED(wkb, wka, k4, w3, w0, w1, w2);
        QUAD_SCHED(wka, wkb, k5, w0, w1, w2, w3);
        QUAD_SCHED(wkb, wka, k6, w1, w2, w3, w0);
        QUAD_SCHED(wka, wkb, k7, w2, w3, w0, w1);
        QUAD_SCHED(wkb, wka, k8, w3, w0, w1, w2);
        QUAD_SCHED(wka, wkb, k9, w0, w1, w2, w3);
        QUAD_SCHED(wkb, wka, k10, w1, w2, w3, w0);
        QUAD_SCHED(wka, wkb, k11, w2, w3, w0, w1);
        QUAD_SCHED(wkb, wka, k12, w3, w0, w1, w2);

        wkb = vaddq_u32(w1, k13);
        QUAD(wka);
        wka = vaddq_u32(w2, k14);
        QUAD(wkb);
        wkb = vaddq_u32(w3, k15);
        QUAD(wka);
        QUAD(wkb);

        abcd = vaddq_u32(abcd, abcd_saved);
        efgh = vaddq_u32(efgh, efgh_saved);
        data += ARMSHA_SHA256_BLOCK_SIZE;
    } while (--nblocks != 0);

    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
