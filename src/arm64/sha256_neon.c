/* SHA-256 (and SHA-224) block function for AArch64 without the SHA instructions (Cortex-A53,
 * A72: Raspberry Pi 3/4): ASIMD message schedule, rounds in the core registers. */
#include "kernels.h"

#include "../sha2_constants.h"

/* The technique of the AArch32 NEON kernel (src/arm32/sha256_neon.c), laid out for the
 * in-order dual-issue Cortex-A53, which runs the instructions in the order written: ASIMD
 * extends the schedule four words at a time and stores W[i] + K[i] to a stack buffer, where
 * the rounds find them with one 64-bit load per two rounds; each ASIMD instruction sits in a slot
 * among the round instructions, so that the two pipes issue side by side, and every
 * consumer stands a few slots from its producer (ror and shifted-register operands: 2
 * cycles there; ASIMD: 3 or more). Where the slots sit in a round was searched on the
 * in-order A53 model and llvm-mca's A53, A55 and A57 models together (bench/RESULTS.md).
 *
 * One round is split in two halves that run interleaved: round i's "e half" (Sigma1(e),
 * Ch(e,f,g), T1 into h, d += T1) beside round i-1's "a half" (Sigma0(a), Maj(a,b,c) into
 * h, which is then the new a). The e half carries the chain from one round to the next
 * (e -> d + T1), the a half is off it. Round i-1's a, b and h are round i's b, c and a.
 *
 * Core registers:
 *   w19-w26  a..h; a round renames them instead of moving them (the NAMES lists)
 *   w9, w10  Sigma1(e) and e ^ ror(e, 14);  w11, w12  f & e and g & ~e (Ch: disjoint, so
 *            added one after the other)
 *   w13, w14 Sigma0(a) and a ^ ror(a, 9)
 *   w15, w16 a ^ b of this round (the next round's b ^ c), then Maj: they swap roles
 *            every round (the XY lists)
 *   x7       W[i] + K[i] of two rounds, loaded in each even round (w8: a temporary)
 *   x6       the next four K[i] (ld1 post-increments it), x27 where ST1 puts W + K
 *   x28      the next block's data pointer (the block itself when there is no next one)
 * ASIMD:
 *   v0-v3    W[t..t+15]: v(j mod 4) holds W[4j..4j+3]
 *   v4 K[i..i+3], v5 their sum with W; v6 W[t+14..t+15] in its low half (sigma1's input)
 *   v7, v16-v26  sigma0 and sigma1 temporaries;  v27-v29  W + K of the next block's first
 *            twelve rounds
 * The schedule of W[t+16..t+19] (S0..S3) runs in the four rounds from t, while sigma0 and
 * W[t+13..t+16] of the next step are added to that step's words. sigma1 works on 64-bit
 * halves: sigma1(W[t+14..t+15]) is added to the low half (a 64-bit ADD, which clears the
 * high half, saved with DUP before), sigma1 of the new low half to the saved high half,
 * and that sum, W[t+18..t+19], is both the next step's sigma1 input (v6) and, put back
 * with INS, the high half of the new words. The last sixteen rounds
 * load and prepare the next block (the data, sigma0 of its first step, W + K of its first
 * rounds); for the last block they load the block again, which is harmless. Everything is
 * loaded and stored with LD1/ST1 of 32-bit lanes (or LDP of words), so that one code runs on
 * either byte order.
 */

/* An instruction, and none: the halves of a round are switched on and off per round. */
#define I(s) s "\n\t"
#define NO(s)

/* The eight registers a..h of round r (r mod 8), and x, y (w15/w16 swap every round). */
#define NAMES0 "w19", "w20", "w21", "w22", "w23", "w24", "w25", "w26"
#define NAMES1 "w26", "w19", "w20", "w21", "w22", "w23", "w24", "w25"
#define NAMES2 "w25", "w26", "w19", "w20", "w21", "w22", "w23", "w24"
#define NAMES3 "w24", "w25", "w26", "w19", "w20", "w21", "w22", "w23"
#define NAMES4 "w23", "w24", "w25", "w26", "w19", "w20", "w21", "w22"
#define NAMES5 "w22", "w23", "w24", "w25", "w26", "w19", "w20", "w21"
#define NAMES6 "w21", "w22", "w23", "w24", "w25", "w26", "w19", "w20"
#define NAMES7 "w20", "w21", "w22", "w23", "w24", "w25", "w26", "w19"
#define XY_EVEN "w16", "w15"
#define XY_ODD "w15", "w16"

/* Round i's e half (EH) beside round i-1's a half (AH); WH adds W[i+1] + K[i+1] (wk: WK1 or
 * WK2 of g's number) to g,
 * the next round's h, once Ch has read it; tail ends the round (the load of even rounds).
 * h holds h + W[i] + K[i] on entry. Sigma1(e) = ror(e, 6) ^ ror(e ^ ror(e, 14), 11),
 * Sigma0 = ror(a, 2) ^ ror(a ^ ror(a, 9), 13); Maj(a', b', c') = ((a' ^ b') & (b' ^ c')) ^ b'
 * with round i-1's a', b', c' = b, c, d, and b' ^ c' = x, left by the round before. */
#define ROUND(EH, AH, WH, a, b, c, d, e, f, g, h, x, y, wk, tail, n0, n1, n2, n3, n4, n5, n6, n7) \
    EH(I("eor    w9, wzr, " e ", ror #6")) n0                                                 \
    EH(I("eor    w10, " e ", " e ", ror #14")) AH(I("eor    w13, wzr, " b ", ror #2"))         \
    AH(I("eor    w14, " b ", " b ", ror #9")) EH(I("and    w11, " f ", " e))                   \
    EH(I("bic    w12, " g ", " e)) n1                                                         \
    AH(I("eor    " y ", " b ", " c)) n2                                                       \
    EH(I("add    " h ", " h ", w11")) EH(I("eor    w9, w9, w10, ror #11"))                    \
    AH(I("and    " x ", " x ", " y)) n3                                                       \
    EH(I("add    " h ", " h ", w12")) n4                                                      \
    AH(I("eor    w13, w13, w14, ror #13")) AH(I("eor    " x ", " x ", " c))                   \
    EH(I("add    " h ", " h ", w9")) n5                                                       \
    AH(I("add    " a ", " a ", " x)) n6                                                       \
    EH(I("add    " d ", " d ", " h)) n7                                                       \
    AH(I("add    " a ", " a ", w13")) WH(wk) tail
/* The arguments of ROUND expanded first (the NAMES and XY lists, the slot lists). */
#define ROUND_(...) ROUND(__VA_ARGS__)

/* The load of round r (even): W + K of rounds r + 2 and r + 3, as one 64-bit word (an LDP
 * of two issues alone on the A53). */
#define LDP(r) I("ldr    x7, [%[wk], #4*(" #r ")+8]")
/* WK1(n) adds the first of the two words in x7 to register n, WK2(n) the second: the first
 * is the low half of x7 on a little-endian CPU, the high half on a big-endian one. */
#if defined(__AARCH64EB__)
#define WK1(n) I("add    x" #n ", x" #n ", x7, lsr #32")
#define WK2(n) I("add    w" #n ", w" #n ", w7")
#else
#define WK1(n) I("add    w" #n ", w" #n ", w7")
#define WK2(n) I("add    x" #n ", x" #n ", x7, lsr #32")
#endif

/* The schedule step of W[t+16..t+19] into X0 out of X0..X3 = W[t..t+15] (t = 4j), in the
 * 32 slots of four rounds, eight a round (S0..S3 below). It also stores W + K of the step
 * before (X3, with v4), loads K for its own words, and, with NX = I, adds sigma0 and
 * W[t+13..t+16] to the next step's words X1. Slot by slot, each result is read two or
 * more slots later. */
#define S0(NX, X0, X1, X2, X3)                                                          \
    I("ushr   v7.2s, v6.2s, #17"),                                                   \
    I("ushr   v16.2s, v6.2s, #19"),                                                  \
    I("add    v5.4s, " X3 ".4s, v4.4s"),                                               \
    I("ushr   v17.2s, v6.2s, #10"),                                                  \
    NX(I("ext    v18.16b, " X1 ".16b, " X2 ".16b, #4")),                                   \
    I("sli    v7.2s, v6.2s, #15"),                                                   \
    I("sli    v16.2s, v6.2s, #13"),                                                  \
    I("st1    {v5.4s}, [x27], #16")
#define S1(NX, X0, X1, X2, X3)                                                          \
    I("eor    v17.8b, v17.8b, v7.8b"),                                               \
    NX(I("ushr   v19.4s, v18.4s, #7")),                                               \
    NX(I("ushr   v20.4s, v18.4s, #18")),                                              \
    I("eor    v17.8b, v17.8b, v16.8b"),                                              \
    NX(I("ushr   v21.4s, v18.4s, #3")),                                               \
    NX(I("sli    v19.4s, v18.4s, #25")),                                              \
    I("dup    d26, " X0 ".d[1]") I("add    " X0 ".2s, " X0 ".2s, v17.2s"),               \
    NX(I("sli    v20.4s, v18.4s, #14"))
#define S2(NX, X0, X1, X2, X3)                                                          \
    NX(I("eor    v21.16b, v21.16b, v19.16b")),                                        \
    I("ushr   v23.2s, " X0 ".2s, #17"),                                                \
    I("ushr   v24.2s, " X0 ".2s, #19"),                                                \
    I("ushr   v25.2s, " X0 ".2s, #10") I("ld1    {v4.4s}, [x6], #16"),                 \
    "",                                                                                \
    I("sli    v23.2s, " X0 ".2s, #15"),                                                \
    I("sli    v24.2s, " X0 ".2s, #13"),                                                \
    NX(I("eor    v21.16b, v21.16b, v20.16b"))
#define S3(NX, X0, X1, X2, X3)                                                          \
    I("eor    v25.8b, v25.8b, v23.8b"),                                              \
    NX(I("ext    v22.16b, " X3 ".16b, " X0 ".16b, #4")),                                   \
    I("eor    v25.8b, v25.8b, v24.8b"),                                              \
    NX(I("add    " X1 ".4s, " X1 ".4s, v21.4s")),                                        \
    I("add    v6.2s, v26.2s, v25.2s"),                                              \
    "",                                                                                \
    NX(I("add    " X1 ".4s, " X1 ".4s, v22.4s")),                                        \
    I("ins    " X0 ".d[1], v6.d[0]")

/* Four rounds from r (r mod 8 = 0: the A names, 4: the B names) with schedule step j. */
#define QUAD_A(r, NX, X0, X1, X2, X3)                                                   \
    ROUND_(I, I, I, NAMES0, XY_EVEN, WK2(25), LDP(r), S0(NX, X0, X1, X2, X3))              \
    ROUND_(I, I, I, NAMES1, XY_ODD, WK1(24), "", S1(NX, X0, X1, X2, X3))                   \
    ROUND_(I, I, I, NAMES2, XY_EVEN, WK2(23), LDP(r + 2), S2(NX, X0, X1, X2, X3))          \
    ROUND_(I, I, I, NAMES3, XY_ODD, WK1(22), "", S3(NX, X0, X1, X2, X3))
#define QUAD_B(r, NX, X0, X1, X2, X3)                                                   \
    ROUND_(I, I, I, NAMES4, XY_EVEN, WK2(21), LDP(r), S0(NX, X0, X1, X2, X3))              \
    ROUND_(I, I, I, NAMES5, XY_ODD, WK1(20), "", S1(NX, X0, X1, X2, X3))                   \
    ROUND_(I, I, I, NAMES6, XY_EVEN, WK2(19), LDP(r + 2), S2(NX, X0, X1, X2, X3))          \
    ROUND_(I, I, I, NAMES7, XY_ODD, WK1(26), "", S3(NX, X0, X1, X2, X3))
/* Sixteen rounds from r with steps j..j+3; NX of the last step. */
#define SCHED16(r, NXL)                                                                 \
    QUAD_A(r, I, "v0", "v1", "v2", "v3")                                                \
    QUAD_B(r + 4, I, "v1", "v2", "v3", "v0")                                            \
    QUAD_A(r + 8, I, "v2", "v3", "v0", "v1")                                            \
    QUAD_B(r + 12, NXL, "v3", "v0", "v1", "v2")

/* The next block, prepared in the last sixteen rounds (the first four rounds' slots begin
 * with the store of W[60..63] + K): its data into v0-v3, K[0..15] (x6 reset), W + K of its
 * rounds 0-11 stored, sigma0 and W[9..12] added to W[0..3], and v6 = W[14..15]. */
#define EMPTY8 "", "", "", "", "", "", "", ""
#define P0                                                                              \
    "", "", I("add    v5.4s, v3.4s, v4.4s"), I("sub    x28, %[in], #64"),               \
    I("cmp    %[n], #1"), "", I("csel   x28, x28, %[in], eq"), I("st1    {v5.4s}, [x27], #16")
#define P1                                                                              \
    I("ld1    {v0.16b-v3.16b}, [x28]"), I("mov    x6, %[k]"), "",                     \
    I("ld1    {v27.4s-v29.4s}, [x6], #48"), "", I("add    %[in], %[in], #64"), "",      \
    I("ld1    {v4.4s}, [x6], #16")
#define P2                                                                              \
    I("rev32  v0.16b, v0.16b"), "", I("rev32  v1.16b, v1.16b"), "",                      \
    I("rev32  v2.16b, v2.16b"), "", I("rev32  v3.16b, v3.16b"), ""
#define P3                                                                              \
    I("add    v27.4s, v27.4s, v0.4s"), I("ext    v18.16b, v0.16b, v1.16b, #4"),         \
    I("add    v28.4s, v28.4s, v1.4s"), I("add    v29.4s, v29.4s, v2.4s"),               \
    I("ext    v22.16b, v2.16b, v3.16b, #4"), I("ushr   v19.4s, v18.4s, #7"),            \
    I("ushr   v20.4s, v18.4s, #18"), I("ushr   v21.4s, v18.4s, #3")
#define P4                                                                              \
    I("sli    v19.4s, v18.4s, #25"), I("ext    v6.16b, v3.16b, v3.16b, #8"),           \
    I("sli    v20.4s, v18.4s, #14"), I("add    v0.4s, v0.4s, v22.4s"),                  \
    I("eor    v21.16b, v21.16b, v19.16b"), "", I("eor    v21.16b, v21.16b, v20.16b"), ""
#define P5 I("add    v0.4s, v0.4s, v21.4s"), "", "", "", "", "", "", ""

#define QUAD_PREP_A(r, p0, p1, p2, p3)                                                  \
    ROUND_(I, I, I, NAMES0, XY_EVEN, WK2(25), LDP(r), p0)                                  \
    ROUND_(I, I, I, NAMES1, XY_ODD, WK1(24), "", p1)                                       \
    ROUND_(I, I, I, NAMES2, XY_EVEN, WK2(23), LDP(r + 2), p2)                              \
    ROUND_(I, I, I, NAMES3, XY_ODD, WK1(22), "", p3)

/* The unrolled body is one string literal, longer than the 4,095 characters C promises
 * to support; both compilers take far longer ones. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Woverlength-strings"
#endif

void armsha_sha256_blocks_neon(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    /* W[i] + K[i] of one block; wiped before returning (it holds message words). */
    uint32_t wk[64] __attribute__((aligned(16)));

    if (nblocks == 0)
        return;
    __asm__ volatile(
        /* The first block prepared as the last sixteen rounds prepare the next ones. */
        "mov    x28, %[in]\n\t"
        "add    %[in], %[in], #64\n\t"
        "ld1    {v0.16b-v3.16b}, [x28]\n\t"
        "mov    x6, %[k]\n\t"
        "ld1    {v27.4s-v29.4s}, [x6], #48\n\t"
        "ld1    {v4.4s}, [x6], #16\n\t"
        "ldp    w19, w20, [%[st]]\n\t"
        "ldp    w21, w22, [%[st], #8]\n\t"
        "ldp    w23, w24, [%[st], #16]\n\t"
        "ldp    w25, w26, [%[st], #24]\n\t"
        "rev32  v0.16b, v0.16b\n\t"
        "rev32  v1.16b, v1.16b\n\t"
        "rev32  v2.16b, v2.16b\n\t"
        "rev32  v3.16b, v3.16b\n\t"
        "add    v27.4s, v27.4s, v0.4s\n\t"
        "ext    v18.16b, v0.16b, v1.16b, #4\n\t"
        "add    v28.4s, v28.4s, v1.4s\n\t"
        "add    v29.4s, v29.4s, v2.4s\n\t"
        "ext    v22.16b, v2.16b, v3.16b, #4\n\t"
        "ushr   v19.4s, v18.4s, #7\n\t"
        "ushr   v20.4s, v18.4s, #18\n\t"
        "ushr   v21.4s, v18.4s, #3\n\t"
        "sli    v19.4s, v18.4s, #25\n\t"
        "ext    v6.16b, v3.16b, v3.16b, #8\n\t"
        "sli    v20.4s, v18.4s, #14\n\t"
        "add    v0.4s, v0.4s, v22.4s\n\t"
        "eor    v21.16b, v21.16b, v19.16b\n\t"
        "eor    v21.16b, v21.16b, v20.16b\n\t"
        "add    v0.4s, v0.4s, v21.4s\n\t"
        "1:\n\t"
        /* W + K of rounds 0-11 (the rest is stored by the steps), the first round's
         * h + W[0] + K[0], and b ^ c for round 0's Maj. */
        "st1    {v27.4s-v29.4s}, [%[wk]]\n\t"
        "add    x27, %[wk], #48\n\t"
        "ldr    x7, [%[wk]]\n\t"
        "eor    w15, w20, w21\n\t"
        WK1(26)
        /* Round 0 has no round -1 for its a half. */
        ROUND_(I, NO, I, NAMES0, XY_EVEN, WK2(25), LDP(0), S0(I, "v0", "v1", "v2", "v3"))
        ROUND_(I, I, I, NAMES1, XY_ODD, WK1(24), "", S1(I, "v0", "v1", "v2", "v3"))
        ROUND_(I, I, I, NAMES2, XY_EVEN, WK2(23), LDP(2), S2(I, "v0", "v1", "v2", "v3"))
        ROUND_(I, I, I, NAMES3, XY_ODD, WK1(22), "", S3(I, "v0", "v1", "v2", "v3"))
        QUAD_B(4, I, "v1", "v2", "v3", "v0")
        QUAD_A(8, I, "v2", "v3", "v0", "v1")
        QUAD_B(12, I, "v3", "v0", "v1", "v2")
        SCHED16(16, I)
        SCHED16(32, NO)
        QUAD_PREP_A(48, P0, P1, P2, P3)
        ROUND_(I, I, I, NAMES4, XY_EVEN, WK2(21), LDP(52), P4)
        ROUND_(I, I, I, NAMES5, XY_ODD, WK1(20), "", P5)
        ROUND_(I, I, I, NAMES6, XY_EVEN, WK2(19), LDP(54), EMPTY8)
        ROUND_(I, I, I, NAMES7, XY_ODD, WK1(26), "", EMPTY8)
        QUAD_PREP_A(56, EMPTY8, EMPTY8, EMPTY8, EMPTY8)
        ROUND_(I, I, I, NAMES4, XY_EVEN, WK2(21), LDP(60), EMPTY8)
        ROUND_(I, I, I, NAMES5, XY_ODD, WK1(20), "", EMPTY8)
        /* No W + K after round 63, nor a LDP for round 64. */
        ROUND_(I, I, I, NAMES6, XY_EVEN, WK2(19), "", EMPTY8)
        ROUND_(I, I, NO, NAMES7, XY_ODD, WK1(26), "", EMPTY8)
        /* Round 63's a half; then the state. */
        ROUND_(NO, I, NO, NAMES0, XY_EVEN, WK2(25), "", EMPTY8)
        "ldp    w9, w10, [%[st]]\n\t"
        "ldp    w11, w12, [%[st], #8]\n\t"
        "ldp    w13, w14, [%[st], #16]\n\t"
        "ldp    w7, w8, [%[st], #24]\n\t"
        "add    w19, w19, w9\n\t"
        "add    w20, w20, w10\n\t"
        "add    w21, w21, w11\n\t"
        "add    w22, w22, w12\n\t"
        "add    w23, w23, w13\n\t"
        "add    w24, w24, w14\n\t"
        "add    w25, w25, w7\n\t"
        "add    w26, w26, w8\n\t"
        "stp    w19, w20, [%[st]]\n\t"
        "stp    w21, w22, [%[st], #8]\n\t"
        "stp    w23, w24, [%[st], #16]\n\t"
        "stp    w25, w26, [%[st], #24]\n\t"
        "subs   %[n], %[n], #1\n\t"
        "b.ne   1b\n\t"
        /* The message words out of the buffer (the registers keep theirs until reused,
         * as in the other kernels). */
        "movi   v5.16b, #0\n\t"
        "stp    q5, q5, [%[wk]]\n\t"
        "stp    q5, q5, [%[wk], #32]\n\t"
        "stp    q5, q5, [%[wk], #64]\n\t"
        "stp    q5, q5, [%[wk], #96]\n\t"
        "stp    q5, q5, [%[wk], #128]\n\t"
        "stp    q5, q5, [%[wk], #160]\n\t"
        "stp    q5, q5, [%[wk], #192]\n\t"
        "stp    q5, q5, [%[wk], #224]\n\t"
        : [in] "+r"(data), [n] "+r"(nblocks)
        : [st] "r"(state), [k] "r"(armsha_sha256_k), [wk] "r"(wk)
        : "cc", "memory", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15",
          "x16", "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "v0",
          "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v16", "v17", "v18", "v19", "v20", "v21",
          "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29");
}
