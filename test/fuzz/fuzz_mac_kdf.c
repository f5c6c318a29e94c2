/* libFuzzer target over armsha's HMAC (EVP_MAC) and PBKDF2 (EVP_KDF): fuzzed digest (the seven
 * on armsha's core, SHA3-256, MD5 and SM3 handed to the default provider), key, update splits,
 * dup mid-stream, re-init, salt, iterations and output length, checked against the default
 * provider's HMAC and PBKDF2. */
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

#include "fuzz_input.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, byte by byte:
 *   [0]  digest (value % 10) and mode (value / 10): bit 0 PBKDF2 instead of HMAC; bit 1 dup
 *        the HMAC context after the first half of the updates and finish the copy too; bit 2
 *        re-init (without a key) and MAC the message again; bit 3 digest given with
 *        properties "provider=default" (armsha then hands over even the SHA digests)
 *   [1]  key (HMAC) or password (PBKDF2) length, 0-255
 *   [2]  HMAC: how many update lengths follow (low nibble); PBKDF2: iterations - 1 (0-63),
 *        256 more output bytes (bit 6) and pkcs5 (bit 7 set: 0, the lower-bound checks)
 *   [3]  PBKDF2 output length - 1 (0-255; 256-511 with bit 6 of [2])
 *   the update lengths (HMAC only, fuzz_input.h), the key or password, then the message or
 *   salt: the rest of the input. */
#define MODE_PBKDF2 1u
#define MODE_DUP 2u
#define MODE_REINIT 4u
#define MODE_PROPS 8u

static const char *const digests[] = {"SHA1",     "SHA2-224",     "SHA2-256",     "SHA2-384",
                                      "SHA2-512", "SHA2-512/224", "SHA2-512/256", "SHA3-256",
                                      "MD5",      "SM3"};
#define NDIGESTS (sizeof(digests) / sizeof(digests[0]))

static OSSL_LIB_CTX *lib;
static EVP_MAC *mac[2];  /* default's, armsha's */
static EVP_KDF *kdf[2];

static void fail(const char *what, const char *md)
{
    fprintf(stderr, "fuzz_mac_kdf: %s (%s)\n", what, md);
    ERR_print_errors_fp(stderr);
    __builtin_trap();
}

static void setup_fail(const char *what)
{
    fprintf(stderr, "fuzz_mac_kdf: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *const props[2] = {"provider=default", "provider=armsha"};

    (void)argc;
    (void)argv;
    lib = OSSL_LIB_CTX_new();
    if (lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL
        || OSSL_PROVIDER_load(lib, "armsha") == NULL)
        setup_fail("cannot load default and armsha (OPENSSL_MODULES must name armsha.so's folder)");
    for (int p = 0; p < 2; p++) {
        mac[p] = EVP_MAC_fetch(lib, "HMAC", props[p]);
        kdf[p] = EVP_KDF_fetch(lib, "PBKDF2", props[p]);
        if (mac[p] == NULL || kdf[p] == NULL)
            setup_fail("cannot fetch HMAC and PBKDF2 from both providers");
    }
    return 0;
}

static EVP_MAC_CTX *mac_start(int p, const char *md, int with_props, const uint8_t *key,
                              size_t keylen)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac[p]);
    OSSL_PARAM par[3] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0),
        OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()
    };

    if (with_props)
        par[1] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, "provider=default", 0);
    if (c == NULL || !EVP_MAC_init(c, key, keylen, par))
        fail("HMAC init failed", md);
    return c;
}

static void mac_same(EVP_MAC_CTX *c[2], const char *md)
{
    uint8_t out[2][EVP_MAX_MD_SIZE];
    size_t outl[2];

    for (int p = 0; p < 2; p++)
        if (!EVP_MAC_final(c[p], out[p], &outl[p], sizeof(out[p])))
            fail("HMAC final failed", md);
    if (outl[0] != outl[1] || memcmp(out[0], out[1], outl[0]) != 0)
        fail("armsha's HMAC differs from the default provider's", md);
}

/* Up to n more pieces of the message to both contexts; 0 when the message is done. */
static int feed(EVP_MAC_CTX *c[2], fuzz_splitter *s, const uint8_t *msg, size_t *pos, size_t n,
                const char *md)
{
    size_t len;
    int null_data;

    for (size_t i = 0; i < n; i++) {
        if (!fuzz_splitter_next(s, &len, &null_data))
            return 0;
        for (int p = 0; p < 2; p++)
            if (!EVP_MAC_update(c[p], null_data ? NULL : msg + *pos, len))
                fail("HMAC update failed", md);
        *pos += len;
    }
    return 1;
}

static void run_hmac(const char *md, unsigned mode, const uint8_t *key, size_t keylen,
                     const uint32_t *splits, size_t nsplits, const uint8_t *msg, size_t len)
{
    EVP_MAC_CTX *c[2], *d[2];
    fuzz_splitter s;
    size_t pos = 0;

    for (int p = 0; p < 2; p++)
        c[p] = mac_start(p, md, (mode & MODE_PROPS) != 0, key, keylen);
    fuzz_splitter_start(&s, splits, nsplits, len);
    feed(c, &s, msg, &pos, nsplits / 2, md);
    if (mode & MODE_DUP) {
        for (int p = 0; p < 2; p++)
            if ((d[p] = EVP_MAC_CTX_dup(c[p])) == NULL)
                fail("EVP_MAC_CTX_dup failed", md);
        /* The copies get the rest of the message backwards: a different suffix. */
        for (int p = 0; p < 2; p++)
            for (size_t i = len; i > pos; i--)
                if (!EVP_MAC_update(d[p], msg + i - 1, 1))
                    fail("HMAC update of a copy failed", md);
        mac_same(d, md);
        EVP_MAC_CTX_free(d[0]);
        EVP_MAC_CTX_free(d[1]);
    }
    while (feed(c, &s, msg, &pos, 1, md))
        ;
    mac_same(c, md);
    if (mode & MODE_REINIT) {
        for (int p = 0; p < 2; p++)
            if (!EVP_MAC_init(c[p], NULL, 0, NULL) || !EVP_MAC_update(c[p], msg, len))
                fail("HMAC re-init failed", md);
        mac_same(c, md);
    }
    EVP_MAC_CTX_free(c[0]);
    EVP_MAC_CTX_free(c[1]);
}

static void run_pbkdf2(const char *md, unsigned mode, const uint8_t *pass, size_t passlen,
                       uint64_t iter, int pkcs5, size_t outlen, const uint8_t *salt, size_t saltlen)
{
    uint8_t out[2][512];
    int ok[2];

    for (int p = 0; p < 2; p++) {
        EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdf[p]);
        OSSL_PARAM par[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)pass, passlen),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, saltlen),
            OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
            OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5),
            mode & MODE_PROPS ? OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES,
                                                                 "provider=default", 0)
                              : OSSL_PARAM_construct_end(),
            OSSL_PARAM_construct_end()
        };

        if (c == NULL)
            fail("EVP_KDF_CTX_new failed", md);
        ok[p] = EVP_KDF_derive(c, out[p], outlen, par);
        EVP_KDF_CTX_free(c);
    }
    ERR_clear_error();
    if (ok[0] != ok[1])
        fail(ok[1] ? "armsha's PBKDF2 accepted what default refused"
                   : "armsha's PBKDF2 refused what default accepted", md);
    if (ok[0] && memcmp(out[0], out[1], outlen) != 0)
        fail("armsha's PBKDF2 differs from the default provider's", md);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    uint32_t splits[FUZZ_MAX_SPLITS];
    size_t nsplits = 0, keylen;
    unsigned mode;
    const char *md;

    if (size < 4)
        return 0;
    md = digests[data[0] % NDIGESTS];
    mode = data[0] / NDIGESTS;
    keylen = data[1];
    p += 4;
    if (!(mode & MODE_PBKDF2))
        nsplits = fuzz_read_splits(&p, end, data[2] & 15, splits);
    if ((size_t)(end - p) < keylen)
        keylen = (size_t)(end - p);
    if (mode & MODE_PBKDF2)
        run_pbkdf2(md, mode, p, keylen, 1 + (data[2] & 63), (data[2] & 0x80) ? 0 : 1,
                   /* 1..512 bytes: up to 4 x hLen + 1 of SHA-512 too (issue 22: the
                    * output blocks run two at a time, an odd one alone) */
                   1 + (size_t)data[3] + ((data[2] & 0x40) ? 256 : 0), p + keylen,
                   (size_t)(end - p) - keylen);
    else
        run_hmac(md, mode, p, keylen, splits, nsplits, p + keylen, (size_t)(end - p) - keylen);
    return 0;
}
