/* SHA-256 and SHA-224 streaming core: buffering, padding and the length counter around a block function. */
#ifndef ARMSHA_SHA256_H
#define ARMSHA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define ARMSHA_SHA256_BLOCK_SIZE 64
#define ARMSHA_SHA256_DIGEST_SIZE 32
#define ARMSHA_SHA224_DIGEST_SIZE 28

/* Compresses nblocks consecutive 64-byte blocks (any alignment) into state. */
typedef void armsha_sha256_blocks_fn(uint32_t state[8], const uint8_t *data, size_t nblocks);

/* Two independent chains in one call (PBKDF2's output blocks, src/pbkdf2.c): state[i]
 * compresses the one 64-byte block data[i] (any alignment), for i = 0 and 1. The lanes
 * are interleaved inside, so that each fills the other's latency gaps; the two states
 * must not overlap. */
typedef void armsha_sha256_x2_fn(uint32_t *const state[2], const uint8_t *const data[2]);

/* The three families' contexts have one shape: chaining state, byte counter, kernel,
 * one block of buffer. The number of buffered bytes is nbytes % block size. */
typedef struct armsha_sha256_ctx {
    uint32_t h[8];
    uint64_t nbytes;                 /* bytes hashed so far; nbytes % 64 of them wait in buf */
    armsha_sha256_blocks_fn *blocks; /* kernel chosen by the caller (see cpu.h) */
    uint8_t buf[ARMSHA_SHA256_BLOCK_SIZE];
} armsha_sha256_ctx;

/* Starts a message from iv (SHA-256's or SHA-224's, see digests.h). It does not clear the
 * buffer: a message abandoned without final leaves its last bytes there until the next
 * final, or until the caller wipes the context (the provider does, on re-init). */
void armsha_sha256_init(armsha_sha256_ctx *ctx, const uint32_t iv[8], armsha_sha256_blocks_fn *blocks);
/* Returns 0, hashing nothing, when the message would exceed 2^64 - 1 bits. data may be
 * NULL when len is 0. */
int armsha_sha256_update(armsha_sha256_ctx *ctx, const void *data, size_t len);
/* Writes the first outlen bytes of the digest: 32 for SHA-256, 28 for SHA-224. outlen
 * beyond 32 is a caller's error (an assertion in debug builds). Then wipes the whole
 * context (state, counter, buffer, kernel): no byte of the message or of the chaining
 * state stays behind, and the context must be initialised again before reuse. */
void armsha_sha256_final(armsha_sha256_ctx *ctx, uint8_t *out, size_t outlen);

/* The portable C block function: any C11 compiler, any CPU, any endianness. */
armsha_sha256_blocks_fn armsha_sha256_blocks_portable;

#endif
