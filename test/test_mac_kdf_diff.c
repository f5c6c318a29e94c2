/* armsha's HMAC (EVP_MAC) and PBKDF2 (EVP_KDF) against the default provider's in one process:
 * random digests (the seven SHA ones on armsha's core, SHA3-256, MD5 and SM3 handed over),
 * keys 0-300 bytes, split messages, dup mid-stream, re-init with and without a key, PBKDF2
 * salts, iterations and output lengths, parameter lists, and bad parameters refused alike. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
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

/* OpenSSL's error queue after each failure, for the reason. */
static void print_errors(void)
{
    ERR_print_errors_fp(stdout);
    ERR_clear_error();
}

#define fail(...) armsha_test_fail(__FILE__, __LINE__, __VA_ARGS__)

static uint64_t rng;

static size_t below(size_t n)
{
    return n == 0 ? 0 : (size_t)(armsha_rng_next(&rng) % n);
}

/* Digest names: the seven through their various names, then the ones armsha hands over. */
static const char *const digests[] = {
    "SHA1", "SHA2-224", "SHA256", "SHA-384", "SHA512", "SHA2-512/224", "SHA512-256",
    "2.16.840.1.101.3.4.2.1", "sha-1", "SHA3-256", "MD5", "SM3",
};
#define NDIGESTS (sizeof(digests) / sizeof(digests[0]))

enum { P_DEFAULT, P_ARMSHA };
static const char *const props[2] = {"provider=default", "provider=armsha"};
static EVP_MAC *macs[2];
static EVP_KDF *kdfs[2];

static unsigned char data[8192];

/* ---- parameter lists ----------------------------------------------------------------- */

static void same_list(const char *what, const OSSL_PARAM *d, const OSSL_PARAM *a)
{
    size_t nd = 0, na = 0;

    for (; d != NULL && d[nd].key != NULL; nd++) {
        const OSSL_PARAM *f = OSSL_PARAM_locate_const(a, d[nd].key);

        CHECK(f != NULL && f->data_type == d[nd].data_type, "%s: \"%s\" %s in armsha's", what,
              d[nd].key, f == NULL ? "missing" : "of another type");
    }
    while (a != NULL && a[na].key != NULL)
        na++;
    CHECK(na == nd, "%s: armsha lists %zu parameters, default %zu", what, na, nd);
}

static void test_param_lists(void)
{
    unsigned long before = armsha_test_failures;
    EVP_MAC_CTX *mc[2] = {EVP_MAC_CTX_new(macs[0]), EVP_MAC_CTX_new(macs[1])};
    EVP_KDF_CTX *kc[2] = {EVP_KDF_CTX_new(kdfs[0]), EVP_KDF_CTX_new(kdfs[1])};

    same_list("HMAC settable ctx params", EVP_MAC_settable_ctx_params(macs[0]),
              EVP_MAC_settable_ctx_params(macs[1]));
    same_list("HMAC gettable ctx params", EVP_MAC_gettable_ctx_params(macs[0]),
              EVP_MAC_gettable_ctx_params(macs[1]));
    same_list("HMAC gettable params", EVP_MAC_gettable_params(macs[0]),
              EVP_MAC_gettable_params(macs[1]));
    same_list("HMAC init settable", EVP_MAC_CTX_settable_params(mc[0]),
              EVP_MAC_CTX_settable_params(mc[1]));
    same_list("PBKDF2 settable ctx params", EVP_KDF_settable_ctx_params(kdfs[0]),
              EVP_KDF_settable_ctx_params(kdfs[1]));
    same_list("PBKDF2 gettable ctx params", EVP_KDF_gettable_ctx_params(kdfs[0]),
              EVP_KDF_gettable_ctx_params(kdfs[1]));
    CHECK(EVP_KDF_CTX_get_kdf_size(kc[0]) == EVP_KDF_CTX_get_kdf_size(kc[1]),
          "PBKDF2 size: armsha %zu, default %zu", EVP_KDF_CTX_get_kdf_size(kc[1]),
          EVP_KDF_CTX_get_kdf_size(kc[0]));
    CHECK(EVP_MAC_is_a(macs[1], "HMAC") && EVP_KDF_is_a(kdfs[1], "PBKDF2")
              && EVP_KDF_is_a(kdfs[1], "1.2.840.113549.1.5.12"),
          "armsha's names for HMAC and PBKDF2");
    for (int p = 0; p < 2; p++) {
        EVP_MAC_CTX_free(mc[p]);
        EVP_KDF_CTX_free(kc[p]);
    }
    ERR_clear_error();
    if (armsha_test_failures == before)
        printf("ok: HMAC's and PBKDF2's parameter lists, names and kdf size equal the default "
               "provider's\n");
}

/* ---- HMAC ---------------------------------------------------------------------------- */

static EVP_MAC_CTX *mac_new(int p, const char *md, const char *mdprops, const unsigned char *key,
                            size_t keylen)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);
    OSSL_PARAM par[3], *q = par;

    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0);
    if (mdprops != NULL)
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)mdprops, 0);
    *q = OSSL_PARAM_construct_end();
    if (c == NULL || !EVP_MAC_init(c, key, keylen, par)) {
        EVP_MAC_CTX_free(c);
        return NULL;
    }
    return c;
}

/* Feeds data[off..off+len) to both contexts in the same random pieces. */
static int feed(EVP_MAC_CTX *c[2], size_t off, size_t len)
{
    while (len > 0) {
        size_t n = below(4) == 0 ? len : below(len + 1);

        for (int p = 0; p < 2; p++)
            if (!EVP_MAC_update(c[p], data + off, n))
                return 0;
        off += n;
        len -= n;
    }
    return 1;
}

static int finish_same(const char *what, EVP_MAC_CTX *c[2])
{
    unsigned char out[2][EVP_MAX_MD_SIZE];
    size_t outl[2] = {0, 0};

    for (int p = 0; p < 2; p++)
        if (!EVP_MAC_final(c[p], out[p], &outl[p], sizeof(out[p]))) {
            fail("%s: final failed (%s)", what, p ? "armsha" : "default");
            return 0;
        }
    armsha_test_checks++;
    if (outl[0] != outl[1] || memcmp(out[0], out[1], outl[0]) != 0) {
        fail("%s: armsha and default differ", what);
        return 0;
    }
    return 1;
}

static void test_hmac_random(int rounds)
{
    unsigned long before = armsha_test_failures;

    for (int r = 0; r < rounds; r++) {
        const char *md = digests[below(NDIGESTS)];
        /* Digest properties steer armsha to its core, or hand the work over. */
        const char *mdprops = below(4) == 0 ? (below(2) ? "provider=default" : "provider=armsha") : NULL;
        size_t keylen = below(301), koff = below(1000), len = below(1500), moff = below(4000);
        EVP_MAC_CTX *c[2], *dup[2];
        char what[128];
        size_t sizes[2], bsizes[2];

        if (mdprops != NULL && strcmp(mdprops, "provider=armsha") == 0
            && (strcmp(md, "SHA3-256") == 0 || strcmp(md, "MD5") == 0 || strcmp(md, "SM3") == 0))
            mdprops = NULL;
        snprintf(what, sizeof(what), "round %d HMAC-%s%s%s key=%zu msg=%zu", r, md,
                 mdprops ? " properties=" : "", mdprops ? mdprops : "", keylen, len);
        for (int p = 0; p < 2; p++)
            c[p] = mac_new(p, md, mdprops, data + koff, keylen);
        if (c[0] == NULL || c[1] == NULL) {
            /* Both refusing is agreement: with "portable = no" armsha may offer no digest
             * that "provider=armsha" could find. */
            CHECK(c[0] == NULL && c[1] == NULL, "%s: init: default %s, armsha %s", what,
                  c[0] ? "ok" : "failed", c[1] ? "ok" : "failed");
            ERR_clear_error();
            EVP_MAC_CTX_free(c[0]);
            EVP_MAC_CTX_free(c[1]);
            continue;
        }
        for (int p = 0; p < 2; p++) {
            sizes[p] = EVP_MAC_CTX_get_mac_size(c[p]);
            bsizes[p] = EVP_MAC_CTX_get_block_size(c[p]);
        }
        CHECK(sizes[0] == sizes[1] && bsizes[0] == bsizes[1],
              "%s: size %zu/%zu block %zu/%zu (armsha/default)", what, sizes[1], sizes[0],
              bsizes[1], bsizes[0]);
        /* Half the message, a copy of each, then the rest: on the copies a different rest. */
        if (!feed(c, moff, len / 2)) {
            fail("%s: update failed", what);
            goto next;
        }
        dup[0] = EVP_MAC_CTX_dup(c[0]);
        dup[1] = EVP_MAC_CTX_dup(c[1]);
        if (dup[0] == NULL || dup[1] == NULL)
            fail("%s: EVP_MAC_CTX_dup failed", what);
        else if (feed(dup, 7, below(300)))
            finish_same("dup mid-stream", dup);
        EVP_MAC_CTX_free(dup[0]);
        EVP_MAC_CTX_free(dup[1]);
        if (feed(c, moff + len / 2, len - len / 2))
            finish_same(what, c);
        /* Again with the same key (init without one), then with a new key. */
        for (int p = 0; p < 2; p++)
            CHECK(EVP_MAC_init(c[p], NULL, 0, NULL), "%s: re-init without a key failed", what);
        if (feed(c, 100, below(500)))
            finish_same("re-init without a key", c);
        keylen = below(301);
        for (int p = 0; p < 2; p++)
            CHECK(EVP_MAC_init(c[p], data + 50, keylen, NULL), "%s: re-init with a key failed", what);
        if (feed(c, 200, below(500)))
            finish_same("re-init with a new key", c);
    next:
        EVP_MAC_CTX_free(c[0]);
        EVP_MAC_CTX_free(c[1]);
    }
    ERR_clear_error();
    if (armsha_test_failures == before)
        printf("ok: %d random HMACs (%zu digest names incl. SHA3-256, MD5, SM3, with and without "
               "properties; keys 0-300 bytes; split messages; dup mid-stream; re-init with and "
               "without a key; sizes) equal the default provider's\n", rounds, NDIGESTS);
}

/* ---- PBKDF2 -------------------------------------------------------------------------- */

static void test_pbkdf2_random(int rounds, uint64_t max_iter)
{
    unsigned long before = armsha_test_failures;

    for (int r = 0; r < rounds; r++) {
        const char *md = digests[below(NDIGESTS)];
        size_t passlen = below(301), saltlen = below(100), outlen = 1 + below(4 * 64 + 8);
        /* Mostly a few iterations; one round in eight up to max_iter. */
        uint64_t iter = 1 + (below(8) == 0 ? below(max_iter) : below(40));
        int pkcs5 = below(2);
        unsigned char out[2][300];
        int ok[2];
        OSSL_PARAM par[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, data + 10, passlen),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, data + 500, saltlen),
            OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
            OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5),
            OSSL_PARAM_construct_end()
        };

        for (int p = 0; p < 2; p++) {
            EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);

            memset(out[p], p, sizeof(out[p]));
            ok[p] = c != NULL && EVP_KDF_derive(c, out[p], outlen, par);
            EVP_KDF_CTX_free(c);
        }
        armsha_test_checks++;
        if (ok[0] != ok[1] || (ok[0] && memcmp(out[0], out[1], outlen) != 0))
            fail("round %d PBKDF2-HMAC-%s pass=%zu salt=%zu iter=%llu dkLen=%zu pkcs5=%d: "
                 "default %s, armsha %s", r, md, passlen, saltlen, (unsigned long long)iter, outlen,
                 pkcs5, ok[0] ? "ok" : "refused", ok[1] ? (ok[0] ? "differs" : "ok") : "refused");
        ERR_clear_error();
    }
    if (armsha_test_failures == before)
        printf("ok: %d random PBKDF2 derivations (same digests; passwords 0-300, salts 0-99 bytes; "
               "1-%llu iterations; 1-263 output bytes; pkcs5 0 and 1) equal the default "
               "provider's, refusals included\n", rounds, (unsigned long long)max_iter);
}

/* Every output length from 1 to 4 x hLen + 1 for every digest, at 1, 2 and 3 iterations:
 * PBKDF2 runs its blocks in pairs on a two-lane kernel (some of them through an entry that
 * runs the whole loop inside, iter 2 its shortest) and an odd last one alone, so each count
 * of blocks and a partial last one must come out as the default provider's. */
static void test_pbkdf2_lengths(void)
{
    unsigned long before = armsha_test_failures;

    for (size_t i = 0; i < NDIGESTS; i++) {
        EVP_MD *m = EVP_MD_fetch(NULL, digests[i], props[0]);
        const size_t hlen = m != NULL ? (size_t)EVP_MD_get_size(m) : 0;
        uint64_t iter;
        OSSL_PARAM par[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digests[i], 0),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, data + 3, 13),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, data + 700, 16),
            OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
            OSSL_PARAM_construct_end()
        };

        EVP_MD_free(m);
        CHECK(hlen != 0 && 4 * hlen + 1 <= 300, "%s: no digest size from the default provider",
              digests[i]);
        for (size_t outlen = 1; hlen != 0 && outlen <= 4 * hlen + 1 && outlen <= 300; outlen++) {
            for (iter = 1; iter <= 3; iter++) {
                unsigned char out[2][300];
                int ok[2];

                for (int p = 0; p < 2; p++) {
                    EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);

                    /* The same on both: past dkLen must stay. */
                    memset(out[p], 0xa5, sizeof(out[p]));
                    ok[p] = c != NULL && EVP_KDF_derive(c, out[p], outlen, par);
                    EVP_KDF_CTX_free(c);
                }
                armsha_test_checks++;
                if (!ok[0] || !ok[1] || memcmp(out[0], out[1], sizeof(out[0])) != 0)
                    fail("PBKDF2-HMAC-%s dkLen=%zu iter=%llu: default %s, armsha %s", digests[i],
                         outlen, (unsigned long long)iter, ok[0] ? "ok" : "refused",
                         ok[1] ? (ok[0] ? "differs" : "ok") : "refused");
            }
        }
    }
    if (armsha_test_failures == before)
        printf("ok: PBKDF2 of every digest at every output length 1 to 4 x hLen + 1 (1, 2 and "
               "3 iterations) equals the default provider's, and writes nothing past it\n");
}

/* ---- refusals ------------------------------------------------------------------------ */

/* The outcome of one scenario on one provider: the return value and the last error. */
typedef struct outcome {
    int ret;
    unsigned long err;
} outcome;

static void compare(const char *what, const outcome o[2])
{
    armsha_test_checks++;
    printf("  %s: default %s%s%s, armsha %s%s%s\n", what, o[0].ret ? "accepts" : "refuses",
           o[0].err ? " with " : "", o[0].err ? ERR_reason_error_string(o[0].err) : "",
           o[1].ret ? "accepts" : "refuses", o[1].err ? " with " : "",
           o[1].err ? ERR_reason_error_string(o[1].err) : "");
    if (o[0].ret != o[1].ret) {
        fail("%s: default returned %d, armsha %d", what, o[0].ret, o[1].ret);
        return;
    }
    /* Where the default provider names a reason, armsha must give the same one. */
    if (o[0].err != 0 && (ERR_GET_LIB(o[0].err) != ERR_GET_LIB(o[1].err)
                          || ERR_GET_REASON(o[0].err) != ERR_GET_REASON(o[1].err)))
        fail("%s: default raised %s, armsha %s", what, ERR_reason_error_string(o[0].err),
             o[1].err ? ERR_reason_error_string(o[1].err) : "nothing");
}

static int u8(OSSL_PARAM *p, const char *key, const char *v)
{
    *p = OSSL_PARAM_construct_utf8_string(key, (char *)v, 0);
    return 1;
}

static void test_mac_refusals(void)
{
    unsigned long before = armsha_test_failures;
    static const char *const names[] = {
        "digest given as an octet string", "unknown digest", "key given as a UTF8 string",
        "init without a digest", "digest-noinit given as a UTF8 string",
        "tls-data-size given as a UTF8 string", "properties given as an integer",
        "digest with properties nobody satisfies", "XOF digest SHAKE256",
        "output buffer too small",
    };
    const size_t n = sizeof(names) / sizeof(names[0]);

    for (size_t s = 0; s < n; s++) {
        outcome o[2];

        for (int p = 0; p < 2; p++) {
            EVP_MAC_CTX *c = EVP_MAC_CTX_new(macs[p]);
            OSSL_PARAM par[3];
            int one = 1, ret = 0;
            unsigned char out[64];
            size_t outl;

            par[1] = par[2] = OSSL_PARAM_construct_end();
            ERR_clear_error();
            switch (s) {
            case 0:
                par[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 6);
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 1:
                u8(par, OSSL_MAC_PARAM_DIGEST, "NO-SUCH-DIGEST");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 2:
                u8(par, OSSL_MAC_PARAM_DIGEST, "SHA256");
                u8(par + 1, OSSL_MAC_PARAM_KEY, "key");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 3:
                ret = EVP_MAC_init(c, data, 16, NULL);
                break;
            case 4:
                u8(par, OSSL_MAC_PARAM_DIGEST_NOINIT, "1");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 5:
                u8(par, OSSL_MAC_PARAM_TLS_DATA_SIZE, "1");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 6:
                par[0] = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_PROPERTIES, &one);
                u8(par + 1, OSSL_MAC_PARAM_DIGEST, "SHA256");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 7:
                u8(par, OSSL_MAC_PARAM_DIGEST, "SHA256");
                u8(par + 1, OSSL_MAC_PARAM_PROPERTIES, "provider=nonesuch");
                ret = EVP_MAC_CTX_set_params(c, par);
                break;
            case 8:
                u8(par, OSSL_MAC_PARAM_DIGEST, "SHAKE256");
                ret = EVP_MAC_init(c, data, 16, par);
                break;
            default:
                u8(par, OSSL_MAC_PARAM_DIGEST, "SHA256");
                ret = EVP_MAC_init(c, data, 16, par) && EVP_MAC_update(c, data, 3)
                      && EVP_MAC_final(c, out, &outl, 31);
                break;
            }
            o[p].ret = ret;
            o[p].err = ERR_peek_last_error();
            EVP_MAC_CTX_free(c);
        }
        compare(names[s], o);
    }
    ERR_clear_error();
    if (armsha_test_failures == before)
        printf("ok: HMAC refuses %zu kinds of bad parameters as the default provider does\n", n);
}

static void test_kdf_refusals(void)
{
    unsigned long before = armsha_test_failures;
    static const char *const names[] = {
        "iter 0", "pkcs5=0 salt of 15 bytes", "pkcs5=0 iter 999", "pkcs5=0 dkLen 13 bytes",
        "no password", "no salt", "password as a UTF8 string", "iter as a UTF8 string",
        "unknown digest", "dkLen 0", "pkcs5=0 all at their bounds", "pkcs5 as a UTF8 string",
        "empty password and salt", "reset then derive (defaults: SHA-1, 2048 iterations)",
        "digest with properties nobody satisfies",
    };
    const size_t n = sizeof(names) / sizeof(names[0]);

    for (size_t s = 0; s < n; s++) {
        outcome o[2];
        unsigned char out[2][64];

        for (int p = 0; p < 2; p++) {
            EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdfs[p]);
            OSSL_PARAM par[8], *q = par;
            uint64_t iter = 1000, zero = 0, i999 = 999;
            int pk0 = 0;
            size_t outlen = 20, saltlen = 16;

            ERR_clear_error();
            memset(out[p], 0, sizeof(out[p]));
            if (s != 4 && s != 6)
                *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, data, s == 12 ? 0 : 8);
            if (s == 1)
                saltlen = 15;
            if (s == 1 || s == 2 || s == 3 || s == 10)
                *q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pk0);
            if (s != 5)
                *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, data + 9, s == 12 ? 0 : saltlen);
            if (s == 0)
                *q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &zero);
            else if (s == 2)
                *q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &i999);
            else if (s == 7)
                u8(q++, OSSL_KDF_PARAM_ITER, "1000");
            else if (s != 13)
                *q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter);
            if (s == 3)
                outlen = 13;
            if (s == 6)
                u8(q++, OSSL_KDF_PARAM_PASSWORD, "password");
            if (s == 8)
                u8(q++, OSSL_KDF_PARAM_DIGEST, "NO-SUCH-DIGEST");
            if (s == 9)
                outlen = 0;
            if (s == 10)
                outlen = 14;
            if (s == 11)
                u8(q++, OSSL_KDF_PARAM_PKCS5, "0");
            if (s == 14) {
                u8(q++, OSSL_KDF_PARAM_PROPERTIES, "provider=nonesuch");
                u8(q++, OSSL_KDF_PARAM_DIGEST, "SHA256");
            }
            *q = OSSL_PARAM_construct_end();
            if (s == 13) {
                EVP_KDF_CTX_set_params(c, par);
                EVP_KDF_CTX_reset(c);
                q = par;
                *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, data, 8);
                *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, data + 9, 16);
                *q = OSSL_PARAM_construct_end();
            }
            o[p].ret = c != NULL && EVP_KDF_derive(c, out[p], outlen, par);
            o[p].err = ERR_peek_last_error();
            EVP_KDF_CTX_free(c);
        }
        compare(names[s], o);
        CHECK(!o[0].ret || memcmp(out[0], out[1], sizeof(out[0])) == 0, "%s: outputs differ",
              names[s]);
    }
    ERR_clear_error();
    if (armsha_test_failures == before)
        printf("ok: PBKDF2's defaults, lower-bound checks and %zu kinds of bad parameters behave "
               "as the default provider's (same return, same reason)\n", n);
}

int main(int argc, char **argv)
{
    OSSL_PROVIDER *a, *d;
    int rounds = argc > 1 ? atoi(argv[1]) : 300;
    uint64_t max_iter = argc > 2 ? strtoull(argv[2], NULL, 10) : 5000;

    armsha_test_after_failure = print_errors;

    rng = armsha_rng_start(11, 0);
    armsha_fill_random(data, sizeof(data), 11);
    a = OSSL_PROVIDER_load(NULL, "armsha");
    d = OSSL_PROVIDER_load(NULL, "default");
    for (int p = 0; p < 2; p++) {
        macs[p] = EVP_MAC_fetch(NULL, "HMAC", props[p]);
        kdfs[p] = EVP_KDF_fetch(NULL, "PBKDF2", props[p]);
    }
    if (a == NULL || d == NULL || macs[0] == NULL || macs[1] == NULL || kdfs[0] == NULL
        || kdfs[1] == NULL) {
        fail("cannot load armsha and default or fetch their HMAC and PBKDF2");
        return 1;
    }
    test_param_lists();
    test_hmac_random(rounds);
    test_pbkdf2_random(rounds, max_iter);
    test_pbkdf2_lengths();
    test_mac_refusals();
    test_kdf_refusals();
    for (int p = 0; p < 2; p++) {
        EVP_MAC_free(macs[p]);
        EVP_KDF_free(kdfs[p]);
    }
    OSSL_PROVIDER_unload(a);
    OSSL_PROVIDER_unload(d);
    return armsha_test_summary("test_mac_kdf_diff");
}
