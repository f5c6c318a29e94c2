/* Native wall time of PBKDF2 with two output blocks against one, the same iterations, for
 * issue 22's target: on this machine's portable kernels (or whatever armsha chose), the
 * derivation of keylen = 2 x hLen over that of keylen = hLen, median of REPS runs each,
 * taken in turns in one process, for armsha and the default provider side by side.
 * Usage: armsha-bench-pbkdf2-lanes [ITER [REPS]]. Prints a markdown table. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "thread_time.h"

#define MAX_REPS 101

/* Seconds of one derivation of outlen bytes, checking that prov served it. */
static double derive(OSSL_LIB_CTX *lib, const char *prov, const char *md, uint64_t iter,
                     size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(lib, "PBKDF2", prov);
    EVP_KDF_CTX *c = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    unsigned char out[128];
    OSSL_PARAM par[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "password", 8),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, "saltSALTsaltSALT", 16),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
        OSSL_PARAM_construct_end()};
    double t0, t1;

    if (c == NULL || strcmp(OSSL_PROVIDER_get0_name(EVP_KDF_get0_provider(kdf)), prov + 9) != 0) {
        fprintf(stderr, "pbkdf2-lanes: PBKDF2 from %s unavailable\n", prov);
        exit(1);
    }
    t0 = bench_now();
    if (!EVP_KDF_derive(c, out, outlen, par)) {
        fprintf(stderr, "pbkdf2-lanes: derive failed\n");
        exit(1);
    }
    t1 = bench_now();
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return t1 - t0;
}

int main(int argc, char **argv)
{
    const uint64_t iter = argc > 1 ? strtoull(argv[1], NULL, 0) : 20000;
    const int reps = argc > 2 ? atoi(argv[2]) : 11;
    static const char *const mds[3] = {"SHA1", "SHA256", "SHA512"};
    static const size_t hlen[3] = {20, 32, 64};
    static const char *const provs[2] = {"provider=armsha", "provider=default"};
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PARAM req[2];
    char *lanes = NULL;

    if (reps < 1 || reps > MAX_REPS || lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL) {
        fprintf(stderr, "usage: %s [ITER [REPS 1..%d]]\n", argv[0], MAX_REPS);
        return 2;
    }
#ifdef ARMSHA_BENCH_MODULES_DIR
    if (getenv("OPENSSL_MODULES") == NULL)
        OSSL_PROVIDER_set_default_search_path(lib, ARMSHA_BENCH_MODULES_DIR);
#endif
    OSSL_PROVIDER *a = OSSL_PROVIDER_load(lib, "armsha");
    req[0] = OSSL_PARAM_construct_utf8_ptr("armsha-lanes", &lanes, 0);
    req[1] = OSSL_PARAM_construct_end();
    if (a == NULL || !OSSL_PROVIDER_get_params(a, req)) {
        fprintf(stderr, "pbkdf2-lanes: armsha does not load\n");
        return 1;
    }
    printf("- %llu iterations, median of %d runs each (thread CPU time), one and two blocks "
           "in turns; armsha-lanes: %s\n\n",
           (unsigned long long)iter, reps, lanes);
    printf("| PBKDF2-HMAC | provider | 1 block (ms) | 2 blocks (ms) | 2 blocks / 1 block |\n");
    printf("|---|---|---|---|---|\n");
    for (int m = 0; m < 3; m++)
        for (int p = 0; p < 2; p++) {
            double one[MAX_REPS], two[MAX_REPS];

            for (int r = 0; r < reps; r++) {
                one[r] = derive(lib, provs[p], mds[m], iter, hlen[m]);
                two[r] = derive(lib, provs[p], mds[m], iter, 2 * hlen[m]);
            }
            double m1 = bench_median(one, reps), m2 = bench_median(two, reps);

            printf("| %s | %s | %.2f | %.2f | %.2f |\n", mds[m], provs[p] + 9, m1 * 1e3, m2 * 1e3,
                   m2 / m1);
        }
    OSSL_PROVIDER_unload(a);
    OSSL_LIB_CTX_free(lib);
    return 0;
}
