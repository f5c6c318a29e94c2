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

typedef struct armsha_sha512_ctx {
    uint64_t h[8];
    uint64_t nbytes;                 /* bytes hashed so far, buffered ones included; 2^64
                                      * bytes cannot be reached, so the 128-bit bit count
                                      * in the padding is nbytes * 8 without overflow */
    uint32_t nbuf;                   /* bytes waiting in buf, always < 128 */
    armsha_sha512_blocks_fn *blocks; /* kernel chosen by the caller (see cpu.h) */
    uint8_t buf[ARMSHA_SHA512_BLOCK_SIZE];
} armsha_sha512_ctx;

void armsha_sha512_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks);
void armsha_sha384_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks);
void armsha_sha512_224_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks);
void armsha_sha512_256_init(armsha_sha512_ctx *ctx, armsha_sha512_blocks_fn *blocks);
/* Returns 0, hashing nothing, when the 64-bit byte counter would overflow. data may be
 * NULL when len is 0. */
int armsha_sha512_update(armsha_sha512_ctx *ctx, const void *data, size_t len);
/* Writes the first outlen bytes of the digest (outlen <= 64): 64, 48, 32 or 28 for
 * the four variants. The context must be initialised again before reuse. */
void armsha_sha512_final(armsha_sha512_ctx *ctx, uint8_t *out, size_t outlen);

/* The portable C block function: any C11 compiler, any CPU, any endianness. */
armsha_sha512_blocks_fn armsha_sha512_blocks_portable;

#endif
