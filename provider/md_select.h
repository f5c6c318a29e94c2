/* The digest an HMAC or PBKDF2 context runs on, chosen by the "digest" and "properties"
 * parameters as the default provider chooses it: armsha's core for the seven SHA digests,
 * otherwise the default provider's implementation through the child library context. */
#ifndef ARMSHA_PROVIDER_MD_SELECT_H
#define ARMSHA_PROVIDER_MD_SELECT_H

#include <stddef.h>

#include <openssl/core.h>
#include <openssl/evp.h>

#include "armsha/hmac.h"
#include "provctx.h"

typedef struct armsha_md_sel {
    int set;     /* a digest is chosen */
    int fast;    /* armsha's core serves it; md is then an enum armsha_digest_id */
    unsigned md;
    char *name;  /* as the caller named it, for the fallback (NULL when fast by name) */
    char *props; /* the properties given with it, or NULL */
    EVP_MD *evp; /* fallback only: the digest from the child library context */
    char *engine; /* an engine the default provider accepted with the last parameters */
} armsha_md_sel;

/* OSSL_ALG_PARAM_PROPERTIES, OSSL_ALG_PARAM_ENGINE and OSSL_ALG_PARAM_DIGEST from params, as
 * the default provider's ossl_prov_digest_load_from_params: 0 for a parameter of the wrong
 * type (selection kept), an engine the default provider's implementation of op (OSSL_OP_MAC
 * or OSSL_OP_KDF) refuses, or a digest that cannot be fetched (selection cleared). */
int armsha_md_sel_load(const armsha_provctx *pc, armsha_md_sel *sel, int op,
                       const OSSL_PARAM params[]);
/* armsha_params_repeated for the engine: OpenSSL 3.6's default provider reads
 * OSSL_ALG_PARAM_ENGINE in the same one pass as its listed names (unlisted, but refused
 * when given twice); 4.0 has no engines. 1 (raised) when it is repeated there. */
int armsha_md_sel_engine_repeated(const armsha_provctx *pc, const OSSL_PARAM params[]);
/* Chooses md (an enum armsha_digest_id) for armsha's core. */
void armsha_md_sel_fast(const armsha_provctx *pc, armsha_md_sel *sel, unsigned md);
/* Chooses md as op's default: armsha's core where it serves md's family for op ("portable =
 * no" and "hand_over" may leave it to the default provider's), the default provider's
 * otherwise. 0 when neither can. */
int armsha_md_sel_default(const armsha_provctx *pc, armsha_md_sel *sel, int op, unsigned md);
/* The names are copied, the digest up-referenced (0 on failure, dst then reset). */
int armsha_md_sel_copy(const armsha_provctx *pc, armsha_md_sel *dst, const armsha_md_sel *src);
/* Frees what sel holds (through pc's core, which allocated it). */
void armsha_md_sel_reset(const armsha_provctx *pc, armsha_md_sel *sel);
/* The name to hand to the default provider's implementation. */
const char *armsha_md_sel_name(const armsha_md_sel *sel);
/* Digest and block size; 0 when none is chosen. */
size_t armsha_md_sel_size(const armsha_md_sel *sel);
size_t armsha_md_sel_block_size(const armsha_md_sel *sel);

/* The block function the provider chose for md's family. */
armsha_blocks armsha_md_blocks(const armsha_provctx *pc, unsigned md);
/* Its two-lane form, for PBKDF2 (NULL when there is none). */
armsha_x2 armsha_md_x2(const armsha_provctx *pc, unsigned md);

/* A copy of the first n bytes of s as a string (NULL on allocation failure, raised). */
char *armsha_strndup(const armsha_provctx *pc, const char *s, size_t n);

#endif
