/* SHA-1 block function on the ARMv8 Crypto Extension (SHA1C/P/M, SHA1H, SHA1SU0, SHA1SU1). */
#include <arm_neon.h>

#include "kernels.h"
#include "sha1_ops.h"
#include "side_copy.h"
#include "../opaque.h"

/* Quad t (rounds 4t..4t+3) with op on wk[t % 2] and e[t % 2]: SHA1H makes e[(t+1) % 2]
 * first; then the W+K of quad t+2 into wk[t % 2] (w[(t+2) % 4] holds W[4t+8..4t+11]),
 * SHA1SU1 finishes W[4t+12..] in w[(t+3) % 4] and SHA1SU0 starts W[4t+16..] in
 * w[t % 4]. The macros name what each quad does of that; the first and last ones do less. */
#define H_OP(t, op)                           \
    e[((t) + 1) % 2] = sha1h(abcd);           \
    op##4(&abcd, e[(t) % 2], wk[(t) % 2])
#define ADD(t, k) wk[(t) % 2] = add_k(w[((t) + 2) % 4], k)
#define SU1(t) su1(&w[((t) + 3) % 4], w[((t) + 2) % 4])
#define SU0(t) su0(&w[(t) % 4], w[((t) + 1) % 4], w[((t) + 2) % 4])
#define QUAD(t, op, k) \
    H_OP(t, op);       \
    ADD(t, k);         \
    SU1(t);            \
    SU0(t)

/* One block: the 20 quads in OpenSSL's order. Before it, w and wk hold the block's
 * words and the W+K of quads 0 and 1; when next is not NULL, the last quads load the next
 * block (from *next, which steps past it) into them meanwhile (the load and the REV32s would otherwise stall the first
 * quad: an in-order core waits out the load's latency right there). */
static inline __attribute__((always_inline)) void sha1_block(uint32x4_t *abcd_p, uint32x4_t *e_p,
                                                             uint32x4_t w[4], uint32x4_t wk[2],
                                                             const uint8_t **next, const uint32x4_t k[4])
{
    uint32x4_t abcd = *abcd_p, e[2] = { *e_p, *e_p };
    const uint32x4_t abcd_saved = side_copy(&abcd);
    const uint32x4_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
    BLOCK_BYTES m;

    H_OP(0, sha1c); /* rounds 0-3 */
    ADD(0, k0);
    SU0(0);
    QUAD(1, sha1c, k0);
    QUAD(2, sha1c, k0);
    QUAD(3, sha1c, k1);
    QUAD(4, sha1c, k1);
    QUAD(5, sha1p, k1); /* rounds 20-23 */
    QUAD(6, sha1p, k1);
    QUAD(7, sha1p, k1);
    QUAD(8, sha1p, k2);
    QUAD(9, sha1p, k2);
    QUAD(10, sha1m, k2); /* rounds 40-43 */
    QUAD(11, sha1m, k2);
    QUAD(12, sha1m, k2);
    QUAD(13, sha1m, k3);
    QUAD(14, sha1m, k3);
    QUAD(15, sha1p, k3); /* rounds 60-63 */
    H_OP(16, sha1p);
    ADD(16, k3);
    SU1(16);
    if (next) {
        /* Here and not earlier (the compilers hoist loads): the address comes out of a
         * volatile asm, which stays behind the rounds before it. */
        ARMSHA_OPAQUE(*next);
        m = LOAD_BYTES(*next);
        /* The step as an ADD of its own, not as the LD1's write-back: on Cortex-A55 the
         * write-back form holds the issue longer (bench/RESULTS.md, "Kernel code
         * choices"); one instruction more a block. */
        ARMSHA_OPAQUE(*next);
        *next += ARMSHA_SHA1_BLOCK_SIZE;
    }
    H_OP(17, sha1p);
    ADD(17, k3);
    if (next) {
        w[0] = TO_WORDS(m.val[0]);
        w[1] = TO_WORDS(m.val[1]);
    }
    H_OP(18, sha1p);
    if (next) {
        wk[0] = add_k(w[0], k0);
        w[2] = TO_WORDS(m.val[2]);
    }
    H_OP(19, sha1p);
    if (next) {
        wk[1] = add_k(w[1], k0);
        w[3] = TO_WORDS(m.val[3]);
    }
    *e_p = vaddq_u32(*e_p, e[0]);
    *abcd_p = vaddq_u32(abcd, abcd_saved);
}


ARMSHA_LOOP_ALIGNED
void armsha_sha1_blocks_armv8(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    /* The constants from a table whose address goes through an empty asm: GCC, knowing
     * the values, otherwise makes each vector with a literal-pool load of its own, and
     * again in the copy of the block for the last one. */
    const uint32_t *kp = armsha_sha1_k;
    ARMSHA_OPAQUE(kp);
    const uint32x4_t k[4] = { vld1q_u32(kp), vld1q_u32(kp + 4), vld1q_u32(kp + 8), vld1q_u32(kp + 12) };
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t e = load_e(&state[4]);
    const BLOCK_BYTES m = LOAD_BYTES(data);
    uint32x4_t w[4] = { TO_WORDS(m.val[0]), TO_WORDS(m.val[1]), TO_WORDS(m.val[2]), TO_WORDS(m.val[3]) };
    uint32x4_t wk[2] = { add_k(w[0], k[0]), add_k(w[1], k[0]) };

    /* Every block but the last loads the next one; the last is the same code without. */
    data += ARMSHA_SHA1_BLOCK_SIZE;
    for (size_t n = nblocks - 1; n != 0; n--)
        sha1_block(&abcd, &e, w, wk, &data, k);
    sha1_block(&abcd, &e, w, wk, NULL, k);

    vst1q_u32(state, abcd);
    state[4] = vgetq_lane_u32(e, 0);
}
