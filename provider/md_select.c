/* Choosing the digest of an HMAC or PBKDF2 context: by name for the seven SHA digests,
 * by a fetch in the child library context when properties are given or the name is not
 * one of armsha's. */
#define _POSIX_C_SOURCE 200809L /* strncasecmp */

#include "md_select.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "armsha/digests.h"
#include "armsha/hmac.h"
#include "errors.h"
#include "params.h"

char *armsha_strndup(const armsha_provctx *pc, const char *s, size_t n)
{
    char *d = armsha_malloc(pc, n + 1);

    if (d == NULL) {
        armsha_raise(pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for a name", n + 1);
        return NULL;
    }
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* The index of name among the seven (OpenSSL's names are case-insensitive), or -1. */
static int lookup(const char *name)
{
    size_t n = strlen(name);

    for (int md = 0; md < ARMSHA_NDIGESTS; md++) {
        const char *p = armsha_digests[md].names;

        while (*p != '\0') {
            size_t len = strcspn(p, ":");

            if (len == n && strncasecmp(p, name, n) == 0)
                return md;
            p += len;
            if (*p == ':')
                p++;
        }
    }
    return -1;
}

static inline void forget_engine(const armsha_provctx *pc, armsha_md_sel *sel)
{
    if (sel->engine != NULL) { /* rare: no call for the common case (EVP_Q_mac per message) */
        armsha_free(pc, sel->engine);
        sel->engine = NULL;
    }
}

/* The digest choice only; the engine is the caller's (armsha_md_sel_reset). */
static inline void forget_digest(const armsha_provctx *pc, armsha_md_sel *sel)
{
    char *engine = sel->engine;

    /* Set only for a fallback digest: no upcall for the common case. */
    if (sel->name != NULL)
        armsha_free(pc, sel->name);
    if (sel->props != NULL)
        armsha_free(pc, sel->props);
    EVP_MD_free(sel->evp);
    memset(sel, 0, sizeof(*sel));
    sel->engine = engine;
}

void armsha_md_sel_reset(const armsha_provctx *pc, armsha_md_sel *sel)
{
    forget_engine(pc, sel);
    forget_digest(pc, sel);
}

void armsha_md_sel_fast(const armsha_provctx *pc, armsha_md_sel *sel, unsigned md)
{
    forget_digest(pc, sel);
    sel->set = 1;
    sel->fast = 1;
    sel->md = md;
}

/* The families op (OSSL_OP_MAC or OSSL_OP_KDF) runs on armsha's core. */
static unsigned op_families(const armsha_provctx *pc, int op)
{
    return op == OSSL_OP_MAC ? pc->mac_families : pc->kdf_families;
}

/* name (with props) through the child library context: armsha's own digests come back
 * as the fast path (unless op hands their family over), anything else as the fallback with
 * the default provider's HMAC or PBKDF2. */
static int fetch(const armsha_provctx *pc, armsha_md_sel *sel, int op, const char *name,
                 const char *props)
{
    EVP_MD *md;
    const OSSL_PROVIDER *prov;

    forget_digest(pc, sel);
    if (pc->child == NULL) {
        /* The same error the default provider's fetch raises for what it cannot find. */
        armsha_raise(pc, ARMSHA_R_OPENSSL(ERR_LIB_EVP, ERR_R_UNSUPPORTED),
                     "digest \"%s\" (properties \"%s\"): armsha has no child library context",
                     name, props != NULL ? props : "");
        return 0;
    }
    /* As the default's ossl_prov_digest_load_from_params: a fetch that finds the digest
     * leaves nothing on the queue (a property query's parse errors included); under
     * OpenSSL 4.0 its HMAC and PBKDF2 leave what the fetch raised (a property query it could
     * not parse, the digest found all the same; the first time a library context sees that
     * query, as the child context does when the default's own does). The running library
     * decides. On the fallback the default's own HMAC or PBKDF2 then drops its repeat
     * (mac_hmac.c fallback_key, kdf_pbkdf2.c derive_fallback). */
    armsha_err_set_mark(pc);
    md = EVP_MD_fetch(pc->child, name, props);
    if (md == NULL) {
        armsha_err_clear_last_mark(pc);
        return 0; /* the fetch raised the error */
    }
    if (armsha_openssl_at_least(pc, 4, 0))
        armsha_err_clear_last_mark(pc);
    else
        armsha_err_pop_to_mark(pc);
    prov = EVP_MD_get0_provider(md);
    if (prov != NULL && strcmp(OSSL_PROVIDER_get0_name(prov), "armsha") == 0) {
        for (unsigned i = 0; i < ARMSHA_NDIGESTS; i++)
            if (EVP_MD_is_a(md, armsha_digests[i].name)
                && (op_families(pc, op) & armsha_digests[i].family) != 0) {
                EVP_MD_free(md);
                armsha_md_sel_fast(pc, sel, i);
                return 1;
            }
    }
    sel->evp = md;
    sel->name = armsha_strndup(pc, name, strlen(name));
    sel->props = props != NULL ? armsha_strndup(pc, props, strlen(props)) : NULL;
    if (sel->name == NULL || (props != NULL && sel->props == NULL)) {
        forget_digest(pc, sel);
        return 0;
    }
    sel->set = 1;
    return 1;
}

/* The default provider's implementation of op with the engine, digest and properties of
 * params; what it raises stays on the queue. */
static int ask_default(const armsha_provctx *pc, int op, const OSSL_PARAM params[])
{
    static const char *const keys[] = {
        OSSL_ALG_PARAM_PROPERTIES,
#ifdef OSSL_ALG_PARAM_ENGINE /* OpenSSL 4.0's headers have no engines */
        OSSL_ALG_PARAM_ENGINE,
#endif
        OSSL_ALG_PARAM_DIGEST
    };
    OSSL_PARAM sub[4];
    size_t n = 0;

    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const OSSL_PARAM *p = armsha_param_locate(params, keys[i]);

        if (p != NULL)
            sub[n++] = *p;
    }
    sub[n] = (OSSL_PARAM)OSSL_PARAM_END;
    return armsha_params_default_take(pc, op, sub, 1);
}

/* As the default provider's load_common: an engine holds until the next parameters. */
static int load_engine(const armsha_provctx *pc, armsha_md_sel *sel, int op,
                       const OSSL_PARAM params[])
{
    forget_engine(pc, sel);
#ifdef OSSL_ALG_PARAM_ENGINE
    const OSSL_PARAM *p = armsha_param_locate(params, OSSL_ALG_PARAM_ENGINE);
    const char *name;

    if (p == NULL)
        return 1;
    /* The default provider looks the engine up and initialises it (ENGINE_by_id,
     * ENGINE_init), failing with the engine library's errors for one that cannot be had:
     * it is asked, and its errors are the caller's. With the digest and properties beside
     * it, as from OpenSSL 3.5 on its PBKDF2 (3.6: also HMAC) reads the engine only with a
     * digest. */
    if (!ask_default(pc, op, params))
        return 0;
    if (!armsha_param_get_utf8(p, &name))
        return 1; /* of another type, and the default ignores it */
    if (name != NULL && (sel->engine = armsha_strndup(pc, name, strlen(name))) == NULL)
        return 0;
#else
    /* These headers have no engines: the name is an unknown parameter, ignored. */
    (void)pc;
    (void)op;
    (void)params;
#endif
    return 1;
}

int armsha_md_sel_engine_repeated(const armsha_provctx *pc, const OSSL_PARAM params[])
{
#ifdef OSSL_ALG_PARAM_ENGINE
    static const OSSL_PARAM engine[] = {
        OSSL_PARAM_utf8_string(OSSL_ALG_PARAM_ENGINE, NULL, 0),
        OSSL_PARAM_END
    };

    /* The running library decides (a module built on 3.x headers runs under 4.0). */
    return !armsha_openssl_at_least(pc, 4, 0) && armsha_params_repeated(pc, params, engine);
#else
    (void)pc;
    (void)params;
    return 0;
#endif
}

int armsha_md_sel_load(const armsha_provctx *pc, armsha_md_sel *sel, int op,
                       const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    const char *props = NULL, *name;
    int md;

    if (params == NULL)
        return 1;
    p = armsha_param_locate(params, OSSL_ALG_PARAM_PROPERTIES);
    if (p != NULL && !armsha_param_get_utf8(p, &props)) {
        /* Properties that are no string: OpenSSL 3.0's default refuses them, 3.5's PBKDF2
         * (3.6: also HMAC) reads them only beside a digest. Asked on this error path only. */
        if (!ask_default(pc, op, params))
            return 0;
        props = NULL; /* ignored there */
    }
    if (!load_engine(pc, sel, op, params))
        return 0;
    p = armsha_param_locate(params, OSSL_ALG_PARAM_DIGEST);
    if (p == NULL)
        return 1;
    if (!armsha_param_get_utf8(p, &name))
        return 0;
    if (name == NULL) { /* the default's fetch of no name fails, leaving no digest */
        forget_digest(pc, sel);
        return 0;
    }
    if ((props == NULL || *props == '\0') && (md = lookup(name)) >= 0
        && (op_families(pc, op) & armsha_digests[md].family) != 0) {
        armsha_md_sel_fast(pc, sel, (unsigned)md);
        return 1;
    }
    return fetch(pc, sel, op, name, props);
}

int armsha_md_sel_default(const armsha_provctx *pc, armsha_md_sel *sel, int op, unsigned md)
{
    if (op_families(pc, op) & armsha_digests[md].family) {
        armsha_md_sel_fast(pc, sel, md);
        return 1;
    }
    return fetch(pc, sel, op, armsha_digests[md].name, NULL);
}

int armsha_md_sel_copy(const armsha_provctx *pc, armsha_md_sel *dst, const armsha_md_sel *src)
{
    *dst = *src;
    dst->name = dst->props = dst->engine = NULL;
    dst->evp = NULL;
    if (src->evp != NULL && EVP_MD_up_ref(src->evp))
        dst->evp = src->evp;
    if (src->name != NULL)
        dst->name = armsha_strndup(pc, src->name, strlen(src->name));
    if (src->props != NULL)
        dst->props = armsha_strndup(pc, src->props, strlen(src->props));
    if (src->engine != NULL)
        dst->engine = armsha_strndup(pc, src->engine, strlen(src->engine));
    if ((src->evp != NULL && dst->evp == NULL) || (src->name != NULL && dst->name == NULL)
        || (src->props != NULL && dst->props == NULL)
        || (src->engine != NULL && dst->engine == NULL)) {
        armsha_md_sel_reset(pc, dst);
        return 0;
    }
    return 1;
}

const char *armsha_md_sel_name(const armsha_md_sel *sel)
{
    return sel->fast ? armsha_digests[sel->md].name : sel->name;
}

size_t armsha_md_sel_size(const armsha_md_sel *sel)
{
    if (!sel->set)
        return 0;
    return sel->fast ? armsha_hmac_size(sel->md) : (size_t)EVP_MD_get_size(sel->evp);
}

size_t armsha_md_sel_block_size(const armsha_md_sel *sel)
{
    if (!sel->set)
        return 0;
    return sel->fast ? armsha_hmac_block_size(sel->md) : (size_t)EVP_MD_get_block_size(sel->evp);
}

armsha_blocks armsha_md_blocks(const armsha_provctx *pc, unsigned md)
{
    armsha_blocks b;

    if (md == ARMSHA_DIGEST_SHA1)
        b.sha1 = pc->kernels.sha1;
    else if (md == ARMSHA_DIGEST_SHA224 || md == ARMSHA_DIGEST_SHA256)
        b.sha256 = pc->kernels.sha256;
    else
        b.sha512 = pc->kernels.sha512;
    return b;
}

armsha_x2 armsha_md_x2(const armsha_provctx *pc, unsigned md)
{
    armsha_x2 x;

    if (md == ARMSHA_DIGEST_SHA1)
        x.sha1 = pc->kernels.sha1_x2;
    else if (md == ARMSHA_DIGEST_SHA224 || md == ARMSHA_DIGEST_SHA256)
        x.sha256 = pc->kernels.sha256_x2;
    else
        x.sha512 = pc->kernels.sha512_x2;
    return x;
}
