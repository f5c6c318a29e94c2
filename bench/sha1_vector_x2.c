/* SHA-1 on two chains at once in GCC/clang vectors: lane L of every vector is chain L
 * (lanes 0 and 1 of four), so one vector operation does a step of both (the round macros
 * of sha1_round.h, applied to vectors). A measurement, not in the module (bench/lanes_x2.h). */
#include "lanes_x2.h"

#if defined(ARMSHA_BENCH_VECTOR_X2)
#include "byteorder.h"
#include "sha1_round.h"

/* Four words, two used: GCC 12 makes worse x86-64 code of 8-byte vectors. */
typedef uint32_t v4u32 __attribute__((vector_size(16)));

#define LOADV(i) (W[i] = (v4u32){armsha_load_be32(data0 + 4 * (i)), armsha_load_be32(data1 + 4 * (i))})
#define SCHEDV(i) SCHED_ON(W, i)

void armsha_sha1_x2_vector(uint32_t *const state[2], const uint8_t *const data[2])
{
    uint32_t *const s0 = state[0], *const s1 = state[1];
    const uint8_t *const data0 = data[0], *const data1 = data[1];
    v4u32 a = {s0[0], s1[0]}, b = {s0[1], s1[1]}, c = {s0[2], s1[2]}, d = {s0[3], s1[3]};
    v4u32 e = {s0[4], s1[4]}, W[16];

    ROUNDS5(F1, 0, K1, LOADV);
    ROUNDS5(F1, 5, K1, LOADV);
    ROUNDS5(F1, 10, K1, LOADV);
    ROUND_M(F1, a, b, c, d, e, K1, 15, LOADV);
    ROUND_M(F1, e, a, b, c, d, K1, 16, SCHEDV);
    ROUND_M(F1, d, e, a, b, c, K1, 17, SCHEDV);
    ROUND_M(F1, c, d, e, a, b, K1, 18, SCHEDV);
    ROUND_M(F1, b, c, d, e, a, K1, 19, SCHEDV);
    ROUNDS5(F2, 20, K2, SCHEDV);
    ROUNDS5(F2, 25, K2, SCHEDV);
    ROUNDS5(F2, 30, K2, SCHEDV);
    ROUNDS5(F2, 35, K2, SCHEDV);
    ROUNDS5(F3, 40, K3, SCHEDV);
    ROUNDS5(F3, 45, K3, SCHEDV);
    ROUNDS5(F3, 50, K3, SCHEDV);
    ROUNDS5(F3, 55, K3, SCHEDV);
    ROUNDS5(F2, 60, K4, SCHEDV);
    ROUNDS5(F2, 65, K4, SCHEDV);
    ROUNDS5(F2, 70, K4, SCHEDV);
    ROUNDS5(F2, 75, K4, SCHEDV);
    s0[0] += a[0], s0[1] += b[0], s0[2] += c[0], s0[3] += d[0], s0[4] += e[0];
    s1[0] += a[1], s1[1] += b[1], s1[2] += c[1], s1[3] += d[1], s1[4] += e[1];
}
#endif
