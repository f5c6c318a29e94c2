/* OpenSSL 4.0's EVP_MD_CTX_serialize/deserialize for the SHA-2 cores, in the bytes of the
 * default provider's own format, so that a state saved under one provider resumes under the
 * other. No OpenSSL types: the provider's dispatch functions (digests.c) wrap these. */
#ifndef ARMSHA_PROVIDER_DIGEST_SERIALIZE_H
#define ARMSHA_PROVIDER_DIGEST_SERIALIZE_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* "SHA256v1", md_len, num, h[8], Nl, Nh (the bit count), the block buffer: 120 bytes for
 * SHA-224 and SHA-256; "SHA512v1" ... with 64-bit words and a 128-byte buffer: 224 bytes
 * for SHA-384, SHA-512, SHA-512/224 and SHA-512/256. */
#define ARMSHA_SHA256_STATE_SIZE 120
#define ARMSHA_SHA512_STATE_SIZE 224

/* Writes ctx's state for a digest of md_len bytes; the buffer's bytes beyond the message's
 * tail are written as 0 (the default provider's SHA-256 keeps them 0; its SHA-512 may keep
 * bytes of an earlier block there, which no later step reads). */
void armsha_sha256_serialize(const armsha_sha256_ctx *ctx, size_t md_len,
                             uint8_t out[ARMSHA_SHA256_STATE_SIZE]);
void armsha_sha512_serialize(const armsha_sha512_ctx *ctx, size_t md_len,
                             uint8_t out[ARMSHA_SHA512_STATE_SIZE]);

/* Loads a state written by either provider for a digest of md_len bytes into ctx (its
 * kernel stays). Returns 0 and leaves ctx as it was when the blob is not one: another size,
 * magic or digest length, a tail of a block or more, or (where armsha's byte counter cannot
 * follow) a bit count that is not whole bytes or whose bytes disagree with the tail. */
int armsha_sha256_deserialize(armsha_sha256_ctx *ctx, size_t md_len, const uint8_t *in,
                              size_t inl);
int armsha_sha512_deserialize(armsha_sha512_ctx *ctx, size_t md_len, const uint8_t *in,
                              size_t inl);

#endif
