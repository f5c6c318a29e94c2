/* The provider test programs' shared setup and comparisons (see common.h). */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "armsha/digests.h"

armsha_pt_state armsha_pt = {
    .seed = 0x61726d736861ull, /* "armsha" */
    .scale = 1,
};

_Static_assert(NALGS == ARMSHA_NDIGESTS, "the tests cover the seven digests of the table");

/* The seven digests from armsha's table; the primary name is the first of its names.
 * Nothing here is trusted: the names and sizes are compared with what the default provider
 * registers (setup and test_provider_names). */
static void load_table(void)
{
    int i;

    for (i = 0; i < NALGS; i++) {
        armsha_pt_alg *a = &armsha_pt.algs[i];
        size_t n = strcspn(armsha_digests[i].names, ":");

        if (n >= sizeof(a->name))
            n = sizeof(a->name) - 1;
        memcpy(a->name, armsha_digests[i].names, n);
        a->name[n] = '\0';
        a->names = armsha_digests[i].names;
        a->size = armsha_digests[i].digest_size;
        a->block = armsha_digests[i].block_size;
    }
}

/* OpenSSL's error queue goes with the failure that left it, and not into the next one. */
static void print_errors(void)
{
    if (armsha_test_failures <= 40)
        ERR_print_errors_fp(stdout);
    ERR_clear_error();
}

void armsha_pt_init(int argc, char **argv, const char *name)
{
    const char *s;

    if (argc != 2) {
        fprintf(stderr, "usage: %s CONF_PATH   (env: OPENSSL_MODULES, ARMSHA_EXPECT_KERNELS,\n"
                        "       ARMSHA_TEST_SEED, ARMSHA_TEST_SCALE)\n", argv[0]);
        exit(2);
    }
    armsha_pt.name = name;
    armsha_pt.conf = argv[1];
    if ((s = getenv("ARMSHA_TEST_SEED")) != NULL && *s != '\0')
        armsha_pt.seed = strtoull(s, NULL, 0);
    if ((s = getenv("ARMSHA_TEST_SCALE")) != NULL && atoi(s) > 0)
        armsha_pt.scale = (unsigned)atoi(s);
    armsha_pt.expect_kernels = getenv("ARMSHA_EXPECT_KERNELS");
    load_table();
    armsha_test_after_failure = print_errors;
    printf("%s: seed %#llx (ARMSHA_TEST_SEED), scale %u (ARMSHA_TEST_SCALE), %s\n", name,
           (unsigned long long)armsha_pt.seed, armsha_pt.scale, OpenSSL_version(OPENSSL_VERSION));
    printf("  OPENSSL_MODULES=%s ARMSHA_EXPECT_KERNELS=%s ARMSHA_DISABLE=%s\n",
           getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)",
           armsha_pt.expect_kernels ? armsha_pt.expect_kernels : "(unset)",
           getenv("ARMSHA_DISABLE") ? getenv("ARMSHA_DISABLE") : "(unset)");
    /* Stream 1 is the message material, stream 2 the lengths, offsets and splits. */
    armsha_fill_random(armsha_pt.data, sizeof(armsha_pt.data), armsha_pt.seed);
    armsha_pt.rng = armsha_rng_start(armsha_pt.seed, 2);
}

int armsha_pt_setup(void)
{
    int i;

    armsha_pt.lib = OSSL_LIB_CTX_new();
    if (armsha_pt.lib == NULL) {
        FAIL("OSSL_LIB_CTX_new failed");
        return 0;
    }
    armsha_pt.prov_d = OSSL_PROVIDER_load(armsha_pt.lib, "default");
    armsha_pt.prov_a = OSSL_PROVIDER_load(armsha_pt.lib, "armsha");
    if (armsha_pt.prov_d == NULL || armsha_pt.prov_a == NULL) {
        FAIL("cannot load providers (default %s, armsha %s); OPENSSL_MODULES=%s",
             armsha_pt.prov_d ? "ok" : "FAILED", armsha_pt.prov_a ? "ok" : "FAILED",
             getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
        return 0;
    }
    for (i = 0; i < NALGS; i++) {
        const char *name = armsha_pt.algs[i].name;
        EVP_MD *a = EVP_MD_fetch(armsha_pt.lib, name, "provider=armsha");
        EVP_MD *d = EVP_MD_fetch(armsha_pt.lib, name, "provider=default");

        armsha_pt.md_a[i] = a;
        armsha_pt.md_d[i] = d;
        if (a == NULL || d == NULL) {
            FAIL("fetch %s: armsha %s, default %s", name, a ? "ok" : "FAILED", d ? "ok" : "FAILED");
            return 0;
        }
        CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(a)), "armsha") == 0,
              "%s fetched with provider=armsha comes from %s", name,
              OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(a)));
        CHECK(EVP_MD_get_size(d) == (int)armsha_pt.algs[i].size
                  && EVP_MD_get_block_size(d) == (int)armsha_pt.algs[i].block,
              "%s: armsha's table says size %zu, block %zu; the default provider %d, %d", name,
              armsha_pt.algs[i].size, armsha_pt.algs[i].block, EVP_MD_get_size(d), EVP_MD_get_block_size(d));
    }
    armsha_test_ok("loaded default and armsha in one OSSL_LIB_CTX, fetched 7 digests from each");
    return 1;
}

int armsha_pt_finish(void)
{
    char label[160];
    int i;

    snprintf(label, sizeof(label), "%s (seed %#llx)", armsha_pt.name, (unsigned long long)armsha_pt.seed);
    for (i = 0; i < NALGS; i++) {
        EVP_MD_free(armsha_pt.md_a[i]);
        EVP_MD_free(armsha_pt.md_d[i]);
    }
    OSSL_PROVIDER_unload(armsha_pt.prov_a);
    OSSL_PROVIDER_unload(armsha_pt.prov_d);
    OSSL_LIB_CTX_free(armsha_pt.lib);
    return armsha_test_summary(label);
}

size_t armsha_pt_rnd_below(size_t n)
{
    return armsha_rng_below(&armsha_pt.rng, n);
}

int armsha_pt_same(const char *what, const unsigned char *got, size_t gotlen, const unsigned char *exp,
                   size_t explen)
{
    char g[2 * MAXMD + 1], e[2 * MAXMD + 1];

    armsha_test_checks++;
    if (gotlen == explen && memcmp(got, exp, explen) == 0)
        return 1;
    armsha_hex(g, got, gotlen < MAXMD ? gotlen : MAXMD);
    armsha_hex(e, exp, explen < MAXMD ? explen : MAXMD);
    FAIL("%s:\n      armsha  %s (%zu bytes)\n      default %s (%zu bytes)", what, g, gotlen, e, explen);
    return 0;
}

void armsha_pt_ref_digest(int ai, const unsigned char *msg, size_t len, unsigned char *out)
{
    unsigned int outl = 0;

    if (!EVP_Digest(msg, len, out, &outl, armsha_pt.md_d[ai], NULL) || outl != armsha_pt.algs[ai].size) {
        FAIL("default provider %s failed (cannot compute the expected value)", armsha_pt.algs[ai].name);
        memset(out, 0, MAXMD);
    }
}

int armsha_pt_update_split(EVP_MD_CTX *ctx, const unsigned char *msg, size_t len, size_t block)
{
    size_t done = 0;

    while (done < len) {
        size_t r = armsha_pt_rnd_below(8), n;

        /* One in eight empty, four in eight up to two blocks, three in eight up to the rest. */
        if (r == 0)
            n = 0;
        else if (r < 5)
            n = armsha_pt_rnd_below(2 * block + 2);
        else
            n = armsha_pt_rnd_below(len - done + 1);
        if (n > len - done)
            n = len - done;
        if (!EVP_DigestUpdate(ctx, msg + done, n))
            return 0;
        done += n;
    }
    return EVP_DigestUpdate(ctx, msg + len, 0);
}

static int armsha_digest(int ai, const unsigned char *msg, size_t len, int mode, unsigned char *out,
                         size_t *outlen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int outl = 0;
    int ret = 0;
    size_t i;

    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL))
        goto end;
    if (mode == 0 && !EVP_DigestUpdate(ctx, msg, len))
        goto end;
    if (mode == 1 && !armsha_pt_update_split(ctx, msg, len, armsha_pt.algs[ai].block))
        goto end;
    for (i = 0; mode == 2 && i < len; i++)
        if (!EVP_DigestUpdate(ctx, msg + i, 1))
            goto end;
    if (!EVP_DigestFinal_ex(ctx, out, &outl))
        goto end;
    *outlen = outl;
    ret = 1;
end:
    EVP_MD_CTX_free(ctx);
    return ret;
}

void armsha_pt_check_digest(int ai, const unsigned char *msg, size_t len, int mode, const char *what)
{
    unsigned char got[MAXMD + 16], exp[MAXMD];
    size_t gotlen = 0;
    char label[160];

    armsha_pt_ref_digest(ai, msg, len, exp);
    snprintf(label, sizeof(label), "%s %s len=%zu", armsha_pt.algs[ai].name, what, len);
    if (!armsha_digest(ai, msg, len, mode, got, &gotlen)) {
        FAIL("%s: armsha EVP call failed", label);
        return;
    }
    armsha_pt_same(label, got, gotlen, exp, armsha_pt.algs[ai].size);
}

int armsha_pt_mac_once(OSSL_LIB_CTX *l, int ai, const char *props, const unsigned char *key, size_t keylen,
                       const unsigned char *msg, size_t len, unsigned char *out, size_t *outl)
{
    EVP_MAC *mac = EVP_MAC_fetch(l, "HMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[3];
    int ret = 0;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)armsha_pt.algs[ai].name, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props, 0);
    p[2] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_MAC_init(ctx, key, keylen, p) && EVP_MAC_update(ctx, msg, len)
        && EVP_MAC_final(ctx, out, outl, MAXMD))
        ret = 1;
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return ret;
}

int armsha_pt_pbkdf2_once(OSSL_LIB_CTX *l, int ai, const char *props, unsigned iter, unsigned char *out,
                          size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(l, "PBKDF2", NULL);
    EVP_KDF_CTX *ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM p[6];
    int ret = 0;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)armsha_pt.algs[ai].name, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES, (char *)props, 0);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, armsha_pt.data + 100, 13);
    p[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, armsha_pt.data + 200, 16);
    p[4] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iter);
    p[5] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_KDF_derive(ctx, out, outlen, p))
        ret = 1;
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
    return ret;
}

static const char *provider_of_md(OSSL_LIB_CTX *l, const char *name, const char *props)
{
    EVP_MD *m = EVP_MD_fetch(l, name, props);
    const char *p = m ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)) : "(fetch failed)";

    EVP_MD_free(m); /* the provider name outlives the method */
    return p;
}

void armsha_pt_check_configured(OSSL_LIB_CTX *l, const char *how)
{
    static const char *const aliases[NALGS] = {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512",
                                               "SHA512-224", "SHA512-256"};
    static const char *const others[] = {"MD5", "SHA3-256", "SHA2-256"};
    unsigned char got[MAXMD], exp[MAXMD];
    char label[160];
    EVP_CIPHER *c;
    const char *p;
    int ai;
    size_t i, gotl;

    for (ai = 0; ai < NALGS; ai++) {
        p = provider_of_md(l, armsha_pt.algs[ai].name, NULL);
        CHECK(strcmp(p, "armsha") == 0, "%s: EVP_MD_fetch(\"%s\", NULL) comes from %s", how,
              armsha_pt.algs[ai].name, p);
        p = provider_of_md(l, aliases[ai], NULL);
        CHECK(strcmp(p, "armsha") == 0, "%s: EVP_MD_fetch(\"%s\", NULL) comes from %s", how, aliases[ai], p);
        gotl = 0;
        armsha_pt_ref_digest(ai, armsha_pt.data, 5000, exp);
        snprintf(label, sizeof(label), "%s: EVP_Q_digest(\"%s\", NULL) of 5000 bytes", how, aliases[ai]);
        if (!EVP_Q_digest(l, aliases[ai], NULL, armsha_pt.data, 5000, got, &gotl))
            FAIL("%s failed", label);
        else
            armsha_pt_same(label, got, gotl, exp, armsha_pt.algs[ai].size);
    }
    for (i = 0; i < 2; i++) {
        p = provider_of_md(l, others[i], NULL);
        CHECK(strcmp(p, "default") == 0, "%s: %s comes from %s", how, others[i], p);
    }
    /* "?provider=armsha" is a preference: an explicit default request still wins. */
    p = provider_of_md(l, others[2], "provider=default");
    CHECK(strcmp(p, "default") == 0, "%s: SHA2-256 with provider=default comes from %s", how, p);
    c = EVP_CIPHER_fetch(l, "AES-128-CBC", NULL);
    p = c ? OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)) : "(fetch failed)";
    CHECK(strcmp(p, "default") == 0, "%s: AES-128-CBC comes from %s", how, p);
    EVP_CIPHER_free(c);
}
