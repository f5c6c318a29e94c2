/* SHA-1 streaming core: buffering, padding and the length counter. */
#include "armsha/sha1.h"

#include <string.h>

#include "byteorder.h"

/* FIPS 180-4 caps the message at 2^64 - 1 bits: whole bytes up to 2^61 - 1. */
#define SHA1_MAX_BYTES ((UINT64_C(1) << 61) - 1)

static const uint32_t sha1_iv[5] = {
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

void armsha_sha1_init(armsha_sha1_ctx *ctx, armsha_sha1_blocks_fn *blocks)
{
    memcpy(ctx->h, sha1_iv, sizeof(ctx->h));
    ctx->nbuf = 0;
    ctx->nbytes = 0;
    ctx->blocks = blocks;
}

int armsha_sha1_update(armsha_sha1_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t nbuf = ctx->nbuf;

    if (len == 0)
        return 1;
    if (len > SHA1_MAX_BYTES - ctx->nbytes)
        return 0;
    ctx->nbytes += len;

    if (nbuf != 0) {
        size_t take = ARMSHA_SHA1_BLOCK_SIZE - nbuf;

        if (take > len)
            take = len;
        memcpy(ctx->buf + nbuf, p, take);
        nbuf += take;
        p += take;
        len -= take;
        if (nbuf < ARMSHA_SHA1_BLOCK_SIZE) {
            ctx->nbuf = (uint32_t)nbuf;
            return 1;
        }
        ctx->blocks(ctx->h, ctx->buf, 1);
    }
    /* Whole blocks go to the kernel straight from the caller's buffer. */
    if (len >= ARMSHA_SHA1_BLOCK_SIZE) {
        size_t n = len / ARMSHA_SHA1_BLOCK_SIZE;

        ctx->blocks(ctx->h, p, n);
        p += n * ARMSHA_SHA1_BLOCK_SIZE;
        len -= n * ARMSHA_SHA1_BLOCK_SIZE;
    }
    if (len != 0)
        memcpy(ctx->buf, p, len);
    ctx->nbuf = (uint32_t)len;
    return 1;
}

void armsha_sha1_final(armsha_sha1_ctx *ctx, uint8_t out[ARMSHA_SHA1_DIGEST_SIZE])
{
    size_t n = ctx->nbuf;

    /* Padding is built in place: 0x80, zeros, then the length in bits. */
    ctx->buf[n++] = 0x80;
    if (n > ARMSHA_SHA1_BLOCK_SIZE - 8) {
        memset(ctx->buf + n, 0, ARMSHA_SHA1_BLOCK_SIZE - n);
        ctx->blocks(ctx->h, ctx->buf, 1);
        n = 0;
    }
    memset(ctx->buf + n, 0, ARMSHA_SHA1_BLOCK_SIZE - 8 - n);
    armsha_store_be64(ctx->buf + ARMSHA_SHA1_BLOCK_SIZE - 8, ctx->nbytes << 3);
    ctx->blocks(ctx->h, ctx->buf, 1);

    for (size_t i = 0; i < 5; i++)
        armsha_store_be32(out + 4 * i, ctx->h[i]);
}
