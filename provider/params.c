/* OSSL_PARAM reading shared by the digests, HMAC and PBKDF2 (params.h). */
#include "params.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "errors.h"
#include "mac_kdf.h"
#include "md_select.h"

void armsha_secret_clear(const armsha_provctx *pc, armsha_secret *s)
{
    if (s->data != NULL) /* 1 byte for an empty value (armsha_secret_set) */
        armsha_clear_free(pc, s->data, s->len > 0 ? s->len : 1);
    s->data = NULL;
    s->len = 0;
}

int armsha_secret_set_new(const armsha_provctx *pc, armsha_secret *s, const void *src, size_t len)
{
    armsha_secret_clear(pc, s);
    /* Never malloc(0): an empty value is set, and must not read as "not set". */
    if ((s->data = armsha_malloc(pc, len > 0 ? len : 1)) == NULL) {
        armsha_raise(pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for a secret", len);
        return 0;
    }
    if (len != 0)
        memcpy(s->data, src, len);
    s->len = len;
    return 1;
}

int armsha_secret_dup(const armsha_provctx *pc, armsha_secret *dst, const armsha_secret *src)
{
    dst->data = NULL;
    dst->len = 0;
    return src->data == NULL || armsha_secret_set(pc, dst, src->data, src->len);
}

int armsha_param_get_secret(const armsha_provctx *pc, const OSSL_PARAM *p, armsha_secret *s)
{
    void *buf;
    size_t n = 0;

    armsha_secret_clear(pc, s);
    if (p->data_size == 0)
        return armsha_secret_set(pc, s, NULL, 0);
    if (p->data == NULL)
        return 1;
    if ((buf = armsha_malloc(pc, p->data_size)) == NULL) {
        armsha_raise(pc, ARMSHA_R_OUT_OF_MEMORY, "%zu bytes for a secret", p->data_size);
        return 0;
    }
    /* libcrypto's own check, as the default provider's: it refuses every type but
     * OCTET_STRING (with an error from OpenSSL 3.2 on, quietly before). */
    if (!OSSL_PARAM_get_octet_string(p, &buf, p->data_size, &n)) {
        armsha_clear_free(pc, buf, p->data_size);
        return 0;
    }
    s->data = buf;
    s->len = n;
    return 1;
}

int armsha_param_read_wrongly(const OSSL_PARAM *p)
{
    int number = p->data_type == OSSL_PARAM_INTEGER || p->data_type == OSSL_PARAM_UNSIGNED_INTEGER
                 || p->data_type == OSSL_PARAM_REAL;

    /* From OpenSSL 3.2 on libcrypto refuses NULL data itself (with an error): the linked
     * libcrypto's version decides, not the headers nor the core's, since it is its own
     * OSSL_PARAM_get_* that armsha calls. */
    return (number && p->data == NULL && OpenSSL_version_num() < 0x30200000UL)
           || (p->data_type == OSSL_PARAM_INTEGER && p->data != NULL && p->data_size == 0);
}

int armsha_param_get_int(const OSSL_PARAM *p, int *v)
{
    return !armsha_param_read_wrongly(p) && OSSL_PARAM_get_int(p, v);
}

int armsha_param_get_uint64(const OSSL_PARAM *p, uint64_t *v)
{
    return !armsha_param_read_wrongly(p) && OSSL_PARAM_get_uint64(p, v);
}

int armsha_param_get_size_t(const OSSL_PARAM *p, size_t *v)
{
    return !armsha_param_read_wrongly(p) && OSSL_PARAM_get_size_t(p, v);
}

int armsha_param_get_flag(const OSSL_PARAM *p, int *set)
{
    int v = 0;

    if (!armsha_param_get_int(p, &v))
        return 0;
    if (v != 0)
        *set = 1;
    return 1;
}

/* What libcrypto's OSSL_PARAM_set_* (OpenSSL 3.0) get wrong: a REAL with NULL data and a
 * size is written through NULL, and a signed integer of 0 bytes is judged by the byte
 * before the value (copy_integer reads src[-1]), so that the answer is chance. */
static int writes_through_null(const OSSL_PARAM *p)
{
    return (p->data == NULL && p->data_size != 0 && p->data_type == OSSL_PARAM_REAL)
           || (p->data != NULL && p->data_size == 0 && p->data_type == OSSL_PARAM_INTEGER);
}

int armsha_param_set_size_t(OSSL_PARAM *p, size_t v)
{
    return !writes_through_null(p) && OSSL_PARAM_set_size_t(p, v);
}

int armsha_param_set_int(OSSL_PARAM *p, int v)
{
    return !writes_through_null(p) && OSSL_PARAM_set_int(p, v);
}

int armsha_param_default_keys_noinit(const armsha_provctx *pc)
{
    int one = 1, ok;
    static const unsigned char k[1] = { 0 };
    OSSL_PARAM par[3] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA2-256", 0),
        OSSL_PARAM_construct_int(OSSL_MAC_PARAM_DIGEST_NOINIT, &one),
        OSSL_PARAM_END
    };
    EVP_MAC *mac;
    EVP_MAC_CTX *c;

    armsha_err_set_mark(pc);
    mac = armsha_fallback_mac(pc);
    c = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    ok = c != NULL && EVP_MAC_init(c, k, sizeof(k), par);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    armsha_err_pop_to_mark(pc);
    return ok;
}

int armsha_param_default_takes(const armsha_provctx *pc, int op, const OSSL_PARAM *p,
                               int keep_errors)
{
    OSSL_PARAM one[2] = { *p, OSSL_PARAM_END };

    return armsha_params_default_take(pc, op, one, keep_errors);
}

int armsha_params_default_take(const armsha_provctx *pc, int op, const OSSL_PARAM params[],
                               int keep_errors)
{
    int ok = 0;

    if (!keep_errors)
        armsha_err_set_mark(pc);
    if (op == OSSL_OP_MAC) {
        EVP_MAC *mac = armsha_fallback_mac(pc);
        EVP_MAC_CTX *c = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;

        ok = c != NULL && EVP_MAC_CTX_set_params(c, params);
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(mac);
    } else {
        EVP_KDF *kdf = armsha_fallback_kdf(pc);
        EVP_KDF_CTX *c = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;

        ok = c != NULL && EVP_KDF_CTX_set_params(c, params);
        EVP_KDF_CTX_free(c);
        EVP_KDF_free(kdf);
    }
    if (!keep_errors)
        armsha_err_pop_to_mark(pc);
    return ok;
}

/* The reason OpenSSL 3.6 added to its provider library for this rule (PROV_R_REPEATED_PARAMETER
 * in its include/openssl/proverr.h, the same number in 4.0's). The running core decides
 * whether the rule applies, not the headers: a module built on 3.0, whose headers lack the
 * name, raises the number the default provider of a 3.6 or 4.0 core raises. */
#define REPEATED_PARAMETER_REASON 252
#ifdef PROV_R_REPEATED_PARAMETER
_Static_assert(PROV_R_REPEATED_PARAMETER == REPEATED_PARAMETER_REASON,
               "these headers number PROV_R_REPEATED_PARAMETER otherwise");
#endif

int armsha_params_repeated_scan(const armsha_provctx *pc, const OSSL_PARAM params[],
                                const OSSL_PARAM known[])
{
    for (const OSSL_PARAM *k = known; k->key != NULL; k++) {
        const OSSL_PARAM *first = armsha_param_locate(params, k->key);

        if (first == NULL || armsha_param_locate(first + 1, k->key) == NULL)
            continue;
        /* pc NULL (a digest's get_params): through the core of the first load. */
        armsha_raise(pc, ARMSHA_R_OPENSSL(ERR_LIB_PROV, REPEATED_PARAMETER_REASON), "%s", k->key);
        return 1;
    }
    return 0;
}
