/* HMAC (RFC 2202, RFC 4231) and PBKDF2 (RFC 6070, RFC 7914 and the common PBKDF2-HMAC-SHA2
 * vectors) with the expected values written out: through the core on every kernel this CPU
 * runs, through armsha's EVP_MAC and EVP_KDF (fast path and, for MD5, the hand-over to the
 * default provider), and through the default provider, which checks the table itself. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "armsha/hmac.h"
#include "armsha/pbkdf2.h"
#include "helper.h"
#include "variants.h"

/* OpenSSL's error queue after each failure, for the reason. */
static void print_errors(void)
{
    ERR_print_errors_fp(stdout);
    ERR_clear_error();
}

#define fail(...) armsha_test_fail(__FILE__, __LINE__, __VA_ARGS__)

static size_t unhex(const char *h, unsigned char *out)
{
    size_t n = strlen(h) / 2;

    for (size_t i = 0; i < n; i++)
        sscanf(h + 2 * i, "%2hhx", &out[i]);
    return n;
}

static void check(const char *what, const char *via, const unsigned char *got, size_t gotlen,
                  const char *exp_hex)
{
    unsigned char exp[256];
    size_t explen = unhex(exp_hex, exp);

    armsha_test_checks++;
    if (gotlen < explen || memcmp(got, exp, explen) != 0) {
        char g[520];

        for (size_t i = 0; i < explen && i < 256; i++)
            sprintf(g + 2 * i, "%02x", got[i]);
        fail("%s via %s:\n      got      %s\n      expected %s", what, via, g, exp_hex);
    }
}

/* ---- HMAC ---------------------------------------------------------------------------- */

typedef struct hmac_vec {
    const char *md;   /* OpenSSL name */
    int md_index;     /* enum armsha_digest_id, or -1 (not served by the core) */
    const char *rfc;
    int tc;           /* test case number in the RFC */
    const char *mac;  /* expected, truncated where the RFC truncates */
} hmac_vec;

/* Keys and data of the RFCs' test cases: RFC 2202 (SHA-1 with 20-byte keys, MD5 with 16),
 * RFC 4231 (the SHA-2 cases). */
static void tc_input(const hmac_vec *v, unsigned char *key, size_t *keylen, unsigned char *data,
                     size_t *datalen)
{
    int r4231 = strcmp(v->rfc, "RFC 4231") == 0, md5 = strcmp(v->md, "MD5") == 0;
    size_t k20 = md5 ? 16 : 20;
    const char *s = NULL;

    switch (v->tc) {
    case 1:
        memset(key, 0x0b, *keylen = k20);
        s = "Hi There";
        break;
    case 2:
        memcpy(key, "Jefe", *keylen = 4);
        s = "what do ya want for nothing?";
        break;
    case 3:
        memset(key, 0xaa, *keylen = k20);
        memset(data, 0xdd, *datalen = 50);
        break;
    case 4:
        for (size_t i = 0; i < 25; i++)
            key[i] = (unsigned char)(i + 1);
        *keylen = 25;
        memset(data, 0xcd, *datalen = 50);
        break;
    case 5:
        memset(key, 0x0c, *keylen = k20);
        s = "Test With Truncation";
        break;
    case 6:
        memset(key, 0xaa, *keylen = r4231 ? 131 : 80);
        s = "Test Using Larger Than Block-Size Key - Hash Key First";
        break;
    default:
        memset(key, 0xaa, *keylen = r4231 ? 131 : 80);
        s = r4231 ? "This is a test using a larger than block-size key and a larger than "
                    "block-size data. The key needs to be hashed before being used by the HMAC "
                    "algorithm."
                  : "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data";
        break;
    }
    if (s != NULL)
        memcpy(data, s, *datalen = strlen(s));
}

static const hmac_vec hmac_vecs[] = {
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 1, "b617318655057264e28bc0b6fb378c8ef146be00"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 2, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 3, "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 4, "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 5, "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 6, "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 2202", 7, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
    {"MD5", -1, "RFC 2202", 1, "9294727a3638bb1c13f48ef8158bfc9d"},
    {"MD5", -1, "RFC 2202", 2, "750c783e6ab0b503eaa86e310a5db738"},
    {"MD5", -1, "RFC 2202", 3, "56be34521d144c88dbb8c733f0e8b3f6"},
    {"MD5", -1, "RFC 2202", 4, "697eaf0aca3a3aea3a75164746ffaa79"},
    {"MD5", -1, "RFC 2202", 5, "56461ef2342edc00f9bab995690efd4c"},
    {"MD5", -1, "RFC 2202", 6, "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd"},
    {"MD5", -1, "RFC 2202", 7, "6f630fad67cda0ee1fb1f562db3aa53e"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 1, "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 2, "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 3, "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 4, "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 5, "0e2aea68a90c8d37c988bcdb9fca6fa8"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 6, "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e"},
    {"SHA2-224", ARMSHA_DIGEST_SHA224, "RFC 4231", 7, "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 1, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 2, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 3, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 4, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 5, "a3b6167473100ee06e0c796c2955552b"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 6, "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 4231", 7, "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 1, "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 2, "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 3, "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 4, "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 5, "3abf34c3503b2a23a46efc619baef897"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 6, "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952"},
    {"SHA2-384", ARMSHA_DIGEST_SHA384, "RFC 4231", 7, "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 1, "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 2, "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 3, "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 4, "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 5, "415fad6271580a531d4179bc891d87a6"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 6, "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "RFC 4231", 7, "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"},
};

/* HMAC through an EVP_MAC fetched with props; checks that prov_name served it. */
static size_t evp_hmac(const char *props, const char *prov_name, const char *md,
                       const unsigned char *key, size_t keylen, const unsigned char *data,
                       size_t datalen, unsigned char *out)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", props);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0),
                      OSSL_PARAM_construct_end()};
    size_t outl = 0;

    if (mac != NULL && strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(mac)), prov_name) != 0)
        fail("HMAC fetched with \"%s\" came from %s", props,
             OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(mac)));
    if (ctx == NULL || !EVP_MAC_init(ctx, key, keylen, p) || !EVP_MAC_update(ctx, data, datalen)
        || !EVP_MAC_final(ctx, out, &outl, EVP_MAX_MD_SIZE)) {
        fail("HMAC-%s through %s failed", md, prov_name);
        outl = 0;
    }
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return outl;
}

static armsha_blocks kernel_blocks(const armsha_kernel *k)
{
    armsha_blocks b;

    if (k->family == ARMSHA_SHA1)
        b.sha1 = k->fn.sha1;
    else if (k->family == ARMSHA_SHA256)
        b.sha256 = k->fn.sha256;
    else
        b.sha512 = k->fn.sha512;
    return b;
}

static const armsha_x2 no_x2 = {NULL};

static armsha_x2 lane_x2(const armsha_lane_kernel *l)
{
    armsha_x2 x;

    if (l->family == ARMSHA_SHA1)
        x.sha1 = l->fn.sha1;
    else if (l->family == ARMSHA_SHA256)
        x.sha256 = l->fn.sha256;
    else
        x.sha512 = l->fn.sha512;
    return x;
}

/* For a kernel with no two-lane form: a two-lane function made of two calls of the kernel,
 * so that PBKDF2's two-lane loop (pbkdf2.c) is checked on every kernel and machine, the
 * lanes' functions being checked against the kernels in test_kernels. */
static armsha_blocks pair_kernel;

static void pair_sha1(uint32_t *const s[2], const uint8_t *const d[2])
{
    pair_kernel.sha1(s[0], d[0], 1);
    pair_kernel.sha1(s[1], d[1], 1);
}

static void pair_sha256(uint32_t *const s[2], const uint8_t *const d[2])
{
    pair_kernel.sha256(s[0], d[0], 1);
    pair_kernel.sha256(s[1], d[1], 1);
}

static void pair_sha512(uint64_t *const s[2], const uint8_t *const d[2])
{
    pair_kernel.sha512(s[0], d[0], 1);
    pair_kernel.sha512(s[1], d[1], 1);
}

static armsha_x2 pair_x2(const armsha_kernel *k)
{
    armsha_x2 x;

    pair_kernel = kernel_blocks(k);
    if (k->family == ARMSHA_SHA1)
        x.sha1 = pair_sha1;
    else if (k->family == ARMSHA_SHA256)
        x.sha256 = pair_sha256;
    else
        x.sha512 = pair_sha512;
    return x;
}

/* The family of md as written in RFC 4231/6070 terms, not taken from the core's table. */
static unsigned md_family(int md)
{
    return md == ARMSHA_DIGEST_SHA1 ? ARMSHA_SHA1
           : (md == ARMSHA_DIGEST_SHA224 || md == ARMSHA_DIGEST_SHA256) ? ARMSHA_SHA256
                                                                        : ARMSHA_SHA512;
}

static void test_hmac(void)
{
    unsigned long before = armsha_test_failures;

    for (size_t i = 0; i < sizeof(hmac_vecs) / sizeof(hmac_vecs[0]); i++) {
        const hmac_vec *v = &hmac_vecs[i];
        unsigned char key[256], data[256], out[EVP_MAX_MD_SIZE];
        size_t keylen = 0, datalen = 0, n;
        char what[64];

        tc_input(v, key, &keylen, data, &datalen);
        snprintf(what, sizeof(what), "HMAC-%s %s case %d", v->md, v->rfc, v->tc);
        n = evp_hmac("provider=default", "default", v->md, key, keylen, data, datalen, out);
        check(what, "the default provider", out, n, v->mac);
        n = evp_hmac("provider=armsha", "armsha", v->md, key, keylen, data, datalen, out);
        check(what, v->md_index >= 0 ? "armsha's EVP_MAC" : "armsha's EVP_MAC (handed to default)",
              out, n, v->mac);
        if (v->md_index < 0)
            continue;
        for (size_t k = 0; k < armsha_test_nkernels; k++) {
            const armsha_kernel *kern = armsha_test_kernels[k];
            armsha_hmac_ctx c;
            char via[64];

            if (kern->family != md_family(v->md_index))
                continue;
            /* The message in two pieces, split mid-way, as a stream would give it. */
            if (!armsha_hmac_key_init(&c.key, (unsigned)v->md_index, kernel_blocks(kern),
                                      key, keylen))
                fail("%s: key_init failed", what);
            armsha_hmac_start(&c);
            armsha_hmac_update(&c, data, datalen / 2);
            armsha_hmac_update(&c, data + datalen / 2, datalen - datalen / 2);
            armsha_hmac_final(&c, out);
            snprintf(via, sizeof(via), "the core, %s kernel", kern->name);
            check(what, via, out, armsha_hmac_size((unsigned)v->md_index), v->mac);
            /* Again from the same key states: the key survives final. */
            armsha_hmac_start(&c);
            armsha_hmac_update(&c, data, datalen);
            armsha_hmac_final(&c, out);
            snprintf(via, sizeof(via), "the core, %s kernel, key reused", kern->name);
            check(what, via, out, armsha_hmac_size((unsigned)v->md_index), v->mac);
            armsha_hmac_wipe(&c);
        }
    }
    if (armsha_test_failures == before)
        printf("ok: HMAC RFC 2202 (SHA-1, MD5) and RFC 4231 (SHA-224/256/384/512) vectors: the "
               "default provider, armsha's EVP_MAC (MD5 handed to default), the core on every "
               "kernel this CPU runs\n");
}

/* ---- PBKDF2 -------------------------------------------------------------------------- */

typedef struct pbkdf2_vec {
    const char *md;
    int md_index;
    const char *src;
    const char *pass;
    size_t passlen;
    const char *salt;
    size_t saltlen;
    unsigned long iter;
    const char *dk;
    int long_run; /* millions of iterations: natively only */
} pbkdf2_vec;

#define S(s) s, sizeof(s) - 1
#define LONG_P "passwordPASSWORDpassword"
#define LONG_S "saltSALTsaltSALTsaltSALTsaltSALTsalt"

static const pbkdf2_vec pbkdf2_vecs[] = {
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S("password"), S("salt"), 1, "0c60c80f961f0e71f3a9b524af6012062fe037a6", 0},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S("password"), S("salt"), 2, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957", 0},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S("password"), S("salt"), 4096, "4b007901b765489abead49d926f721d065a429c1", 0},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S("password"), S("salt"), 16777216, "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984", 1},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S(LONG_P), S(LONG_S), 4096, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038", 0},
    {"SHA1", ARMSHA_DIGEST_SHA1, "RFC 6070", S("pass\0word"), S("sa\0lt"), 4096, "56fa6aa75548099dcc37d7f03425e0c3", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "common", S("password"), S("salt"), 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "common", S("password"), S("salt"), 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "common", S("password"), S("salt"), 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "common", S(LONG_P), S(LONG_S), 4096, "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "common", S("pass\0word"), S("sa\0lt"), 4096, "89b69d0516f829893c696226650a8687", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 7914", S("passwd"), S("salt"), 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783", 0},
    {"SHA2-256", ARMSHA_DIGEST_SHA256, "RFC 7914", S("Password"), S("NaCl"), 80000, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d", 0},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "common", S("password"), S("salt"), 1, "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce", 0},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "common", S("password"), S("salt"), 2, "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53cf76cab2868a39b9f7840edce4fef5a82be67335c77a6068e04112754f27ccf4e", 0},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "common", S("password"), S("salt"), 4096, "d197b1b33db0143e018b12f3d1d1479e6cdebdcc97c5c0f87f6902e072f457b5143f30602641b3d55cd335988cb36b84376060ecd532e039b742a239434af2d5", 0},
    {"SHA2-512", ARMSHA_DIGEST_SHA512, "common", S(LONG_P), S(LONG_S), 4096, "8c0511f4c6e597c6ac6315d8f0362e225f3c501495ba23b868c005174dc4ee71115b59f9e60cd9532fa33e0f75aefe30225c583a186cd82bd4daea9724a3d3b8", 0},
};

static int evp_pbkdf2(const char *props, const char *prov_name, const pbkdf2_vec *v,
                      unsigned char *out, size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "PBKDF2", props);
    EVP_KDF_CTX *ctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    uint64_t iter = v->iter;
    OSSL_PARAM p[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)v->md, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (char *)v->pass, v->passlen),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (char *)v->salt, v->saltlen),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
        OSSL_PARAM_construct_end()
    };
    int ok;

    if (kdf != NULL && strcmp(OSSL_PROVIDER_get0_name(EVP_KDF_get0_provider(kdf)), prov_name) != 0)
        fail("PBKDF2 fetched with \"%s\" came from %s", props,
             OSSL_PROVIDER_get0_name(EVP_KDF_get0_provider(kdf)));
    ok = ctx != NULL && EVP_KDF_derive(ctx, out, outlen, p);
    if (!ok)
        fail("PBKDF2-%s through %s failed", v->md, prov_name);
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
    return ok;
}

static void test_pbkdf2(int long_runs)
{
    unsigned long before = armsha_test_failures;
    int skipped = 0;

    for (size_t i = 0; i < sizeof(pbkdf2_vecs) / sizeof(pbkdf2_vecs[0]); i++) {
        const pbkdf2_vec *v = &pbkdf2_vecs[i];
        unsigned char out[128];
        size_t outlen = strlen(v->dk) / 2;
        char what[96];

        snprintf(what, sizeof(what), "PBKDF2-HMAC-%s (%s) c=%lu dkLen=%zu pass=%zu salt=%zu",
                 v->md, v->src, v->iter, outlen, v->passlen, v->saltlen);
        if (v->long_run && !long_runs) {
            printf("not run: %s (16M iterations: run with --long, as the native suite does)\n", what);
            skipped = 1;
            continue;
        }
        /* The default provider only checks the table: its long run would take minutes. */
        if (!v->long_run && evp_pbkdf2("provider=default", "default", v, out, outlen))
            check(what, "the default provider", out, outlen, v->dk);
        if (evp_pbkdf2("provider=armsha", "armsha", v, out, outlen))
            check(what, "armsha's EVP_KDF", out, outlen, v->dk);
        for (size_t k = 0; k < armsha_test_nkernels; k++) {
            const armsha_kernel *kern = armsha_test_kernels[k];
            char via[64];

            if (kern->family != md_family(v->md_index) || (v->long_run && kern->needs == 0))
                continue;
            const armsha_lane_kernel *lanes = armsha_test_lanes_of(kern);

            /* One block at a time, then two: on the kernel's two-lane form, or else on
             * two calls of the kernel (pair_x2). */
            for (int two = 0; two <= 1; two++) {
                memset(out, 0, sizeof(out));
                if (!armsha_pbkdf2_hmac((unsigned)v->md_index, kernel_blocks(kern),
                                        !two ? no_x2 : lanes != NULL ? lane_x2(lanes) : pair_x2(kern),
                                        (const uint8_t *)v->pass, v->passlen,
                                        (const uint8_t *)v->salt, v->saltlen, v->iter, out, outlen))
                    fail("%s: the core refused", what);
                snprintf(via, sizeof(via), "the core, %s kernel%s", kern->name,
                         !two ? "" : lanes != NULL ? ", two lanes" : ", two lanes of one-lane calls");
                check(what, via, out, outlen, v->dk);
            }
        }
    }
    if (armsha_test_failures == before)
        printf("ok: PBKDF2 RFC 6070 (SHA-1), RFC 7914 and the common SHA-256/SHA-512 vectors%s: "
               "the default provider, armsha's EVP_KDF, the core on every kernel this CPU runs, one and two lanes\n",
               skipped ? " (but the 16M-iteration one)" : "");
}

int main(int argc, char **argv)
{
    int long_runs = argc > 1 && strcmp(argv[1], "--long") == 0;
    OSSL_PROVIDER *a, *d;

    armsha_test_after_failure = print_errors;

    armsha_test_failures += armsha_test_kernels_setup();
    a = OSSL_PROVIDER_load(NULL, "armsha");
    d = OSSL_PROVIDER_load(NULL, "default");
    if (a == NULL || d == NULL) {
        fail("cannot load armsha and default (OPENSSL_MODULES must name the build folder)");
        return 1;
    }
    test_hmac();
    test_pbkdf2(long_runs);
    OSSL_PROVIDER_unload(a);
    OSSL_PROVIDER_unload(d);
    return armsha_test_summary("test_mac_vectors");
}
