/* The parameter differential (issue 15): every parameter that armsha's or the default
 * provider's digests, HMAC and PBKDF2 list as settable or gettable (read from the lists
 * themselves), and a few they do not list, tried with every OSSL_PARAM type and shape
 * (values, NULL data with size 0 and with a size, size 0 with data, one byte short and one
 * long, unterminated and empty strings, a NULL pointee, the parameter given twice), before
 * init, after init, after final and on a dup, on armsha and on the default provider in one
 * process; each step's return value, output bytes and error queue (library, reason) must be
 * the same. The default provider is alone in its library context (its HMAC and PBKDF2 run
 * on its own digests); armsha has default beside it, as a system has them.
 *
 * Deliberate differences are listed in `deliberate` below, with their reasons, and nowhere
 * else. argv[1], when given, runs only the kinds whose name contains it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "helper.h"
#include "param_outcome.h"

/* ---- parameter types and shapes ------------------------------------------------------ */

typedef struct ptype {
    unsigned type;
    size_t width; /* numbers: bytes; 0 for strings */
    const char *name;
} ptype;

static const ptype types[] = {
    {OSSL_PARAM_INTEGER, 1, "int8"},           {OSSL_PARAM_INTEGER, 2, "int16"},
    {OSSL_PARAM_INTEGER, 4, "int32"},          {OSSL_PARAM_INTEGER, 8, "int64"},
    {OSSL_PARAM_UNSIGNED_INTEGER, 1, "uint8"}, {OSSL_PARAM_UNSIGNED_INTEGER, 2, "uint16"},
    {OSSL_PARAM_UNSIGNED_INTEGER, 4, "uint32"}, {OSSL_PARAM_UNSIGNED_INTEGER, 8, "uint64"},
    {OSSL_PARAM_REAL, sizeof(double), "real"}, {OSSL_PARAM_UTF8_STRING, 0, "utf8"},
    {OSSL_PARAM_OCTET_STRING, 0, "octets"},    {OSSL_PARAM_UTF8_PTR, 0, "utf8ptr"},
    {OSSL_PARAM_OCTET_PTR, 0, "octetptr"},
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

enum shape {
    SH_VALUE,        /* each value of the type's list */
    SH_NULL0,        /* data NULL, size 0 */
    SH_NULLSZ,       /* data NULL, the value's size */
    SH_SIZE0,        /* data, size 0 */
    SH_SHORT,        /* one byte short */
    SH_LONG,         /* one byte long */
    SH_UNTERMINATED, /* UTF8: no NUL after data_size bytes (other bytes, then a NUL) */
    SH_EMPTY,        /* strings: "" / no bytes */
    SH_NULL_POINTEE, /* pointers: the pointer variable holds NULL */
    SH_TWICE,        /* the parameter twice: the first value, then another */
    NSHAPES
};
static const char *const shape_names[NSHAPES] = {
    "value", "NULL data size 0", "NULL data with a size", "size 0 with data", "one short",
    "one long", "unterminated", "empty", "NULL pointee", "given twice",
};

static const char *const strings[] = {"SHA2-256", "SHA3-256", "provider=default", "armsha-nonesuch"};
#define NSTRINGS 4
static const size_t octet_lens[] = {48, 16, 1};
#define NOCTETS 3
#define NNUMBERS 4

/* Storage for one parameter (twice for SH_TWICE). */
typedef struct pbuf {
    union { int64_t i; uint64_t u; double d; unsigned char b[16]; } num[2];
    char str[2][64];
    unsigned char oct[2][64];
    const void *ptr[2];
} pbuf;

static size_t nvalues(const ptype *t)
{
    if (t->width != 0)
        return NNUMBERS;
    return t->type == OSSL_PARAM_UTF8_STRING || t->type == OSSL_PARAM_UTF8_PTR ? NSTRINGS : NOCTETS;
}

static int is_string(const ptype *t)
{
    return t->width == 0;
}

static int is_utf8(const ptype *t)
{
    return t->type == OSSL_PARAM_UTF8_STRING || t->type == OSSL_PARAM_UTF8_PTR;
}

static int is_ptr(const ptype *t)
{
    return t->type == OSSL_PARAM_UTF8_PTR || t->type == OSSL_PARAM_OCTET_PTR;
}

/* Writes value v of type t into slot k of b (numbers in the host's order, as OSSL_PARAM has
 * them); returns its natural size. */
static size_t put_value(const ptype *t, size_t v, pbuf *b, int k)
{
    static const int64_t ivals[NNUMBERS] = {0, 1, 48, -1};
    static const double dvals[NNUMBERS] = {0.0, 1.0, 48.0, -1.5};

    memset(&b->num[k], 0, sizeof(b->num[k]));
    if (t->type == OSSL_PARAM_REAL) {
        b->num[k].d = dvals[v];
    } else if (t->width != 0) {
        uint64_t x = v < 3 ? (uint64_t)ivals[v]
                           : (t->type == OSSL_PARAM_INTEGER ? (uint64_t)-1
                                                            : (t->width == 8 ? UINT64_MAX
                                                                             : ((uint64_t)1 << (8 * t->width)) - 1));
        /* The value in the low `width` bytes, as a C integer of that width. */
        switch (t->width) {
        case 1: { uint8_t y = (uint8_t)x; memcpy(b->num[k].b, &y, 1); break; }
        case 2: { uint16_t y = (uint16_t)x; memcpy(b->num[k].b, &y, 2); break; }
        case 4: { uint32_t y = (uint32_t)x; memcpy(b->num[k].b, &y, 4); break; }
        default: memcpy(b->num[k].b, &x, 8); break;
        }
    }
    if (t->width != 0)
        return t->width;
    if (is_utf8(t)) {
        /* Unterminated: the bytes past data_size are not a NUL (but a NUL follows them). */
        snprintf(b->str[k], sizeof(b->str[k]), "%sXYZ", strings[v]);
        b->str[k][strlen(strings[v])] = '\0';
        b->ptr[k] = b->str[k];
        return strlen(strings[v]);
    }
    for (size_t i = 0; i < sizeof(b->oct[k]); i++)
        b->oct[k][i] = (unsigned char)(0xa5 ^ (i * 7) ^ (unsigned)v);
    b->ptr[k] = b->oct[k];
    return octet_lens[v];
}

/* The parameter key of type t in shape sh (value v) into out[0] (and out[1] for SH_TWICE);
 * returns how many, 0 when the shape does not apply to the type. */
static int make_param(const char *key, const ptype *t, int sh, size_t v, pbuf *b, OSSL_PARAM *out)
{
    size_t size;
    void *data;

    if ((sh == SH_UNTERMINATED && !is_utf8(t)) || (sh == SH_EMPTY && !is_string(t))
        || (sh == SH_NULL_POINTEE && !is_ptr(t)) || (sh != SH_VALUE && v != 0))
        return 0;
    memset(b, 0, sizeof(*b));
    size = put_value(t, v, b, 0);
    data = t->width != 0 ? (void *)b->num[0].b : is_ptr(t) ? (void *)&b->ptr[0]
           : is_utf8(t) ? (void *)b->str[0] : (void *)b->oct[0];
    switch (sh) {
    case SH_NULL0: data = NULL; size = 0; break;
    case SH_NULLSZ: data = NULL; break;
    case SH_SIZE0: size = 0; break;
    case SH_SHORT: size = size > 0 ? size - 1 : 0; break;
    case SH_LONG: size++; break;
    case SH_UNTERMINATED:
        b->str[0][size] = 'X';
        break;
    case SH_EMPTY:
        b->str[0][0] = '\0';
        size = 0;
        break;
    case SH_NULL_POINTEE: b->ptr[0] = NULL; break;
    default: break;
    }
    out[0].key = key;
    out[0].data_type = t->type;
    out[0].data = data;
    out[0].data_size = size;
    out[0].return_size = OSSL_PARAM_UNMODIFIED;
    if (sh != SH_TWICE)
        return 1;
    size = put_value(t, 1, b, 1);
    out[1] = out[0];
    out[1].data = t->width != 0 ? (void *)b->num[1].b : is_ptr(t) ? (void *)&b->ptr[1]
                  : is_utf8(t) ? (void *)b->str[1] : (void *)b->oct[1];
    out[1].data_size = size;
    return 2;
}

/* ---- the algorithms, their kinds of parameter and the stages ------------------------- */

static OSSL_LIB_CTX *libs[2]; /* default alone; armsha with default */
static const char *const props[2] = {"provider=default", "provider=armsha"};

enum kind { K_MD_GET, K_MD_SET, K_MD_CTXGET, K_MAC_GET, K_MAC_SET, K_MAC_CTXGET, K_KDF_GET,
            K_KDF_SET, K_KDF_CTXGET, NKINDS };
static const char *const kind_names[NKINDS] = {
    "digest get_params", "digest set_ctx_params", "digest get_ctx_params", "HMAC get_params",
    "HMAC set_ctx_params", "HMAC get_ctx_params", "PBKDF2 get_params", "PBKDF2 set_ctx_params",
    "PBKDF2 get_ctx_params",
};

enum stage { ST_NEW, ST_INIT, ST_ACTIVE, ST_FINAL, ST_DUP, NSTAGES };
static const char *const stage_names[NSTAGES] = {
    "before init", "with init", "after init", "after final", "on a dup"
};

static const char *const md_names[] = {"SHA1", "SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512",
                                       "SHA2-512/224", "SHA2-512/256"};
#define NMDS (sizeof(md_names) / sizeof(md_names[0]))
/* HMAC's and PBKDF2's digest: on armsha's core, and one handed to the default provider. */
static const char *const bases[] = {"SHA2-256", "SHA3-256"};
#define NBASES 2

static const unsigned char key[] = "0123456789abcdef0123456789abcdef";
static const unsigned char msg[] = "the message, in more than one update.";

/* A scenario's steps on one provider. */
#define MAXSTEPS 24
typedef struct steps {
    int n;
    outcome o[MAXSTEPS];
    const char *label[MAXSTEPS];
} steps;

static void step(steps *s, const char *label, int ret, const void *out, size_t outlen)
{
    if (s->n < MAXSTEPS) {
        s->label[s->n] = label;
        outcome_take(&s->o[s->n++], ret, out, outlen);
    }
}

/* What one scenario is: the kind, the algorithm, the parameters, the stage. */
typedef struct scen {
    enum kind kind;
    const char *alg;  /* digest name, or HMAC's / PBKDF2's base digest */
    const OSSL_PARAM *par; /* the parameter(s) under test, ended */
    enum stage stage;
    int noinit_on;    /* par sets digest-noinit to non-zero */
    int oneshot_on;   /* par sets digest-oneshot to non-zero */
    int slow;         /* par sets PBKDF2's iterations beyond what a test can derive */
    int listed;       /* par's name is in the default provider's list */
    unsigned expect;  /* then the type that list gives it */
} scen;

/* ---- deliberate differences ---------------------------------------------------------- */

/* A difference is deliberate at the step where the default provider accepts (returns 1)
 * and armsha refuses (returns 0, with an error); from there on the states differ. */
typedef struct deliberate {
    enum kind kind;
    const char *param;  /* the parameter under test */
    int stage;
    const char *step;   /* the step's label */
    const char *why;
    unsigned long hits;
} deliberate;

static deliberate deliberate_list[] = {
    {K_MD_SET, OSSL_DIGEST_PARAM_SSL3_MS, ST_FINAL, "param",
     "SHA-1 ssl3-ms on a finished context: armsha refuses (already finalised), as it refuses "
     "every update after final; the default provider hashes on into the finished state", 0},
    {K_MAC_SET, OSSL_MAC_PARAM_DIGEST_ONESHOT, ST_ACTIVE, "param",
     "digest-oneshot after part of the message on armsha's core: refused with a reason (the "
     "hashed bytes cannot move to the default's HMAC, whose output then is neither the MAC "
     "of the message nor of its last update)", 0},
    {K_MAC_SET, OSSL_MAC_PARAM_DIGEST_ONESHOT, ST_DUP, "param",
     "digest-oneshot after part of the message, on a dup: as after init", 0},
};
#define NDELIBERATE (sizeof(deliberate_list) / sizeof(deliberate_list[0]))

static int is_get(enum kind k)
{
    return k == K_MD_GET || k == K_MD_CTXGET || k == K_MAC_GET || k == K_MAC_CTXGET
           || k == K_KDF_GET || k == K_KDF_CTXGET;
}

static int is_ctx(enum kind k)
{
    return k != K_MD_GET && k != K_MAC_GET && k != K_KDF_GET;
}

/* Not run on the default provider, because it crashes there (or answers by chance, in
 * libcrypto's own code); armsha must refuse (return 0). */
static int default_crashes(const scen *sc)
{
    const OSSL_PARAM *p = sc->par;

    /* It copies (HMAC key) or hashes (SHA-1 ssl3-ms, 48 bytes) data_size bytes from NULL. */
    if (!sc->listed)
        return 0;
    if (p->data == NULL && p->data_size != 0 && p->data_type == OSSL_PARAM_OCTET_STRING
        && ((sc->kind == K_MAC_SET && strcmp(p->key, OSSL_MAC_PARAM_KEY) == 0)
            || (sc->kind == K_MD_SET && strcmp(p->key, OSSL_DIGEST_PARAM_SSL3_MS) == 0
                && p->data_size == 48 && strcmp(sc->alg, "SHA1") == 0)))
        return 1;
    /* libcrypto's OSSL_PARAM_get_* read a number through NULL data. */
    if (!is_get(sc->kind) && p->data == NULL
        && (sc->expect == OSSL_PARAM_INTEGER || sc->expect == OSSL_PARAM_UNSIGNED_INTEGER)
        && (p->data_type == OSSL_PARAM_INTEGER || p->data_type == OSSL_PARAM_UNSIGNED_INTEGER
            || p->data_type == OSSL_PARAM_REAL))
        return 1;
    /* libcrypto's OSSL_PARAM_set_* (3.0) writes a REAL through NULL data with a size; into
     * a signed integer of 0 bytes it reads the byte before the value (copy_integer's
     * src[-1]), so that the default's answer is chance there. */
    if (is_get(sc->kind) && p->data_type == OSSL_PARAM_REAL && p->data == NULL
        && p->data_size != 0)
        return 1;
    if (is_get(sc->kind) && p->data_type == OSSL_PARAM_INTEGER && p->data != NULL
        && p->data_size == 0)
        return 1;
    return 0;
}

static unsigned long skipped_crash, skipped_slow, ncombos, nscenarios;

/* ---- scenarios ------------------------------------------------------------------------ */

static OSSL_PARAM *with_base(OSSL_PARAM *buf, const OSSL_PARAM *par, const OSSL_PARAM *base)
{
    OSSL_PARAM *q = buf;

    for (; par->key != NULL; par++)
        *q++ = *par;
    for (; base->key != NULL; base++)
        *q++ = *base;
    *q = OSSL_PARAM_construct_end();
    return buf;
}

static void md_final(EVP_MD_CTX *c, steps *s)
{
    unsigned char out[64];
    unsigned int outl = 0;
    int ok;

    memset(out, 0, sizeof(out));
    ok = EVP_DigestFinal_ex(c, out, &outl);
    step(s, "final", ok, out, ok ? outl : 0);
}

static void md_set_scenario(int p, const scen *sc, steps *s)
{
    EVP_MD *md = EVP_MD_fetch(libs[p], sc->alg, props[p]);
    EVP_MD_CTX *c = EVP_MD_CTX_new(), *d = NULL;

    switch (sc->stage) {
    case ST_NEW:
        step(s, "param", EVP_MD_CTX_set_params(c, sc->par), NULL, 0);
        step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 20), NULL, 0);
        md_final(c, s);
        break;
    case ST_INIT:
        step(s, "param", EVP_DigestInit_ex2(c, md, sc->par), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 20), NULL, 0);
        md_final(c, s);
        break;
    case ST_ACTIVE:
        step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 20), NULL, 0);
        step(s, "param", EVP_MD_CTX_set_params(c, sc->par), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 5), NULL, 0);
        md_final(c, s);
        break;
    case ST_FINAL:
        step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 20), NULL, 0);
        md_final(c, s);
        step(s, "param", EVP_MD_CTX_set_params(c, sc->par), NULL, 0);
        step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 7), NULL, 0);
        md_final(c, s);
        break;
    default:
        step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        step(s, "update", EVP_DigestUpdate(c, msg, 20), NULL, 0);
        d = EVP_MD_CTX_new();
        step(s, "dup", EVP_MD_CTX_copy_ex(d, c), NULL, 0);
        step(s, "param", EVP_MD_CTX_set_params(d, sc->par), NULL, 0);
        step(s, "update", EVP_DigestUpdate(d, msg, 3), NULL, 0);
        md_final(d, s);
        md_final(c, s);
        break;
    }
    EVP_MD_CTX_free(d);
    EVP_MD_CTX_free(c);
    EVP_MD_free(md);
}

/* Gets: the receiving parameter's bytes and return_size are the output. */
static void get_step(steps *s, const char *label, int ret, const OSSL_PARAM *par)
{
    unsigned char out[OUTCOME_MAX_OUT];
    size_t n = 0;

    memset(out, 0, sizeof(out));
    for (; par->key != NULL && n + 80 <= sizeof(out); par++) {
        size_t rs = par->return_size;

        memcpy(out + n, &rs, sizeof(rs));
        n += sizeof(rs);
        /* A pointer's value is an address of the provider's; only numbers and strings. */
        if (par->data != NULL && par->data_type != OSSL_PARAM_UTF8_PTR
            && par->data_type != OSSL_PARAM_OCTET_PTR) {
            size_t m = par->data_size < 64 ? par->data_size : 64;

            memcpy(out + n, par->data, m);
            n += m;
        }
    }
    step(s, label, ret, out, n);
}

static void mac_finish(EVP_MAC_CTX *c, const scen *sc, steps *s)
{
    unsigned char out[64];
    size_t outl = 0;
    int ok;

    step(s, "update", EVP_MAC_update(c, msg, 10), NULL, 0);
    step(s, "update", EVP_MAC_update(c, msg + 10, sizeof(msg) - 10), NULL, 0);
    if (sc->noinit_on)
        return; /* see noinit_stop */
    memset(out, 0, sizeof(out));
    ok = EVP_MAC_final(c, out, &outl, sizeof(out));
    /* With digest-oneshot OpenSSL 3.0's HMAC_Final leaves the length it reports unset. */
    if (sc->oneshot_on)
        outl = EVP_MAC_CTX_get_mac_size(c);
    step(s, "final", ok, out, ok ? outl : 0);
}

static int mac_key(EVP_MAC_CTX *c, const char *md)
{
    OSSL_PARAM par[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0),
                        OSSL_PARAM_construct_end()};

    return EVP_MAC_init(c, key, sizeof(key) - 1, par);
}

/* After a digest-noinit that took, on a context OpenSSL's HMAC keyed before, its own final
 * and re-init corrupt the heap (OpenSSL 3.0: a double free later): updates only. */
static int noinit_stop(const scen *sc, const steps *s)
{
    return sc->noinit_on && s->o[s->n - 1].ret == 1;
}

static void mac_set_scenario(int p, const scen *sc, steps *s)
{
    EVP_MAC *mac = EVP_MAC_fetch(libs[p], "HMAC", props[p]);
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac), *d = NULL;
    OSSL_PARAM base[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)sc->alg, 0),
                         OSSL_PARAM_construct_end()};
    OSSL_PARAM buf[8];

    switch (sc->stage) {
    case ST_NEW:
        step(s, "param", EVP_MAC_CTX_set_params(c, sc->par), NULL, 0);
        step(s, "init", EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
        mac_finish(c, sc, s);
        if (!sc->noinit_on) {
            step(s, "init", EVP_MAC_init(c, key, 9, base), NULL, 0);
            mac_finish(c, sc, s);
        }
        break;
    case ST_INIT:
        step(s, "param", EVP_MAC_init(c, key, sizeof(key) - 1, with_base(buf, sc->par, base)), NULL, 0);
        mac_finish(c, sc, s);
        break;
    case ST_ACTIVE:
        step(s, "init", mac_key(c, sc->alg), NULL, 0);
        step(s, "update", EVP_MAC_update(c, msg, 5), NULL, 0);
        step(s, "param", EVP_MAC_CTX_set_params(c, sc->par), NULL, 0);
        if (noinit_stop(sc, s)) {
            mac_finish(c, sc, s);
            break;
        }
        mac_finish(c, sc, s);
        step(s, "init", EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
        mac_finish(c, sc, s);
        break;
    case ST_FINAL:
        step(s, "init", mac_key(c, sc->alg), NULL, 0);
        mac_finish(c, sc, s);
        step(s, "param", EVP_MAC_CTX_set_params(c, sc->par), NULL, 0);
        if (noinit_stop(sc, s))
            break;
        step(s, "init", EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
        mac_finish(c, sc, s);
        break;
    default:
        step(s, "init", mac_key(c, sc->alg), NULL, 0);
        step(s, "update", EVP_MAC_update(c, msg, 5), NULL, 0);
        d = EVP_MAC_CTX_dup(c);
        step(s, "dup", d != NULL, NULL, 0);
        if (d != NULL) {
            step(s, "param", EVP_MAC_CTX_set_params(d, sc->par), NULL, 0);
            mac_finish(d, sc, s);
        }
        mac_finish(c, sc, s);
        break;
    }
    EVP_MAC_CTX_free(d);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

static void kdf_derive(EVP_KDF_CTX *c, const OSSL_PARAM *par, const scen *sc, steps *s,
                       const char *label)
{
    unsigned char out[32];
    int ok;

    if (sc->slow)
        return;
    memset(out, 0, sizeof(out));
    ok = EVP_KDF_derive(c, out, sizeof(out), par);
    step(s, label, ok, out, ok ? sizeof(out) : 0);
}

static void kdf_set_scenario(int p, const scen *sc, steps *s)
{
    EVP_KDF *kdf = EVP_KDF_fetch(libs[p], "PBKDF2", props[p]);
    EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdf), *d = NULL;
    uint64_t iter = 3;
    OSSL_PARAM base[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)sc->alg, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)key, 8),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)(key + 8), 16),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
        OSSL_PARAM_construct_end()};
    OSSL_PARAM buf[10];

    switch (sc->stage) {
    case ST_NEW:
        step(s, "param", EVP_KDF_CTX_set_params(c, sc->par), NULL, 0);
        kdf_derive(c, NULL, sc, s, "derive");
        break;
    case ST_INIT:
        kdf_derive(c, with_base(buf, sc->par, base), sc, s, "param");
        break;
    case ST_ACTIVE:
        step(s, "set", EVP_KDF_CTX_set_params(c, base), NULL, 0);
        step(s, "param", EVP_KDF_CTX_set_params(c, sc->par), NULL, 0);
        kdf_derive(c, NULL, sc, s, "derive");
        break;
    case ST_FINAL:
        step(s, "set", EVP_KDF_CTX_set_params(c, base), NULL, 0);
        kdf_derive(c, NULL, sc, s, "derive");
        step(s, "param", EVP_KDF_CTX_set_params(c, sc->par), NULL, 0);
        kdf_derive(c, NULL, sc, s, "derive");
        break;
    default:
        step(s, "set", EVP_KDF_CTX_set_params(c, base), NULL, 0);
        d = EVP_KDF_CTX_dup(c);
        step(s, "dup", d != NULL, NULL, 0);
        if (d != NULL) {
            step(s, "param", EVP_KDF_CTX_set_params(d, sc->par), NULL, 0);
            kdf_derive(d, NULL, sc, s, "derive");
        }
        kdf_derive(c, NULL, sc, s, "derive");
        break;
    }
    EVP_KDF_CTX_free(d);
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
}

/* Gets on a context: the stage sets it up (HMAC keyed with the base digest; PBKDF2 with
 * its base values), then the get. */
static void ctx_get_scenario(int p, const scen *sc, steps *s)
{
    OSSL_PARAM par[4];

    for (int i = 0; i < 3 && sc->par[i].key != NULL; i++)
        par[i] = sc->par[i];
    par[sc->par[1].key != NULL ? 2 : 1] = OSSL_PARAM_construct_end();
    if (sc->kind == K_MD_CTXGET) {
        EVP_MD *md = EVP_MD_fetch(libs[p], sc->alg, props[p]);
        EVP_MD_CTX *c = EVP_MD_CTX_new();

        if (sc->stage != ST_NEW)
            step(s, "init", EVP_DigestInit_ex2(c, md, NULL), NULL, 0);
        if (sc->stage == ST_FINAL)
            md_final(c, s);
        get_step(s, "param", EVP_MD_CTX_get_params(c, par), par);
        EVP_MD_CTX_free(c);
        EVP_MD_free(md);
    } else if (sc->kind == K_MAC_CTXGET) {
        EVP_MAC *mac = EVP_MAC_fetch(libs[p], "HMAC", props[p]);
        EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac), *d = NULL;

        if (sc->stage != ST_NEW)
            step(s, "init", mac_key(c, sc->alg), NULL, 0);
        if (sc->stage == ST_FINAL)
            mac_finish(c, sc, s);
        if (sc->stage == ST_DUP && (d = EVP_MAC_CTX_dup(c)) != NULL) {
            EVP_MAC_CTX_free(c);
            c = d;
        }
        get_step(s, "param", EVP_MAC_CTX_get_params(c, par), par);
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(mac);
    } else {
        EVP_KDF *kdf = EVP_KDF_fetch(libs[p], "PBKDF2", props[p]);
        EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdf), *d = NULL;

        if (sc->stage == ST_DUP && (d = EVP_KDF_CTX_dup(c)) != NULL) {
            EVP_KDF_CTX_free(c);
            c = d;
        }
        get_step(s, "param", EVP_KDF_CTX_get_params(c, par), par);
        EVP_KDF_CTX_free(c);
        EVP_KDF_free(kdf);
    }
}

static void alg_get_scenario(int p, const scen *sc, steps *s)
{
    OSSL_PARAM par[4];

    for (int i = 0; i < 3 && sc->par[i].key != NULL; i++)
        par[i] = sc->par[i];
    par[sc->par[1].key != NULL ? 2 : 1] = OSSL_PARAM_construct_end();
    if (sc->kind == K_MD_GET) {
        EVP_MD *md = EVP_MD_fetch(libs[p], sc->alg, props[p]);

        get_step(s, "param", EVP_MD_get_params(md, par), par);
        EVP_MD_free(md);
    } else if (sc->kind == K_MAC_GET) {
        EVP_MAC *mac = EVP_MAC_fetch(libs[p], "HMAC", props[p]);

        get_step(s, "param", EVP_MAC_get_params(mac, par), par);
        EVP_MAC_free(mac);
    } else {
        EVP_KDF *kdf = EVP_KDF_fetch(libs[p], "PBKDF2", props[p]);

        get_step(s, "param", EVP_KDF_get_params(kdf, par), par);
        EVP_KDF_free(kdf);
    }
}

static void run_one(int p, const scen *sc, steps *s)
{
    switch (sc->kind) {
    case K_MD_SET: md_set_scenario(p, sc, s); break;
    case K_MAC_SET: mac_set_scenario(p, sc, s); break;
    case K_KDF_SET: kdf_set_scenario(p, sc, s); break;
    case K_MD_CTXGET: case K_MAC_CTXGET: case K_KDF_CTXGET: ctx_get_scenario(p, sc, s); break;
    default: alg_get_scenario(p, sc, s); break;
    }
}

static deliberate *find_deliberate(const scen *sc, const char *label, const outcome *od,
                                   const outcome *oa)
{
    if (od->ret != 1 || oa->ret != 0 || oa->nerr == 0)
        return NULL;
    for (size_t i = 0; i < NDELIBERATE; i++) {
        deliberate *d = &deliberate_list[i];

        if (d->kind == sc->kind && strcmp(d->param, sc->par->key) == 0
            && d->stage == (int)sc->stage && strcmp(d->step, label) == 0)
            return d;
    }
    return NULL;
}

static void compare(const scen *sc, const char *what)
{
    static steps s[2];
    char why[700];

    nscenarios++;
    for (int p = 0; p < 2; p++) {
        memset(&s[p], 0, sizeof(s[p]));
        ERR_clear_error();
    }
    if (default_crashes(sc)) {
        run_one(1, sc, &s[1]);
        skipped_crash++;
        for (int i = 0; i < s[1].n; i++)
            if (strcmp(s[1].label[i], "param") == 0) {
                CHECK(s[1].o[i].ret == 0, "%s: armsha accepts what crashes the default provider",
                      what);
                break;
            }
        return;
    }
    run_one(0, sc, &s[0]);
    run_one(1, sc, &s[1]);
    armsha_test_checks++;
    if (s[0].n != s[1].n) {
        armsha_test_fail(__FILE__, __LINE__, "%s: %d steps on default, %d on armsha", what, s[0].n,
                         s[1].n);
        return;
    }
    for (int i = 0; i < s[0].n; i++) {
        deliberate *d;

        if (outcome_same(&s[0].o[i], &s[1].o[i], why, sizeof(why)))
            continue;
        if ((d = find_deliberate(sc, s[0].label[i], &s[0].o[i], &s[1].o[i])) != NULL) {
            d->hits++;
            return; /* the states differ from here on, by design */
        }
        armsha_test_fail(__FILE__, __LINE__, "%s, step %d (%s): default %s", what, i + 1,
                         s[0].label[i], why);
        return;
    }
}

/* ---- the parameter lists ----------------------------------------------------------------- */

#define MAXNAMES 32
typedef struct names {
    int n;
    const char *key[MAXNAMES];
} names;

static void add_name(names *ns, const char *k)
{
    for (int i = 0; i < ns->n; i++)
        if (strcmp(ns->key[i], k) == 0)
            return;
    if (ns->n < MAXNAMES)
        ns->key[ns->n++] = k;
}

static void add_list(names *ns, const OSSL_PARAM *l)
{
    for (; l != NULL && l->key != NULL; l++)
        add_name(ns, l->key);
}

/* The list of kind k for algorithm alg on provider p (the key strings live as long as the
 * provider). */
static const OSSL_PARAM *list_of(enum kind k, int p, const char *alg)
{
    const OSSL_PARAM *l = NULL;

    if (k <= K_MD_CTXGET) {
        EVP_MD *md = EVP_MD_fetch(libs[p], alg, props[p]);

        l = k == K_MD_GET ? EVP_MD_gettable_params(md)
            : k == K_MD_SET ? EVP_MD_settable_ctx_params(md) : EVP_MD_gettable_ctx_params(md);
        EVP_MD_free(md);
    } else if (k <= K_MAC_CTXGET) {
        EVP_MAC *mac = EVP_MAC_fetch(libs[p], "HMAC", props[p]);

        l = k == K_MAC_GET ? EVP_MAC_gettable_params(mac)
            : k == K_MAC_SET ? EVP_MAC_settable_ctx_params(mac) : EVP_MAC_gettable_ctx_params(mac);
        EVP_MAC_free(mac);
    } else {
        EVP_KDF *kdf = EVP_KDF_fetch(libs[p], "PBKDF2", props[p]);

        l = k == K_KDF_GET ? EVP_KDF_gettable_params(kdf)
            : k == K_KDF_SET ? EVP_KDF_settable_ctx_params(kdf) : EVP_KDF_gettable_ctx_params(kdf);
        EVP_KDF_free(kdf);
    }
    return l;
}

static int flag_on(const OSSL_PARAM *p, const char *name)
{
    int v = 0;

    return strcmp(p->key, name) == 0 && p->data != NULL && OSSL_PARAM_get_int(p, &v) && v != 0;
}

static void run_kind(enum kind k)
{
    const int nalgs = k <= K_MD_CTXGET ? (int)NMDS : NBASES;
    unsigned long before = armsha_test_failures, sc_before = nscenarios, combos = 0;

    for (int a = 0; a < nalgs; a++) {
        const char *alg = k <= K_MD_CTXGET ? md_names[a] : bases[a];
        names ns = {0, {NULL}};
        const OSSL_PARAM *dlist = list_of(k, 0, alg);

        add_list(&ns, list_of(k, 1, alg));
        add_list(&ns, dlist);
        /* A few that no list has: an unknown name, and engine where these headers know it. */
        add_name(&ns, "armsha-unknown-parameter");
#ifdef OSSL_ALG_PARAM_ENGINE
        if (k == K_MAC_SET || k == K_KDF_SET)
            add_name(&ns, OSSL_ALG_PARAM_ENGINE);
#endif
        for (int n = 0; n < ns.n; n++)
            for (size_t t = 0; t < NTYPES; t++)
                for (int sh = 0; sh < NSHAPES; sh++)
                    for (size_t v = 0; v < nvalues(&types[t]); v++) {
                        pbuf b;
                        OSSL_PARAM par[3];
                        int np = make_param(ns.key[n], &types[t], sh, v, &b, par);
                        scen sc;
                        char what[300];
                        uint64_t it = 0;

                        if (np == 0)
                            continue;
                        par[np] = OSSL_PARAM_construct_end();
                        combos++;
                        memset(&sc, 0, sizeof(sc));
                        sc.kind = k;
                        sc.alg = alg;
                        sc.par = par;
                        sc.listed = dlist != NULL && OSSL_PARAM_locate_const(dlist, par->key) != NULL;
                        sc.expect = sc.listed ? OSSL_PARAM_locate_const(dlist, par->key)->data_type : 0;
                        sc.noinit_on = k == K_MAC_SET && flag_on(par, OSSL_MAC_PARAM_DIGEST_NOINIT);
                        sc.oneshot_on = k == K_MAC_SET && flag_on(par, OSSL_MAC_PARAM_DIGEST_ONESHOT);
                        /* Billions of iterations derive for hours on either provider. */
                        sc.slow = k == K_KDF_SET && strcmp(par->key, OSSL_KDF_PARAM_ITER) == 0
                                  && par->data != NULL && OSSL_PARAM_get_uint64(par, &it)
                                  && it > 100000;
                        if (sc.slow)
                            skipped_slow++;
                        for (int st = 0; st < (is_ctx(k) ? NSTAGES : 1); st++) {
                            if (is_get(k) && st == ST_INIT)
                                continue;
                            sc.stage = (enum stage)st;
                            snprintf(what, sizeof(what), "%s %s \"%s\" %s %s%s%zu, %s",
                                     kind_names[k], alg, ns.key[n], types[t].name,
                                     shape_names[sh], sh == SH_VALUE ? " #" : " ", v,
                                     stage_names[st]);
                            compare(&sc, what);
                        }
                    }
    }
    ncombos += combos;
    if (armsha_test_failures == before)
        printf("ok: %s: %lu (parameter, type, shape) combinations, %lu scenarios on both "
               "providers agree\n", kind_names[k], combos, nscenarios - sc_before);
}

int main(int argc, char **argv)
{
    OSSL_PROVIDER *d, *a, *ad;
    const char *only = argc > 1 ? argv[1] : NULL;

    armsha_test_after_failure = (void (*)(void))ERR_clear_error;
    libs[0] = OSSL_LIB_CTX_new();
    libs[1] = OSSL_LIB_CTX_new();
    d = OSSL_PROVIDER_load(libs[0], "default");
    a = OSSL_PROVIDER_load(libs[1], "armsha");
    ad = OSSL_PROVIDER_load(libs[1], "default");
    if (d == NULL || a == NULL || ad == NULL) {
        ERR_print_errors_fp(stdout);
        printf("cannot load the default provider and armsha\n");
        return 1;
    }
    printf("OpenSSL %s\n", OpenSSL_version(OPENSSL_VERSION));
    for (int k = 0; k < NKINDS; k++)
        if (only == NULL || strstr(kind_names[k], only) != NULL)
            run_kind((enum kind)k);
    printf("%lu (parameter, type, shape) combinations, %lu scenarios; %lu not run on the default "
           "provider (it crashes or answers by chance there; armsha refused), %lu not derived (too many "
           "iterations)\n",
           ncombos, nscenarios, skipped_crash, skipped_slow);
    for (size_t i = 0; i < NDELIBERATE; i++)
        printf("deliberate difference (%lu scenarios): %s\n", deliberate_list[i].hits,
               deliberate_list[i].why);
    OSSL_PROVIDER_unload(a);
    OSSL_PROVIDER_unload(ad);
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(libs[0]);
    OSSL_LIB_CTX_free(libs[1]);
    return armsha_test_summary("test_param_diff");
}
