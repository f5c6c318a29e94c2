/* SHA-512 block function (also SHA-384, -512/224, -512/256) on ARMv8.2 SHA512H/H2/SU0/SU1. */
#include <arm_neon.h>

#include "kernels.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* GCC's pre-allocation scheduler pulls loads and SHA512H/H2 far ahead and the
 * register allocator then needs dozens of extra MOVs a block, which cost model cycles
 * (bench/RESULTS.md, "Kernel code choices"); the cores reorder by themselves anyway. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns")
#endif

/* Two rounds, after Linux's arch/arm64/crypto/sha512-ce-core.S (dround). Each
 * register holds two state words, the first in lane 0. The state lives in five
 * registers that change roles every double round: on entry x0 = ab, x1 = cd,
 * x2 = ef, x3 = gh; on exit x3 holds the new ab, x0 the new cd, x4 the new ef and
 * x2 the new gh, so the next double round takes (x3, x0, x4, x2, x1). The chain
 * from one double round to the next is SHA512H -> ADD (x4) -> EXT -> SHA512H. */
#define DROUND(x0, x1, x2, x3, x4, j, w)                          \
    do {                                                          \
        uint64x2_t kw_ = vaddq_u64(vld1q_u64(kp + 2 * (j)), (w)); \
        uint64x2_t fg_ = vextq_u64((x2), (x3), 1);                \
        uint64x2_t de_ = vextq_u64((x1), (x2), 1);                \
        x3 = vaddq_u64((x3), vextq_u64(kw_, kw_, 1));             \
        x3 = vsha512hq_u64((x3), fg_, de_);                       \
        x4 = vaddq_u64((x1), (x3));                               \
        x3 = vsha512h2q_u64((x3), (x1), (x0));                    \
    } while (0)

/* W[t..t+1] += sigma0(W[t+1..t+2]) + sigma1(W[t+14..t+15]) + W[t+9..t+10], which
 * makes it W[t+16..t+17]: w0 = W[t..t+1], w1 = W[t+2..t+3], w7 = W[t+14..t+15],
 * w4 = W[t+8..t+9], w5 = W[t+10..t+11]. */
#define SCHED(w0, w1, w7, w4, w5) \
    (w0 = vsha512su1q_u64(vsha512su0q_u64((w0), (w1)), (w7), vextq_u64((w4), (w5), 1)))

/* A double round that also extends the schedule by two words; the schedule work
 * is independent of the SHA512H/H2 chain and fills its latency. */
#define DROUND_S(x0, x1, x2, x3, x4, j, w0, w1, w7, w4, w5) \
    do {                                                    \
        DROUND(x0, x1, x2, x3, x4, j, w0);                  \
        SCHED(w0, w1, w7, w4, w5);                          \
    } while (0)

void armsha_sha512_blocks_armv8(uint64_t state[8], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    uint64x2_t s0 = vld1q_u64(state), s1 = vld1q_u64(state + 2);
    uint64x2_t s2 = vld1q_u64(state + 4), s3 = vld1q_u64(state + 6);
    uint64x2_t s4;

    do {
#if defined(__AARCH64EB__)
        /* Big-endian: LD1 of 64-bit elements gives the words as they are (see
         * load_block.h for the cast). */
        const uint64x2x4_t lo = vld1q_u64_x4((const uint64_t *)(const void *)data);
        const uint64x2x4_t hi = vld1q_u64_x4((const uint64_t *)(const void *)(data + 64));
        uint64x2_t m0 = lo.val[0], m1 = lo.val[1], m2 = lo.val[2], m3 = lo.val[3];
        uint64x2_t m4 = hi.val[0], m5 = hi.val[1], m6 = hi.val[2], m7 = hi.val[3];
#else
        /* Two LD1s of four registers each, no alignment requirement; rev64 turns the
         * big-endian words around. */
        const uint8x16x4_t lo = vld1q_u8_x4(data), hi = vld1q_u8_x4(data + 64);
        uint64x2_t m0 = vreinterpretq_u64_u8(vrev64q_u8(lo.val[0]));
        uint64x2_t m1 = vreinterpretq_u64_u8(vrev64q_u8(lo.val[1]));
        uint64x2_t m2 = vreinterpretq_u64_u8(vrev64q_u8(lo.val[2]));
        uint64x2_t m3 = vreinterpretq_u64_u8(vrev64q_u8(lo.val[3]));
        uint64x2_t m4 = vreinterpretq_u64_u8(vrev64q_u8(hi.val[0]));
        uint64x2_t m5 = vreinterpretq_u64_u8(vrev64q_u8(hi.val[1]));
        uint64x2_t m6 = vreinterpretq_u64_u8(vrev64q_u8(hi.val[2]));
        uint64x2_t m7 = vreinterpretq_u64_u8(vrev64q_u8(hi.val[3]));
#endif
        /* 40 round-constant vectors do not fit beside the 17 that hold the state
         * and the message: each is loaded once per block, next to its use. The
         * volatile asm hides that it is the same table every block; otherwise the
         * compilers hoist all 40 loads out of the loop and spill them to the stack,
         * copying the table on every call. */
        const uint64_t *kp = armsha_sha512_k;
        ARMSHA_OPAQUE(kp);
        const uint64x2_t ab = s0, cd = s1, ef = s2, gh = s3;

        /* Message register m(j mod 8) holds W[2j..2j+1]; the five state registers
         * are back in their places after every fifth double round. */
        DROUND_S(s0, s1, s2, s3, s4,  0, m0, m1, m7, m4, m5);
        DROUND_S(s3, s0, s4, s2, s1,  1, m1, m2, m0, m5, m6);
        DROUND_S(s2, s3, s1, s4, s0,  2, m2, m3, m1, m6, m7);
        DROUND_S(s4, s2, s0, s1, s3,  3, m3, m4, m2, m7, m0);
        DROUND_S(s1, s4, s3, s0, s2,  4, m4, m5, m3, m0, m1);

        DROUND_S(s0, s1, s2, s3, s4,  5, m5, m6, m4, m1, m2);
        DROUND_S(s3, s0, s4, s2, s1,  6, m6, m7, m5, m2, m3);
        DROUND_S(s2, s3, s1, s4, s0,  7, m7, m0, m6, m3, m4);
        DROUND_S(s4, s2, s0, s1, s3,  8, m0, m1, m7, m4, m5);
        DROUND_S(s1, s4, s3, s0, s2,  9, m1, m2, m0, m5, m6);

        DROUND_S(s0, s1, s2, s3, s4, 10, m2, m3, m1, m6, m7);
        DROUND_S(s3, s0, s4, s2, s1, 11, m3, m4, m2, m7, m0);
        DROUND_S(s2, s3, s1, s4, s0, 12, m4, m5, m3, m0, m1);
        DROUND_S(s4, s2, s0, s1, s3, 13, m5, m6, m4, m1, m2);
        DROUND_S(s1, s4, s3, s0, s2, 14, m6, m7, m5, m2, m3);

        DROUND_S(s0, s1, s2, s3, s4, 15, m7, m0, m6, m3, m4);
        DROUND_S(s3, s0, s4, s2, s1, 16, m0, m1, m7, m4, m5);
        DROUND_S(s2, s3, s1, s4, s0, 17, m1, m2, m0, m5, m6);
        DROUND_S(s4, s2, s0, s1, s3, 18, m2, m3, m1, m6, m7);
        DROUND_S(s1, s4, s3, s0, s2, 19, m3, m4, m2, m7, m0);

        DROUND_S(s0, s1, s2, s3, s4, 20, m4, m5, m3, m0, m1);
        DROUND_S(s3, s0, s4, s2, s1, 21, m5, m6, m4, m1, m2);
        DROUND_S(s2, s3, s1, s4, s0, 22, m6, m7, m5, m2, m3);
        DROUND_S(s4, s2, s0, s1, s3, 23, m7, m0, m6, m3, m4);
        DROUND_S(s1, s4, s3, s0, s2, 24, m0, m1, m7, m4, m5);

        DROUND_S(s0, s1, s2, s3, s4, 25, m1, m2, m0, m5, m6);
        DROUND_S(s3, s0, s4, s2, s1, 26, m2, m3, m1, m6, m7);
        DROUND_S(s2, s3, s1, s4, s0, 27, m3, m4, m2, m7, m0);
        DROUND_S(s4, s2, s0, s1, s3, 28, m4, m5, m3, m0, m1);
        DROUND_S(s1, s4, s3, s0, s2, 29, m5, m6, m4, m1, m2);

        DROUND_S(s0, s1, s2, s3, s4, 30, m6, m7, m5, m2, m3);
        DROUND_S(s3, s0, s4, s2, s1, 31, m7, m0, m6, m3, m4);
        DROUND(s2, s3, s1, s4, s0, 32, m0);
        DROUND(s4, s2, s0, s1, s3, 33, m1);
        DROUND(s1, s4, s3, s0, s2, 34, m2);

        DROUND(s0, s1, s2, s3, s4, 35, m3);
        DROUND(s3, s0, s4, s2, s1, 36, m4);
        DROUND(s2, s3, s1, s4, s0, 37, m5);
        DROUND(s4, s2, s0, s1, s3, 38, m6);
        DROUND(s1, s4, s3, s0, s2, 39, m7);

        s0 = vaddq_u64(s0, ab);
        s1 = vaddq_u64(s1, cd);
        s2 = vaddq_u64(s2, ef);
        s3 = vaddq_u64(s3, gh);
        data += ARMSHA_SHA512_BLOCK_SIZE;
    } while (--nblocks != 0);

    vst1q_u64(state, s0);
    vst1q_u64(state + 2, s1);
    vst1q_u64(state + 4, s2);
    vst1q_u64(state + 6, s3);
}
