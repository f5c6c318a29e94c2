/* SHA-256 on two chains at once in GCC/clang vectors: lane L of every vector is chain L
 * (lanes 0 and 1 of four), so one vector operation does a step of both (the round macros
 * of sha256_round.h, applied to vectors). A measurement, not in the module
 * (bench/lanes_x2.h). */
#include "lanes_x2.h"

#if defined(ARMSHA_BENCH_VECTOR_X2)
#include "byteorder.h"
#include "sha2_constants.h"
#include "sha256_round.h"

/* Four words, two used: GCC 12 makes worse x86-64 code of 8-byte vectors. */
typedef uint32_t v4u32 __attribute__((vector_size(16)));

#define LOADV(i) (W[i] = (v4u32){armsha_load_be32(data0 + 4 * (i)), armsha_load_be32(data1 + 4 * (i))})
#define SCHEDV(i) SCHED_ON(W, i)

void armsha_sha256_x2_vector(uint32_t *const state[2], const uint8_t *const data[2])
{
    const uint32_t *k = armsha_sha256_k; /* ROUND adds k[i] to a vector: both lanes */
    uint32_t *const s0 = state[0], *const s1 = state[1];
    const uint8_t *const data0 = data[0], *const data1 = data[1];
    v4u32 a = {s0[0], s1[0]}, b = {s0[1], s1[1]}, c = {s0[2], s1[2]}, d = {s0[3], s1[3]};
    v4u32 e = {s0[4], s1[4]}, f = {s0[5], s1[5]}, g = {s0[6], s1[6]}, h = {s0[7], s1[7]};
    v4u32 W[16], x, y = b ^ c;

    ROUNDS8(0, LOADV);
    ROUNDS8(8, LOADV);
    ROUNDS8(16, SCHEDV);
    ROUNDS8(24, SCHEDV);
    ROUNDS8(32, SCHEDV);
    ROUNDS8(40, SCHEDV);
    ROUNDS8(48, SCHEDV);
    ROUNDS8(56, SCHEDV);
    s0[0] += a[0], s0[1] += b[0], s0[2] += c[0], s0[3] += d[0];
    s0[4] += e[0], s0[5] += f[0], s0[6] += g[0], s0[7] += h[0];
    s1[0] += a[1], s1[1] += b[1], s1[2] += c[1], s1[3] += d[1];
    s1[4] += e[1], s1[5] += f[1], s1[6] += g[1], s1[7] += h[1];
}
#endif
