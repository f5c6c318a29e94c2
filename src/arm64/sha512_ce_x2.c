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
/* The two blocks as sixteen big-endian words each: LD1 of four registers, four times,
 * each followed by the REV64s of the load before it (asm, so that they stay there): an
 * in-order core swaps the bytes of one load while the next one comes in. */
#define REV4(w, x)                                                                           \
    do {                                                                                     \
        for (int i_ = 0; i_ < 4; i_++)                                                       \
            __asm__ __volatile__("rev64 %0.16b, %1.16b" : "=w"((w)[i_]) : "w"((x).val[i_])); \
    } while (0)
#define LOAD_BLOCKS(wa, wb, pa, pb)                                                          \
    do {                                                                                     \
        const uint8x16x4_t la_ = vld1q_u8_x4(pa), lb_ = vld1q_u8_x4(pb);                     \
        REV4(wa, la_);                                                                       \
        const uint8x16x4_t ha_ = vld1q_u8_x4((pa) + 64);                                     \
        REV4(wb, lb_);                                                                       \
        const uint8x16x4_t hb_ = vld1q_u8_x4((pb) + 64);                                     \
        REV4((wa) + 4, ha_);                                                                 \
        REV4((wb) + 4, hb_);                                                                 \
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
#define LOAD_BLOCKS(wa, wb, pa, pb) \
    do {                            \
        LOAD_BLOCK(wa, pa);         \
        LOAD_BLOCK(wb, pb);         \
    } while (0)
#endif

/* Double round j of both lanes, each step for lane 0 then lane 1. The state roles rotate
 * as in sha512_ce.c (after Linux's sha512-ce-core.S dround): (x0, x1, x2, x3) = (ab, cd,
 * ef, gh) on entry; x3 the new ab, x0 the new cd, x4 the new ef and x2 the new gh. The
 * order is sha512_ce.c's with the W+K work moved one double round ahead: kw0/kw1 hold
 * W+K of double round j (added in double round j - 1), k[j % 2] is free and takes the K
 * of double round j + 2, and the add of the next W+K sits between SHA512H and SHA512H2,
 * where a core that does not reorder would otherwise wait for SHA512H (the last eight
 * double rounds have no schedule work to put there). In the schedule rounds (sched) the
 * EXT of W[t+8..t+11] comes right after SHA512H (two lanes leave no register to make it
 * earlier) and SHA512SU1 after the new ef and the next W+K: w0 = W[t..t+1] becomes W[t+16..t+17]
 * from w1 = W[t+2..], w7 = W[t+14..], w4 = W[t+8..], w5 = W[t+10..]; wn is the message
 * register of double round j + 1. */
#define DROUND2(j, x0, x1, x2, x3, x4, w0, w1, w7, w4, w5, wn, sched)                        \
    do {                                                                                     \
        uint64x2_t fg0_, fg1_, de0_, de1_, w450_, w451_;                                     \
        EXT(kw0, kw0, kw0);                                                                  \
        EXT(kw1, kw1, kw1);                                                                  \
        EXT(fg0_, a##x2, a##x3);                                                             \
        EXT(fg1_, b##x2, b##x3);                                                             \
        EXT(de0_, a##x1, a##x2);                                                             \
        EXT(de1_, b##x1, b##x2);                                                             \
        ADD(a##x3, a##x3, kw0);                                                              \
        ADD(b##x3, b##x3, kw1);                                                              \
        if (sched) {                                                                         \
            SU0(a##w0, a##w1);                                                               \
            SU0(b##w0, b##w1);                                                               \
        }                                                                                    \
        H(a##x3, fg0_, de0_);                                                                \
        H(b##x3, fg1_, de1_);                                                                \
        if (sched) {                                                                         \
            EXT(w450_, a##w4, a##w5);                                                        \
            EXT(w451_, b##w4, b##w5);                                                        \
        } else if ((j) < 39) {                                                               \
            ADD(kw0, k[((j) + 1) % 2], a##wn);                                               \
            ADD(kw1, k[((j) + 1) % 2], b##wn);                                               \
        }                                                                                    \
        if ((j) < 38)                                                                        \
            LOAD_K(k[(j) % 2], (j) + 2);                                                     \
        ADD(a##x4, a##x1, a##x3);                                                            \
        ADD(b##x4, b##x1, b##x3);                                                            \
        if (sched) {                                                                         \
            ADD(kw0, k[((j) + 1) % 2], a##wn);                                               \
            ADD(kw1, k[((j) + 1) % 2], b##wn);                                               \
            SU1(a##w0, a##w7, w450_);                                                        \
            SU1(b##w0, b##w7, w451_);                                                        \
        }                                                                                    \
        H2(a##x3, a##x1, a##x0);                                                             \
        H2(b##x3, b##x1, b##x0);                                                             \
    } while (0)

/* Five double rounds bring the state registers back to their places; message register
 * m(j mod 8) holds W[2j..2j+1]. */
#define FIVE(j, w0, w1, w2, w3, w4, w5, w6, w7, sched)                                       \
    do {                                                                                     \
        DROUND2((j) + 0, s0, s1, s2, s3, s4, w0, w1, w7, w4, w5, w1, sched);                 \
        DROUND2((j) + 1, s3, s0, s4, s2, s1, w1, w2, w0, w5, w6, w2, sched);                 \
        DROUND2((j) + 2, s2, s3, s1, s4, s0, w2, w3, w1, w6, w7, w3, sched);                 \
        DROUND2((j) + 3, s4, s2, s0, s1, s3, w3, w4, w2, w7, w0, w4, sched);                 \
        DROUND2((j) + 4, s1, s4, s3, s0, s2, w4, w5, w3, w0, w1, w5, sched);                 \
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
    uint64x2_t wa[8], wb[8], k[2], kw0, kw1;

    LOAD_BLOCKS(wa, wb, data[0], data[1]);
    uint64x2_t am0 = wa[0], am1 = wa[1], am2 = wa[2], am3 = wa[3];
    uint64x2_t am4 = wa[4], am5 = wa[5], am6 = wa[6], am7 = wa[7];
    uint64x2_t bm0 = wb[0], bm1 = wb[1], bm2 = wb[2], bm3 = wb[3];
    uint64x2_t bm4 = wb[4], bm5 = wb[5], bm6 = wb[6], bm7 = wb[7];
    LOAD_K(k[0], 0);
    LOAD_K(k[1], 1);
    ADD(kw0, k[0], am0);
    ADD(kw1, k[0], bm0);

    FIVE(0, m0, m1, m2, m3, m4, m5, m6, m7, 1);
    FIVE(5, m5, m6, m7, m0, m1, m2, m3, m4, 1);
    FIVE(10, m2, m3, m4, m5, m6, m7, m0, m1, 1);
    FIVE(15, m7, m0, m1, m2, m3, m4, m5, m6, 1);
    FIVE(20, m4, m5, m6, m7, m0, m1, m2, m3, 1);
    FIVE(25, m1, m2, m3, m4, m5, m6, m7, m0, 1);
    DROUND2(30, s0, s1, s2, s3, s4, m6, m7, m5, m2, m3, m7, 1);
    DROUND2(31, s3, s0, s4, s2, s1, m7, m0, m6, m3, m4, m0, 1);
    DROUND2(32, s2, s3, s1, s4, s0, m0, m1, m7, m4, m5, m1, 0);
    DROUND2(33, s4, s2, s0, s1, s3, m1, m2, m0, m5, m6, m2, 0);
    DROUND2(34, s1, s4, s3, s0, s2, m2, m3, m1, m6, m7, m3, 0);
    DROUND2(35, s0, s1, s2, s3, s4, m3, m4, m2, m7, m0, m4, 0);
    /* The feed-forward takes the states as they are in memory, not kept in registers
     * through the rounds (two lanes leave none for them), loaded here where the message
     * registers of the rounds done are free, four double rounds ahead of their use: an
     * in-order core would otherwise wait for the loads at the end. The opaque pointers
     * (behind the volatile asm of the rounds before) make them loads of their own, not
     * the compiler's copies of the values loaded at the top. */
    ARMSHA_OPAQUE(st0);
    ARMSHA_OPAQUE(st1);
    const uint64x2_t af0 = vld1q_u64(st0), af1 = vld1q_u64(st0 + 2), af2 = vld1q_u64(st0 + 4),
                     af3 = vld1q_u64(st0 + 6);
    const uint64x2_t bf0 = vld1q_u64(st1), bf1 = vld1q_u64(st1 + 2), bf2 = vld1q_u64(st1 + 4),
                     bf3 = vld1q_u64(st1 + 6);
    DROUND2(36, s3, s0, s4, s2, s1, m4, m5, m3, m0, m1, m5, 0);
    DROUND2(37, s2, s3, s1, s4, s0, m5, m6, m4, m1, m2, m6, 0);
    DROUND2(38, s4, s2, s0, s1, s3, m6, m7, m5, m2, m3, m7, 0);
    DROUND2(39, s1, s4, s3, s0, s2, m7, m0, m6, m3, m4, m0, 0);

    vst1q_u64(st0, vaddq_u64(as0, af0));
    vst1q_u64(st0 + 2, vaddq_u64(as1, af1));
    vst1q_u64(st0 + 4, vaddq_u64(as2, af2));
    vst1q_u64(st0 + 6, vaddq_u64(as3, af3));
    vst1q_u64(st1, vaddq_u64(bs0, bf0));
    vst1q_u64(st1 + 2, vaddq_u64(bs1, bf1));
    vst1q_u64(st1 + 4, vaddq_u64(bs2, bf2));
    vst1q_u64(st1 + 6, vaddq_u64(bs3, bf3));
}
