/* Who serves HMAC and PBKDF2 under an openssl.cnf: EVP_MAC_fetch(NULL, "HMAC", NULL) and
 * EVP_KDF_fetch(NULL, "PBKDF2", NULL) must come from the providers named on the command line,
 * SHA-256 from armsha either way, "armsha-offers" must read as given, and the legacy entry
 * points HMAC() and PKCS5_PBKDF2_HMAC() must give the RFC 4231 and common PBKDF2 values. */
#define _POSIX_C_SOURCE 200809L /* setenv */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

static int n_fail;

static void expect(const char *what, const char *got, const char *exp)
{
    if (got == NULL || strcmp(got, exp) != 0) {
        printf("FAIL: %s: %s, expected %s\n", what, got ? got : "(none)", exp);
        n_fail++;
    } else {
        printf("ok: %s: %s\n", what, got);
    }
}

static void expect_hex(const char *what, const unsigned char *p, size_t n, const char *exp)
{
    char h[2 * 64 + 1];

    for (size_t i = 0; i < n; i++)
        sprintf(h + 2 * i, "%02x", p[i]);
    expect(what, h, exp);
}

int main(int argc, char **argv)
{
    EVP_MAC *mac;
    EVP_KDF *kdf;
    EVP_MD *md;
    OSSL_PROVIDER *armsha;
    const char *offers = NULL;
    OSSL_PARAM req[] = {OSSL_PARAM_construct_utf8_ptr("armsha-offers", (char **)&offers, 0),
                        OSSL_PARAM_construct_end()};
    unsigned char out[64], key[20];
    unsigned outl = 0;

    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: %s HMAC-PROVIDER PBKDF2-PROVIDER OFFERS [DISABLE-WORDS]\n", argv[0]);
        return 2;
    }
    /* Added to ARMSHA_DISABLE (which a test setup may hold already) before OpenSSL reads it. */
    if (argc == 5) {
        const char *was = getenv("ARMSHA_DISABLE");
        char words[256];

        snprintf(words, sizeof(words), "%s%s%s", was ? was : "", was ? "," : "", argv[4]);
        setenv("ARMSHA_DISABLE", words, 1);
        printf("ARMSHA_DISABLE=%s\n", words);
    }
    mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    kdf = EVP_KDF_fetch(NULL, "PBKDF2", NULL);
    md = EVP_MD_fetch(NULL, "SHA256", NULL);
    expect("EVP_MAC_fetch(NULL, \"HMAC\", NULL)",
           mac ? OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(mac)) : NULL, argv[1]);
    expect("EVP_KDF_fetch(NULL, \"PBKDF2\", NULL)",
           kdf ? OSSL_PROVIDER_get0_name(EVP_KDF_get0_provider(kdf)) : NULL, argv[2]);
    expect("EVP_MD_fetch(NULL, \"SHA256\", NULL)",
           md ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)) : NULL, "armsha");
    armsha = OSSL_PROVIDER_load(NULL, "armsha"); /* already active: this takes a reference */
    if (armsha == NULL || !OSSL_PROVIDER_get_params(armsha, req))
        offers = NULL;
    expect("armsha-offers", offers, argv[3]);

    /* RFC 4231 case 2 and the common PBKDF2-HMAC-SHA256 c=4096 vector. */
    if (HMAC(EVP_sha256(), "Jefe", 4, (const unsigned char *)"what do ya want for nothing?", 28,
             out, &outl) == NULL)
        outl = 0;
    expect_hex("HMAC(SHA-256) RFC 4231 case 2", out, outl,
               "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    memset(key, 0, sizeof(key));
    if (!PKCS5_PBKDF2_HMAC("password", 8, (const unsigned char *)"salt", 4, 4096, EVP_sha256(),
                           32, out))
        memset(out, 0, 32);
    expect_hex("PKCS5_PBKDF2_HMAC(SHA-256, c=4096)", out, 32,
               "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a");
    if (!PKCS5_PBKDF2_HMAC_SHA1("password", 8, (const unsigned char *)"salt", 4, 2, 20, out))
        memset(out, 0, 20);
    expect_hex("PKCS5_PBKDF2_HMAC_SHA1(c=2) RFC 6070", out, 20,
               "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
    EVP_MAC_free(mac);
    EVP_KDF_free(kdf);
    EVP_MD_free(md);
    OSSL_PROVIDER_unload(armsha);
    return n_fail == 0 ? 0 : 1;
}
