/* SHA-256 on the AArch32 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): each step of a quad is issued for lane 0 then lane 1, so that the
 * SHA256H/H2 latency of one lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "../opaque.h"
#include "../sha2_constants.h"
#include "sha256_ops.h"

/* Registers: AArch32 has 16 quad registers and two lanes fill them. Live through the
 * rounds, per lane: W in four, abcd, efgh: 12; in a quad per lane its W + K and the copy
 * of abcd that SHA256H2 reads after SHA256H overwrote abcd, and the K (shared by the
 * lanes): at most 16 in the order below. So K comes from memory a quad at a time, and the
 * feed-forward reads the input state back from *state (written only at the end) instead of
 * a saved copy, loaded once the W of the schedule are spent.
 *
 * Each instruction its own volatile asm statement (sha256_ops.h), in an order made for
 * the cores that do not reorder (Cortex-A53/A55), one quad of both lanes a step of twelve
 * instructions: lane 0's copy, SHA256H, SHA256H2 at 0, 5, 6, lane 1's at 2, 7, 8, so that
 * each reads what was made at least six instructions before (llvm-mca's A53 latency), the
 * schedule and the W + K in between, each lane's next W + K once its SHA256H2 has read the
 * last one, and the next K loaded once no two copies are live (bench/RESULTS.md, "PBKDF2 on
 * two lanes, AArch32 CE"). */
#define QUAD2(t)                                                         \
    do {                                                                 \
        uint32x4_t in0_, in1_;                                           \
        COPY(in0_, abcd0);                                               \
        if ((t) > 0)                                                     \
            ADD(wk1, k, w1[(t) % 4]);                                    \
        COPY(in1_, abcd1);                                               \
        if ((t) < 12) {                                                  \
            SU0(w0[(t) % 4], w0[((t) + 1) % 4]);                         \
            SU0(w1[(t) % 4], w1[((t) + 1) % 4]);                         \
        }                                                                \
        H(abcd0, efgh0, wk0);                                            \
        H2(efgh0, in0_, wk0);                                            \
        H(abcd1, efgh1, wk1);                                            \
        if ((t) < 15)                                                    \
            LOAD_K(k, kp);                                               \
        H2(efgh1, in1_, wk1);                                            \
        if ((t) < 12) {                                                  \
            SU1(w0[(t) % 4], w0[((t) + 2) % 4], w0[((t) + 3) % 4]);      \
            SU1(w1[(t) % 4], w1[((t) + 2) % 4], w1[((t) + 3) % 4]);      \
        }                                                                \
        if ((t) < 15)                                                    \
            ADD(wk0, k, w0[((t) + 1) % 4]);                              \
    } while (0)

/* Quads 12-15 have no schedule to fill the gaps: both copies first, then the next K, then
 * the rounds, lane by lane (each lane waits on its own SHA256H2 only). */
#define QUAD2_LAST(t)                                                    \
    do {                                                                 \
        uint32x4_t in0_, in1_;                                           \
        ADD(wk1, k, w1[(t) % 4]);                                        \
        COPY(in0_, abcd0);                                               \
        COPY(in1_, abcd1);                                               \
        if ((t) < 15)                                                    \
            LOAD_K(k, kp);                                               \
        H(abcd0, efgh0, wk0);                                            \
        H(abcd1, efgh1, wk1);                                            \
        H2(efgh0, in0_, wk0);                                            \
        H2(efgh1, in1_, wk1);                                            \
        if ((t) < 15)                                                    \
            ADD(wk0, k, w0[((t) + 1) % 4]);                              \
    } while (0)

/* Four words of the state, without write-back. */
#if SHA256_ASM
#define LOAD_STATE(x, p) \
    __asm__ __volatile__("vld1.32 {%q0}, [%1]" : "=w"(x) : "r"(p), "m"(*(const uint32_t(*)[4])(p)))
#else
#define LOAD_STATE(x, p) ((x) = vld1q_u32(p))
#endif

void armsha_sha256_x2_aarch32(uint32_t *const state[2], const uint8_t *const data[2])
{
    const uint32_t *kp = armsha_sha256_k;
    uint32_t *s0 = state[0], *s1 = state[1];
    const uint32_t *s0h = s0 + 4, *s1h = s1 + 4;
    const uint8_t *p0 = data[0], *p1 = data[1];
    uint32x4_t abcd0, efgh0, abcd1, efgh1, w0[4], w1[4], wk0, wk1, k;
    uint8x16_t m0, m1, m2, m3, n0, n1, n2, n3;

    /* The addresses first, then the loads, then the vector work: an in-order core issues
     * a short instruction after a long one only once it would not write back first. */
    ARMSHA_OPAQUE(kp);
    ARMSHA_OPAQUE(s0h);
    ARMSHA_OPAQUE(s1h);
    ARMSHA_LOAD_BYTES_HALF(m0, m1, p0);
    ARMSHA_LOAD_BYTES_HALF(m2, m3, p0);
    LOAD_K(k, kp);
    ARMSHA_LOAD_BYTES_HALF(n0, n1, p1);
    ARMSHA_LOAD_BYTES_HALF(n2, n3, p1);
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
    LOAD_STATE(abcd0, s0);
    LOAD_STATE(efgh0, s0h);
    LOAD_STATE(abcd1, s1);
    LOAD_STATE(efgh1, s1h);

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
    QUAD2_LAST(12); /* rounds 48-51 */
    QUAD2_LAST(13);
    QUAD2_LAST(14);
    /* The feed-forward's inputs, from the state as it came in (*state is written only at
     * the end), loaded before the last quad (the W registers are free by then; a quad
     * earlier costs the Cortex-A57 model 6 cycles), each its own volatile asm: GCC would
     * reuse the first loads and keep them on the stack. */
    uint32x4_t abcd0_in, efgh0_in, abcd1_in, efgh1_in;
    LOAD_STATE(abcd0_in, s0);
    LOAD_STATE(efgh0_in, s0h);
    LOAD_STATE(abcd1_in, s1);
    LOAD_STATE(efgh1_in, s1h);
    QUAD2_LAST(15);

    vst1q_u32(s0, vaddq_u32(abcd0, abcd0_in));
    vst1q_u32(s0 + 4, vaddq_u32(efgh0, efgh0_in));
    vst1q_u32(s1, vaddq_u32(abcd1, abcd1_in));
    vst1q_u32(s1 + 4, vaddq_u32(efgh1, efgh1_in));
}
