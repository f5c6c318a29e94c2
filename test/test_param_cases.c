/* The five parameter defects of issue 15, one named scenario each (argv[1]), run on armsha
 * and on the default provider in one process and compared step by step: return value,
 * output bytes, error queue (library, reason).
 *   pbkdf2-octet-ptr  PBKDF2 "pass"/"salt" as OSSL_PARAM_OCTET_PTR (the pointer before a
 *                     guard page: a read past it is a SIGSEGV)
 *   hmac-null-key     HMAC "key" with NULL data and size 0: after a key, on a fresh context,
 *                     with a new digest in the same call
 *   engine            HMAC's and PBKDF2's "engine" naming an engine that does not exist (under
 *                     4.0, which has no engines, an unknown parameter to both)
 *   hmac-noinit       HMAC "digest-noinit" = 1 (and "digest-oneshot" = 1)
 *   ssl3-ms-type      SHA-1 "ssl3-ms" of every other type, of 47 bytes, and digest
 *                     get_params of the wrong type
 * and of issue 24:
 *   ssl3-ms-alone     the same "ssl3-ms" types with armsha alone in its library context:
 *                     no default beside it to ask, it must answer as the default of the
 *                     running OpenSSL (alone in a library context of its own) does
 *   repeated          a listed parameter given twice to HMAC init and get_ctx_params,
 *                     PBKDF2 derive and get_ctx_params, digest get_params and SHA-1's
 *                     set_ctx_params: refused from 3.6 on (4.0 for SHA-1) by the running
 *                     default, accepted before */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "helper.h"
#include "param_outcome.h"
#include "param_scen.h"

#define MAXSTEPS 64

/* The default provider alone in one library context (so that its HMAC and PBKDF2 run on
 * its own digests), armsha with default beside it in another, as a system has them. */
static OSSL_LIB_CTX *libs[2];
static const char *const props[2] = {"provider=default", "provider=armsha"};
static EVP_MAC *macs[2];
static EVP_KDF *kdfs[2];
static EVP_MD *sha1s[2];
static const unsigned char key[] = "0123456789abcdef0123456789abcdef";
static const unsigned char msg[] = "the message, in more than one update";
static unsigned char ms[48];

/* Steps of one scenario on provider p (0 default, 1 armsha). */
typedef struct steps {
    int n;
    outcome o[MAXSTEPS];
} steps;

static void step(steps *s, int ret, const void *out, size_t outlen)
{
    if (s->n < MAXSTEPS)
        outcome_take(&s->o[s->n++], ret, out, outlen);
}

typedef void scenario(int p, const char *variant, steps *s);

/* argv[2], when given: only the variants that contain it (to replay one). */
static const char *only_variant;

/* Set by a scenario on the default provider when its parameter is one the default is not
 * run on (scen_default_crashes, param_scen.c); param_step: the step that hands it over,
 * which armsha must refuse. */
static int default_skipped, param_step;

static void compare(const char *name, const char *variant, scenario *fn)
{
    static steps s[2];
    char why[600];
    int same = 1;

    if (only_variant != NULL && strstr(variant, only_variant) == NULL)
        return;

    default_skipped = 0;
    param_step = -1;
    for (int p = 0; p < 2; p++) {
        memset(&s[p], 0, sizeof(s[p]));
        ERR_clear_error();
        fn(p, variant, &s[p]);
    }
    armsha_test_checks++;
    if (default_skipped) {
        if (param_step < 0 || param_step >= s[1].n || s[1].o[param_step].ret != 0)
            armsha_test_fail(__FILE__, __LINE__, "%s (%s): armsha accepts what the default "
                             "provider is not run on (param_scen.c)", name, variant);
        else
            printf("  refused: %s (%s), not run on the default provider (param_scen.c)\n",
                   name, variant);
        return;
    }
    if (s[0].n != s[1].n) {
        armsha_test_fail(__FILE__, __LINE__, "%s (%s): %d steps on default, %d on armsha", name,
                         variant, s[0].n, s[1].n);
        return;
    }
    for (int i = 0; i < s[0].n && same; i++)
        if (!outcome_same(&s[0].o[i], &s[1].o[i], why, sizeof(why))) {
            armsha_test_fail(__FILE__, __LINE__, "%s (%s), step %d: default %s", name, variant,
                             i + 1, why);
            same = 0;
        }
    if (same)
        printf("  same: %s (%s), %d steps\n", name, variant, s[0].n);
}

/* ---- HMAC ---------------------------------------------------------------------------- */

/* With "digest-oneshot" OpenSSL 3.0's HMAC_Final leaves the length it reports unset (the
 * default provider then returns whatever was in the variable); the bytes are compared. */
static int oneshot;

static void mac_update(EVP_MAC_CTX *c, steps *s)
{
    step(s, EVP_MAC_update(c, msg, 10), NULL, 0);
    step(s, EVP_MAC_update(c, msg + 10, sizeof(msg) - 10), NULL, 0);
}

static void mac_finish(EVP_MAC_CTX *c, steps *s)
{
    unsigned char out[64];
    size_t outl = 0;
    int ok;

    mac_update(c, s);
    memset(out, 0, sizeof(out));
    ok = EVP_MAC_final(c, out, &outl, sizeof(out));
    if (oneshot)
        outl = EVP_MAC_CTX_get_mac_size(c);
    step(s, ok, out, ok ? outl : 0);
}

static int mac_init_key(EVP_MAC_CTX *c, const char *md)
{
    OSSL_PARAM par[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0),
                        OSSL_PARAM_construct_end()};

    return EVP_MAC_init(c, key, sizeof(key) - 1, par);
}

/* variant: "DIGEST after-key", "DIGEST fresh", "DIGEST new-digest OTHER" */
static void hmac_null_key(int p, const char *variant, steps *s)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);
    char md[32], how[32], other[32] = "SHA2-512";
    OSSL_PARAM par[3], *q = par;

    sscanf(variant, "%31s %31s %31s", md, how, other);
    if (strcmp(how, "fresh") != 0) {
        step(s, mac_init_key(c, md), NULL, 0);
        mac_finish(c, s);
        /* Active again, so that what follows a refused key is no update after final. */
        step(s, EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
    }
    if (strcmp(how, "after-key") != 0)
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                strcmp(how, "fresh") == 0 ? md : other, 0);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0);
    *q = OSSL_PARAM_construct_end();
    step(s, EVP_MAC_CTX_set_params(c, par), NULL, 0);
    mac_finish(c, s);
    step(s, EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
    mac_finish(c, s);
    EVP_MAC_CTX_free(c);
}

/* variant: "DIGEST FLAG at-init" or "DIGEST FLAG after-init" */
static void hmac_flag(int p, const char *variant, steps *s)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);
    char md[32], flag[32], when[32];
    int one = 1;
    OSSL_PARAM par[3];

    sscanf(variant, "%31s %31s %31s", md, flag, when);
    oneshot = strcmp(flag, OSSL_MAC_PARAM_DIGEST_ONESHOT) == 0;
    par[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, md, 0);
    par[1] = OSSL_PARAM_construct_int(flag, &one);
    par[2] = OSSL_PARAM_construct_end();
    if (strcmp(when, "at-init") == 0) {
        step(s, EVP_MAC_init(c, key, sizeof(key) - 1, par), NULL, 0);
    } else {
        step(s, mac_init_key(c, md), NULL, 0);
        /* digest-oneshot after part of the message: a deliberate difference (see
         * test_param_diff.c); before the first update it is handed over exactly. */
        if (!oneshot)
            step(s, EVP_MAC_update(c, msg, 5), NULL, 0);
        step(s, EVP_MAC_CTX_set_params(c, par + 1), NULL, 0);
    }
    /* On a context keyed before digest-noinit, OpenSSL 3.0's own HMAC_Final or re-init
     * corrupts the heap (a double free later), so only updates there. */
    if (!oneshot && strcmp(when, "at-init") != 0) {
        mac_update(c, s);
        EVP_MAC_CTX_free(c);
        return;
    }
    mac_finish(c, s);
    step(s, EVP_MAC_init(c, NULL, 0, NULL), NULL, 0);
    if (!oneshot) {
        /* No final here either: after that re-init OpenSSL's HMAC_Final dereferences the
         * NULL digest context digest-noinit left (the default provider crashes). */
        step(s, EVP_MAC_update(c, msg, 3), NULL, 0);
    } else {
        mac_finish(c, s);
        step(s, EVP_MAC_init(c, key, 7, NULL), NULL, 0);
        mac_finish(c, s);
    }
    EVP_MAC_CTX_free(c);
}

/* OpenSSL 4.0's headers dropped the name with the engines. The parameter is still what a
 * caller built on 3.x headers sends, and under 4.0 the default provider ignores it as an
 * unknown one: armsha must do the same, so the scenario runs there too, on the 3.x
 * spelling. */
#ifndef OSSL_ALG_PARAM_ENGINE
#define OSSL_ALG_PARAM_ENGINE "engine"
#endif

/* variant: "hmac-set", "hmac-init DIGEST", "pbkdf2" */
static void engine(int p, const char *variant, steps *s)
{
    OSSL_PARAM par[6], *q = par;
    uint64_t iter = 2;

    if (strncmp(variant, "hmac", 4) == 0) {
        EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);
        char md[32] = "SHA2-256";

        sscanf(variant, "%*s %31s", md);
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, md, 0);
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ALG_PARAM_ENGINE, "armsha-no-such-engine", 0);
        *q = OSSL_PARAM_construct_end();
        if (strncmp(variant, "hmac-set", 8) == 0) {
            step(s, mac_init_key(c, md), NULL, 0);
            step(s, EVP_MAC_CTX_set_params(c, par), NULL, 0);
        } else {
            step(s, EVP_MAC_init(c, key, sizeof(key) - 1, par), NULL, 0);
        }
        mac_finish(c, s);
        EVP_MAC_CTX_free(c);
    } else {
        EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);
        unsigned char out[32];
        int ok;

        *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)key, 8);
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)(key + 8), 16);
        *q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter);
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA2-256", 0);
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ALG_PARAM_ENGINE, "armsha-no-such-engine", 0);
        *q = OSSL_PARAM_construct_end();
        memset(out, 0, sizeof(out));
        ok = EVP_KDF_derive(c, out, sizeof(out), par);
        step(s, ok, out, ok ? sizeof(out) : 0);
        EVP_KDF_CTX_free(c);
    }
}

/* ---- PBKDF2 -------------------------------------------------------------------------- */

static unsigned char *guard_page; /* two pages, the second inaccessible */

/* variant: "pass" or "salt": that one as an OCTET_PTR whose pointer variable lies in the
 * last 8 bytes before the guard page (data_size 32 would read 24 bytes into it). */
static void pbkdf2_octet_ptr(int p, const char *variant, steps *s)
{
    long pg = sysconf(_SC_PAGESIZE);
    const void **ptr = (const void **)(guard_page + pg - sizeof(void *));
    EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);
    uint64_t iter = 2;
    unsigned char out[32];
    OSSL_PARAM par[5];
    int pass = strcmp(variant, "pass") == 0, ok;

    *ptr = key;
    par[0] = OSSL_PARAM_construct_octet_ptr(pass ? OSSL_KDF_PARAM_PASSWORD : OSSL_KDF_PARAM_SALT,
                                            (void **)ptr, 32);
    par[1] = OSSL_PARAM_construct_octet_string(pass ? OSSL_KDF_PARAM_SALT : OSSL_KDF_PARAM_PASSWORD,
                                               (void *)msg, 16);
    par[2] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter);
    par[3] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA2-256", 0);
    par[4] = OSSL_PARAM_construct_end();
    memset(out, 0, sizeof(out));
    ok = EVP_KDF_derive(c, out, sizeof(out), par);
    step(s, ok, out, ok ? sizeof(out) : 0);
    /* As a set_params of its own, then a derive with the other values. */
    step(s, EVP_KDF_CTX_set_params(c, par), NULL, 0);
    memset(out, 0, sizeof(out));
    ok = EVP_KDF_derive(c, out, sizeof(out), NULL);
    step(s, ok, out, ok ? sizeof(out) : 0);
    EVP_KDF_CTX_free(c);
}

/* ---- SHA-1 ssl3-ms ------------------------------------------------------------------- */

/* variant: the type ("int8".."uint64", "real", "utf8", "utf8ptr", "octetptr", "octet47",
 * "octet48", "init-TYPE" for the same through init's parameters). */
static void ssl3_ms_type(int p, const char *variant, steps *s)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    union { int8_t i8; int16_t i16; int32_t i32; int64_t i64; double d; } v;
    const void *ptr = ms;
    OSSL_PARAM par[2];
    unsigned char out[20];
    unsigned int outl = 0;
    int at_init = strncmp(variant, "init-", 5) == 0, ok;
    const char *t = at_init ? variant + 5 : variant;
    const char *k = OSSL_DIGEST_PARAM_SSL3_MS;

    memset(&v, 0, sizeof(v));
    v.i8 = 48;
    if (strncmp(t, "int", 3) == 0 || strncmp(t, "uint", 4) == 0) {
        size_t w = (size_t)atoi(t + (t[0] == 'u' ? 4 : 3)) / 8;

        if (w == 2)
            v.i16 = 48;
        else if (w == 4)
            v.i32 = 48;
        else if (w == 8)
            v.i64 = 48;
        par[0] = t[0] == 'u' ? OSSL_PARAM_construct_uint32(k, NULL)
                             : OSSL_PARAM_construct_int32(k, NULL);
        par[0].data = &v;
        par[0].data_size = w;
    } else if (strcmp(t, "real") == 0) {
        v.d = 48.0;
        par[0] = OSSL_PARAM_construct_double(k, &v.d);
    } else if (strcmp(t, "utf8") == 0) {
        par[0] = OSSL_PARAM_construct_utf8_string(k, (char *)ms, 48);
    } else if (strcmp(t, "utf8ptr") == 0) {
        par[0] = OSSL_PARAM_construct_utf8_ptr(k, (char **)&ptr, 48);
    } else if (strcmp(t, "octetptr") == 0) {
        par[0] = OSSL_PARAM_construct_octet_ptr(k, (void **)&ptr, 48);
    } else {
        par[0] = OSSL_PARAM_construct_octet_string(k, ms, (size_t)atoi(t + 5));
    }
    par[1] = OSSL_PARAM_construct_end();
    param_step = at_init ? 0 : 2;
    if (p == 0) {
        scen sc = {.kind = K_MD_SET, .alg = "SHA1", .par = par,
                   .stage = at_init ? ST_INIT : ST_ACTIVE};

        scen_fill(&sc, scen_list(K_MD_SET, 0, "SHA1"));
        if (scen_default_crashes(&sc)) {
            default_skipped = 1;
            EVP_MD_CTX_free(c);
            return;
        }
    }
    if (at_init) {
        step(s, EVP_DigestInit_ex2(c, sha1s[p], par), NULL, 0);
    } else {
        step(s, EVP_DigestInit_ex2(c, sha1s[p], NULL), NULL, 0);
        step(s, EVP_DigestUpdate(c, msg, 20), NULL, 0);
        step(s, EVP_MD_CTX_set_params(c, par), NULL, 0);
    }
    step(s, EVP_DigestUpdate(c, msg, 3), NULL, 0);
    memset(out, 0, sizeof(out));
    ok = EVP_DigestFinal_ex(c, out, &outl);
    step(s, ok, out, ok ? outl : 0);
    EVP_MD_CTX_free(c);
}

/* variant: the gettable parameter, asked as a UTF8 string. */
static void md_get_type(int p, const char *variant, steps *s)
{
    char buf[16];
    OSSL_PARAM par[2] = {OSSL_PARAM_construct_utf8_string(variant, buf, sizeof(buf)),
                         OSSL_PARAM_construct_end()};

    memset(buf, 0, sizeof(buf));
    step(s, EVP_MD_get_params(sha1s[p], par), buf, sizeof(buf));
}

/* ---- A listed parameter given twice ----------------------------------------------- */

/* variant: "OPERATION NAME": OpenSSL 3.6's default provider (4.0's for SHA-1's ssl3-ms) reads
 * its listed parameters in one pass that refuses a name given twice, earlier ones do not;
 * armsha must follow the running version, whatever headers it was built with. Both values
 * are the same valid one. */
static void repeated(int p, const char *variant, steps *s)
{
    char op[32] = "", name[32] = "";
    OSSL_PARAM par[4];
    uint64_t iter = 2;
    size_t sz[2] = {0, 0}, tls = 64;
    int flag[2] = {0, 0};
    unsigned char out[32];
    const char *md = "SHA2-256";
    int ok;

    sscanf(variant, "%31s %31s", op, name);
    /* The value of name for op, twice. */
    for (int i = 0; i < 2; i++) {
        if (strcmp(name, "digest") == 0)
            par[i] = OSSL_PARAM_construct_utf8_string(name, (char *)md, 0);
        else if (strcmp(name, "properties") == 0)
            par[i] = OSSL_PARAM_construct_utf8_string(name, (char *)"", 0);
        else if (strcmp(name, "key") == 0 || strcmp(name, "pass") == 0)
            par[i] = OSSL_PARAM_construct_octet_string(name, (void *)key, 8);
        else if (strcmp(name, "salt") == 0)
            par[i] = OSSL_PARAM_construct_octet_string(name, (void *)(key + 8), 16);
        else if (strcmp(name, "iter") == 0)
            par[i] = OSSL_PARAM_construct_uint64(name, &iter);
        else if (strcmp(name, "tls-data-size") == 0)
            par[i] = OSSL_PARAM_construct_size_t(name, &tls);
        else if (strcmp(name, "pkcs5") == 0)
            par[i] = OSSL_PARAM_construct_int(name, &flag[i]);
        else if (strcmp(name, "ssl3-ms") == 0)
            par[i] = OSSL_PARAM_construct_octet_string(name, ms, sizeof(ms));
        else if (strcmp(name, "xof") == 0 || strcmp(name, "algid-absent") == 0)
            par[i] = OSSL_PARAM_construct_int(name, &flag[i]);
        else /* "size", "blocksize", "block-size": answered */
            par[i] = OSSL_PARAM_construct_size_t(name, &sz[i]);
    }
    par[2] = OSSL_PARAM_construct_end();
    if (strcmp(op, "hmac-init") == 0 || strcmp(op, "hmac-getctx") == 0) {
        EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);

        if (strcmp(op, "hmac-init") == 0) {
            /* The digest first when it is not the repeated one. */
            OSSL_PARAM with[4] = {OSSL_PARAM_construct_utf8_string("digest", (char *)md, 0),
                                  par[0], par[1], OSSL_PARAM_construct_end()};

            step(s, EVP_MAC_init(c, key, sizeof(key) - 1, strcmp(name, "digest") == 0 ? par : with),
                 NULL, 0);
        } else {
            step(s, mac_init_key(c, md), NULL, 0);
            step(s, EVP_MAC_CTX_get_params(c, par), sz, sizeof(sz));
        }
        mac_finish(c, s);
        EVP_MAC_CTX_free(c);
    } else if (strcmp(op, "pbkdf2-derive") == 0 || strcmp(op, "pbkdf2-getctx") == 0) {
        EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);
        OSSL_PARAM all[8], *q = all;
        static const char *const names[] = {"pass", "salt", "iter", "digest"};

        if (strcmp(op, "pbkdf2-getctx") == 0) {
            step(s, EVP_KDF_CTX_get_params(c, par), sz, sizeof(sz));
        } else {
            /* The four values a derive needs, the repeated one twice. */
            for (size_t i = 0; i < 4; i++)
                if (strcmp(names[i], name) != 0) {
                    if (i == 0)
                        *q++ = OSSL_PARAM_construct_octet_string("pass", (void *)key, 8);
                    else if (i == 1)
                        *q++ = OSSL_PARAM_construct_octet_string("salt", (void *)(key + 8), 16);
                    else if (i == 2)
                        *q++ = OSSL_PARAM_construct_uint64("iter", &iter);
                    else
                        *q++ = OSSL_PARAM_construct_utf8_string("digest", (char *)md, 0);
                }
            *q++ = par[0];
            *q++ = par[1];
            *q = OSSL_PARAM_construct_end();
            memset(out, 0, sizeof(out));
            ok = EVP_KDF_derive(c, out, sizeof(out), all);
            step(s, ok, out, ok ? sizeof(out) : 0);
        }
        EVP_KDF_CTX_free(c);
    } else if (strcmp(op, "md-get") == 0) {
        step(s, EVP_MD_get_params(sha1s[p], par), sz, sizeof(sz));
    } else { /* sha1-set */
        EVP_MD_CTX *c = EVP_MD_CTX_new();
        unsigned int outl = 0;

        step(s, EVP_DigestInit_ex2(c, sha1s[p], NULL), NULL, 0);
        step(s, EVP_DigestUpdate(c, msg, 20), NULL, 0);
        step(s, EVP_MD_CTX_set_params(c, par), NULL, 0);
        memset(out, 0, sizeof(out));
        ok = EVP_DigestFinal_ex(c, out, &outl);
        step(s, ok, out, ok ? outl : 0);
        EVP_MD_CTX_free(c);
    }
}

int main(int argc, char **argv)
{
    OSSL_PROVIDER *d, *a, *ad;
    const char *c = argc > 1 ? argv[1] : "";

    only_variant = argc > 2 ? argv[2] : NULL;
    long pg = sysconf(_SC_PAGESIZE);

    libs[0] = OSSL_LIB_CTX_new();
    libs[1] = OSSL_LIB_CTX_new();
    d = OSSL_PROVIDER_load(libs[0], "default");
    a = OSSL_PROVIDER_load(libs[1], "armsha");
    ad = OSSL_PROVIDER_load(libs[1], "default");
    memcpy(ms, "an SSLv3 master secret of exactly 48 bytes......", 48);
    scen_setup(libs[0], libs[1]);
    for (int p = 0; p < 2; p++) {
        macs[p] = EVP_MAC_fetch(libs[p], "HMAC", props[p]);
        kdfs[p] = EVP_KDF_fetch(libs[p], "PBKDF2", props[p]);
        sha1s[p] = EVP_MD_fetch(libs[p], "SHA1", props[p]);
    }
    guard_page = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (a == NULL || d == NULL || ad == NULL || macs[0] == NULL || macs[1] == NULL || kdfs[0] == NULL
        || kdfs[1] == NULL || sha1s[0] == NULL || sha1s[1] == NULL || guard_page == MAP_FAILED
        || mprotect(guard_page + pg, (size_t)pg, PROT_NONE) != 0) {
        ERR_print_errors_fp(stdout);
        printf("cannot load armsha and default, fetch HMAC, PBKDF2 and SHA-1, or map a guard page\n");
        return 1;
    }
    if (strcmp(c, "pbkdf2-octet-ptr") == 0) {
        compare(c, "pass", pbkdf2_octet_ptr);
        compare(c, "salt", pbkdf2_octet_ptr);
    } else if (strcmp(c, "hmac-null-key") == 0) {
        static const char *const v[] = {
            "SHA2-256 after-key", "SHA2-256 fresh", "SHA2-256 new-digest SHA2-512",
            "SHA2-256 new-digest SHA2-256", "SHA3-256 after-key", "SHA3-256 fresh",
            "SHA3-256 new-digest SHA2-256", "SHA2-256 new-digest SHA3-256",
        };
        for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
            compare(c, v[i], hmac_null_key);
    } else if (strcmp(c, "engine") == 0) {
        compare(c, "hmac-set", engine);
        compare(c, "hmac-init SHA2-256", engine);
        compare(c, "hmac-init SHA3-256", engine);
        compare(c, "pbkdf2", engine);
    } else if (strcmp(c, "hmac-noinit") == 0) {
        static const char *const v[] = {
            "SHA2-256 digest-noinit at-init", "SHA2-256 digest-noinit after-init",
            "SHA3-256 digest-noinit at-init", "SHA2-256 digest-oneshot at-init",
            "SHA2-256 digest-oneshot after-init",
        };
        for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
            compare(c, v[i], hmac_flag);
    } else if (strcmp(c, "ssl3-ms-type") == 0 || strcmp(c, "ssl3-ms-alone") == 0) {
        static const char *const v[] = {
            "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "real",
            "utf8", "utf8ptr", "octetptr", "octet47", "octet48", "init-int32", "init-utf8",
            "init-octet47",
        };
        OSSL_LIB_CTX *alone = NULL;
        OSSL_PROVIDER *alone_a = NULL;

        if (strcmp(c, "ssl3-ms-alone") == 0) {
            alone = OSSL_LIB_CTX_new();
            alone_a = alone != NULL ? OSSL_PROVIDER_load(alone, "armsha") : NULL;
            EVP_MD_free(sha1s[1]);
            sha1s[1] = alone_a != NULL ? EVP_MD_fetch(alone, "SHA1", "provider=armsha") : NULL;
            if (sha1s[1] == NULL || OSSL_PROVIDER_available(alone, "default")) {
                ERR_print_errors_fp(stdout);
                printf("cannot load armsha alone in a library context and fetch its SHA-1\n");
                return 1;
            }
        }
        for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
            compare(c, v[i], ssl3_ms_type);
        compare("digest get_params as a UTF8 string", OSSL_DIGEST_PARAM_SIZE, md_get_type);
        compare("digest get_params as a UTF8 string", OSSL_DIGEST_PARAM_BLOCK_SIZE, md_get_type);
        if (alone != NULL) {
            EVP_MD_free(sha1s[1]);
            sha1s[1] = NULL;
            OSSL_PROVIDER_unload(alone_a);
            OSSL_LIB_CTX_free(alone);
        }
    } else if (strcmp(c, "repeated") == 0) {
        static const char *const v[] = {
            "hmac-init digest", "hmac-init properties", "hmac-init key", "hmac-init tls-data-size",
            "pbkdf2-derive pass", "pbkdf2-derive salt", "pbkdf2-derive iter", "pbkdf2-derive digest",
            "pbkdf2-derive properties", "pbkdf2-derive pkcs5", "md-get blocksize", "md-get size",
            "md-get xof", "md-get algid-absent", "hmac-getctx size", "hmac-getctx block-size",
            "pbkdf2-getctx size", "sha1-set ssl3-ms",
        };
        for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
            compare(c, v[i], repeated);
    } else {
        printf("usage: %s pbkdf2-octet-ptr|hmac-null-key|engine|hmac-noinit|ssl3-ms-type|ssl3-ms-alone|"
               "repeated\n",
               argv[0]);
        return 2;
    }
    for (int p = 0; p < 2; p++) {
        EVP_MAC_free(macs[p]);
        EVP_KDF_free(kdfs[p]);
        EVP_MD_free(sha1s[p]);
    }
    OSSL_PROVIDER_unload(a);
    OSSL_PROVIDER_unload(ad);
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(libs[0]);
    OSSL_LIB_CTX_free(libs[1]);
    return armsha_test_summary(c);
}
