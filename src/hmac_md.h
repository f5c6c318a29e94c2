/* What HMAC and PBKDF2 need from the streaming cores: a hash of any of the seven digests
 * started from its IV or from a key's chaining state, updated, and finished. */
#ifndef ARMSHA_HMAC_MD_H
#define ARMSHA_HMAC_MD_H

#include <string.h>

#include "armsha/digests.h"
#include "armsha/hmac.h"

/* Starts c's hash of md from st as if one block had been hashed (st NULL: from md's IV,
 * nothing hashed). */
static inline void armsha_hmac_md_start(armsha_hmac_ctx *c, unsigned md, armsha_blocks blocks,
                                        const armsha_hmac_state *st)
{
    const armsha_digest_info *d = &armsha_digests[md];

    switch (d->family) {
    case ARMSHA_SHA1:
        armsha_sha1_init(&c->hash.sha1, st != NULL ? st->w32 : d->iv32, blocks.sha1);
        c->hash.sha1.nbytes = st != NULL ? ARMSHA_SHA1_BLOCK_SIZE : 0;
        break;
    case ARMSHA_SHA256:
        armsha_sha256_init(&c->hash.sha256, st != NULL ? st->w32 : d->iv32, blocks.sha256);
        c->hash.sha256.nbytes = st != NULL ? ARMSHA_SHA256_BLOCK_SIZE : 0;
        break;
    default:
        armsha_sha512_init(&c->hash.sha512, st != NULL ? st->w64 : d->iv64, blocks.sha512);
        c->hash.sha512.nbytes = st != NULL ? ARMSHA_SHA512_BLOCK_SIZE : 0;
        break;
    }
}

static inline int armsha_hmac_md_update(armsha_hmac_ctx *c, unsigned md, const void *data,
                                        size_t len)
{
    switch (armsha_digests[md].family) {
    case ARMSHA_SHA1:
        return armsha_sha1_update(&c->hash.sha1, data, len);
    case ARMSHA_SHA256:
        return armsha_sha256_update(&c->hash.sha256, data, len);
    default:
        return armsha_sha512_update(&c->hash.sha512, data, len);
    }
}

/* Writes md's digest; the core's final wipes the hash state. */
static inline void armsha_hmac_md_final(armsha_hmac_ctx *c, unsigned md, uint8_t *out)
{
    size_t ds = armsha_digests[md].digest_size;

    switch (armsha_digests[md].family) {
    case ARMSHA_SHA1:
        armsha_sha1_final(&c->hash.sha1, out, ds);
        break;
    case ARMSHA_SHA256:
        armsha_sha256_final(&c->hash.sha256, out, ds);
        break;
    default:
        armsha_sha512_final(&c->hash.sha512, out, ds);
        break;
    }
}

#endif
