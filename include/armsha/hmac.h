/* HMAC (RFC 2104, FIPS 198-1) over the streaming cores: the key's inner and outer chaining
 * states are computed once per key, so that each message costs its own blocks plus two. */
#ifndef ARMSHA_HMAC_H
#define ARMSHA_HMAC_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/digests.h"
#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

#define ARMSHA_HMAC_MAX_SIZE ARMSHA_SHA512_DIGEST_SIZE
#define ARMSHA_HMAC_MAX_BLOCK ARMSHA_SHA512_BLOCK_SIZE

/* The block function of the digest's family (the kernel chosen at load). */
typedef union armsha_blocks {
    armsha_sha1_blocks_fn *sha1;
    armsha_sha256_blocks_fn *sha256;
    armsha_sha512_blocks_fn *sha512;
} armsha_blocks;

/* The family's two-lane block function (armsha_kernels: sha1_x2 ...) for PBKDF2, or
 * NULL: the output blocks then run one at a time. */
typedef union armsha_x2 {
    armsha_sha1_x2_fn *sha1;
    armsha_sha256_x2_fn *sha256;
    armsha_sha512_x2_fn *sha512;
} armsha_x2;

/* A chaining state of any family: SHA-1 uses w32[0..4], SHA-256/224 w32, the SHA-512 family w64. */
typedef union armsha_hmac_state {
    uint32_t w32[8];
    uint64_t w64[8];
} armsha_hmac_state;

/* What a key leaves behind: the states after compressing key ^ ipad and key ^ opad. The key
 * itself is not kept. */
typedef struct armsha_hmac_key {
    unsigned md; /* enum armsha_digest_id */
    armsha_blocks blocks;
    armsha_hmac_state inner, outer;
} armsha_hmac_key;

typedef struct armsha_hmac_ctx {
    armsha_hmac_key key;
    union {
        armsha_sha1_ctx sha1;
        armsha_sha256_ctx sha256;
        armsha_sha512_ctx sha512;
    } hash; /* the running inner hash, then the outer one in final */
} armsha_hmac_ctx;

/* Output and block size in bytes of md (an enum armsha_digest_id). */
size_t armsha_hmac_size(unsigned md);
size_t armsha_hmac_block_size(unsigned md);

/* Computes k's two states for key (any length; NULL when keylen is 0). blocks must be
 * the family's block function. Returns 0 only when a key longer than a block is beyond
 * the digest's length limit. */
int armsha_hmac_key_init(armsha_hmac_key *k, unsigned md, armsha_blocks blocks,
                         const uint8_t *key, size_t keylen);

/* Starts a message under c->key (set it with armsha_hmac_key_init or by copying a key). */
void armsha_hmac_start(armsha_hmac_ctx *c);
/* Returns 0, hashing nothing, past the digest's length limit; data may be NULL when len is 0. */
int armsha_hmac_update(armsha_hmac_ctx *c, const void *data, size_t len);
/* Writes armsha_hmac_size(c->key.md) bytes and wipes the message state; the key's states
 * stay, so armsha_hmac_start may follow. */
void armsha_hmac_final(armsha_hmac_ctx *c, uint8_t *out);

/* Wipes everything, key states included. */
void armsha_hmac_wipe(armsha_hmac_ctx *c);
void armsha_hmac_key_wipe(armsha_hmac_key *k);

#endif
