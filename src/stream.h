/* Buffering, length counting and padding shared by the three streaming cores: all but
 * the compression, which each family passes in as a function that the compiler inlines. */
#ifndef ARMSHA_STREAM_H
#define ARMSHA_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byteorder.h"

/* Compresses nblocks whole blocks at data into the family context ctx. */
typedef void armsha_compress_fn(void *ctx, const uint8_t *data, size_t nblocks);

/* The part of a family context this file works on, as pointers into it. */
typedef struct armsha_stream {
    void *ctx;
    armsha_compress_fn *compress;
    uint8_t *buf;     /* one block */
    uint32_t *nbuf;   /* bytes waiting in buf, < block_size */
    uint64_t *nbytes; /* bytes hashed so far */
    size_t block_size;
} armsha_stream;

/* Tops up the buffer, compresses whole blocks straight from the caller's data, keeps
 * the tail. Returns 0, taking nothing, when the total would pass max_bytes. */
static inline int armsha_stream_update(armsha_stream s, uint64_t max_bytes, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t nbuf = *s.nbuf;

    if (len == 0)
        return 1;
    if (len > max_bytes - *s.nbytes)
        return 0;
    *s.nbytes += len;

    if (nbuf != 0) {
        size_t take = s.block_size - nbuf;

        if (take > len)
            take = len;
        memcpy(s.buf + nbuf, p, take);
        nbuf += take;
        p += take;
        len -= take;
        if (nbuf < s.block_size) {
            *s.nbuf = (uint32_t)nbuf;
            return 1;
        }
        s.compress(s.ctx, s.buf, 1);
    }
    if (len >= s.block_size) {
        size_t n = len / s.block_size;

        s.compress(s.ctx, p, n);
        p += n * s.block_size;
        len -= n * s.block_size;
    }
    if (len != 0)
        memcpy(s.buf, p, len);
    *s.nbuf = (uint32_t)len;
    return 1;
}

/* Pads in place (0x80, zeros, the message length in bits as a big-endian number of
 * len_bytes = 8 or 16 bytes) and compresses the last one or two blocks. */
static inline void armsha_stream_pad(armsha_stream s, size_t len_bytes)
{
    size_t n = *s.nbuf;

    s.buf[n++] = 0x80;
    if (n > s.block_size - len_bytes) {
        memset(s.buf + n, 0, s.block_size - n);
        s.compress(s.ctx, s.buf, 1);
        n = 0;
    }
    memset(s.buf + n, 0, s.block_size - 8 - n);
    if (len_bytes == 16)
        armsha_store_be64(s.buf + s.block_size - 16, *s.nbytes >> 61);
    armsha_store_be64(s.buf + s.block_size - 8, *s.nbytes << 3);
    s.compress(s.ctx, s.buf, 1);
}

#endif
