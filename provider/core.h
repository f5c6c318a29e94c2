/* What the module takes from the core that loaded it: error, error-mark and allocator
 * upcalls and the running OpenSSL version. A module built against 3.0's headers and loaded
 * by 4.0 links a libcrypto.so.3 that is not the application's: its ERR_* and OPENSSL_malloc
 * would reach an error queue and an allocator the application never sees, so the module
 * uses these instead. */
#ifndef ARMSHA_PROVIDER_CORE_H
#define ARMSHA_PROVIDER_CORE_H

#include <stddef.h>
#include <stdlib.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

typedef struct armsha_core {
    const OSSL_CORE_HANDLE *handle;
    /* Error upcalls; NULL when the core does not offer them (errors are then dropped). */
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    /* Error marks; NULL when not offered (the marks then go to the linked libcrypto). */
    OSSL_FUNC_core_set_error_mark_fn *set_error_mark;
    OSSL_FUNC_core_clear_last_error_mark_fn *clear_last_error_mark;
    OSSL_FUNC_core_pop_error_to_mark_fn *pop_error_to_mark;
    /* The core's allocator; all NULL unless the core offers all four, and when its
     * allocator is libc's (libc's then, see armsha_core_read). */
    OSSL_FUNC_CRYPTO_malloc_fn *malloc_fn;
    OSSL_FUNC_CRYPTO_zalloc_fn *zalloc_fn;
    OSSL_FUNC_CRYPTO_free_fn *free_fn;
    OSSL_FUNC_CRYPTO_clear_free_fn *clear_free_fn;
    /* The core's OpenSSL version, major * 100 + minor ("openssl-version"; the linked
     * libcrypto's when the core does not say). */
    unsigned openssl_version;
    /* The core is not the libcrypto the module links (its version string differs): what
     * the linked libcrypto raises (OSSL_PARAM_*, EVP_* in the child library context) lands
     * on a queue the application never reads, and is relayed to the core's. */
    int foreign;
    /* openssl_version >= 3.6: the default refuses a listed parameter given twice (read on
     * every parameter call, hence a flag of its own). */
    unsigned char repeated_rule;
} armsha_core;

/* Nonzero when the first load's core was foreign (written once at load, read by
 * armsha_relay_errors on every call that may need it: atomic where C11 atomics exist, so
 * that a second library context loading armsha meanwhile is no data race). */
#ifndef __STDC_NO_ATOMICS__
#include <stdatomic.h>
extern atomic_int armsha_core_foreign;
#define ARMSHA_CORE_FOREIGN() atomic_load_explicit(&armsha_core_foreign, memory_order_relaxed)
#else
extern int armsha_core_foreign;
#define ARMSHA_CORE_FOREIGN() armsha_core_foreign
#endif
/* Moves what the linked libcrypto's error queue holds to the first load's core (core.c). */
void armsha_core_relay_errors(void);

/* Where the module has called the linked libcrypto (OSSL_PARAM_*, EVP_*), before it
 * returns to the core: its errors go where the application reads them. A load and a branch
 * when the core is the linked libcrypto, as it is but for a module built on an older
 * OpenSSL than the one loading it. */
static inline void armsha_relay_errors(void)
{
    if (ARMSHA_CORE_FOREIGN())
        armsha_core_relay_errors();
}

/* Fills c from the core's dispatch table `in` and its get_params (NULL: not offered). */
void armsha_core_read(armsha_core *c, const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                      OSSL_FUNC_core_get_params_fn *get_params);

/* The core of the module's first successful load, for the dispatch functions that get no
 * provider context (a digest's get_params) and for relaying errors: the one process-wide
 * record, written once. Every load of one process has the same core functions in practice
 * (one libcrypto loads the module); the handle may outlive its provider, so only reasons
 * with their library (which core_vset_error does not look the provider up for) and the
 * handle-free upcalls (new_error, set_error_debug, the marks) go through it. NULL before
 * any load. */
const armsha_core *armsha_core_loaded(void);
void armsha_core_set_loaded(const armsha_core *c);

/* Whether c's allocator is the core's, not libc's (then the per-call paths that allocate can
 * be chosen at load, digests.c). */
static inline int armsha_core_allocates(const armsha_core *c)
{
    return c->malloc_fn != NULL;
}

/* Allocation through c (libc's when c's allocator is libc's). c is never NULL: every
 * caller has a provider context, and a test for it would run on every allocation (a MAC
 * context's on every EVP_Q_mac). zalloc zeroes; clear_free wipes n bytes first; free and
 * clear_free take NULL. */
static inline void *armsha_core_malloc(const armsha_core *c, size_t n, const char *file, int line)
{
    return c->malloc_fn != NULL ? c->malloc_fn(n, file, line) : malloc(n);
}

static inline void *armsha_core_zalloc(const armsha_core *c, size_t n, const char *file, int line)
{
    return c->zalloc_fn != NULL ? c->zalloc_fn(n, file, line) : calloc(1, n);
}

static inline void armsha_core_free(const armsha_core *c, void *p, const char *file, int line)
{
    if (c->free_fn != NULL)
        c->free_fn(p, file, line);
    else
        free(p);
}

static inline void armsha_core_clear_free(const armsha_core *c, void *p, size_t n,
                                          const char *file, int line)
{
    if (p == NULL)
        return;
    if (c->clear_free_fn != NULL) {
        c->clear_free_fn(p, n, file, line);
    } else {
        OPENSSL_cleanse(p, n);
        free(p);
    }
}

/* ERR_set_mark, ERR_pop_to_mark and ERR_clear_last_mark on the core's queue (and, with a
 * foreign core, on the linked libcrypto's too, so that what a mark drops is dropped on
 * both and what it keeps is relayed in order). */
void armsha_core_set_mark(const armsha_core *c);
void armsha_core_pop_to_mark(const armsha_core *c);
void armsha_core_clear_last_mark(const armsha_core *c);

#endif
