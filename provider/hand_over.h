/* The hand_over key: per family and per operation (digest, HMAC, PBKDF2), what armsha leaves
 * to the next provider (the default one) although it could serve it. Where OpenSSL's own
 * code is faster for a digest but armsha's HMAC or PBKDF2 is faster still (x86 with SHA-NI:
 * armsha's PBKDF2-HMAC-SHA1 against the default's SHA-NI SHA-1 digest), neither disable nor
 * portable = no can say so; armsha-doctor speed suggests this key's words. */
#ifndef ARMSHA_PROVIDER_HAND_OVER_H
#define ARMSHA_PROVIDER_HAND_OVER_H

#include <stddef.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "provctx.h"

/* Key in the provider's openssl.cnf section. */
#define ARMSHA_CONF_HAND_OVER "hand_over"
#define ARMSHA_HAND_OVER_WORDS \
    "sha1, sha256, sha512 (every operation of the family), FAMILY:digest, FAMILY:hmac (or " \
    "FAMILY:mac), FAMILY:pbkdf2 (or FAMILY:kdf), all, none (comma-separated)"

/* ARMSHA_SHA* families handed over, one mask per operation. */
typedef struct armsha_hand_over {
    unsigned digest, mac, kdf;
} armsha_hand_over;

/* Parses a list of the words above (spaces and case ignored; NULL or "" hands over nothing).
 * Returns 1, or 0 with *bad at the first unknown word (running to the next comma) and
 * *badlen its length. */
int armsha_parse_hand_over(const char *list, armsha_hand_over *h, const char **bad,
                           size_t *badlen);

/* Reads the key from the core; 0, with an error raised naming the word, for an unknown word:
 * the provider then refuses to load, as for disable. */
int armsha_hand_over_read(const armsha_provctx *pc, OSSL_FUNC_core_get_params_fn *get_params,
                          armsha_hand_over *h);

#endif
