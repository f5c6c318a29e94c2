/* The order of eight SHA-256 or SHA-512 rounds (the same for both), for sha256_round.h and
 * sha512_round.h, which define ROUND; the one-lane block functions and the bench/ two-lane
 * measurements share it. */
#ifndef ARMSHA_SHA2_ROUNDS8_H
#define ARMSHA_SHA2_ROUNDS8_H

/* Eight rounds with the variables renamed rather than moved. R(a, b, c, d, e, f, g, h, ab,
 * bc, i, M) is one round on those names, message word i given by M: ROUNDS8 for one lane,
 * where the word is M(i); a two-lane form passes its own R (bench/sha256_portable_x2.c). */
#define ROUNDS8_BY(R, i, M)                                                            \
    R(a, b, c, d, e, f, g, h, x, y, (i) + 0, M);                                       \
    R(h, a, b, c, d, e, f, g, y, x, (i) + 1, M);                                       \
    R(g, h, a, b, c, d, e, f, x, y, (i) + 2, M);                                       \
    R(f, g, h, a, b, c, d, e, y, x, (i) + 3, M);                                       \
    R(e, f, g, h, a, b, c, d, x, y, (i) + 4, M);                                       \
    R(d, e, f, g, h, a, b, c, y, x, (i) + 5, M);                                       \
    R(c, d, e, f, g, h, a, b, x, y, (i) + 6, M);                                       \
    R(b, c, d, e, f, g, h, a, y, x, (i) + 7, M)
#define ROUND_M(a, b, c, d, e, f, g, h, ab, bc, i, M) ROUND(a, b, c, d, e, f, g, h, ab, bc, i, M(i))
#define ROUNDS8(i, M) ROUNDS8_BY(ROUND_M, i, M)

#endif
