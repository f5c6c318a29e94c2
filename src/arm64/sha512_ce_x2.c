/* SHA-512 on the ARMv8.2 SHA512H/H2/SU0/SU1 instructions, two chains in one call
 * (armsha_sha512_x2_fn, for PBKDF2's output blocks): each instruction of a double round is
 * issued for lane 0 then lane 1, so that the SHA512H -> ADD -> EXT -> SHA512H chain of one
 * lane is spent on the other's instead of waited out. */
#include <arm_neon.h>

#include "kernels.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the cores that do not reorder (Cortex-A53/A55) as sha512_ce.c is: every
 * instruction of the rounds is its own volatile asm statement, emitted in the order below,
 * which alternates the lanes instruction by instruction (volatile only orders the
 * statements among themselves). The asm takes vectors as the instructions number their
 * lanes, which is the intrinsics' numbering with GCC on either byte order and with clang
 * on little-endian; clang on big-endian (and any other compiler) takes the intrinsics in
 * the same order (sha512_ce.c says more). */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA512_ASM 1
#endif

#if SHA512_ASM
#define ADD(r, a, b) __asm__ __volatile__("add %0.2d, %1.2d, %2.2d" : "=w"(r) : "w"(a), "w"(b))
#define EXT(r, a, b) __asm__ __volatile__("ext %0.16b, %1.16b, %2.16b, #8" : "=w"(r) : "w"(a), "w"(b))
#define H(x, fg, de) __asm__ __volatile__("sha512h %q0, %q1, %2.2d" : "+w"(x) : "w"(fg), "w"(de))
#define H2(x, cd, ab) __asm__ __volatile__("sha512h2 %q0, %q1, %2.2d" : "+w"(x) : "w"(cd), "w"(ab))
#define SU0(w0, w1) __asm__ __volatile__("sha512su0 %0.2d, %1.2d" : "+w"(w0) : "w"(w1))
#define SU1(w0, w7, w45) __asm__ __volatile__("sha512su1 %0.2d, %1.2d, %2.2d" : "+w"(w0) : "w"(w7), "w"(w45))
#else
#define ADD(r, a, b) ((r) = vaddq_u64((a), (b)))
#define EXT(r, a, b) ((r) = vextq_u64((a), (b), 1))
#define H(x, fg, de) ((x) = vsha512hq_u64((x), (fg), (de)))
#define H2(x, cd, ab) ((x) = vsha512h2q_u64((x), (cd), (ab)))
#define SU0(w0, w1) ((w0) = vsha512su0q_u64((w0), (w1)))
#define SU1(w0, w7, w45) ((w0) = vsha512su1q_u64((w0), (w7), (w45)))
#endif

/* K[2j..2j+1], one load a double round shared by the two lanes. Little-endian: an
 * immediate offset from one of two bases, each within LDUR's -256..255 (sha512_ce.c's
 * LOAD_K says why LDUR); the table is constant, so the asm needs no memory operand.
 * Big-endian needs LD1 of 64-bit elements, which has no offset form: the intrinsic. */
#if SHA512_ASM && !defined(__AARCH64EB__)
#define LOAD_K(r, j)                                                                         \
    do {                                                                                     \
        if (16 * (j) < 256)                                                                  \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp), "i"(16 * (j)));   \
        else                                                                                 \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp_hi), "i"(16 * (j) - 512)); \
    } while (0)
/* A block as sixteen big-endian words: LD1 of four registers, twice, then REV64. */
#define LOAD_BLOCK(w, p)                                                                     \
    do {                                                                                     \
        const uint8x16x4_t lo_ = vld1q_u8_x4(p), hi_ = vld1q_u8_x4((p) + 64);                \
        for (int i_ = 0; i_ < 4; i_++) {                                                     \
            (w)[i_] = vreinterpretq_u64_u8(vrev64q_u8(lo_.val[i_]));                         \
            (w)[4 + i_] = vreinterpretq_u64_u8(vrev64q_u8(hi_.val[i_]));                     \
        }                                                                                    \
    } while (0)
#else
#define LOAD_K(r, j) ((void)kp_hi, (r) = vld1q_u64(kp + 2 * (j)))
/* Big-endian: LD1 of 64-bit elements gives the words as they are. */
#define LOAD_BLOCK(w, p)                                                                     \
    do {                                                                                     \
        const uint64_t *q_ = (const uint64_t *)(const void *)(p);                            \
        const uint64x2x4_t lo_ = vld1q_u64_x4(q_), hi_ = vld1q_u64_x4(q_ + 8);               \
        for (int i_ = 0; i_ < 4; i_++) {                                                     \
            (w)[i_] = lo_.val[i_];                                                           \
            (w)[4 + i_] = hi_.val[i_];                                                       \
        }                                                                                    \
    } while (0)
#endif

/* Double round j of both lanes, in the order of sha512_ce.c's DROUND_S (after Linux's
 * sha512-ce-core.S dround), each step for lane 0 then lane 1: W+K (the K loaded one double
 * round before) and the next K's load, the EXTs that make fg and de, SHA512SU0, SHA512H,
 * SHA512SU1 (its EXT of W[t+8..t+11] after SHA512H, where fg and de are free: two lanes
 * leave no register to spare before it), the new ef and SHA512H2. The state roles rotate
 * as in sha512_ce.c: (x0, x1, x2, x3) = (ab, cd, ef, gh) on entry; x3 the new ab, x0 the
 * new cd, x4 the new ef, x2 the new gh. sched: the rounds that make W[t+16..t+17] in
 * w0 (w1 = W[t+2..], w7 = W[t+14..], w4 = W[t+8..], w5 = W[t+10..]). */
#define DROUND2(j, x0, x1, x2, x3, x4, w0, w1, w7, w4, w5, sched)                            \
    do {                                                                                     \
        uint64x2_t kw0_, kw1_, fg0_, fg1_, de0_, de1_;                                       \
        ADD(kw0_, k[(j) % 2], a##w0);                                                        \
        ADD(kw1_, k[(j) % 2], b##w0);                                                        \
        if ((j) < 39)                                                                        \
            LOAD_K(k[((j) + 1) % 2], (j) + 1);                                               \
        EXT(kw0_, kw0_, kw0_);                                                               \
        EXT(kw1_, kw1_, kw1_);                                                               \
        EXT(fg0_, a##x2, a##x3);                                                             \
        EXT(fg1_, b##x2, b##x3);                                                             \
        EXT(de0_, a##x1, a##x2);                                                             \
        EXT(de1_, b##x1, b##x2);                                                             \
        ADD(a##x3, a##x3, kw0_);                                                             \
        ADD(b##x3, b##x3, kw1_);                                                             \
        if (sched) {                                                                         \
            SU0(a##w0, a##w1);                                                               \
            SU0(b##w0, b##w1);                                                               \
        }                                                                                    \
        H(a##x3, fg0_, de0_);                                                                \
        H(b##x3, fg1_, de1_);                                                                \
        if (sched) {                                                                         \
            uint64x2_t w450_, w451_;                                                         \
            EXT(w450_, a##w4, a##w5);                                                        \
            EXT(w451_, b##w4, b##w5);                                                        \
            SU1(a##w0, a##w7, w450_);                                                        \
            SU1(b##w0, b##w7, w451_);                                                        \
        }                                                                                    \
        ADD(a##x4, a##x1, a##x3);                                                            \
        ADD(b##x4, b##x1, b##x3);                                                            \
        H2(a##x3, a##x1, a##x0);                                                             \
        H2(b##x3, b##x1, b##x0);                                                             \
    } while (0)

/* Five double rounds bring the state registers back to their places; message register
 * m(j mod 8) holds W[2j..2j+1]. */
#define FIVE(j, w0, w1, w2, w3, w4, w5, w6, w7, sched)                                       \
    do {                                                                                     \
        DROUND2((j) + 0, s0, s1, s2, s3, s4, w0, w1, w7, w4, w5, sched);                     \
        DROUND2((j) + 1, s3, s0, s4, s2, s1, w1, w2, w0, w5, w6, sched);                     \
        DROUND2((j) + 2, s2, s3, s1, s4, s0, w2, w3, w1, w6, w7, sched);                     \
        DROUND2((j) + 3, s4, s2, s0, s1, s3, w3, w4, w2, w7, w0, sched);                     \
        DROUND2((j) + 4, s1, s4, s3, s0, s2, w4, w5, w3, w0, w1, sched);                     \
    } while (0)

void armsha_sha512_x2_armv8(uint64_t *const state[2], const uint8_t *const data[2])
{
    const uint64_t *kp = armsha_sha512_k, *kp_hi = kp + 64; /* see LOAD_K */
    ARMSHA_OPAQUE(kp_hi); /* a register of its own, not kp's offset folded back in */
    uint64_t *st0 = state[0], *st1 = state[1];
    uint64x2_t as0 = vld1q_u64(st0), as1 = vld1q_u64(st0 + 2), as2 = vld1q_u64(st0 + 4),
               as3 = vld1q_u64(st0 + 6), as4;
    uint64x2_t bs0 = vld1q_u64(st1), bs1 = vld1q_u64(st1 + 2), bs2 = vld1q_u64(st1 + 4),
               bs3 = vld1q_u64(st1 + 6), bs4;
    uint64x2_t wa[8], wb[8], k[2];

    LOAD_BLOCK(wa, data[0]);
    LOAD_BLOCK(wb, data[1]);
    uint64x2_t am0 = wa[0], am1 = wa[1], am2 = wa[2], am3 = wa[3];
    uint64x2_t am4 = wa[4], am5 = wa[5], am6 = wa[6], am7 = wa[7];
    uint64x2_t bm0 = wb[0], bm1 = wb[1], bm2 = wb[2], bm3 = wb[3];
    uint64x2_t bm4 = wb[4], bm5 = wb[5], bm6 = wb[6], bm7 = wb[7];
    LOAD_K(k[0], 0);

    FIVE(0, m0, m1, m2, m3, m4, m5, m6, m7, 1);
    FIVE(5, m5, m6, m7, m0, m1, m2, m3, m4, 1);
    FIVE(10, m2, m3, m4, m5, m6, m7, m0, m1, 1);
    FIVE(15, m7, m0, m1, m2, m3, m4, m5, m6, 1);
    FIVE(20, m4, m5, m6, m7, m0, m1, m2, m3, 1);
    FIVE(25, m1, m2, m3, m4, m5, m6, m7, m0, 1);
    DROUND2(30, s0, s1, s2, s3, s4, m6, m7, m5, m2, m3, 1);
    DROUND2(31, s3, s0, s4, s2, s1, m7, m0, m6, m3, m4, 1);
    DROUND2(32, s2, s3, s1, s4, s0, m0, m1, m7, m4, m5, 0);
    DROUND2(33, s4, s2, s0, s1, s3, m1, m2, m0, m5, m6, 0);
    DROUND2(34, s1, s4, s3, s0, s2, m2, m3, m1, m6, m7, 0);
    FIVE(35, m3, m4, m5, m6, m7, m0, m1, m2, 0);

    /* The feed-forward from the states as they are in memory, not kept in registers
     * through the rounds (two lanes leave none for them): the opaque pointers make it a
     * load of its own, not the compiler's copy of the values loaded at the top. */
    ARMSHA_OPAQUE(st0);
    ARMSHA_OPAQUE(st1);
    vst1q_u64(st0, vaddq_u64(as0, vld1q_u64(st0)));
    vst1q_u64(st0 + 2, vaddq_u64(as1, vld1q_u64(st0 + 2)));
    vst1q_u64(st0 + 4, vaddq_u64(as2, vld1q_u64(st0 + 4)));
    vst1q_u64(st0 + 6, vaddq_u64(as3, vld1q_u64(st0 + 6)));
    vst1q_u64(st1, vaddq_u64(bs0, vld1q_u64(st1)));
    vst1q_u64(st1 + 2, vaddq_u64(bs1, vld1q_u64(st1 + 2)));
    vst1q_u64(st1 + 4, vaddq_u64(bs2, vld1q_u64(st1 + 4)));
    vst1q_u64(st1 + 6, vaddq_u64(bs3, vld1q_u64(st1 + 6)));
}
