/* The seven SHA digests as OpenSSL dispatch tables: one line per algorithm naming its
 * entry in armsha_digests and its family, shared functions for everything else. */
#include "digests.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "armsha/digests.h"
#include "digest_serialize.h"
#include "errors.h"
#include "mac_kdf.h"
#include "params.h"
#include "provctx.h"
#include "wipe.h"

typedef union digest_core {
    armsha_sha1_ctx sha1;
    armsha_sha256_ctx sha256;
    armsha_sha512_ctx sha512;
} digest_core;

/* Update and final are refused outside ACTIVE, so that hashing on after final (without a
 * new init) fails loudly instead of producing a digest of garbage state. */
enum digest_state { STATE_NEW, STATE_ACTIVE, STATE_FINISHED };

typedef struct digest_desc digest_desc;

typedef struct digest_ctx {
    const digest_desc *desc;
    const armsha_provctx *prov;
    enum digest_state state;
    digest_core core; /* only the member of desc's family is ever written */
} digest_ctx;

/* What the three streaming cores (include/armsha/) differ in, besides update and final
 * (those are per-family dispatch functions, see DEFINE_FAMILY_HASH). */
typedef struct digest_family {
    /* Starts the family's core from the digest's IV with the family's chosen kernel. */
    void (*init)(digest_core *core, const armsha_digest_info *info, const armsha_kernels *kernels);
    /* Clears the family's core in ctx; a constant size per family keeps it cheap. */
    void (*cleanse)(digest_ctx *ctx);
    /* NULL when the family has no settable context parameters. */
    OSSL_FUNC_digest_set_ctx_params_fn *set_ctx_params;
} digest_family;

struct digest_desc {
    const armsha_digest_info *info; /* names, sizes, IV */
    const digest_family *family;
};

/* ---- Families ---------------------------------------------------------------------- */

static void sha1_init(digest_core *c, const armsha_digest_info *i, const armsha_kernels *k)
{
    armsha_sha1_init(&c->sha1, i->iv32, k->sha1);
}

static void sha256_init(digest_core *c, const armsha_digest_info *i, const armsha_kernels *k)
{
    armsha_sha256_init(&c->sha256, i->iv32, k->sha256);
}

static void sha512_init(digest_core *c, const armsha_digest_info *i, const armsha_kernels *k)
{
    armsha_sha512_init(&c->sha512, i->iv64, k->sha512);
}

/* The core's bytes only: the descriptor, provider and state stay usable (re-init). */
static void sha1_cleanse(digest_ctx *ctx) { armsha_wipe(&ctx->core.sha1, sizeof(ctx->core.sha1)); }
static void sha256_cleanse(digest_ctx *ctx) { armsha_wipe(&ctx->core.sha256, sizeof(ctx->core.sha256)); }
static void sha512_cleanse(digest_ctx *ctx) { armsha_wipe(&ctx->core.sha512, sizeof(ctx->core.sha512)); }

static OSSL_FUNC_digest_set_ctx_params_fn sha1_set_ctx_params;
static OSSL_FUNC_digest_settable_ctx_params_fn sha1_settable_ctx_params;

static const digest_family sha1_family = {
    sha1_init, sha1_cleanse, sha1_set_ctx_params
};
static const digest_family sha256_family = {
    sha256_init, sha256_cleanse, NULL
};
static const digest_family sha512_family = {
    sha512_init, sha512_cleanse, NULL
};

/* ---- Errors ------------------------------------------------------------------------ */

/* Error paths stay out of line: inlined into update or final, their calls make the
 * compiler save registers and build a larger frame on every call (bench/RESULTS.md,
 * "Kernel code choices"). */
#if defined(__GNUC__) || defined(__clang__)
#define COLD __attribute__((cold, noinline))
#else
#define COLD
#endif

/* The primary name ("SHA2-256"), for messages. */
static int name_len(const digest_desc *d) { return (int)strcspn(d->info->names, ":"); }

COLD static int refuse_state(const digest_ctx *ctx)
{
    const digest_desc *d = ctx->desc;

    if (ctx->state == STATE_NEW)
        armsha_raise(ctx->prov, ARMSHA_R_NOT_INITIALISED, "%.*s", name_len(d), d->info->names);
    else
        armsha_raise(ctx->prov, ARMSHA_R_ALREADY_FINALISED, "%.*s", name_len(d), d->info->names);
    return 0;
}

/* ---- Shared digest functions ------------------------------------------------------- */

/* A context that could not be allocated (out of line: newctx runs on every EVP_Digest, and
 * the raise's arguments would give it a stack frame). */
COLD static void *refuse_alloc(const digest_desc *d, const armsha_provctx *pc)
{
    armsha_raise(pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for a %.*s context", sizeof(digest_ctx),
                 name_len(d), d->info->names);
    return NULL;
}

/* Contexts come from libc's malloc and free, or (the _core dispatch tables) from the core's
 * allocator. The tables are chosen at load (armsha_digest_algorithms): with a core whose
 * allocator is libc's (core.c, the common case) the newctx and freectx of every EVP_Digest
 * test nothing to find it. `ctx` is the new allocation (NULL: it failed). */
static inline void *digest_newctx(const digest_desc *d, void *provctx, digest_ctx *ctx)
{
    /* Not zeroed: init writes every field the hash reads. */
    if (ctx == NULL)
        return refuse_alloc(d, provctx);
    ctx->desc = d;
    ctx->prov = provctx;
    ctx->state = STATE_NEW;
    return ctx;
}

static int digest_init(void *vctx, const OSSL_PARAM params[])
{
    digest_ctx *ctx = vctx;
    const digest_desc *d = ctx->desc;

    /* A message abandoned without final: its tail is still in the core's buffer (final
     * wipes the core, and a new context has held no message). */
    if (ctx->state == STATE_ACTIVE)
        d->family->cleanse(ctx);
    d->family->init(&ctx->core, d->info, &ctx->prov->kernels);
    ctx->state = STATE_ACTIVE;
    /* Without settable parameters every one is unknown, and unknown ones are ignored. */
    if (params != NULL && d->family->set_ctx_params != NULL)
        return d->family->set_ctx_params(ctx, params);
    return 1;
}

/* A NULL input with a length, or a NULL output: refused instead of dereferenced. */
COLD static int refuse_null(const digest_ctx *ctx, const char *what)
{
    armsha_raise(ctx->prov, ARMSHA_R_NULL_BUFFER, "%.*s: %s", name_len(ctx->desc),
                 ctx->desc->info->names, what);
    return 0;
}

COLD static int refuse_too_long(const digest_ctx *ctx)
{
    armsha_raise(ctx->prov, ARMSHA_R_MESSAGE_TOO_LONG, "%.*s", name_len(ctx->desc),
                 ctx->desc->info->names);
    return 0;
}

COLD static int refuse_short_output(const digest_ctx *ctx, size_t outsz)
{
    const digest_desc *d = ctx->desc;

    armsha_raise(ctx->prov, ARMSHA_R_OUTPUT_TOO_SMALL, "%.*s needs %zu bytes, got %zu",
                 name_len(d), d->info->names, d->info->digest_size, outsz);
    return 0;
}

/* Everything final checks before the core writes the digest of `size` bytes. */
static inline int final_allowed(const digest_ctx *ctx, const unsigned char *out, size_t outsz,
                                size_t size)
{
    if (ctx->state != STATE_ACTIVE)
        return refuse_state(ctx);
    if (out == NULL)
        return refuse_null(ctx, "output buffer is NULL");
    if (outsz < size)
        return refuse_short_output(ctx, outsz);
    return 1;
}

/* Update and final of one family, calling its core directly: they run for every message
 * (a TLS handshake makes many small updates), so no descriptor indirection here. Each
 * algorithm's final calls fam##_final_sized with its digest size as a constant (see
 * DEFINE_DIGEST), so that the core's output is a few straight-line stores. */
#define DEFINE_FAMILY_HASH(fam)                                                              \
    static int fam##_update(void *vctx, const unsigned char *in, size_t inl)                 \
    {                                                                                        \
        digest_ctx *ctx = vctx;                                                              \
                                                                                             \
        if (ctx->state != STATE_ACTIVE)                                                      \
            return refuse_state(ctx);                                                        \
        if (inl == 0) /* NULL is fine then */                                                \
            return 1;                                                                        \
        if (in == NULL)                                                                      \
            return refuse_null(ctx, "input is NULL but its length is not 0");                \
        return armsha_##fam##_update(&ctx->core.fam, in, inl) ? 1 : refuse_too_long(ctx);     \
    }                                                                                        \
    static inline int fam##_final_sized(void *vctx, unsigned char *out, size_t *outl,        \
                                        size_t outsz, size_t size)                           \
    {                                                                                        \
        digest_ctx *ctx = vctx;                                                              \
                                                                                             \
        if (!final_allowed(ctx, out, outsz, size))                                           \
            return 0;                                                                        \
        armsha_##fam##_final(&ctx->core.fam, out, size);                                     \
        ctx->state = STATE_FINISHED;                                                         \
        if (outl != NULL)                                                                    \
            *outl = size;                                                                    \
        return 1;                                                                            \
    }

DEFINE_FAMILY_HASH(sha1)
DEFINE_FAMILY_HASH(sha256)
DEFINE_FAMILY_HASH(sha512)

static int digest_oneshot(const digest_desc *d, OSSL_FUNC_digest_update_fn *update,
                          OSSL_FUNC_digest_final_fn *final, void *provctx,
                          const unsigned char *in, size_t inl, unsigned char *out,
                          size_t *outl, size_t outsz)
{
    digest_ctx ctx;
    int ok;

    ctx.desc = d;
    ctx.prov = provctx;
    ctx.state = STATE_NEW;
    ok = digest_init(&ctx, NULL) && update(&ctx, in, inl) && final(&ctx, out, outl, outsz);
    /* A successful final has wiped the core already. */
    if (!ok)
        d->family->cleanse(&ctx);
    return ok;
}

/* freectx and dupctx with libc's allocator, and with the core's (see digest_newctx). */
static void digest_freectx(void *vctx)
{
    digest_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    ctx->desc->family->cleanse(ctx);
    free(ctx);
}

static void digest_freectx_core(void *vctx)
{
    digest_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    ctx->desc->family->cleanse(ctx);
    armsha_free(ctx->prov, ctx);
}

/* A copy keeps the state too: a finished context stays finished. `out`: the new
 * allocation (NULL: it failed). */
static void *digest_dup_into(const digest_ctx *in, digest_ctx *out)
{
    if (out == NULL)
        return refuse_alloc(in->desc, in->prov);
    *out = *in;
    return out;
}

static void *digest_dupctx(void *vctx)
{
    return digest_dup_into(vctx, malloc(sizeof(digest_ctx)));
}

static void *digest_dupctx_core(void *vctx)
{
    const digest_ctx *in = vctx;

    return digest_dup_into(in, armsha_malloc(in->prov, sizeof(digest_ctx)));
}

#ifdef OSSL_FUNC_DIGEST_COPYCTX
static void digest_copyctx(void *voutctx, void *vinctx)
{
    digest_ctx *out = voutctx;
    const digest_ctx *in = vinctx;

    *out = *in;
}
#define COPYCTX_DISPATCH { OSSL_FUNC_DIGEST_COPYCTX, (void (*)(void))digest_copyctx },
#else
#define COPYCTX_DISPATCH
#endif

/* The default provider's answer to a value it cannot write, with its library and reason.
 * No provider context reaches get_params: raised through the core of the module's first
 * load (the linked libcrypto may not be the application's, core.h). */
COLD static int refuse_get(const OSSL_PARAM *p)
{
    armsha_raise(NULL, ARMSHA_R_OPENSSL(ERR_LIB_PROV, PROV_R_FAILED_TO_SET_PARAMETER), "%s",
                 p->key);
    return 0;
}

static const OSSL_PARAM gettable_params[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
    OSSL_PARAM_END
};

static int digest_get_params_body(const digest_desc *d, OSSL_PARAM params[])
{
    OSSL_PARAM *p;

    /* No provider context here: raised through the first load's core, as refuse_get does. */
    if (armsha_params_repeated(NULL, params, gettable_params))
        return 0;

    /* OSSL_PARAM_set_* accept any number type that holds the value. */
    p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE);
    if (p != NULL && !armsha_param_set_size_t(p, d->info->block_size))
        return refuse_get(p);
    p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE);
    if (p != NULL && !armsha_param_set_size_t(p, d->info->digest_size))
        return refuse_get(p);
    p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF);
    if (p != NULL && !armsha_param_set_int(p, 0))
        return refuse_get(p);
    p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT);
    if (p != NULL && !armsha_param_set_int(p, 1))
        return refuse_get(p);
    return 1;
}

/* What the linked libcrypto raised in there goes to the core (core.h). */
static int digest_get_params(const digest_desc *d, OSSL_PARAM params[])
{
    int ok = digest_get_params_body(d, params);

    armsha_relay_errors();
    return ok;
}

static const OSSL_PARAM *digest_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable_params;
}

/* ---- SHA-1's SSLv3 master secret (as the default provider's ossl_sha1_ctrl) -------- */

#define SSL3_MASTER_SECRET_SIZE 48
#define SSL3_PAD_SIZE 40 /* pad_1 / pad_2 length for SHA-1, RFC 6101 5.2.3.1 */

/* Turns a context holding the handshake messages into one whose final gives the SSLv3
 * CertificateVerify hash: SHA1(ms || pad_2 || SHA1(handshake || ms || pad_1)). */
static int sha1_ssl3_master_secret(digest_ctx *ctx, const unsigned char *ms)
{
    armsha_sha1_ctx *c = &ctx->core.sha1;
    unsigned char pad[SSL3_PAD_SIZE];
    unsigned char inner[ARMSHA_SHA1_DIGEST_SIZE];
    int ok;

    memset(pad, 0x36, sizeof(pad));
    ok = armsha_sha1_update(c, ms, SSL3_MASTER_SECRET_SIZE)
         && armsha_sha1_update(c, pad, sizeof(pad));
    if (!ok) {
        armsha_raise(ctx->prov, ARMSHA_R_MESSAGE_TOO_LONG, "SHA1 with the SSLv3 master secret");
        return 0;
    }
    armsha_sha1_final(c, inner, sizeof(inner));
    ctx->desc->family->init(&ctx->core, ctx->desc->info, &ctx->prov->kernels);
    memset(pad, 0x5c, sizeof(pad));
    /* A fresh context cannot reach the length limit with 108 bytes. */
    armsha_sha1_update(c, ms, SSL3_MASTER_SECRET_SIZE);
    armsha_sha1_update(c, pad, sizeof(pad));
    armsha_sha1_update(c, inner, sizeof(inner));
    armsha_wipe(inner, sizeof(inner));
    return 1;
}

static const OSSL_PARAM sha1_settable_params[] = {
    OSSL_PARAM_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, NULL, 0),
    OSSL_PARAM_END
};

/* What the default provider's SHA-1 beside armsha does with an ssl3-ms that is not an
 * octet string, asked of it on a context of its own: 3.0 to 3.6 ignore it (1), 4.0 hashes a
 * UTF-8 string in as the secret's bytes and refuses other types without an error (0).
 * *applied: whether it hashed the value in (its digest changed). -1: nothing to ask; 0 also
 * when armsha could not allocate what asking takes (raised). */
static int default_sha1_ssl3_ms(const armsha_provctx *pc, const OSSL_PARAM *p, int *applied)
{
    OSSL_PARAM one[2] = { *p, OSSL_PARAM_END };
    unsigned char with[ARMSHA_SHA1_DIGEST_SIZE], without[ARMSHA_SHA1_DIGEST_SIZE];
    unsigned char *stand_in = NULL;
    EVP_MD *md;
    EVP_MD_CTX *a, *b;
    int ret = -1;

    /* 4.0's default reads data_size bytes from data whatever the type: for a pointer type
     * that is past the caller's pointer variable, for NULL data a crash. It is asked about
     * the type and size with zero bytes of its own there (the answer does not depend on
     * the bytes); the caller's value is checked by armsha afterwards. */
    if (p->data_size != 0 && (p->data == NULL || p->data_type == OSSL_PARAM_UTF8_PTR
                              || p->data_type == OSSL_PARAM_OCTET_PTR)) {
        if ((stand_in = armsha_zalloc(pc, p->data_size)) == NULL) {
            armsha_raise(pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes to ask the default provider",
                         p->data_size);
            return 0;
        }
        one[0].data = stand_in;
    }
    armsha_err_set_mark(pc); /* the probe's own errors are not the caller's */
    md = pc->child != NULL ? EVP_MD_fetch(pc->child, "SHA1", ARMSHA_FALLBACK_PROPS) : NULL;
    a = md != NULL ? EVP_MD_CTX_new() : NULL;
    b = md != NULL ? EVP_MD_CTX_new() : NULL;
    if (a != NULL && b != NULL && EVP_DigestInit_ex2(a, md, NULL) && EVP_DigestInit_ex2(b, md, NULL)) {
        ret = EVP_MD_CTX_set_params(a, one) ? 1 : 0;
        *applied = ret == 1 && EVP_DigestFinal_ex(a, with, NULL) && EVP_DigestFinal_ex(b, without, NULL)
                   && memcmp(with, without, sizeof(with)) != 0;
    }
    EVP_MD_CTX_free(a);
    EVP_MD_CTX_free(b);
    EVP_MD_free(md);
    armsha_err_pop_to_mark(pc);
    armsha_free(pc, stand_in);
    return ret;
}

static int sha1_set_ctx_params_body(void *vctx, const OSSL_PARAM params[])
{
    digest_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (ctx == NULL)
        return 0;
    if (params == NULL)
        return 1;
    /* 4.0's SHA-1 (not 3.6's) reads its parameters in the one pass that refuses a name
     * given twice. */
    if (armsha_openssl_at_least(ctx->prov, 4, 0) && armsha_params_repeated(ctx->prov, params, sha1_settable_params))
        return 0;
    p = armsha_param_locate(params, OSSL_DIGEST_PARAM_SSL3_MS);
    if (p == NULL)
        return 1;
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        int applied = 0;

        /* As the default provider of the running OpenSSL: 3.0 to 3.6 ignore a value of
         * another type; 4.0 hashes a UTF-8 string in and refuses the rest without an error. */
        switch (default_sha1_ssl3_ms(ctx->prov, p, &applied)) {
        case 0:
            return 0;
        case 1:
            if (!applied)
                return 1;
            /* 4.0 takes a UTF-8 string's bytes. It "applies" the pointer types too, but
             * hashes 48 bytes from data, which is then the caller's pointer variable (a
             * read past it): a deliberate difference, armsha refuses them with an error. */
            if (p->data_type != OSSL_PARAM_UTF8_STRING) {
                armsha_raise(ctx->prov, ARMSHA_R_WRONG_PARAM_TYPE,
                             "\"%s\" as a pointer: OpenSSL 4.0's default would hash the pointer",
                             OSSL_DIGEST_PARAM_SSL3_MS);
                return 0;
            }
            break; /* the value's bytes are the secret, checked below as an octet string's */
        default:
            /* No default provider to ask (armsha alone in its library context): as the
             * running version's would answer, 3.x ignoring the value, 4.0 taking a UTF-8
             * string's bytes and refusing the rest. */
            if (!armsha_openssl_at_least(ctx->prov, 4, 0))
                return 1;
            if (p->data_type != OSSL_PARAM_UTF8_STRING)
                return 0;
            break;
        }
    }
    /* The default's ossl_sha1_ctrl refuses another length without an error. */
    if (p->data_size != SSL3_MASTER_SECRET_SIZE)
        return 0;
    if (p->data == NULL) /* the default provider hashes 48 bytes from NULL */
        return refuse_null(ctx, "SSLv3 master secret is NULL");
    if (ctx->state != STATE_ACTIVE)
        return refuse_state(ctx);
    return sha1_ssl3_master_secret(ctx, p->data);
}

/* What the linked libcrypto raised in there goes to the core (core.h). */
static int sha1_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    int ok = sha1_set_ctx_params_body(vctx, params);

    armsha_relay_errors();
    return ok;
}

static const OSSL_PARAM *sha1_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return sha1_settable_params;
}

/* ---- EVP_MD_CTX_serialize / deserialize (OpenSSL 4.0 on, SHA-2 only as the default) -- */

#ifdef OSSL_FUNC_DIGEST_SERIALIZE
/* The default provider's answers: a size query with out NULL, 0 for a short buffer, and
 * every refusal without an error on the queue (EVP itself refuses a context that is not
 * initialised or already finalised, with its own error). */
#define DEFINE_FAMILY_SERIALIZE(fam, SIZE)                                                   \
    static int fam##_serialize(void *vctx, unsigned char *out, size_t *outl)                 \
    {                                                                                        \
        digest_ctx *ctx = vctx;                                                              \
                                                                                             \
        if (out == NULL) {                                                                   \
            if (outl == NULL)                                                                \
                return 0;                                                                    \
            *outl = SIZE;                                                                    \
            return 1;                                                                        \
        }                                                                                    \
        if (ctx->state != STATE_ACTIVE || (outl != NULL && *outl < SIZE))                    \
            return 0;                                                                        \
        armsha_##fam##_serialize(&ctx->core.fam, ctx->desc->info->digest_size, out);         \
        if (outl != NULL)                                                                    \
            *outl = SIZE;                                                                    \
        return 1;                                                                            \
    }                                                                                        \
    static int fam##_deserialize(void *vctx, const unsigned char *in, size_t inl)            \
    {                                                                                        \
        digest_ctx *ctx = vctx;                                                              \
                                                                                             \
        /* A context never initialised has no kernel yet (the default's has no digest  */   \
        /* length and refuses too). */                                                       \
        if (ctx->state == STATE_NEW)                                                         \
            return 0;                                                                        \
        /* Final wiped the core, its kernel pointer with it: the default's context keeps */ \
        /* its digest length there and takes the state, so armsha starts the core again */  \
        /* (kernel and all) before the blob overwrites the rest. */                          \
        if (ctx->state == STATE_FINISHED)                                                    \
            ctx->desc->family->init(&ctx->core, ctx->desc->info, &ctx->prov->kernels);       \
        if (!armsha_##fam##_deserialize(&ctx->core.fam, ctx->desc->info->digest_size, in,    \
                                        inl)) {                                              \
            if (ctx->state == STATE_FINISHED) /* as final left it */                         \
                ctx->desc->family->cleanse(ctx);                                             \
            return 0;                                                                        \
        }                                                                                    \
        ctx->state = STATE_ACTIVE;                                                           \
        return 1;                                                                            \
    }

DEFINE_FAMILY_SERIALIZE(sha256, ARMSHA_SHA256_STATE_SIZE)
DEFINE_FAMILY_SERIALIZE(sha512, ARMSHA_SHA512_STATE_SIZE)

#define SERIALIZE_DISPATCH(fam)                                                              \
    { OSSL_FUNC_DIGEST_SERIALIZE, (void (*)(void))fam##_serialize },                         \
    { OSSL_FUNC_DIGEST_DESERIALIZE, (void (*)(void))fam##_deserialize },
#else
#define SERIALIZE_DISPATCH(fam)
#endif

/* Dispatch entries a family adds to its algorithms' tables (as the default provider). */
#define FAMILY_DISPATCH_sha1                                                                \
    { OSSL_FUNC_DIGEST_SET_CTX_PARAMS, (void (*)(void))sha1_set_ctx_params },               \
    { OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, (void (*)(void))sha1_settable_ctx_params },
#define FAMILY_DISPATCH_sha256 SERIALIZE_DISPATCH(sha256)
#define FAMILY_DISPATCH_sha512 SERIALIZE_DISPATCH(sha512)

/* ---- The algorithms ---------------------------------------------------------------- */

/* One line per algorithm: its C name, its index in armsha_digests (names, IV), its family
 * (core and dispatch functions), and its digest size once more as a constant for final
 * (the tests compare what final writes with the default provider's digests). */
#define ARMSHA_DIGESTS(X)                                                        \
    X(sha1, ARMSHA_DIGEST_SHA1, sha1, ARMSHA_SHA1_DIGEST_SIZE)                   \
    X(sha224, ARMSHA_DIGEST_SHA224, sha256, ARMSHA_SHA224_DIGEST_SIZE)           \
    X(sha256, ARMSHA_DIGEST_SHA256, sha256, ARMSHA_SHA256_DIGEST_SIZE)           \
    X(sha384, ARMSHA_DIGEST_SHA384, sha512, ARMSHA_SHA384_DIGEST_SIZE)           \
    X(sha512, ARMSHA_DIGEST_SHA512, sha512, ARMSHA_SHA512_DIGEST_SIZE)           \
    X(sha512_224, ARMSHA_DIGEST_SHA512_224, sha512, ARMSHA_SHA512_224_DIGEST_SIZE) \
    X(sha512_256, ARMSHA_DIGEST_SHA512_256, sha512, ARMSHA_SHA512_256_DIGEST_SIZE)

/* OpenSSL passes no algorithm to newctx, get_params or the one-shot digest, so each
 * algorithm gets these trampolines that name its descriptor; the rest is shared. */
#define DEFINE_DIGEST(id, index, fam, size)                                                 \
    static const digest_desc id##_desc = { &armsha_digests[index], &fam##_family };          \
    static int id##_final(void *vctx, unsigned char *out, size_t *outl, size_t outsz)        \
    {                                                                                        \
        return fam##_final_sized(vctx, out, outl, outsz, size);                              \
    }                                                                                        \
    static void *id##_newctx(void *provctx)                                                  \
    {                                                                                        \
        return digest_newctx(&id##_desc, provctx, malloc(sizeof(digest_ctx)));               \
    }                                                                                        \
    static void *id##_newctx_core(void *provctx)                                             \
    {                                                                                        \
        return digest_newctx(&id##_desc, provctx, armsha_malloc(provctx, sizeof(digest_ctx))); \
    }                                                                                        \
    static int id##_get_params(OSSL_PARAM params[])                                          \
    {                                                                                        \
        return digest_get_params(&id##_desc, params);                                        \
    }                                                                                        \
    static int id##_digest(void *provctx, const unsigned char *in, size_t inl,               \
                           unsigned char *out, size_t *outl, size_t outsz)                   \
    {                                                                                        \
        return digest_oneshot(&id##_desc, fam##_update, id##_final, provctx, in, inl, out,   \
                              outl, outsz);                                                  \
    }                                                                                        \
    DIGEST_TABLE(id, fam, )                                                                  \
    DIGEST_TABLE(id, fam, _core)

/* An algorithm's dispatch table; alloc: empty (libc's malloc and free) or _core. */
#define DIGEST_TABLE(id, fam, alloc)                                                         \
    static const OSSL_DISPATCH id##_functions##alloc[] = {                                   \
        { OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))id##_newctx##alloc },                     \
        { OSSL_FUNC_DIGEST_INIT, (void (*)(void))digest_init },                              \
        { OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))fam##_update },                           \
        { OSSL_FUNC_DIGEST_FINAL, (void (*)(void))id##_final },                              \
        { OSSL_FUNC_DIGEST_DIGEST, (void (*)(void))id##_digest },                            \
        { OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))digest_freectx##alloc },                 \
        { OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))digest_dupctx##alloc },                   \
        COPYCTX_DISPATCH                                                                     \
        { OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))id##_get_params },                    \
        { OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))digest_gettable_params },        \
        FAMILY_DISPATCH_##fam                                                                \
        { 0, NULL }                                                                          \
    };

ARMSHA_DIGESTS(DEFINE_DIGEST)

#define DISPATCH_ENTRY(id, index, fam, size) [index] = id##_functions,
#define DISPATCH_ENTRY_CORE(id, index, fam, size) [index] = id##_functions_core,

static const OSSL_DISPATCH *const digest_dispatch[ARMSHA_NDIGESTS] = {
    ARMSHA_DIGESTS(DISPATCH_ENTRY)
};
static const OSSL_DISPATCH *const digest_dispatch_core[ARMSHA_NDIGESTS] = {
    ARMSHA_DIGESTS(DISPATCH_ENTRY_CORE)
};

void armsha_digest_algorithms(OSSL_ALGORITHM algs[ARMSHA_NDIGESTS + 1], unsigned families,
                              int core_allocator)
{
    const OSSL_DISPATCH *const *tables = core_allocator ? digest_dispatch_core : digest_dispatch;
    size_t n = 0;

    for (size_t i = 0; i < ARMSHA_NDIGESTS; i++)
        if (families & armsha_digests[i].family)
            algs[n++] = (OSSL_ALGORITHM){armsha_digests[i].names, ARMSHA_PROPERTIES,
                                         tables[i], NULL};
    algs[n] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
}
