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
#include "core.h"

typedef struct armsha_provctx {
    /* The core's handle, upcalls and version. Where the default provider's answers changed
     * between versions, armsha answers as the running one (armsha_openssl_at_least): the
     * core's, not the linked libcrypto's, read once at load, so that parameter calls run
     * per MAC ask nothing. */
    armsha_core core;
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
} armsha_provctx;

/* The core pc was loaded by; with pc NULL (a dispatch function without a provider
 * context) the core of the module's first load. NULL before any load. */
static inline const armsha_core *armsha_core_of(const armsha_provctx *pc)
{
    return pc != NULL ? &pc->core : armsha_core_loaded();
}

/* Whether the running OpenSSL (the core's) is at least major.minor (pc NULL: the last
 * load's core; before any load, the linked libcrypto). */
static inline int armsha_openssl_at_least(const armsha_provctx *pc, unsigned major, unsigned minor)
{
    const armsha_core *c = armsha_core_of(pc);
    unsigned v = c != NULL ? c->openssl_version
                           : (unsigned)(OPENSSL_version_major() * 100 + OPENSSL_version_minor());

    return v >= major * 100 + minor;
}

/* Allocation through the core that loaded pc (core.h; pc is never NULL here: no test for it
 * on the contexts' hot paths); file and line for its allocator. */
#define armsha_malloc(pc, n) \
    armsha_core_malloc(&((const armsha_provctx *)(pc))->core, (n), __FILE__, __LINE__)
#define armsha_zalloc(pc, n) \
    armsha_core_zalloc(&((const armsha_provctx *)(pc))->core, (n), __FILE__, __LINE__)
#define armsha_free(pc, p) \
    armsha_core_free(&((const armsha_provctx *)(pc))->core, (p), __FILE__, __LINE__)
#define armsha_clear_free(pc, p, n) \
    armsha_core_clear_free(&((const armsha_provctx *)(pc))->core, (p), (n), __FILE__, __LINE__)
/* ERR_set_mark / ERR_pop_to_mark / ERR_clear_last_mark on the core's queue. */
#define armsha_err_set_mark(pc) armsha_core_set_mark(armsha_core_of(pc))
#define armsha_err_pop_to_mark(pc) armsha_core_pop_to_mark(armsha_core_of(pc))
#define armsha_err_clear_last_mark(pc) armsha_core_clear_last_mark(armsha_core_of(pc))

#endif
