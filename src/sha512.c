/* SHA-512, SHA-384, SHA-512/224 and SHA-512/256 streaming core: buffering, padding and
 * the length counter. */
#include "armsha/sha512.h"

#include <assert.h>
#include <string.h>

#include "stream.h"
#include "wipe.h"

void armsha_sha512_init(armsha_sha512_ctx *ctx, const uint64_t iv[8], armsha_sha512_blocks_fn *blocks)
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->nbytes = 0;
    ctx->blocks = blocks;
}

static void sha512_compress(void *c, const uint8_t *data, size_t nblocks)
{
    armsha_sha512_ctx *ctx = c;

    ctx->blocks(ctx->h, data, nblocks);
}

int armsha_sha512_update(armsha_sha512_ctx *ctx, const void *data, size_t len)
{
    /* The standard allows 2^128 - 1 bits; the 64-bit byte counter is the real limit. */
    return armsha_stream_update(ctx, sha512_compress, ctx->buf, &ctx->nbytes,
                                ARMSHA_SHA512_BLOCK_SIZE, UINT64_MAX, data, len);
}

void armsha_sha512_final(armsha_sha512_ctx *ctx, uint8_t *out, size_t outlen)
{
    assert(outlen <= ARMSHA_SHA512_DIGEST_SIZE);
    armsha_stream_pad(ctx, sha512_compress, ctx->buf, ctx->nbytes, ARMSHA_SHA512_BLOCK_SIZE, 16);
    armsha_stream_output64(out, ctx->h, outlen);
    armsha_wipe(ctx, sizeof(*ctx));
}
