/* SHA-256 (and SHA-224) block function for ARMv7 NEON: NEON schedule, rounds in core registers. */
#include "armsha/sha256.h"

#include "../sha2_constants.h"

/* The technique of OpenSSL's sha256-armv4.pl NEON path: NEON extends the schedule four
 * words at a time and stores W[i] + K[i] to the stack, where the rounds, in the core
 * registers, find them with one load per two rounds; the two run side by side. The
 * rounds need 14 core registers, more than GCC lets an asm statement clobber (r7 or r11
 * may be the frame pointer): the body is a naked function in assembly, called by a C
 * wrapper.
 *
 * Core registers:
 *   r4-r11   a..h; a round renames them (see ROUNDS8) instead of moving them
 *   r0       Sigma1(e)
 *   r2       W[i] + K[i], then Ch(e,f,g), then Sigma0(a)
 *   r3, r12  a ^ b of this round (the next round's b ^ c), then Maj(a,b,c): they swap
 *            roles every round; r3 first holds W[i+1] + K[i+1] in even rounds
 *   r1       the next K[i] for NEON
 *   lr       where NEON stores the next four W[i] + K[i]
 * NEON:
 *   q0-q3    W[t..t+15]: q(j mod 4) holds W[4j..4j+3]
 *   q8-q13   temporaries;  q14, q15  K[i] + W[i] of eight rounds
 * Stack (sp + ...): 0..255 W[i] + K[i] of the 64 rounds, each word written once a
 *   block (no slot reused, so no pointer wraps around); 256 the state pointer, 260 the
 *   data pointer, 264 the end of the data.
 */

armsha_sha256_blocks_fn armsha_sha256_blocks_neon;

/* One round: h += Sigma1(e) + Ch(e,f,g) + K[i] + W[i]; d += h; h += Sigma0(a) +
 * Maj(a,b,c). Sigma1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6), the last rotation folded
 * into the add; Sigma0 likewise. Ch = ((f ^ g) & e) ^ g; Maj = ((a ^ b) & (b ^ c)) ^ b,
 * where a ^ b is the next round's b ^ c: r3 and r12 swap roles every round.
 * Rounds go in pairs: the even round loads K[i] + W[i] of both with one ldrd into r2
 * and r3 (r3, its a ^ b register, is free until its Maj), and adds the odd round's
 * to g, which is the odd round's h, once Ch(e,f,g) has read it.
 *
 * For an in-order dual-issue core (Cortex-A53, Pi 3): Sigma1(e) in r0 and Ch(e,f,g)
 * then Sigma0(a) in r2, so that Sigma0 waits only for Ch, not for Sigma1; Ch goes into
 * h before Sigma1, whose chain from e is the longer, so that d += h follows Sigma1 by one
 * add; n1..n8: NEON schedule instructions between the round's (bench/RESULTS.md,
 * "32-bit ARM kernel code choices"). */
#define ROUND_BODY(a, b, c, d, e, f, g, h, ab, bc, kw, mid, nx, n1, n2, n3, n4, n5, n6, n7, n8) \
    n1                                                                                 \
    kw                                                                                 \
    "eor    r2, " #f ", " #g "\n\t"                                                    \
    n2                                                                                 \
    "and    r2, r2, " #e "\n\t"                                                        \
    n3                                                                                 \
    "eor    r2, r2, " #g "\n\t"                                                        \
    mid                                                                                \
    "add    " #h ", " #h ", r2\n\t"             /* + Ch(e,f,g) */                      \
    n4                                                                                 \
    "add    " #h ", " #h ", r0, ror #6\n\t"     /* + Sigma1(e) */                      \
    "eor    r2, " #a ", " #a ", ror #11\n\t"                                           \
    n5                                                                                 \
    "add    " #d ", " #d ", " #h "\n\t"                                                \
    "eor    " #ab ", " #a ", " #b "\n\t"                                               \
    n6                                                                                 \
    "eor    r2, r2, " #a ", ror #20\n\t"                                               \
    "and    " #bc ", " #bc ", " #ab "\n\t"                                             \
    n7                                                                                 \
    nx##_1(d)                                                                          \
    "eor    " #bc ", " #bc ", " #b "\n\t"                                              \
    "add    " #h ", " #h ", r2, ror #2\n\t"     /* + Sigma0(a) */                      \
    n8                                                                                 \
    nx##_2(d)                                                                          \
    "add    " #h ", " #h ", " #bc "\n\t"        /* + Maj(a,b,c) */
/* The first two instructions of the next round's Sigma1, on its e (this round's d once
 * d += h): NEXT_S1 in every round but the block's last (LAST_S1). */
#define NEXT_S1_1(e) "eor    r0, " #e ", " #e ", ror #5\n\t"
#define NEXT_S1_2(e) "eor    r0, r0, " #e ", ror #19\n\t"
#define LAST_S1_1(e) ""
#define LAST_S1_2(e) ""
/* Round i, i even; N: the round's eight NEON slots, in parentheses. */
#define ROUND_E(a, b, c, d, e, f, g, h, i, N)                                          \
    "ldrd   r2, r3, [sp, #4*(" #i ")]\n\t"                                             \
    ROUND_SLOTS(a, b, c, d, e, f, g, h, r3, r12, "add    " #h ", " #h ", r2\n\t",       \
                "add    " #g ", " #g ", r3\n\t", NEXT_S1, N)
/* Round i + 1: its K + W is already in h. */
#define ROUND_O(a, b, c, d, e, f, g, h, N) ROUND_SLOTS(a, b, c, d, e, f, g, h, r12, r3, "", "", NEXT_S1, N)
/* The block's last round. */
#define ROUND_O_LAST(a, b, c, d, e, f, g, h, N)                                        \
    ROUND_SLOTS(a, b, c, d, e, f, g, h, r12, r3, "", "", LAST_S1, N)
#define ROUND_SLOTS(a, b, c, d, e, f, g, h, ab, bc, kw, mid, nx, N)                    \
    ROUND_N(ROUND_BODY, (a, b, c, d, e, f, g, h, ab, bc, kw, mid, nx, UNPAREN N))
#define UNPAREN(...) __VA_ARGS__
#define ROUND_N(m, args) m args
#define NONE8 ("", "", "", "", "", "", "", "")

/* W[t..t+3] becomes W[t+16..t+19] = W[t..t+3] + sigma0(W[t+1..t+4]) + W[t+9..t+12] +
 * sigma1(W[t+14..t+17]), in four parts spread over four rounds; x0..x3 hold W[t..t+15].
 * sigma1 needs W[t+16..t+17] for its upper half: it runs on two words at a time. Each
 * part is cut into the eight NEON slots of its round, in parentheses. */
#define SCHED1(x0, x1, x2, x3)                                                         \
    ("vext.8     q8, " #x0 ", " #x1 ", #4\n\t", /* W[t+1..t+4] */                      \
     "vext.8     q9, " #x2 ", " #x3 ", #4\n\t"  /* W[t+9..t+12] */                     \
     "vshr.u32   q10, q8, #7\n\t",                                                     \
     "vadd.i32   " #x0 ", " #x0 ", q9\n\t"                                             \
     "vshr.u32   q9, q8, #18\n\t",                                                     \
     "vsli.32    q10, q8, #25\n\t"                                                     \
     "vshr.u32   q11, q8, #3\n\t",                                                     \
     "vsli.32    q9, q8, #14\n\t",                                                     \
     "veor       q10, q10, q11\n\t",                                                   \
     "veor       q10, q10, q9\n\t",             /* sigma0(W[t+1..t+4]) */              \
     "vadd.i32   " #x0 ", " #x0 ", q10\n\t")
/* sigma1 of the two words in src, added to the two in dst. */
#define SCHED_SIGMA1(dst, src)                                                         \
    ("vshr.u32   d24, " #src ", #17\n\t"                                               \
     "vshr.u32   d25, " #src ", #19\n\t",                                              \
     "vshr.u32   d26, " #src ", #10\n\t",                                              \
     "vsli.32    d24, " #src ", #15\n\t",                                              \
     "vsli.32    d25, " #src ", #13\n\t",                                              \
     "veor       d26, d26, d24\n\t",                                                   \
     "veor       d26, d26, d25\n\t",                                                   \
     "vadd.i32   " #dst ", " #dst ", d26\n\t", "")
/* W[t..t+3] + K[t+16..t+19] to the stack (kw: q14 or q15, K already loaded), after the
 * constants for eight rounds in one load (ld: LOADK8 or ""). */
#define SCHED4(x0, kw, ld)                                                             \
    (ld, "", "", "vadd.i32   " #kw ", " #kw ", " #x0 "\n\t", "",                       \
     "vst1.32    {" #kw "}, [lr]!\n\t", "", "")
#define LOADK8 "vld1.32    {d28-d31}, [r1:128]!\n\t"

/* Rounds i..i+3 with the schedule of W[t..t+3] (t = i) in register x0 (low half x0l,
 * high half x0h) and the three after it beside them; x3h: the high half of x3. */
#define ROUNDS4_A(i, x0, x1, x2, x3, x0l, x0h, x3h)                                    \
    ROUND_E(r4, r5, r6, r7, r8, r9, r10, r11, i + 0, SCHED1(x0, x1, x2, x3))           \
    ROUND_O(r11, r4, r5, r6, r7, r8, r9, r10, SCHED_SIGMA1(x0l, x3h))                  \
    ROUND_E(r10, r11, r4, r5, r6, r7, r8, r9, i + 2, SCHED_SIGMA1(x0h, x0l))           \
    ROUND_O(r9, r10, r11, r4, r5, r6, r7, r8, SCHED4(x0, q14, LOADK8))
#define ROUNDS4_B(i, x0, x1, x2, x3, x0l, x0h, x3h)                                    \
    ROUND_E(r8, r9, r10, r11, r4, r5, r6, r7, i + 0, SCHED1(x0, x1, x2, x3))           \
    ROUND_O(r7, r8, r9, r10, r11, r4, r5, r6, SCHED_SIGMA1(x0l, x3h))                  \
    ROUND_E(r6, r7, r8, r9, r10, r11, r4, r5, i + 2, SCHED_SIGMA1(x0h, x0l))           \
    ROUND_O(r5, r6, r7, r8, r9, r10, r11, r4, SCHED4(x0, q15, ""))
/* Sixteen rounds from i that also extend the schedule by sixteen words. */
#define ROUNDS16_SCHED(i)                                                              \
    ROUNDS4_A(i + 0, q0, q1, q2, q3, d0, d1, d7)                                       \
    ROUNDS4_B(i + 4, q1, q2, q3, q0, d2, d3, d1)                                       \
    ROUNDS4_A(i + 8, q2, q3, q0, q1, d4, d5, d3)                                       \
    ROUNDS4_B(i + 12, q3, q0, q1, q2, d6, d7, d5)
/* The last sixteen rounds. */
#define ROUNDS8(j, LAST)                                                               \
    ROUND_E(r4, r5, r6, r7, r8, r9, r10, r11, j + 0, NONE8)                            \
    ROUND_O(r11, r4, r5, r6, r7, r8, r9, r10, NONE8)                                   \
    ROUND_E(r10, r11, r4, r5, r6, r7, r8, r9, j + 2, NONE8)                            \
    ROUND_O(r9, r10, r11, r4, r5, r6, r7, r8, NONE8)                                   \
    ROUND_E(r8, r9, r10, r11, r4, r5, r6, r7, j + 4, NONE8)                            \
    ROUND_O(r7, r8, r9, r10, r11, r4, r5, r6, NONE8)                                   \
    ROUND_E(r6, r7, r8, r9, r10, r11, r4, r5, j + 6, NONE8)                            \
    LAST(r5, r6, r7, r8, r9, r10, r11, r4, NONE8)

/* The unrolled body is one string literal, longer than the 4,095 characters C promises
 * to support; both compilers take far longer ones. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Woverlength-strings"
#endif

/* r0 = state, r1 = data, r2 = nblocks (not 0), r3 = the 64 constants; the parameters
 * are only read by the assembly (GCC warns they are unused). */
#define UNUSED __attribute__((unused))
__attribute__((naked, noinline)) static void sha256_neon(UNUSED uint32_t *state,
                                                         UNUSED const uint8_t *data,
                                                         UNUSED size_t nblocks,
                                                         UNUSED const uint32_t *k)
{
    __asm__(
        "push       {r3-r11, lr}\n\t"          /* r3: keeps sp 8-byte aligned */
        "sub        sp, sp, #272\n\t"
        "str        r0, [sp, #256]\n\t"
        "add        r2, r1, r2, lsl #6\n\t"
        "str        r2, [sp, #264]\n\t"
        "ldm        r0, {r4-r11}\n\t"
        "mov        r0, r1\n\t"
        "mov        r1, r3\n\t"
        "1:\n\t"
        /* vld1.8 puts byte i in byte lane i whatever the CPU's byte order, so the
         * big-endian words need vrev32 on both. No alignment needed. */
        "vld1.8     {d0-d3}, [r0]!\n\t"
        "vld1.8     {d4-d7}, [r0]!\n\t"
        "str        r0, [sp, #260]\n\t"
        "mov        lr, sp\n\t"
        "vrev32.8   q0, q0\n\t"
        "vrev32.8   q1, q1\n\t"
        "vrev32.8   q2, q2\n\t"
        "vrev32.8   q3, q3\n\t"
        "vld1.32    {d16-d19}, [r1:128]!\n\t"
        "vld1.32    {d20-d23}, [r1:128]!\n\t"
        "vadd.i32   q8, q8, q0\n\t"
        "vadd.i32   q9, q9, q1\n\t"
        "vadd.i32   q10, q10, q2\n\t"
        "vadd.i32   q11, q11, q3\n\t"
        "vst1.32    {d16-d19}, [lr]!\n\t"
        "vst1.32    {d20-d23}, [lr]!\n\t"
        "eor        r12, r5, r6\n\t"            /* b ^ c for the first round */
        NEXT_S1_1(r8) NEXT_S1_2(r8)            /* the first round's Sigma1 starts */
        ROUNDS16_SCHED(0)
        ROUNDS16_SCHED(16)
        ROUNDS16_SCHED(32)
        ROUNDS8(48, ROUND_O)
        ROUNDS8(56, ROUND_O_LAST)
        /* state += a..h; the state read with LDRD and LDRs, not with an LDM of four,
         * which stalls Swift's issue (bench/RESULTS.md, "32-bit ARM kernel code
         * choices"); ARM state's LDRD takes an even register and the next only. */
        "ldr        r0, [sp, #256]\n\t"
        "sub        r1, r1, #256\n\t"
        "ldrd       r2, r3, [r0]\n\t"
        "ldr        r12, [r0, #8]\n\t"
        "ldr        lr, [r0, #12]\n\t"
        "add        r4, r4, r2\n\t"
        "add        r5, r5, r3\n\t"
        "add        r6, r6, r12\n\t"
        "add        r7, r7, lr\n\t"
        "stm        r0!, {r4-r7}\n\t"
        "ldrd       r2, r3, [r0]\n\t"
        "ldr        r12, [r0, #8]\n\t"
        "ldr        lr, [r0, #12]\n\t"
        "add        r8, r8, r2\n\t"
        "add        r9, r9, r3\n\t"
        "add        r10, r10, r12\n\t"
        "add        r11, r11, lr\n\t"
        "stm        r0, {r8-r11}\n\t"
        "ldr        r0, [sp, #260]\n\t"
        "ldr        r2, [sp, #264]\n\t"
        "cmp        r0, r2\n\t"
        "bne        1b\n\t"
        "add        sp, sp, #272\n\t"
        "pop        {r3-r11, pc}\n\t");
}

void armsha_sha256_blocks_neon(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    if (nblocks != 0)
        sha256_neon(state, data, nblocks, armsha_sha256_k);
}
