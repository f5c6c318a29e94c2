/* SHA-1 on the AArch32 Crypto Extension, two chains in one call (armsha_sha1_x2_fn, for
 * PBKDF2's output blocks, WPA2's PSK among them): a quad of lane 0, then the same quad of
 * lane 1, so that the SHA1C/P/M latency of one lane is spent on the other's work instead of
 * waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "frame_ops.h"
#include "load_block.h"
#include "sha1_ops.h"
#include "../opaque.h"
#include "../wipe.h"

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

/* ---- PBKDF2-HMAC-SHA1 on two lanes, the whole loop inside (armsha_sha1_pbkdf2_x2_aarch32) ----
 *
 * Every message of the loop is one digest after one key block: W[0..3] = the previous
 * compression's abcd, W[4..7] = (its e, 0x80000000, 0, 0), W[8..11] = 0 and W[12..15] =
 * (0, 0, 0, (64 + 20) * 8). So the messages are made in registers from the feed-forward: no
 * block loads, no byte reversal, no stores of U. The key's e is kept as the quad (e,
 * 0x80000000, 0, 0): SHA1H leaves the compression's e zero-extended in its quad, so one add
 * of the key's e quad is the feed-forward and the next W[4..7] at once. The W + K of the
 * all-constant quads are K0 itself (quad 2, W = 0: the rounds take k) and loaded
 * precomputed (quad 3), and so is the key's abcd + K0, so that the W + K of the next quad 0
 * is one add after the last SHA1P (abcd + (key + K0)) rather than two; W[8..15] for the
 * schedule are zeroed and loaded.
 *
 * The lanes run in step, the edge (feed-forward, T XOR, next key state) of both interleaved
 * instruction by instruction. Staggering lane B by one to five quads, so that one lane's
 * edge falls among the other's rounds, measured slower on every in-order model (llvm-mca's
 * Cortex-A53, bench/mca-arm32-lanes.sh, on a first form of this entry whose edge was not
 * yet interleaved: 0.83 of four one-lane blocks in step, 0.86 one quad apart, 0.91 two,
 * 1.10 five; the A55 alike, the A57 0.55-0.56 either way): the lanes then need the K of two
 * groups at once, and with no register for a second K the lane behind loads its own and
 * waits on the load, more often than the edges cost. In step, both lanes wait out the last
 * SHA1P's latency together, once.
 *
 * Registers (16 q): per lane abcd, e, W in four and the W + K of its next quad, 14; the K of
 * the group, shared (k); and for one instruction the e SHA1H makes while the rounds still
 * read the old one: 16 at the peak. From quad 18, once quad 19's W + K are made, k holds the
 * key's abcd + K0 (the same for both lanes; quad 19's rounds read W + K, not k); at the edge
 * a lane's W registers take its new message and T, and the key's e goes into registers the
 * last quad frees, so nothing more is carried: the key states, T and the constants stay in
 * memory (one frame, `pb`) and are loaded where used. */

/* Partial inlining would split the PBKDF2 entry's n == 0 test off into a function of its
 * own (a .part clone): SHA instructions in a function that test/baseline_isa.sh does not
 * know as a kernel (as in src/arm64/sha512_ce_x2.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-partial-inlining")
#endif

/* The frame the loop loads from, 16-aligned quads: the W + K of quad 3, W[12..15], the
 * key's states (abcd, the e quad, abcd + K0), each lane's T and U_1. K comes from sha1_k
 * through one pointer stepped by LOAD_K and rewound by each compression's last
 * (LOAD_K_LAST): a register for each group's address would leave none for the loop
 * counter. */
enum { PB_WK3, PB_W12, PB_IN, PB_IN_E, PB_IN_K, PB_OUT, PB_OUT_E, PB_OUT_K,
       PB_TA, PB_TA_E, PB_TB, PB_TB_E, PB_UA, PB_UA_E, PB_UB, PB_UB_E, PB_N };

/* SHA1H with the other lanes zero, as the instruction leaves them (the asm's SHA1H). */
#if SHA1_ASM
#define SHA1HZ(eo, abcd) SHA1H(eo, abcd)
#else
#define SHA1HZ(eo, abcd) ((eo) = vsetq_lane_u32(vsha1h_u32(vgetq_lane_u32((abcd), 0)), vdupq_n_u32(0), 0))
#endif

/* A compression's last LOAD_K (K3, at quad 14): the pointer rewound to K0 for the next
 * compression's first (at the edge) in place of the step, with no instruction of its own. */
#if SHA1_ASM
#define LOAD_K_LAST(k)                                                 \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]\n\tsub %1, %1, #48"  \
                         : "=w"(k), "+r"(kp)                           \
                         : "m"(*(const uint32_t(*)[4])kp))
#else
#define LOAD_K_LAST(k) ((k) = vld1q_u32(kp), kp -= 12)
#endif

/* Quad t of lane L: the rounds and schedule of LANE_QUAD, then the W + K of quad t+1 (of
 * the constant quads 2 and 3 loaded). */
#define PQ(L, t)                                                                  \
    do {                                                                          \
        uint32x4_t en_;                                                           \
        SHA1HZ(en_, abcd##L);                                                     \
        if ((t) == 2) /* W[8..11] = 0: W + K is k's K0 */                         \
            ROUNDS(C, abcd##L, e##L, k);                                          \
        else if ((t) < 5)                                                         \
            ROUNDS(C, abcd##L, e##L, wk##L);                                      \
        else if ((t) < 10 || (t) >= 15)                                           \
            ROUNDS(P, abcd##L, e##L, wk##L);                                      \
        else                                                                      \
            ROUNDS(M, abcd##L, e##L, wk##L);                                      \
        e##L = en_;                                                               \
        if ((t) <= 15)                                                            \
            SU0(w##L[(t) % 4], w##L[((t) + 1) % 4], w##L[((t) + 2) % 4]);         \
        if ((t) >= 1 && (t) <= 16)                                                \
            SU1(w##L[((t) + 3) % 4], w##L[((t) + 2) % 4]);                        \
        if ((t) == 2)                                                             \
            VLDQ(wk##L, PB_WK3);                                                  \
        else if ((t) < 19 && (t) != 1)                                            \
            ADD(wk##L, k, w##L[((t) + 1) % 4]);                                   \
    } while (0)

/* Both lanes' edge after their compressions of kind x (0 inner, 1 outer), before the next
 * (kind !x). k holds the key's abcd + K0 since quad 18 (SLOT), so the edge starts with its
 * adds, in the order their inputs were made (lane A's SHA1H, SHA1P, then lane B's): the
 * feed-forward of e (the next W[4..7]) and the next quad 0's W + K (k + abcd), then the
 * feed-forward of abcd (W[0..3]). The key's e quad is loaded first, into two of the three
 * registers quad 19 leaves free (each lane's old e and W + K, less the new e), where the
 * adds wait on the last SHA1H and SHA1P anyway. Then the next key state's abcd, T (after an
 * outer one: T's e quad was loaded into W[8..11], its abcd into W[12..15], the registers the
 * next message then takes as 0 and W[12..15]), K0 (the last LOAD_K rewound the pointer) and
 * W[12..15]. Loads in pairs: an in-order core issues a load after a slower vector
 * instruction only once it would not finish first, and a second load waits no more. */
#define EDGE(x)                                                                   \
    do {                                                                          \
        uint32x4_t neA_, neB_;                                                    \
        VLDQ(neA_, (x) ? PB_IN_E : PB_OUT_E);                                     \
        VLDQ(neB_, (x) ? PB_IN_E : PB_OUT_E);                                     \
        ADD(wA[1], wA[1], eA);                                                    \
        ADD(wkA, k, abcdA);                                                       \
        ADD(wB[1], wB[1], eB);                                                    \
        ADD(wkB, k, abcdB);                                                       \
        eA = neA_;                                                                \
        eB = neB_;                                                                \
        ADD(wA[0], wA[0], abcdA);                                                 \
        ADD(wB[0], wB[0], abcdB);                                                 \
        VLDQ(abcdA, (x) ? PB_IN : PB_OUT);                                        \
        VLDQ(abcdB, (x) ? PB_IN : PB_OUT);                                        \
        if (x) {                                                                  \
            VEOR(wA[2], wA[2], wA[1]);                                            \
            VEOR(wB[2], wB[2], wB[1]);                                            \
            VEOR(wA[3], wA[3], wA[0]);                                            \
            VEOR(wB[3], wB[3], wB[0]);                                            \
        }                                                                         \
        LOAD_K(k);                                                                \
        if (x) {                                                                  \
            VSTQ(PB_TA_E, wA[2]);                                                 \
            VSTQ(PB_TB_E, wB[2]);                                                 \
            VZERO(wA[2]);                                                         \
            VZERO(wB[2]);                                                         \
            VSTQ(PB_TA, wA[3]);                                                   \
            VSTQ(PB_TB, wB[3]);                                                   \
        }                                                                         \
        VLDQ(wA[3], PB_W12);                                                      \
        VLDQ(wB[3], PB_W12);                                                      \
    } while (0)

/* Slot s of the loop's 40: quad s % 20 of both lanes' inner (s < 20) or outer compression,
 * K loaded as lane A's next quad needs it, the key state of the feed-forward into W[0..3],
 * W[4..7] once their last reader (quad 16's add) is done, and quad 18 on the W[8..15]:
 * T after an outer compression, W[8..11] = 0 of the next message after an inner one; after
 * quad 18, whose adds are the last readers of K3, the key's abcd + K0 into k for the edge. */
#define SLOT(s)                                                                   \
    do {                                                                          \
        enum { t_ = (s) % 20, x_ = (s) >= 20 };                                   \
        if (t_ == 14)                                                             \
            LOAD_K_LAST(k);                                                       \
        else if (t_ % 5 == 4 && t_ < 19)                                          \
            LOAD_K(k);                                                            \
        PQ(A, t_);                                                                \
        PQ(B, t_);                                                                \
        if (t_ == 17) {                                                           \
            VLDQ(wA[0], x_ ? PB_OUT : PB_IN);                                     \
            VLDQ(wB[0], x_ ? PB_OUT : PB_IN);                                     \
            VLDQ(wA[1], x_ ? PB_OUT_E : PB_IN_E);                                 \
            VLDQ(wB[1], x_ ? PB_OUT_E : PB_IN_E);                                 \
        }                                                                         \
        if (t_ == 18 && x_) {                                                     \
            VLDQ(wA[2], PB_TA_E);                                                 \
            VLDQ(wB[2], PB_TB_E);                                                 \
            VLDQ(wA[3], PB_TA);                                                   \
            VLDQ(wB[3], PB_TB);                                                   \
        } else if (t_ == 18) {                                                    \
            VZERO(wA[2]);                                                         \
            VZERO(wB[2]);                                                         \
        }                                                                         \
        if (t_ == 18)                                                             \
            VLDQ(k, x_ ? PB_OUT_K : PB_IN_K);                                     \
        if (t_ == 19)                                                             \
            EDGE(x_);                                                             \
    } while (0)

/* A lane's first message, U_1, and the key's inner state, before the loop. */
#define START(L)                                                                  \
    do {                                                                          \
        VLDQ(w##L[0], PB_U##L);                                                   \
        VLDQ(w##L[1], PB_U##L##_E);                                               \
        VZERO(w##L[2]);                                                           \
        VLDQ(w##L[3], PB_W12);                                                    \
        VLDQ(abcd##L, PB_IN);                                                     \
        VLDQ(e##L, PB_IN_E);                                                      \
        ADD(wk##L, k, w##L[0]);                                                   \
    } while (0)

void armsha_sha1_pbkdf2_x2_aarch32(const uint32_t inner[5], const uint32_t outer[5],
                                   const uint32_t *const u[2], uint32_t *const t[2], uint64_t n)
{
    if (n == 0)
        return;

    _Alignas(16) uint32_t pb[PB_N][4] = { { 0 } };
    /* GCC otherwise moves lane A's abcd to another register and back within the
     * outer compression's quad 16 (a VMOV, and the SHA1P after it waits for it: 6 cycles
     * of the loop's on the Cortex-A53 model); pinned, the loop has none. Registers
     * named only for the asm operands they feed (GCC's local register variables). */
#if SHA1_ASM && !defined(__clang__)
    register uint32x4_t abcdA __asm__("q8"), abcdB __asm__("q9");
#else
    uint32x4_t abcdA, abcdB;
#endif
    uint32x4_t eA, wA[4], wkA, eB, wB[4], wkB, k;

    for (int i = 0; i < 4; i++) {
        pb[PB_WK3][i] = sha1_k[0];
        pb[PB_IN][i] = inner[i];
        pb[PB_OUT][i] = outer[i];
        pb[PB_IN_K][i] = inner[i] + sha1_k[0];
        pb[PB_OUT_K][i] = outer[i] + sha1_k[0];
        pb[PB_UA][i] = u[0][i];
        pb[PB_UB][i] = u[1][i];
        pb[PB_TA][i] = t[0][i];
        pb[PB_TB][i] = t[1][i];
    }
    pb[PB_WK3][3] += (ARMSHA_SHA1_BLOCK_SIZE + ARMSHA_SHA1_DIGEST_SIZE) * 8;
    pb[PB_W12][3] = (ARMSHA_SHA1_BLOCK_SIZE + ARMSHA_SHA1_DIGEST_SIZE) * 8;
    pb[PB_IN_E][0] = inner[4];
    pb[PB_OUT_E][0] = outer[4];
    pb[PB_UA_E][0] = u[0][4];
    pb[PB_UB_E][0] = u[1][4];
    pb[PB_TA_E][0] = t[0][4];
    pb[PB_TB_E][0] = t[1][4];
    pb[PB_IN_E][1] = pb[PB_OUT_E][1] = pb[PB_UA_E][1] = pb[PB_UB_E][1] = 0x80000000;

    const uint32_t *kp = sha1_k;

    LOAD_K(k);
    START(A);
    START(B);
    /* n can exceed the 32-bit counter kept in a register: the outer loop takes 2^32 - 1
     * iterations at a time. */
    do {
        uint32_t c = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;

        n -= c;
        do {
            SLOT(0); SLOT(1); SLOT(2); SLOT(3); SLOT(4);
            SLOT(5); SLOT(6); SLOT(7); SLOT(8); SLOT(9);
            SLOT(10); SLOT(11); SLOT(12); SLOT(13); SLOT(14);
            SLOT(15); SLOT(16); SLOT(17); SLOT(18); SLOT(19);
            SLOT(20); SLOT(21); SLOT(22); SLOT(23); SLOT(24);
            SLOT(25); SLOT(26); SLOT(27); SLOT(28); SLOT(29);
            SLOT(30); SLOT(31); SLOT(32); SLOT(33); SLOT(34);
            SLOT(35); SLOT(36); SLOT(37); SLOT(38); SLOT(39);
        } while (--c != 0);
    } while (n != 0);

    for (int i = 0; i < 4; i++) {
        t[0][i] = pb[PB_TA][i];
        t[1][i] = pb[PB_TB][i];
    }
    t[0][4] = pb[PB_TA_E][0];
    t[1][4] = pb[PB_TB_E][0];
    armsha_wipe(pb, sizeof(pb));
}
