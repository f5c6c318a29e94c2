/* Portable C SHA-1 on two chains at once (armsha_sha1_x2_fn): the rounds of the two lanes
 * alternate, so that a core that issues several instructions a cycle finds work of one
 * lane while the other waits on its round's dependences. A measurement,
 * not in the module: it loses to two one-lane calls (bench/RESULTS.md, "PBKDF2 on two
 * lanes"; timed by bench/lanes_native.c, modelled by bench/mca.sh). */
#include "lanes_x2.h"
#include "armsha/sha1.h"

#include "byteorder.h"
#include "sha1_round.h"

/* Lane L's variables are the names with L appended: a0..e0, W0 and a1..e1, W1. */
#define LOAD2(L, i) (W##L[i] = armsha_load_be32(data##L + 4 * (i)))
#define SCHED2(L, i) SCHED_ON(W##L, i)
#define ROUND2(F, a, b, c, d, e, k, i, M)                                              \
    ROUND(F, a##0, b##0, c##0, d##0, e##0, k, M(0, i));                                \
    ROUND(F, a##1, b##1, c##1, d##1, e##1, k, M(1, i))
#define ROUNDS5_2(F, i, k, M) ROUNDS5_BY(ROUND2, F, i, k, M)

void armsha_sha1_x2_portable(uint32_t *const state[2], const uint8_t *const data[2])
{
    uint32_t *const s0 = state[0], *const s1 = state[1];
    const uint8_t *const data0 = data[0], *const data1 = data[1];
    uint32_t a0 = s0[0], b0 = s0[1], c0 = s0[2], d0 = s0[3], e0 = s0[4];
    uint32_t a1 = s1[0], b1 = s1[1], c1 = s1[2], d1 = s1[3], e1 = s1[4];
    /* Not wiped, as in the one-lane function (sha1_portable.c says why). */
    uint32_t W0[16], W1[16];

    ROUNDS5_2(F1, 0, K1, LOAD2);
    ROUNDS5_2(F1, 5, K1, LOAD2);
    ROUNDS5_2(F1, 10, K1, LOAD2);
    ROUND2(F1, a, b, c, d, e, K1, 15, LOAD2);
    ROUND2(F1, e, a, b, c, d, K1, 16, SCHED2);
    ROUND2(F1, d, e, a, b, c, K1, 17, SCHED2);
    ROUND2(F1, c, d, e, a, b, K1, 18, SCHED2);
    ROUND2(F1, b, c, d, e, a, K1, 19, SCHED2);
    ROUNDS5_2(F2, 20, K2, SCHED2);
    ROUNDS5_2(F2, 25, K2, SCHED2);
    ROUNDS5_2(F2, 30, K2, SCHED2);
    ROUNDS5_2(F2, 35, K2, SCHED2);
    ROUNDS5_2(F3, 40, K3, SCHED2);
    ROUNDS5_2(F3, 45, K3, SCHED2);
    ROUNDS5_2(F3, 50, K3, SCHED2);
    ROUNDS5_2(F3, 55, K3, SCHED2);
    ROUNDS5_2(F2, 60, K4, SCHED2);
    ROUNDS5_2(F2, 65, K4, SCHED2);
    ROUNDS5_2(F2, 70, K4, SCHED2);
    ROUNDS5_2(F2, 75, K4, SCHED2);
    s0[0] += a0, s0[1] += b0, s0[2] += c0, s0[3] += d0, s0[4] += e0;
    s1[0] += a1, s1[1] += b1, s1[2] += c1, s1[3] += d1, s1[4] += e1;
}
