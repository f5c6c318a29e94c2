/* PBKDF2 as an EVP_KDF with the default provider's parameters, defaults, limits and errors
 * (OpenSSL 3.0 providers/implementations/kdfs/pbkdf2.c): the seven SHA digests on armsha's
 * core, any other digest handed to the default provider's PBKDF2 in the child library context. */
#include "mac_kdf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "armsha/pbkdf2.h"
#include "errors.h"
#include "md_select.h"
#include "params.h"

/* SP 800-132's lower bounds, checked when "pkcs5" is 0. */
#define MIN_KEY_LEN_BITS 112
#define MAX_KEY_LEN_DIGEST_RATIO 0xFFFFFFFF
#define MIN_ITERATIONS 1000
#define MIN_SALT_LEN (128 / 8)
/* The default provider's defaults: PKCS5_DEFAULT_ITER, SHA-1, and no lower-bound checks
 * outside its FIPS module. */
#define DEFAULT_ITER 2048
#define DEFAULT_CHECKS 0

typedef struct pbkdf2_ctx {
    const armsha_provctx *pc;
    armsha_secret pass, salt; /* not set (NULL) until given */
    uint64_t iter;
    armsha_md_sel sel;
    int lower_bound_checks;
} pbkdf2_ctx;

#define PROV_ERR(r) ARMSHA_R_OPENSSL(ERR_LIB_PROV, (r))

static void set_defaults(pbkdf2_ctx *ctx)
{
    /* As the default provider: a digest that cannot be had leaves none (derive then fails). */
    if (!armsha_md_sel_default(ctx->pc, &ctx->sel, OSSL_OP_KDF, ARMSHA_DIGEST_SHA1))
        armsha_md_sel_reset(ctx->pc, &ctx->sel);
    ctx->iter = DEFAULT_ITER;
    ctx->lower_bound_checks = DEFAULT_CHECKS;
}

static void *pbkdf2_newctx(void *provctx)
{
    pbkdf2_ctx *ctx = armsha_zalloc(provctx, sizeof(*ctx));

    if (ctx == NULL) {
        armsha_raise(provctx, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for a PBKDF2 context",
                     sizeof(pbkdf2_ctx));
        return NULL;
    }
    ctx->pc = provctx;
    set_defaults(ctx);
    return ctx;
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static void *pbkdf2_newctx_relayed(void *provctx)
{
    void *r = pbkdf2_newctx(provctx);

    armsha_relay_errors();
    return r;
}

static void cleanup(pbkdf2_ctx *ctx)
{
    const armsha_provctx *pc = ctx->pc;

    armsha_secret_clear(ctx->pc, &ctx->pass);
    armsha_secret_clear(ctx->pc, &ctx->salt);
    armsha_md_sel_reset(ctx->pc, &ctx->sel);
    memset(ctx, 0, sizeof(*ctx));
    ctx->pc = pc;
}

static void pbkdf2_freectx(void *vctx)
{
    if (vctx == NULL)
        return;
    cleanup(vctx);
    armsha_free(((pbkdf2_ctx *)vctx)->pc, vctx);
}

static void pbkdf2_reset(void *vctx)
{
    pbkdf2_ctx *ctx = vctx;

    cleanup(ctx);
    set_defaults(ctx);
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static void pbkdf2_reset_relayed(void *vctx)
{
    pbkdf2_reset(vctx);
    armsha_relay_errors();
}

/* Whether the default provider's PBKDF2 beside armsha can be copied: OpenSSL 3.0's has no
 * dupctx (EVP_KDF_CTX_dup fails, quietly), later ones have. Asked on each dup, which is
 * rare, so that armsha answers as the default of the OpenSSL running. */
static int default_dups(const armsha_provctx *pc)
{
    EVP_KDF *kdf;
    EVP_KDF_CTX *c, *d;

    armsha_err_set_mark(pc);
    kdf = armsha_fallback_kdf(pc);
    c = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    d = c != NULL ? EVP_KDF_CTX_dup(c) : NULL;
    EVP_KDF_CTX_free(d);
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    armsha_err_pop_to_mark(pc);
    return d != NULL;
}

static void *pbkdf2_dupctx(void *vsrc)
{
    const pbkdf2_ctx *src = vsrc;
    pbkdf2_ctx *dst;

    if (!default_dups(src->pc))
        return NULL;
    if ((dst = armsha_zalloc(src->pc, sizeof(*dst))) == NULL)
        goto err;
    dst->pc = src->pc;
    if (!armsha_secret_dup(src->pc, &dst->salt, &src->salt)
        || !armsha_secret_dup(src->pc, &dst->pass, &src->pass)
        || !armsha_md_sel_copy(src->pc, &dst->sel, &src->sel))
        goto err;
    dst->iter = src->iter;
    dst->lower_bound_checks = src->lower_bound_checks;
    return dst;
err:
    armsha_raise(src->pc, ARMSHA_R_OUT_OF_MEMORY, "copying a PBKDF2 context");
    pbkdf2_freectx(dst);
    return NULL;
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static void *pbkdf2_dupctx_relayed(void *vsrc)
{
    void *r = pbkdf2_dupctx(vsrc);

    armsha_relay_errors();
    return r;
}

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PASSWORD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_uint64(OSSL_KDF_PARAM_ITER, NULL),
    OSSL_PARAM_int(OSSL_KDF_PARAM_PKCS5, NULL),
    OSSL_PARAM_END
};

static int pbkdf2_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    pbkdf2_ctx *ctx = vctx;
    const OSSL_PARAM *p;
    int pkcs5;
    uint64_t iter, min_iter;

    if (params == NULL)
        return 1;
    if (armsha_params_repeated(ctx->pc, params, settable_ctx)
        || armsha_md_sel_engine_repeated(ctx->pc, params))
        return 0;
    if (!armsha_md_sel_load(ctx->pc, &ctx->sel, OSSL_OP_KDF, params))
        return 0;
    if ((p = armsha_param_locate(params, OSSL_KDF_PARAM_PKCS5)) != NULL) {
        if (!armsha_param_get_int(p, &pkcs5)) /* as the default: a value, not a flag */
            return 0;
        ctx->lower_bound_checks = pkcs5 == 0;
    }
    if ((p = armsha_param_locate(params, OSSL_KDF_PARAM_PASSWORD)) != NULL
        && !armsha_param_get_secret(ctx->pc, p, &ctx->pass))
        return 0;
    if ((p = armsha_param_locate(params, OSSL_KDF_PARAM_SALT)) != NULL) {
        if (ctx->lower_bound_checks != 0 && p->data_size < MIN_SALT_LEN) {
            armsha_raise(ctx->pc, PROV_ERR(PROV_R_INVALID_SALT_LENGTH),
                         "PBKDF2 with pkcs5=0 needs a salt of %d bytes or more, got %zu",
                         MIN_SALT_LEN, p->data_size);
            return 0;
        }
        if (!armsha_param_get_secret(ctx->pc, p, &ctx->salt))
            return 0;
    }
    if ((p = armsha_param_locate(params, OSSL_KDF_PARAM_ITER)) != NULL) {
        if (!armsha_param_get_uint64(p, &iter))
            return 0;
        min_iter = ctx->lower_bound_checks != 0 ? MIN_ITERATIONS : 1;
        if (iter < min_iter) {
            armsha_raise(ctx->pc, PROV_ERR(PROV_R_INVALID_ITERATION_COUNT),
                         "PBKDF2 needs %llu iterations or more, got %llu",
                         (unsigned long long)min_iter, (unsigned long long)iter);
            return 0;
        }
        ctx->iter = iter;
    }
    return 1;
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int pbkdf2_set_ctx_params_relayed(void *vctx, const OSSL_PARAM params[])
{
    int ok = pbkdf2_set_ctx_params(vctx, params);

    armsha_relay_errors();
    return ok;
}

/* The default provider's PBKDF2 in the child library context, with this context's values. */
static int derive_fallback(pbkdf2_ctx *ctx, unsigned char *key, size_t keylen)
{
    EVP_KDF *kdf = armsha_fallback_kdf(ctx->pc);
    EVP_KDF_CTX *kctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    int pkcs5 = !ctx->lower_bound_checks, ok = 0;
    OSSL_PARAM params[8], *p = params;

    EVP_KDF_free(kdf);
    if (kctx == NULL)
        return 0;
    *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, ctx->sel.name, 0);
    if (ctx->sel.props != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES, ctx->sel.props, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, ctx->pass.data,
                                              ctx->pass.len);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, ctx->salt.data,
                                              ctx->salt.len);
    *p++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &ctx->iter);
    *p = OSSL_PARAM_construct_end();
    /* OpenSSL 4.0's PBKDF2 given properties it cannot parse derives, and leaves the parse
     * error: armsha_md_sel_load raised it already when it fetched the digest. */
    armsha_err_set_mark(ctx->pc);
    ok = EVP_KDF_derive(kctx, key, keylen, params);
    if (ok && ctx->sel.props != NULL && armsha_openssl_at_least(ctx->pc, 4, 0))
        armsha_err_pop_to_mark(ctx->pc);
    else
        armsha_err_clear_last_mark(ctx->pc);
    EVP_KDF_CTX_free(kctx);
    return ok;
}

static int pbkdf2_derive(void *vctx, unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    pbkdf2_ctx *ctx = vctx;
    size_t mdlen;

    if (!pbkdf2_set_ctx_params(ctx, params))
        return 0;
    if (ctx->pass.data == NULL) {
        armsha_raise(ctx->pc, PROV_ERR(PROV_R_MISSING_PASS), "PBKDF2");
        return 0;
    }
    if (ctx->salt.data == NULL) {
        armsha_raise(ctx->pc, PROV_ERR(PROV_R_MISSING_SALT), "PBKDF2");
        return 0;
    }
    if (!ctx->sel.set) {
        /* The default's EVP_MD_get_size(NULL). */
        armsha_raise(ctx->pc, ARMSHA_R_OPENSSL(ERR_LIB_EVP, EVP_R_MESSAGE_DIGEST_IS_NULL),
                     "PBKDF2 has no digest");
        return 0;
    }
    if (!ctx->sel.fast)
        return derive_fallback(ctx, key, keylen);

    mdlen = armsha_hmac_size(ctx->sel.md);
    if (keylen / mdlen >= MAX_KEY_LEN_DIGEST_RATIO) {
        armsha_raise(ctx->pc, PROV_ERR(PROV_R_INVALID_KEY_LENGTH), "%zu bytes", keylen);
        return 0;
    }
    if (ctx->lower_bound_checks) {
        if (keylen * 8 < MIN_KEY_LEN_BITS) {
            armsha_raise(ctx->pc, PROV_ERR(PROV_R_KEY_SIZE_TOO_SMALL),
                         "PBKDF2 with pkcs5=0 derives %d bits or more, asked for %zu",
                         MIN_KEY_LEN_BITS, keylen * 8);
            return 0;
        }
        /* The default passes the salt length as an int. */
        if ((int)ctx->salt.len < MIN_SALT_LEN) {
            armsha_raise(ctx->pc, PROV_ERR(PROV_R_INVALID_SALT_LENGTH), "%zu bytes",
                         ctx->salt.len);
            return 0;
        }
        if (ctx->iter < MIN_ITERATIONS) {
            armsha_raise(ctx->pc, PROV_ERR(PROV_R_INVALID_ITERATION_COUNT), "%llu",
                         (unsigned long long)ctx->iter);
            return 0;
        }
    }
    if (keylen != 0 && key == NULL) {
        armsha_raise(ctx->pc, ARMSHA_R_NULL_BUFFER, "PBKDF2 output is NULL");
        return 0;
    }
    if (!armsha_pbkdf2_hmac(ctx->sel.md, armsha_md_blocks(ctx->pc, ctx->sel.md),
                            armsha_md_x2(ctx->pc, ctx->sel.md), ctx->pass.data,
                            ctx->pass.len, ctx->salt.data, ctx->salt.len, ctx->iter, key, keylen)) {
        armsha_raise(ctx->pc, ARMSHA_R_MESSAGE_TOO_LONG, "PBKDF2 password or salt");
        return 0;
    }
    return 1;
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int pbkdf2_derive_relayed(void *vctx, unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    int ok = pbkdf2_derive(vctx, key, keylen, params);

    armsha_relay_errors();
    return ok;
}

static const OSSL_PARAM *pbkdf2_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return settable_ctx;
}

static const OSSL_PARAM gettable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *pbkdf2_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return gettable_ctx;
}

/* As the default: any output length. Without "size" asked for, what the default's PBKDF2
 * beside armsha answers (OpenSSL 3.0's -2, 3.5's 1): asked, as that is rare. */
static int pbkdf2_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    const pbkdf2_ctx *ctx = vctx;
    OSSL_PARAM *p;
    EVP_KDF *kdf;
    EVP_KDF_CTX *c;
    int ret;

    /* From 3.6 on a name asked for twice is refused before it is answered. */
    if (armsha_params_repeated(ctx->pc, params, gettable_ctx))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_KDF_PARAM_SIZE)) != NULL)
        return armsha_param_set_size_t(p, SIZE_MAX);
    if ((kdf = armsha_fallback_kdf(ctx->pc)) == NULL)
        return -2;
    c = EVP_KDF_CTX_new(kdf);
    ret = c != NULL ? EVP_KDF_CTX_get_params(c, params) : -2;
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return ret;
}

/* For a foreign core (armsha_pbkdf2_functions_relayed): what the linked libcrypto raised
 * in there goes to the core (core.h). */
static int pbkdf2_get_ctx_params_relayed(void *vctx, OSSL_PARAM params[])
{
    int ok = pbkdf2_get_ctx_params(vctx, params);

    armsha_relay_errors();
    return ok;
}

const OSSL_DISPATCH armsha_pbkdf2_functions[] = {
    { OSSL_FUNC_KDF_NEWCTX, (void (*)(void))pbkdf2_newctx },
    { OSSL_FUNC_KDF_DUPCTX, (void (*)(void))pbkdf2_dupctx },
    { OSSL_FUNC_KDF_FREECTX, (void (*)(void))pbkdf2_freectx },
    { OSSL_FUNC_KDF_RESET, (void (*)(void))pbkdf2_reset },
    { OSSL_FUNC_KDF_DERIVE, (void (*)(void))pbkdf2_derive },
    { OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, (void (*)(void))pbkdf2_settable_ctx_params },
    { OSSL_FUNC_KDF_SET_CTX_PARAMS, (void (*)(void))pbkdf2_set_ctx_params },
    { OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, (void (*)(void))pbkdf2_gettable_ctx_params },
    { OSSL_FUNC_KDF_GET_CTX_PARAMS, (void (*)(void))pbkdf2_get_ctx_params },
    { 0, NULL }
};

/* The same for a foreign core (core.h): each function that calls the linked libcrypto
 * relays its errors before it returns. */
const OSSL_DISPATCH armsha_pbkdf2_functions_relayed[] = {
    { OSSL_FUNC_KDF_NEWCTX, (void (*)(void))pbkdf2_newctx_relayed },
    { OSSL_FUNC_KDF_DUPCTX, (void (*)(void))pbkdf2_dupctx_relayed },
    { OSSL_FUNC_KDF_FREECTX, (void (*)(void))pbkdf2_freectx },
    { OSSL_FUNC_KDF_RESET, (void (*)(void))pbkdf2_reset_relayed },
    { OSSL_FUNC_KDF_DERIVE, (void (*)(void))pbkdf2_derive_relayed },
    { OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, (void (*)(void))pbkdf2_settable_ctx_params },
    { OSSL_FUNC_KDF_SET_CTX_PARAMS, (void (*)(void))pbkdf2_set_ctx_params_relayed },
    { OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, (void (*)(void))pbkdf2_gettable_ctx_params },
    { OSSL_FUNC_KDF_GET_CTX_PARAMS, (void (*)(void))pbkdf2_get_ctx_params_relayed },
    { 0, NULL }
};
