/* OSSL_PARAM reading shared by the digests, HMAC and PBKDF2, each piece as the default
 * provider reads it: secrets copied into buffers of armsha's own and wiped, UTF8 names,
 * integer flags, and asking the default provider beside armsha what it makes of a
 * parameter armsha cannot decide alone. */
#ifndef ARMSHA_PROVIDER_PARAMS_H
#define ARMSHA_PROVIDER_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <openssl/core.h>

#include "provctx.h"

/* OSSL_PARAM_locate_const, inline and comparing the first character before the rest: an
 * HMAC set_params looks for seven names in every EVP_Q_mac, and libcrypto's own call and
 * strcmp for each showed in the instruction counts (bench/RESULTS.md). */
static inline const OSSL_PARAM *armsha_param_locate(const OSSL_PARAM *params, const char *key)
{
    for (const OSSL_PARAM *p = params; p != NULL && p->key != NULL; p++)
        if (p->key[0] == key[0] && strcmp(p->key, key) == 0)
            return p;
    return NULL;
}

/* A secret held by a context (a key, a password, a salt): NULL when not set. */
typedef struct armsha_secret {
    unsigned char *data;
    size_t len;
} armsha_secret;

/* Wipes and frees s (through pc's core, which allocated it); it is then not set. */
void armsha_secret_clear(const armsha_provctx *pc, armsha_secret *s);
/* s becomes a copy of src[0..len) (src NULL with len 0: set and empty). 0 on allocation
 * failure (raised), s then not set. */
int armsha_secret_set_new(const armsha_provctx *pc, armsha_secret *s, const void *src, size_t len);
static inline int armsha_secret_set(const armsha_provctx *pc, armsha_secret *s, const void *src,
                                    size_t len)
{
    /* The same length again (an HMAC context re-keyed for every message): the old bytes are
     * overwritten in place, without a free and a malloc per key, and inline (bench/RESULTS.md). */
    if (s->data != NULL && s->len == len) {
        if (len != 0)
            memmove(s->data, src, len);
        return 1;
    }
    return armsha_secret_set_new(pc, s, src, len);
}
/* dst becomes a copy of src (not set if src is not). 0 on allocation failure (raised). */
int armsha_secret_dup(const armsha_provctx *pc, armsha_secret *dst, const armsha_secret *src);
/* An octet string parameter as the default provider's PBKDF2 takes it: the old value goes
 * first; data_size 0 sets an empty value, NULL data with a size leaves it not set, and
 * anything but OSSL_PARAM_OCTET_STRING is refused by libcrypto's own type check (an
 * OCTET_PTR's data is the caller's pointer variable, not the bytes). */
int armsha_param_get_secret(const armsha_provctx *pc, const OSSL_PARAM *p, armsha_secret *s);

/* The name in a UTF8 string parameter (as the default provider reads names: the type is
 * checked, the NUL-terminated data taken as it is). 0 for another type; *name may be NULL
 * for NULL data. */
static inline int armsha_param_get_utf8(const OSSL_PARAM *p, const char **name)
{
    if (p->data_type != OSSL_PARAM_UTF8_STRING)
        return 0;
    *name = p->data;
    return 1;
}

/* OSSL_PARAM_get_int / _uint64 / _size_t, refusing (0) what armsha_param_read_wrongly
 * names (OpenSSL 3.0's default provider crashes on a number with NULL data). */
int armsha_param_get_int(const OSSL_PARAM *p, int *v);
int armsha_param_get_uint64(const OSSL_PARAM *p, uint64_t *v);
int armsha_param_get_size_t(const OSSL_PARAM *p, size_t *v);

/* Whether libcrypto's own OSSL_PARAM_get_* would read p wrongly: a number with NULL data
 * (read through before OpenSSL 3.2), a signed integer of 0 bytes (its sign taken from the
 * byte before the data). Such a parameter is refused, and never handed to the default. */
int armsha_param_read_wrongly(const OSSL_PARAM *p);

/* An integer flag in the default provider's manner (its HMAC's set_flag): any integer type
 * that holds an int; 0 for another type. *set becomes 1 when the flag is non-zero (a zero
 * never clears it). */
int armsha_param_get_flag(const OSSL_PARAM *p, int *set);

/* OSSL_PARAM_set_size_t / OSSL_PARAM_set_int, refusing (0) a REAL with NULL data and a
 * size, which libcrypto's own functions write through, and a signed integer of 0 bytes,
 * which they accept or refuse by chance (OpenSSL 3.0). */
int armsha_param_set_size_t(OSSL_PARAM *p, size_t v);
int armsha_param_set_int(OSSL_PARAM *p, int v);

/* Whether the default provider's (any provider's but armsha's) implementation of op
 * (OSSL_OP_MAC: HMAC, OSSL_OP_KDF: PBKDF2) in the child library context takes p as the
 * only parameter of a fresh context. keep_errors: what it raised stays on the queue (the
 * caller then refuses with the default's own errors); otherwise they are dropped. */
int armsha_param_default_takes(const armsha_provctx *pc, int op, const OSSL_PARAM *p,
                               int keep_errors);
/* From OpenSSL 3.6 on (the running core says so) the default provider reads its
 * parameters in one pass that refuses a name of its list given twice, before it acts on
 * any: 1 (with PROV_R_REPEATED_PARAMETER raised through pc's core, or the first load's when
 * pc is NULL) when one of known[] is repeated in params there; 0 otherwise and always before
 * 3.6 (the core's version, whatever the headers the module was built with). */
int armsha_params_repeated_scan(const armsha_provctx *pc, const OSSL_PARAM params[],
                                const OSSL_PARAM known[]);
/* Inline: before 3.6 (every call of a 3.0 or 3.5 core) the answer is a compare. */
static inline int armsha_params_repeated(const armsha_provctx *pc, const OSSL_PARAM params[],
                                         const OSSL_PARAM known[])
{
    if (params == NULL || (pc != NULL ? !pc->core.repeated_rule : !armsha_openssl_at_least(pc, 3, 6)))
        return 0;
    return armsha_params_repeated_scan(pc, params, known);
}

/* The same for a parameter list (a parameter the default reads only beside another). */
int armsha_params_default_take(const armsha_provctx *pc, int op, const OSSL_PARAM params[],
                               int keep_errors);
/* Whether the default provider's HMAC beside armsha still keys with "digest-noinit" = 1:
 * OpenSSL 3.0's then fails (the flag takes), 3.5's ignores the flag. */
int armsha_param_default_keys_noinit(const armsha_provctx *pc);

#endif
