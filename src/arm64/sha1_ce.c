/* SHA-1 block function on the ARMv8 Crypto Extension (SHA1C/P/M, SHA1SU0, SHA1SU1). */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"

/* e of the next four rounds: a rotated left by 30, which is what SHA1H computes. GCC
 * knows that and turns vsha1h_u32 into a shift and an insert (two instructions plus a
 * lane move); the asm keeps the one SHA1H. It costs model cycles, not instructions:
 * SHA1H shares the one pipe of SHA1C/P/M on Neoverse cores, so the chain waits a cycle
 * every four rounds, while the whole block takes as few instructions as OpenSSL's
 * assembly (figures: bench/RESULTS.md, "Kernel code choices"). Instruction count won:
 * small messages are dominated by it, and the cycles stay near the chain's bound.
 * The asm reads the register's lane 0, which is the intrinsics' lane 0 with GCC on either
 * byte order and with clang on little-endian; clang on big-endian holds vectors with their
 * lanes reversed between intrinsics (lane 0 is the asm's lane 3), so it takes the
 * intrinsic. */
static inline uint32_t sha1h_lane0(uint32x4_t abcd)
{
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
    uint32_t e;

    __asm__("sha1h %s0, %s1" : "=w"(e) : "w"(abcd));
    return e;
#else
    return vsha1h_u32(vgetq_lane_u32(abcd, 0));
#endif
}

/* Four rounds with op (vsha1cq_u32, vsha1pq_u32 or vsha1mq_u32) on wk, e_in the
 * e of these rounds; e_out gets the e of the next four. */
#define QUAD(op, wk, e_in, e_out)      \
    do {                               \
        e_out = sha1h_lane0(abcd);     \
        abcd = op(abcd, e_in, (wk));   \
    } while (0)

/* Four rounds, then the next quad's W+K and the schedule step that makes
 * w0 = W[t+16..t+19] out of W[t..t+15] = w0..w3: the message work runs in the
 * shadow of the SHA1C/P/M chain. */
#define QUAD_SCHED(op, wk, e_in, e_out, wk_next, k_next, w0, w1, w2, w3) \
    do {                                                             \
        QUAD(op, wk, e_in, e_out);                                   \
        wk_next = vaddq_u32(w1, k_next);                             \
        w0 = vsha1su0q_u32(w0, w1, w2);                              \
        w0 = vsha1su1q_u32(w0, w3);                                  \
    } while (0)

void armsha_sha1_blocks_armv8(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
    const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
    uint32x4_t abcd = vld1q_u32(state);
    uint32_t e = state[4];

    do {
        const uint32x4x4_t m = armsha_load_block_be32(data);
        uint32x4_t w0 = m.val[0], w1 = m.val[1], w2 = m.val[2], w3 = m.val[3];
        const uint32x4_t abcd_saved = abcd;
        uint32x4_t wka = vaddq_u32(w0, k0), wkb;
        uint32_t ea = e, eb;

        QUAD_SCHED(vsha1cq_u32, wka, ea, eb, wkb, k0, w0, w1, w2, w3); /* rounds 0-3 */
        QUAD_SCHED(vsha1cq_u32, wkb, eb, ea, wka, k0, w1, w2, w3, w0);
        QUAD_SCHED(vsha1cq_u32, wka, ea, eb, wkb, k0, w2, w3, w0, w1);
        QUAD_SCHED(vsha1cq_u32, wkb, eb, ea, wka, k0, w3, w0, w1, w2);
        QUAD_SCHED(vsha1cq_u32, wka, ea, eb, wkb, k1, w0, w1, w2, w3);

        QUAD_SCHED(vsha1pq_u32, wkb, eb, ea, wka, k1, w1, w2, w3, w0); /* rounds 20-23 */
        QUAD_SCHED(vsha1pq_u32, wka, ea, eb, wkb, k1, w2, w3, w0, w1);
        QUAD_SCHED(vsha1pq_u32, wkb, eb, ea, wka, k1, w3, w0, w1, w2);
        QUAD_SCHED(vsha1pq_u32, wka, ea, eb, wkb, k1, w0, w1, w2, w3);
        QUAD_SCHED(vsha1pq_u32, wkb, eb, ea, wka, k2, w1, w2, w3, w0);

        QUAD_SCHED(vsha1mq_u32, wka, ea, eb, wkb, k2, w2, w3, w0, w1); /* rounds 40-43 */
        QUAD_SCHED(vsha1mq_u32, wkb, eb, ea, wka, k2, w3, w0, w1, w2);
        QUAD_SCHED(vsha1mq_u32, wka, ea, eb, wkb, k2, w0, w1, w2, w3);
        QUAD_SCHED(vsha1mq_u32, wkb, eb, ea, wka, k2, w1, w2, w3, w0);
        QUAD_SCHED(vsha1mq_u32, wka, ea, eb, wkb, k3, w2, w3, w0, w1);

        QUAD_SCHED(vsha1pq_u32, wkb, eb, ea, wka, k3, w3, w0, w1, w2); /* rounds 60-63 */
        wkb = vaddq_u32(w1, k3);
        QUAD(vsha1pq_u32, wka, ea, eb);
        wka = vaddq_u32(w2, k3);
        QUAD(vsha1pq_u32, wkb, eb, ea);
        wkb = vaddq_u32(w3, k3);
        QUAD(vsha1pq_u32, wka, ea, eb);
        QUAD(vsha1pq_u32, wkb, eb, ea);

        abcd = vaddq_u32(abcd, abcd_saved);
        e += ea;
        data += ARMSHA_SHA1_BLOCK_SIZE;
    } while (--nblocks != 0);

    vst1q_u32(state, abcd);
    state[4] = e;
}
