/* The core's upcalls and version (core.h). */
#include "core.h"

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
    if (get_params != NULL && get_params(handle, req))
        c->openssl_version = parse_version(version);
    /* A core that does not say (every OpenSSL 3 and 4 core does): the linked libcrypto's. */
    if (c->openssl_version == 0)
        c->openssl_version = OPENSSL_version_major() * 100 + OPENSSL_version_minor();
}

static armsha_core loaded;
static int have_loaded;

const armsha_core *armsha_core_loaded(void)
{
    return have_loaded ? &loaded : NULL;
}

void armsha_core_set_loaded(const armsha_core *c)
{
    loaded = *c;
    have_loaded = 1;
}

void *armsha_core_malloc(const armsha_core *c, size_t n, const char *file, int line)
{
    return c != NULL && c->malloc_fn != NULL ? c->malloc_fn(n, file, line) : malloc(n);
}

void *armsha_core_zalloc(const armsha_core *c, size_t n, const char *file, int line)
{
    return c != NULL && c->zalloc_fn != NULL ? c->zalloc_fn(n, file, line) : calloc(1, n);
}

void armsha_core_free(const armsha_core *c, void *p, const char *file, int line)
{
    if (c != NULL && c->free_fn != NULL)
        c->free_fn(p, file, line);
    else
        free(p);
}

void armsha_core_clear_free(const armsha_core *c, void *p, size_t n, const char *file, int line)
{
    if (p == NULL)
        return;
    if (c != NULL && c->clear_free_fn != NULL) {
        c->clear_free_fn(p, n, file, line);
    } else {
        OPENSSL_cleanse(p, n);
        free(p);
    }
}

void armsha_core_set_mark(const armsha_core *c)
{
    if (c != NULL && c->set_error_mark != NULL)
        c->set_error_mark(c->handle);
    else
        ERR_set_mark();
}

void armsha_core_pop_to_mark(const armsha_core *c)
{
    if (c != NULL && c->pop_error_to_mark != NULL)
        c->pop_error_to_mark(c->handle);
    else
        ERR_pop_to_mark();
}

void armsha_core_clear_last_mark(const armsha_core *c)
{
    if (c != NULL && c->clear_last_error_mark != NULL)
        c->clear_last_error_mark(c->handle);
    else
        ERR_clear_last_mark();
}
