/* SHA-512 on the ARMv8.2 SHA512H/H2/SU0/SU1 instructions, two chains in one call
 * (armsha_sha512_x2_fn, for PBKDF2's output blocks): each instruction of a double round is
 * issued for lane 0 then lane 1, so that the SHA512H -> ADD -> EXT -> SHA512H chain of one
 * lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55) as sha512_ce.c is: every
 * instruction of the rounds is its own volatile asm statement, emitted in the order below,
 * which alternates the lanes instruction by instruction but for a double round's first
 * two EXTs (DROUND2 says why; volatile only orders the statements among themselves).
 * The asm takes vectors as the instructions number their lanes, which is the
 * intrinsics' numbering with GCC on either byte order and with clang on little-endian;
 * clang on big-endian (and any other compiler) takes the intrinsics in the same order
 * (sha512_ce.c says more). */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA512_ASM 1
#endif

/* Partial inlining would split the PBKDF2 entry's n == 0 test off into a function of its
 * own (a .part clone): SHA instructions in a function that test/baseline_isa.sh does not
 * know as a kernel (as in sha512_ce.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-partial-inlining")
#endif

#if SHA512_ASM
#define ADD(r, a, b) __asm__ __volatile__("add %0.2d, %1.2d, %2.2d" : "=w"(r) : "w"(a), "w"(b))
#define EXT(r, a, b) __asm__ __volatile__("ext %0.16b, %1.16b, %2.16b, #8" : "=w"(r) : "w"(a), "w"(b))
#define H(x, fg, de) __asm__ __volatile__("sha512h %q0, %q1, %2.2d" : "+w"(x) : "w"(fg), "w"(de))
#define H2(x, cd, ab) __asm__ __volatile__("sha512h2 %q0, %q1, %2.2d" : "+w"(x) : "w"(cd), "w"(ab))
#define SU0(w0, w1) __asm__ __volatile__("sha512su0 %0.2d, %1.2d" : "+w"(w0) : "w"(w1))
#define SU1(w0, w7, w45) __asm__ __volatile__("sha512su1 %0.2d, %1.2d, %2.2d" : "+w"(w0) : "w"(w7), "w"(w45))
#else
#define ADD(r, a, b) ((r) = vaddq_u64((a), (b)))
#define EXT(r, a, b) ((r) = vextq_u64((a), (b), 1))
#define H(x, fg, de) ((x) = vsha512hq_u64((x), (fg), (de)))
#define H2(x, cd, ab) ((x) = vsha512h2q_u64((x), (cd), (ab)))
#define SU0(w0, w1) ((w0) = vsha512su0q_u64((w0), (w1)))
#define SU1(w0, w7, w45) ((w0) = vsha512su1q_u64((w0), (w7), (w45)))
#endif

/* K[2j..2j+1], one load a double round shared by the two lanes. Little-endian: an
 * immediate offset from one of two bases, each within LDUR's -256..255 (sha512_ce.c's
 * LOAD_K says why LDUR); the table is constant, so the asm needs no memory operand.
 * Big-endian needs LD1 of 64-bit elements, which has no offset form: the intrinsic. */
#if SHA512_ASM && !defined(__AARCH64EB__)
#define LOAD_K(r, j)                                                                         \
    do {                                                                                     \
        if (16 * (j) < 256)                                                                  \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp), "i"(16 * (j)));   \
        else                                                                                 \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp_hi), "i"(16 * (j) - 512)); \
    } while (0)
/* One q register from memory, as LDR (asm: where it is put, and never paired into an LDP,
 * which the Cortex-A55 model issues once in six cycles where LDR takes one; LD1 of four
 * registers takes eight). On little-endian LDR gives the lanes of LD1 .2d. */
#define LDQ(r, p)                                                                            \
    __asm__ __volatile__("ldr %q0, %1" : "=w"(r) : "m"(*(const uint8_t(*)[16])(const void *)(p)))
#define REV(w) __asm__ __volatile__("rev64 %0.16b, %0.16b" : "+w"(w))
#define STATE_Q(r, st, i) LDQ(r, (st) + 2 * (i))
#else
#define LOAD_K(r, j) ((void)kp_hi, (r) = vld1q_u64(kp + 2 * (j)))
/* Big-endian: LD1 of 64-bit elements gives the words as they are. */
#define LDQ(r, p) ((r) = vld1q_u64((const uint64_t *)(const void *)(p)))
#define REV(w) ((void)0)
#define STATE_Q(r, st, i) ((r) = vld1q_u64((st) + 2 * (i)))
#endif

/* The state of one lane between double rounds: ab, cd, ef, gh as the instructions take
 * them (sha512_ce.c, after Linux's sha512-ce-core.S dround), t = gh + (W+K of this double
 * round, halves swapped), kw = W+K of the next one (not yet swapped), and the message
 * m[i] = W[2j..2j+1] for i = j mod 8. */
typedef struct lane {
    uint64x2_t ab, cd, ef, gh, t, kw, m[8];
} lane;

/* Double round j of both lanes, each step for lane 0 then lane 1 (EXT fg and de lane by
 * lane: both of lane 0's, then lane 1's); the whole body is straight-line code, every
 * instruction its own volatile asm, in this order:
 *   EXT fg + EXT de, [SHA512SU0], SHA512H, [EXT w45], EXT kw(j+1), [SHA512SU1],
 *   ADD t(j+1) = ef + kw(j+1), ADD new ef = cd + H, ADD kw(j+2) = K + W, LDUR K, SHA512H2
 * (the double rounds without schedule work put EXT kw before SHA512H, where SHA512H
 * waits for EXT de anyway). Why so, on the models of bench/mca.sh (bench/RESULTS.md,
 * "Kernel code choices"):
 * - EXT fg and EXT de are SHA512H's last inputs, and both lanes' four become ready in
 *   the same cycle when the lanes run in step. Kryo's model runs EXT on two of its four
 *   vector pipes only, each EXT holding its pipe two cycles, and issues the oldest
 *   first: fg0, fg1, de0, de1 made both lanes' SHA512H wait for the last pair, every
 *   double round; lane 0's pair first starts lane 0's SHA512H two cycles sooner, and
 *   the lanes then run a cycle or two apart (bench/RESULTS.md, "PBKDF2 on two lanes",
 *   session 13). The in-order models lose nothing by it.
 * - The ADDs stand together, between SHA512H and SHA512H2. LLVM 16's Cortex-A55 model
 *   writes results in order, so an ADD (2 cycles there) issued right after a 4-cycle op
 *   waits a cycle: a cycle for every run of ADDs, and one run a double round is the
 *   fewest (the first version had two). That takes t(j+1) from gh(j+1) = ef(j) into a
 *   register of its own (ef is still EXT fg's operand in double round j + 1), and W+K two
 *   double rounds ahead.
 * - The one K register is loaded right behind the last ADD, which it pairs with (a load
 *   behind a 4-cycle op would wait a cycle on the A55 model, as it did at the top of the
 *   double round), for the kw ADD of the next double round.
 * - The message schedule runs six double rounds late: double round j does schedule step
 *   js = j - 6 (W[2js+16..2js+17]), the latest that still gives W[2j+4] to the kw ADD
 *   behind it. So double rounds 0-5 have none and 6-37 have it: the out-of-order models
 *   (Cyclone, ThunderX2, Kryo) overlap the light rounds at a call's start with the end
 *   of the call before, and the heavy ones keep their pipes full to the end.
 * Each operand is ready when its user issues on the A55 model at one vector op a cycle
 * (ADD 2 cycles there, 4 on LLVM 14's, the rest 4). In a schedule step w0 = W[t..t+1]
 * becomes W[t+16..t+17] from w1 = W[t+2..], w7 = W[t+14..], w4 = W[t+8..],
 * w5 = W[t+10..] (t = 2js); the indices are (js + 8) mod 8 so that they are never
 * negative, not even in the steps that are not compiled. */
#define SCHED_LAG 6
#define DROUND2(j)                                                                           \
    do {                                                                                     \
        uint64x2_t fg0_, fg1_, de0_, de1_, w450_, w451_, t0_, t1_, e0_, e1_;                 \
        enum { js = (j) - SCHED_LAG, sched = js >= 0 && js < 32 };                           \
        EXT(fg0_, A.ef, A.gh);                                                               \
        EXT(de0_, A.cd, A.ef);                                                               \
        EXT(fg1_, B.ef, B.gh);                                                               \
        EXT(de1_, B.cd, B.ef);                                                               \
        if (sched) {                                                                         \
            SU0(A.m[(js + 8) % 8], A.m[(js + 9) % 8]);                                       \
            SU0(B.m[(js + 8) % 8], B.m[(js + 9) % 8]);                                       \
        } else if ((j) < 39) {                                                               \
            EXT(A.kw, A.kw, A.kw);                                                           \
            EXT(B.kw, B.kw, B.kw);                                                           \
        }                                                                                    \
        H(A.t, fg0_, de0_);                                                                  \
        H(B.t, fg1_, de1_);                                                                  \
        if (sched) {                                                                         \
            EXT(w450_, A.m[(js + 12) % 8], A.m[(js + 13) % 8]);                              \
            EXT(w451_, B.m[(js + 12) % 8], B.m[(js + 13) % 8]);                              \
            EXT(A.kw, A.kw, A.kw);                                                           \
            EXT(B.kw, B.kw, B.kw);                                                           \
            SU1(A.m[(js + 8) % 8], A.m[(js + 15) % 8], w450_);                               \
            SU1(B.m[(js + 8) % 8], B.m[(js + 15) % 8], w451_);                               \
        }                                                                                    \
        if ((j) < 39) {                                                                      \
            ADD(t0_, A.ef, A.kw);                                                            \
            ADD(t1_, B.ef, B.kw);                                                            \
        }                                                                                    \
        ADD(e0_, A.cd, A.t);                                                                 \
        FEED_LOAD(j, af, st0);                                                               \
        ADD(e1_, B.cd, B.t);                                                                 \
        FEED_LOAD(j, bf, st1);                                                               \
        if ((j) < 38) {                                                                      \
            ADD(A.kw, k, A.m[((j) + 2) % 8]);                                                \
            ADD(B.kw, k, B.m[((j) + 2) % 8]);                                                \
        }                                                                                    \
        if ((j) < 37)                                                                        \
            LOAD_K(k, (j) + 3);                                                              \
        H2(A.t, A.cd, A.ab);                                                                 \
        H2(B.t, B.cd, B.ab);                                                                 \
        ROTATE(A, t0_, e0_, j);                                                              \
        ROTATE(B, t1_, e1_, j);                                                              \
    } while (0)
/* The roles for the next double round: the new ab from SHA512H2, cd the old ab, ef the
 * new one, gh the old ef, t the one computed ahead. Plain C assignments: the compiler
 * renames, no MOV. */
#define ROTATE(L, tn, en, j)                                                                 \
    do {                                                                                     \
        (L).gh = (L).ef;                                                                     \
        (L).ef = (en);                                                                       \
        (L).cd = (L).ab;                                                                     \
        (L).ab = (L).t;                                                                      \
        if ((j) < 39)                                                                        \
            (L).t = (tn);                                                                    \
    } while (0)

/* The feed-forward takes the states as they are in memory, not kept in registers through
 * the rounds (two lanes leave none for them): one LDR a lane in each of double rounds
 * 35-38, beside the ADDs, where the message registers of the rounds done are free (the
 * rounds chosen as the schedule's lag was, on the models: earlier or later ones cost the
 * register allocator MOVs or Kryo cycles). The opaque pointers (behind the volatile asm
 * of the rounds before) make them loads of their own, not the compiler's copies of the
 * values loaded at the top. */
#define FEED_FIRST 35
#define FEED_LOAD(j, f, st)                                                                  \
    do {                                                                                     \
        if ((j) >= FEED_FIRST && (j) < FEED_FIRST + 4)                                       \
            STATE_Q((f)[(j) - FEED_FIRST], st, (j) - FEED_FIRST);                            \
    } while (0)

/* The 40 double rounds of both lanes, from A and B as the prologue leaves them (t and kw
 * of double round 0, K[4..5] in k) to the new states in A and B and the old ones, for the
 * feed-forward, in af and bf (loaded from st0 and st1). */
#define ROUNDS()                                                                             \
    do {                                                                                     \
        DROUND2(0); DROUND2(1); DROUND2(2); DROUND2(3); DROUND2(4); DROUND2(5);              \
        DROUND2(6); DROUND2(7); DROUND2(8); DROUND2(9); DROUND2(10); DROUND2(11);            \
        DROUND2(12); DROUND2(13); DROUND2(14); DROUND2(15); DROUND2(16); DROUND2(17);        \
        DROUND2(18); DROUND2(19); DROUND2(20); DROUND2(21); DROUND2(22); DROUND2(23);        \
        DROUND2(24); DROUND2(25); DROUND2(26); DROUND2(27); DROUND2(28); DROUND2(29);        \
        DROUND2(30); DROUND2(31);                                                            \
        ARMSHA_OPAQUE(st0);                                                                  \
        ARMSHA_OPAQUE(st1);                                                                  \
        DROUND2(32); DROUND2(33); DROUND2(34); DROUND2(35); DROUND2(36); DROUND2(37);        \
        DROUND2(38); DROUND2(39);                                                            \
    } while (0)

/* The prologue's arithmetic once the first two message registers, gh and K[0..1] (k, k1)
 * are in: t and kw of double round 0, then K[4..5] into k. */
#define START()                                                                              \
    do {                                                                                     \
        ADD(A.kw, k, A.m[0]);                                                                \
        ADD(B.kw, k, B.m[0]);                                                                \
        EXT(A.kw, A.kw, A.kw);                                                               \
        EXT(B.kw, B.kw, B.kw);                                                               \
        ADD(A.t, A.gh, A.kw);                                                                \
        ADD(B.t, B.gh, B.kw);                                                                \
        ADD(A.kw, k1, A.m[1]);                                                               \
        ADD(B.kw, k1, B.m[1]);                                                               \
        LOAD_K(k, 2);                                                                        \
    } while (0)

void armsha_sha512_x2_armv8(uint64_t *const state[2], const uint8_t *const data[2])
{
    const uint64_t *kp = armsha_sha512_k, *kp_hi = kp + 64; /* see LOAD_K */
    ARMSHA_OPAQUE(kp_hi); /* a register of its own, not kp's offset folded back in */
    uint64_t *st0 = state[0], *st1 = state[1];
    const uint8_t *d0 = data[0], *d1 = data[1];
    lane A, B;
    uint64x2_t k, k1, af[4], bf[4];

    /* The loads before the first double round in the order it needs them, one LDR a
     * cycle: W[0..1] and K first (t of double round 0), then gh, ef, cd, ab, then the rest
     * of the message, each REV64 a load or two behind its LDR and, from W[2] on, ahead of
     * the next LDR (on the A55 model a load right behind a 4-cycle op waits a cycle, and
     * one ahead of it issues with it). This took the first SHA512H from cycle 103 of the
     * call to 73 there (LD1 of four registers and LDP of two, which the compilers made of
     * vld1q, issue once in eight and six cycles on that model). */
#if SHA512_ASM && !defined(__AARCH64EB__)
    LDQ(A.m[0], d0);
    LDQ(B.m[0], d1);
    LOAD_K(k, 0);
    LDQ(A.m[1], d0 + 16);
    REV(A.m[0]);
    LDQ(B.m[1], d1 + 16);
    REV(B.m[0]);
    LOAD_K(k1, 1);
    REV(A.m[1]);
    LDQ(A.gh, st0 + 6);
    REV(B.m[1]);
    LDQ(B.gh, st1 + 6);
    ADD(A.kw, k, A.m[0]);
    LDQ(A.ef, st0 + 4);
    ADD(B.kw, k, B.m[0]);
    LDQ(B.ef, st1 + 4);
    EXT(A.kw, A.kw, A.kw);
    LDQ(A.cd, st0 + 2);
    EXT(B.kw, B.kw, B.kw);
    LDQ(B.cd, st1 + 2);
    LDQ(A.ab, st0);
    LDQ(B.ab, st1);
    LDQ(A.m[2], d0 + 32);
    ADD(A.t, A.gh, A.kw);
    LDQ(B.m[2], d1 + 32);
    ADD(B.t, B.gh, B.kw);
    ADD(A.kw, k1, A.m[1]);
    ADD(B.kw, k1, B.m[1]);
    LOAD_K(k, 2);
    for (int i = 3; i < 8; i++) {
        REV(A.m[i - 1]);
        LDQ(A.m[i], d0 + 16 * i);
        REV(B.m[i - 1]);
        LDQ(B.m[i], d1 + 16 * i);
    }
    REV(A.m[7]);
    REV(B.m[7]);
#else
    for (int i = 0; i < 8; i++) {
        LDQ(A.m[i], d0 + 16 * i);
        LDQ(B.m[i], d1 + 16 * i);
    }
    A.ab = vld1q_u64(st0), A.cd = vld1q_u64(st0 + 2), A.ef = vld1q_u64(st0 + 4), A.gh = vld1q_u64(st0 + 6);
    B.ab = vld1q_u64(st1), B.cd = vld1q_u64(st1 + 2), B.ef = vld1q_u64(st1 + 4), B.gh = vld1q_u64(st1 + 6);
    LOAD_K(k, 0);
    LOAD_K(k1, 1);
    START();
#endif

    ROUNDS();

    vst1q_u64(st0, vaddq_u64(A.ab, af[0]));
    vst1q_u64(st0 + 2, vaddq_u64(A.cd, af[1]));
    vst1q_u64(st0 + 4, vaddq_u64(A.ef, af[2]));
    vst1q_u64(st0 + 6, vaddq_u64(A.gh, af[3]));
    vst1q_u64(st1, vaddq_u64(B.ab, bf[0]));
    vst1q_u64(st1 + 2, vaddq_u64(B.cd, bf[1]));
    vst1q_u64(st1 + 4, vaddq_u64(B.ef, bf[2]));
    vst1q_u64(st1 + 6, vaddq_u64(B.gh, bf[3]));
}

/* PBKDF2-HMAC's iterations 2..n+1 on both lanes at once (kernels.h): the loop of
 * sha512_ce.c's armsha_sha512_pbkdf2_armv8 around the rounds above. Each message is the
 * previous compression's state words masked to ds bytes and ORed with the padding (both
 * from memory: the rounds leave no register for them), the states start from the key's
 * inner then outer state, and only T's XOR goes through memory. */
void armsha_sha512_pbkdf2_x2_armv8(const uint64_t inner[8], const uint64_t outer[8],
                                   uint64_t *const u[2], uint64_t *const t[2], size_t ds,
                                   uint64_t n)
{
    if (n == 0)
        return;

    const uint64_t *kp = armsha_sha512_k, *kp_hi = kp + 64; /* see LOAD_K */
    ARMSHA_OPAQUE(kp_hi);
    uint64_t mask_w[8], pad_w[16] = { 0 };

    /* As in armsha_sha512_pbkdf2_armv8: U's whole bytes kept, 0x80, the bit count. */
    for (size_t i = 0; i < 8; i++)
        mask_w[i] = 8 * i + 8 <= ds ? ~(uint64_t)0 : 8 * i >= ds ? 0 : ~(uint64_t)0 << (64 - 8 * (ds % 8));
    pad_w[ds / 8] = (uint64_t)0x80 << (56 - 8 * (ds % 8));
    pad_w[15] = (uint64_t)(ARMSHA_SHA512_BLOCK_SIZE + ds) * 8;

    uint64_t *ua = u[0], *ub = u[1], *ta = t[0], *tb = t[1];
    uint64x2_t xa[4], xb[4];
    for (int i = 0; i < 4; i++) {
        xa[i] = vld1q_u64(ua + 2 * i);
        xb[i] = vld1q_u64(ub + 2 * i);
    }

    do {
        for (int half = 0; half < 2; half++) {
            const uint64_t *st0 = half == 0 ? inner : outer, *st1 = st0;
            /* Through an opaque pointer: loaded where they are used, not held in registers
             * across the rounds. */
            const uint64_t *mw = mask_w, *pw = pad_w;
            ARMSHA_OPAQUE(mw);
            ARMSHA_OPAQUE(pw);
            lane A, B;
            uint64x2_t k, k1, af[4], bf[4];

            /* LDRs of their own (LDQ): paired into LDPs, the Cortex-A55 model issued them
             * once in six cycles. W[8..15] stay one load for both lanes (the compiler
             * copies them before the schedule writes them in place): a load a lane
             * gained the A55 model a few cycles more but cost ThunderX2's 3 %
             * (bench/RESULTS.md, "PBKDF2 on two lanes"). */
            for (int i = 0; i < 4; i++) {
                uint64x2_t mask, pad;
                LDQ(mask, mw + 2 * i);
                LDQ(pad, pw + 2 * i);
                A.m[i] = vorrq_u64(vandq_u64(xa[i], mask), pad);
                B.m[i] = vorrq_u64(vandq_u64(xb[i], mask), pad);
            }
            for (int i = 4; i < 8; i++) {
                LDQ(A.m[i], pw + 2 * i);
                B.m[i] = A.m[i];
            }
            LOAD_K(k, 0);
            LOAD_K(k1, 1);
            STATE_Q(A.gh, st0, 3);
            STATE_Q(B.gh, st1, 3);
            STATE_Q(A.ef, st0, 2);
            STATE_Q(B.ef, st1, 2);
            STATE_Q(A.cd, st0, 1);
            STATE_Q(B.cd, st1, 1);
            STATE_Q(A.ab, st0, 0);
            STATE_Q(B.ab, st1, 0);
            START();
            ROUNDS();
            xa[0] = vaddq_u64(A.ab, af[0]), xa[1] = vaddq_u64(A.cd, af[1]);
            xa[2] = vaddq_u64(A.ef, af[2]), xa[3] = vaddq_u64(A.gh, af[3]);
            xb[0] = vaddq_u64(B.ab, bf[0]), xb[1] = vaddq_u64(B.cd, bf[1]);
            xb[2] = vaddq_u64(B.ef, bf[2]), xb[3] = vaddq_u64(B.gh, bf[3]);
        }
        /* T's eight quads loaded first, then XORed and stored: load, XOR and store one
         * quad at a time, each XOR waited for its load on the in-order models. */
        uint64x2_t ya[4], yb[4];
        for (int i = 0; i < 4; i++) {
            LDQ(ya[i], ta + 2 * i);
            LDQ(yb[i], tb + 2 * i);
        }
        for (int i = 0; i < 4; i++) {
            vst1q_u64(ta + 2 * i, veorq_u64(ya[i], xa[i]));
            vst1q_u64(tb + 2 * i, veorq_u64(yb[i], xb[i]));
        }
    } while (--n != 0);

    for (int i = 0; i < 4; i++) {
        vst1q_u64(ua + 2 * i, xa[i]);
        vst1q_u64(ub + 2 * i, xb[i]);
    }
}
