/* SHA-1 block function on the AArch32 Crypto Extension (SHA1C/P/M, SHA1H, SHA1SU0, SHA1SU1). */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "side_copy.h"

/* A quad is four rounds with SHA1C, SHA1P or SHA1M on wk = W[t..t+3] + K, e_in the e of
 * these rounds (lane 0); e_out gets the e of the next four: a rotated left by 30, which
 * is what SHA1H computes. QUAD_SCHED also prepares the next quad's W + K and makes
 * w0 = W[t+16..t+19] out of W[t..t+15] = w0..w3.
 *
 * GCC 12 gets OpenSSL's instruction count only through asm, one quad at a time: the
 * intrinsics take e as a uint32_t, so GCC moves every e from SHA1H's vector register to
 * a core register and back (VMOV out, VDUP in), about twice OpenSSL's instructions a
 * block (bench/RESULTS.md, "32-bit ARM kernel code choices"). Here every e stays in lane
 * 0 of a quad register. clang does no better with the intrinsics. Other compilers get
 * the intrinsics,
 * and so does big-endian ARM (armeb): there the compilers number the lanes of a quad
 * register otherwise than the instructions do, which the asm assumes. */
#if defined(__GNUC__) && !defined(__ARMEB__)
typedef uint32x4_t sha1_e;
#define E_INIT(x) vdupq_n_u32(x)
#define E_ADD(a, b) vaddq_u32((a), (b))
#define E_LANE0(x) vgetq_lane_u32((x), 0)
#define QUAD(op, wk, e_in, e_out)                                          \
    __asm__("sha1h.32 %q[eo], %q[abcd]\n\t"                                \
            op ".32 %q[abcd], %q[ei], %q[w]"                               \
            : [eo] "=&w"(e_out), [abcd] "+w"(abcd)                         \
            : [ei] "w"(e_in), [w] "w"(wk))
#define QUAD_SCHED(op, wk, e_in, e_out, wk_next, k_next, w0, w1, w2, w3)  \
    __asm__("sha1h.32 %q[eo], %q[abcd]\n\t"                                \
            op ".32 %q[abcd], %q[ei], %q[w]\n\t"                           \
            "vadd.i32 %q[wn], %q[k], %q[m1]\n\t"                           \
            "sha1su0.32 %q[m0], %q[m1], %q[m2]\n\t"                        \
            "sha1su1.32 %q[m0], %q[m3]"                                    \
            : [eo] "=&w"(e_out), [abcd] "+w"(abcd), [wn] "=&w"(wk_next),   \
              [m0] "+w"(w0)                                                \
            : [ei] "w"(e_in), [w] "w"(wk), [k] "w"(k_next), [m1] "w"(w1),  \
              [m2] "w"(w2), [m3] "w"(w3))
#define C "sha1c"
#define P "sha1p"
#define M "sha1m"
#else
typedef uint32_t sha1_e;
#define E_INIT(x) (x)
#define E_ADD(a, b) ((a) + (b))
#define E_LANE0(x) (x)
#define QUAD(op, wk, e_in, e_out)                    \
    do {                                             \
        e_out = vsha1h_u32(vgetq_lane_u32(abcd, 0)); \
        abcd = op(abcd, e_in, (wk));                 \
    } while (0)
#define QUAD_SCHED(op, wk, e_in, e_out, wk_next, k_next, w0, w1, w2, w3) \
    do {                                                             \
        QUAD(op, wk, e_in, e_out);                                   \
        wk_next = vaddq_u32(w1, k_next);                             \
        w0 = vsha1su0q_u32(w0, w1, w2);                              \
        w0 = vsha1su1q_u32(w0, w3);                                  \
    } while (0)
#define C vsha1cq_u32
#define P vsha1pq_u32
#define M vsha1mq_u32
#endif

void armsha_sha1_blocks_aarch32(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
    const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
    uint32x4_t abcd = vld1q_u32(state);
    sha1_e e = E_INIT(state[4]);

    for (; nblocks != 0; nblocks--) {
        uint32x4_t w0, w1, w2, w3, wka, wkb;
        const uint32x4_t abcd_saved = side_copy(&abcd);
        sha1_e ea, eb;

        ARMSHA_LOAD_BLOCK_BE32(w0, w1, w2, w3, data);
        wka = vaddq_u32(w0, k0);

        QUAD_SCHED(C, wka, e, eb, wkb, k0, w0, w1, w2, w3); /* rounds 0-3 */
        QUAD_SCHED(C, wkb, eb, ea, wka, k0, w1, w2, w3, w0);
        QUAD_SCHED(C, wka, ea, eb, wkb, k0, w2, w3, w0, w1);
        QUAD_SCHED(C, wkb, eb, ea, wka, k0, w3, w0, w1, w2);
        QUAD_SCHED(C, wka, ea, eb, wkb, k1, w0, w1, w2, w3);

        QUAD_SCHED(P, wkb, eb, ea, wka, k1, w1, w2, w3, w0); /* rounds 20-23 */
        QUAD_SCHED(P, wka, ea, eb, wkb, k1, w2, w3, w0, w1);
        QUAD_SCHED(P, wkb, eb, ea, wka, k1, w3, w0, w1, w2);
        QUAD_SCHED(P, wka, ea, eb, wkb, k1, w0, w1, w2, w3);
        QUAD_SCHED(P, wkb, eb, ea, wka, k2, w1, w2, w3, w0);

        QUAD_SCHED(M, wka, ea, eb, wkb, k2, w2, w3, w0, w1); /* rounds 40-43 */
        QUAD_SCHED(M, wkb, eb, ea, wka, k2, w3, w0, w1, w2);
        QUAD_SCHED(M, wka, ea, eb, wkb, k2, w0, w1, w2, w3);
        QUAD_SCHED(M, wkb, eb, ea, wka, k2, w1, w2, w3, w0);
        QUAD_SCHED(M, wka, ea, eb, wkb, k3, w2, w3, w0, w1);

        QUAD_SCHED(P, wkb, eb, ea, wka, k3, w3, w0, w1, w2); /* rounds 60-63 */
        wkb = vaddq_u32(w1, k3);
        QUAD(P, wka, ea, eb);
        wka = vaddq_u32(w2, k3);
        QUAD(P, wkb, eb, ea);
        wkb = vaddq_u32(w3, k3);
        QUAD(P, wka, ea, eb);
        QUAD(P, wkb, eb, ea);

        abcd = vaddq_u32(abcd, abcd_saved);
        e = E_ADD(e, ea);
    }

    vst1q_u32(state, abcd);
    state[4] = E_LANE0(e);
}
