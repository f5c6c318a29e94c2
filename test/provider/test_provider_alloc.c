/* armsha's memory goes through the application's allocator: with CRYPTO_set_mem_functions
 * hooks installed first, the blocks armsha's provider files allocate (their file names,
 * passed on by the core's CRYPTO_malloc upcall) must show up, and failing each of them in
 * turn must give, for every scenario, either the default provider's answer or a failure
 * with an error on the queue: no crash, no leak, no wrong answer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "common.h"

/* ---- The hooks ----------------------------------------------------------------------- */

#define MAXBLOCKS 4096

/* armsha's blocks still allocated, its allocations counted, and the one to fail (0: none). */
static void *live[MAXBLOCKS];
static size_t nlive;
static unsigned long allocs, fail_at;
static int injected, table_full;

/* armsha's own sources are in provider/; OpenSSL's in providers/ and crypto/. */
static int is_armsha(const char *file)
{
    return file != NULL && strstr(file, "provider/") != NULL;
}

static void forget(void *p)
{
    for (size_t i = 0; i < nlive; i++)
        if (live[i] == p) {
            live[i] = live[--nlive];
            return;
        }
}

static void *hook_malloc(size_t n, const char *file, int line)
{
    void *p;

    (void)line;
    if (!is_armsha(file))
        return malloc(n);
    if (++allocs == fail_at) {
        injected = 1;
        return NULL;
    }
    if ((p = malloc(n)) != NULL) {
        if (nlive < MAXBLOCKS)
            live[nlive++] = p;
        else
            table_full = 1;
    }
    return p;
}

static void *hook_realloc(void *p, size_t n, const char *file, int line)
{
    (void)file;
    (void)line;
    /* armsha never reallocates; a block of its that libcrypto resized would leave the table. */
    forget(p);
    return realloc(p, n);
}

static void hook_free(void *p, const char *file, int line)
{
    (void)file;
    (void)line;
    if (p != NULL)
        forget(p);
    free(p);
}

/* ---- Scenarios: each makes, uses and frees everything it needs ------------------------- */

#define MAXOUT 256

typedef int scenario(const char *props, unsigned char *out, size_t *outl);

/* out gets n bytes more, if there is room. */
static void append(unsigned char *out, size_t *outl, const unsigned char *p, size_t n)
{
    if (*outl + n <= MAXOUT) {
        memcpy(out + *outl, p, n);
        *outl += n;
    }
}

/* A digest of alg, copied mid-message (dupctx and copyctx), both finished. */
static int digest_copy(const char *props, const char *alg, unsigned char *out, size_t *outl)
{
    EVP_MD *md = EVP_MD_fetch(armsha_pt.lib, alg, props);
    EVP_MD_CTX *a = EVP_MD_CTX_new(), *b = EVP_MD_CTX_new(), *c = EVP_MD_CTX_new();
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned int dl = 0;
    /* Two copies: the provider's dupctx (and, from 3.6's EVP on, its copyctx for the
     * second into a context of the same digest) */
    int ok = md != NULL && a != NULL && b != NULL && c != NULL && EVP_DigestInit_ex2(a, md, NULL)
             && EVP_DigestUpdate(a, armsha_pt.data, 100) && EVP_MD_CTX_copy_ex(b, a)
             && EVP_DigestInit_ex2(c, md, NULL) && EVP_MD_CTX_copy_ex(c, a)
             && EVP_DigestUpdate(b, armsha_pt.data + 100, 50);

    ok = ok && EVP_DigestFinal_ex(a, d, &dl);
    if (ok)
        append(out, outl, d, dl);
    ok = ok && EVP_DigestFinal_ex(b, d, &dl);
    if (ok)
        append(out, outl, d, dl);
    ok = ok && EVP_DigestFinal_ex(c, d, &dl);
    if (ok)
        append(out, outl, d, dl);
    EVP_MD_CTX_free(a);
    EVP_MD_CTX_free(b);
    EVP_MD_CTX_free(c);
    EVP_MD_free(md);
    return ok;
}

static int sha256_copy(const char *props, unsigned char *out, size_t *outl)
{
    return digest_copy(props, "SHA2-256", out, outl);
}

static int sha512_copy(const char *props, unsigned char *out, size_t *outl)
{
    return digest_copy(props, "SHA2-512", out, outl);
}

/* An HMAC keyed with digest (props for the digest too), copied mid-message, re-keyed. */
static int hmac(const char *props, const char *digest, unsigned char *out, size_t *outl)
{
    static const unsigned char key[] = "a key for the HMAC allocation test";
    EVP_MAC *mac = EVP_MAC_fetch(armsha_pt.lib, "HMAC", props);
    EVP_MAC_CTX *a = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL, *b = NULL;
    OSSL_PARAM par[2] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0),
        OSSL_PARAM_construct_end()
    };
    unsigned char m[EVP_MAX_MD_SIZE];
    size_t ml = 0;
    int ok = a != NULL && EVP_MAC_init(a, key, sizeof(key), par)
             && EVP_MAC_update(a, armsha_pt.data, 70) && (b = EVP_MAC_CTX_dup(a)) != NULL
             && EVP_MAC_update(b, armsha_pt.data, 30);

    ok = ok && EVP_MAC_final(a, m, &ml, sizeof(m));
    if (ok)
        append(out, outl, m, ml);
    ok = ok && EVP_MAC_final(b, m, &ml, sizeof(m));
    if (ok)
        append(out, outl, m, ml);
    /* A new key of another length: the key copy is made again. */
    ok = ok && EVP_MAC_init(a, key, 5, NULL) && EVP_MAC_update(a, armsha_pt.data, 9)
         && EVP_MAC_final(a, m, &ml, sizeof(m));
    if (ok)
        append(out, outl, m, ml);
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(b);
    EVP_MAC_free(mac);
    return ok;
}

static int hmac_sha256(const char *props, unsigned char *out, size_t *outl)
{
    return hmac(props, "SHA2-256", out, outl);
}

/* A digest armsha does not serve: its name and the default's context are held. */
static int hmac_sha3(const char *props, unsigned char *out, size_t *outl)
{
    return hmac(props, "SHA3-256", out, outl);
}

/* PBKDF2: password and salt copied, derived, reset, derived again from a copy (where the
 * default of this OpenSSL copies PBKDF2 contexts; 3.0's does not, and neither side then
 * goes on). */
static int default_dups; /* set by the run on the default provider, which comes first */

static int pbkdf2(const char *props, unsigned char *out, size_t *outl)
{
    static const char pass[] = "password", salt[] = "salt of the allocation test";
    EVP_KDF *kdf = EVP_KDF_fetch(armsha_pt.lib, "PBKDF2", props);
    EVP_KDF_CTX *a = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL, *b = NULL;
    uint64_t iter = 1000;
    OSSL_PARAM par[5] = {
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (char *)pass, sizeof(pass) - 1),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (char *)salt, sizeof(salt) - 1),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA2-512", 0),
        OSSL_PARAM_construct_end()
    };
    unsigned char k[40];
    int ok = a != NULL && EVP_KDF_derive(a, k, sizeof(k), par);

    if (ok)
        append(out, outl, k, sizeof(k));
    if (ok) {
        b = EVP_KDF_CTX_dup(a);
        if (strcmp(props, "provider=default") == 0)
            default_dups = b != NULL;
        else if (b == NULL && default_dups)
            ok = 0; /* armsha could not copy what the default copies */
    }
    if (ok && b != NULL) {
        ok = EVP_KDF_derive(b, k, sizeof(k), NULL);
        if (ok)
            append(out, outl, k, sizeof(k));
    }
    EVP_KDF_CTX_free(a);
    EVP_KDF_CTX_free(b);
    EVP_KDF_free(kdf);
    return ok;
}

static const struct {
    const char *name;
    scenario *fn;
} scenarios[] = {
    {"SHA2-256 copied", sha256_copy},
    {"SHA2-512 copied", sha512_copy},
    {"HMAC-SHA2-256 copied and re-keyed", hmac_sha256},
    {"HMAC-SHA3-256 (the default's digest) copied and re-keyed", hmac_sha3},
    {"PBKDF2-SHA2-512 derived and copied", pbkdf2},
};

static void run_scenario(const char *name, scenario *fn)
{
    unsigned char exp[MAXOUT], got[MAXOUT];
    size_t el = 0, gl, before;
    unsigned long n, failed_ok = 0, survived = 0;
    int ok;

    ERR_clear_error();
    if (!fn("provider=default", exp, &el)) {
        FAIL("%s: fails on the default provider", name);
        return;
    }
    /* No failure injected: armsha's blocks are seen, the answer is the default's, none
     * is left behind. */
    before = nlive;
    allocs = 0;
    fail_at = 0;
    gl = 0;
    ok = fn("provider=armsha", got, &gl);
    n = allocs;
    CHECK(ok && gl == el && memcmp(got, exp, el) == 0, "%s: armsha's answer is not the default's", name);
    CHECK(n > 0, "%s: none of armsha's allocations reached the application's allocator "
                 "(CRYPTO_set_mem_functions)", name);
    CHECK(nlive == before, "%s: %zu of armsha's blocks left after the contexts were freed", name,
          nlive - before);
    ERR_clear_error();
    /* Each of armsha's allocations failed in turn. */
    for (unsigned long k = 1; k <= n; k++) {
        before = nlive;
        allocs = 0;
        fail_at = k;
        injected = 0;
        gl = 0;
        ok = fn("provider=armsha", got, &gl);
        fail_at = 0;
        CHECK(injected, "%s: allocation %lu of %lu was never made", name, k, n);
        if (ok) {
            survived++;
            CHECK(gl == el && memcmp(got, exp, el) == 0,
                  "%s: allocation %lu of %lu failed, and the answer differs from the default's",
                  name, k, n);
        } else {
            failed_ok++;
            CHECK(ERR_peek_error() != 0, "%s: allocation %lu of %lu failed without an error", name,
                  k, n);
        }
        CHECK(nlive == before, "%s: allocation %lu of %lu failed: %zu of armsha's blocks leaked",
              name, k, n, nlive - before);
        ERR_clear_error();
    }
    printf("  %s: %lu of armsha's allocations; each failed in turn: %lu refused with an error, "
           "%lu answered as the default\n", name, n, failed_ok, survived);
}

int main(int argc, char **argv)
{
    unsigned long before;

    /* Before anything allocates: OpenSSL accepts new functions only until its first
     * allocation. */
    if (!CRYPTO_set_mem_functions(hook_malloc, hook_realloc, hook_free)) {
        printf("CRYPTO_set_mem_functions refused\n");
        return 1;
    }
    armsha_pt_init(argc, argv, "test_provider_alloc");
    if (armsha_pt_setup()) {
        before = armsha_test_failures;
        for (size_t i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++)
            run_scenario(scenarios[i].name, scenarios[i].fn);
        CHECK(!table_full, "more than %d of armsha's blocks at once: the leak checks are void",
              MAXBLOCKS);
        if (armsha_test_failures == before)
            armsha_test_ok("armsha's blocks go through CRYPTO_set_mem_functions; each failed in "
                           "turn gives the default's answer or an error, and leaks nothing");
    }
    return armsha_pt_finish();
}
