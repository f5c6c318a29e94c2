/* SHA-1 streaming core: buffering, padding and the length counter. */
#include "armsha/sha1.h"

#include <assert.h>
#include <string.h>

#include "stream.h"
#include "wipe.h"

/* FIPS 180-4 caps the message at 2^64 - 1 bits: whole bytes up to 2^61 - 1. */
#define SHA1_MAX_BYTES ((UINT64_C(1) << 61) - 1)

void armsha_sha1_init(armsha_sha1_ctx *ctx, const uint32_t iv[5], armsha_sha1_blocks_fn *blocks)
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->nbytes = 0;
    ctx->blocks = blocks;
}

static void sha1_compress(void *c, const uint8_t *data, size_t nblocks)
{
    armsha_sha1_ctx *ctx = c;

    ctx->blocks(ctx->h, data, nblocks);
}

int armsha_sha1_update(armsha_sha1_ctx *ctx, const void *data, size_t len)
{
    return armsha_stream_update(ctx, sha1_compress, ctx->buf, &ctx->nbytes,
                                ARMSHA_SHA1_BLOCK_SIZE, SHA1_MAX_BYTES, data, len);
}

void armsha_sha1_final(armsha_sha1_ctx *ctx, uint8_t *out, size_t outlen)
{
    assert(outlen <= ARMSHA_SHA1_DIGEST_SIZE);
    armsha_stream_pad(ctx, sha1_compress, ctx->buf, ctx->nbytes, ARMSHA_SHA1_BLOCK_SIZE, 8);
    armsha_stream_output32(out, ctx->h, outlen);
    armsha_wipe(ctx, sizeof(*ctx));
}
