/* SHA-1 on the AArch32 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): a quad of lane 0, then the same quad of
 * lane 1, so that the SHA1C/P/M latency of one lane is spent on the other's work instead of
 * waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "sha1_ops.h"
#include "../opaque.h"

/* Registers: AArch32 has 16 quad registers and two lanes fill them. Live through the
 * rounds, per lane: W in four, abcd, e (lane 0 of a quad, as SHA1H leaves it) and the W + K
 * of the next quad: 14; then the K of the group (shared), and for one instruction the e
 * SHA1H makes for the next quad while the current one is still to be read: 16 at the peak.
 * So nothing is kept that memory already holds: K is loaded a group at a time from the
 * table, and the feed-forward reads the input state back from *state (written only at the
 * end) instead of a saved copy, loaded once the W of the schedule are spent.
 *
 * Each lane's quad in the order of the one-lane kernel (sha1_ce.c): SHA1H right before
 * the SHA1C/P/M, the schedule pipelined (SHA1SU0 a quad before its SHA1SU1), and the W + K
 * of the next quad last, so that on a core that does not reorder (Cortex-A53/A55) every
 * instruction finds its inputs made a lane's quad earlier (bench/RESULTS.md, "PBKDF2 on
 * two lanes, AArch32 CE"). */
#define LANE_QUAD(t, op, abcd, e, wk, w)                                     \
    do {                                                                     \
        uint32x4_t en_;                                                      \
        SHA1H(en_, abcd);                                                    \
        ROUNDS(op, abcd, e, wk);                                             \
        e = en_;                                                             \
        if ((t) <= 15)                                                       \
            SU0(w[(t) % 4], w[((t) + 1) % 4], w[((t) + 2) % 4]);             \
        if ((t) >= 1 && (t) <= 16)                                           \
            SU1(w[((t) + 3) % 4], w[((t) + 2) % 4]);                         \
        if ((t) < 19)                                                        \
            ADD(wk, k, w[((t) + 1) % 4]);                                    \
    } while (0)

/* K of group g (quads 5g..5g+4) from the table, the pointer stepped past it by an ADD of
 * its own (load_block.h says why not the write-back). */
#if SHA1_ASM
#define LOAD_K(k)                                                      \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]\n\tadd %1, %1, #16"  \
                         : "=w"(k), "+r"(kp)                           \
                         : "m"(*(const uint32_t(*)[4])kp))
#else
#define LOAD_K(k) ((k) = vld1q_u32(kp), kp += 4)
#endif

/* Quad t of both lanes; before the W + K of quad t+1 when that is a new group's. */
#define QUAD2(t, op)                                   \
    do {                                               \
        if ((t) % 5 == 4 && (t) < 19)                  \
            LOAD_K(k);                                 \
        LANE_QUAD(t, op, abcd0, e0, wk0, w0);          \
        LANE_QUAD(t, op, abcd1, e1, wk1, w1);          \
    } while (0)

_Alignas(16) static const uint32_t sha1_k[16] = {
    0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1,
    0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6,
};

/* Loads for the start and the end of the call, each its own volatile asm, placed where
 * the kernel writes them. Before the first SHA instruction a load may step its pointer
 * (LOADW_HALF); later it may not (load_block.h says why). */
#if SHA1_ASM && !defined(__clang__)
#define LOADW_HALF(lo, hi, p)                                                          \
    do {                                                                               \
        uint8x16x2_t h_;                                                               \
        __asm__ __volatile__("vld1.8 %h0, [%1]!"                                       \
                             : "=w"(h_), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)));   \
        lo = h_.val[0];                                                                \
        hi = h_.val[1];                                                                \
    } while (0)
#else
#define LOADW_HALF(lo, hi, p) ARMSHA_LOAD_BYTES_HALF(lo, hi, p)
#endif
#if SHA1_ASM
#define LOAD_ABCD(x, p) \
    __asm__ __volatile__("vld1.32 {%q0}, [%1]" : "=w"(x) : "r"(p), "m"(*(const uint32_t(*)[4])(p)))
#define LOAD_E(x, p) \
    __asm__ __volatile__("vld1.32 {%e0[], %f0[]}, [%1]" : "=w"(x) : "r"(p), "m"(*(p)))
#else
#define LOAD_ABCD(x, p) ((x) = vld1q_u32(p))
#define LOAD_E(x, p) ((x) = vld1q_dup_u32(p))
#endif

void armsha_sha1_x2_aarch32(uint32_t *const state[2], const uint8_t *const data[2])
{
    const uint32_t *kp = sha1_k;
    uint32_t *s0 = state[0], *s1 = state[1];
    const uint32_t *ep0 = &s0[4], *ep1 = &s1[4];
    const uint8_t *p0 = data[0], *p1 = data[1];
    uint32x4_t abcd0, abcd1, e0, e1, w0[4], w1[4], wk0, wk1, k, in0, in1, ein0, ein1;
    uint8x16_t m0, m1, m2, m3, n0, n1, n2, n3;

    /* The addresses first, then the loads, then the vector work: an in-order core
     * issues a short instruction after a long one only once it would not write back
     * first. Each lane's first W + K as soon as its REV32 is done. */
    ARMSHA_OPAQUE(ep0);
    ARMSHA_OPAQUE(ep1);
    LOADW_HALF(m0, m1, p0);
    LOADW_HALF(m2, m3, p0);
    LOAD_K(k);
    LOADW_HALF(n0, n1, p1);
    LOADW_HALF(n2, n3, p1);
    ARMSHA_REV32(w0[0], m0);
    ARMSHA_REV32(w1[0], n0);
    ARMSHA_REV32(w0[1], m1);
    ARMSHA_REV32(w1[1], n1);
    ARMSHA_REV32(w0[2], m2);
    ARMSHA_REV32(w0[3], m3);
    ADD(wk0, k, w0[0]);
    ARMSHA_REV32(w1[2], n2);
    ADD(wk1, k, w1[0]);
    ARMSHA_REV32(w1[3], n3);
    LOAD_ABCD(abcd0, s0);
    LOAD_E(e0, ep0);
    LOAD_ABCD(abcd1, s1);
    LOAD_E(e1, ep1);

    QUAD2(0, C); /* rounds 0-3 */
    QUAD2(1, C);
    QUAD2(2, C);
    QUAD2(3, C);
    QUAD2(4, C);
    QUAD2(5, P); /* rounds 20-23 */
    QUAD2(6, P);
    QUAD2(7, P);
    QUAD2(8, P);
    QUAD2(9, P);
    QUAD2(10, M); /* rounds 40-43 */
    QUAD2(11, M);
    QUAD2(12, M);
    QUAD2(13, M);
    QUAD2(14, M);
    QUAD2(15, P); /* rounds 60-63 */
    QUAD2(16, P);
    QUAD2(17, P);
    QUAD2(18, P);
    /* The feed-forward's inputs from the state as it came in (*state is written only at
     * the end), loaded where the last quads wait for their rounds anyway. */
    LOAD_ABCD(in0, s0);
    LOAD_E(ein0, ep0);
    LANE_QUAD(19, P, abcd0, e0, wk0, w0);
    LOAD_ABCD(in1, s1);
    LOAD_E(ein1, ep1);
    LANE_QUAD(19, P, abcd1, e1, wk1, w1);

    vst1q_u32(s0, vaddq_u32(abcd0, in0));
    vst1q_u32(s1, vaddq_u32(abcd1, in1));
    vst1q_lane_u32(&s0[4], vaddq_u32(e0, ein0), 0);
    vst1q_lane_u32(&s1[4], vaddq_u32(e1, ein1), 0);
}
