/* HMAC (EVP_MAC) and PBKDF2 (EVP_KDF) through the armsha provider's digests against the
 * default provider's, and proof that the digest properties really steer them. */
#include <stdio.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "common.h"

static void test_hmac_pbkdf2(void)
{
    OSSL_LIB_CTX *ld = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *pd = ld ? OSSL_PROVIDER_load(ld, "default") : NULL;
    unsigned long before = armsha_test_failures;
    int ai;

    for (ai = 0; ai < NALGS; ai++) {
        size_t b = armsha_pt.algs[ai].block;
        size_t keylens[] = {0, 1, 20, b - 1, b, b + 1, 3 * b + 5};
        unsigned char got[MAXMD], exp[MAXMD], dk_a[200], dk_d[200];
        size_t gotl = 0, expl = 0, ki, dklen = 2 * armsha_pt.algs[ai].size + 3;
        char label[100];

        for (ki = 0; ki < sizeof(keylens) / sizeof(keylens[0]); ki++) {
            size_t len = armsha_pt_rnd_below(5000);

            snprintf(label, sizeof(label), "HMAC-%s key=%zu msg=%zu", armsha_pt.algs[ai].name, keylens[ki],
                     len);
            if (!armsha_pt_mac_once(armsha_pt.lib, ai, "provider=default", armsha_pt.data + 300, keylens[ki],
                                    armsha_pt.data + 1, len, exp, &expl)) {
                FAIL("%s: default provider failed", label);
                continue;
            }
            if (!armsha_pt_mac_once(armsha_pt.lib, ai, "provider=armsha", armsha_pt.data + 300, keylens[ki],
                                    armsha_pt.data + 1, len, got, &gotl))
                FAIL("%s: HMAC with properties=provider=armsha failed", label);
            else
                armsha_pt_same(label, got, gotl, exp, expl);
        }
        /* Negative control: the digest properties really steer HMAC (no armsha here, so it must fail). */
        CHECK(pd != NULL
                  && !armsha_pt_mac_once(ld, ai, "provider=armsha", armsha_pt.data, 10, armsha_pt.data, 10,
                                         got, &gotl),
              "HMAC-%s with properties=provider=armsha succeeded in a libctx without armsha",
              armsha_pt.algs[ai].name);
        ERR_clear_error();

        snprintf(label, sizeof(label), "PBKDF2-HMAC-%s iter=1000 dklen=%zu", armsha_pt.algs[ai].name, dklen);
        if (!armsha_pt_pbkdf2_once(armsha_pt.lib, ai, "provider=default", 1000, dk_d, dklen))
            FAIL("%s: default provider failed", label);
        else if (!armsha_pt_pbkdf2_once(armsha_pt.lib, ai, "provider=armsha", 1000, dk_a, dklen))
            FAIL("%s: PBKDF2 with properties=provider=armsha failed", label);
        else {
            armsha_pt_same(label, dk_a, armsha_pt.algs[ai].size, dk_d, armsha_pt.algs[ai].size);
            armsha_pt_same(label, dk_a + armsha_pt.algs[ai].size, dklen - armsha_pt.algs[ai].size,
                           dk_d + armsha_pt.algs[ai].size, dklen - armsha_pt.algs[ai].size);
        }
    }
    OSSL_PROVIDER_unload(pd);
    OSSL_LIB_CTX_free(ld);
    if (armsha_test_failures == before)
        armsha_test_ok("HMAC (EVP_MAC, 7 key lengths) and PBKDF2 (EVP_KDF) with properties=provider=armsha "
           "equal the default provider's; the properties demonstrably steer the digest");
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_hmac");
    if (armsha_pt_setup())
        test_hmac_pbkdf2();
    return armsha_pt_finish();
}
