/* SHA-512 block function (also SHA-384, -512/224, -512/256) on ARMv8.2 SHA512H/H2/SU0/SU1. */
#include <arm_neon.h>

#include "kernels.h"
#include "../sha2_constants.h"
#include "../opaque.h"

/* Written for the core that does not reorder (Cortex-A53/A55, A510): every instruction of
 * the rounds is its own volatile asm statement, so the compiler emits them in the order
 * below, which is the order of OpenSSL's sha512-armv8: a double round adds K+W first, with
 * the K it loaded one double round earlier, and loads the next K right behind it, so that
 * the SHA512H/H2 chain never waits for a load; the schedule work sits between the chain's
 * instructions. Left to GCC, the K load came after the previous SHA512H2 and load, add,
 * EXT, add and SHA512H ran one after the other on an in-order core (bench/RESULTS.md,
 * "Kernel code choices"). Volatile only orders the asm statements among themselves; none
 * has side effects. The asm takes vectors as the instructions number their lanes, which
 * is the intrinsics' numbering with GCC on either byte order and with clang on
 * little-endian; clang on big-endian (and any other compiler) takes the intrinsics in the
 * same order. */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA512_ASM 1
#endif

/* GCC's pre-allocation scheduler would still move the loads and copies around the asm
 * statements and lengthen the register allocation's live ranges (more MOVs a block).
 * Partial inlining would split the nblocks == 0 test off into a function of its own that
 * branches to the rest (a .part clone): one more branch a call, and SHA instructions in a
 * function that test/baseline_isa.sh does not know as a kernel. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns", "no-partial-inlining")
#endif

#if SHA512_ASM
#define OP3(name, insn)                                                                 \
    static inline uint64x2_t name(uint64x2_t a, uint64x2_t b)                           \
    {                                                                                   \
        uint64x2_t r;                                                                   \
        __asm__ __volatile__(insn : "=w"(r) : "w"(a), "w"(b));                          \
        return r;                                                                       \
    }
OP3(add2, "add %0.2d, %1.2d, %2.2d")
OP3(ext1, "ext %0.16b, %1.16b, %2.16b, #8")

/* Macros on the variable itself, not on its address: the state variables are register
 * variables (see sha512_block), whose address cannot be taken. */
#define sha512h(x, fg, de) __asm__ __volatile__("sha512h %q0, %q1, %2.2d" : "+w"(x) : "w"(fg), "w"(de))
#define sha512h2(x, cd, ab) __asm__ __volatile__("sha512h2 %q0, %q1, %2.2d" : "+w"(x) : "w"(cd), "w"(ab))
#define su0(w0, w1) __asm__ __volatile__("sha512su0 %0.2d, %1.2d" : "+w"(w0) : "w"(w1))
#define su1(w0, w7, w45) __asm__ __volatile__("sha512su1 %0.2d, %1.2d, %2.2d" : "+w"(w0) : "w"(w7), "w"(w45))
#else
static inline uint64x2_t add2(uint64x2_t a, uint64x2_t b) { return vaddq_u64(a, b); }
static inline uint64x2_t ext1(uint64x2_t a, uint64x2_t b) { return vextq_u64(a, b, 1); }
#define sha512h(x, fg, de) ((x) = vsha512hq_u64((x), (fg), (de)))
#define sha512h2(x, cd, ab) ((x) = vsha512h2q_u64((x), (cd), (ab)))
#define su0(w0, w1) ((w0) = vsha512su0q_u64((w0), (w1)))
#define su1(w0, w7, w45) ((w0) = vsha512su1q_u64((w0), (w7), (w45)))
#endif

/* K[2j..2j+1]. Little-endian: one load with an immediate offset from the table (no pointer
 * to step), from two bases so that every offset fits LDUR's -256..255: kp for the first
 * 256 bytes, kp_hi = kp + 512 bytes for the rest. LDUR and not LDR because ThunderX2's
 * model gives the scaled-offset LDR of a q register one cycle more latency, which its
 * schedule exposes; but ThunderX3's gives LDUR half the throughput, and there the load of
 * K[0..1] at the top of the block is the one that counts, so that one stays an LDR (the
 * other models take both forms alike: bench/RESULTS.md, "Kernel code choices").
 * Big-endian needs LD1 of 64-bit elements, which has no offset form, so it stays an
 * intrinsic. */
#if SHA512_ASM && !defined(__AARCH64EB__)
/* The table is constant, so the asm needs no memory operand: only the base register. A
 * macro and not a function: j is a constant at every use, and "i" takes it as one even
 * unoptimized (-O0), where only one of the three loads is compiled as well. */
#define LOAD_K(r, j)                                                                         \
    do {                                                                                     \
        if ((j) == 0)                                                                        \
            __asm__ __volatile__("ldr %q0, [%1]" : "=w"(r) : "r"(kp));                       \
        else if (16 * (j) < 256)                                                             \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp), "i"(16 * (j)));   \
        else                                                                                 \
            __asm__ __volatile__("ldur %q0, [%1, %2]" : "=w"(r) : "r"(kp_hi), "i"(16 * (j) - 512)); \
    } while (0)

/* The block as eight big-endian words: LD1 of four registers, REV64 as asm so that the
 * byte swaps stay where they are put. */
static inline uint64x2_t to_words(uint8x16_t x)
{
    uint64x2_t w;

    __asm__ __volatile__("rev64 %0.16b, %1.16b" : "=w"(w) : "w"(x));
    return w;
}

/* The same into *w, which the asm claims to read: *w keeps its register from its last use
 * in the rounds to here, so the compiler cannot lend that register to the state in the
 * last double rounds (and copy the state back at the end of the block). */
static inline void to_words_in(uint64x2_t *w, uint8x16_t x)
{
    __asm__ __volatile__("rev64 %0.16b, %1.16b" : "+w"(*w) : "w"(x));
}
#define BLOCK_HALF uint8x16x4_t
#define LOAD_HALF(p) vld1q_u8_x4(p)
#else
#define LOAD_K(r, j) ((void)kp_hi, (r) = vld1q_u64(kp + 2 * (j)))
/* Big-endian: LD1 of 64-bit elements gives the words as they are (see load_block.h). */
#define to_words(x) (x)
#define to_words_in(w, x) (*(w) = (x))
#define BLOCK_HALF uint64x2x4_t
#define LOAD_HALF(p) vld1q_u64_x4((const uint64_t *)(const void *)(p))
#endif

/* Double round j, after Linux's arch/arm64/crypto/sha512-ce-core.S (dround). Each
 * register holds two state words, the first in lane 0. The state lives in five
 * registers that change roles every double round: on entry x0 = ab, x1 = cd,
 * x2 = ef, x3 = gh; on exit x3 holds the new ab, x0 the new cd, x4 the new ef and
 * x2 the new gh, so the next double round takes (x3, x0, x4, x2, x1). The chain
 * from one double round to the next is SHA512H -> ADD (x4) -> EXT -> SHA512H.
 * k[j % 2] holds K[2j..2j+1], loaded in the double round before; KW and NEXT_K start
 * the double round, HEAD and TAIL are its chain, with the schedule step between. */
#define KW(j, w)                                  \
    uint64x2_t kw_ = add2(k[(j) % 2], (w));       \
    if ((j) < 39)                                 \
        LOAD_K(k[((j) + 1) % 2], (j) + 1)
#define HEAD(x1, x2, x3)                          \
    kw_ = ext1(kw_, kw_);                         \
    uint64x2_t fg_ = ext1((x2), (x3));            \
    uint64x2_t de_ = ext1((x1), (x2));            \
    x3 = add2((x3), kw_)
#define TAIL(x0, x1, x3, x4)                      \
    x4 = add2((x1), (x3));                        \
    sha512h2(x3, (x1), (x0))

/* W[t..t+1] += sigma0(W[t+1..t+2]) + sigma1(W[t+14..t+15]) + W[t+9..t+10], which
 * makes it W[t+16..t+17]: w0 = W[t..t+1], w1 = W[t+2..t+3], w7 = W[t+14..t+15],
 * w4 = W[t+8..t+9], w5 = W[t+10..t+11]. */
#define DROUND_S(x0, x1, x2, x3, x4, j, w0, w1, w7, w4, w5) \
    do {                                                    \
        KW(j, w0);                                          \
        HEAD(x1, x2, x3);                                   \
        su0(w0, (w1));                                   \
        const uint64x2_t w45_ = ext1((w4), (w5));           \
        sha512h(x3, fg_, de_);                           \
        su1(w0, (w7), w45_);                             \
        TAIL(x0, x1, x3, x4);                               \
    } while (0)
/* The same without the schedule; before the chain's tail, "extra" (the next block's
 * loads and byte swaps in the last double rounds, or nothing). */
#define DROUND(x0, x1, x2, x3, x4, j, w, extra) \
    do {                                        \
        KW(j, w);                               \
        HEAD(x1, x2, x3);                       \
        sha512h(x3, fg_, de_);               \
        extra;                                  \
        TAIL(x0, x1, x3, x4);                   \
    } while (0)

/* c = a copy of x by an explicit MOV that leaves x in its register: the feed-forward adds
 * into the working registers, and the copies for the next block are taken off the chain. */
#if SHA512_ASM
#define SIDE_COPY(c, x) __asm__ __volatile__("mov %0.16b, %1.16b" : "=w"(c), "+w"(x))
#else
#define SIDE_COPY(c, x) ((c) = (x))
#endif

/* One block. m holds its 16 words; when next is not NULL the last double rounds load the
 * next block (from *next, which steps past it) into m meanwhile: otherwise an in-order core
 * waits out the load and the byte swaps at the top of the block. */
static inline __attribute__((always_inline)) void sha512_block(uint64x2_t s[4], uint64x2_t m[8],
                                                               const uint8_t **next,
                                                               const uint64_t *kp,
                                                               const uint64_t *kp_hi)
{
#if SHA512_ASM
    /* The five state variables in fixed registers (GCC honours that for asm operands,
     * and every use here is one): otherwise the register allocator copied one of them
     * once a block, a MOV between SHA512H and SHA512H2 in double round 37 that put a cycle
     * on the chain of the out-of-order cores (bench/RESULTS.md, "Kernel code choices"). */
    register uint64x2_t s0 __asm__("v16") = s[0];
    register uint64x2_t s1 __asm__("v17") = s[1];
    register uint64x2_t s2 __asm__("v18") = s[2];
    register uint64x2_t s3 __asm__("v19") = s[3];
    register uint64x2_t s4 __asm__("v24");
#else
    uint64x2_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4;
#endif
    uint64x2_t m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3];
    uint64x2_t m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7];
    uint64x2_t k[2];
    BLOCK_HALF lo, hi;

    LOAD_K(k[0], 0);
    uint64x2_t ab, cd, ef, gh;
    SIDE_COPY(ab, s0);
    SIDE_COPY(cd, s1);
    SIDE_COPY(ef, s2);
    SIDE_COPY(gh, s3);

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
    /* Here and not earlier (the compilers hoist loads): the address comes out of a
     * volatile asm, which stays behind the rounds before it. */
    if (next) {
        ARMSHA_OPAQUE(*next);
        lo = LOAD_HALF(*next);
        *next += ARMSHA_SHA512_BLOCK_SIZE / 2;
    }
    DROUND(s2, s3, s1, s4, s0, 32, m0, (void)0);
    DROUND(s4, s2, s0, s1, s3, 33, m1, if (next) to_words_in(&m0, lo.val[0]));
    DROUND(s1, s4, s3, s0, s2, 34, m2, if (next) to_words_in(&m1, lo.val[1]));

    DROUND(s0, s1, s2, s3, s4, 35, m3, if (next) to_words_in(&m2, lo.val[2]));
    DROUND(s3, s0, s4, s2, s1, 36, m4, if (next) to_words_in(&m3, lo.val[3]));
    if (next) {
        ARMSHA_OPAQUE(*next);
        hi = LOAD_HALF(*next);
        *next += ARMSHA_SHA512_BLOCK_SIZE / 2;
    }
    DROUND(s2, s3, s1, s4, s0, 37, m5, if (next) to_words_in(&m4, hi.val[0]));
    DROUND(s4, s2, s0, s1, s3, 38, m6, if (next) to_words_in(&m5, hi.val[1]));
    DROUND(s1, s4, s3, s0, s2, 39, m7, if (next) to_words_in(&m6, hi.val[2]));
    if (next) {
        to_words_in(&m7, hi.val[3]);
        m[0] = m0, m[1] = m1, m[2] = m2, m[3] = m3;
        m[4] = m4, m[5] = m5, m[6] = m6, m[7] = m7;
    }

    s[0] = add2(s0, ab);
    s[1] = add2(s1, cd);
    s[2] = add2(s2, ef);
    s[3] = add2(s3, gh);
}

ARMSHA_LOOP_ALIGNED
void armsha_sha512_blocks_armv8(uint64_t state[8], const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0)
        return;

    /* 40 round-constant vectors do not fit beside the 17 that hold the state and the
     * message: each is loaded once per block, one double round ahead of its use. */
    const uint64_t *kp = armsha_sha512_k, *kp_hi = kp + 64; /* see LOAD_K */
    ARMSHA_OPAQUE(kp_hi); /* a register of its own, not kp's offset folded back in */
    uint64x2_t s[4] = { vld1q_u64(state), vld1q_u64(state + 2), vld1q_u64(state + 4),
                        vld1q_u64(state + 6) };
    const BLOCK_HALF lo = LOAD_HALF(data), hi = LOAD_HALF(data + 64);
    uint64x2_t m[8] = { to_words(lo.val[0]), to_words(lo.val[1]), to_words(lo.val[2]),
                        to_words(lo.val[3]), to_words(hi.val[0]), to_words(hi.val[1]),
                        to_words(hi.val[2]), to_words(hi.val[3]) };

    /* Every block but the last loads the next one; the last is the same code without. */
    data += ARMSHA_SHA512_BLOCK_SIZE;
    for (size_t n = nblocks - 1; n != 0; n--)
        sha512_block(s, m, &data, kp, kp_hi);
    sha512_block(s, m, NULL, kp, kp_hi);

    vst1q_u64(state, s[0]);
    vst1q_u64(state + 2, s[1]);
    vst1q_u64(state + 4, s[2]);
    vst1q_u64(state + 6, s[3]);
}

/* PBKDF2-HMAC's iterations 2..n+1 for a SHA-512-family digest of ds bytes (see kernels.h).
 * U is one digest after one key block in both the inner and the outer message, so its
 * block is U's first ds bytes, then the padding, which is the same every time: each
 * message register is the state's words masked to ds bytes, ORed with the padding, and
 * U, T and the message never leave the vector registers between the two compressions. */
void armsha_sha512_pbkdf2_armv8(const uint64_t inner[8], const uint64_t outer[8], uint64_t u[8],
                                uint64_t t[8], size_t ds, uint64_t n)
{
    if (n == 0)
        return;

    const uint64_t *kp = armsha_sha512_k, *kp_hi = kp + 64; /* see LOAD_K */
    ARMSHA_OPAQUE(kp_hi); /* a register of its own, not kp's offset folded back in */
    uint64_t mask_w[8], pad_w[16] = { 0 };

    /* The words of a message of one 128-byte block plus ds bytes, as the kernel reads
     * them: the whole bytes of U kept, 0x80 after them, the bit count in the last word. */
    for (size_t i = 0; i < 8; i++)
        mask_w[i] = 8 * i + 8 <= ds ? ~(uint64_t)0 : 8 * i >= ds ? 0 : ~(uint64_t)0 << (64 - 8 * (ds % 8));
    pad_w[ds / 8] = (uint64_t)0x80 << (56 - 8 * (ds % 8));
    pad_w[15] = (uint64_t)(ARMSHA_SHA512_BLOCK_SIZE + ds) * 8;

    uint64x2_t mask[4], pad[8];
    for (size_t i = 0; i < 4; i++)
        mask[i] = vld1q_u64(mask_w + 2 * i);
    for (size_t i = 0; i < 8; i++)
        pad[i] = vld1q_u64(pad_w + 2 * i);

    uint64x2_t x[4] = { vld1q_u64(u), vld1q_u64(u + 2), vld1q_u64(u + 4), vld1q_u64(u + 6) };
    uint64x2_t tv[4] = { vld1q_u64(t), vld1q_u64(t + 2), vld1q_u64(t + 4), vld1q_u64(t + 6) };

    do {
        uint64x2_t m[8], s[4] = { vld1q_u64(inner), vld1q_u64(inner + 2), vld1q_u64(inner + 4),
                                  vld1q_u64(inner + 6) };

        for (size_t i = 0; i < 4; i++)
            m[i] = vorrq_u64(vandq_u64(x[i], mask[i]), pad[i]);
        for (size_t i = 4; i < 8; i++)
            m[i] = pad[i];
        sha512_block(s, m, NULL, kp, kp_hi);

        for (size_t i = 0; i < 4; i++)
            m[i] = vorrq_u64(vandq_u64(s[i], mask[i]), pad[i]);
        for (size_t i = 4; i < 8; i++)
            m[i] = pad[i];
        x[0] = vld1q_u64(outer), x[1] = vld1q_u64(outer + 2);
        x[2] = vld1q_u64(outer + 4), x[3] = vld1q_u64(outer + 6);
        sha512_block(x, m, NULL, kp, kp_hi);

        for (size_t i = 0; i < 4; i++)
            tv[i] = veorq_u64(tv[i], x[i]);
    } while (--n != 0);

    for (size_t i = 0; i < 4; i++) {
        vst1q_u64(u + 2 * i, x[i]);
        vst1q_u64(t + 2 * i, tv[i]);
    }
}
