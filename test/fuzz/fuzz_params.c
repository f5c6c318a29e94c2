/* libFuzzer target over parameter arrays (issue 15): the input builds up to four
 * OSSL_PARAMs (names from the lists the digests, HMAC and PBKDF2 give, an unknown one and
 * engine; any type, any size, NULL data or a NULL pointee), each one's data ending where an
 * inaccessible page begins, and applies them to one algorithm at one stage of its life on
 * the default provider and on armsha (param_scen.c): return value, output bytes and error
 * queue must agree, but for the deliberate differences listed there.
 *
 * The input, byte by byte:
 *   [0]  kind (value % 9: digest get/set/get-ctx, HMAC get/set/get-ctx, PBKDF2 get/set/
 *        get-ctx)
 *   [1]  stage (value % 5: before init, at init, after init, after final, on a dup) and
 *        algorithm (value / 5: one of the seven digests, or HMAC's / PBKDF2's base digest)
 *   [2]  how many parameters (value % 4 + 1)
 *   then per parameter: [name] (index into the names) [type] (value % 13; bit 7: NULL
 *   data; bit 6: NULL pointee, for the pointer types) [size] (data_size, 0-255), then as
 *   many data bytes (missing ones are 0). A UTF8 string's data ends with a NUL just before
 *   the guard page, as the providers read it as a C string. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../helper.h"
#include "../param_scen.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXPAR 4
static const unsigned types[] = {
    OSSL_PARAM_INTEGER, OSSL_PARAM_INTEGER, OSSL_PARAM_INTEGER, OSSL_PARAM_INTEGER,
    OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_UNSIGNED_INTEGER,
    OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_REAL, OSSL_PARAM_UTF8_STRING, OSSL_PARAM_OCTET_STRING,
    OSSL_PARAM_UTF8_PTR, OSSL_PARAM_OCTET_PTR,
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

static size_t page;
/* Per parameter: a data page and a page for the pointer variable, each followed by an
 * inaccessible one. */
static unsigned char *data_page[MAXPAR], *ptr_page[MAXPAR];

/* ARMSHA_FUZZ_TRACE set: every input is described before it runs (to find the one that
 * breaks the heap for a later one). */
static int trace;

static void describe(const char *what, const scen *sc, const OSSL_PARAM *par, int npar)
{
    fprintf(stderr, "fuzz_params: %s: %s %s, %s\n", what, kind_names[sc->kind], sc->alg,
            stage_names[sc->stage]);
    for (int i = 0; i < npar; i++)
        fprintf(stderr, "  \"%s\" type %u, data %s, size %zu\n", par[i].key, par[i].data_type,
                par[i].data == NULL ? "NULL" : "at a guard page", par[i].data_size);
}

static void setup_fail(const char *what)
{
    fprintf(stderr, "fuzz_params: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

static unsigned char *guarded(void)
{
    unsigned char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);

    if (p == MAP_FAILED || mprotect(p + page, page, PROT_NONE) != 0)
        setup_fail("cannot map a guarded page");
    return p;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    OSSL_LIB_CTX *d = OSSL_LIB_CTX_new(), *a = OSSL_LIB_CTX_new();

    (void)argc;
    (void)argv;
    if (d == NULL || a == NULL || OSSL_PROVIDER_load(d, "default") == NULL
        || OSSL_PROVIDER_load(a, "armsha") == NULL || OSSL_PROVIDER_load(a, "default") == NULL)
        setup_fail("cannot load default and armsha (OPENSSL_MODULES must name armsha.so's folder)");
    scen_setup(d, a);
    trace = getenv("ARMSHA_FUZZ_TRACE") != NULL;
    page = (size_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < MAXPAR; i++) {
        data_page[i] = guarded();
        ptr_page[i] = guarded();
    }
    return 0;
}

/* The names a parameter of kind k on alg can take: both providers' lists and two more. */
static int names_of(enum kind k, const char *alg, const char **names, int max)
{
    int n = 0;

    for (int p = 1; p >= 0; p--)
        for (const OSSL_PARAM *l = scen_list(k, p, alg); l != NULL && l->key != NULL; l++) {
            int seen = 0;

            for (int i = 0; i < n; i++)
                seen |= strcmp(names[i], l->key) == 0;
            if (!seen && n < max)
                names[n++] = l->key;
        }
    if (n < max)
        names[n++] = "armsha-unknown-parameter";
#ifdef OSSL_ALG_PARAM_ENGINE
    if (n < max && (k == K_MAC_SET || k == K_KDF_SET))
        names[n++] = OSSL_ALG_PARAM_ENGINE;
#endif
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size)
{
    const char *names[40];
    OSSL_PARAM par[MAXPAR + 1];
    size_t pos = 3;
    scen sc;
    int nnames, npar;
    enum kind k;

    if (size < 3)
        return 0;
    k = (enum kind)(in[0] % NKINDS);
    memset(&sc, 0, sizeof(sc));
    sc.kind = k;
    sc.stage = (enum stage)(in[1] % NSTAGES);
    sc.alg = k <= K_MD_CTXGET ? md_names[(in[1] / NSTAGES) % NMDS] : bases[(in[1] / NSTAGES) % NBASES];
    if (scen_is_get(k) && sc.stage == ST_INIT)
        sc.stage = ST_NEW;
    if (!scen_is_ctx(k))
        sc.stage = ST_NEW;
    nnames = names_of(k, sc.alg, names, 40);
    npar = in[2] % MAXPAR + 1;
    for (int i = 0; i < npar; i++) {
        unsigned char nb = pos < size ? in[pos] : 0, tb = pos + 1 < size ? in[pos + 1] : 0;
        size_t n = pos + 2 < size ? in[pos + 2] : 0;
        unsigned type = types[(tb & 0x3f) % NTYPES];
        int is_utf8 = type == OSSL_PARAM_UTF8_STRING || type == OSSL_PARAM_UTF8_PTR;
        /* The bytes end at the guard page; a C string's NUL is the page's last byte. */
        unsigned char *dst = data_page[i] + page - n - (is_utf8 ? 1 : 0);
        void **ptr = (void **)(ptr_page[i] + page - sizeof(void *));

        pos += 3;
        memset(dst, 0, n + (is_utf8 ? 1 : 0));
        if (pos < size)
            memcpy(dst, in + pos, size - pos < n ? size - pos : n);
        pos += n;
        par[i].key = names[nb % nnames];
        par[i].data_type = type;
        par[i].data_size = n;
        par[i].return_size = OSSL_PARAM_UNMODIFIED;
        if (type == OSSL_PARAM_UTF8_PTR || type == OSSL_PARAM_OCTET_PTR) {
            *ptr = (tb & 0x40) ? NULL : dst;
            par[i].data = ptr;
        } else {
            par[i].data = dst;
        }
        if (tb & 0x80)
            par[i].data = NULL;
    }
    par[npar] = OSSL_PARAM_construct_end();
    sc.par = par;
    scen_fill(&sc, scen_list(k, 0, sc.alg));
    if (trace)
        describe("input", &sc, par, npar);
    scen_compare(&sc, "fuzz input");
    if (armsha_test_failures != 0) {
        describe("armsha and the default provider differ", &sc, par, npar);
        __builtin_trap();
    }
    ERR_clear_error();
    return 0;
}
