/* The parameter scenarios of the differential and the parameter fuzz target
 * (param_scen.h): each kind of parameter applied before init, at init, after init, after
 * final and on a dup, on the default provider and on armsha, compared step by step; and the
 * one list of deliberate differences, with their reasons. */
#include "param_scen.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "helper.h"
#include "param_outcome.h"

/* ---- the algorithms, their kinds of parameter and the stages ------------------------- */

static OSSL_LIB_CTX *libs[2]; /* default alone; armsha with default (scen_setup) */
static const char *const props[2] = {"provider=default", "provider=armsha"};


const char *const kind_names[NKINDS] = {
    "digest get_params", "digest set_ctx_params", "digest get_ctx_params", "HMAC get_params",
    "HMAC set_ctx_params", "HMAC get_ctx_params", "PBKDF2 get_params", "PBKDF2 set_ctx_params",
    "PBKDF2 get_ctx_params",
};

const char *const stage_names[NSTAGES] = {
    "before init", "with init", "after init", "after final", "on a dup"
};

const char *const md_names[NMDS] = {"SHA1", "SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512",
                                       "SHA2-512/224", "SHA2-512/256"};
/* HMAC's and PBKDF2's digest: on armsha's core, and one handed to the default provider. */
const char *const bases[NBASES] = {"SHA2-256", "SHA3-256"};

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



/* ---- deliberate differences ---------------------------------------------------------- */

/* A difference is deliberate at the step where armsha refuses (returns 0, with its error)
 * what the default accepts, or refuses only for another parameter of the same call (with
 * that one's errors); from there on the states differ. */
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

void scen_setup(OSSL_LIB_CTX *default_only, OSSL_LIB_CTX *with_armsha)
{
    libs[0] = default_only;
    libs[1] = with_armsha;
}

void scen_print_deliberate(void)
{
    for (size_t i = 0; i < NDELIBERATE; i++)
        printf("deliberate difference (%lu scenarios): %s\n", deliberate_list[i].hits,
               deliberate_list[i].why);
}

int scen_is_get(enum kind k)
{
    return k == K_MD_GET || k == K_MD_CTXGET || k == K_MAC_GET || k == K_MAC_CTXGET
           || k == K_KDF_GET || k == K_KDF_CTXGET;
}

int scen_is_ctx(enum kind k)
{
    return k != K_MD_GET && k != K_MAC_GET && k != K_KDF_GET;
}

/* Not run on the default provider, because it crashes there (or answers by chance, in
 * libcrypto's own code); armsha must refuse (return 0). */
static int default_crashes_on(const scen *sc, const OSSL_PARAM *p)
{
    const OSSL_PARAM *l = sc->dlist != NULL ? OSSL_PARAM_locate_const(sc->dlist, p->key) : NULL;
    unsigned expect = l != NULL ? l->data_type : 0;

    if (l == NULL)
        return 0;
    /* It copies (HMAC key) or hashes (SHA-1 ssl3-ms, 48 bytes) data_size bytes from NULL. */
    if (p->data == NULL && p->data_size != 0 && p->data_type == OSSL_PARAM_OCTET_STRING
        && ((sc->kind == K_MAC_SET && strcmp(p->key, OSSL_MAC_PARAM_KEY) == 0)
            || (sc->kind == K_MD_SET && strcmp(p->key, OSSL_DIGEST_PARAM_SSL3_MS) == 0
                && p->data_size == 48)))
        return 1;
    /* OpenSSL 4.0's SHA-1 reads 48 bytes from data whatever the type: through NULL (a
     * crash, any type), or for a UTF8 or octet pointer from the caller's pointer variable (a
     * read past it; armsha refuses it with an error, a deliberate difference). */
    if (sc->kind == K_MD_SET && strcmp(p->key, OSSL_DIGEST_PARAM_SSL3_MS) == 0
        && OPENSSL_version_major() >= 4 && p->data_size == 48
        && (p->data == NULL || p->data_type == OSSL_PARAM_UTF8_PTR
            || p->data_type == OSSL_PARAM_OCTET_PTR))
        return 1;
    /* libcrypto's OSSL_PARAM_get_* read a number through NULL data (before OpenSSL 3.2, which
     * refuses it), and judge a signed integer of 0 bytes by the byte before it (copy_integer's
     * src[-1]): chance. */
    if (!scen_is_get(sc->kind) && p->data != NULL && p->data_size == 0
        && p->data_type == OSSL_PARAM_INTEGER
        && (expect == OSSL_PARAM_INTEGER || expect == OSSL_PARAM_UNSIGNED_INTEGER))
        return 1;
    if (!scen_is_get(sc->kind) && p->data == NULL && OpenSSL_version_num() < 0x30200000UL
        && (expect == OSSL_PARAM_INTEGER || expect == OSSL_PARAM_UNSIGNED_INTEGER)
        && (p->data_type == OSSL_PARAM_INTEGER || p->data_type == OSSL_PARAM_UNSIGNED_INTEGER
            || p->data_type == OSSL_PARAM_REAL))
        return 1;
    /* libcrypto's OSSL_PARAM_set_* (3.0) writes a REAL through NULL data with a size; into
     * a signed integer of 0 bytes it reads the byte before the value (copy_integer's
     * src[-1]), so that the default's answer is chance there. */
    if (scen_is_get(sc->kind) && p->data_type == OSSL_PARAM_REAL && p->data == NULL
        && p->data_size != 0)
        return 1;
    if (scen_is_get(sc->kind) && p->data_type == OSSL_PARAM_INTEGER && p->data != NULL
        && p->data_size == 0)
        return 1;
    return 0;
}

/* Not run on the default provider, because it crashes there (or answers by chance, in
 * libcrypto's own code): a parameter the default's list names, as the provider reads it
 * (the first of a name). armsha must refuse (return 0). */
int scen_default_crashes(const scen *sc)
{
    for (const OSSL_PARAM *p = sc->par; p->key != NULL; p++)
        if (OSSL_PARAM_locate_const(sc->par, p->key) == p && default_crashes_on(sc, p))
            return 1;
    return 0;
}

unsigned long scen_skipped_crash, scen_skipped_slow, scen_count, scen_ref_cut;

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

/* The parameters a get writes into (sc->par is the caller's). */
static void copy_params(OSSL_PARAM *dst, const OSSL_PARAM *src)
{
    int i = 0;

    for (; i < SCEN_MAXPAR && src[i].key != NULL; i++)
        dst[i] = src[i];
    dst[i] = OSSL_PARAM_construct_end();
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

/* After a digest-noinit, on a context OpenSSL's HMAC keyed before, its own final and
 * re-init corrupt the heap (OpenSSL 3.0: a double free later): updates only. (The flag
 * takes even when a later parameter of the same call is refused.) */
static int noinit_stop(const scen *sc)
{
    return sc->noinit_on;
}

/* The same defect reached by the parameter call itself: on a context keyed before (after
 * init, after final, on a dup), digest-noinit with a NULL "key" of 0 bytes makes the
 * default's HMAC re-key with the digest it has (hmac_setkey, HMAC_Init_ex without a key),
 * whose EVP_MD_CTX_copy_ex takes libcrypto's legacy path under EVP_MD_CTX_FLAG_NO_INIT and
 * copies the inner digest context's provider context pointer into the running one:
 * EVP_MAC_CTX_free then frees it twice (OpenSSL 3.0.19, ASan; fuzz input
 * fuzz/regressions/params/noinit-null-key-after-init). Before init and at init no digest
 * context was keyed before the flag, and that call is clean with every key shape. (A NULL
 * key with a size is not run on the default at all, default_crashes_on.) So on the default
 * provider such a scenario
 * stops before the parameter call (ref_stops), and armsha runs it whole: the call, the
 * updates after it and the free, under ASan and UBSan in the sanitizer and libFuzzer builds;
 * scen_compare compares the steps both ran. */
static int noinit_rekeys(const scen *sc)
{
    const OSSL_PARAM *k = OSSL_PARAM_locate_const(sc->par, OSSL_MAC_PARAM_KEY);

    return sc->kind == K_MAC_SET && sc->noinit_on
           && (sc->stage == ST_ACTIVE || sc->stage == ST_FINAL || sc->stage == ST_DUP)
           && k != NULL && k->data_type == OSSL_PARAM_OCTET_STRING && k->data == NULL;
}

/* Provider p stops here: the default provider, before a call that breaks its own context. */
static int ref_stops(int p, const scen *sc)
{
    return p == 0 && noinit_rekeys(sc);
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
        if (ref_stops(p, sc))
            break;
        step(s, "param", EVP_MAC_CTX_set_params(c, sc->par), NULL, 0);
        if (noinit_stop(sc)) {
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
        if (ref_stops(p, sc))
            break;
        step(s, "param", EVP_MAC_CTX_set_params(c, sc->par), NULL, 0);
        if (noinit_stop(sc))
            break;
        step(s, "init", EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
        mac_finish(c, sc, s);
        break;
    default:
        step(s, "init", mac_key(c, sc->alg), NULL, 0);
        step(s, "update", EVP_MAC_update(c, msg, 5), NULL, 0);
        d = EVP_MAC_CTX_dup(c);
        step(s, "dup", d != NULL, NULL, 0);
        if (ref_stops(p, sc))
            break;
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
    OSSL_PARAM par[SCEN_MAXPAR + 1];

    copy_params(par, sc->par);
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
    OSSL_PARAM par[SCEN_MAXPAR + 1];

    copy_params(par, sc->par);
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
    (void)od;
    if (oa->ret != 0 || oa->nerr == 0)
        return NULL;
    for (size_t i = 0; i < NDELIBERATE; i++) {
        deliberate *d = &deliberate_list[i];

        if (d->kind == sc->kind && OSSL_PARAM_locate_const(sc->par, d->param) != NULL
            && d->stage == (int)sc->stage && strcmp(d->step, label) == 0)
            return d;
    }
    return NULL;
}

void scen_compare(const scen *sc, const char *what)
{
    static steps s[2];
    char why[700];

    scen_count++;
    for (int p = 0; p < 2; p++) {
        memset(&s[p], 0, sizeof(s[p]));
        ERR_clear_error();
    }
    if (scen_default_crashes(sc)) {
        run_one(1, sc, &s[1]);
        scen_skipped_crash++;
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
    /* Where the default stopped early (noinit_rekeys) armsha ran on, from the parameter
     * call: the steps both ran are compared. */
    if (noinit_rekeys(sc))
        scen_ref_cut++;
    if (noinit_rekeys(sc) ? s[0].n >= s[1].n : s[0].n != s[1].n) {
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

const OSSL_PARAM *scen_list(enum kind k, int p, const char *alg)
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


/* The first of that name, as the providers read it: non-zero. */
static int flag_on(const OSSL_PARAM *par, const char *name)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(par, name);
    int v = 0;

    return p != NULL && p->data != NULL && OSSL_PARAM_get_int(p, &v) && v != 0;
}

void scen_fill(scen *sc, const OSSL_PARAM *dlist)
{
    const OSSL_PARAM *it_p = OSSL_PARAM_locate_const(sc->par, OSSL_KDF_PARAM_ITER);
    uint64_t it = 0;

    sc->dlist = dlist;
    sc->noinit_on = sc->kind == K_MAC_SET && flag_on(sc->par, OSSL_MAC_PARAM_DIGEST_NOINIT);
    sc->oneshot_on = sc->kind == K_MAC_SET && flag_on(sc->par, OSSL_MAC_PARAM_DIGEST_ONESHOT);
    /* Billions of iterations derive for hours on either provider. */
    sc->slow = sc->kind == K_KDF_SET && it_p != NULL && it_p->data != NULL
               && OSSL_PARAM_get_uint64(it_p, &it) && it > 100000;
    if (sc->slow)
        scen_skipped_slow++;
}
