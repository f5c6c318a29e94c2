/* SHA-256 and SHA-224 streaming core: buffering, padding and the length counter. */
#include "armsha/sha256.h"

#include <string.h>

#include "byteorder.h"
#include "stream.h"

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

static void sha256_compress(void *c, const uint8_t *data, size_t nblocks)
{
    armsha_sha256_ctx *ctx = c;

    ctx->blocks(ctx->h, data, nblocks);
}

/* The context's buffer and counters, for stream.h. */
static armsha_stream sha256_stream(armsha_sha256_ctx *ctx)
{
    armsha_stream s = {ctx, sha256_compress, ctx->buf, &ctx->nbuf, &ctx->nbytes, ARMSHA_SHA256_BLOCK_SIZE};

    return s;
}

int armsha_sha256_update(armsha_sha256_ctx *ctx, const void *data, size_t len)
{
    return armsha_stream_update(sha256_stream(ctx), SHA256_MAX_BYTES, data, len);
}

void armsha_sha256_final(armsha_sha256_ctx *ctx, uint8_t *out, size_t outlen)
{
    size_t i;

    armsha_stream_pad(sha256_stream(ctx), 8);

    /* Whole words, then the top bytes of the next (outlen is 28 or 32 for the digests). */
    for (i = 0; i < outlen / 4; i++)
        armsha_store_be32(out + 4 * i, ctx->h[i]);
    for (size_t j = 0; j < outlen % 4; j++)
        out[4 * i + j] = (uint8_t)(ctx->h[i] >> (24 - 8 * j));
}
