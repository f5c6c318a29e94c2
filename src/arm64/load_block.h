/* A 64-byte block as sixteen big-endian 32-bit words in four vectors, for the SHA-1 and
 * SHA-256 kernels: one LD1 of four registers (no alignment requirement), then rev32. */
#ifndef ARMSHA_ARM_LOAD_BLOCK_H
#define ARMSHA_ARM_LOAD_BLOCK_H

#include <arm_neon.h>

static inline uint32x4x4_t armsha_load_block_be32(const uint8_t *p)
{
    const uint8x16x4_t m = vld1q_u8_x4(p);
    uint32x4x4_t w;

    w.val[0] = vreinterpretq_u32_u8(vrev32q_u8(m.val[0]));
    w.val[1] = vreinterpretq_u32_u8(vrev32q_u8(m.val[1]));
    w.val[2] = vreinterpretq_u32_u8(vrev32q_u8(m.val[2]));
    w.val[3] = vreinterpretq_u32_u8(vrev32q_u8(m.val[3]));
    return w;
}

#endif
