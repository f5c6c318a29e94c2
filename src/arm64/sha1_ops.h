/* The SHA-1 instructions as sha1_ce.c and sha1_ce_x2.c issue them, the block load, and K:
 * one set of wrappers for the one- and two-lane kernels. */
#ifndef ARMSHA_ARM64_SHA1_OPS_H
#define ARMSHA_ARM64_SHA1_OPS_H

#include <arm_neon.h>

#include "load_block.h"

/* Written for the core that does not reorder (Cortex-A53/A55): every instruction of the
 * rounds is its own volatile asm statement, so the compiler emits them in the order below,
 * which is the order of OpenSSL's sha1-armv8. In a quad, SHA1H (e of the next quad) comes
 * right before the SHA1C/P/M it feeds, the schedule work of the quad after it, where it
 * runs in the shadow of the SHA1C/P/M latency; the schedule is pipelined: W+K two quads
 * ahead, SHA1SU0 of a group one quad before its SHA1SU1. Left to GCC, each SHA1H lands
 * right after the SHA1C/P/M that makes its input and an in-order core waits out that
 * latency with the schedule work queued behind it (bench/RESULTS.md, "Kernel code
 * choices"). Volatile only orders the asm statements among themselves; none has side
 * effects. e lives in lane 0 of a vector, as SHA1H leaves it, so the feed-forward is one
 * vector add. The asm reads lane 0, which is the intrinsics' lane 0 with GCC on either
 * byte order and with clang on little-endian; clang on big-endian holds vectors with their
 * lanes reversed between intrinsics, so it (and any other compiler) takes the intrinsics
 * in the same order. */
#if defined(__GNUC__) && !(defined(__clang__) && defined(__AARCH64EB__))
#define SHA1_ASM 1
#endif

/* The wrappers of SHA instructions are always inlined: left out of line, as -O0 leaves
 * them, they would be SHA instructions outside the kernels, which test baseline-isa
 * forbids (a kernel's callers must not reach one by accident). */
#define SHA1_OP static inline __attribute__((always_inline))

SHA1_OP uint32x4_t sha1h(uint32x4_t abcd)
{
#if SHA1_ASM
    uint32x4_t e;

    __asm__ __volatile__("sha1h %s0, %s1" : "=w"(e) : "w"(abcd));
    return e;
#else
    return vdupq_n_u32(vsha1h_u32(vgetq_lane_u32(abcd, 0)));
#endif
}

#if SHA1_ASM
#define ROUNDS4(op)                                                                    \
    SHA1_OP void op##4(uint32x4_t *abcd, uint32x4_t e, uint32x4_t wk)                  \
    {                                                                                  \
        __asm__ __volatile__(#op " %q0, %s1, %2.4s" : "+w"(*abcd) : "w"(e), "w"(wk)); \
    }
#else
#define ROUNDS4(op)                                                                    \
    SHA1_OP void op##4(uint32x4_t *abcd, uint32x4_t e, uint32x4_t wk)                  \
    {                                                                                  \
        *abcd = v##op##q_u32(*abcd, vgetq_lane_u32(e, 0), wk);                         \
    }
#endif
ROUNDS4(sha1c)
ROUNDS4(sha1p)
ROUNDS4(sha1m)

/* W[t..t+3] + K. */
static inline uint32x4_t add_k(uint32x4_t w, uint32x4_t k)
{
#if SHA1_ASM
    uint32x4_t wk;

    __asm__ __volatile__("add %0.4s, %1.4s, %2.4s" : "=w"(wk) : "w"(k), "w"(w));
    return wk;
#else
    return vaddq_u32(k, w);
#endif
}

/* The two halves of the schedule step w0 = W[t+16..t+19] from w0..w3 = W[t..t+15]:
 * su0(w0, w1, w2), then su1(w0, w3). */
SHA1_OP void su0(uint32x4_t *w0, uint32x4_t w1, uint32x4_t w2)
{
#if SHA1_ASM
    __asm__ __volatile__("sha1su0 %0.4s, %1.4s, %2.4s" : "+w"(*w0) : "w"(w1), "w"(w2));
#else
    *w0 = vsha1su0q_u32(*w0, w1, w2);
#endif
}

SHA1_OP void su1(uint32x4_t *w0, uint32x4_t w3)
{
#if SHA1_ASM
    __asm__ __volatile__("sha1su1 %0.4s, %1.4s" : "+w"(*w0) : "w"(w3));
#else
    *w0 = vsha1su1q_u32(*w0, w3);
#endif
}

#if SHA1_ASM && !defined(__AARCH64EB__)
static inline uint32x4_t rev32(uint8x16_t x)
{
    uint32x4_t w;

    __asm__ __volatile__("rev32 %0.16b, %1.16b" : "=w"(w) : "w"(x));
    return w;
}
#define BLOCK_BYTES uint8x16x4_t
#define LOAD_BYTES(p) vld1q_u8_x4(p)
#define TO_WORDS(x) rev32(x)
#else
/* Big-endian: LD1 of 32-bit elements gives the words as they are (load_block.h). */
#define BLOCK_BYTES uint32x4x4_t
#define LOAD_BYTES(p) armsha_load_block_be32(p)
#define TO_WORDS(x) (x)
#endif

/* state[4] into lane 0, where the asm reads e; one LDR (the intrinsics spend a DUP too). */
static inline uint32x4_t load_e(const uint32_t *p)
{
#if SHA1_ASM
    uint32x4_t e;

    __asm__("ldr %s0, %1" : "=w"(e) : "m"(*p));
    return e;
#else
    return vdupq_n_u32(*p);
#endif
}

_Alignas(16) static const uint32_t armsha_sha1_k[16] = {
    0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1,
    0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6,
};

#endif
