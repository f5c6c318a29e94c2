/* armsha against OpenSSL's default provider: throughput tables natively, or one counted configuration per process for qemu. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "thread_time.h"

#define MAX_SIZE 16384
#define KERNELS_PARAM "armsha-kernels"

/* The one input every measurement hashes: aligned like a page-allocated buffer
 * of `openssl speed`, and the same in every process so that runs compare. */
static _Alignas(64) unsigned char input[MAX_SIZE];

static const char *const default_algs[] = {"SHA1", "SHA2-256", "SHA2-512"};
static const size_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

enum { ONESHOT, STREAM };
static const char *const mode_names[] = {"oneshot", "stream"};

/* The two providers under comparison, in this order in every table. */
enum { P_DEFAULT, P_ARMSHA, NPROV };
static const char *const prov_names[NPROV] = {"default", "armsha"};
static OSSL_PROVIDER *provs[NPROV];

static int fail(const char *what)
{
    fprintf(stderr, "armsha-bench: %s\n", what);
    ERR_print_errors_fp(stderr);
    return 0;
}

static void fill_input(void)
{
    /* A fixed pattern: counts must not depend on the data, but digests are compared. */
    uint32_t x = 0x12345678;

    for (size_t i = 0; i < sizeof(input); i++) {
        x = x * 1664525u + 1013904223u;
        input[i] = (unsigned char)(x >> 24);
    }
}

/* Loads both providers; without OPENSSL_MODULES, armsha comes from the build folder. */
static int load_providers(void)
{
#ifdef ARMSHA_BENCH_MODULES_DIR
    if (getenv("OPENSSL_MODULES") == NULL
        && !OSSL_PROVIDER_set_default_search_path(NULL, ARMSHA_BENCH_MODULES_DIR))
        return fail("cannot set the provider search path");
#endif
    provs[P_ARMSHA] = OSSL_PROVIDER_load(NULL, "armsha");
    if (provs[P_ARMSHA] == NULL)
        return fail("cannot load the armsha provider (set OPENSSL_MODULES to the folder of armsha.so)");
    provs[P_DEFAULT] = OSSL_PROVIDER_load(NULL, "default");
    if (provs[P_DEFAULT] == NULL)
        return fail("cannot load the default provider");
    return 1;
}

/* Fetches alg from provider p and makes sure that p, not another provider, serves it. */
static EVP_MD *fetch(int p, const char *alg)
{
    char props[64];
    EVP_MD *md;
    const OSSL_PROVIDER *got;

    snprintf(props, sizeof(props), "provider=%s", prov_names[p]);
    md = EVP_MD_fetch(NULL, alg, props);
    if (md == NULL) {
        fprintf(stderr, "armsha-bench: cannot fetch %s with \"%s\"\n", alg, props);
        ERR_print_errors_fp(stderr);
        return NULL;
    }
    got = EVP_MD_get0_provider(md);
    if (got == NULL || strcmp(OSSL_PROVIDER_get0_name(got), prov_names[p]) != 0) {
        fprintf(stderr, "armsha-bench: %s with \"%s\" came from provider %s\n", alg, props,
                got != NULL ? OSSL_PROVIDER_get0_name(got) : "(none)");
        EVP_MD_free(md);
        return NULL;
    }
    return md;
}

/* The armsha-kernels provider param, whichever UTF-8 type the provider declares. */
static void get_kernels(char *out, size_t outsz)
{
    const OSSL_PARAM *g = OSSL_PROVIDER_gettable_params(provs[P_ARMSHA]);
    const OSSL_PARAM *decl = g != NULL ? OSSL_PARAM_locate_const(g, KERNELS_PARAM) : NULL;
    OSSL_PARAM req[2];

    snprintf(out, outsz, "(not gettable)");
    if (decl == NULL)
        return;
    req[1] = OSSL_PARAM_construct_end();
    if (decl->data_type == OSSL_PARAM_UTF8_PTR) {
        char *s = NULL;

        req[0] = OSSL_PARAM_construct_utf8_ptr(KERNELS_PARAM, &s, 0);
        if (OSSL_PROVIDER_get_params(provs[P_ARMSHA], req) && s != NULL)
            snprintf(out, outsz, "%s", s);
        else
            snprintf(out, outsz, "(get_params failed)");
    } else {
        char buf[256] = "";

        req[0] = OSSL_PARAM_construct_utf8_string(KERNELS_PARAM, buf, sizeof(buf));
        if (OSSL_PROVIDER_get_params(provs[P_ARMSHA], req))
            snprintf(out, outsz, "%s", buf);
        else
            snprintf(out, outsz, "(get_params failed)");
    }
    ERR_clear_error();
}

static int digest_oneshot(const EVP_MD *md, size_t size, unsigned char *out, unsigned *outlen)
{
    return EVP_Digest(input, size, out, outlen, md, NULL);
}

static int digest_stream_once(const EVP_MD *md, size_t size, unsigned char *out, unsigned *outlen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx != NULL && EVP_DigestInit_ex(ctx, md, NULL) && EVP_DigestUpdate(ctx, input, size)
             && EVP_DigestFinal_ex(ctx, out, outlen);

    EVP_MD_CTX_free(ctx);
    return ok;
}

/* One call of the measured operation on each provider, compared: a warm-up that
 * also proves both providers agree on this input. */
static int warm_up_and_check(EVP_MD *const md[NPROV], int mode, size_t size)
{
    unsigned char out[NPROV][EVP_MAX_MD_SIZE];
    unsigned len[NPROV];

    for (int p = 0; p < NPROV; p++) {
        int ok = mode == ONESHOT ? digest_oneshot(md[p], size, out[p], &len[p])
                                 : digest_stream_once(md[p], size, out[p], &len[p]);
        if (!ok)
            return fail("digest failed in the warm-up");
    }
    if (len[0] != len[1] || memcmp(out[0], out[1], len[0]) != 0)
        return fail("armsha and default disagree on the digest");
    return 1;
}

/* ARMSHA_BENCH_MAPS=file: the guest's address map, so that a per-block profile
 * from qemu can be put back on symbols (bench/breakdown.py). */
static void dump_maps(void)
{
    const char *path = getenv("ARMSHA_BENCH_MAPS");
    FILE *in, *out;
    char line[512];

    if (path == NULL || (in = fopen("/proc/self/maps", "r")) == NULL)
        return;
    if ((out = fopen(path, "w")) != NULL) {
        while (fgets(line, sizeof(line), in) != NULL)
            fputs(line, out);
        fclose(out);
    }
    fclose(in);
}

static int parse_size(const char *s, unsigned long *v)
{
    char *end;

    errno = 0;
    *v = strtoul(s, &end, 10);
    return errno == 0 && end != s && *end == '\0';
}

static int parse_mode(const char *s)
{
    for (int m = 0; m < 2; m++)
        if (strcmp(s, mode_names[m]) == 0)
            return m;
    return -1;
}

/* count PROVIDER ALG SIZE MODE N: everything loaded and warmed up, then exactly N
 * calls. Two runs that differ only in N differ only by those calls, so
 * (insns(N=k) - insns(N=0)) / k is the cost of one call. Nothing printed on success. */
static int cmd_count(char **argv)
{
    EVP_MD *md[NPROV] = {NULL, NULL};
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned outlen;
    unsigned long size, n;
    int p, mode, ok = 0;
    EVP_MD_CTX *ctx = NULL;

    for (p = 0; p < NPROV && strcmp(argv[0], prov_names[p]) != 0; p++)
        ;
    mode = parse_mode(argv[3]);
    if (p == NPROV || mode < 0 || !parse_size(argv[2], &size) || size > MAX_SIZE
        || !parse_size(argv[4], &n)) {
        fprintf(stderr, "usage: armsha-bench count armsha|default ALG SIZE oneshot|stream N\n");
        return 2;
    }
    if (!load_providers() || (md[P_DEFAULT] = fetch(P_DEFAULT, argv[1])) == NULL
        || (md[P_ARMSHA] = fetch(P_ARMSHA, argv[1])) == NULL
        || !warm_up_and_check(md, mode, size))
        goto done;

    if (mode == ONESHOT) {
        for (unsigned long i = 0; i < n; i++)
            if (!EVP_Digest(input, size, out, &outlen, md[p], NULL))
                goto done;
    } else {
        /* Init and final run in both runs; only the N updates differ. The script
         * picks N so that the bytes left in the buffer at final are the same. */
        if ((ctx = EVP_MD_CTX_new()) == NULL || !EVP_DigestInit_ex(ctx, md[p], NULL))
            goto done;
        for (unsigned long i = 0; i < n; i++)
            if (!EVP_DigestUpdate(ctx, input, size))
                goto done;
        if (!EVP_DigestFinal_ex(ctx, out, &outlen))
            goto done;
    }
    dump_maps();
    ok = 1;
done:
    if (!ok)
        fail("count run failed");
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md[0]);
    EVP_MD_free(md[1]);
    return ok ? 0 : 1;
}

/* MiB/s of one operation over about `seconds` of CPU time; 0 on error. */
static double throughput(const EVP_MD *md, int mode, size_t size, double seconds)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned outlen;
    unsigned long calls = 0, chunk = 1;
    EVP_MD_CTX *ctx = NULL;
    double t0, t;
    int ok = 1;

    if (mode == STREAM
        && ((ctx = EVP_MD_CTX_new()) == NULL || !EVP_DigestInit_ex(ctx, md, NULL))) {
        EVP_MD_CTX_free(ctx);
        return 0;
    }
    t0 = bench_now();
    do {
        for (unsigned long i = 0; i < chunk && ok; i++)
            ok = mode == ONESHOT ? EVP_Digest(input, size, out, &outlen, md, NULL)
                                 : EVP_DigestUpdate(ctx, input, size);
        calls += chunk;
        t = bench_now() - t0;
        /* Grow the chunk until a chunk takes about a millisecond: the clock is then read rarely. */
        if (t < 1e-3)
            chunk *= 2;
    } while (ok && t < seconds);
    if (mode == STREAM)
        ok = ok && EVP_DigestFinal_ex(ctx, out, &outlen);
    EVP_MD_CTX_free(ctx);
    return ok ? (double)calls * (double)size / t / (1024.0 * 1024.0) : 0;
}

static void print_context(void)
{
    char kernels[256], line[256], model[256] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    time_t t = time(NULL);
    const char *dis = getenv("ARMSHA_DISABLE"), *cap = getenv("OPENSSL_armcap");

    if (f != NULL) {
        while (fgets(line, sizeof(line), f) != NULL)
            if (strncmp(line, "model name", 10) == 0 && strchr(line, ':') != NULL) {
                snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
                model[strcspn(model, "\n")] = '\0';
                break;
            }
        fclose(f);
    }
    strftime(line, sizeof(line), "%Y-%m-%d %H:%M:%S %Z", localtime(&t));
    get_kernels(kernels, sizeof(kernels));
    printf("- date: %s\n- CPU: %s\n- %s\n", line, model, OpenSSL_version(OPENSSL_VERSION));
    printf("- armsha-kernels: `%s`\n", kernels);
    printf("- ARMSHA_DISABLE=%s, OPENSSL_armcap=%s\n", dis != NULL ? dis : "(unset)",
           cap != NULL ? cap : "(unset)");
}

/* info: the armsha-kernels param, then the OpenSSL version, for scripts that label their tables. */
static int cmd_info(void)
{
    char kernels[256];

    if (!load_providers())
        return 1;
    get_kernels(kernels, sizeof(kernels));
    printf("%s\n%s\n", kernels, OpenSSL_version(OPENSSL_VERSION));
    return 0;
}

static size_t split(char *s, char **items, size_t max)
{
    size_t n = 0;

    for (char *tok = strtok(s, ","); tok != NULL && n < max; tok = strtok(NULL, ","))
        items[n++] = tok;
    return n;
}

/* speed [-a ALG,..] [-s SIZE,..] [-t SECONDS] [-r REPEATS]: MiB/s of both providers,
 * best of REPEATS alternating runs, and armsha/default. */
static int cmd_speed(int argc, char **argv)
{
    const char *algs[16];
    size_t sizes[16], nalgs = 3, nsizes = 6;
    double seconds = 0.2;
    unsigned long repeats = 3;

    memcpy(algs, default_algs, sizeof(default_algs));
    memcpy(sizes, default_sizes, sizeof(default_sizes));
    for (int i = 0; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-a") == 0) {
            char *items[16];

            nalgs = split(argv[++i], items, 16);
            for (size_t j = 0; j < nalgs; j++)
                algs[j] = items[j];
        } else if (i + 1 < argc && strcmp(argv[i], "-s") == 0) {
            char *items[16];
            unsigned long v;

            nsizes = split(argv[++i], items, 16);
            for (size_t j = 0; j < nsizes; j++)
                if (!parse_size(items[j], &v) || v == 0 || v > MAX_SIZE) {
                    fprintf(stderr, "armsha-bench: sizes are 1..%d\n", MAX_SIZE);
                    return 2;
                }
                else
                    sizes[j] = v;
        } else if (i + 1 < argc && strcmp(argv[i], "-t") == 0) {
            seconds = strtod(argv[++i], NULL);
        } else if (i + 1 < argc && strcmp(argv[i], "-r") == 0) {
            if (!parse_size(argv[++i], &repeats) || repeats == 0)
                repeats = 1;
        } else {
            fprintf(stderr, "usage: armsha-bench [speed] [-a ALG,..] [-s SIZE,..] [-t SECONDS] [-r REPEATS]\n");
            return 2;
        }
    }
    if (!load_providers())
        return 1;
    print_context();
    printf("- %g s per figure, best of %lu; ratio = armsha / default (above 1: armsha faster)\n",
           seconds, repeats);

    for (size_t a = 0; a < nalgs; a++) {
        EVP_MD *md[NPROV] = {fetch(P_DEFAULT, algs[a]), fetch(P_ARMSHA, algs[a])};

        if (md[0] == NULL || md[1] == NULL) {
            EVP_MD_free(md[0]);
            EVP_MD_free(md[1]);
            return 1;
        }
        printf("\n### %s (MiB/s)\n\n", algs[a]);
        printf("| size | one-shot default | one-shot armsha | ratio | stream default | stream armsha | ratio |\n");
        printf("|-----:|-----:|-----:|-----:|-----:|-----:|-----:|\n");
        for (size_t s = 0; s < nsizes; s++) {
            double best[2][NPROV] = {{0, 0}, {0, 0}};

            for (int mode = 0; mode < 2; mode++) {
                if (!warm_up_and_check(md, mode, sizes[s]))
                    return 1;
                for (unsigned long r = 0; r < repeats; r++)
                    for (int p = 0; p < NPROV; p++) {
                        double v = throughput(md[p], mode, sizes[s], seconds);

                        if (v == 0)
                            return fail("digest failed");
                        if (v > best[mode][p])
                            best[mode][p] = v;
                    }
            }
            printf("| %zu | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |\n", sizes[s], best[0][0],
                   best[0][1], best[0][1] / best[0][0], best[1][0], best[1][1], best[1][1] / best[1][0]);
            fflush(stdout);
        }
        EVP_MD_free(md[0]);
        EVP_MD_free(md[1]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    fill_input();
    if (argc >= 2 && strcmp(argv[1], "count") == 0) {
        if (argc != 7) {
            fprintf(stderr, "usage: armsha-bench count armsha|default ALG SIZE oneshot|stream N\n");
            return 2;
        }
        return cmd_count(argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "info") == 0)
        return cmd_info();
    if (argc >= 2 && strcmp(argv[1], "speed") == 0)
        return cmd_speed(argc - 2, argv + 2);
    return cmd_speed(argc - 1, argv + 1);
}
