/* SHA-512 block function (also SHA-384, -512/224, -512/256) on ARMv7 NEON, for 32-bit ARM. */
#include "armsha/sha512.h"

#include "../sha2_constants.h"

/* The technique of OpenSSL's sha512-armv4.pl NEON path and Linux's sha512-armv7-neon:
 * the eight state words, the sixteen message words and the temporaries fill the 32
 * d-registers, so that a block touches memory only for its data, 80 constants and the
 * state at the end. AArch32 has no SHA-512 instructions, so ARMv8 cores running 32-bit
 * code use this too. One asm statement: GCC keeps uint64x1_t values in core registers,
 * and intrinsics on half-used uint64x2_t still cost both compilers far more
 * instructions (bench/arm32-neon-kernels.md).
 *
 * Registers:
 *   q0-q7    d0-d15    W: q(j mod 8) holds the message words W[2j], W[2j+1]
 *   d16-d23            a..h; a round renames them (see ROUNDS4_A) instead of moving them
 *   d24-d26            Sigma temporaries; d24 then holds Maj(a,b,c)
 *   d27                T1 (and Ch(e,f,g) in the last of four rounds)
 *   q14-q15  d28-d31   K[i] + W[i] of the current four rounds (plus h, see ROUND_A)
 *   q12-q15            schedule temporaries (the K+W of the previous four are dead)
 *   %[k] the constants, %[data] the input, %[st] the state, %[n] blocks left,
 *   %[i] the iterations of sixteen rounds left
 */

armsha_sha512_blocks_fn armsha_sha512_blocks_neon;

/* One round: T1 = h + Sigma1(e) + Ch(e,f,g) + K[i] + W[i]; d += T1;
 * h = T1 + Sigma0(a) + Maj(a,b,c). A rotation is a shift right plus a shift left and
 * insert (vsli); Ch and Maj are one bit select each. kw: the d-register holding
 * K[i] + W[i]. Three kinds of round, after where the round falls in its four:
 *   ROUND_A  the first: adds h to K[i] + W[i] itself;
 *   ROUND_B  the next two: h is already in kw;
 *   ROUND_C  the last: h is already in kw.
 * ROUND_A and ROUND_B first add g, which is the next round's h and dead after it, to the
 * next round's K+W (kwn), then overwrite g with Ch(e,f,g): one vbit instead of a copy of
 * e, a vbsl and an addition of h. ROUND_C cannot: the next four K+W are not loaded yet. */
#define SIGMA1(e)                                                                      \
    "vshr.u64   d24, d" #e ", #14\n\t"                                                 \
    "vshr.u64   d25, d" #e ", #18\n\t"                                                 \
    "vshr.u64   d26, d" #e ", #41\n\t"                                                 \
    "vsli.64    d24, d" #e ", #50\n\t"                                                 \
    "vsli.64    d25, d" #e ", #46\n\t"                                                 \
    "vsli.64    d26, d" #e ", #23\n\t"                                                 \
    "veor       d24, d24, d25\n\t"                                                     \
    "veor       d24, d24, d26\n\t"          /* Sigma1(e) */
/* d27 = T1 on entry. */
#define ROUND_TAIL(a, b, c, d, h)                                                      \
    "vshr.u64   d24, d" #a ", #28\n\t"                                                 \
    "vshr.u64   d25, d" #a ", #34\n\t"                                                 \
    "vshr.u64   d26, d" #a ", #39\n\t"                                                 \
    "vsli.64    d24, d" #a ", #36\n\t"                                                 \
    "vsli.64    d25, d" #a ", #30\n\t"                                                 \
    "vsli.64    d26, d" #a ", #25\n\t"                                                 \
    "vadd.i64   d" #d ", d" #d ", d27\n\t"                                             \
    "veor       d" #h ", d24, d25\n\t"                                                 \
    "veor       d24, d" #a ", d" #b "\n\t"                                             \
    "veor       d" #h ", d" #h ", d26\n\t"  /* Sigma0(a) */                            \
    "vbsl       d24, d" #c ", d" #b "\n\t"  /* Maj(a,b,c): c where a != b, else b */   \
    "vadd.i64   d" #h ", d" #h ", d27\n\t"                                             \
    "vadd.i64   d" #h ", d" #h ", d24\n\t"
#define ROUND_A(a, b, c, d, e, f, g, h, kw, kwn)                                       \
    SIGMA1(e)                                                                          \
    "vadd.i64   d" #kwn ", d" #kwn ", d" #g "\n\t"                                     \
    "vbit       d" #g ", d" #f ", d" #e "\n\t"  /* Ch(e,f,g): f where e, else g */     \
    "vadd.i64   d27, d" #g ", d" #h "\n\t"                                             \
    "vadd.i64   d27, d27, d" #kw "\n\t"                                                \
    "vadd.i64   d27, d27, d24\n\t"          /* T1 */                                   \
    ROUND_TAIL(a, b, c, d, h)
#define ROUND_B(a, b, c, d, e, f, g, h, kw, kwn)                                       \
    SIGMA1(e)                                                                          \
    "vadd.i64   d" #kwn ", d" #kwn ", d" #g "\n\t"                                     \
    "vbit       d" #g ", d" #f ", d" #e "\n\t"  /* Ch(e,f,g) */                        \
    "vadd.i64   d27, d" #g ", d" #kw "\n\t"                                            \
    "vadd.i64   d27, d27, d24\n\t"          /* T1 */                                   \
    ROUND_TAIL(a, b, c, d, h)
#define ROUND_C(a, b, c, d, e, f, g, h, kw)                                            \
    SIGMA1(e)                                                                          \
    "vmov       d27, d" #e "\n\t"                                                      \
    "vbsl       d27, d" #f ", d" #g "\n\t"  /* Ch(e,f,g) */                            \
    "vadd.i64   d27, d27, d" #kw "\n\t"                                                \
    "vadd.i64   d27, d27, d24\n\t"          /* T1 */                                   \
    ROUND_TAIL(a, b, c, d, h)

/* K+W for four rounds: four constants in one load, two 2-lane additions. */
#define KW(x0, x1)                                                                     \
    "vld1.64    {d28-d31}, [%[k]:128]!\n\t"                                            \
    "vadd.i64   q14, q14, q" #x0 "\n\t"                                                \
    "vadd.i64   q15, q15, q" #x1 "\n\t"

/* Two message words at once: with x0 = W[t..t+1] (t = 2j - 16) and x1, x4, x5, x7 the
 * registers 1, 4, 5 and 7 after it, x0 becomes W[t+16..t+17] =
 * W[t..t+1] + sigma0(W[t+1..t+2]) + W[t+9..t+10] + sigma1(W[t+14..t+15]). */
#define SCHED(x0, x1, x4, x5, x7)                                                      \
    "vshr.u64   q12, q" #x7 ", #19\n\t"                                                \
    "vshr.u64   q13, q" #x7 ", #61\n\t"                                                \
    "vshr.u64   q15, q" #x7 ", #6\n\t"                                                 \
    "vsli.64    q12, q" #x7 ", #45\n\t"                                                \
    "vsli.64    q13, q" #x7 ", #3\n\t"                                                 \
    "vext.8     q14, q" #x0 ", q" #x1 ", #8\n\t"  /* W[t+1..t+2] */                    \
    "veor       q15, q15, q12\n\t"                                                     \
    "veor       q15, q15, q13\n\t"                /* sigma1(W[t+14..t+15]) */          \
    "vadd.i64   q" #x0 ", q" #x0 ", q15\n\t"                                           \
    "vshr.u64   q12, q14, #1\n\t"                                                      \
    "vshr.u64   q13, q14, #8\n\t"                                                      \
    "vshr.u64   q15, q14, #7\n\t"                                                      \
    "vsli.64    q12, q14, #63\n\t"                                                     \
    "vsli.64    q13, q14, #56\n\t"                                                     \
    "vext.8     q14, q" #x4 ", q" #x5 ", #8\n\t"  /* W[t+9..t+10] */                   \
    "veor       q15, q15, q12\n\t"                                                     \
    "vadd.i64   q" #x0 ", q" #x0 ", q14\n\t"                                           \
    "veor       q15, q15, q13\n\t"                /* sigma0(W[t+1..t+2]) */            \
    "vadd.i64   q" #x0 ", q" #x0 ", q15\n\t"

/* Four rounds with a..h renamed, then the next four: after eight the names are back. */
#define ROUNDS4_A                                                                      \
    ROUND_A(16, 17, 18, 19, 20, 21, 22, 23, 28, 29)                                    \
    ROUND_B(23, 16, 17, 18, 19, 20, 21, 22, 29, 30)                                    \
    ROUND_B(22, 23, 16, 17, 18, 19, 20, 21, 30, 31)                                    \
    ROUND_C(21, 22, 23, 16, 17, 18, 19, 20, 31)
#define ROUNDS4_B                                                                      \
    ROUND_A(20, 21, 22, 23, 16, 17, 18, 19, 28, 29)                                    \
    ROUND_B(19, 20, 21, 22, 23, 16, 17, 18, 29, 30)                                    \
    ROUND_B(18, 19, 20, 21, 22, 23, 16, 17, 30, 31)                                    \
    ROUND_C(17, 18, 19, 20, 21, 22, 23, 16, 31)

/* Eight rounds on the words in q0-q3, then eight on those in q4-q7. */
#define ROUNDS16                                                                       \
    KW(0, 1) ROUNDS4_A KW(2, 3) ROUNDS4_B KW(4, 5) ROUNDS4_A KW(6, 7) ROUNDS4_B
#define ROUNDS16_SCHED                                                                 \
    SCHED(0, 1, 4, 5, 7) SCHED(1, 2, 5, 6, 0) KW(0, 1) ROUNDS4_A                       \
    SCHED(2, 3, 6, 7, 1) SCHED(3, 4, 7, 0, 2) KW(2, 3) ROUNDS4_B                       \
    SCHED(4, 5, 0, 1, 3) SCHED(5, 6, 1, 2, 4) KW(4, 5) ROUNDS4_A                       \
    SCHED(6, 7, 2, 3, 5) SCHED(7, 0, 3, 4, 6) KW(6, 7) ROUNDS4_B

/* vld1.64 loads 64-bit elements in the CPU's byte order; the message is big-endian. */
#if defined(__ARMEB__)
#define BSWAP_W ""
#else
#define BSWAP_W                                                                        \
    "vrev64.8   q0, q0\n\t"                                                            \
    "vrev64.8   q1, q1\n\t"                                                            \
    "vrev64.8   q2, q2\n\t"                                                            \
    "vrev64.8   q3, q3\n\t"                                                            \
    "vrev64.8   q4, q4\n\t"                                                            \
    "vrev64.8   q5, q5\n\t"                                                            \
    "vrev64.8   q6, q6\n\t"                                                            \
    "vrev64.8   q7, q7\n\t"
#endif

/* The unrolled body is one string literal, longer than the 4,095 characters C promises
 * to support; both compilers take far longer ones. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Woverlength-strings"
#endif

void armsha_sha512_blocks_neon(uint64_t state[8], const uint8_t *data, size_t nblocks)
{
    const uint64_t *k = armsha_sha512_k;
    unsigned iter;

    if (nblocks == 0)
        return;
    /* vldm/vstm move whole doublewords, in either byte order; vld1 needs no alignment
     * of the data (Linux and the other 32-bit ARM systems allow unaligned NEON loads). */
    __asm__ __volatile__(
        "vldmia     %[st], {d16-d23}\n\t"
        "1:\n\t"
        "vld1.64    {d0-d3}, [%[data]]!\n\t"
        "vld1.64    {d4-d7}, [%[data]]!\n\t"
        "vld1.64    {d8-d11}, [%[data]]!\n\t"
        "vld1.64    {d12-d15}, [%[data]]!\n\t"
        BSWAP_W
        ROUNDS16
        "mov        %[i], #4\n\t"
        "2:\n\t"
        ROUNDS16_SCHED
        "subs       %[i], %[i], #1\n\t"
        "bne        2b\n\t"
        "sub        %[k], %[k], #640\n\t"
        "vldmia     %[st], {d24-d31}\n\t"
        "vadd.i64   q8, q8, q12\n\t"
        "vadd.i64   q9, q9, q13\n\t"
        "vadd.i64   q10, q10, q14\n\t"
        "vadd.i64   q11, q11, q15\n\t"
        "vstmia     %[st], {d16-d23}\n\t"
        "subs       %[n], %[n], #1\n\t"
        "bne        1b\n\t"
        : [data] "+r"(data), [n] "+r"(nblocks), [k] "+r"(k), [i] "=&r"(iter)
        : [st] "r"(state)
        : "cc", "memory", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10",
          "d11", "d12", "d13", "d14", "d15", "d16", "d17", "d18", "d19", "d20", "d21", "d22",
          "d23", "d24", "d25", "d26", "d27", "d28", "d29", "d30", "d31");
}
