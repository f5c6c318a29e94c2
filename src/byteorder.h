/* Big-endian loads and stores for the cores: one load or store plus a byte swap (rev)
 * on little-endian CPUs, a plain access on big-endian ones, at any alignment. */
#ifndef ARMSHA_BYTEORDER_H
#define ARMSHA_BYTEORDER_H

#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ || __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
/* memcpy of a fixed size is a single unaligned access; clang does not merge the
 * byte-by-byte form below inside large unrolled functions, GCC does. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARMSHA_BE32(x) __builtin_bswap32(x)
#define ARMSHA_BE64(x) __builtin_bswap64(x)
#else
#define ARMSHA_BE32(x) (x)
#define ARMSHA_BE64(x) (x)
#endif

static inline uint32_t armsha_load_be32(const uint8_t *p)
{
    uint32_t v;

    memcpy(&v, p, sizeof(v));
    return ARMSHA_BE32(v);
}

static inline uint64_t armsha_load_be64(const uint8_t *p)
{
    uint64_t v;

    memcpy(&v, p, sizeof(v));
    return ARMSHA_BE64(v);
}

static inline void armsha_store_be32(uint8_t *p, uint32_t v)
{
    v = ARMSHA_BE32(v);
    memcpy(p, &v, sizeof(v));
}

static inline void armsha_store_be64(uint8_t *p, uint64_t v)
{
    v = ARMSHA_BE64(v);
    memcpy(p, &v, sizeof(v));
}
#else
/* Any other C11 compiler: endian-neutral byte arithmetic. */
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

#endif
