/* SHA-512, SHA-384, SHA-512/224 and SHA-512/256 streaming core: buffering, padding and
 * the length counter. */
#include "armsha/sha512.h"

#include <string.h>

#include "byteorder.h"
#include "stream.h"

static const uint64_t sha512_iv[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};

static const uint64_t sha384_iv[8] = {
    UINT64_C(0xcbbb9d5dc1059ed8), UINT64_C(0x629a292a367cd507),
    UINT64_C(0x9159015a3070dd17), UINT64_C(0x152fecd8f70e5939),
    UINT64_C(0x67332667ffc00b31), UINT64_C(0x8eb44a8768581511),
    UINT64_C(0xdb0c2e0d64f98fa7), UINT64_C(0x47b5481dbefa4fa4),
};

/* The SHA-512/t IVs are given in FIPS 180-4 section 5.3.6. */
static const uint64_t sha512_224_iv[8] = {
    UINT64_C(0x8c3d37c819544da2), UINT64_C(0x73e1996689dcd4d6),
    UINT64_C(0x1dfab7ae32ff9c82), UINT64_C(0x679dd514582f9fcf),
    UINT64_C(0x0f6d2b697bd44da8), UINT64_C(0x77e36f7304c48942),
    UINT64_C(0x3f9d85a86a1d36c8), UINT64_C(0x1112e6ad91d692a1),
};

static const uint64_t sha512_256_iv[8] = {
    UINT64_C(0x22312194fc2bf72c), UINT64_C(0x9f555fa3c84c64c2),
    UINT64_C(0x2393b86b6f53b151), UINT64_C(0x963877195940eabd),
    UINT64_C(0x96283ee2a88effe3), UINT64_C(0xbe5e1e2553863992),
    UINT64_C(0x2b0199fc2c85b8aa), UINT64_C(0x0eb72ddc81c52ca2),
};

static void sha512_start(armsha_sha512_ctx *ctx, const uint64_t iv[8], armsha_sha512_blocks_fn *blocks)
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->nbuf = 0;
    ctx->nbytes = 0;
    ctx->blocks = blocks;
}

void armsha_sha512_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks)
{
    sha512_start(ctx, sha512_iv, blocks);
}

void armsha_sha384_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks)
{
    sha512_start(ctx, sha384_iv, blocks);
}

void armsha_sha512_224_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks)
{
    sha512_start(ctx, sha512_224_iv, blocks);
}

void armsha_sha512_256_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks)
{
    sha512_start(ctx, sha512_256_iv, blocks);
}

static void sha512_compress(void *c, const uint8_t *data, size_t nblocks)
{
    armsha_sha512_ctx *ctx = c;

    ctx->blocks(ctx->h, data, nblocks);
}

/* The context's buffer and counters, for stream.h. */
static armsha_stream sha512_stream(armsha_sha512_ctx *ctx)
{
    armsha_stream s = {ctx, sha512_compress, ctx->buf, &ctx->nbuf, &ctx->nbytes, ARMSHA_SHA512_BLOCK_SIZE};

    return s;
}

int armsha_sha512_update(armsha_sha512_ctx *ctx, const void *data, size_t len)
{
    /* The standard allows 2^128 - 1 bits; the 64-bit byte counter is the real limit. */
    return armsha_stream_update(sha512_stream(ctx), UINT64_MAX, data, len);
}

void armsha_sha512_final(armsha_sha512_ctx *ctx, uint8_t *out, size_t outlen)
{
    size_t i;

    armsha_stream_pad(sha512_stream(ctx), 16);

    /* Whole words, then the top bytes of the next: SHA-512/224 ends mid-word. */
    for (i = 0; i < outlen / 8; i++)
        armsha_store_be64(out + 8 * i, ctx->h[i]);
    for (size_t j = 0; j < outlen % 8; j++)
        out[8 * i + j] = (uint8_t)(ctx->h[i] >> (56 - 8 * j));
}
