/* A 64-byte block as sixteen big-endian 32-bit words in four vectors, for the SHA-1 and
 * SHA-256 kernels: one LD1 of four registers (no alignment requirement), then rev32 on
 * little-endian; a big-endian LD1 of 32-bit elements gives the words as they are. */
#ifndef ARMSHA_ARM_LOAD_BLOCK_H
#define ARMSHA_ARM_LOAD_BLOCK_H

#include <arm_neon.h>

static inline uint32x4x4_t armsha_load_block_be32(const uint8_t *p)
{
#if defined(__AARCH64EB__)
    /* vreinterpret keeps the register's bits on both compilers, so a byte load would
     * still need the rev32; loading 32-bit elements does not. A64's LD1 takes any
     * alignment, and GCC and clang emit LD1 for vld1q whatever the pointer's. */
    return vld1q_u32_x4((const uint32_t *)(const void *)p);
#else
    const uint8x16x4_t m = vld1q_u8_x4(p);
    uint32x4x4_t w;

    w.val[0] = vreinterpretq_u32_u8(vrev32q_u8(m.val[0]));
    w.val[1] = vreinterpretq_u32_u8(vrev32q_u8(m.val[1]));
    w.val[2] = vreinterpretq_u32_u8(vrev32q_u8(m.val[2]));
    w.val[3] = vreinterpretq_u32_u8(vrev32q_u8(m.val[3]));
    return w;
#endif
}

#endif
