/* The way applications meet armsha: OPENSSL_CONF=conf/armsha.cnf in the default library
 * context and the legacy entry points (EVP_get_digestbyname, HMAC(), PKCS5_PBKDF2_HMAC).
 * A program of its own, so that nothing has used the default context before the config. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>

#include "common.h"

/* Configures the default libctx through OPENSSL_CONF, then checks what it serves against the
 * default provider in a libctx of this program's own. */
static void conf_default_libctx(const char *conf)
{
    const unsigned char *d = armsha_pt.data;
    unsigned char got[MAXMD], exp[MAXMD], dk[100], dk_ref[100];
    unsigned int outl = 0;
    size_t expl = 0;
    int ai;

    setenv("OPENSSL_CONF", conf, 1);
    if (!OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL) || !OSSL_PROVIDER_available(NULL, "armsha")) {
        FAIL("OPENSSL_CONF=%s did not make armsha available in the default libctx", conf);
        return;
    }
    /* The reference providers, in a libctx of their own. */
    if (!armsha_pt_setup())
        return;
    armsha_pt_check_configured(NULL, "OPENSSL_CONF, default libctx");
    /* Legacy EVP_sha*() objects are fetched implicitly with the default properties. */
    for (ai = 0; ai < NALGS; ai++) {
        const EVP_MD *legacy = EVP_get_digestbyname(armsha_pt.algs[ai].name);
        char label[100];

        armsha_pt_ref_digest(ai, d, 3000, exp);
        snprintf(label, sizeof(label), "EVP_Digest(legacy %s) of 3000 bytes", armsha_pt.algs[ai].name);
        if (legacy == NULL || !EVP_Digest(d, 3000, got, &outl, legacy, NULL))
            FAIL("%s failed", label);
        else
            armsha_pt_same(label, got, outl, exp, armsha_pt.algs[ai].size);
        snprintf(label, sizeof(label), "HMAC(%s) one-shot, 33-byte key, 1000 bytes", armsha_pt.algs[ai].name);
        if (!armsha_pt_mac_once(NULL, ai, "provider=default", d, 33, d + 40, 1000, exp, &expl)
            || HMAC(legacy, d, 33, d + 40, 1000, got, &outl) == NULL)
            FAIL("%s failed", label);
        else
            armsha_pt_same(label, got, outl, exp, expl);
        snprintf(label, sizeof(label), "PKCS5_PBKDF2_HMAC(%s), 100 iterations, 100 bytes",
                 armsha_pt.algs[ai].name);
        if (!armsha_pt_pbkdf2_once(NULL, ai, "provider=default", 100, dk_ref, sizeof(dk))
            || !PKCS5_PBKDF2_HMAC((const char *)d + 100, 13, d + 200, 16, 100, legacy, sizeof(dk), dk))
            FAIL("%s failed", label);
        else
            armsha_pt_same(label, dk, sizeof(dk), dk_ref, sizeof(dk));
    }
    if (armsha_test_failures == 0)
        armsha_test_ok("OPENSSL_CONF=%s: default libctx serves the 7 digests from armsha, others from "
                       "default; legacy EVP_MD, HMAC() and PKCS5_PBKDF2_HMAC equal the default provider's",
                       conf);
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_openssl_conf");
    conf_default_libctx(armsha_pt.conf);
    return armsha_pt_finish();
}
