/* SHA-1 block function for ARMv7 NEON: NEON message schedule, rounds in core registers. */
#include "armsha/sha1.h"

/* The technique of OpenSSL's sha1-armv4-large.pl NEON path: NEON extends the schedule
 * four words at a time and stores W[i] + K to the stack, where the rounds, in the core
 * registers, take two of them with one ldrd. The body is a naked function in assembly,
 * called by a C wrapper, as for SHA-256 (the rounds want more core registers than GCC
 * lets an asm statement clobber).
 *
 * The rounds skip b = rol(b, 30): a value computed in the block, once it is c, d or e, is
 * kept as rol(x, 2) of itself ("kept" below), so "ror #2" on each use (folded into the
 * eor/and/add that reads it) gives the value; a and b are plain. A round's b becomes the
 * next round's c with no instruction. The state's c, d and e enter each block plain, as
 * loaded (no instruction either): the first three rounds read them so. Rotating a value
 * with an explicit ror once, where it is b, would make its later uses plain: that puts one
 * instruction in place of two or three shifted operands, which Cortex-A57 issues on its
 * one multi-cycle pipe, but the block is no faster for it in llvm-mca (bench/RESULTS.md,
 * "32-bit ARM kernel code choices"), so no value is rotated so.
 *
 * Core registers:
 *   r4-r8    a..e; a round renames them (see ROUNDS20) instead of moving them
 *   r2, r3   W[i] + K of two rounds, from one ldrd
 *   r0, r12  F(b,c,d) temporaries of the two rounds of a pair (see PAIR)
 *   r10      sp + 160: the rounds read W[i] + K at fixed offsets from it, without
 *            write-back (a write-back ldrd takes two more micro-ops on Cortex-A57), and
 *            ARM state's ldrd offsets reach only 255 bytes either side
 *   r11      the state;  lr where NEON stores the next four W[i] + K
 *   r1       the data;  r9 the end of the data
 * NEON:
 *   q0-q7    W: q(j mod 8) holds W[4j..4j+3] (32 words, for the second recurrence)
 *   q8, q9, q11 temporaries;  q10 zero;  q12-q15 the four K, four copies each
 * Stack (sp + ...): 0..319 W[i] + K of the 80 rounds, each word written once a block
 *   (no slot reused, so no pointer wraps around).
 */

armsha_sha1_blocks_fn armsha_sha1_blocks_neon;

_Alignas(16) static const uint32_t sha1_k[16] = {
    0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1,
    0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6,
};

/* How a round reads c, d or e: KEPT when it holds rol(x, 2) (see above), PLAIN when x. */
#define KEPT ", ror #2"
#define PLAIN ""

/* e += W[i] + K + F(b, c, d) + rol(a, 5); wk holds W[i] + K. rol(a, 5) goes in last: a is
 * the newest value, so the round waits for it only through that one add. Ch = d ^ (b &
 * (c ^ d)); Parity = b ^ c ^ d; Maj = (c & d) + (b & (c ^ d)), the two terms never sharing
 * a bit, each added to e as soon as it is made, so that one temporary t serves.
 *
 * A round is five stages (F##_1 .. F##_5, a stage may be empty) and the rounds go in pairs
 * whose stages alternate (PAIR): the second round's F reads its b, which is the first
 * round's a, never the first round's result, so the two F chains run side by side. On
 * an in-order dual-issue core (Cortex-A53, Pi 3) the two rounds then issue in pairs and
 * each stage's consumer sits one stage away from its producer, with NEON schedule work
 * between the stages (bench/RESULTS.md, "32-bit ARM kernel code choices"). The first
 * round's temporary is r0, the second's r12.
 *
 * CH takes how d and e are read (dr, er) and cd, what brings c to d's form (PLAIN when
 * they are alike, KEPT when c is kept and d plain); CH, PARITY and MAJ read c, d and e
 * kept. */
#define ADD_WK(e, wk, er) "add    " #e ", " #wk ", " #e er "\n\t"
#define ADD_ROL5(a, e) "add    " #e ", " #e ", " #a ", ror #27\n\t"
#define RCH_1(a, b, c, d, e, wk, t, cd, dr, er) "eor    " #t ", " #d ", " #c cd "\n\t"
#define RCH_2(a, b, c, d, e, wk, t, cd, dr, er) ADD_WK(e, wk, er)
#define RCH_3(a, b, c, d, e, wk, t, cd, dr, er) "and    " #t ", " #b ", " #t dr "\n\t"
#define RCH_4(a, b, c, d, e, wk, t, cd, dr, er) "eor    " #t ", " #t ", " #d dr "\n\t"
#define RCH_5(a, b, c, d, e, wk, t, cd, dr, er) "add    " #e ", " #e ", " #t "\n\t"
#define CH_1(a, b, c, d, e, wk, t) RCH_1(a, b, c, d, e, wk, t, PLAIN, KEPT, KEPT)
#define CH_2(a, b, c, d, e, wk, t) RCH_2(a, b, c, d, e, wk, t, PLAIN, KEPT, KEPT)
#define CH_3(a, b, c, d, e, wk, t) RCH_3(a, b, c, d, e, wk, t, PLAIN, KEPT, KEPT)
#define CH_4(a, b, c, d, e, wk, t) RCH_4(a, b, c, d, e, wk, t, PLAIN, KEPT, KEPT)
#define CH_5(a, b, c, d, e, wk, t) RCH_5(a, b, c, d, e, wk, t, PLAIN, KEPT, KEPT)
/* The block's first three rounds: the state's c, d, e are plain. */
#define CH0_1(a, b, c, d, e, wk, t) RCH_1(a, b, c, d, e, wk, t, PLAIN, PLAIN, PLAIN)
#define CH0_2(a, b, c, d, e, wk, t) RCH_2(a, b, c, d, e, wk, t, PLAIN, PLAIN, PLAIN)
#define CH0_3(a, b, c, d, e, wk, t) RCH_3(a, b, c, d, e, wk, t, PLAIN, PLAIN, PLAIN)
#define CH0_4(a, b, c, d, e, wk, t) RCH_4(a, b, c, d, e, wk, t, PLAIN, PLAIN, PLAIN)
#define CH0_5(a, b, c, d, e, wk, t) RCH_5(a, b, c, d, e, wk, t, PLAIN, PLAIN, PLAIN)
#define CH1_1(a, b, c, d, e, wk, t) RCH_1(a, b, c, d, e, wk, t, KEPT, PLAIN, PLAIN)
#define CH1_2(a, b, c, d, e, wk, t) RCH_2(a, b, c, d, e, wk, t, KEPT, PLAIN, PLAIN)
#define CH1_3(a, b, c, d, e, wk, t) RCH_3(a, b, c, d, e, wk, t, KEPT, PLAIN, PLAIN)
#define CH1_4(a, b, c, d, e, wk, t) RCH_4(a, b, c, d, e, wk, t, KEPT, PLAIN, PLAIN)
#define CH1_5(a, b, c, d, e, wk, t) RCH_5(a, b, c, d, e, wk, t, KEPT, PLAIN, PLAIN)
#define CH2_1(a, b, c, d, e, wk, t) RCH_1(a, b, c, d, e, wk, t, PLAIN, KEPT, PLAIN)
#define CH2_2(a, b, c, d, e, wk, t) RCH_2(a, b, c, d, e, wk, t, PLAIN, KEPT, PLAIN)
#define CH2_3(a, b, c, d, e, wk, t) RCH_3(a, b, c, d, e, wk, t, PLAIN, KEPT, PLAIN)
#define CH2_4(a, b, c, d, e, wk, t) RCH_4(a, b, c, d, e, wk, t, PLAIN, KEPT, PLAIN)
#define CH2_5(a, b, c, d, e, wk, t) RCH_5(a, b, c, d, e, wk, t, PLAIN, KEPT, PLAIN)
#define PARITY_1(a, b, c, d, e, wk, t) "eor    " #t ", " #c ", " #d "\n\t"
#define PARITY_2(a, b, c, d, e, wk, t) ADD_WK(e, wk, KEPT)
#define PARITY_3(a, b, c, d, e, wk, t) "eor    " #t ", " #b ", " #t ", ror #2\n\t"
#define PARITY_4(a, b, c, d, e, wk, t) ""
#define PARITY_5(a, b, c, d, e, wk, t) "add    " #e ", " #e ", " #t "\n\t"
#define MAJ_1(a, b, c, d, e, wk, t) "and    " #t ", " #c ", " #d "\n\t"
#define MAJ_2(a, b, c, d, e, wk, t) ADD_WK(e, wk, KEPT)
#define MAJ_3(a, b, c, d, e, wk, t)                                                    \
    "add    " #e ", " #e ", " #t ", ror #2\n\t"                                        \
    "eor    " #t ", " #c ", " #d "\n\t"
#define MAJ_4(a, b, c, d, e, wk, t) "and    " #t ", " #b ", " #t ", ror #2\n\t"
#define MAJ_5(a, b, c, d, e, wk, t) "add    " #e ", " #e ", " #t "\n\t"

/* Rounds i (kind FA, a..e) and i + 1 (kind FB), W[i] + K in r2 and r3, stages alternating,
 * n1..n4: NEON schedule instructions between them, ld: the next pair's LDRD. The pair
 * ends before the two adds of rol(a, 5), the last instructions of its rounds: the next
 * pair does them (P: ROL5 or NOROL5 at the block's start), between its own first stages,
 * which do not read their results. The order of the stages, one for each kind of round,
 * was found by a search on the in-order Cortex-A53 model (bench/inorder_a53.py) among
 * the orders that keep every dependence: FB's W stage writes FB's e, which is FA's d, so
 * it waits for FA's last read of d (stage 4 of CH, 3 of MAJ, 1 of PARITY). */
#define ROL5_A(a, b, c) ADD_ROL5(c, b)
#define ROL5_B(a, b, c) ADD_ROL5(b, a)
#define NOROL5_A(a, b, c) ""
#define NOROL5_B(a, b, c) ""
#define PAIR(P, FA, FB, a, b, c, d, e, n1, n2, n3, n4, ld)                             \
    FA##_PAIR(P, FA, FB, a, b, c, d, e, n1, n2, n3, n4, ld)
/* The order of a pair's stages, by the kind of its first round. */
#define CH_PAIR(P, FA, FB, a, b, c, d, e, n1, n2, n3, n4, ld)                          \
    FA##_1(a, b, c, d, e, r2, r0) P##_A(a, b, c) n1 FA##_2(a, b, c, d, e, r2, r0)      \
    P##_B(a, b, c) FA##_3(a, b, c, d, e, r2, r0) n2 FA##_4(a, b, c, d, e, r2, r0)      \
    FB##_1(e, a, b, c, d, r3, r12) FB##_2(e, a, b, c, d, r3, r12) ld                   \
    FB##_3(e, a, b, c, d, r3, r12) n3 FB##_4(e, a, b, c, d, r3, r12)                   \
    FA##_5(a, b, c, d, e, r2, r0) n4 FB##_5(e, a, b, c, d, r3, r12)
#define CH0_PAIR CH_PAIR
#define CH2_PAIR CH_PAIR
#define PARITY_PAIR(P, FA, FB, a, b, c, d, e, n1, n2, n3, n4, ld)                      \
    P##_A(a, b, c) FA##_1(a, b, c, d, e, r2, r0) n1 FA##_2(a, b, c, d, e, r2, r0)      \
    P##_B(a, b, c) FB##_1(e, a, b, c, d, r3, r12) n2 FA##_3(a, b, c, d, e, r2, r0)     \
    FB##_2(e, a, b, c, d, r3, r12) FB##_3(e, a, b, c, d, r3, r12) ld                   \
    FA##_4(a, b, c, d, e, r2, r0) FB##_4(e, a, b, c, d, r3, r12) n3                    \
    FA##_5(a, b, c, d, e, r2, r0) FB##_5(e, a, b, c, d, r3, r12) n4
#define MAJ_PAIR(P, FA, FB, a, b, c, d, e, n1, n2, n3, n4, ld)                         \
    FA##_1(a, b, c, d, e, r2, r0) P##_A(a, b, c) n1 FA##_2(a, b, c, d, e, r2, r0)      \
    P##_B(a, b, c) FB##_1(e, a, b, c, d, r3, r12) n2 FA##_3(a, b, c, d, e, r2, r0)     \
    FB##_2(e, a, b, c, d, r3, r12) ld FB##_3(e, a, b, c, d, r3, r12) n3                \
    FA##_4(a, b, c, d, e, r2, r0) FB##_4(e, a, b, c, d, r3, r12)                       \
    FA##_5(a, b, c, d, e, r2, r0) n4 FB##_5(e, a, b, c, d, r3, r12)
/* The last pair's adds of rol(a, 5), at the end of the block (its a..e named as PAIR's
 * next pair would). */
#define ROL5_END(a, b, c) ROL5_A(a, b, c) ROL5_B(a, b, c)

/* The message schedule, NEON, each step of four words cut into eight parts (NAME_1 ..
 * NAME_8) that go between the stages of two pairs of rounds; a step's parts are two
 * stages or more apart, so each NEON result is ready when the next part reads it.
 * W[t..t+3] + K go to the next stack slot (lr). */
#define STORE_ADD(xn, k) "vadd.i32   q8, " #xn ", " #k "\n\t"
#define STORE_ST "vst1.32    {q8}, [lr]!\n\t"
/* W[16..31], from W[t+i] = rol(W[t+i-3] ^ W[t+i-8] ^ W[t+i-14] ^ W[t+i-16], 1): x4..x1
 * hold W[t-16..t-1]. W[t+3] needs W[t]: lane 3 first takes 0 for it, then gets
 * rol(W[t], 1) = rol(T[0], 2) xored in. */
#define SCHED16_1(xn, x4, x3, x2, x1, k)                                               \
    "vext.8     q8, " #x4 ", " #x3 ", #8\n\t"   /* W[t-14..t-11] */                    \
    "vext.8     q9, " #x1 ", q10, #4\n\t"       /* W[t-3..t-1], 0 */
#define SCHED16_2(xn, x4, x3, x2, x1, k)                                               \
    "veor       q8, q8, " #x4 "\n\t"                                                   \
    "veor       q9, q9, " #x2 "\n\t"
#define SCHED16_3(xn, x4, x3, x2, x1, k) "veor       q8, q8, q9\n\t" /* T */
#define SCHED16_4(xn, x4, x3, x2, x1, k)                                               \
    "vext.8     q9, q10, q8, #4\n\t"            /* 0, 0, 0, T[0] */                    \
    "vshl.u32   " #xn ", q8, #1\n\t"
#define SCHED16_5(xn, x4, x3, x2, x1, k)                                               \
    "vsri.32    " #xn ", q8, #31\n\t"                                                  \
    "vshl.u32   q11, q9, #2\n\t"
#define SCHED16_6(xn, x4, x3, x2, x1, k) "vsri.32    q11, q9, #30\n\t"
#define SCHED16_7(xn, x4, x3, x2, x1, k) "veor       " #xn ", " #xn ", q11\n\t"
#define SCHED16_8(xn, x4, x3, x2, x1, k) STORE_ADD(xn, k) STORE_ST
/* W[32..79], from W[t+i] = rol(W[t+i-6] ^ W[t+i-16] ^ W[t+i-28] ^ W[t+i-32], 2), which
 * has no dependence inside four words; xn holds W[t-32..t-29] and becomes W[t..t+3],
 * x7, x4, x2, x1 hold W[t-28..], W[t-16..], W[t-8..], W[t-4..]. x1 is the previous
 * step's result: the three older words are combined first and the VEXT that reads x1
 * goes after them, so that each step waits for the one before only through one VEXT
 * and one VEOR (bench/RESULTS.md, "32-bit ARM kernel code choices"). */
#define SCHED32_1(xn, x7, x4, x2, x1, k) "veor       q8, " #x4 ", " #x7 "\n\t"
#define SCHED32_2(xn, x7, x4, x2, x1, k) "veor       q8, q8, " #xn "\n\t"
#define SCHED32_3(xn, x7, x4, x2, x1, k) "vext.8     q9, " #x2 ", " #x1 ", #8\n\t" /* W[t-6..t-3] */
#define SCHED32_4(xn, x7, x4, x2, x1, k) "veor       q8, q8, q9\n\t"
#define SCHED32_5(xn, x7, x4, x2, x1, k) "vshl.u32   " #xn ", q8, #2\n\t"
#define SCHED32_6(xn, x7, x4, x2, x1, k) "vsri.32    " #xn ", q8, #30\n\t"
#define SCHED32_7(xn, x7, x4, x2, x1, k) STORE_ADD(xn, k)
#define SCHED32_8(xn, x7, x4, x2, x1, k) STORE_ST
/* No schedule step (the last sixteen rounds). */
#define NOSCHED_1() ""
#define NOSCHED_2() ""
#define NOSCHED_3() ""
#define NOSCHED_4() ""
#define NOSCHED_5() ""
#define NOSCHED_6() ""
#define NOSCHED_7() ""
#define NOSCHED_8() ""

/* The W[i] + K of rounds i and i + 1 into r2 and r3: one LDRD every two rounds, where an
 * LDM of four every four rounds stalled Swift's issue (bench/RESULTS.md, "32-bit ARM
 * kernel code choices"). A pair loads the next pair's, once its own are read. */
#define LOAD2(i) "ldrd       r2, r3, [r10, #4*(" #i ")-160]\n\t"
#define NOLOAD(i) ""

/* Twenty rounds from round i: F0, F1, F2 for the first three, F for the rest; schedule
 * step j (S##j, its registers in the parenthesised A##j) in the stages of pairs 2j and
 * 2j + 1; after five pairs the names are back. LAST loads the W[i] + K of the round after
 * these twenty (LOAD2, or NOLOAD at the end of the block). */
#define ROUNDS20(P, F0, F1, F2, F, i, S0, A0, S1, A1, S2, A2, S3, A3, S4, A4, LAST)       \
    PAIR(P, F0, F1, r4, r5, r6, r7, r8, S0##_1 A0, S0##_2 A0, S0##_3 A0, S0##_4 A0, LOAD2(i + 2))  \
    PAIR(ROL5, F2, F, r7, r8, r4, r5, r6, S0##_5 A0, S0##_6 A0, S0##_7 A0, S0##_8 A0, LOAD2(i + 4)) \
    PAIR(ROL5, F, F, r5, r6, r7, r8, r4, S1##_1 A1, S1##_2 A1, S1##_3 A1, S1##_4 A1, LOAD2(i + 6))  \
    PAIR(ROL5, F, F, r8, r4, r5, r6, r7, S1##_5 A1, S1##_6 A1, S1##_7 A1, S1##_8 A1, LOAD2(i + 8))  \
    PAIR(ROL5, F, F, r6, r7, r8, r4, r5, S2##_1 A2, S2##_2 A2, S2##_3 A2, S2##_4 A2, LOAD2(i + 10)) \
    PAIR(ROL5, F, F, r4, r5, r6, r7, r8, S2##_5 A2, S2##_6 A2, S2##_7 A2, S2##_8 A2, LOAD2(i + 12)) \
    PAIR(ROL5, F, F, r7, r8, r4, r5, r6, S3##_1 A3, S3##_2 A3, S3##_3 A3, S3##_4 A3, LOAD2(i + 14)) \
    PAIR(ROL5, F, F, r5, r6, r7, r8, r4, S3##_5 A3, S3##_6 A3, S3##_7 A3, S3##_8 A3, LOAD2(i + 16)) \
    PAIR(ROL5, F, F, r8, r4, r5, r6, r7, S4##_1 A4, S4##_2 A4, S4##_3 A4, S4##_4 A4, LOAD2(i + 18)) \
    PAIR(ROL5, F, F, r6, r7, r8, r4, r5, S4##_5 A4, S4##_6 A4, S4##_7 A4, S4##_8 A4, LAST(i + 20))

/* The unrolled body is one string literal, longer than the 4,095 characters C promises
 * to support; both compilers take far longer ones. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Woverlength-strings"
#endif

/* r0 = state, r1 = data, r2 = nblocks (not 0), r3 = sha1_k; the parameters are only
 * read by the assembly (GCC warns they are unused). */
#define UNUSED __attribute__((unused))
__attribute__((naked, noinline)) static void sha1_neon(UNUSED uint32_t *state,
                                                       UNUSED const uint8_t *data,
                                                       UNUSED size_t nblocks,
                                                       UNUSED const uint32_t *k)
{
    __asm__(
        "push       {r3-r11, lr}\n\t"          /* r3: keeps sp 8-byte aligned */
        "vpush      {d8-d15}\n\t"              /* q4-q7 are callee-saved (AAPCS) */
        "sub        sp, sp, #320\n\t"
        "mov        r11, r0\n\t"
        "add        r10, sp, #160\n\t"
        "add        r9, r1, r2, lsl #6\n\t"
        "vld1.32    {d24-d27}, [r3:128]!\n\t"
        "vld1.32    {d28-d31}, [r3:128]\n\t"
        "vmov.i32   q10, #0\n\t"
        "ldm        r0, {r4-r8}\n\t"
        "1:\n\t"
        /* vld1.8 puts byte i in byte lane i whatever the CPU's byte order, so the
         * big-endian words need vrev32 on both. No alignment needed. */
        "vld1.8     {d0-d3}, [r1]!\n\t"
        "vld1.8     {d4-d7}, [r1]!\n\t"
        "mov        lr, sp\n\t"
        "vrev32.8   q0, q0\n\t"
        "vrev32.8   q1, q1\n\t"
        "vrev32.8   q2, q2\n\t"
        "vrev32.8   q3, q3\n\t"
        "vadd.i32   q8, q0, q12\n\t"
        "vadd.i32   q9, q1, q12\n\t"
        "vst1.32    {d16-d19}, [lr]!\n\t"
        "vadd.i32   q8, q2, q12\n\t"
        "vadd.i32   q9, q3, q12\n\t"
        "vst1.32    {d16-d19}, [lr]!\n\t"
        LOAD2(0)
        ROUNDS20(NOROL5, CH0, CH1, CH2, CH, 0,
                 SCHED16, (q4, q0, q1, q2, q3, q12),
                 SCHED16, (q5, q1, q2, q3, q4, q13),
                 SCHED16, (q6, q2, q3, q4, q5, q13),
                 SCHED16, (q7, q3, q4, q5, q6, q13),
                 SCHED32, (q0, q1, q4, q6, q7, q13), LOAD2)
        ROUNDS20(ROL5, PARITY, PARITY, PARITY, PARITY, 20,
                 SCHED32, (q1, q2, q5, q7, q0, q13),
                 SCHED32, (q2, q3, q6, q0, q1, q14),
                 SCHED32, (q3, q4, q7, q1, q2, q14),
                 SCHED32, (q4, q5, q0, q2, q3, q14),
                 SCHED32, (q5, q6, q1, q3, q4, q14), LOAD2)
        ROUNDS20(ROL5, MAJ, MAJ, MAJ, MAJ, 40,
                 SCHED32, (q6, q7, q2, q4, q5, q14),
                 SCHED32, (q7, q0, q3, q5, q6, q15),
                 SCHED32, (q0, q1, q4, q6, q7, q15),
                 SCHED32, (q1, q2, q5, q7, q0, q15),
                 SCHED32, (q2, q3, q6, q0, q1, q15), LOAD2)
        ROUNDS20(ROL5, PARITY, PARITY, PARITY, PARITY, 60,
                 SCHED32, (q3, q4, q7, q1, q2, q15), NOSCHED, (), NOSCHED, (), NOSCHED, (),
                 NOSCHED, (), NOLOAD)
        ROL5_END(r4, r5, r6)
        /* state += a..e, c, d, e back from how they are kept (plain again for the
         * next block); the state read with LDRD and LDRs for the same reason as LOAD2 */
        "ldrd       r2, r3, [r11]\n\t"
        "ldr        r0, [r11, #8]\n\t"
        "ldr        r12, [r11, #12]\n\t"
        "ldr        lr, [r11, #16]\n\t"
        "add        r4, r4, r2\n\t"
        "add        r5, r5, r3\n\t"
        "add        r6, r0, r6, ror #2\n\t"
        "add        r7, r12, r7, ror #2\n\t"
        "add        r8, lr, r8, ror #2\n\t"
        "stm        r11, {r4-r8}\n\t"
        "cmp        r1, r9\n\t"
        "bne        1b\n\t"
        "add        sp, sp, #320\n\t"
        "vpop       {d8-d15}\n\t"
        "pop        {r3-r11, pc}\n\t");
}

void armsha_sha1_blocks_neon(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    if (nblocks != 0)
        sha1_neon(state, data, nblocks, sha1_k);
}
