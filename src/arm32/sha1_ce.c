/* SHA-1 block function on the AArch32 Crypto Extension (SHA1C/P/M, SHA1H, SHA1SU0, SHA1SU1). */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "sha1_ops.h"
#include "side_copy.h"

/* Quad t (rounds 4t..4t+3) with op on wk[t % 2] and e[t % 2], the schedule pipelined as
 * in arm64's sha1_ce.c (and OpenSSL's sha1-armv4 CE): SHA1H makes e[(t+1) % 2] right
 * before the SHA1C/P/M, SHA1SU0 starts W[4t+16..] in w[t % 4], SHA1SU1 finishes
 * W[4t+12..] in w[(t+3) % 4] (its SHA1SU0 was a quad before), then the W+K of quad t+2
 * into wk[t % 2] (w[(t+2) % 4] holds W[4t+8..4t+11]). So no SHA1SU1 waits on the SHA1SU0
 * just before it, which an in-order core would; the add last, or the Cortex-A57 model's
 * crypto pipe loses a cycle here and there to the schedule (bench/RESULTS.md, "PBKDF2 on
 * two lanes, AArch32 CE"). */
#define H_OP(t, op)                          \
    SHA1H(e[((t) + 1) % 2], abcd);           \
    ROUNDS(op, abcd, e[(t) % 2], wk[(t) % 2])
#define ADDK(t, k) ADD(wk[(t) % 2], k, w[((t) + 2) % 4])
#define SU1T(t) SU1(w[((t) + 3) % 4], w[((t) + 2) % 4])
#define SU0T(t) SU0(w[(t) % 4], w[((t) + 1) % 4], w[((t) + 2) % 4])
#define QUAD(t, op, k) \
    H_OP(t, op);       \
    SU0T(t);           \
    SU1T(t);           \
    ADDK(t, k)

/* One block. Before it, w and wk hold the block's words and the W+K of quads 0 and 1;
 * when next is not NULL the last quads load the next block (from *next, which steps past
 * it) into them meanwhile, each half once the W it overwrites are read for the last time:
 * an in-order core would otherwise wait out the loads and the REV32s at the first quad. The block's loads step the pointer themselves (load_block.h):
 * OpenSSL's instruction count a block (guest instructions under qemu), for a few cycles on
 * the in-order models (bench/RESULTS.md, "PBKDF2 on two lanes, AArch32 CE"). */
static inline __attribute__((always_inline)) void sha1_block(uint32x4_t *abcd_p, uint32x4_t *e_p,
                                                             uint32x4_t w[4], uint32x4_t wk[2],
                                                             const uint8_t **next, const uint32x4_t k[4])
{
    uint32x4_t abcd = *abcd_p, e[2] = { *e_p, *e_p };
    const uint32x4_t abcd_saved = side_copy(&abcd);
    const uint32x4_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
    uint8x16_t m0, m1, m2, m3;

    H_OP(0, C); /* rounds 0-3 */
    ADDK(0, k0);
    SU0T(0);
    QUAD(1, C, k0);
    QUAD(2, C, k0);
    QUAD(3, C, k1);
    QUAD(4, C, k1);
    QUAD(5, P, k1); /* rounds 20-23 */
    QUAD(6, P, k1);
    QUAD(7, P, k1);
    QUAD(8, P, k2);
    QUAD(9, P, k2);
    QUAD(10, M, k2); /* rounds 40-43 */
    QUAD(11, M, k2);
    QUAD(12, M, k2);
    QUAD(13, M, k3);
    QUAD(14, M, k3);
    QUAD(15, P, k3); /* rounds 60-63 */
    if (next) /* w[0], w[1] are read for the last time above */
        ARMSHA_LOAD_BYTES_HALF_WB(m0, m1, *next);
    H_OP(16, P);
    ADDK(16, k3);
    SU1T(16);
    H_OP(17, P);
    ADDK(17, k3);
    if (next) { /* and w[2], w[3] by now */
        ARMSHA_LOAD_BYTES_HALF_WB(m2, m3, *next);
        ARMSHA_REV32(w[0], m0);
        ARMSHA_REV32(w[1], m1);
    }
    H_OP(18, P);
    if (next) {
        ADD(wk[0], k0, w[0]);
        ARMSHA_REV32(w[2], m2);
    }
    H_OP(19, P);
    if (next) {
        ADD(wk[1], k0, w[1]);
        ARMSHA_REV32(w[3], m3);
    }
    *e_p = vaddq_u32(*e_p, e[0]);
    *abcd_p = vaddq_u32(abcd, abcd_saved);
}

void armsha_sha1_blocks_aarch32(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    const uint32x4_t k[4] = { vdupq_n_u32(0x5a827999), vdupq_n_u32(0x6ed9eba1), vdupq_n_u32(0x8f1bbcdc),
                              vdupq_n_u32(0xca62c1d6) };
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t e = vdupq_n_u32(state[4]);
    uint32x4_t w[4], wk[2];

    ARMSHA_LOAD_BLOCK_BE32(w[0], w[1], w[2], w[3], data);
    wk[0] = vaddq_u32(k[0], w[0]);
    wk[1] = vaddq_u32(k[0], w[1]);

    /* Every block but the last loads the next one; the last is the same code without. */
    for (size_t n = nblocks - 1; n != 0; n--)
        sha1_block(&abcd, &e, w, wk, &data, k);
    sha1_block(&abcd, &e, w, wk, NULL, k);

    vst1q_u32(state, abcd);
    state[4] = vgetq_lane_u32(e, 0);
}
