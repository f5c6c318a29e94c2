/* The SHA-2 cores' state in the default provider's serialization format (OpenSSL 4.0):
 * learnt from the bytes its EVP_MD_CTX_serialize writes after known input, and from its
 * sha2_prov.c. Every integer is little-endian; the SHA-256 buffer is written as 16 words
 * of the machine's own order stored little-endian, as the default does with its data[]. */
#include "digest_serialize.h"

#include <string.h>

#include "wipe.h"

#define MAGIC_SIZE 8
static const char sha256_magic[MAGIC_SIZE + 1] = "SHA256v1";
static const char sha512_magic[MAGIC_SIZE + 1] = "SHA512v1";

static uint8_t *put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
    return p + 4;
}

static uint8_t *put64(uint8_t *p, uint64_t v)
{
    return put32(put32(p, (uint32_t)v), (uint32_t)(v >> 32));
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* Magic, digest length and tail length: where both families' blobs start alike. */
static uint8_t *put_header(uint8_t *p, const char *magic, size_t md_len, unsigned num)
{
    memcpy(p, magic, MAGIC_SIZE);
    return put32(put32(p + MAGIC_SIZE, (uint32_t)md_len), num);
}

void armsha_sha256_serialize(const armsha_sha256_ctx *ctx, size_t md_len,
                             uint8_t out[ARMSHA_SHA256_STATE_SIZE])
{
    uint8_t block[ARMSHA_SHA256_BLOCK_SIZE] = {0};
    unsigned num = (unsigned)(ctx->nbytes % ARMSHA_SHA256_BLOCK_SIZE);
    uint64_t bits = ctx->nbytes << 3; /* below 2^64: the core stops at 2^61 - 1 bytes */
    uint8_t *p = put_header(out, sha256_magic, md_len, num);

    for (int i = 0; i < 8; i++)
        p = put32(p, ctx->h[i]);
    p = put32(p, (uint32_t)bits);
    p = put32(p, (uint32_t)(bits >> 32));
    memcpy(block, ctx->buf, num);
    for (int i = 0; i < ARMSHA_SHA256_BLOCK_SIZE / 4; i++) {
        uint32_t w;

        memcpy(&w, block + 4 * i, 4);
        p = put32(p, w);
    }
    armsha_wipe(block, sizeof(block)); /* a message tail */
}

void armsha_sha512_serialize(const armsha_sha512_ctx *ctx, size_t md_len,
                             uint8_t out[ARMSHA_SHA512_STATE_SIZE])
{
    unsigned num = (unsigned)(ctx->nbytes % ARMSHA_SHA512_BLOCK_SIZE);
    uint8_t *p = put_header(out, sha512_magic, md_len, num);

    for (int i = 0; i < 8; i++)
        p = put64(p, ctx->h[i]);
    p = put64(p, ctx->nbytes << 3);  /* Nl: the low 64 bits of the 128-bit bit count */
    p = put64(p, ctx->nbytes >> 61); /* Nh */
    memcpy(p, ctx->buf, num);
    memset(p + num, 0, ARMSHA_SHA512_BLOCK_SIZE - num);
}

/* The checks both families share: size, magic, digest length, tail shorter than a block. */
static int header_ok(const uint8_t *in, size_t inl, size_t size, const char *magic,
                     size_t md_len, size_t block, unsigned *num)
{
    if (in == NULL || inl != size || memcmp(in, magic, MAGIC_SIZE) != 0
        || get32(in + MAGIC_SIZE) != md_len)
        return 0;
    *num = get32(in + MAGIC_SIZE + 4);
    return *num < block;
}

int armsha_sha256_deserialize(armsha_sha256_ctx *ctx, size_t md_len, const uint8_t *in,
                              size_t inl)
{
    const uint8_t *p = in + MAGIC_SIZE + 8;
    unsigned num;
    uint64_t bits;

    if (!header_ok(in, inl, ARMSHA_SHA256_STATE_SIZE, sha256_magic, md_len,
                   ARMSHA_SHA256_BLOCK_SIZE, &num))
        return 0;
    bits = (uint64_t)get32(p + 32) | (uint64_t)get32(p + 36) << 32;
    /* armsha counts bytes, the tail being their remainder: a state that says otherwise
     * describes no message armsha could have hashed (the default provider takes it). */
    if (bits % 8 != 0 || (bits >> 3) % ARMSHA_SHA256_BLOCK_SIZE != num)
        return 0;
    for (int i = 0; i < 8; i++)
        ctx->h[i] = get32(p + 4 * i);
    ctx->nbytes = bits >> 3;
    for (int i = 0; i < ARMSHA_SHA256_BLOCK_SIZE / 4; i++) {
        uint32_t w = get32(p + 40 + 4 * i);

        memcpy(ctx->buf + 4 * i, &w, 4);
    }
    return 1;
}

int armsha_sha512_deserialize(armsha_sha512_ctx *ctx, size_t md_len, const uint8_t *in,
                              size_t inl)
{
    const uint8_t *p = in + MAGIC_SIZE + 8;
    unsigned num;
    uint64_t lo, hi;

    if (!header_ok(in, inl, ARMSHA_SHA512_STATE_SIZE, sha512_magic, md_len,
                   ARMSHA_SHA512_BLOCK_SIZE, &num))
        return 0;
    lo = get64(p + 64);
    hi = get64(p + 72);
    /* As for SHA-256, and the byte count must fit the core's 64-bit counter. */
    if (lo % 8 != 0 || hi >> 3 != 0 || ((lo >> 3) | hi << 61) % ARMSHA_SHA512_BLOCK_SIZE != num)
        return 0;
    for (int i = 0; i < 8; i++)
        ctx->h[i] = get64(p + 8 * i);
    ctx->nbytes = (lo >> 3) | hi << 61;
    memcpy(ctx->buf, p + 80, ARMSHA_SHA512_BLOCK_SIZE);
    return 1;
}
