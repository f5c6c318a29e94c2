/* The provider context: the core's upcalls, the kernel choice and the algorithms offered,
 * set at load, read-only after. */
#ifndef ARMSHA_PROVIDER_PROVCTX_H
#define ARMSHA_PROVIDER_PROVCTX_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/types.h>

#include "armsha/cpu.h"
#include "armsha/digests.h"

typedef struct armsha_provctx {
    const OSSL_CORE_HANDLE *handle;
    /* Error upcalls; NULL when the core does not offer them (errors are then dropped). */
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    armsha_kernels kernels; /* with kernels.report: "sha1=armv8-ce sha256=armv8-ce ..." */
    /* "0.1.0 (sha1=...)", with "; portable = no, offered: SHA1 SHA2-224 SHA2-256" */
    char buildinfo[sizeof(((armsha_kernels *)0)->report) + ARMSHA_NDIGESTS * 16 + 64];
    OSSL_ALGORITHM digest_algorithms[ARMSHA_NDIGESTS + 1]; /* query(OSSL_OP_DIGEST) */
    char offered[ARMSHA_NDIGESTS * 16]; /* their primary names: "SHA1 SHA2-224 SHA2-256" */
    /* HMAC and PBKDF2 hand digests armsha does not serve to the other providers of the
     * application's library context, seen through this child of it (NULL: none). */
    OSSL_LIB_CTX *child;
    unsigned offers; /* ARMSHA_OFFER_MAC | ARMSHA_OFFER_KDF: what query() answers */
    /* ARMSHA_SHA* families HMAC and PBKDF2 run on armsha's core (the others go to the
     * default provider's): those served (portable = no) and not handed over (hand_over). */
    unsigned mac_families, kdf_families;
    /* Their report, "hmac=sha1,sha256,sha512 pbkdf2=sha1,sha256" ("none" for neither). */
    char cores[64];
    /* The running libcrypto's version, major * 100 + minor, read once at load: where the
     * default provider's answers changed between versions, armsha answers as the one beside
     * it (armsha_openssl_at_least), and parameter calls run per MAC must not ask libcrypto. */
    unsigned openssl_version;
} armsha_provctx;

/* The running libcrypto's version as openssl_version holds it. */
static inline unsigned armsha_openssl_running_version(void)
{
    return OPENSSL_version_major() * 100 + OPENSSL_version_minor();
}

/* Whether the running libcrypto is at least major.minor (pc NULL: asks libcrypto). */
static inline int armsha_openssl_at_least(const armsha_provctx *pc, unsigned major, unsigned minor)
{
    unsigned v = pc != NULL ? pc->openssl_version : armsha_openssl_running_version();

    return v >= major * 100 + minor;
}

#endif
