/* The parameter differential (issue 15): every parameter that armsha's or the default
 * provider's digests, HMAC and PBKDF2 list as settable or gettable (read from the lists
 * themselves), and a few they do not list, tried with every OSSL_PARAM type and shape
 * (values, NULL data with size 0 and with a size, size 0 with data, one byte short and one
 * long, unterminated and empty strings, a NULL pointee, the parameter given twice), before
 * init, after init, after final and on a dup, on armsha and on the default provider in one
 * process; each step's return value, output bytes and error queue (library, reason) must be
 * the same. The default provider is alone in its library context (its HMAC and PBKDF2 run
 * on its own digests); armsha has default beside it, as a system has them.
 *
 * Deliberate differences are listed in param_scen.c (`deliberate_list`, shared with the
 * parameter fuzz target), with their reasons, and nowhere else. argv[1], when given, runs only the kinds whose name contains it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "helper.h"
#include "param_outcome.h"
#include "param_scen.h"

#ifndef OSSL_ALG_PARAM_ENGINE /* OpenSSL 4.0's headers: see the names added below */
#define OSSL_ALG_PARAM_ENGINE "engine"
#endif

/* ---- parameter types and shapes ------------------------------------------------------ */

typedef struct ptype {
    unsigned type;
    size_t width; /* numbers: bytes; 0 for strings */
    const char *name;
} ptype;

static const ptype types[] = {
    {OSSL_PARAM_INTEGER, 1, "int8"},           {OSSL_PARAM_INTEGER, 2, "int16"},
    {OSSL_PARAM_INTEGER, 4, "int32"},          {OSSL_PARAM_INTEGER, 8, "int64"},
    {OSSL_PARAM_UNSIGNED_INTEGER, 1, "uint8"}, {OSSL_PARAM_UNSIGNED_INTEGER, 2, "uint16"},
    {OSSL_PARAM_UNSIGNED_INTEGER, 4, "uint32"}, {OSSL_PARAM_UNSIGNED_INTEGER, 8, "uint64"},
    {OSSL_PARAM_REAL, sizeof(double), "real"}, {OSSL_PARAM_UTF8_STRING, 0, "utf8"},
    {OSSL_PARAM_OCTET_STRING, 0, "octets"},    {OSSL_PARAM_UTF8_PTR, 0, "utf8ptr"},
    {OSSL_PARAM_OCTET_PTR, 0, "octetptr"},
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

enum shape {
    SH_VALUE,        /* each value of the type's list */
    SH_NULL0,        /* data NULL, size 0 */
    SH_NULLSZ,       /* data NULL, the value's size */
    SH_SIZE0,        /* data, size 0 */
    SH_SHORT,        /* one byte short */
    SH_LONG,         /* one byte long */
    SH_UNTERMINATED, /* UTF8: no NUL after data_size bytes (other bytes, then a NUL) */
    SH_EMPTY,        /* strings: "" / no bytes */
    SH_NULL_POINTEE, /* pointers: the pointer variable holds NULL */
    SH_TWICE,        /* the parameter twice: the first value, then another */
    NSHAPES
};
static const char *const shape_names[NSHAPES] = {
    "value", "NULL data size 0", "NULL data with a size", "size 0 with data", "one short",
    "one long", "unterminated", "empty", "NULL pointee", "given twice",
};

static const char *const strings[] = {"SHA2-256", "SHA3-256", "provider=default", "armsha-nonesuch"};
#define NSTRINGS 4
static const size_t octet_lens[] = {48, 16, 1};
#define NOCTETS 3
#define NNUMBERS 4

/* Storage for one parameter (twice for SH_TWICE). */
typedef struct pbuf {
    union { int64_t i; uint64_t u; double d; unsigned char b[16]; } num[2];
    char str[2][64];
    unsigned char oct[2][64];
    const void *ptr[2];
} pbuf;

static size_t nvalues(const ptype *t)
{
    if (t->width != 0)
        return NNUMBERS;
    return t->type == OSSL_PARAM_UTF8_STRING || t->type == OSSL_PARAM_UTF8_PTR ? NSTRINGS : NOCTETS;
}

static int is_string(const ptype *t)
{
    return t->width == 0;
}

static int is_utf8(const ptype *t)
{
    return t->type == OSSL_PARAM_UTF8_STRING || t->type == OSSL_PARAM_UTF8_PTR;
}

static int is_ptr(const ptype *t)
{
    return t->type == OSSL_PARAM_UTF8_PTR || t->type == OSSL_PARAM_OCTET_PTR;
}

/* Writes value v of type t into slot k of b (numbers in the host's order, as OSSL_PARAM has
 * them); returns its natural size. */
static size_t put_value(const ptype *t, size_t v, pbuf *b, int k)
{
    static const int64_t ivals[NNUMBERS] = {0, 1, 48, -1};
    static const double dvals[NNUMBERS] = {0.0, 1.0, 48.0, -1.5};

    memset(&b->num[k], 0, sizeof(b->num[k]));
    if (t->type == OSSL_PARAM_REAL) {
        b->num[k].d = dvals[v];
    } else if (t->width != 0) {
        uint64_t x = v < 3 ? (uint64_t)ivals[v]
                           : (t->type == OSSL_PARAM_INTEGER ? (uint64_t)-1
                                                            : (t->width == 8 ? UINT64_MAX
                                                                             : ((uint64_t)1 << (8 * t->width)) - 1));
        /* The value in the low `width` bytes, as a C integer of that width. */
        switch (t->width) {
        case 1: { uint8_t y = (uint8_t)x; memcpy(b->num[k].b, &y, 1); break; }
        case 2: { uint16_t y = (uint16_t)x; memcpy(b->num[k].b, &y, 2); break; }
        case 4: { uint32_t y = (uint32_t)x; memcpy(b->num[k].b, &y, 4); break; }
        default: memcpy(b->num[k].b, &x, 8); break;
        }
    }
    if (t->width != 0)
        return t->width;
    if (is_utf8(t)) {
        /* Unterminated: the bytes past data_size are not a NUL (but a NUL follows them). */
        snprintf(b->str[k], sizeof(b->str[k]), "%sXYZ", strings[v]);
        b->str[k][strlen(strings[v])] = '\0';
        b->ptr[k] = b->str[k];
        return strlen(strings[v]);
    }
    for (size_t i = 0; i < sizeof(b->oct[k]); i++)
        b->oct[k][i] = (unsigned char)(0xa5 ^ (i * 7) ^ (unsigned)v);
    b->ptr[k] = b->oct[k];
    return octet_lens[v];
}

/* The parameter key of type t in shape sh (value v) into out[0] (and out[1] for SH_TWICE);
 * returns how many, 0 when the shape does not apply to the type. */
static int make_param(const char *key, const ptype *t, int sh, size_t v, pbuf *b, OSSL_PARAM *out)
{
    size_t size;
    void *data;

    if ((sh == SH_UNTERMINATED && !is_utf8(t)) || (sh == SH_EMPTY && !is_string(t))
        || (sh == SH_NULL_POINTEE && !is_ptr(t)) || (sh != SH_VALUE && v != 0))
        return 0;
    memset(b, 0, sizeof(*b));
    size = put_value(t, v, b, 0);
    data = t->width != 0 ? (void *)b->num[0].b : is_ptr(t) ? (void *)&b->ptr[0]
           : is_utf8(t) ? (void *)b->str[0] : (void *)b->oct[0];
    switch (sh) {
    case SH_NULL0: data = NULL; size = 0; break;
    case SH_NULLSZ: data = NULL; break;
    case SH_SIZE0: size = 0; break;
    case SH_SHORT: size = size > 0 ? size - 1 : 0; break;
    case SH_LONG: size++; break;
    case SH_UNTERMINATED:
        b->str[0][size] = 'X';
        break;
    case SH_EMPTY:
        b->str[0][0] = '\0';
        size = 0;
        break;
    case SH_NULL_POINTEE: b->ptr[0] = NULL; break;
    default: break;
    }
    out[0].key = key;
    out[0].data_type = t->type;
    out[0].data = data;
    out[0].data_size = size;
    out[0].return_size = OSSL_PARAM_UNMODIFIED;
    if (sh != SH_TWICE)
        return 1;
    size = put_value(t, 1, b, 1);
    out[1] = out[0];
    out[1].data = t->width != 0 ? (void *)b->num[1].b : is_ptr(t) ? (void *)&b->ptr[1]
                  : is_utf8(t) ? (void *)b->str[1] : (void *)b->oct[1];
    out[1].data_size = size;
    return 2;
}

/* ---- the parameter lists ----------------------------------------------------------------- */

#define MAXNAMES 32
typedef struct names {
    int n;
    const char *key[MAXNAMES];
} names;

static void add_name(names *ns, const char *k)
{
    for (int i = 0; i < ns->n; i++)
        if (strcmp(ns->key[i], k) == 0)
            return;
    if (ns->n < MAXNAMES)
        ns->key[ns->n++] = k;
}

static void add_list(names *ns, const OSSL_PARAM *l)
{
    for (; l != NULL && l->key != NULL; l++)
        add_name(ns, l->key);
}

/* The list of kind k for algorithm alg on provider p (the key strings live as long as the
 * provider). */
static unsigned long ncombos;

static void run_kind(enum kind k)
{
    const int nalgs = k <= K_MD_CTXGET ? (int)NMDS : NBASES;
    unsigned long before = armsha_test_failures, sc_before = scen_count, combos = 0;

    for (int a = 0; a < nalgs; a++) {
        const char *alg = k <= K_MD_CTXGET ? md_names[a] : bases[a];
        names ns = {0, {NULL}};
        const OSSL_PARAM *dlist = scen_list(k, 0, alg);

        add_list(&ns, scen_list(k, 1, alg));
        add_list(&ns, dlist);
        /* A few that no list has: an unknown name, and engine (under 4.0's headers, which
         * dropped it with the engines, the 3.x spelling: an unknown parameter to both). */
        add_name(&ns, "armsha-unknown-parameter");
        if (k == K_MAC_SET || k == K_KDF_SET)
            add_name(&ns, OSSL_ALG_PARAM_ENGINE);
        for (int n = 0; n < ns.n; n++)
            for (size_t t = 0; t < NTYPES; t++)
                for (int sh = 0; sh < NSHAPES; sh++)
                    for (size_t v = 0; v < nvalues(&types[t]); v++) {
                        pbuf b;
                        OSSL_PARAM par[3];
                        int np = make_param(ns.key[n], &types[t], sh, v, &b, par);
                        scen sc;
                        char what[300];

                        if (np == 0)
                            continue;
                        par[np] = OSSL_PARAM_construct_end();
                        combos++;
                        memset(&sc, 0, sizeof(sc));
                        sc.kind = k;
                        sc.alg = alg;
                        sc.par = par;
                        scen_fill(&sc, dlist);
                        for (int st = 0; st < (scen_is_ctx(k) ? NSTAGES : 1); st++) {
                            if (scen_is_get(k) && st == ST_INIT)
                                continue;
                            sc.stage = (enum stage)st;
                            snprintf(what, sizeof(what), "%s %s \"%s\" %s %s%s%zu, %s",
                                     kind_names[k], alg, ns.key[n], types[t].name,
                                     shape_names[sh], sh == SH_VALUE ? " #" : " ", v,
                                     stage_names[st]);
                            scen_compare(&sc, what);
                        }
                    }
    }
    ncombos += combos;
    if (armsha_test_failures == before)
        printf("ok: %s: %lu (parameter, type, shape) combinations, %lu scenarios on both "
               "providers agree\n", kind_names[k], combos, scen_count - sc_before);
}

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *libs[2];
    OSSL_PROVIDER *d, *a, *ad;
    const char *only = argc > 1 ? argv[1] : NULL;

    armsha_test_after_failure = (void (*)(void))ERR_clear_error;
    libs[0] = OSSL_LIB_CTX_new();
    libs[1] = OSSL_LIB_CTX_new();
    d = OSSL_PROVIDER_load(libs[0], "default");
    a = OSSL_PROVIDER_load(libs[1], "armsha");
    ad = OSSL_PROVIDER_load(libs[1], "default");
    scen_setup(libs[0], libs[1]);
    if (d == NULL || a == NULL || ad == NULL) {
        ERR_print_errors_fp(stdout);
        printf("cannot load the default provider and armsha\n");
        return 1;
    }
    printf("OpenSSL %s\n", OpenSSL_version(OPENSSL_VERSION));
    for (int k = 0; k < NKINDS; k++)
        if (only == NULL || strstr(kind_names[k], only) != NULL)
            run_kind((enum kind)k);
    printf("%lu (parameter, type, shape) combinations, %lu scenarios; %lu not run on the default "
           "provider (it crashes or answers by chance there; armsha refused), %lu not derived (too many "
           "iterations), %lu stopped on the default before a call that breaks its context (armsha "
           "ran on)\n",
           ncombos, scen_count, scen_skipped_crash, scen_skipped_slow, scen_ref_cut);
    scen_print_deliberate();
    OSSL_PROVIDER_unload(a);
    OSSL_PROVIDER_unload(ad);
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(libs[0]);
    OSSL_LIB_CTX_free(libs[1]);
    return armsha_test_summary("test_param_diff");
}
