/* What the provider test programs share: the default and armsha providers side by side in
 * one library context, the seven digests fetched from each, message material and the
 * comparisons against the default provider. */
#ifndef ARMSHA_TEST_PROVIDER_COMMON_H
#define ARMSHA_TEST_PROVIDER_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "helper.h"

#define NALGS 7
#define MAXMD 64
#define MAXLEN (70 * 1024)

/* A failure that is not the outcome of a CHECK (an API call the test needs failed). */
#ifndef FAIL
#define FAIL(...) armsha_test_fail(__FILE__, __LINE__, __VA_ARGS__)
/* What a library context configured with conf/armsha.cnf must give (l NULL: the default
 * one): the seven digests by name and alias from armsha and correct, the rest from default. */
void armsha_pt_check_configured(OSSL_LIB_CTX *l, const char *how);

#endif

/* One of the seven digests, from include/armsha/digests.h in its order. */
typedef struct armsha_pt_alg {
    char name[32];     /* OpenSSL's primary name, "SHA2-256": what EVP_MD_get0_name gives */
    const char *names; /* every name and OID, as the default provider registers them */
    size_t size;       /* digest bytes */
    size_t block;      /* block bytes */
} armsha_pt_alg;

typedef struct armsha_pt_state {
    armsha_pt_alg algs[NALGS];
    OSSL_LIB_CTX *lib; /* default and armsha, side by side */
    OSSL_PROVIDER *prov_a, *prov_d;
    EVP_MD *md_a[NALGS], *md_d[NALGS];
    const char *name;           /* the program's, for its summary line */
    const char *conf;           /* argv[1]: conf/armsha.cnf */
    const char *expect_kernels; /* ARMSHA_EXPECT_KERNELS, or NULL */
    uint64_t seed;              /* ARMSHA_TEST_SEED */
    unsigned scale;             /* ARMSHA_TEST_SCALE: multiplies the random iterations */
    uint64_t rng;
    /* Message material; +64 so that a misaligned start still has MAXLEN bytes behind it. */
    unsigned char data[MAXLEN + 64];
} armsha_pt_state;

extern armsha_pt_state armsha_pt;

/* Reads the arguments (CONF_PATH) and the environment (ARMSHA_TEST_SEED, ARMSHA_TEST_SCALE,
 * ARMSHA_EXPECT_KERNELS), prints them, fills the message material; exits 2 on bad usage.
 * Touches no library context. */
void armsha_pt_init(int argc, char **argv, const char *name);
/* Loads default and armsha into armsha_pt.lib and fetches the seven digests from each;
 * 0 (with a failure reported) if that is not possible. */
int armsha_pt_setup(void);
/* Prints the summary and frees what setup made; returns the exit status. */
int armsha_pt_finish(void);

/* Below n, from the seeded sequence (0 for n == 0). */
size_t armsha_pt_rnd_below(size_t n);

/* A check: got equals the default provider's exp; prints both in hex if not. */
int armsha_pt_same(const char *what, const unsigned char *got, size_t gotlen, const unsigned char *exp,
                   size_t explen);
/* Expected digest: the default provider, one shot (zeros and a failure if it fails). */
void armsha_pt_ref_digest(int ai, const unsigned char *msg, size_t len, unsigned char *out);
/* Feeds msg into an initialised ctx in random pieces, empty updates among them. */
int armsha_pt_update_split(EVP_MD_CTX *ctx, const unsigned char *msg, size_t len, size_t block);
/* armsha against default on msg; mode 0: one update; 1: random split; 2: byte at a time. */
void armsha_pt_check_digest(int ai, const unsigned char *msg, size_t len, int mode, const char *what);

/* HMAC of msg with the digest fetched with props, in library context l. */
int armsha_pt_mac_once(OSSL_LIB_CTX *l, int ai, const char *props, const unsigned char *key, size_t keylen,
                       const unsigned char *msg, size_t len, unsigned char *out, size_t *outl);
/* PBKDF2 with a fixed password and salt from the message material. */
int armsha_pt_pbkdf2_once(OSSL_LIB_CTX *l, int ai, const char *props, unsigned iter, unsigned char *out,
                          size_t outlen);

/* What a library context configured with conf/armsha.cnf must give (l NULL: the default
 * one): the seven digests by name and alias from armsha and correct, the rest from default. */
void armsha_pt_check_configured(OSSL_LIB_CTX *l, const char *how);

#endif
