/* SHA-256 on the AArch32 Crypto Extension, two chains in one call (armsha_sha256_x2_fn, for
 * PBKDF2's output blocks): each step of a quad is issued for lane 0 then lane 1, so that the
 * SHA256H/H2 latency of one lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "frame_ops.h"
#include "load_block.h"
#include "../opaque.h"
#include "../sha2_constants.h"
#include "../wipe.h"
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

/* Quads 12-15 have no schedule to fill the gaps: both copies first, then the next K
 * (next_k, a statement: the block form's LOAD_K; the PBKDF2 entry's QUAD2_LASTP), then the
 * rounds, lane by lane (each lane waits on its own SHA256H2 only). */
#define QUAD2_LAST_K(t, next_k)                                          \
    do {                                                                 \
        uint32x4_t in0_, in1_;                                           \
        ADD(wk1, k, w1[(t) % 4]);                                        \
        COPY(in0_, abcd0);                                               \
        COPY(in1_, abcd1);                                               \
        next_k;                                                          \
        H(abcd0, efgh0, wk0);                                            \
        H(abcd1, efgh1, wk1);                                            \
        H2(efgh0, in0_, wk0);                                            \
        H2(efgh1, in1_, wk1);                                            \
        if ((t) < 15)                                                    \
            ADD(wk0, k, w0[((t) + 1) % 4]);                              \
    } while (0)
#define QUAD2_LAST(t) QUAD2_LAST_K(t, if ((t) < 15) LOAD_K(k, kp))

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

/* ---- PBKDF2-HMAC-SHA256/224 on two lanes, the whole loop inside
 * (armsha_sha256_pbkdf2_x2_aarch32) ----
 *
 * As sha1_ce_x2.c's SHA-1 entry: every message is one digest after one key block, made in
 * registers from the feed-forward: W[0..3] = abcd, W[4..7] = efgh for SHA-256, efgh with
 * the padding's 0x80000000 in place of h for SHA-224 (ds 28), W[8..11] = (0x80000000, 0, 0,
 * 0) for SHA-256 or 0 for SHA-224, W[12..15] = (0, 0, 0, (64 + ds) * 8); the lanes in step,
 * both lanes' edge interleaved, the key's abcd + K0 precomputed so that the next quad 0's
 * W + K is one add after the last SHA256H.
 * The quads are the block form's QUAD2 / QUAD2_LAST above, unchanged but for the loads of
 * W[8..15] and lane 1's SHA-224 W[7] in quad 0 (QUAD2_FIRST) and the K loads of quads 14
 * and 15 (QUAD2_LASTP).
 *
 * Registers (16 q): per lane abcd, efgh, W in four, 12; in a quad per lane its W + K and
 * the copy of abcd that SHA256H2 reads, and the K shared by the lanes: 16 at the peak, as in
 * the block form. At the edge the copies and the K are free: the W registers take the new
 * message and T, the W + K the next quad 0's, and key + K0 is in k, so nothing
 * more is carried: the key states, T and the constants stay in memory (the frame `pb`) and
 * are loaded where used. */

/* Partial inlining would split the entry's n == 0 test off into a .part clone: SHA
 * instructions outside the functions test/baseline_isa.sh knows. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-partial-inlining")
#endif

/* The frame, 16-aligned quads: the key's states (abcd, efgh, abcd + K0), W[8..11],
 * W[12..15], each lane's T and U_1. */
enum { PB_IN, PB_IN_E, PB_IN_K, PB_OUT, PB_OUT_E, PB_OUT_K, PB_W8, PB_W12, PB_TA, PB_TA_E,
       PB_TB, PB_TB_E, PB_UA, PB_UA_E, PB_UB, PB_UB_E, PB_N };


/* The key state of the feed-forward into W[0..3] and W[4..7] once their last readers are
 * done (quads 12 and 13); T into W[8..15] after an outer compression, at the edge: loaded
 * earlier, where W[8..11] are already free, it leaves GCC one register short in quad 15
 * (a spill and two copies in the loop, 0.73 of four one-lane blocks on the Cortex-A53
 * model against 0.70). */
#define KEY_ABCD(x)                                                               \
    do {                                                                          \
        VLDQ(w0[0], (x) ? PB_OUT : PB_IN);                                        \
        VLDQ(w1[0], (x) ? PB_OUT : PB_IN);                                        \
    } while (0)
#define KEY_EFGH(x)                                                               \
    do {                                                                          \
        VLDQ(w0[1], (x) ? PB_OUT_E : PB_IN_E);                                    \
        VLDQ(w1[1], (x) ? PB_OUT_E : PB_IN_E);                                    \
    } while (0)
#define T_LOADS(x)                                                                \
    do {                                                                          \
        if (x) {                                                                  \
            VLDQ(w0[2], PB_TA);                                                   \
            VLDQ(w1[2], PB_TB);                                                   \
            VLDQ(w0[3], PB_TA_E);                                                 \
            VLDQ(w1[3], PB_TB_E);                                                 \
        }                                                                         \
    } while (0)

/* SHA-224's W[7]: the padding's 0x80000000 into the top word of W[4..7] (the loop of ds = 28),
 * from a core register, one instruction a lane. */
#if SHA256_ASM
#define SET_W7(w) __asm__ __volatile__("vmov.32 %f0[1], %1" : "+w"(w) : "r"(0x80000000u))
#else
#define SET_W7(w) ((w) = vsetq_lane_u32(0x80000000u, (w), 3))
#endif

/* A compression's last LOAD_K (K15, quad 14): the pointer rewound to K1 for the next
 * compression's quad 0 in place of the step, with no instruction of its own. */
#if SHA256_ASM
#define LOAD_K_LAST(k, kp)                                              \
    __asm__ __volatile__("vld1.32 {%q0}, [%1:128]\n\tsub %1, %1, #224"  \
                         : "=w"(k), "+r"(kp)                           \
                         : "m"(*(const uint32_t(*)[4])(kp)))
#else
#define LOAD_K_LAST(k, kp) ((k) = vld1q_u32(kp), (kp) -= 56)
#endif
/* QUAD2_LAST for the entry's quads 14 and 15: quad 14 rewinds the K pointer, and quad 15
 * loads the key's abcd + K0 (the same for both lanes) into k once its adds have read K15. */
#define ENTRY_NEXT_K(t, x)                                               \
    if ((t) == 14)                                                       \
        LOAD_K_LAST(k, kp);                                              \
    else                                                                 \
        VLDQ(k, (x) ? PB_OUT_K : PB_IN_K)
#define QUAD2_LASTP(t, x) QUAD2_LAST_K(t, ENTRY_NEXT_K(t, x))

/* Both lanes' edge after a compression of kind x (0 inner, 1 outer), lane 0 then lane 1
 * each step: the feed-forward (the next W[0..7]), the next quad 0's W + K from the key's
 * abcd + K0 (in k since quad 15), the next key state, T, lane 0's W[7] = 0x80000000
 * (SHA-224: full = 0; lane 1's in QUAD2_FIRST), SHA-224's W[8..11] = 0 (QUAD2_FIRST loads
 * the rest of W[8..15]). K from K1 on: quad 14's LOAD_K_LAST rewound the pointer.
 * T takes W[4..7] after lane 0's SET_W7 and before lane 1's, so T's eighth word is not
 * PBKDF2's for SHA-224 (only ds bytes are output). */
#define EDGE256(x, full)                                                          \
    do {                                                                          \
        T_LOADS(x);                                                               \
        ADD(w0[0], w0[0], abcd0);                                                 \
        ADD(w1[0], w1[0], abcd1);                                                 \
        ADD(w0[1], w0[1], efgh0);                                                 \
        ADD(w1[1], w1[1], efgh1);                                                 \
        ADD(wk0, k, abcd0);                                                       \
        ADD(wk1, k, abcd1);                                                       \
        VLDQ(abcd0, (x) ? PB_IN : PB_OUT);                                        \
        VLDQ(abcd1, (x) ? PB_IN : PB_OUT);                                        \
        if (!(full))                                                              \
            SET_W7(w0[1]);                                                        \
        VLDQ(efgh0, (x) ? PB_IN_E : PB_OUT_E);                                    \
        VLDQ(efgh1, (x) ? PB_IN_E : PB_OUT_E);                                    \
        if (x) {                                                                  \
            VEOR(w0[2], w0[2], w0[0]);                                            \
            VEOR(w1[2], w1[2], w1[0]);                                            \
            VEOR(w0[3], w0[3], w0[1]);                                            \
            VEOR(w1[3], w1[3], w1[1]);                                            \
            VSTQ(PB_TA, w0[2]);                                                   \
            VSTQ(PB_TB, w1[2]);                                                   \
            VSTQ(PB_TA_E, w0[3]);                                                 \
            VSTQ(PB_TB_E, w1[3]);                                                 \
        }                                                                         \
        if (!(full)) {                                                            \
            VZERO(w0[2]);                                                         \
            VZERO(w1[2]);                                                         \
        }                                                                         \
    } while (0)

/* QUAD2(0) for the entry, with the loads of W[8..15] the edge leaves to it: the Cortex-A55
 * model issues the edge's run of loads one every two cycles, here each issues beside a
 * vector instruction. W[12..15] after the schedule's SHA256SU0s, SHA-256's W[8..11] (a
 * load; SHA-224's are made at the edge) after the copies: both before the SHA256SU1s that
 * read them. SHA-224's W[7] for lane 1 after the SHA256SU0s too (they read only W[4] of
 * W[4..7]; at the edge it cost the Cortex-A57 model 5 cycles), before quad 1's W + K. */
#define QUAD2_FIRST(full)                                                \
    do {                                                                 \
        uint32x4_t in0_, in1_;                                           \
        COPY(in0_, abcd0);                                               \
        COPY(in1_, abcd1);                                               \
        if (full) {                                                      \
            VLDQ(w0[2], PB_W8);                                          \
            VLDQ(w1[2], PB_W8);                                          \
        }                                                                \
        SU0(w0[0], w0[1]);                                               \
        SU0(w1[0], w1[1]);                                               \
        if (!(full))                                                     \
            SET_W7(w1[1]);                                               \
        VLDQ(w0[3], PB_W12);                                             \
        VLDQ(w1[3], PB_W12);                                             \
        H(abcd0, efgh0, wk0);                                            \
        H2(efgh0, in0_, wk0);                                            \
        H(abcd1, efgh1, wk1);                                            \
        LOAD_K(k, kp);                                                   \
        H2(efgh1, in1_, wk1);                                            \
        SU1(w0[0], w0[2], w0[3]);                                        \
        SU1(w1[0], w1[2], w1[3]);                                        \
        ADD(wk0, k, w0[1]);                                              \
    } while (0)

/* One compression of both lanes, of kind x, and the edge after it. */
#define COMPRESS2(x, full)                                                        \
    do {                                                                          \
        QUAD2_FIRST(full);                                                        \
        QUAD2(1);                                                                 \
        QUAD2(2);                                                                 \
        QUAD2(3);                                                                 \
        QUAD2(4);                                                                 \
        QUAD2(5);                                                                 \
        QUAD2(6);                                                                 \
        QUAD2(7);                                                                 \
        QUAD2(8);                                                                 \
        QUAD2(9);                                                                 \
        QUAD2(10);                                                                \
        QUAD2(11);                                                                \
        QUAD2_LAST(12);                                                           \
        KEY_ABCD(x);                                                              \
        QUAD2_LAST(13);                                                           \
        KEY_EFGH(x);                                                              \
        QUAD2_LASTP(14, x);                                                       \
        QUAD2_LASTP(15, x);                                                       \
        EDGE256(x, full);                                                         \
    } while (0)

/* The loop: c iterations (inner and outer compressions of both lanes) at a time, c in a
 * core register; n can exceed it. */
#define LOOP256(full)                                                             \
    do {                                                                          \
        uint32_t c = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;                   \
                                                                                  \
        n -= c;                                                                   \
        do {                                                                      \
            COMPRESS2(0, full);                                                   \
            COMPRESS2(1, full);                                                   \
        } while (--c != 0);                                                       \
    } while (n != 0)

void armsha_sha256_pbkdf2_x2_aarch32(const uint32_t inner[8], const uint32_t outer[8],
                                     const uint32_t *const u[2], uint32_t *const t[2],
                                     size_t ds, uint64_t n)
{
    if (n == 0)
        return;

    _Alignas(16) uint32_t pb[PB_N][4] = { { 0 } };
    const uint32_t *kp = armsha_sha256_k;
    /* GCC otherwise moves a lane's abcd or efgh to another register in the outer
     * compression's quad 15 of SHA-224's loop (two VMOVs the SHA256H/H2 after them wait
     * for); pinned, neither loop has one. Registers named only for the asm operands they
     * feed (GCC's local register variables). */
#if SHA256_ASM && !defined(__clang__)
    register uint32x4_t abcd0 __asm__("q8"), efgh0 __asm__("q9");
    register uint32x4_t abcd1 __asm__("q10"), efgh1 __asm__("q11");
#else
    uint32x4_t abcd0, efgh0, abcd1, efgh1;
#endif
    uint32x4_t w0[4], w1[4], wk0, wk1, k;

    /* U_1's W[4..7]: the words of efgh within ds bytes, then 0x80 (ds is 32 or 28: whole
     * words), as the loop's SET_W7 makes them. */
    uint32_t mask[4], pad[4];
    for (size_t i = 0; i < 4; i++) {
        mask[i] = 16 + 4 * i < ds ? 0xffffffffu : 0;
        pad[i] = 16 + 4 * i == ds ? 0x80000000u : 0;
    }
    pb[PB_W8][0] = ds == 32 ? 0x80000000u : 0;
    pb[PB_W12][3] = (uint32_t)(ARMSHA_SHA256_BLOCK_SIZE + ds) * 8;
    for (size_t i = 0; i < 4; i++) {
        pb[PB_IN][i] = inner[i];
        pb[PB_IN_E][i] = inner[4 + i];
        pb[PB_IN_K][i] = inner[i] + armsha_sha256_k[i];
        pb[PB_OUT][i] = outer[i];
        pb[PB_OUT_E][i] = outer[4 + i];
        pb[PB_OUT_K][i] = outer[i] + armsha_sha256_k[i];
        pb[PB_TA][i] = t[0][i];
        pb[PB_TA_E][i] = t[0][4 + i];
        pb[PB_TB][i] = t[1][i];
        pb[PB_TB_E][i] = t[1][4 + i];
        pb[PB_UA][i] = u[0][i];
        pb[PB_UA_E][i] = (u[0][4 + i] & mask[i]) | pad[i];
        pb[PB_UB][i] = u[1][i];
        pb[PB_UB_E][i] = (u[1][4 + i] & mask[i]) | pad[i];
    }

    LOAD_K(k, kp);
    VLDQ(w0[0], PB_UA);
    VLDQ(w1[0], PB_UB);
    VLDQ(w0[1], PB_UA_E);
    VLDQ(w1[1], PB_UB_E);
    VLDQ(w0[2], PB_W8);
    VLDQ(w1[2], PB_W8);
    VLDQ(w0[3], PB_W12);
    VLDQ(w1[3], PB_W12);
    VLDQ(abcd0, PB_IN);
    VLDQ(abcd1, PB_IN);
    VLDQ(efgh0, PB_IN_E);
    VLDQ(efgh1, PB_IN_E);
    ADD(wk0, k, w0[0]);
    ADD(wk1, k, w1[0]);
    /* One loop for each kind of W[4..7]: SHA-256's needs no padding, SHA-224's (ds 28) its
     * W[7]. */
    if (ds == ARMSHA_SHA256_DIGEST_SIZE)
        LOOP256(1);
    else
        LOOP256(0);

    for (size_t i = 0; i < 4; i++) {
        t[0][i] = pb[PB_TA][i];
        t[0][4 + i] = pb[PB_TA_E][i];
        t[1][i] = pb[PB_TB][i];
        t[1][4 + i] = pb[PB_TB_E][i];
    }
    armsha_wipe(pb, sizeof(pb));
}
