/* PBKDF2-HMAC over the block functions: U_1 through the HMAC core, then every further
 * iteration is two compressions of one pre-padded block from the key's two states. With a
 * two-lane block function, the output blocks' chains (independent of one another) run two
 * at a time, each call compressing one block of each; an odd last block runs alone. */
#include "armsha/pbkdf2.h"

#include <string.h>

#include "byteorder.h"
#include "hmac_md.h"
#include "wipe.h"
#if defined(ARMSHA_ARM64_KERNELS)
#include "arm64/kernels.h"
#endif
#if defined(ARMSHA_ARM32_KERNELS)
#include "arm32/kernels.h"
#endif

/* Everything one derivation touches, in one place so that one wipe clears it. */
typedef struct pbkdf2_work {
    armsha_hmac_ctx hmac;          /* key states, and the hash for U_1 */
    armsha_hmac_state s[2];        /* per lane: the running inner, then outer, state */
    armsha_hmac_state t[2];        /* T_i: the XOR of all U_j, as words */
    uint8_t block[2][ARMSHA_HMAC_MAX_BLOCK]; /* U_j, then its padding: the next message block */
} pbkdf2_work;

/* The first ds bytes of a state as the digest writes them (big-endian words). */
static void store32(uint8_t *out, const uint32_t *w, size_t ds)
{
    size_t i;

    for (i = 0; i < ds / 4; i++)
        armsha_store_be32(out + 4 * i, w[i]);
}

static void store64(uint8_t *out, const uint64_t *w, size_t ds)
{
    size_t i;

    for (i = 0; i < ds / 8; i++)
        armsha_store_be64(out + 8 * i, w[i]);
    /* SHA-512/224 ends mid-word. */
    for (size_t j = 0; j < ds % 8; j++)
        out[8 * i + j] = (uint8_t)(w[i] >> (56 - 8 * j));
}

/* Iterations 2..iter for the 32-bit families. The inner and outer messages are both one
 * digest long after one key block, so one padded block serves both: only its first ds
 * bytes change. w: 5 or 8 state words. */
static void iterate32(pbkdf2_work *wk, armsha_sha256_blocks_fn *blocks, size_t ds, size_t w,
                      uint64_t iter)
{
    const uint32_t *in = wk->hmac.key.inner.w32, *out = wk->hmac.key.outer.w32;
    uint32_t *s = wk->s[0].w32, *t = wk->t[0].w32;

    for (uint64_t j = 1; j < iter; j++) {
        memcpy(s, in, 8 * sizeof(uint32_t));
        blocks(s, wk->block[0], 1);
        store32(wk->block[0], s, ds);
        memcpy(s, out, 8 * sizeof(uint32_t));
        blocks(s, wk->block[0], 1);
        store32(wk->block[0], s, ds);
        for (size_t i = 0; i < w; i++)
            t[i] ^= s[i];
    }
}

/* The same on both lanes at once (SHA-1's two-lane function has this type too). */
static void iterate32_x2(pbkdf2_work *wk, armsha_sha256_x2_fn *x2, size_t ds, size_t w,
                         uint64_t iter)
{
    const uint32_t *in = wk->hmac.key.inner.w32, *out = wk->hmac.key.outer.w32;
    uint32_t *const s[2] = {wk->s[0].w32, wk->s[1].w32};
    const uint8_t *const blk[2] = {wk->block[0], wk->block[1]};

#if defined(ARMSHA_ARM64_KERNELS)
    /* The two-lane SHA-1 and SHA-256 kernels have entries that run the whole loop of both
     * lanes inside them (as the SHA-512 ones do): U, T and the messages stay in their
     * registers, no state copies, byte-swapping stores or calls an iteration. U_1 is T. */
    if (x2 == armsha_sha1_x2_armv8 || x2 == armsha_sha256_x2_armv8) {
        uint32_t *const t[2] = {wk->t[0].w32, wk->t[1].w32};
        const uint32_t *const u[2] = {t[0], t[1]};

        if (x2 == armsha_sha1_x2_armv8)
            armsha_sha1_pbkdf2_x2_armv8(in, out, u, t, iter - 1);
        else
            armsha_sha256_pbkdf2_x2_armv8(in, out, u, t, ds, iter - 1);
        return;
    }
#endif
#if defined(ARMSHA_ARM32_KERNELS)
    /* The two-lane AArch32 SHA-1 and SHA-256 kernels' entries run the whole loop of both
     * lanes inside them, as iterate64_x2's SHA-512 case: no state copies, byte-swapping
     * stores or calls an iteration. U_1 is T, passed as a copy: these entries read u while
     * they write t, and do not take them as one (kernels.h). */
    if (x2 == armsha_sha1_x2_aarch32 || x2 == armsha_sha256_x2_aarch32) {
        const uint32_t *const u1[2] = {s[0], s[1]};
        uint32_t *const t[2] = {wk->t[0].w32, wk->t[1].w32};

        memcpy(s[0], t[0], 8 * sizeof(uint32_t));
        memcpy(s[1], t[1], 8 * sizeof(uint32_t));
        if (x2 == armsha_sha1_x2_aarch32)
            armsha_sha1_pbkdf2_x2_aarch32(in, out, u1, t, iter - 1);
        else
            armsha_sha256_pbkdf2_x2_aarch32(in, out, u1, t, ds, iter - 1);
        return;
    }
#endif
    for (uint64_t j = 1; j < iter; j++) {
        memcpy(s[0], in, 8 * sizeof(uint32_t));
        memcpy(s[1], in, 8 * sizeof(uint32_t));
        x2(s, blk);
        store32(wk->block[0], s[0], ds);
        store32(wk->block[1], s[1], ds);
        memcpy(s[0], out, 8 * sizeof(uint32_t));
        memcpy(s[1], out, 8 * sizeof(uint32_t));
        x2(s, blk);
        store32(wk->block[0], s[0], ds);
        store32(wk->block[1], s[1], ds);
        for (size_t i = 0; i < w; i++) {
            wk->t[0].w32[i] ^= s[0][i];
            wk->t[1].w32[i] ^= s[1][i];
        }
    }
}

static void iterate64(pbkdf2_work *wk, armsha_sha512_blocks_fn *blocks, size_t ds, uint64_t iter)
{
    const uint64_t *in = wk->hmac.key.inner.w64, *out = wk->hmac.key.outer.w64;
    uint64_t *s = wk->s[0].w64, *t = wk->t[0].w64;

#if defined(ARMSHA_ARM64_KERNELS)
    /* The SHA512H kernel has an entry that runs the whole loop with U and T in its
     * registers: no state copies, byte-swapping stores or calls an iteration. U_1 is T. */
    if (blocks == armsha_sha512_blocks_armv8) {
        memcpy(s, t, 8 * sizeof(uint64_t));
        armsha_sha512_pbkdf2_armv8(in, out, s, t, ds, iter - 1);
        return;
    }
#endif
    for (uint64_t j = 1; j < iter; j++) {
        memcpy(s, in, 8 * sizeof(uint64_t));
        blocks(s, wk->block[0], 1);
        store64(wk->block[0], s, ds);
        memcpy(s, out, 8 * sizeof(uint64_t));
        blocks(s, wk->block[0], 1);
        store64(wk->block[0], s, ds);
        for (size_t i = 0; i < 8; i++)
            t[i] ^= s[i];
    }
}

static void iterate64_x2(pbkdf2_work *wk, armsha_sha512_x2_fn *x2, size_t ds, uint64_t iter)
{
    const uint64_t *in = wk->hmac.key.inner.w64, *out = wk->hmac.key.outer.w64;
    uint64_t *const s[2] = {wk->s[0].w64, wk->s[1].w64};
    const uint8_t *const blk[2] = {wk->block[0], wk->block[1]};

#if defined(ARMSHA_ARM64_KERNELS)
    /* The two-lane SHA512H kernel's entry runs the whole loop of both lanes inside it, as
     * the one-lane kernel's does for one: U and the messages stay in its registers, no
     * state copies, byte-swapping stores or calls an iteration. U_1 is T. */
    if (x2 == armsha_sha512_x2_armv8) {
        uint64_t *const t[2] = {wk->t[0].w64, wk->t[1].w64};

        memcpy(s[0], t[0], 8 * sizeof(uint64_t));
        memcpy(s[1], t[1], 8 * sizeof(uint64_t));
        armsha_sha512_pbkdf2_x2_armv8(in, out, s, t, ds, iter - 1);
        return;
    }
#endif
    for (uint64_t j = 1; j < iter; j++) {
        memcpy(s[0], in, 8 * sizeof(uint64_t));
        memcpy(s[1], in, 8 * sizeof(uint64_t));
        x2(s, blk);
        store64(wk->block[0], s[0], ds);
        store64(wk->block[1], s[1], ds);
        memcpy(s[0], out, 8 * sizeof(uint64_t));
        memcpy(s[1], out, 8 * sizeof(uint64_t));
        x2(s, blk);
        store64(wk->block[0], s[0], ds);
        store64(wk->block[1], s[1], ds);
        for (size_t i = 0; i < 8; i++) {
            wk->t[0].w64[i] ^= s[0][i];
            wk->t[1].w64[i] ^= s[1][i];
        }
    }
}

/* The padding of a message of one block plus ds bytes, after U in the first ds bytes. */
static void pad_block(uint8_t *block, size_t bs, size_t ds)
{
    uint64_t bits = (uint64_t)(bs + ds) * 8;

    memset(block + ds, 0, bs - ds);
    block[ds] = 0x80;
    armsha_store_be64(block + bs - 8, bits); /* SHA-512's 16-byte length: high half 0 */
}

/* U_1 = HMAC(P, S || INT(i)) into lane l's block, padded, and as words into its T. */
static int first_u(pbkdf2_work *wk, const armsha_digest_info *mi, const uint8_t *salt,
                   size_t saltlen, uint32_t i, size_t l)
{
    uint8_t ibe[4];

    armsha_store_be32(ibe, i);
    armsha_hmac_start(&wk->hmac);
    if (!armsha_hmac_update(&wk->hmac, salt, saltlen))
        return 0;
    armsha_hmac_update(&wk->hmac, ibe, sizeof(ibe));
    armsha_hmac_final(&wk->hmac, wk->block[l]);
    pad_block(wk->block[l], mi->block_size, mi->digest_size);
    for (size_t k = 0; k < 8; k++) {
        if (mi->family == ARMSHA_SHA512)
            wk->t[l].w64[k] = armsha_load_be64(wk->block[l] + 8 * k);
        else
            wk->t[l].w32[k] = armsha_load_be32(wk->block[l] + 4 * k);
    }
    return 1;
}

int armsha_pbkdf2_hmac(unsigned md, armsha_blocks blocks, armsha_x2 x2, const uint8_t *pass,
                       size_t passlen, const uint8_t *salt, size_t saltlen, uint64_t iter,
                       uint8_t *out, size_t outlen)
{
    const armsha_digest_info *mi = &armsha_digests[md];
    size_t ds = mi->digest_size;
    pbkdf2_work wk;
    uint32_t i = 1;
    int ok = 1;
    /* Members of a union of function pointers: any one tells whether there is one. */
    const int two = x2.sha256 != NULL;

    if (iter == 0 || outlen / ds >= UINT32_MAX)
        return 0;
    if (!armsha_hmac_key_init(&wk.hmac.key, md, blocks, pass, passlen))
        ok = 0;
    while (ok && outlen != 0) {
        /* Two blocks when two are left to make, at least in part. */
        const size_t lanes = two && outlen > ds ? 2 : 1;

        for (size_t l = 0; l < lanes && ok; l++)
            ok = first_u(&wk, mi, salt, saltlen, i + (uint32_t)l, l);
        if (!ok)
            break;
        if (mi->family == ARMSHA_SHA512) {
            if (lanes == 2)
                iterate64_x2(&wk, x2.sha512, ds, iter);
            else
                iterate64(&wk, blocks.sha512, ds, iter);
        } else {
            size_t w = mi->family == ARMSHA_SHA1 ? 5 : 8;

            if (lanes == 2)
                iterate32_x2(&wk, mi->family == ARMSHA_SHA1 ? x2.sha1 : x2.sha256, ds, w, iter);
            else
                iterate32(&wk, mi->family == ARMSHA_SHA1 ? blocks.sha1 : blocks.sha256, ds, w,
                          iter);
        }
        for (size_t l = 0; l < lanes; l++) {
            size_t n = outlen < ds ? outlen : ds;

            if (mi->family == ARMSHA_SHA512)
                store64(wk.block[l], wk.t[l].w64, ds);
            else
                store32(wk.block[l], wk.t[l].w32, ds);
            memcpy(out, wk.block[l], n);
            out += n;
            outlen -= n;
            i++;
        }
    }
    armsha_wipe(&wk, sizeof(wk));
    return ok;
}
