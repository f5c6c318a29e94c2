/* SHA-512 round macros of the portable block functions, one lane (sha512_portable.c)
 * or two (bench/sha512_portable_x2.c, a measurement): each names its variables, so a
 * lane is a set of names. */
#ifndef ARMSHA_SHA512_ROUND_H
#define ARMSHA_SHA512_ROUND_H

/* Written as shifts so that compilers emit one rotate (and fold it into eor on AArch64). */
#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define BSIG1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))
#define SSIG0(x) (ROR(x, 1) ^ ROR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROR(x, 19) ^ ROR(x, 61) ^ ((x) >> 6))

/* Ch(e,f,g) = g ^ (e & (f ^ g)). Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)): this round's a ^ b
 * is the next round's b ^ c, so ab and bc swap names from one round to the next instead
 * of being recomputed. No branches and no tables: secrets (HMAC keys) pass through. */
#define ROUND(a, b, c, d, e, f, g, h, ab, bc, i, w)                                    \
    do {                                                                               \
        h += BSIG1(e) + (((f ^ g) & e) ^ g) + k[i] + (w);                              \
        d += h;                                                                        \
        ab = a ^ b;                                                                    \
        h += BSIG0(a) + (b ^ (ab & bc));                                               \
    } while (0)

/* The message schedule rolls through 16 words of W. */
#define SCHED_ON(W, i)                                                                 \
    (W[(i)&15] += SSIG1(W[((i) - 2) & 15]) + W[((i) - 7) & 15] + SSIG0(W[((i) - 15) & 15]))

#include "sha2_rounds8.h"

#endif
