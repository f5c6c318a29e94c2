/* HMAC (OSSL_OP_MAC) and PBKDF2 (OSSL_OP_KDF): their dispatch tables, and the default
 * provider's implementations that they hand other digests to. */
#ifndef ARMSHA_PROVIDER_MAC_KDF_H
#define ARMSHA_PROVIDER_MAC_KDF_H

#include <stddef.h>

#include <openssl/core.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "provctx.h"

#if defined(__GNUC__) || defined(__clang__)
#define COLD __attribute__((cold, noinline))
#else
#define COLD
#endif

/* Names and properties as the default provider registers them. */
#define ARMSHA_HMAC_NAMES "HMAC"
#define ARMSHA_PBKDF2_NAMES "PBKDF2:1.2.840.113549.1.5.12"

extern const OSSL_DISPATCH armsha_hmac_functions[];
extern const OSSL_DISPATCH armsha_pbkdf2_functions[];
/* The same, relaying what the linked libcrypto raises to a foreign core (core.h): the
 * common case pays nothing for it. */
extern const OSSL_DISPATCH armsha_hmac_functions_relayed[];
extern const OSSL_DISPATCH armsha_pbkdf2_functions_relayed[];

/* The query answers for OSSL_OP_MAC and OSSL_OP_KDF; end with a NULL entry. The _relayed
 * ones for a foreign core. */
extern const OSSL_ALGORITHM armsha_mac_algorithms[];
extern const OSSL_ALGORITHM armsha_kdf_algorithms[];
extern const OSSL_ALGORITHM armsha_mac_algorithms_relayed[];
extern const OSSL_ALGORITHM armsha_kdf_algorithms_relayed[];

/* "provider!=armsha": what the child library context may hand work to. */
#define ARMSHA_FALLBACK_PROPS "provider!=armsha"

/* The default provider's (any provider but armsha's) HMAC and PBKDF2 from the child library
 * context; NULL, with an error raised, when there is none. Free with EVP_MAC_free /
 * EVP_KDF_free. */
EVP_MAC *armsha_fallback_mac(const armsha_provctx *pc);
EVP_KDF *armsha_fallback_kdf(const armsha_provctx *pc);

/* Clears secrets in the provider (keys, passwords, contexts) before they are freed. */
static inline void armsha_wipe_mem(void *p, size_t n)
{
    OPENSSL_cleanse(p, n);
}

/* The words of the disable list that turn the MAC and the KDF off: "hmac" and "mac" the
 * MAC, "pbkdf2" and "kdf" the KDF. Copies list without them into rest (at most restsz
 * bytes; 0 when it does not fit) and sets ARMSHA_OFFER_* bits in *off. */
#define ARMSHA_OFFER_MAC 0x1u
#define ARMSHA_OFFER_KDF 0x2u
int armsha_take_offer_words(const char *list, char *rest, size_t restsz, unsigned *off);

#endif
