/* HMAC and PBKDF2 under qemu: one counted configuration per process (default provider alone,
 * default's HMAC/PBKDF2 on armsha's digests, or armsha's HMAC/PBKDF2), for insncount-mac.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

/* A library context as an application would have it:
 *   default     the default provider alone
 *   armsha-md   default and armsha, armsha preferred, armsha's HMAC and PBKDF2 not asked for:
 *               the default provider's HMAC/PBKDF2 running on armsha's digests (what armsha
 *               gave before it served HMAC and PBKDF2)
 *   armsha      default and armsha, armsha preferred (conf/armsha.cnf) */
static const char *const configs[] = {"default", "armsha-md", "armsha"};

/* A 32-byte key: the string's 32 characters without its NUL (a char array of exactly the
 * string's length is an error to gcc 16's -Wunterminated-string-initialization). */
static const char key_text[] = "0123456789abcdef0123456789abcdef";
static const unsigned char *const key = (const unsigned char *)key_text;
#define KEY_SIZE (sizeof(key_text) - 1)
static unsigned char msg[64];

static int fail(const char *what)
{
    fprintf(stderr, "armsha-bench-mac: %s\n", what);
    ERR_print_errors_fp(stderr);
    return 0;
}

static OSSL_LIB_CTX *make_ctx(int config, const char **alg_props)
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();

    *alg_props = NULL;
    if (lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL)
        return NULL;
    if (config == 0)
        return lib;
#ifdef ARMSHA_BENCH_MODULES_DIR
    if (getenv("OPENSSL_MODULES") == NULL)
        OSSL_PROVIDER_set_default_search_path(lib, ARMSHA_BENCH_MODULES_DIR);
#endif
    if (OSSL_PROVIDER_load(lib, "armsha") == NULL
        || !EVP_set_default_properties(lib, "?provider=armsha"))
        return NULL;
    /* HMAC and PBKDF2 fetched with this: the default provider's, on armsha's digests. */
    if (config == 1)
        *alg_props = "provider=default";
    return lib;
}

/* Checks that the provider the configuration means serves alg. */
static int served_by(const OSSL_PROVIDER *prov, int config)
{
    return strcmp(OSSL_PROVIDER_get0_name(prov), config == 2 ? "armsha" : "default") == 0;
}

static int pbkdf2(OSSL_LIB_CTX *lib, const char *props, int config, const char *md,
                  unsigned long iter, unsigned char *out, size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(lib, "PBKDF2", props);
    EVP_KDF_CTX *c = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    uint64_t it = iter;
    OSSL_PARAM par[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "password", 8),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, "saltSALTsaltSALT", 16),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &it),
        OSSL_PARAM_construct_end()
    };
    int ok = c != NULL && served_by(EVP_KDF_get0_provider(kdf), config)
             && EVP_KDF_derive(c, out, outlen, par);

    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return ok;
}

static int qmac(OSSL_LIB_CTX *lib, const char *props, unsigned char out[32])
{
    size_t outl = 0;

    return EVP_Q_mac(lib, "HMAC", props, "SHA256", NULL, key, KEY_SIZE, msg, sizeof(msg), out,
                     32, &outl) != NULL && outl == 32;
}

static int reuse(EVP_MAC_CTX *c, unsigned char out[32])
{
    size_t outl = 0;

    return EVP_MAC_init(c, key, KEY_SIZE, NULL) && EVP_MAC_update(c, msg, sizeof(msg))
           && EVP_MAC_final(c, out, &outl, 32) && outl == 32;
}

/* count CONFIG KIND N: everything set up and run once (checked against the default provider
 * alone in a library context of its own), then N more: a derivation of 1 + N iterations for
 * pbkdf2-*, N more calls otherwise. */
int main(int argc, char **argv)
{
    const char *props, *md = NULL;
    OSSL_LIB_CTX *lib, *ref;
    const char *ref_props;
    unsigned char out[128], exp[128];
    unsigned long n;
    int config, ok = 0;
    EVP_MAC *mac = NULL;
    EVP_MAC_CTX *mctx = NULL;

    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (unsigned char)(i * 37 + 5);
    for (config = 0; argc == 5 && config < 3 && strcmp(argv[2], configs[config]) != 0; config++)
        ;
    if (argc != 5 || strcmp(argv[1], "count") != 0 || config == 3) {
        fprintf(stderr, "usage: armsha-bench-mac count default|armsha-md|armsha "
                        "pbkdf2-sha1|pbkdf2-sha256|pbkdf2-sha256-64|pbkdf2-sha512|pbkdf2-sha512-128|qmac-sha256|"
                        "reuse-sha256 N\n(pbkdf2-*: 32 bytes of output; pbkdf2-sha256-64: 64, two SHA-256 "
                        "blocks; pbkdf2-sha512-128: 128, two SHA-512 blocks)\n");
        return 2;
    }
    n = strtoul(argv[4], NULL, 10);
    if ((lib = make_ctx(config, &props)) == NULL || (ref = make_ctx(0, &ref_props)) == NULL)
        return !fail("cannot set up the library contexts (OPENSSL_MODULES: armsha.so's folder)");
    if (strncmp(argv[3], "pbkdf2-", 7) == 0) {
        const size_t len = strcmp(argv[3], "pbkdf2-sha256-64") == 0    ? 64
                           : strcmp(argv[3], "pbkdf2-sha512-128") == 0 ? 128
                                                                       : 32;

        md = strcmp(argv[3], "pbkdf2-sha1") == 0       ? "SHA1"
             : strncmp(argv[3], "pbkdf2-sha256", 13) == 0 ? "SHA256"
                                                         : "SHA512";
        /* Checked at 2 iterations (the reference must not grow with N), then counted. */
        ok = pbkdf2(ref, NULL, 0, md, 2, exp, len) && pbkdf2(lib, props, config, md, 2, out, len)
             && memcmp(out, exp, len) == 0 && pbkdf2(lib, props, config, md, 1 + n, out, len);
        memcpy(exp, out, len);
    } else if (strcmp(argv[3], "qmac-sha256") == 0) {
        EVP_MAC *m = EVP_MAC_fetch(lib, "HMAC", props);

        ok = m != NULL && served_by(EVP_MAC_get0_provider(m), config) && qmac(ref, NULL, exp)
             && qmac(lib, props, out);
        EVP_MAC_free(m);
        for (unsigned long i = 0; ok && i < n; i++)
            ok = qmac(lib, props, out);
    } else if (strcmp(argv[3], "reuse-sha256") == 0) {
        OSSL_PARAM par[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
                            OSSL_PARAM_construct_end()};

        ok = qmac(ref, NULL, exp) && (mac = EVP_MAC_fetch(lib, "HMAC", props)) != NULL
             && served_by(EVP_MAC_get0_provider(mac), config)
             && (mctx = EVP_MAC_CTX_new(mac)) != NULL && EVP_MAC_CTX_set_params(mctx, par)
             && reuse(mctx, out);
        for (unsigned long i = 0; ok && i < n; i++)
            ok = reuse(mctx, out);
    }
    if (ok && memcmp(out, exp, 32) != 0)
        return !fail("the result differs from the default provider's");
    EVP_MAC_CTX_free(mctx);
    EVP_MAC_free(mac);
    OSSL_LIB_CTX_free(lib);
    OSSL_LIB_CTX_free(ref);
    return ok ? 0 : !fail("a call failed (or the configuration's provider did not serve it)");
}
