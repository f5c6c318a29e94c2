/* SHA-1 on the AArch32 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): each step of a quad is issued for lane 0
 * then lane 1, so that the SHA1C/P/M latency of one lane is spent on the other's work
 * instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "../opaque.h"

/* Registers: AArch32 has 16 quad registers and two lanes fill them. Live through the
 * rounds, per lane: W in four, abcd, e (lane 0 of a quad, as SHA1H leaves it): 12; then the
 * K of the quad, one W + K per lane made right before its SHA1C/P/M (the other lane's
 * instructions in between hide the add), and the e that SHA1H makes for the next quad while
 * the current one is still to be read: 16 at the peak. So nothing is kept that memory
 * already holds: K is loaded a group at a time from the table, and the feed-forward reads
 * the input state back from *state (written only at the end) instead of a saved copy,
 * loaded two quads before the end, once the W of the schedule are spent; e's feed-forward
 * stays in the vector unit (a lane load and store): a move to a core register and back is
 * the longest wait at the end of a call (bench/RESULTS.md, "PBKDF2 on two lanes").
 *
 * Every instruction of the rounds is its own volatile asm statement, emitted in the order
 * below, for the cores that do not reorder (Cortex-A53/A55 in AArch32) and to keep GCC from
 * hoisting work that would raise the register count past 16. Volatile only orders the
 * statements among themselves. Big-endian ARM (armeb) and other compilers take the
 * intrinsics (sha1_ce.c says why), in the same order. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define SHA1_ASM 1
#endif

#if SHA1_ASM
typedef uint32x4_t sha1_e;
#define SHA1H(eo, abcd) __asm__ __volatile__("sha1h.32 %q0, %q1" : "=w"(eo) : "w"(abcd))
#define ROUNDS(op, abcd, e, wk) \
    __asm__ __volatile__(op ".32 %q0, %q1, %q2" : "+w"(abcd) : "w"(e), "w"(wk))
#define C "sha1c"
#define P "sha1p"
#define M "sha1m"
#define ADD(r, a, b) __asm__ __volatile__("vadd.i32 %q0, %q1, %q2" : "=w"(r) : "w"(a), "w"(b))
#define SU0(w0, w1, w2) __asm__ __volatile__("sha1su0.32 %q0, %q1, %q2" : "+w"(w0) : "w"(w1), "w"(w2))
#define SU1(w0, w3) __asm__ __volatile__("sha1su1.32 %q0, %q1" : "+w"(w0) : "w"(w3))
/* K of group g (quads 5g..5g+4) from the table, the pointer stepped past it. */
#define LOAD_K(k)                                                   \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]!"                 \
                         : "=w"(k), "+r"(kp)                        \
                         : "m"(*(const uint32_t(*)[4])kp))
#define E_IN(p) vld1q_dup_u32(p)
#define E_ADDQ(e, q) vaddq_u32((e), (q))
#else
typedef uint32_t sha1_e;
#define SHA1H(eo, abcd) ((eo) = vsha1h_u32(vgetq_lane_u32((abcd), 0)))
#define ROUNDS(op, abcd, e, wk) ((abcd) = op((abcd), (e), (wk)))
#define C vsha1cq_u32
#define P vsha1pq_u32
#define M vsha1mq_u32
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define SU0(w0, w1, w2) ((w0) = vsha1su0q_u32((w0), (w1), (w2)))
#define SU1(w0, w3) ((w0) = vsha1su1q_u32((w0), (w3)))
#define LOAD_K(k) ((k) = vld1q_u32(kp), kp += 4)
#define E_IN(p) (*(p))
#define E_ADDQ(e, q) vaddq_u32(vdupq_n_u32(e), (q))
#endif

_Alignas(16) static const uint32_t sha1_k[16] = {
    0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1,
    0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6,
};

/* Quad t (rounds 4t..4t+3) of both lanes with round function op: W[4t..] + K, the first
 * half of the schedule of W[4t+16..] (which overwrites W[4t..]: after the add), SHA1H (e of
 * the next quad, from abcd before the rounds) and the rounds, the second half of the
 * schedule (it reads W[4t+12..], made one quad before). w##L[t % 4] holds W[4t..4t+3]. */
#define QUAD2(t, op)                                                                \
    do {                                                                            \
        uint32x4_t wk0_, wk1_;                                                      \
        sha1_e en0_, en1_;                                                          \
        ADD(wk0_, w0[(t) % 4], k);                                                  \
        ADD(wk1_, w1[(t) % 4], k);                                                  \
        if ((t) < 16) {                                                             \
            SU0(w0[(t) % 4], w0[((t) + 1) % 4], w0[((t) + 2) % 4]);                 \
            SU0(w1[(t) % 4], w1[((t) + 1) % 4], w1[((t) + 2) % 4]);                 \
        }                                                                           \
        if ((t) % 5 == 4 && (t) < 19)                                               \
            LOAD_K(k);                                                              \
        SHA1H(en0_, abcd0);                                                         \
        ROUNDS(op, abcd0, e0, wk0_);                                                \
        SHA1H(en1_, abcd1);                                                         \
        ROUNDS(op, abcd1, e1, wk1_);                                                \
        e0 = en0_;                                                                  \
        e1 = en1_;                                                                  \
        if ((t) < 16) {                                                             \
            SU1(w0[(t) % 4], w0[((t) + 3) % 4]);                                    \
            SU1(w1[(t) % 4], w1[((t) + 3) % 4]);                                    \
        }                                                                           \
    } while (0)

void armsha_sha1_x2_aarch32(uint32_t *const state[2], const uint8_t *const data[2])
{
    const uint32_t *kp = sha1_k;
    uint32_t *s0 = state[0], *s1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    uint32x4_t abcd0 = vld1q_u32(s0), abcd1 = vld1q_u32(s1);
    sha1_e e0 = E_IN(&s0[4]), e1 = E_IN(&s1[4]);
    uint32x4_t w0[4], w1[4], k;

    ARMSHA_LOAD_BLOCK_BE32(w0[0], w0[1], w0[2], w0[3], p0);
    ARMSHA_LOAD_BLOCK_BE32(w1[0], w1[1], w1[2], w1[3], p1);
    LOAD_K(k);

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
    /* The feed-forward's inputs, from the state as it came in; the pointers through an
     * empty asm, or GCC reuses the first loads and keeps them on the stack. */
    ARMSHA_OPAQUE(s0);
    ARMSHA_OPAQUE(s1);
    const uint32x4_t in0 = vld1q_u32(s0), in1 = vld1q_u32(s1);
    const uint32x4_t ein0 = vld1q_dup_u32(&s0[4]), ein1 = vld1q_dup_u32(&s1[4]);
    QUAD2(18, P);
    QUAD2(19, P);

    vst1q_u32(s0, vaddq_u32(abcd0, in0));
    vst1q_u32(s1, vaddq_u32(abcd1, in1));
    vst1q_lane_u32(&s0[4], E_ADDQ(e0, ein0), 0);
    vst1q_lane_u32(&s1[4], E_ADDQ(e1, ein1), 0);
}
