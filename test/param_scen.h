/* The parameter scenarios shared by the differential (test_param_diff.c) and the parameter
 * fuzz target (fuzz/fuzz_params.c): a parameter array applied to a digest, HMAC or PBKDF2
 * at one stage of its life, on the default provider and on armsha, compared step by step
 * (return value, output bytes, error queue). */
#ifndef ARMSHA_TEST_PARAM_SCEN_H
#define ARMSHA_TEST_PARAM_SCEN_H

#include <openssl/core.h>
#include <openssl/types.h>

enum kind { K_MD_GET, K_MD_SET, K_MD_CTXGET, K_MAC_GET, K_MAC_SET, K_MAC_CTXGET, K_KDF_GET,
            K_KDF_SET, K_KDF_CTXGET, NKINDS };
enum stage { ST_NEW, ST_INIT, ST_ACTIVE, ST_FINAL, ST_DUP, NSTAGES };
extern const char *const kind_names[NKINDS];
extern const char *const stage_names[NSTAGES];

/* The digests of the digest kinds; HMAC's and PBKDF2's base digests (armsha's core, and one
 * handed to the default provider). */
#define NMDS 7
#define NBASES 2
extern const char *const md_names[NMDS];
extern const char *const bases[NBASES];

/* What one scenario is: the kind, the algorithm, the parameters, the stage. */
typedef struct scen {
    enum kind kind;
    const char *alg;  /* digest name, or HMAC's / PBKDF2's base digest */
    const OSSL_PARAM *par; /* the parameters under test, ended */
    enum stage stage;
    int noinit_on;    /* par sets digest-noinit to non-zero (scen_fill) */
    int oneshot_on;   /* par sets digest-oneshot to non-zero */
    int slow;         /* par sets PBKDF2's iterations beyond what a test can derive */
    const OSSL_PARAM *dlist; /* the default provider's list of this kind */
} scen;

/* At most this many parameters in a scenario's array. */
#define SCEN_MAXPAR 8

/* The library contexts: the default provider alone, and armsha with default beside it. */
void scen_setup(OSSL_LIB_CTX *default_only, OSSL_LIB_CTX *with_armsha);
/* Kind k's list on provider p (0 default, 1 armsha) for algorithm alg (NULL if none). */
const OSSL_PARAM *scen_list(enum kind k, int p, const char *alg);
int scen_is_get(enum kind k);
int scen_is_ctx(enum kind k);
/* Sets what sc derives from sc->par and the default provider's list dlist. */
void scen_fill(scen *sc, const OSSL_PARAM *dlist);
/* Runs sc on both providers and compares; a difference is reported with armsha_test_fail
 * (helper.h), unless it is one of the deliberate ones. */
void scen_compare(const scen *sc, const char *what);
void scen_print_deliberate(void);
/* Whether sc (scen_fill done) is one the default provider is not run on: it crashes, reads
 * out of bounds, or answers by chance there, in the running OpenSSL (the one list of
 * those, with their reasons, in param_scen.c; the named tests ask it too). armsha must
 * refuse such a parameter. */
int scen_default_crashes(const scen *sc);
/* Scenarios compared; not run on the default provider (it crashes or answers by chance
 * there); with a PBKDF2 iteration count too large to derive; stopped on the default
 * provider before a call that breaks its own context, run on by armsha (param_scen.c,
 * noinit_rekeys). */
extern unsigned long scen_count, scen_skipped_crash, scen_skipped_slow, scen_ref_cut;

#endif
