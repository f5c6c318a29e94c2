/* SHA-1 streaming core: buffering, padding and the length counter. */
#include "armsha/sha1.h"

#include <string.h>

#include "byteorder.h"
#include "stream.h"

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

static void sha1_compress(void *c, const uint8_t *data, size_t nblocks)
{
    armsha_sha1_ctx *ctx = c;

    ctx->blocks(ctx->h, data, nblocks);
}

/* The context's buffer and counters, for stream.h. */
static armsha_stream sha1_stream(armsha_sha1_ctx *ctx)
{
    armsha_stream s = {ctx, sha1_compress, ctx->buf, &ctx->nbuf, &ctx->nbytes, ARMSHA_SHA1_BLOCK_SIZE};

    return s;
}

int armsha_sha1_update(armsha_sha1_ctx *ctx, const void *data, size_t len)
{
    return armsha_stream_update(sha1_stream(ctx), SHA1_MAX_BYTES, data, len);
}

void armsha_sha1_final(armsha_sha1_ctx *ctx, uint8_t out[ARMSHA_SHA1_DIGEST_SIZE])
{

    armsha_stream_pad(sha1_stream(ctx), 8);

    for (size_t i = 0; i < 5; i++)
        armsha_store_be32(out + 4 * i, ctx->h[i]);
}
