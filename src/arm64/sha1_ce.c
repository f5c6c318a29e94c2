/* SHA-1 block function on the ARMv8 Crypto Extension (SHA1C/P/M, SHA1H, SHA1SU0, SHA1SU1). */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "side_copy.h"
#include "../opaque.h"

/* Written for the core that does not reorder (Cortex-A53/A55): every instruction of the
 * rounds is its own volatile asm statement, so the compiler emits them in the order below,
 * which is the order of OpenSSL's sha1-armv8. In a quad, SHA1H (e of the next quad) comes
 * right before the SHA1C/P/M it feeds, the schedule work of the quad after it, where it
 * runs in the shadow of the SHA1C/P/M latency; the schedule is pipelined: W+K two quads
 * ahead, SHA1SU0 of a group one quad before its SHA1SU1. Left to GCC, each SHA1H lands
 * right after the SHA1C/P/M that makes its input and an in-order core waits out that
 * latency with the schedule work queued behind it (bench/RESULTS.md, "Kernel code
 * choices"). Volatile only orders the asm statements among themselves; none has side
 * effects. e lives in lane 0 of a vector, as SHA1H leaves it, so the feed-forward is one
 * vector add. The asm reads lane 0, which is the intrinsics' lane 0 with GCC on either
 * byte order and with clang on little-endian; clang on big-endian holds vectors with their
 * lanes reversed between intrinsics, so it (and any other compiler) takes the intrinsics
 * in the same order. */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA1_ASM 1
#endif

static inline uint32x4_t sha1h(uint32x4_t abcd)
{
#if SHA1_ASM
    uint32x4_t e;

    __asm__ __volatile__("sha1h %s0, %s1" : "=w"(e) : "w"(abcd));
    return e;
#else
    return vdupq_n_u32(vsha1h_u32(vgetq_lane_u32(abcd, 0)));
#endif
}

#if SHA1_ASM
#define ROUNDS4(op)                                                                    \
    static inline void op##4(uint32x4_t *abcd, uint32x4_t e, uint32x4_t wk)            \
    {                                                                                  \
        __asm__ __volatile__(#op " %q0, %s1, %2.4s" : "+w"(*abcd) : "w"(e), "w"(wk)); \
    }
#else
#define ROUNDS4(op)                                                                    \
    static inline void op##4(uint32x4_t *abcd, uint32x4_t e, uint32x4_t wk)            \
    {                                                                                  \
        *abcd = v##op##q_u32(*abcd, vgetq_lane_u32(e, 0), wk);                         \
    }
#endif
ROUNDS4(sha1c)
ROUNDS4(sha1p)
ROUNDS4(sha1m)

/* W[t..t+3] + K. */
static inline uint32x4_t add_k(uint32x4_t w, uint32x4_t k)
{
#if SHA1_ASM
    uint32x4_t wk;

    __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(wk) : "w"(k), "w"(w));
    return wk;
#else
    return vaddq_u32(k, w);
#endif
}

/* The two halves of the schedule step w0 = W[t+16..t+19] from w0..w3 = W[t..t+15]:
 * su0(w0, w1, w2), then su1(w0, w3). */
static inline void su0(uint32x4_t *w0, uint32x4_t w1, uint32x4_t w2)
{
#if SHA1_ASM
    __asm__ __volatile__("sha1su0 %0.4s, %1.4s, %2.4s" : "+w"(*w0) : "w"(w1), "w"(w2));
#else
    *w0 = vsha1su0q_u32(*w0, w1, w2);
#endif
}

static inline void su1(uint32x4_t *w0, uint32x4_t w3)
{
#if SHA1_ASM
    __asm__ __volatile__("sha1su1 %0.4s, %1.4s" : "+w"(*w0) : "w"(w3));
#else
    *w0 = vsha1su1q_u32(*w0, w3);
#endif
}

#if SHA1_ASM && !defined(__AARCH64EB__)
static inline uint32x4_t rev32(uint8x16_t x)
{
    uint32x4_t w;

    __asm__ __volatile__("rev32 %0.16b, %1.16b" : "=w"(w) : "w"(x));
    return w;
}
#define BLOCK_BYTES uint8x16x4_t
#define LOAD_BYTES(p) vld1q_u8_x4(p)
#define TO_WORDS(x) rev32(x)
#else
/* Big-endian: LD1 of 32-bit elements gives the words as they are (load_block.h). */
#define BLOCK_BYTES uint32x4x4_t
#define LOAD_BYTES(p) armsha_load_block_be32(p)
#define TO_WORDS(x) (x)
#endif

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

/* state[4] into lane 0, where the asm reads e; one LDR (the intrinsics spend a DUP too). */
static inline uint32x4_t load_e(const uint32_t *p)
{
#if SHA1_ASM
    uint32x4_t e;

    __asm__("ldr %s0, %1" : "=w"(e) : "m"(*p));
    return e;
#else
    return vdupq_n_u32(*p);
#endif
}

_Alignas(16) static const uint32_t sha1_k[16] = {
    0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1,
    0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6,
};

void armsha_sha1_blocks_armv8(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    /* The constants from a table whose address goes through an empty asm: GCC, knowing
     * the values, otherwise makes each vector with a literal-pool load of its own, and
     * again in the copy of the block for the last one. */
    const uint32_t *kp = sha1_k;
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
