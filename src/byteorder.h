/* Big-endian loads and stores, written so that compilers turn them into one load or
 * store plus a byte swap (rev) on little-endian CPUs and a plain access on big-endian. */
#ifndef ARMSHA_BYTEORDER_H
#define ARMSHA_BYTEORDER_H

#include <stdint.h>

static inline uint32_t armsha_load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline uint64_t armsha_load_be64(const uint8_t *p)
{
    return (uint64_t)armsha_load_be32(p) << 32 | armsha_load_be32(p + 4);
}

static inline void armsha_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline void armsha_store_be64(uint8_t *p, uint64_t v)
{
    armsha_store_be32(p, (uint32_t)(v >> 32));
    armsha_store_be32(p + 4, (uint32_t)v);
}

#endif
