/* HMAC as an EVP_MAC with the default provider's parameters and behaviour: the seven SHA
 * digests on armsha's core, any other digest (and the TLS CBC record MAC) handed to the
 * default provider's HMAC in the child library context. */
#include "mac_kdf.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "armsha/hmac.h"
#include "errors.h"
#include "md_select.h"
#include "params.h"
#include "provctx.h"

/* Which implementation the key went to (the default's HMAC_CTX keeps its digest from the
 * last key, whatever "digest" says since: so does this).
 * IMPL_NOINIT: "digest-noinit" was set non-zero. OpenSSL's HMAC_CTX then never initialises
 * its digest contexts: keying fails, update and final fail, and a re-init without a key
 * succeeds once a digest was named (noinit_md). That final, and freeing such a context,
 * crash OpenSSL 3.0's own HMAC (a NULL or twice-freed digest context); armsha refuses. */
enum impl { IMPL_NONE, IMPL_FAST, IMPL_FALLBACK, IMPL_NOINIT };

typedef struct hmac_ctx {
    const armsha_provctx *pc;
    armsha_md_sel sel;     /* the digest the parameters chose */
    enum impl impl;
    int active;            /* IMPL_FAST: between init and final */
    armsha_hmac_ctx core;  /* IMPL_FAST: key states and the running hash */
    EVP_MAC_CTX *fb;       /* IMPL_FALLBACK: the default provider's HMAC */
    armsha_secret key;     /* a copy, as the default keeps one (a TLS MAC or a switch needs it) */
    size_t tls_data_size;
    int oneshot;           /* "digest-oneshot" set non-zero: handed to the default's HMAC */
    int noinit_md;         /* IMPL_NOINIT: the default's HMAC_CTX would have a digest */
} hmac_ctx;

static void *hmac_newctx(void *provctx)
{
    hmac_ctx *ctx = armsha_zalloc(provctx, sizeof(*ctx));

    if (ctx == NULL) {
        armsha_raise(provctx, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for an HMAC context",
                     sizeof(hmac_ctx));
        return NULL;
    }
    ctx->pc = provctx;
    return ctx;
}

static void hmac_freectx(void *vctx)
{
    hmac_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    armsha_secret_clear(ctx->pc, &ctx->key);
    EVP_MAC_CTX_free(ctx->fb);
    armsha_md_sel_reset(ctx->pc, &ctx->sel);
    armsha_clear_free(ctx->pc, ctx, sizeof(*ctx));
}

static void *hmac_dupctx(void *vsrc)
{
    const hmac_ctx *src = vsrc;
    hmac_ctx *dst = armsha_malloc(src->pc, sizeof(*dst));

    if (dst == NULL) {
        armsha_raise(src->pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for an HMAC context",
                     sizeof(*dst));
        return NULL;
    }
    *dst = *src;
    dst->key.data = NULL;
    dst->fb = NULL;
    memset(&dst->sel, 0, sizeof(dst->sel));
    if (!armsha_md_sel_copy(src->pc, &dst->sel, &src->sel) || !armsha_secret_dup(src->pc, &dst->key, &src->key))
        goto err;
    if (src->fb != NULL && (dst->fb = EVP_MAC_CTX_dup(src->fb)) == NULL)
        goto err;
    return dst;
err:
    armsha_raise(src->pc, ARMSHA_R_OUT_OF_MEMORY, "copying an HMAC context");
    hmac_freectx(dst);
    return NULL;
}

/* The properties the default's HMAC fetches its digest with: props, or with none named on a
 * one-shot HMAC the default provider's own digest (what a one-shot HMAC gives after several
 * updates depends on the digest's code: the default provider's then, as the default's HMAC
 * alone would have it). A re-key without a key must fetch as the key did: the default's HMAC
 * refuses a digest it takes for another one (rekey_same_digest). */
static const char *fallback_props(const hmac_ctx *ctx, const char *props)
{
    return props == NULL && ctx->oneshot ? ARMSHA_FALLBACK_PROPS : props;
}

/* For a foreign core (armsha_hmac_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static void *hmac_dupctx_relayed(void *vsrc)
{
    void *r = hmac_dupctx(vsrc);

    armsha_relay_errors();
    return r;
}

/* Keys the default provider's HMAC with digest name (and props) in the child library
 * context, with the parameters this context has collected. */
static int fallback_key(hmac_ctx *ctx, const char *name, const char *props,
                        const unsigned char *key, size_t keylen)
{
    int one = 1;
    OSSL_PARAM params[6], *p = params;

    if (ctx->fb == NULL) {
        EVP_MAC *mac = armsha_fallback_mac(ctx->pc);

        if (mac == NULL)
            return 0;
        ctx->fb = EVP_MAC_CTX_new(mac);
        EVP_MAC_free(mac);
        if (ctx->fb == NULL)
            return 0;
    }
    if (name != NULL) {
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)name, 0);
        props = fallback_props(ctx, props);
    }
    if (name != NULL && props != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props, 0);
#ifdef OSSL_ALG_PARAM_ENGINE
    if (name != NULL && ctx->sel.engine != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_ALG_PARAM_ENGINE, ctx->sel.engine, 0);
#endif
    if (ctx->oneshot)
        *p++ = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, &one);
    if (ctx->tls_data_size != 0)
        *p++ = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &ctx->tls_data_size);
    *p = OSSL_PARAM_construct_end();
    ctx->impl = IMPL_FALLBACK;
    ctx->active = 0;
    armsha_hmac_wipe(&ctx->core);
    /* OpenSSL 4.0's HMAC keyed with properties it cannot parse succeeds and leaves the parse
     * error: armsha_md_sel_load raised it already when it fetched the digest. */
    if (props != NULL && armsha_openssl_at_least(ctx->pc, 4, 0)) {
        int ok;

        armsha_err_set_mark(ctx->pc);
        ok = EVP_MAC_init(ctx->fb, key, keylen, params);
        if (ok)
            armsha_err_pop_to_mark(ctx->pc);
        else
            armsha_err_clear_last_mark(ctx->pc);
        return ok;
    }
    return EVP_MAC_init(ctx->fb, key, keylen, params);
}

/* Whether the digest the parameters chose runs on armsha's core. An engine, a TLS MAC and
 * "digest-oneshot" go to the default provider's HMAC: with EVP_MD_CTX_FLAG_ONESHOT and more
 * than one update OpenSSL's HMAC gives neither the MAC of the message nor of the last
 * update, and that is what the default provider answers. */
static int chosen_fast(const hmac_ctx *ctx)
{
    return ctx->sel.fast && ctx->tls_data_size == 0 && ctx->sel.engine == NULL && !ctx->oneshot;
}

/* IMPL_FAST: whether the running message has bytes yet (start hashes the key's block). */
static int message_started(const hmac_ctx *ctx)
{
    const armsha_hmac_ctx *c = &ctx->core;

    if (c->key.md == ARMSHA_DIGEST_SHA1)
        return c->hash.sha1.nbytes != ARMSHA_SHA1_BLOCK_SIZE;
    if (c->key.md == ARMSHA_DIGEST_SHA224 || c->key.md == ARMSHA_DIGEST_SHA256)
        return c->hash.sha256.nbytes != ARMSHA_SHA256_BLOCK_SIZE;
    return c->hash.sha512.nbytes != ARMSHA_SHA512_BLOCK_SIZE;
}

/* The default's HMAC_Init_ex with a NULL key: the old key again while the digest is the one
 * of that key; refused without a key or with another digest. */
static int rekey_same_digest(hmac_ctx *ctx)
{
    switch (ctx->impl) {
    case IMPL_FAST:
        if (!chosen_fast(ctx) || ctx->sel.md != ctx->core.key.md)
            return 0;
        armsha_hmac_start(&ctx->core);
        ctx->active = 1;
        return 1;
    case IMPL_FALLBACK: {
        /* The fallback tells its own digest from the one named (its fetch and its
         * HMAC_CTX decide "the same" as the default's do). */
        OSSL_PARAM params[4], *p = params;
        const char *props = fallback_props(ctx, ctx->sel.props);

        if (chosen_fast(ctx))
            return 0;
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                (char *)armsha_md_sel_name(&ctx->sel), 0);
        if (props != NULL)
            *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props, 0);
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0);
        *p = OSSL_PARAM_construct_end();
        return EVP_MAC_CTX_set_params(ctx->fb, params);
    }
    default:
        return 0;
    }
}

/* The default's hmac_setkey: keep a copy, then key the digest the parameters chose (or,
 * with none chosen, the one of the last key). A NULL key means "no new key". */
static int setkey(hmac_ctx *ctx, const unsigned char *key, size_t keylen)
{
    if (key == NULL && keylen != 0) {
        /* The default provider copies keylen bytes from NULL. */
        armsha_raise(ctx->pc, ARMSHA_R_NULL_BUFFER, "HMAC key is NULL but its length is %zu",
                     keylen);
        return 0;
    }
    if (!armsha_secret_set(ctx->pc, &ctx->key, key, keylen))
        return 0;
    /* As the default ("HMAC_Init_ex doesn't tolerate all zero params"): a NULL key without
     * a digest, or for a TLS MAC, is only kept. */
    if (key == NULL && (ctx->tls_data_size != 0 || !ctx->sel.set))
        return 1;
    if (ctx->impl == IMPL_NOINIT) {
        /* HMAC_Init_ex takes the digest, then fails to initialise it. */
        if (ctx->sel.set)
            ctx->noinit_md = 1;
        return key == NULL && ctx->noinit_md;
    }
    if (key == NULL)
        return rekey_same_digest(ctx);

    if (!ctx->sel.set) {
        if (ctx->impl == IMPL_FALLBACK)
            return fallback_key(ctx, NULL, NULL, key, keylen);
        if (ctx->impl == IMPL_NONE)
            return 0;
    } else if (!chosen_fast(ctx)) {
        return fallback_key(ctx, armsha_md_sel_name(&ctx->sel), ctx->sel.props, key, keylen);
    } else {
        ctx->core.key.md = ctx->sel.md;
    }
    EVP_MAC_CTX_free(ctx->fb);
    ctx->fb = NULL;
    ctx->impl = IMPL_FAST;
    if (!armsha_hmac_key_init(&ctx->core.key, ctx->core.key.md,
                              armsha_md_blocks(ctx->pc, ctx->core.key.md), key, keylen)) {
        armsha_raise(ctx->pc, ARMSHA_R_MESSAGE_TOO_LONG, "HMAC key of %zu bytes", keylen);
        ctx->impl = IMPL_NONE;
        return 0;
    }
    armsha_hmac_start(&ctx->core);
    ctx->active = 1;
    return 1;
}

static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int hmac_init(void *vctx, const unsigned char *key, size_t keylen,
                     const OSSL_PARAM params[])
{
    hmac_ctx *ctx = vctx;

    if (!hmac_set_ctx_params(ctx, params))
        return 0;
    if (key != NULL)
        return setkey(ctx, key, keylen);
    /* Again with the last key. */
    switch (ctx->impl) {
    case IMPL_FAST:
        armsha_hmac_start(&ctx->core);
        ctx->active = 1;
        return 1;
    case IMPL_FALLBACK:
        return EVP_MAC_init(ctx->fb, NULL, 0, NULL);
    case IMPL_NOINIT:
        return ctx->noinit_md;
    default:
        return 0;
    }
}

/* For a foreign core (armsha_hmac_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int hmac_init_relayed(void *vctx, const unsigned char *key, size_t keylen,
                     const OSSL_PARAM params[])
{
    int ok = hmac_init(vctx, key, keylen, params);

    armsha_relay_errors();
    return ok;
}

COLD static int refuse_inactive(const hmac_ctx *ctx)
{
    armsha_raise(ctx->pc, ARMSHA_R_MAC_NOT_ACTIVE, "HMAC-%s",
                 armsha_digests[ctx->core.key.md].name);
    return 0;
}

static int hmac_update(void *vctx, const unsigned char *in, size_t inl)
{
    hmac_ctx *ctx = vctx;

    if (ctx->impl == IMPL_FAST) {
        if (!ctx->active)
            return refuse_inactive(ctx);
        if (inl == 0)
            return 1;
        if (in == NULL) {
            armsha_raise(ctx->pc, ARMSHA_R_NULL_BUFFER, "HMAC input is NULL but its length is not 0");
            return 0;
        }
        if (armsha_hmac_update(&ctx->core, in, inl))
            return 1;
        armsha_raise(ctx->pc, ARMSHA_R_MESSAGE_TOO_LONG, "HMAC-%s",
                     armsha_digests[ctx->core.key.md].name);
        return 0;
    }
    if (ctx->impl == IMPL_FALLBACK)
        return EVP_MAC_update(ctx->fb, in, inl);
    return 0;
}

static int hmac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    hmac_ctx *ctx = vctx;

    if (ctx->impl == IMPL_FAST) {
        size_t n = armsha_hmac_size(ctx->core.key.md);

        if (!ctx->active)
            return refuse_inactive(ctx);
        if (out == NULL || outsize < n) {
            armsha_raise(ctx->pc, ARMSHA_R_OUTPUT_TOO_SMALL, "HMAC-%s needs %zu bytes, got %zu",
                         armsha_digests[ctx->core.key.md].name, n, out == NULL ? 0 : outsize);
            return 0;
        }
        armsha_hmac_final(&ctx->core, out);
        ctx->active = 0;
        if (outl != NULL)
            *outl = n;
        return 1;
    }
    if (ctx->impl == IMPL_FALLBACK)
        return EVP_MAC_final(ctx->fb, out, outl, outsize);
    return 0;
}

static const OSSL_PARAM gettable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *hmac_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return gettable_ctx;
}

static int hmac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    hmac_ctx *ctx = vctx;
    OSSL_PARAM *p;

    /* From 3.6 on a name asked for twice is refused before either is answered. */
    if (armsha_params_repeated(ctx->pc, params, gettable_ctx))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL) {
        size_t size = 0;

        if (ctx->impl == IMPL_FAST)
            size = armsha_hmac_size(ctx->core.key.md);
        else if (ctx->impl == IMPL_FALLBACK)
            size = EVP_MAC_CTX_get_mac_size(ctx->fb);
        else if (ctx->impl == IMPL_NOINIT && ctx->noinit_md)
            size = armsha_md_sel_size(&ctx->sel);
        else /* as HMAC_size of a context without a digest */
            armsha_raise(ctx->pc, ARMSHA_R_OPENSSL(ERR_LIB_EVP, EVP_R_MESSAGE_DIGEST_IS_NULL),
                         "HMAC has no key yet");
        if (!armsha_param_set_size_t(p, size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != NULL
        && !armsha_param_set_int(p, (int)armsha_md_sel_block_size(&ctx->sel)))
        return 0;
    return 1;
}

/* For a foreign core (armsha_hmac_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int hmac_get_ctx_params_relayed(void *vctx, OSSL_PARAM params[])
{
    int ok = hmac_get_ctx_params(vctx, params);

    armsha_relay_errors();
    return ok;
}

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_NOINIT, NULL),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, NULL),
    OSSL_PARAM_END
};

/* From OpenSSL 3.6 on the default provider's HMAC no longer lists (nor reads) the two
 * digest flags. */
static const OSSL_PARAM settable_ctx_no_flags[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, NULL),
    OSSL_PARAM_END
};

/* Whether the default provider's HMAC lists the digest flags (3.0 to 3.5; from 3.6 on it
 * neither lists nor reads them), by the running library's version rather than the headers'
 * (a module built on 3.0 runs under 3.6 and 4.0 too). Not by asking the default provider:
 * EVP_Q_mac looks at the settable list for every MAC, and a fetch there cost about 3,300
 * guest instructions a MAC (bench/RESULTS.md, issue 15). */
static int default_hmac_has_flags(const armsha_provctx *pc)
{
    return !armsha_openssl_at_least(pc, 3, 6);
}

static const OSSL_PARAM *hmac_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    return default_hmac_has_flags(provctx) ? settable_ctx : settable_ctx_no_flags;
}

/* A flag as the default's HMAC reads it: 1 when absent or read (*on set when non-zero).
 * From a flag it cannot read OpenSSL 3.0's default refuses, 3.5's ignores it, so armsha
 * asks the default beside it on that error path (not about what libcrypto itself reads
 * wrongly, armsha_param_read_wrongly). */
static int read_flag(const hmac_ctx *ctx, const OSSL_PARAM params[], const char *name, int *on)
{
    const OSSL_PARAM *p = armsha_param_locate(params, name);
    int ok;

    if (p == NULL || !default_hmac_has_flags(ctx->pc)) /* unknown from 3.6 on: ignored */
        return 1;
    armsha_err_set_mark(ctx->pc);
    if (armsha_param_get_flag(p, on)) {
        armsha_err_pop_to_mark(ctx->pc);
        return 1;
    }
    ok = !armsha_param_read_wrongly(p)
         && armsha_param_default_takes(ctx->pc, OSSL_OP_MAC, p, 0);
    /* What libcrypto raised reading it (from 3.2 on) stays only if the default refuses. */
    if (ok)
        armsha_err_pop_to_mark(ctx->pc);
    else
        armsha_err_clear_last_mark(ctx->pc);
    return ok;
}

/* In the default provider's order: digest, flags, key, TLS data size. */
static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    hmac_ctx *ctx = vctx;
    const OSSL_PARAM *p;
    int noinit = 0, oneshot = 0;

    if (params == NULL)
        return 1;
    if (armsha_params_repeated(ctx->pc, params, settable_ctx_no_flags)
        || armsha_md_sel_engine_repeated(ctx->pc, params))
        return 0;
    if (!armsha_md_sel_load(ctx->pc, &ctx->sel, OSSL_OP_MAC, params))
        return 0;
    /* Both flags are read before either applies: the default sets them on its HMAC_CTX
     * once, after both were read (and only ever sets them). */
    if (!read_flag(ctx, params, OSSL_MAC_PARAM_DIGEST_NOINIT, &noinit)
        || !read_flag(ctx, params, OSSL_MAC_PARAM_DIGEST_ONESHOT, &oneshot))
        return 0;
    /* From OpenSSL 3.5 on the default's HMAC ignores digest-noinit: asked (rarely set). */
    if (noinit && ctx->impl != IMPL_NOINIT && armsha_param_default_keys_noinit(ctx->pc))
        noinit = 0;
    if (oneshot && !ctx->oneshot && !noinit && ctx->impl == IMPL_FAST && ctx->active
        && message_started(ctx)) {
        /* The bytes hashed on armsha's core cannot move to the default's HMAC. */
        armsha_raise(ctx->pc, ARMSHA_R_ONESHOT_MID_MESSAGE, "HMAC-%s",
                     armsha_digests[ctx->core.key.md].name);
        return 0;
    }
    if (noinit && ctx->impl != IMPL_NOINIT) {
        ctx->noinit_md = ctx->impl != IMPL_NONE;
        ctx->impl = IMPL_NOINIT;
        ctx->active = 0;
        armsha_hmac_wipe(&ctx->core);
    }
    if (oneshot && !ctx->oneshot) {
        int one = 1;
        OSSL_PARAM fwd[2] = { OSSL_PARAM_construct_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, &one),
                              OSSL_PARAM_END };

        ctx->oneshot = 1;
        if (ctx->impl == IMPL_FALLBACK && !EVP_MAC_CTX_set_params(ctx->fb, fwd))
            return 0;
        if (ctx->impl == IMPL_FAST
            && !fallback_key(ctx, armsha_digests[ctx->core.key.md].name, NULL, ctx->key.data,
                             ctx->key.len))
            return 0;
    }
    if ((p = armsha_param_locate(params, OSSL_MAC_PARAM_KEY)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING)
            return 0;
        if (!setkey(ctx, p->data, p->data_size))
            return 0;
    }
    if ((p = armsha_param_locate(params, OSSL_MAC_PARAM_TLS_DATA_SIZE)) != NULL) {
        if (!armsha_param_get_size_t(p, &ctx->tls_data_size))
            return 0;
        /* The constant-time TLS CBC record MAC is the default provider's. */
        if (ctx->impl == IMPL_FALLBACK) {
            OSSL_PARAM fwd[2] = {
                OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &ctx->tls_data_size),
                OSSL_PARAM_construct_end()
            };

            return EVP_MAC_CTX_set_params(ctx->fb, fwd);
        }
        if (ctx->impl == IMPL_FAST && ctx->tls_data_size != 0)
            return fallback_key(ctx, armsha_digests[ctx->core.key.md].name, NULL, ctx->key.data,
                                ctx->key.len);
    }
    return 1;
}

/* For a foreign core (armsha_hmac_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int hmac_set_ctx_params_relayed(void *vctx, const OSSL_PARAM params[])
{
    int ok = hmac_set_ctx_params(vctx, params);

    armsha_relay_errors();
    return ok;
}

static int hmac_update_relayed(void *vctx, const unsigned char *in, size_t inl)
{
    int ok = hmac_update(vctx, in, inl);

    armsha_relay_errors();
    return ok;
}

static int hmac_final_relayed(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    int ok = hmac_final(vctx, out, outl, outsize);

    armsha_relay_errors();
    return ok;
}

const OSSL_DISPATCH armsha_hmac_functions[] = {
    { OSSL_FUNC_MAC_NEWCTX, (void (*)(void))hmac_newctx },
    { OSSL_FUNC_MAC_DUPCTX, (void (*)(void))hmac_dupctx },
    { OSSL_FUNC_MAC_FREECTX, (void (*)(void))hmac_freectx },
    { OSSL_FUNC_MAC_INIT, (void (*)(void))hmac_init },
    { OSSL_FUNC_MAC_UPDATE, (void (*)(void))hmac_update },
    { OSSL_FUNC_MAC_FINAL, (void (*)(void))hmac_final },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))hmac_gettable_ctx_params },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))hmac_get_ctx_params },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))hmac_settable_ctx_params },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))hmac_set_ctx_params },
    { 0, NULL }
};

/* The same for a foreign core (core.h): each function that calls the linked libcrypto
 * relays its errors before it returns. */
const OSSL_DISPATCH armsha_hmac_functions_relayed[] = {
    { OSSL_FUNC_MAC_NEWCTX, (void (*)(void))hmac_newctx },
    { OSSL_FUNC_MAC_DUPCTX, (void (*)(void))hmac_dupctx_relayed },
    { OSSL_FUNC_MAC_FREECTX, (void (*)(void))hmac_freectx },
    { OSSL_FUNC_MAC_INIT, (void (*)(void))hmac_init_relayed },
    { OSSL_FUNC_MAC_UPDATE, (void (*)(void))hmac_update_relayed },
    { OSSL_FUNC_MAC_FINAL, (void (*)(void))hmac_final_relayed },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))hmac_gettable_ctx_params },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))hmac_get_ctx_params_relayed },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))hmac_settable_ctx_params },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))hmac_set_ctx_params_relayed },
    { 0, NULL }
};
