/* armsha under threads: several threads load the provider into libctxs of their own at
 * the same moment (its kernel choice runs at each load) while others hash through one
 * shared libctx; every digest is compared with the default provider's. */
/* pthread barriers are POSIX.1-2001 (XSI-free since 2008); -std=c11 hides them otherwise. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "armsha/digests.h"
#include "helper.h"

#define NTHREADS 8
#define ROUNDS 40
#define MAXMSG 3000

#define NNAMES ARMSHA_NDIGESTS

static OSSL_LIB_CTX *shared;
static pthread_barrier_t start;

typedef struct job {
    int id;
    int own_libctx; /* load armsha into a libctx of its own, concurrently with the others */
    int failures;
    char why[200];
} job;

/* Hashes msg with name from provider prov in l; 1 on success. */
static int hash(OSSL_LIB_CTX *l, const char *name, const char *prov, const unsigned char *msg,
                size_t len, unsigned char *out, unsigned *outl)
{
    char props[32];
    EVP_MD *md;
    int ok;

    snprintf(props, sizeof(props), "provider=%s", prov);
    md = EVP_MD_fetch(l, name, props);
    if (md == NULL)
        return 0;
    ok = EVP_Digest(msg, len, out, outl, md, NULL)
         && strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)), prov) == 0;
    EVP_MD_free(md);
    return ok;
}

static void *run(void *arg)
{
    job *j = arg;
    OSSL_LIB_CTX *l = shared;
    OSSL_PROVIDER *pa = NULL, *pd = NULL;
    unsigned char msg[MAXMSG], a[EVP_MAX_MD_SIZE], d[EVP_MAX_MD_SIZE];
    unsigned al, dl;
    /* Each thread its own generator state: the shared helper keeps none. */
    uint64_t rng = armsha_rng_start((uint64_t)j->id, 2);

    armsha_fill_random(msg, sizeof(msg), (uint64_t)j->id);
    pthread_barrier_wait(&start);
    if (j->own_libctx) {
        l = OSSL_LIB_CTX_new();
        pa = l != NULL ? OSSL_PROVIDER_load(l, "armsha") : NULL;
        pd = l != NULL ? OSSL_PROVIDER_load(l, "default") : NULL;
        if (pa == NULL || pd == NULL) {
            snprintf(j->why, sizeof(j->why), "thread %d: loading the providers failed", j->id);
            j->failures++;
            goto out;
        }
    }
    for (int r = 0; r < ROUNDS; r++) {
        const char *name = armsha_digests[(size_t)(r + j->id) % NNAMES].name;
        size_t len = armsha_rng_below(&rng, MAXMSG);

        if (!hash(l, name, "armsha", msg, len, a, &al) || !hash(l, name, "default", msg, len, d, &dl)
            || al != dl || memcmp(a, d, al) != 0) {
            snprintf(j->why, sizeof(j->why), "thread %d: %s of %zu bytes differs from default or failed",
                     j->id, name, len);
            j->failures++;
        }
    }
out:
    OSSL_PROVIDER_unload(pa);
    OSSL_PROVIDER_unload(pd);
    if (l != shared)
        OSSL_LIB_CTX_free(l);
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    job jobs[NTHREADS];
    OSSL_PROVIDER *pa, *pd;
    int failures = 0;

    shared = OSSL_LIB_CTX_new();
    pa = OSSL_PROVIDER_load(shared, "armsha");
    pd = OSSL_PROVIDER_load(shared, "default");
    if (pa == NULL || pd == NULL) {
        fprintf(stderr, "FAIL: cannot load armsha and default (OPENSSL_MODULES=%s)\n",
                getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
        ERR_print_errors_fp(stderr);
        return 1;
    }
    pthread_barrier_init(&start, NULL, NTHREADS);
    for (int i = 0; i < NTHREADS; i++) {
        jobs[i] = (job){.id = i, .own_libctx = i % 2};
        if (pthread_create(&t[i], NULL, run, &jobs[i]) != 0) {
            fprintf(stderr, "FAIL: pthread_create\n");
            return 1;
        }
    }
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], NULL);
        if (jobs[i].failures) {
            printf("FAIL: %s (%d failures)\n", jobs[i].why, jobs[i].failures);
            failures += jobs[i].failures;
        }
    }
    pthread_barrier_destroy(&start);
    OSSL_PROVIDER_unload(pa);
    OSSL_PROVIDER_unload(pd);
    OSSL_LIB_CTX_free(shared);
    printf("test_threads: %d threads (%d loading armsha at once into libctxs of their own), "
           "%d digests each compared with default: %s\n",
           NTHREADS, NTHREADS / 2, ROUNDS, failures ? "FAIL" : "ok");
    return failures != 0;
}
