/* SHA-512, SHA-384, SHA-512/224 and SHA-512/256 streaming core: buffering, padding and
 * the length counter around a block function. */
#ifndef ARMSHA_SHA512_H
#define ARMSHA_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define ARMSHA_SHA512_BLOCK_SIZE 128
#define ARMSHA_SHA512_DIGEST_SIZE 64
#define ARMSHA_SHA384_DIGEST_SIZE 48
#define ARMSHA_SHA512_256_DIGEST_SIZE 32
#define ARMSHA_SHA512_224_DIGEST_SIZE 28

/* Compresses nblocks consecutive 128-byte blocks (any alignment) into state. */
typedef void armsha_sha512_blocks_fn(uint64_t state[8], const uint8_t *data, size_t nblocks);

/* Two independent chains in one call (PBKDF2's output blocks, src/pbkdf2.c): state[i]
 * compresses the one 128-byte block data[i] (any alignment), for i = 0 and 1. The lanes
 * are interleaved inside, so that each fills the other's latency gaps; the two states
 * must not overlap. */
typedef void armsha_sha512_x2_fn(uint64_t *const state[2], const uint8_t *const data[2]);

/* The same shape as the SHA-256 context (see sha256.h for the contract). */
typedef struct armsha_sha512_ctx {
    uint64_t h[8];
    uint64_t nbytes;                 /* bytes hashed so far; nbytes % 128 wait in buf. 2^64
                                      * bytes cannot be reached, so the 128-bit bit count
                                      * in the padding is nbytes * 8 without overflow */
    armsha_sha512_blocks_fn *blocks; /* kernel chosen by the caller (see cpu.h) */
    uint8_t buf[ARMSHA_SHA512_BLOCK_SIZE];
} armsha_sha512_ctx;

/* iv: SHA-512's, SHA-384's, SHA-512/224's or SHA-512/256's (see digests.h). */
void armsha_sha512_init(armsha_sha512_ctx *ctx, const uint64_t iv[8], armsha_sha512_blocks_fn *blocks);
/* Returns 0, hashing nothing, when the 64-bit byte counter would overflow. */
int armsha_sha512_update(armsha_sha512_ctx *ctx, const void *data, size_t len);
/* outlen <= 64: 64, 48, 32 or 28 for the four variants. */
void armsha_sha512_final(armsha_sha512_ctx *ctx, uint8_t *out, size_t outlen);

/* The portable C block function: any C11 compiler, any CPU, any endianness. */
armsha_sha512_blocks_fn armsha_sha512_blocks_portable;

#endif
