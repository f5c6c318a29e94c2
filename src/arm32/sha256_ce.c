/* SHA-256 block function (also SHA-224) on the AArch32 Crypto Extension: SHA256H/H2/SU0/SU1. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "sha256_ops.h"
#include "side_copy.h"
#include "../sha2_constants.h"

/* AArch32 has 16 quad registers, too few to keep the whole K table in them as the aarch64
 * kernel does: K comes from the table two quads a load, K[4t+8..4t+15] into the pair kk
 * during even quad t (once quad t has read the last of the pair before), and the W+K of
 * quad t+1 is made during quad t. SHA256H2 needs abcd from before SHA256H, which
 * overwrites abcd in place: one VMOV a quad.
 *
 * Quad t (rounds 4t..4t+3) on wk[t % 2], in the order below: for an in-order core each
 * instruction waits the least for the one it reads (bench/RESULTS.md, "PBKDF2 on two lanes,
 * AArch32 CE"), and the Cortex-A57 model keeps OpenSSL's figure. SHA256SU0 starts
 * W[4t+16..] in w[t % 4] (it reads W[4t+4..], still to be added to K below), SHA256SU1
 * finishes it (reading W[4t+8..] and W[4t+12..]). */
#define QUAD(t)                                                                 \
    do {                                                                        \
        uint32x4_t in_;                                                         \
        COPY(in_, abcd);                                                        \
        if ((t) < 15)                                                           \
            ADD(wk[((t) + 1) % 2], kk.val[((t) + 1) % 2], w[((t) + 1) % 4]);    \
        if ((t) < 12)                                                           \
            SU0(w[(t) % 4], w[((t) + 1) % 4]);                                  \
        H(abcd, efgh, wk[(t) % 2]);                                             \
        if ((t) % 2 == 0 && ((t) < 14 || next))                                 \
            LOAD_K2(kk, kp);                                                    \
        if ((t) == 12)                                                          \
            kp -= 64; /* back to K[0], by a SUB: no second pointer */           \
        H2(efgh, in_, wk[(t) % 2]);                                             \
        if ((t) < 12)                                                           \
            SU1(w[(t) % 4], w[((t) + 2) % 4], w[((t) + 3) % 4]);                \
    } while (0)

/* One block. Before it, w holds the block's words, kk K[0..7], wk[0] W+K of quad 0 and
 * *kp_p points at K[8] (and does after it, when next is not NULL); when next is not NULL
 * the last quads load the next block (from *next, which steps past it) and its first K, each half of the block once the W it overwrites
 * are read for the last time: an in-order core would otherwise wait out the loads and the
 * REV32s at the first quad. The block's loads step the pointer themselves (load_block.h):
 * OpenSSL's instruction count a block (guest instructions under qemu), for a few cycles on
 * the in-order models (bench/RESULTS.md, "PBKDF2 on two lanes, AArch32 CE"). */
static inline __attribute__((always_inline)) void sha256_block(uint32x4_t *abcd_p, uint32x4_t *efgh_p,
                                                               uint32x4_t w[4], uint32x4_t wk[2],
                                                               uint32x4x2_t *kk_p, const uint32_t **kp_p,
                                                               const uint8_t **next)
{
    uint32x4_t abcd = *abcd_p, efgh = *efgh_p;
    const uint32x4_t abcd_saved = side_copy(&abcd), efgh_saved = side_copy(&efgh);
    const uint32_t *kp = *kp_p;
    uint32x4x2_t kk = *kk_p;
    uint8x16_t m0, m1, m2, m3;

    QUAD(0); /* rounds 0-3 */
    QUAD(1);
    QUAD(2);
    QUAD(3);
    QUAD(4); /* rounds 16-19 */
    QUAD(5);
    QUAD(6);
    QUAD(7);
    QUAD(8); /* rounds 32-35 */
    QUAD(9);
    QUAD(10);
    QUAD(11);
    QUAD(12); /* rounds 48-51 */
    if (next) /* w[0], w[1] are read for the last time above */
        ARMSHA_LOAD_BYTES_HALF_WB(m0, m1, *next);
    QUAD(13);
    if (next) {
        ARMSHA_REV32(w[0], m0);
        ARMSHA_REV32(w[1], m1);
    }
    QUAD(14);
    if (next) /* and w[2], w[3] by now */
        ARMSHA_LOAD_BYTES_HALF_WB(m2, m3, *next);
    QUAD(15);
    if (next) {
        ARMSHA_REV32(w[2], m2);
        ARMSHA_REV32(w[3], m3);
        ADD(wk[0], kk.val[0], w[0]);
    }
    *kp_p = kp;
    *kk_p = kk;
    *abcd_p = vaddq_u32(abcd, abcd_saved);
    *efgh_p = vaddq_u32(efgh, efgh_saved);
}

void armsha_sha256_blocks_aarch32(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);
    uint32x4_t w[4], wk[2];
    uint32x4x2_t kk = { { vld1q_u32(armsha_sha256_k), vld1q_u32(armsha_sha256_k + 4) } };

    const uint32_t *kp = armsha_sha256_k + 8;

    ARMSHA_LOAD_BLOCK_BE32(w[0], w[1], w[2], w[3], data);
    wk[0] = vaddq_u32(kk.val[0], w[0]);

    /* Every block but the last loads the next one; the last is the same code without. */
    for (size_t n = nblocks - 1; n != 0; n--)
        sha256_block(&abcd, &efgh, w, wk, &kk, &kp, &data);
    sha256_block(&abcd, &efgh, w, wk, &kk, &kp, NULL);

    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
