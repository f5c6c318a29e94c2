/* Buffering, length counting and padding shared by the three streaming cores: all but the
 * compression, which each family passes in as a function that the compiler inlines. */
#ifndef ARMSHA_STREAM_H
#define ARMSHA_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byteorder.h"

/* Runs the family context's block function on nblocks whole blocks at data. */
typedef void armsha_compress_fn(void *ctx, const uint8_t *data, size_t nblocks);

/* Tops up buf (block_size bytes, holding *nbytes % block_size of them), compresses whole
 * blocks straight from the caller's data, keeps the tail. block_size is a power of two.
 * Returns 0, taking nothing, when the total would pass max_bytes. */
static inline int armsha_stream_update(void *ctx, armsha_compress_fn *compress, uint8_t *buf,
                                       uint64_t *nbytes, size_t block_size, uint64_t max_bytes,
                                       const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t used = (size_t)(*nbytes & (block_size - 1));

    if (len == 0)
        return 1;
    if (len > max_bytes - *nbytes)
        return 0;
    *nbytes += len;

    if (used != 0) {
        size_t take = block_size - used;

        if (take > len) {
            memcpy(buf + used, p, len);
            return 1;
        }
        memcpy(buf + used, p, take);
        p += take;
        len -= take;
        compress(ctx, buf, 1);
    }
    if (len >= block_size) {
        size_t n = len / block_size;

        compress(ctx, p, n);
        p += n * block_size;
        len -= n * block_size;
    }
    if (len != 0)
        memcpy(buf, p, len);
    return 1;
}

/* Pads in place (0x80, zeros, the message length in bits as a big-endian number of
 * len_bytes = 8 or 16 bytes) and compresses the last one or two blocks. */
static inline void armsha_stream_pad(void *ctx, armsha_compress_fn *compress, uint8_t *buf,
                                     uint64_t nbytes, size_t block_size, size_t len_bytes)
{
    size_t n = (size_t)(nbytes & (block_size - 1));

    buf[n++] = 0x80;
    if (n > block_size - len_bytes) {
        memset(buf + n, 0, block_size - n);
        compress(ctx, buf, 1);
        n = 0;
    }
    memset(buf + n, 0, block_size - 8 - n);
    if (len_bytes == 16)
        armsha_store_be64(buf + block_size - 16, nbytes >> 61);
    armsha_store_be64(buf + block_size - 8, nbytes << 3);
    compress(ctx, buf, 1);
}

/* The first outlen bytes of the chaining state as big-endian words: whole words, then the
 * top bytes of the next (SHA-224 and SHA-512/224 end mid-word). The states have at most 8
 * words: saying so lets GCC unroll the loop into one load, byte swap and store a word,
 * where it would otherwise make a vector loop behind a run-time aliasing check. */
static inline void armsha_stream_output32(uint8_t *out, const uint32_t *h, size_t outlen)
{
    size_t i;

    for (i = 0; i < outlen / 4 && i < 8; i++)
        armsha_store_be32(out + 4 * i, h[i]);
    for (size_t j = 0; j < outlen % 4; j++)
        out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
}

static inline void armsha_stream_output64(uint8_t *out, const uint64_t *h, size_t outlen)
{
    size_t i;

    for (i = 0; i < outlen / 8 && i < 8; i++)
        armsha_store_be64(out + 8 * i, h[i]);
    for (size_t j = 0; j < outlen % 8; j++)
        out[8 * i + j] = (uint8_t)(h[i] >> (56 - 8 * j));
}

#endif
