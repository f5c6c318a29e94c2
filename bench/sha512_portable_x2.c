/* Portable C SHA-512 on two chains at once (armsha_sha512_x2_fn): the rounds of the two
 * lanes alternate, so that a core that issues several instructions a cycle finds work of
 * one lane while the other waits on its round's dependences. A measurement,
 * not in the module: it loses to two one-lane calls (bench/RESULTS.md, "PBKDF2 on two
 * lanes"; timed by bench/lanes_native.c, modelled by bench/mca.sh). */
#include "lanes_x2.h"
#include "armsha/sha512.h"

#include "byteorder.h"
#include "sha2_constants.h"
#include "opaque.h"
#include "sha512_round.h"

/* Lane L's variables are the names with L appended: a0..h0, W0 and a1..h1, W1. */
#define LOAD2(L, i) (W##L[i] = armsha_load_be64(data##L + 8 * (i)))
#define SCHED2(L, i) SCHED_ON(W##L, i)
#define ROUND2(a, b, c, d, e, f, g, h, ab, bc, i, M)                                   \
    ROUND(a##0, b##0, c##0, d##0, e##0, f##0, g##0, h##0, ab##0, bc##0, i, M(0, i));   \
    ROUND(a##1, b##1, c##1, d##1, e##1, f##1, g##1, h##1, ab##1, bc##1, i, M(1, i))
#define ROUNDS8_2(i, M) ROUNDS8_BY(ROUND2, i, M)

void armsha_sha512_x2_portable(uint64_t *const state[2], const uint8_t *const data[2])
{
    const uint64_t *k = armsha_sha512_k;
    uint64_t *const s0 = state[0], *const s1 = state[1];
    const uint8_t *const data0 = data[0], *const data1 = data[1];
    uint64_t a0 = s0[0], b0 = s0[1], c0 = s0[2], d0 = s0[3], e0 = s0[4], f0 = s0[5], g0 = s0[6],
             h0 = s0[7];
    uint64_t a1 = s1[0], b1 = s1[1], c1 = s1[2], d1 = s1[3], e1 = s1[4], f1 = s1[5], g1 = s1[6],
             h1 = s1[7];
    /* Not wiped, as in the one-lane function (sha512_portable.c says why). */
    uint64_t W0[16], W1[16], x0, x1, y0 = b0 ^ c0, y1 = b1 ^ c1;

    ARMSHA_OPAQUE(k); /* one base register for the constants (sha512_portable.c) */
    ROUNDS8_2(0, LOAD2);
    ROUNDS8_2(8, LOAD2);
    ROUNDS8_2(16, SCHED2);
    ROUNDS8_2(24, SCHED2);
    ROUNDS8_2(32, SCHED2);
    ROUNDS8_2(40, SCHED2);
    ROUNDS8_2(48, SCHED2);
    ROUNDS8_2(56, SCHED2);
    ROUNDS8_2(64, SCHED2);
    ROUNDS8_2(72, SCHED2);
    s0[0] += a0, s0[1] += b0, s0[2] += c0, s0[3] += d0;
    s0[4] += e0, s0[5] += f0, s0[6] += g0, s0[7] += h0;
    s1[0] += a1, s1[1] += b1, s1[2] += c1, s1[3] += d1;
    s1[4] += e1, s1[5] += f1, s1[6] += g1, s1[7] += h1;
}
