/* SHA-256 on the AArch32 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): each step of a quad is issued for lane 0 then lane 1, so that the
 * SHA256H/H2 latency of one lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "../opaque.h"
#include "../sha2_constants.h"

/* Registers: AArch32 has 16 quad registers and two lanes fill them. Live through the
 * rounds, per lane: W in four, abcd, efgh: 12; in a quad the K (shared by the lanes), one
 * W + K per lane (made after K is loaded, K dead once both are made) and per lane the copy
 * of abcd that SHA256H2 reads after SHA256H overwrote abcd: 16 at the peak. So K comes
 * from memory a quad at a time, the next quad's load issued once a lane's SHA256H2 has freed
 * its registers, and the feed-forward reads the input state back from *state (written only
 * at the end) instead of a saved copy, loaded two quads before the end, once the W of the
 * schedule are spent: at the end, an in-order core then waits for the last rounds only
 * (bench/RESULTS.md, "PBKDF2 on two lanes").
 *
 * Every instruction of the rounds is its own volatile asm statement, emitted in the order
 * below, for the cores that do not reorder (Cortex-A53/A55 in AArch32) and to keep GCC from
 * hoisting work that would raise the register count past 16. Volatile only orders the
 * statements among themselves. Big-endian ARM (armeb) and other compilers take the
 * intrinsics (sha256_ce.c says why), in the same order. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define SHA256_ASM 1
#endif

#if SHA256_ASM
#define H(abcd, efgh, wk) \
    __asm__ __volatile__("sha256h.32 %q0, %q1, %q2" : "+w"(abcd) : "w"(efgh), "w"(wk))
#define H2(efgh, abcd, wk) \
    __asm__ __volatile__("sha256h2.32 %q0, %q1, %q2" : "+w"(efgh) : "w"(abcd), "w"(wk))
#define SU0(w0, w1) __asm__ __volatile__("sha256su0.32 %q0, %q1" : "+w"(w0) : "w"(w1))
#define SU1(w0, w2, w3) \
    __asm__ __volatile__("sha256su1.32 %q0, %q1, %q2" : "+w"(w0) : "w"(w2), "w"(w3))
#define ADD(r, a, b) __asm__ __volatile__("vadd.i32 %q0, %q1, %q2" : "=w"(r) : "w"(a), "w"(b))
#define COPY(c, x) __asm__ __volatile__("vmov %q0, %q1" : "=w"(c) : "w"(x))
/* K[4t..4t+3], the pointer stepped past them. */
#define LOAD_K(k)                                                   \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]!"                 \
                         : "=w"(k), "+r"(kp)                        \
                         : "m"(*(const uint32_t(*)[4])kp))
#else
#define H(abcd, efgh, wk) ((abcd) = vsha256hq_u32((abcd), (efgh), (wk)))
#define H2(efgh, abcd, wk) ((efgh) = vsha256h2q_u32((efgh), (abcd), (wk)))
#define SU0(w0, w1) ((w0) = vsha256su0q_u32((w0), (w1)))
#define SU1(w0, w2, w3) ((w0) = vsha256su1q_u32((w0), (w2), (w3)))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define COPY(c, x) ((c) = (x))
#define LOAD_K(k) ((k) = vld1q_u32(kp), kp += 4)
#endif

/* Quad t (rounds 4t..4t+3) of both lanes: W[4t..] + K, the first half of the schedule of
 * W[4t+16..] (which overwrites W[4t..]: after the add), the two SHA256H/H2 pairs (SHA256H2
 * reads abcd from before SHA256H: the copy), the load of the next quad's K, and the second
 * half of the schedule (it reads W[4t+8..] and W[4t+12..], made before). w##L[t % 4] holds
 * W[4t..4t+3]. */
#define QUAD2(t)                                                         \
    do {                                                                 \
        uint32x4_t wk0_, wk1_, in0_, in1_;                               \
        ADD(wk0_, w0[(t) % 4], k);                                       \
        ADD(wk1_, w1[(t) % 4], k);                                       \
        if ((t) < 12) {                                                  \
            SU0(w0[(t) % 4], w0[((t) + 1) % 4]);                         \
            SU0(w1[(t) % 4], w1[((t) + 1) % 4]);                         \
        }                                                                \
        COPY(in0_, abcd0);                                               \
        H(abcd0, efgh0, wk0_);                                           \
        COPY(in1_, abcd1);                                               \
        H(abcd1, efgh1, wk1_);                                           \
        H2(efgh0, in0_, wk0_);                                           \
        if ((t) < 15)                                                    \
            LOAD_K(k);                                                   \
        H2(efgh1, in1_, wk1_);                                           \
        if ((t) < 12) {                                                  \
            SU1(w0[(t) % 4], w0[((t) + 2) % 4], w0[((t) + 3) % 4]);      \
            SU1(w1[(t) % 4], w1[((t) + 2) % 4], w1[((t) + 3) % 4]);      \
        }                                                                \
    } while (0)

void armsha_sha256_x2_aarch32(uint32_t *const state[2], const uint8_t *const data[2])
{
    const uint32_t *kp = armsha_sha256_k;
    uint32_t *s0 = state[0], *s1 = state[1];
    const uint8_t *p0 = data[0], *p1 = data[1];
    uint32x4_t abcd0 = vld1q_u32(s0), efgh0 = vld1q_u32(s0 + 4);
    uint32x4_t abcd1 = vld1q_u32(s1), efgh1 = vld1q_u32(s1 + 4);
    uint32x4_t w0[4], w1[4], k;

    ARMSHA_LOAD_BLOCK_BE32(w0[0], w0[1], w0[2], w0[3], p0);
    ARMSHA_LOAD_BLOCK_BE32(w1[0], w1[1], w1[2], w1[3], p1);
    LOAD_K(k);

    QUAD2(0); /* rounds 0-3 */
    QUAD2(1);
    QUAD2(2);
    QUAD2(3);
    QUAD2(4); /* rounds 16-19 */
    QUAD2(5);
    QUAD2(6);
    QUAD2(7);
    QUAD2(8); /* rounds 32-35 */
    QUAD2(9);
    QUAD2(10);
    QUAD2(11);
    QUAD2(12); /* rounds 48-51 */
    QUAD2(13);
    /* The feed-forward's inputs loaded while the last quads run (their W registers are
     * free by now), from the state as it came in (*state is written only at the end); the
     * pointers through an empty asm, or GCC reuses the first loads and keeps them on the
     * stack. */
    ARMSHA_OPAQUE(s0);
    ARMSHA_OPAQUE(s1);
    const uint32x4_t abcd0_in = vld1q_u32(s0), efgh0_in = vld1q_u32(s0 + 4);
    const uint32x4_t abcd1_in = vld1q_u32(s1), efgh1_in = vld1q_u32(s1 + 4);
    QUAD2(14);
    QUAD2(15);

    vst1q_u32(s0, vaddq_u32(abcd0, abcd0_in));
    vst1q_u32(s0 + 4, vaddq_u32(efgh0, efgh0_in));
    vst1q_u32(s1, vaddq_u32(abcd1, abcd1_in));
    vst1q_u32(s1 + 4, vaddq_u32(efgh1, efgh1_in));
}
