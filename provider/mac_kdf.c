/* The MAC and KDF algorithm lists, the default provider's implementations they fall back
 * to, and the disable words that turn them off. */
#include "mac_kdf.h"

#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "digests.h"
#include "errors.h"
#include "md_select.h"

const OSSL_ALGORITHM armsha_mac_algorithms[] = {
    { ARMSHA_HMAC_NAMES, ARMSHA_PROPERTIES, armsha_hmac_functions, NULL },
    { NULL, NULL, NULL, NULL }
};

const OSSL_ALGORITHM armsha_kdf_algorithms[] = {
    { ARMSHA_PBKDF2_NAMES, ARMSHA_PROPERTIES, armsha_pbkdf2_functions, NULL },
    { NULL, NULL, NULL, NULL }
};

const OSSL_ALGORITHM armsha_mac_algorithms_relayed[] = {
    { ARMSHA_HMAC_NAMES, ARMSHA_PROPERTIES, armsha_hmac_functions_relayed, NULL },
    { NULL, NULL, NULL, NULL }
};

const OSSL_ALGORITHM armsha_kdf_algorithms_relayed[] = {
    { ARMSHA_PBKDF2_NAMES, ARMSHA_PROPERTIES, armsha_pbkdf2_functions_relayed, NULL },
    { NULL, NULL, NULL, NULL }
};

COLD static void no_fallback(const armsha_provctx *pc, const char *alg)
{
    armsha_raise(pc, ARMSHA_R_NO_FALLBACK,
                 "%s with this digest needs another provider's %s (load the default provider)",
                 alg, alg);
}

EVP_MAC *armsha_fallback_mac(const armsha_provctx *pc)
{
    EVP_MAC *mac = pc->child != NULL ? EVP_MAC_fetch(pc->child, "HMAC", ARMSHA_FALLBACK_PROPS) : NULL;

    if (mac == NULL)
        no_fallback(pc, "HMAC");
    return mac;
}

EVP_KDF *armsha_fallback_kdf(const armsha_provctx *pc)
{
    EVP_KDF *kdf = pc->child != NULL ? EVP_KDF_fetch(pc->child, "PBKDF2", ARMSHA_FALLBACK_PROPS) : NULL;

    if (kdf == NULL)
        no_fallback(pc, "PBKDF2");
    return kdf;
}

static int word_is(const char *w, size_t n, const char *name)
{
    size_t i;

    for (i = 0; i < n && name[i] != '\0'; i++) {
        int c = (unsigned char)w[i];

        if ((c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) != name[i])
            return 0;
    }
    return i == n && name[i] == '\0';
}

int armsha_take_offer_words(const char *list, char *rest, size_t restsz, unsigned *off)
{
    size_t used = 0;

    *off = 0;
    if (restsz == 0)
        return 0;
    rest[0] = '\0';
    while (list != NULL && *list != '\0') {
        const char *end = strchr(list, ',');
        size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
        const char *w = list;
        size_t wn = n;

        while (wn > 0 && (*w == ' ' || *w == '\t')) {
            w++;
            wn--;
        }
        while (wn > 0 && (w[wn - 1] == ' ' || w[wn - 1] == '\t'))
            wn--;
        if (word_is(w, wn, "hmac") || word_is(w, wn, "mac")) {
            *off |= ARMSHA_OFFER_MAC;
        } else if (word_is(w, wn, "pbkdf2") || word_is(w, wn, "kdf")) {
            *off |= ARMSHA_OFFER_KDF;
        } else {
            /* Everything else goes on to the kernel words' parser as it was. */
            if (used + n + 2 > restsz)
                return 0;
            if (used != 0)
                rest[used++] = ',';
            memcpy(rest + used, list, n);
            used += n;
            rest[used] = '\0';
        }
        if (end == NULL)
            break;
        list = end + 1;
    }
    return 1;
}
