/* The core's upcalls and version (core.h). */
#include "core.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>


/* "4.0.3" -> 400; 0 for anything else. */
static unsigned parse_version(const char *s)
{
    unsigned major = 0, minor = 0;
    const char *p = s;

    if (p == NULL || *p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9')
        major = major * 10 + (unsigned)(*p++ - '0');
    if (*p++ != '.' || *p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9')
        minor = minor * 10 + (unsigned)(*p++ - '0');
    return major < 100 && minor < 100 ? major * 100 + minor : 0;
}

/* Whether the linked libcrypto allocates with libc's malloc and free: no
 * CRYPTO_set_mem_functions hooks. Asked at load, when libcrypto has long made its first
 * allocation and no longer takes hooks, so the answer holds for the process. With a core
 * that is that libcrypto, its upcalls would then end in the same malloc and free, one call
 * and a check deeper on every context (bench/RESULTS.md): armsha calls them itself. */
static int libc_allocator(void)
{
    CRYPTO_malloc_fn m = NULL;
    CRYPTO_realloc_fn r = NULL;
    CRYPTO_free_fn f = NULL;

    CRYPTO_get_mem_functions(&m, &r, &f);
    return m == CRYPTO_malloc && r == CRYPTO_realloc && f == CRYPTO_free;
}

void armsha_core_read(armsha_core *c, const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                      OSSL_FUNC_core_get_params_fn *get_params)
{
    const char *version = NULL;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_CORE_VERSION, (char **)&version, 0),
        OSSL_PARAM_END
    };

    memset(c, 0, sizeof(*c));
    c->handle = handle;
    for (; in != NULL && in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: c->new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            c->set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR: c->vset_error = OSSL_FUNC_core_vset_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_MARK:
            c->set_error_mark = OSSL_FUNC_core_set_error_mark(in);
            break;
        case OSSL_FUNC_CORE_CLEAR_LAST_ERROR_MARK:
            c->clear_last_error_mark = OSSL_FUNC_core_clear_last_error_mark(in);
            break;
        case OSSL_FUNC_CORE_POP_ERROR_TO_MARK:
            c->pop_error_to_mark = OSSL_FUNC_core_pop_error_to_mark(in);
            break;
        case OSSL_FUNC_CRYPTO_MALLOC: c->malloc_fn = OSSL_FUNC_CRYPTO_malloc(in); break;
        case OSSL_FUNC_CRYPTO_ZALLOC: c->zalloc_fn = OSSL_FUNC_CRYPTO_zalloc(in); break;
        case OSSL_FUNC_CRYPTO_FREE: c->free_fn = OSSL_FUNC_CRYPTO_free(in); break;
        case OSSL_FUNC_CRYPTO_CLEAR_FREE: c->clear_free_fn = OSSL_FUNC_CRYPTO_clear_free(in); break;
        default: break;
        }
    }
    /* One allocator for every block: a block from the core must never go to libc's free. */
    if (c->malloc_fn == NULL || c->zalloc_fn == NULL || c->free_fn == NULL || c->clear_free_fn == NULL)
        c->malloc_fn = NULL, c->zalloc_fn = NULL, c->free_fn = NULL, c->clear_free_fn = NULL;
    /* The marks work together or not at all. */
    if (c->set_error_mark == NULL || c->clear_last_error_mark == NULL || c->pop_error_to_mark == NULL)
        c->set_error_mark = NULL, c->clear_last_error_mark = NULL, c->pop_error_to_mark = NULL;
    if (get_params != NULL && get_params(handle, req)) {
        c->openssl_version = parse_version(version);
        /* OPENSSL_VERSION_STRING is the same "3.0.19" form as the core's "openssl-version":
         * two libcryptos of one version in one process are not told apart (their errors
         * then stay where they are). */
        c->foreign = version != NULL && strcmp(version, OpenSSL_version(OPENSSL_VERSION_STRING)) != 0;
    }
    /* A core that does not say (every OpenSSL 3 and 4 core does): the linked libcrypto's. */
    if (c->openssl_version == 0)
        c->openssl_version = OPENSSL_version_major() * 100 + OPENSSL_version_minor();
    c->repeated_rule = c->openssl_version >= 306;
    if (!c->foreign && libc_allocator())
        c->malloc_fn = NULL, c->zalloc_fn = NULL, c->free_fn = NULL, c->clear_free_fn = NULL;
}

static armsha_core loaded;
#ifndef __STDC_NO_ATOMICS__
atomic_int armsha_core_foreign;
/* 0: no load yet, 1: the first load is writing `loaded`, 2: written. */
static atomic_int loaded_state;

const armsha_core *armsha_core_loaded(void)
{
    return atomic_load_explicit(&loaded_state, memory_order_acquire) == 2 ? &loaded : NULL;
}

void armsha_core_set_loaded(const armsha_core *c)
{
    int none = 0;

    if (!atomic_compare_exchange_strong(&loaded_state, &none, 1))
        return;
    loaded = *c;
    atomic_store_explicit(&loaded_state, 2, memory_order_release);
    if (c->foreign && c->new_error != NULL && c->vset_error != NULL)
        atomic_store_explicit(&armsha_core_foreign, 1, memory_order_relaxed);
}
#else
int armsha_core_foreign;
static int loaded_state;

const armsha_core *armsha_core_loaded(void)
{
    return loaded_state == 2 ? &loaded : NULL;
}

void armsha_core_set_loaded(const armsha_core *c)
{
    if (loaded_state != 0)
        return;
    loaded = *c;
    loaded_state = 2;
    if (c->foreign && c->new_error != NULL && c->vset_error != NULL)
        armsha_core_foreign = 1;
}
#endif

/* core_vset_error with a format, from a va_list of our own. */
static void set_error(const armsha_core *c, uint32_t reason, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    c->vset_error(c->handle, reason, fmt, args);
    va_end(args);
}

void armsha_core_relay_errors(void)
{
    const armsha_core *c = armsha_core_loaded();
    const char *file = NULL, *func = NULL, *data = NULL;
    int line = 0, flags = 0;
    unsigned long e;

    if (c == NULL || !c->foreign || c->new_error == NULL || c->vset_error == NULL)
        return;
    while ((e = ERR_get_error_all(&file, &line, &func, &data, &flags)) != 0) {
        /* A reason with its library is taken as it is by core_vset_error. */
        uint32_t reason = ERR_SYSTEM_ERROR(e)
                              ? (uint32_t)ERR_PACK(ERR_LIB_SYS, 0, ERR_GET_REASON(e))
                              : (uint32_t)ERR_PACK(ERR_GET_LIB(e), 0, ERR_GET_REASON(e));

        c->new_error(c->handle);
        if (c->set_error_debug != NULL)
            c->set_error_debug(c->handle, file, line, func);
        if (data != NULL && (flags & ERR_TXT_STRING) != 0 && *data != '\0')
            set_error(c, reason, "%s", data);
        else
            set_error(c, reason, NULL);
    }
}

/* Whether c's marks are its own upcalls, and the linked libcrypto is another library. */
static int own_marks(const armsha_core *c) { return c != NULL && c->set_error_mark != NULL; }
static int foreign(const armsha_core *c) { return c != NULL && c->foreign; }

void armsha_core_set_mark(const armsha_core *c)
{
    if (!own_marks(c)) {
        ERR_set_mark();
        return;
    }
    if (foreign(c)) {
        armsha_relay_errors(); /* what came before the mark stays before it */
        ERR_set_mark();
    }
    c->set_error_mark(c->handle);
}

void armsha_core_pop_to_mark(const armsha_core *c)
{
    if (!own_marks(c)) {
        ERR_pop_to_mark();
        return;
    }
    if (foreign(c))
        ERR_pop_to_mark();
    c->pop_error_to_mark(c->handle);
}

void armsha_core_clear_last_mark(const armsha_core *c)
{
    if (!own_marks(c)) {
        ERR_clear_last_mark();
        return;
    }
    if (foreign(c)) {
        ERR_clear_last_mark();
        armsha_relay_errors(); /* kept: after the core's mark, in order */
    }
    c->clear_last_error_mark(c->handle);
}
