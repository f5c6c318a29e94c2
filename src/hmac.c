/* HMAC over the streaming cores: key states once per key, then a message is its own blocks
 * plus the inner and outer final. */
#include "armsha/hmac.h"

#include <string.h>

#include "hmac_md.h"
#include "wipe.h"

size_t armsha_hmac_size(unsigned md)
{
    return armsha_digests[md].digest_size;
}

size_t armsha_hmac_block_size(unsigned md)
{
    return armsha_digests[md].block_size;
}

/* Chaining state after one block from md's IV. */
static void state_after_block(unsigned md, armsha_blocks blocks, const uint8_t *block,
                              armsha_hmac_state *st)
{
    const armsha_digest_info *d = &armsha_digests[md];

    memset(st, 0, sizeof(*st)); /* SHA-1 leaves words unused */
    switch (d->family) {
    case ARMSHA_SHA1:
        memcpy(st->w32, d->iv32, 5 * sizeof(uint32_t));
        blocks.sha1(st->w32, block, 1);
        break;
    case ARMSHA_SHA256:
        memcpy(st->w32, d->iv32, 8 * sizeof(uint32_t));
        blocks.sha256(st->w32, block, 1);
        break;
    default:
        memcpy(st->w64, d->iv64, 8 * sizeof(uint64_t));
        blocks.sha512(st->w64, block, 1);
        break;
    }
}

int armsha_hmac_key_init(armsha_hmac_key *k, unsigned md, armsha_blocks blocks,
                         const uint8_t *key, size_t keylen)
{
    size_t bs = armsha_digests[md].block_size;
    uint8_t block[ARMSHA_HMAC_MAX_BLOCK];
    int ok = 1;

    k->md = md;
    k->blocks = blocks;
    memset(block, 0, sizeof(block));
    if (keylen > bs) {
        /* RFC 2104: a key longer than a block is replaced by its digest. */
        armsha_hmac_ctx c;

        armsha_hmac_md_start(&c, md, blocks, NULL);
        ok = armsha_hmac_md_update(&c, md, key, keylen);
        armsha_hmac_md_final(&c, md, block);
    } else if (keylen != 0) {
        memcpy(block, key, keylen);
    }
    for (size_t i = 0; i < bs; i++)
        block[i] ^= 0x36;
    state_after_block(md, blocks, block, &k->inner);
    for (size_t i = 0; i < bs; i++)
        block[i] ^= 0x36 ^ 0x5c;
    state_after_block(md, blocks, block, &k->outer);
    armsha_wipe(block, sizeof(block));
    return ok;
}

void armsha_hmac_start(armsha_hmac_ctx *c)
{
    armsha_hmac_md_start(c, c->key.md, c->key.blocks, &c->key.inner);
}

int armsha_hmac_update(armsha_hmac_ctx *c, const void *data, size_t len)
{
    return armsha_hmac_md_update(c, c->key.md, data, len);
}

void armsha_hmac_final(armsha_hmac_ctx *c, uint8_t *out)
{
    unsigned md = c->key.md;
    size_t ds = armsha_digests[md].digest_size;
    uint8_t inner[ARMSHA_HMAC_MAX_SIZE];

    armsha_hmac_md_final(c, md, inner);
    armsha_hmac_md_start(c, md, c->key.blocks, &c->key.outer);
    /* One digest after one block: far from any length limit. */
    armsha_hmac_md_update(c, md, inner, ds);
    armsha_hmac_md_final(c, md, out);
    armsha_wipe(inner, sizeof(inner));
}

void armsha_hmac_key_wipe(armsha_hmac_key *k)
{
    armsha_wipe(k, sizeof(*k));
}

void armsha_hmac_wipe(armsha_hmac_ctx *c)
{
    armsha_wipe(c, sizeof(*c));
}
