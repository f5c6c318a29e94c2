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
#include "provctx.h"

/* Which implementation the key went to (the default's HMAC_CTX keeps its digest from the
 * last key, whatever "digest" says since: so does this). */
enum engine { ENGINE_NONE, ENGINE_FAST, ENGINE_FALLBACK };

typedef struct hmac_ctx {
    const armsha_provctx *pc;
    armsha_md_sel sel;     /* the digest the parameters chose */
    enum engine engine;
    int active;            /* ENGINE_FAST: between init and final */
    armsha_hmac_ctx core;  /* ENGINE_FAST: key states and the running hash */
    EVP_MAC_CTX *fb;       /* ENGINE_FALLBACK: the default provider's HMAC */
    unsigned char *key;    /* a copy, as the default keeps one (a TLS MAC or a switch needs it) */
    size_t keylen;
    size_t tls_data_size;
    int flag_set[2], flag[2]; /* digest-noinit, digest-oneshot: forwarded to the fallback */
} hmac_ctx;

static const char *const flag_names[2] = {
    OSSL_MAC_PARAM_DIGEST_NOINIT, OSSL_MAC_PARAM_DIGEST_ONESHOT
};

static void *hmac_newctx(void *provctx)
{
    hmac_ctx *ctx = calloc(1, sizeof(*ctx));

    if (ctx == NULL) {
        armsha_raise(provctx, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for an HMAC context",
                     sizeof(hmac_ctx));
        return NULL;
    }
    ctx->pc = provctx;
    return ctx;
}

static void forget_key(hmac_ctx *ctx)
{
    if (ctx->key != NULL) {
        armsha_wipe_mem(ctx->key, ctx->keylen);
        free(ctx->key);
    }
    ctx->key = NULL;
    ctx->keylen = 0;
}

static void hmac_freectx(void *vctx)
{
    hmac_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    forget_key(ctx);
    EVP_MAC_CTX_free(ctx->fb);
    armsha_md_sel_reset(&ctx->sel);
    armsha_wipe_mem(ctx, sizeof(*ctx));
    free(ctx);
}

static void *hmac_dupctx(void *vsrc)
{
    const hmac_ctx *src = vsrc;
    hmac_ctx *dst = malloc(sizeof(*dst));

    if (dst == NULL) {
        armsha_raise(src->pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for an HMAC context",
                     sizeof(*dst));
        return NULL;
    }
    *dst = *src;
    dst->key = NULL;
    dst->fb = NULL;
    memset(&dst->sel, 0, sizeof(dst->sel));
    if (!armsha_md_sel_copy(&dst->sel, &src->sel))
        goto err;
    if (src->key != NULL) {
        if ((dst->key = malloc(src->keylen > 0 ? src->keylen : 1)) == NULL)
            goto err;
        memcpy(dst->key, src->key, src->keylen);
    }
    if (src->fb != NULL && (dst->fb = EVP_MAC_CTX_dup(src->fb)) == NULL)
        goto err;
    return dst;
err:
    armsha_raise(src->pc, ARMSHA_R_OUT_OF_MEMORY, "copying an HMAC context");
    hmac_freectx(dst);
    return NULL;
}

/* Keys the default provider's HMAC with digest name (and props) in the child library
 * context, with the parameters this context has collected. */
static int fallback_key(hmac_ctx *ctx, const char *name, const char *props,
                        const unsigned char *key, size_t keylen)
{
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
    if (name != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)name, 0);
    if (name != NULL && props != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props, 0);
    for (int i = 0; i < 2; i++)
        if (ctx->flag_set[i])
            *p++ = OSSL_PARAM_construct_int(flag_names[i], &ctx->flag[i]);
    if (ctx->tls_data_size != 0)
        *p++ = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &ctx->tls_data_size);
    *p = OSSL_PARAM_construct_end();
    ctx->engine = ENGINE_FALLBACK;
    ctx->active = 0;
    armsha_hmac_wipe(&ctx->core);
    return EVP_MAC_init(ctx->fb, key, keylen, params);
}

/* The default's hmac_setkey: keep a copy, then key the digest the parameters chose (or,
 * with none chosen, the one of the last key). */
static int setkey(hmac_ctx *ctx, const unsigned char *key, size_t keylen)
{
    if (key == NULL && keylen != 0) {
        armsha_raise(ctx->pc, ARMSHA_R_NULL_BUFFER, "HMAC key is NULL but its length is %zu",
                     keylen);
        return 0;
    }
    forget_key(ctx);
    if ((ctx->key = malloc(keylen > 0 ? keylen : 1)) == NULL) {
        armsha_raise(ctx->pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for an HMAC key", keylen);
        return 0;
    }
    if (keylen != 0)
        memcpy(ctx->key, key, keylen);
    ctx->keylen = keylen;

    if (!ctx->sel.set) {
        if (ctx->engine == ENGINE_FALLBACK)
            return fallback_key(ctx, NULL, NULL, key, keylen);
        if (ctx->engine == ENGINE_NONE)
            return 0;
    } else if (!ctx->sel.fast || ctx->tls_data_size != 0) {
        return fallback_key(ctx, armsha_md_sel_name(&ctx->sel), ctx->sel.props, key, keylen);
    } else {
        ctx->core.key.md = ctx->sel.md;
    }
    EVP_MAC_CTX_free(ctx->fb);
    ctx->fb = NULL;
    ctx->engine = ENGINE_FAST;
    if (!armsha_hmac_key_init(&ctx->core.key, ctx->core.key.md,
                              armsha_md_blocks(ctx->pc, ctx->core.key.md), key, keylen)) {
        armsha_raise(ctx->pc, ARMSHA_R_MESSAGE_TOO_LONG, "HMAC key of %zu bytes", keylen);
        ctx->engine = ENGINE_NONE;
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
    switch (ctx->engine) {
    case ENGINE_FAST:
        armsha_hmac_start(&ctx->core);
        ctx->active = 1;
        return 1;
    case ENGINE_FALLBACK:
        return EVP_MAC_init(ctx->fb, NULL, 0, NULL);
    default:
        return 0;
    }
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

    if (ctx->engine == ENGINE_FAST) {
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
    if (ctx->engine == ENGINE_FALLBACK)
        return EVP_MAC_update(ctx->fb, in, inl);
    return 0;
}

static int hmac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    hmac_ctx *ctx = vctx;

    if (ctx->engine == ENGINE_FAST) {
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
    if (ctx->engine == ENGINE_FALLBACK)
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

    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL) {
        size_t size = 0;

        if (ctx->engine == ENGINE_FAST)
            size = armsha_hmac_size(ctx->core.key.md);
        else if (ctx->engine == ENGINE_FALLBACK)
            size = EVP_MAC_CTX_get_mac_size(ctx->fb);
        else /* as HMAC_size of a context without a digest */
            armsha_raise(ctx->pc, ARMSHA_R_OPENSSL(ERR_LIB_EVP, EVP_R_MESSAGE_DIGEST_IS_NULL),
                         "HMAC has no key yet");
        if (!OSSL_PARAM_set_size_t(p, size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != NULL
        && !OSSL_PARAM_set_int(p, (int)armsha_md_sel_block_size(&ctx->sel)))
        return 0;
    return 1;
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

static const OSSL_PARAM *hmac_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return settable_ctx;
}

/* Whether the default provider's HMAC beside armsha accepts the flag p that armsha could not
 * read: OpenSSL 3.0's refuses a flag of the wrong type, 3.5's ignores it. Asked only on that
 * error path, so that armsha does what the default provider does under any 3.x. */
static int default_hmac_accepts(const hmac_ctx *ctx, const OSSL_PARAM *p)
{
    OSSL_PARAM one[2] = { *p, OSSL_PARAM_END };
    EVP_MAC *mac;
    EVP_MAC_CTX *fctx;
    int ok;

    ERR_set_mark(); /* the probe's own errors are not the caller's */
    mac = ctx->pc->child != NULL ? EVP_MAC_fetch(ctx->pc->child, "HMAC", ARMSHA_FALLBACK_PROPS)
                                 : NULL;
    fctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    ok = fctx != NULL && EVP_MAC_CTX_set_params(fctx, one);
    EVP_MAC_CTX_free(fctx);
    EVP_MAC_free(mac);
    ERR_pop_to_mark();
    return ok;
}

/* In the default provider's order: digest, flags, key, TLS data size. */
static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    hmac_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (params == NULL)
        return 1;
    if (!armsha_md_sel_load(ctx->pc, &ctx->sel, params))
        return 0;
    for (int i = 0; i < 2; i++) {
        if ((p = OSSL_PARAM_locate_const(params, flag_names[i])) == NULL)
            continue;
        if (!OSSL_PARAM_get_int(p, &ctx->flag[i])) {
            if (default_hmac_accepts(ctx, p))
                continue;
            return 0;
        }
        ctx->flag_set[i] = 1;
        /* On the core they change nothing (they are hints to an EVP_MD_CTX). */
        if (ctx->engine == ENGINE_FALLBACK) {
            OSSL_PARAM fwd[2] = { OSSL_PARAM_construct_int(flag_names[i], &ctx->flag[i]),
                                  OSSL_PARAM_construct_end() };

            if (!EVP_MAC_CTX_set_params(ctx->fb, fwd))
                return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING)
            return 0;
        if (!setkey(ctx, p->data, p->data_size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE)) != NULL) {
        if (!OSSL_PARAM_get_size_t(p, &ctx->tls_data_size))
            return 0;
        /* The constant-time TLS CBC record MAC is the default provider's. */
        if (ctx->engine == ENGINE_FALLBACK) {
            OSSL_PARAM fwd[2] = {
                OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &ctx->tls_data_size),
                OSSL_PARAM_construct_end()
            };

            return EVP_MAC_CTX_set_params(ctx->fb, fwd);
        }
        if (ctx->engine == ENGINE_FAST && ctx->tls_data_size != 0)
            return fallback_key(ctx, armsha_digests[ctx->core.key.md].name, NULL, ctx->key,
                                ctx->keylen);
    }
    return 1;
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
