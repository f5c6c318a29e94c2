/* SHA-256 on the ARMv8 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): each quad of rounds is issued for lane 0 then lane 1, so that the
 * SHA256H/H2 latency of one lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "side_copy.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55) as sha1_ce.c is: every
 * instruction of the rounds is its own volatile asm statement, emitted in the order below,
 * which alternates the lanes instruction by instruction, so that each SHA256H/H2 result
 * has the other lane's work to hide behind. Left to GCC, the rounds of one lane bunched
 * together and an in-order core waited out every latency: no gain over two one-lane calls
 * there (bench/RESULTS.md, "PBKDF2 on two lanes"). Volatile only orders the statements
 * among themselves. Clang on big-endian (and other compilers) take the intrinsics in the
 * same order (sha1_ce.c says why). */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA256_ASM 1
#endif

#if SHA256_ASM
#define H(abcd, efgh, wk) __asm__ __volatile__("sha256h %q0, %q1, %2.4s" : "+w"(abcd) : "w"(efgh), "w"(wk))
#define H2(efgh, abcd, wk) __asm__ __volatile__("sha256h2 %q0, %q1, %2.4s" : "+w"(efgh) : "w"(abcd), "w"(wk))
#define SU0(w0, w1) __asm__ __volatile__("sha256su0 %0.4s, %1.4s" : "+w"(w0) : "w"(w1))
#define SU1(w0, w2, w3) __asm__ __volatile__("sha256su1 %0.4s, %1.4s, %2.4s" : "+w"(w0) : "w"(w2), "w"(w3))
#define ADD(r, a, b) __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(r) : "w"(a), "w"(b))
#define COPY(c, x) __asm__ __volatile__("mov %0.16b, %1.16b" : "=w"(c), "+w"(x))
#if !defined(__AARCH64EB__)
/* K[4j..4j+3] at an immediate offset from the table's base (j is a constant): no address
 * to make an instruction of its own. The table is constant: no memory operand needed.
 * Big-endian needs LD1 of 32-bit elements (an LDR of q would reverse the words), which has
 * no offset form: the intrinsic. */
#define LOAD_K(r, j) __asm__ __volatile__("ldr %q0, [%1, %2]" : "=w"(r) : "r"(kp), "i"(16 * (j)))
#else
#define LOAD_K(r, j) ((r) = vld1q_u32(kp + 4 * (j)))
#endif
#else
#define H(abcd, efgh, wk) ((abcd) = vsha256hq_u32((abcd), (efgh), (wk)))
#define H2(efgh, abcd, wk) ((efgh) = vsha256h2q_u32((efgh), (abcd), (wk)))
#define SU0(w0, w1) ((w0) = vsha256su0q_u32((w0), (w1)))
#define SU1(w0, w2, w3) ((w0) = vsha256su1q_u32((w0), (w2), (w3)))
#define ADD(r, a, b) ((r) = vaddq_u32((a), (b)))
#define COPY(c, x) ((c) = (x))
#define LOAD_K(r, j) ((r) = vld1q_u32(kp + 4 * (j)))
#endif

/* Quad t (rounds 4t..4t+3) of both lanes, in the order of sha256_ce.c's QUAD_SCHED: the
 * schedule's SHA256SU0 first (the W+K of quad t was made in quad t - 1), then the W+K of
 * quad t + 1 and the load of K for quad t + 2, the two SHA256H/H2 pairs (SHA256H2 reads
 * abcd from before SHA256H: the copy), and SHA256SU1 last, one pair of chain instructions
 * after the SU0 it needs. w##L[t % 4] holds W[4t..4t+3]; quads 0..11 make the words of
 * quad t + 4. */
#define QUAD2(t)                                                                       \
    do {                                                                               \
        uint32x4_t in0, in1;                                                           \
        if ((t) < 12) {                                                                \
            SU0(w0[(t) % 4], w0[((t) + 1) % 4]);                                       \
            SU0(w1[(t) % 4], w1[((t) + 1) % 4]);                                       \
        }                                                                              \
        if ((t) < 15) {                                                                \
            ADD(wk0[((t) + 1) % 2], w0[((t) + 1) % 4], k[((t) + 1) % 2]);              \
            ADD(wk1[((t) + 1) % 2], w1[((t) + 1) % 4], k[((t) + 1) % 2]);              \
        }                                                                              \
        if ((t) < 14)                                                                  \
            LOAD_K(k[(t) % 2], (t) + 2);                                    \
        COPY(in0, abcd0);                                                              \
        H(abcd0, efgh0, wk0[(t) % 2]);                                                 \
        COPY(in1, abcd1);                                                              \
        H(abcd1, efgh1, wk1[(t) % 2]);                                                 \
        H2(efgh0, in0, wk0[(t) % 2]);                                                  \
        H2(efgh1, in1, wk1[(t) % 2]);                                                  \
        if ((t) < 12) {                                                                \
            SU1(w0[(t) % 4], w0[((t) + 2) % 4], w0[((t) + 3) % 4]);                    \
            SU1(w1[(t) % 4], w1[((t) + 2) % 4], w1[((t) + 3) % 4]);                    \
        }                                                                              \
    } while (0)

void armsha_sha256_x2_armv8(uint32_t *const state[2], const uint8_t *const data[2])
{
    /* The address through an empty asm: one base register for the 16 K loads, each shared
     * by the two lanes (sha256_ce.c keeps K in registers, which two lanes do not leave). */
    const uint32_t *kp = armsha_sha256_k;
    ARMSHA_OPAQUE(kp);
    uint32x4_t abcd0 = vld1q_u32(state[0]), efgh0 = vld1q_u32(state[0] + 4);
    uint32x4_t abcd1 = vld1q_u32(state[1]), efgh1 = vld1q_u32(state[1] + 4);
    const uint32x4x4_t m0 = armsha_load_block_be32(data[0]), m1 = armsha_load_block_be32(data[1]);
    uint32x4_t w0[4] = {m0.val[0], m0.val[1], m0.val[2], m0.val[3]};
    uint32x4_t w1[4] = {m1.val[0], m1.val[1], m1.val[2], m1.val[3]};
    const uint32x4_t abcd0_saved = side_copy(&abcd0), efgh0_saved = side_copy(&efgh0);
    const uint32x4_t abcd1_saved = side_copy(&abcd1), efgh1_saved = side_copy(&efgh1);
    uint32x4_t k[2], wk0[2], wk1[2];

    LOAD_K(k[0], 0);
    LOAD_K(k[1], 1);
    ADD(wk0[0], w0[0], k[0]);
    ADD(wk1[0], w1[0], k[0]);

    QUAD2(0);
    QUAD2(1);
    QUAD2(2);
    QUAD2(3);
    QUAD2(4);
    QUAD2(5);
    QUAD2(6);
    QUAD2(7);
    QUAD2(8);
    QUAD2(9);
    QUAD2(10);
    QUAD2(11);
    QUAD2(12);
    QUAD2(13);
    QUAD2(14);
    QUAD2(15);

    vst1q_u32(state[0], vaddq_u32(abcd0, abcd0_saved));
    vst1q_u32(state[0] + 4, vaddq_u32(efgh0, efgh0_saved));
    vst1q_u32(state[1], vaddq_u32(abcd1, abcd1_saved));
    vst1q_u32(state[1] + 4, vaddq_u32(efgh1, efgh1_saved));
}
