/* SHA-256 block function (also SHA-224) on the AArch32 Crypto Extension: SHA256H/H2/SU0/SU1. */
#include <arm_neon.h>

#include "kernels.h"
#include "load_block.h"
#include "side_copy.h"
#include "../sha2_constants.h"

/* A quad is four rounds on W[t..t+3] + K[t..t+3], K loaded with the pointer stepped by
 * the load: AArch32 has 16 quad registers, too few to keep the whole K table in them
 * as the aarch64 kernel does. SHA256H2 needs abcd from before SHA256H, which overwrites
 * abcd in place: one VMOV a quad. QUAD_SCHED also makes w0 = W[t+16..t+19] out of
 * W[t..t+15] = w0..w3.
 *
 * One asm statement a quad, in the order of OpenSSL's sha256-armv4, gives OpenSSL's
 * instruction count with GCC 12 and clang 14 alike. With the intrinsics clang copies W,
 * abcd and efgh between registers, and so does GCC unless its pre-allocation scheduler
 * is off (bench/RESULTS.md, "32-bit ARM kernel code choices"). Other compilers get the
 * intrinsics,
 * and so does big-endian ARM (armeb): there the compilers number the lanes of a quad
 * register otherwise than the instructions do, which the asm assumes. */
#if defined(__GNUC__) && !defined(__ARMEB__)
#define QUAD_SCHED(w0, w1, w2, w3)                                            \
    do {                                                                      \
        uint32x4_t wk_, abcd_in_;                                             \
        __asm__("vld1.32 {%q[wk]}, [%[kp]]!\n\t"                              \
                "vadd.i32 %q[wk], %q[wk], %q[m0]\n\t"                         \
                "sha256su0.32 %q[m0], %q[m1]\n\t"                             \
                "vmov %q[in], %q[abcd]\n\t"                                   \
                "sha256h.32 %q[abcd], %q[efgh], %q[wk]\n\t"                   \
                "sha256h2.32 %q[efgh], %q[in], %q[wk]\n\t"                    \
                "sha256su1.32 %q[m0], %q[m2], %q[m3]"                         \
                : [wk] "=&w"(wk_), [in] "=&w"(abcd_in_), [abcd] "+w"(abcd),   \
                  [efgh] "+w"(efgh), [m0] "+w"(w0), [kp] "+r"(kp)             \
                : [m1] "w"(w1), [m2] "w"(w2), [m3] "w"(w3),                   \
                  "m"(*(const uint32_t(*)[4])kp));                            \
    } while (0)
#define QUAD_LAST(wq)                                                          \
    do {                                                                      \
        uint32x4_t wk_, abcd_in_;                                             \
        __asm__("vld1.32 {%q[wk]}, [%[kp]]!\n\t"                              \
                "vadd.i32 %q[wk], %q[wk], %q[x]\n\t"                          \
                "vmov %q[in], %q[abcd]\n\t"                                   \
                "sha256h.32 %q[abcd], %q[efgh], %q[wk]\n\t"                   \
                "sha256h2.32 %q[efgh], %q[in], %q[wk]"                        \
                : [wk] "=&w"(wk_), [in] "=&w"(abcd_in_), [abcd] "+w"(abcd),   \
                  [efgh] "+w"(efgh), [kp] "+r"(kp)                            \
                : [x] "w"(wq), "m"(*(const uint32_t(*)[4])kp));                \
    } while (0)
#else
#define QUAD(wk)                                    \
    do {                                            \
        const uint32x4_t abcd_in = abcd;            \
        abcd = vsha256hq_u32(abcd, efgh, (wk));     \
        efgh = vsha256h2q_u32(efgh, abcd_in, (wk)); \
    } while (0)
#define QUAD_SCHED(w0, w1, w2, w3)                             \
    do {                                                       \
        const uint32x4_t wk = vaddq_u32(w0, vld1q_u32(kp));    \
        kp += 4;                                               \
        w0 = vsha256su0q_u32(w0, w1);                          \
        QUAD(wk);                                              \
        w0 = vsha256su1q_u32(w0, w2, w3);                      \
    } while (0)
#define QUAD_LAST(w)                                           \
    do {                                                       \
        const uint32x4_t wk = vaddq_u32((w), vld1q_u32(kp));   \
        kp += 4;                                               \
        QUAD(wk);                                              \
    } while (0)
#endif

void armsha_sha256_blocks_aarch32(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);

    for (; nblocks != 0; nblocks--) {
        const uint32_t *kp = armsha_sha256_k;
        uint32x4_t w0, w1, w2, w3;
        const uint32x4_t abcd_saved = side_copy(&abcd), efgh_saved = side_copy(&efgh);

        ARMSHA_LOAD_BLOCK_BE32(w0, w1, w2, w3, data);
        QUAD_SCHED(w0, w1, w2, w3); /* rounds 0-3 */
        QUAD_SCHED(w1, w2, w3, w0);
        QUAD_SCHED(w2, w3, w0, w1);
        QUAD_SCHED(w3, w0, w1, w2);
        QUAD_SCHED(w0, w1, w2, w3); /* rounds 16-19 */
        QUAD_SCHED(w1, w2, w3, w0);
        QUAD_SCHED(w2, w3, w0, w1);
        QUAD_SCHED(w3, w0, w1, w2);
        QUAD_SCHED(w0, w1, w2, w3); /* rounds 32-35 */
        QUAD_SCHED(w1, w2, w3, w0);
        QUAD_SCHED(w2, w3, w0, w1);
        QUAD_SCHED(w3, w0, w1, w2);
        QUAD_LAST(w0);              /* rounds 48-51 */
        QUAD_LAST(w1);
        QUAD_LAST(w2);
        QUAD_LAST(w3);

        abcd = vaddq_u32(abcd, abcd_saved);
        efgh = vaddq_u32(efgh, efgh_saved);
    }

    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
