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

typedef struct armsha_sha256_ctx {
    uint32_t h[8];
    uint32_t nbuf;                   /* bytes waiting in buf, always < 64 */
    uint64_t nbytes;                 /* bytes hashed so far, buffered ones included */
    armsha_sha256_blocks_fn *blocks; /* kernel chosen by the caller (see cpu.h) */
    uint8_t buf[ARMSHA_SHA256_BLOCK_SIZE];
} armsha_sha256_ctx;

void armsha_sha256_init(armsha_sha256_ctx *ctx, armsha_sha256_blocks_fn *blocks);
void armsha_sha224_init(armsha_sha256_ctx *ctx, armsha_sha256_blocks_fn *blocks);
/* Returns 0, hashing nothing, when the message would exceed 2^64 - 1 bits. data may be
 * NULL when len is 0. */
int armsha_sha256_update(armsha_sha256_ctx *ctx, const void *data, size_t len);
/* Writes the first outlen bytes of the digest: 32 for SHA-256, 28 for SHA-224
 * (outlen <= 32). The context must be initialised again before reuse. */
void armsha_sha256_final(armsha_sha256_ctx *ctx, uint8_t *out, size_t outlen);

/* The portable C block function: any C11 compiler, any CPU, any endianness. */
armsha_sha256_blocks_fn armsha_sha256_blocks_portable;

#endif
