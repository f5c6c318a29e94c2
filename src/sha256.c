/* SHA-256 and SHA-224 streaming core: buffering, padding and the length counter. */
#include "armsha/sha256.h"

#include <string.h>

#include "byteorder.h"

/* FIPS 180-4 caps the message at 2^64 - 1 bits: whole bytes up to 2^61 - 1. */
#define SHA256_MAX_BYTES ((UINT64_C(1) << 61) - 1)

static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static const uint32_t sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

static void sha256_start(armsha_sha256_ctx *ctx, const uint32_t iv[8], armsha_sha256_blocks_fn *blocks)
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->nbuf = 0;
    ctx->nbytes = 0;
    ctx->blocks = blocks;
}

void armsha_sha256_init(armsha_sha256_ctx *ctx, armsha_sha256_blocks_fn *blocks)
{
    sha256_start(ctx, sha256_iv, blocks);
}

void armsha_sha224_init(armsha_sha256_ctx *ctx, armsha_sha256_blocks_fn *blocks)
{
    sha256_start(ctx, sha224_iv, blocks);
}

int armsha_sha256_update(armsha_sha256_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t nbuf = ctx->nbuf;

    if (len == 0)
        return 1;
    if (len > SHA256_MAX_BYTES - ctx->nbytes)
        return 0;
    ctx->nbytes += len;

    if (nbuf != 0) {
        size_t take = ARMSHA_SHA256_BLOCK_SIZE - nbuf;

        if (take > len)
            take = len;
        memcpy(ctx->buf + nbuf, p, take);
        nbuf += take;
        p += take;
        len -= take;
        if (nbuf < ARMSHA_SHA256_BLOCK_SIZE) {
            ctx->nbuf = (uint32_t)nbuf;
            return 1;
        }
        ctx->blocks(ctx->h, ctx->buf, 1);
    }
    /* Whole blocks go to the kernel straight from the caller's buffer. */
    if (len >= ARMSHA_SHA256_BLOCK_SIZE) {
        size_t n = len / ARMSHA_SHA256_BLOCK_SIZE;

        ctx->blocks(ctx->h, p, n);
        p += n * ARMSHA_SHA256_BLOCK_SIZE;
        len -= n * ARMSHA_SHA256_BLOCK_SIZE;
    }
    if (len != 0)
        memcpy(ctx->buf, p, len);
    ctx->nbuf = (uint32_t)len;
    return 1;
}

void armsha_sha256_final(armsha_sha256_ctx *ctx, uint8_t *out, size_t outlen)
{
    size_t n = ctx->nbuf;
    size_t i;

    /* Padding is built in place: 0x80, zeros, then the length in bits. */
    ctx->buf[n++] = 0x80;
    if (n > ARMSHA_SHA256_BLOCK_SIZE - 8) {
        memset(ctx->buf + n, 0, ARMSHA_SHA256_BLOCK_SIZE - n);
        ctx->blocks(ctx->h, ctx->buf, 1);
        n = 0;
    }
    memset(ctx->buf + n, 0, ARMSHA_SHA256_BLOCK_SIZE - 8 - n);
    armsha_store_be64(ctx->buf + ARMSHA_SHA256_BLOCK_SIZE - 8, ctx->nbytes << 3);
    ctx->blocks(ctx->h, ctx->buf, 1);

    /* Whole words, then the top bytes of the next (outlen is 28 or 32 for the digests). */
    for (i = 0; i < outlen / 4; i++)
        armsha_store_be32(out + 4 * i, ctx->h[i]);
    for (size_t j = 0; j < outlen % 4; j++)
        out[4 * i + j] = (uint8_t)(ctx->h[i] >> (24 - 8 * j));
}
