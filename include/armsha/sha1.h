/* SHA-1 streaming core: buffering, padding and the length counter around a block function. */
#ifndef ARMSHA_SHA1_H
#define ARMSHA_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define ARMSHA_SHA1_BLOCK_SIZE 64
#define ARMSHA_SHA1_DIGEST_SIZE 20

/* Compresses nblocks consecutive 64-byte blocks (any alignment) into state. */
typedef void armsha_sha1_blocks_fn(uint32_t state[5], const uint8_t *data, size_t nblocks);

/* Two independent chains in one call (PBKDF2's output blocks, src/pbkdf2.c): state[i]
 * compresses the one 64-byte block data[i] (any alignment), for i = 0 and 1. The lanes
 * are interleaved inside, so that each fills the other's latency gaps; the two states
 * must not overlap. */
typedef void armsha_sha1_x2_fn(uint32_t *const state[2], const uint8_t *const data[2]);

/* The same shape as the SHA-256 and SHA-512 contexts (see sha256.h for the contract). */
typedef struct armsha_sha1_ctx {
    uint32_t h[5];
    uint64_t nbytes;               /* bytes hashed so far; nbytes % 64 of them wait in buf */
    armsha_sha1_blocks_fn *blocks; /* kernel chosen by the caller (see cpu.h) */
    uint8_t buf[ARMSHA_SHA1_BLOCK_SIZE];
} armsha_sha1_ctx;

void armsha_sha1_init(armsha_sha1_ctx *ctx, const uint32_t iv[5], armsha_sha1_blocks_fn *blocks);
int armsha_sha1_update(armsha_sha1_ctx *ctx, const void *data, size_t len);
/* outlen <= ARMSHA_SHA1_DIGEST_SIZE. */
void armsha_sha1_final(armsha_sha1_ctx *ctx, uint8_t *out, size_t outlen);

/* The portable C block function: any C11 compiler, any CPU, any endianness. */
armsha_sha1_blocks_fn armsha_sha1_blocks_portable;

#endif
