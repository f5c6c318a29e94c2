/* SHA-1 round macros of the portable block functions, one lane (sha1_portable.c)
 * or two (bench/sha1_portable_x2.c, a measurement): each names its variables, so a
 * lane is a set of names. */
#ifndef ARMSHA_SHA1_ROUND_H
#define ARMSHA_SHA1_ROUND_H

/* Written as shifts so that compilers emit one rotate. */
#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* Ch, Parity and Maj; no branches and no tables, since secrets (HMAC keys) pass through. */
#define F1(b, c, d) (((c ^ d) & b) ^ d)
#define F2(b, c, d) (b ^ c ^ d)
#define F3(b, c, d) ((b & c) | (d & (b | c)))

#define ROUND(F, a, b, c, d, e, k, w)                                                  \
    do {                                                                               \
        e += ROL(a, 5) + F(b, c, d) + k + (w);                                         \
        b = ROL(b, 30);                                                                \
    } while (0)

/* The message schedule rolls through 16 words of W. */
#define SCHED_ON(W, i)                                                                 \
    (W[(i)&15] = ROL(W[((i) - 3) & 15] ^ W[((i) - 8) & 15] ^ W[((i) - 14) & 15] ^ W[(i)&15], 1))

/* Five rounds with the variables renamed rather than moved. R(F, a, b, c, d, e, k, i, M) is
 * one round on those names, message word i given by M: ROUNDS5 for one lane, where the word
 * is M(i); a two-lane form passes its own R (bench/sha1_portable_x2.c). */
#define ROUNDS5_BY(R, F, i, k, M)                                                      \
    R(F, a, b, c, d, e, k, (i) + 0, M);                                                \
    R(F, e, a, b, c, d, k, (i) + 1, M);                                                \
    R(F, d, e, a, b, c, k, (i) + 2, M);                                                \
    R(F, c, d, e, a, b, k, (i) + 3, M);                                                \
    R(F, b, c, d, e, a, k, (i) + 4, M)
#define ROUND_M(F, a, b, c, d, e, k, i, M) ROUND(F, a, b, c, d, e, k, M(i))
#define ROUNDS5(F, i, k, M) ROUNDS5_BY(ROUND_M, F, i, k, M)

#define K1 0x5a827999u
#define K2 0x6ed9eba1u
#define K3 0x8f1bbcdcu
#define K4 0xca62c1d6u

#endif
