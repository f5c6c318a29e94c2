/* SHA-256 round macros of the portable block functions, one lane (sha256_portable.c)
 * or two (bench/sha256_portable_x2.c, a measurement): each names its variables, so a
 * lane is a set of names. */
#ifndef ARMSHA_SHA256_ROUND_H
#define ARMSHA_SHA256_ROUND_H

/* Written as shifts so that compilers emit one rotate (and fold it into eor on AArch64). */
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define BSIG0(x) (ROR(x, 2) ^ ROR(x, 13) ^ ROR(x, 22))
#define BSIG1(x) (ROR(x, 6) ^ ROR(x, 11) ^ ROR(x, 25))
#define SSIG0(x) (ROR(x, 7) ^ ROR(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROR(x, 17) ^ ROR(x, 19) ^ ((x) >> 10))

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
