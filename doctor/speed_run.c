/* armsha-doctor speed's measurements: armsha and the default provider loaded side by side in
 * one fresh library context, each row timed run by run, the two sides taking turns (and
 * swapping who goes first) so that frequency changes and noisy neighbours hit both alike. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/bio.h>
#include <openssl/conf.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "speed.h"

#define STREAM_CHUNK 16384u
#define MAX_MSG 16384u
/* Each batch aims at this share of a row's time, so that a row gets about this many runs. */
#define RUNS_AIMED 11

static unsigned char msg[MAX_MSG];
static const unsigned char hmac_key[32] = "armsha-doctor speed HMAC key 32";

static double seconds(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The budget is wall time. */
static double now(void)
{
    return seconds(CLOCK_MONOTONIC);
}

/* The runs are timed in this thread's CPU time where there is one: time spent waiting while
 * other processes run (a shared machine, a noisy neighbour) is not the code's. */
static double cpu_now(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    return seconds(CLOCK_THREAD_CPUTIME_ID);
#else
    return now();
#endif
}

/* One side of one row, ready to run n units. */
typedef struct side {
    OSSL_LIB_CTX *libctx;
    const char *props;      /* "provider=armsha" or "provider=default" */
    const char *md_props;   /* what the default's HMAC and PBKDF2 fetch their digest with */
    EVP_MD *md;
    EVP_MD_CTX *mdctx;
    EVP_KDF_CTX *kdf;
} side;

static void side_free(side *s)
{
    EVP_MD_free(s->md);
    EVP_MD_CTX_free(s->mdctx);
    EVP_KDF_CTX_free(s->kdf);
    s->md = NULL;
    s->mdctx = NULL;
    s->kdf = NULL;
}

/* The oldest queued error as one line, or what. */
static void take_error(char *dst, size_t size, const char *what)
{
    unsigned long e = ERR_peek_error();
    const char *reason = e != 0 ? ERR_reason_error_string(e) : NULL;

    snprintf(dst, size, "%s%s%s", what, reason != NULL ? ": " : "", reason != NULL ? reason : "");
    ERR_clear_error();
}

static int prepare(side *s, const speed_row *row, char *err, size_t errsize)
{
    const char *prov_name = strchr(s->props, '=') + 1;

    if (row->op == SPEED_OP_DIGEST) {
        s->md = EVP_MD_fetch(s->libctx, row->algorithm, s->props);
        if (s->md == NULL) {
            snprintf(err, errsize, "%s does not serve %s", prov_name, row->algorithm);
            ERR_clear_error();
            return 0;
        }
        if (strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(s->md)), prov_name) != 0) {
            snprintf(err, errsize, "%s came from %s", row->algorithm,
                     OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(s->md)));
            return 0;
        }
        s->mdctx = EVP_MD_CTX_new();
        return s->mdctx != NULL;
    }
    if (row->op == SPEED_OP_PBKDF2) {
        EVP_KDF *kdf = EVP_KDF_fetch(s->libctx, "PBKDF2", s->props);

        if (kdf == NULL) {
            take_error(err, errsize, "PBKDF2 not served");
            return 0;
        }
        s->kdf = EVP_KDF_CTX_new(kdf);
        EVP_KDF_free(kdf);
        return s->kdf != NULL;
    }
    return 1; /* HMAC: EVP_Q_mac fetches per call, as HMAC() does */
}

/* Runs n units of row on s; 0 with err set when a call fails. */
static int run_units(side *s, const speed_row *row, unsigned long n, char *err, size_t errsize)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned long i;

    if (row->op == SPEED_OP_DIGEST && !row->stream) {
        for (i = 0; i < n; i++)
            if (!EVP_Digest(msg, row->bytes, out, NULL, s->md, NULL)) {
                take_error(err, errsize, "EVP_Digest failed");
                return 0;
            }
        return 1;
    }
    if (row->op == SPEED_OP_DIGEST) {
        for (i = 0; i < n; i++) {
            size_t done;

            if (!EVP_DigestInit_ex2(s->mdctx, s->md, NULL))
                goto fail;
            for (done = 0; done < row->bytes; done += STREAM_CHUNK)
                if (!EVP_DigestUpdate(s->mdctx, msg, STREAM_CHUNK))
                    goto fail;
            if (!EVP_DigestFinal_ex(s->mdctx, out, NULL))
                goto fail;
        }
        return 1;
    fail:
        take_error(err, errsize, "streaming failed");
        return 0;
    }
    if (row->op == SPEED_OP_HMAC) {
        OSSL_PARAM params[2] = {OSSL_PARAM_END, OSSL_PARAM_END};
        size_t outlen;

        /* The default's HMAC fetches its digest by name: from the default provider too. */
        if (s->md_props != NULL)
            params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES,
                                                         (char *)s->md_props, 0);
        for (i = 0; i < n; i++)
            if (EVP_Q_mac(s->libctx, "HMAC", s->props, "SHA256", params, hmac_key,
                          sizeof(hmac_key), msg, row->bytes, out, sizeof(out), &outlen) == NULL) {
                take_error(err, errsize, "HMAC failed");
                return 0;
            }
        return 1;
    }
    {
        /* PBKDF2: one derivation of n iterations, one output block. */
        unsigned iter = n > 0xffffffffu ? 0xffffffffu : (unsigned)n;
        OSSL_PARAM p[6];
        int k = 0;

        p[k++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)row->algorithm, 0);
        if (s->md_props != NULL)
            p[k++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES,
                                                      (char *)s->md_props, 0);
        p[k++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, msg, 16);
        p[k++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, msg + 16, 16);
        p[k++] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iter);
        p[k] = OSSL_PARAM_construct_end();
        if (EVP_KDF_derive(s->kdf, out, row->family == SPEED_FAM_SHA1 ? 20
                                        : row->family == SPEED_FAM_SHA256 ? 32 : 64, p) <= 0) {
            take_error(err, errsize, "PBKDF2 failed");
            return 0;
        }
        return 1;
    }
}

/* Seconds for n units, or a negative number when they failed. */
static double timed(side *s, const speed_row *row, unsigned long n, char *err, size_t errsize)
{
    double t0 = cpu_now();

    if (!run_units(s, row, n, err, errsize))
        return -1;
    return cpu_now() - t0;
}

/* The number of units that takes about target seconds: doubling from one until a batch
 * takes a quarter of it, then scaled. */
static unsigned long calibrate(side *s, const speed_row *row, double target, char *err,
                               size_t errsize)
{
    unsigned long n = 1;
    double t;

    for (;;) {
        t = timed(s, row, n, err, errsize);
        if (t < 0)
            return 0;
        if (t >= target / 4 || n >= (1ul << 30))
            break;
        n *= 2;
    }
    if (t > 0 && t < target)
        n = (unsigned long)(n * (target / t));
    return n > 0 ? n : 1;
}

/* budget: the row's wall time; share: the part of wall time this thread gets the CPU (a
 * loaded machine gives less), so that batches timed in CPU time fit the wall budget. */
static void time_row(speed_row *row, side sides[2], double budget, double share)
{
    double start = now(), per_batch = budget * share / (2.0 * RUNS_AIMED);
    unsigned long n[2] = {0, 0};
    int k, r;

    row->nruns = 0;
    for (k = 0; k < 2; k++) {
        if (sides[k].libctx == NULL) { /* not loaded: the error is set already */
            row->ran[k] = 0;
            continue;
        }
        row->ran[k] = prepare(&sides[k], row, row->error[k], sizeof(row->error[k]));
        if (row->ran[k]) {
            n[k] = calibrate(&sides[k], row, per_batch, row->error[k], sizeof(row->error[k]));
            row->ran[k] = n[k] > 0;
        }
    }
    /* Until the row's budget is spent, with at least SPEED_MIN_RUNS runs of each side. */
    for (r = 0; r < SPEED_MAX_RUNS; r++) {
        for (k = 0; k < 2; k++) {
            int who = (r & 1) ? 1 - k : k;
            double t;

            if (!row->ran[who])
                continue;
            t = timed(&sides[who], row, n[who], row->error[who], sizeof(row->error[who]));
            if (t < 0)
                row->ran[who] = 0;
            else
                row->t[who][r] = t / (double)n[who];
        }
        row->nruns = r + 1;
        if (!row->ran[0] && !row->ran[1])
            break;
        if (r + 1 >= SPEED_MIN_RUNS && now() - start >= budget)
            break;
    }
    side_free(&sides[0]);
    side_free(&sides[1]);
}

/* armsha registered from a config text that names its module (the user's module key when
 * the configuration has one) and nothing else: its own defaults, whatever the configuration
 * hands over. Not activated there, so that OSSL_PROVIDER_load reports why it fails. */
static OSSL_PROVIDER *load_armsha(speed_report *r, OSSL_LIB_CTX *libctx)
{
    char text[DOCTOR_PATH + 256];
    CONF *conf = NCONF_new_ex(libctx, NULL);
    BIO *bio;
    OSSL_PROVIDER *prov = NULL;
    long errline = -1;

    armsha_doctor_copy(r->name, sizeof(r->name), r->conf.configured ? r->conf.name : "armsha");
    snprintf(text, sizeof(text), "openssl_conf = speed_init\n[speed_init]\nproviders = speed_p\n"
             "[speed_p]\n%s = speed_armsha\n[speed_armsha]\n", r->name);
    if (r->conf.has_module) {
        armsha_doctor_append(text, sizeof(text), "module = ");
        armsha_doctor_append_escaped(text, sizeof(text), r->prov.module_path);
        armsha_doctor_append(text, sizeof(text), "\n");
    }
    bio = BIO_new_mem_buf(text, -1);
    ERR_clear_error();
    if (conf != NULL && bio != NULL && NCONF_load_bio(conf, bio, &errline) > 0
        && CONF_modules_load(conf, NULL, 0) > 0)
        prov = OSSL_PROVIDER_load(libctx, r->name);
    if (prov == NULL) {
        armsha_doctor_take_errors(&r->prov);
        if (r->prov.load_error_first[0] == '\0')
            armsha_doctor_copy(r->prov.load_error_first, sizeof(r->prov.load_error_first),
                               "OSSL_PROVIDER_load failed without an error");
    }
    ERR_clear_error();
    BIO_free(bio);
    NCONF_free(conf);
    return prov;
}

void armsha_speed_run(speed_report *r, int progress)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *def = NULL, *armsha = NULL;
    char armsha_props[160];
    double start = now(), cpu_start = cpu_now(), row_budget;
    side sides[2];
    int i;

    for (i = 0; i < (int)sizeof(msg); i++)
        msg[i] = (unsigned char)(i * 131 + 7);
    armsha_speed_rows(r->rows);
    armsha_doctor_module_path(&r->prov, &r->conf);
    if (libctx != NULL) {
        def = OSSL_PROVIDER_load(libctx, "default");
        armsha = load_armsha(r, libctx);
    }
    r->loaded = armsha != NULL;
    if (armsha != NULL) {
        armsha_doctor_prov_string(armsha, OSSL_PROV_PARAM_VERSION, r->prov.version,
                                  sizeof(r->prov.version));
        r->prov.has_kernels = armsha_doctor_prov_string(armsha, "armsha-kernels", r->prov.kernels,
                                                        sizeof(r->prov.kernels));
        r->prov.has_offered = armsha_doctor_prov_string(armsha, "armsha-offered", r->prov.offered,
                                                        sizeof(r->prov.offered));
    }
    snprintf(armsha_props, sizeof(armsha_props), "provider=%s", r->name);
    /* What any fetch without properties gets here (the default's HMAC and PBKDF2 fetching
     * their digest): the default provider's. */
    if (libctx != NULL)
        EVP_set_default_properties(libctx, "?provider=default");
    for (i = 0; i < SPEED_NROWS; i++) {
        speed_row *row = &r->rows[i];
        double wall = now() - start, share = wall > 0.01 ? (cpu_now() - cpu_start) / wall : 1;

        /* What is left, shared among the rows left: a row that ran over is made up for. */
        row_budget = (r->budget - wall) / (SPEED_NROWS - i);
        if (row_budget < r->budget / SPEED_NROWS / 4)
            row_budget = r->budget / SPEED_NROWS / 4;
        share = share < 0.05 ? 0.05 : share > 1 ? 1 : share;
        if (progress)
            fprintf(stderr, "\rarmsha-doctor speed: %2d/%d %-22s", i + 1, SPEED_NROWS, row->name);
        memset(sides, 0, sizeof(sides));
        sides[SPEED_ARMSHA].libctx = sides[SPEED_DEFAULT].libctx = libctx;
        sides[SPEED_ARMSHA].props = armsha_props;
        sides[SPEED_DEFAULT].props = "provider=default";
        sides[SPEED_DEFAULT].md_props = "provider=default";
        if (def == NULL) {
            armsha_doctor_copy(row->error[SPEED_DEFAULT], sizeof(row->error[0]),
                               "the default provider cannot be loaded");
            sides[SPEED_DEFAULT].libctx = NULL;
        }
        if (armsha == NULL) {
            armsha_doctor_copy(row->error[SPEED_ARMSHA], sizeof(row->error[0]),
                               "armsha cannot be loaded");
            sides[SPEED_ARMSHA].libctx = NULL;
        }
        if (libctx != NULL)
            time_row(row, sides, row_budget, share);
        armsha_speed_judge(row, !r->host.emulated || r->judge_anyway);
    }
    if (progress)
        fprintf(stderr, "\r%60s\r", "");
    armsha_speed_hand_over(r->rows, SPEED_NROWS, r->hand);
    armsha_speed_hand_over_words(r->words, sizeof(r->words), r->hand);
    r->elapsed = now() - start;
    OSSL_PROVIDER_unload(armsha);
    OSSL_PROVIDER_unload(def);
    OSSL_LIB_CTX_free(libctx);
}
