/* NIST SHAVS known-answer tests: all 21 ShortMsg, LongMsg and Monte files through the core with
 * every usable kernel ("core" mode) or through OpenSSL EVP and the armsha provider ("provider"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "armsha/cpu.h"
#include "shavs.h"
#include "variants.h"

#define MAX_REPORTS 5 /* mismatches printed per file and hasher; the rest are only counted */

/* The record counts of the NIST byte-oriented files: a truncated file must not pass quietly.
 * ShortMsg has Len = 0, 8, ..., 8 * block; LongMsg has 64 (128) long messages; Monte 100. */
static const char *const kinds[] = {"ShortMsg", "LongMsg", "Monte"};
#define NKINDS 3

static size_t expected_records(const armsha_variant *v, int kind)
{
    switch (kind) {
    case 0:
        return v->block_size + 1;
    case 1:
        return v->block_size;
    default:
        return 100;
    }
}

/* One way of computing a digest: a core context with a given kernel, or an EVP_MD. */
typedef struct hasher {
    const armsha_variant *v;
    const char *name;
    const armsha_kernel *k; /* NULL in provider mode */
    armsha_variant_ctx core;
    EVP_MD *md;
    EVP_MD_CTX *mctx;
} hasher;

static int h_init(hasher *h)
{
    if (h->k == NULL)
        return EVP_DigestInit_ex(h->mctx, h->md, NULL) == 1;
    armsha_variant_init(&h->core, h->v, h->k);
    return 1;
}

static int h_update(hasher *h, const uint8_t *p, size_t n)
{
    if (h->k == NULL)
        return EVP_DigestUpdate(h->mctx, p, n) == 1;
    return armsha_variant_update(&h->core, p, n) == 1;
}

static int h_final(hasher *h, uint8_t *out)
{
    if (h->k == NULL) {
        unsigned int outl = 0;

        return EVP_DigestFinal_ex(h->mctx, out, &outl) == 1 && outl == h->v->digest_size;
    }
    armsha_variant_final(&h->core, out);
    return 1;
}

/* EVP_Digest in provider mode (its own context each call); one update otherwise. */
static int h_oneshot(hasher *h, const uint8_t *p, size_t n, uint8_t *out)
{
    if (h->k == NULL) {
        unsigned int outl = 0;

        return EVP_Digest(p, n, out, &outl, h->md, NULL) == 1 && outl == h->v->digest_size;
    }
    return h_init(h) && h_update(h, p, n) && h_final(h, out);
}

enum { PAT_ONESHOT, PAT_UNALIGNED, PAT_BYTES_HEAD, PAT_ONE_THEN_REST, PAT_RANDOM1, PAT_RANDOM2, NPAT };
static const char *const pat_names[NPAT] = {
    "one-shot", "one update from an unaligned copy",
    "first 2 blocks + 3 bytes one byte at a time, then the rest",
    "1 byte then the rest", "random splits #1 (with empty updates)",
    "random splits #2 (with empty updates)",
};

/* Random chunks (test/helper.h's splits, empty ones among them). */
static int update_random(hasher *h, const uint8_t *m, size_t len, uint64_t seed)
{
    uint64_t s = armsha_rng_start(seed, 1);
    size_t off = 0;

    while (off < len) {
        size_t n = armsha_split_next(&s, len - off, h->v->block_size);

        if (!h_update(h, m + off, n))
            return 0;
        off += n;
    }
    return h_update(h, m + len, 0);
}

/* scratch holds at least len + 16 bytes. */
static int hash_pattern(hasher *h, int pat, const uint8_t *m, size_t len, uint8_t *scratch,
                        uint64_t seed, uint8_t *out)
{
    size_t head;

    if (pat == PAT_ONESHOT)
        return h_oneshot(h, m, len, out);
    if (!h_init(h))
        return 0;
    switch (pat) {
    case PAT_UNALIGNED: {
        uint8_t *u = scratch + 1 + seed % 15;

        memcpy(u, m, len);
        if (!h_update(h, u, len))
            return 0;
        break;
    }
    case PAT_BYTES_HEAD:
        head = 2 * h->v->block_size + 3;
        if (head > len)
            head = len;
        for (size_t i = 0; i < head; i++)
            if (!h_update(h, m + i, 1))
                return 0;
        if (!h_update(h, m + head, len - head))
            return 0;
        break;
    case PAT_ONE_THEN_REST:
        if (len > 0 && !h_update(h, m, 1))
            return 0;
        if (!h_update(h, m + (len > 0), len - (len > 0)))
            return 0;
        break;
    default:
        if (!update_random(h, m, len, seed * NPAT + (uint64_t)pat))
            return 0;
        break;
    }
    return h_final(h, out);
}

static void print_hex(const char *label, const uint8_t *p, size_t n)
{
    printf("      %s ", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    printf("\n");
}

typedef struct tally {
    unsigned long vectors, hashes, failures;
} tally;

static void report(tally *t, const char *fname, const hasher *h, const char *where,
                   const char *how, const uint8_t *got, const uint8_t *want)
{
    t->failures++;
    if (t->failures > MAX_REPORTS)
        return;
    printf("  FAIL: %s %s, %s %s, %s\n", fname, where, h->k != NULL ? "kernel" : "through",
           h->name, how);
    if (got == NULL) {
        printf("      the call itself failed\n");
        if (h->k == NULL)
            ERR_print_errors_fp(stdout);
        return;
    }
    print_hex("got     ", got, h->v->digest_size);
    print_hex("expected", want, h->v->digest_size);
}

static void run_messages(hasher *h, const char *fname, const armsha_shavs_file *f, tally *t)
{
    size_t maxlen = 0;
    uint8_t *scratch;
    static const uint8_t empty[1];

    for (size_t r = 0; r < f->nrec; r++)
        if (f->rec[r].len > maxlen)
            maxlen = f->rec[r].len;
    scratch = malloc(maxlen + 16);
    if (scratch == NULL) {
        printf("  FAIL: out of memory\n");
        t->failures++;
        return;
    }
    for (size_t r = 0; r < f->nrec; r++) {
        const armsha_shavs_record *rec = &f->rec[r];
        const uint8_t *m = rec->msg != NULL ? rec->msg : empty;
        char where[64];

        snprintf(where, sizeof(where), "line %u (Len = %zu)", rec->line, rec->len * 8);
        for (int pat = 0; pat < NPAT; pat++) {
            uint8_t out[ARMSHA_SHAVS_MAX_MD];

            memset(out, 0, sizeof(out));
            t->hashes++;
            if (!hash_pattern(h, pat, m, rec->len, scratch, r, out))
                report(t, fname, h, where, pat_names[pat], NULL, NULL);
            else if (memcmp(out, rec->md, f->L) != 0)
                report(t, fname, h, where, pat_names[pat], out, rec->md);
        }
        t->vectors++;
    }
    free(scratch);
}

/* SHAVS MCT: MD0 = MD1 = MD2 = Seed; MD_i = H(MD_{i-3} || MD_{i-2} || MD_{i-1}) for
 * i = 3..1002; the record is MD_1002, which is also the next Seed. The chaining value is
 * the digest as output (L bytes, truncated for SHA-224/384/512-t), so M_i is 3L bytes.
 * Even COUNTs hash M_i as three updates, odd ones as one buffer. */
static void run_monte(hasher *h, const char *fname, const armsha_shavs_file *f, tally *t)
{
    const size_t L = f->L;
    uint8_t md[3][ARMSHA_SHAVS_MAX_MD], seed[ARMSHA_SHAVS_MAX_MD], msg[3 * ARMSHA_SHAVS_MAX_MD];

    memcpy(seed, f->seed, L);
    for (size_t j = 0; j < f->nrec; j++) {
        const armsha_shavs_record *rec = &f->rec[j];
        char where[64];
        int ok = 1;

        snprintf(where, sizeof(where), "line %u (COUNT = %u)", rec->line, rec->count);
        for (int k = 0; k < 3; k++)
            memcpy(md[k], seed, L);
        for (size_t i = 3; i <= 1002 && ok; i++) {
            /* md[i % 3] holds MD_{i-3}, md[(i+1) % 3] MD_{i-2}, md[(i+2) % 3] MD_{i-1}. */
            const uint8_t *a = md[i % 3], *b = md[(i + 1) % 3], *c = md[(i + 2) % 3];
            uint8_t out[ARMSHA_SHAVS_MAX_MD];

            if (j % 2 == 0) {
                ok = h_init(h) && h_update(h, a, L) && h_update(h, b, L) && h_update(h, c, L)
                     && h_final(h, out);
            } else {
                memcpy(msg, a, L);
                memcpy(msg + L, b, L);
                memcpy(msg + 2 * L, c, L);
                ok = h_oneshot(h, msg, 3 * L, out);
            }
            memcpy(md[i % 3], out, L);
        }
        t->hashes += 1000;
        t->vectors++;
        if (!ok) {
            report(t, fname, h, where, "Monte Carlo chain", NULL, NULL);
            return;
        }
        memcpy(seed, md[1002 % 3], L);
        if (memcmp(seed, rec->md, L) != 0) {
            /* Every later record chains from this one: one report is enough. */
            report(t, fname, h, where, j % 2 == 0 ? "Monte Carlo, 3 updates per hash"
                                                  : "Monte Carlo, one buffer per hash",
                   seed, rec->md);
            return;
        }
    }
}

static void run_file(hasher *h, const char *fname, const armsha_shavs_file *f, tally *t)
{
    if (f->kind == ARMSHA_SHAVS_MONTE)
        run_monte(h, fname, f, t);
    else
        run_messages(h, fname, f, t);
}

static void file_path(char *buf, size_t n, const char *dir, const armsha_variant *v, int kind)
{
    snprintf(buf, n, "%s/%s%s.rsp", dir, v->nist_file, kinds[kind]);
}

/* 1 when any file is missing (the vectors are in the repository, test/vectors/shavs/: a
 * missing one is a broken tree or a wrong -Dshavs_dir, never a skip); 0 when all are there. */
static int check_files(const char *dir)
{
    char path[4096];
    int missing = 0, total = 0;

    for (size_t i = 0; i < ARMSHA_NDIGESTS; i++)
        for (int k = 0; k < NKINDS; k++) {
            FILE *fp;

            file_path(path, sizeof(path), dir, &armsha_digests[i], k);
            total++;
            fp = fopen(path, "rb");
            if (fp != NULL) {
                fclose(fp);
                continue;
            }
            if (missing++ == 0)
                printf("FAIL: SHAVS files missing from %s (-Dshavs_dir; the repository's are in "
                       "test/vectors/shavs/):\n", dir);
            printf("  missing: %s (%s)\n", path, strerror(errno));
        }
    if (missing != 0) {
        printf("FAIL: %d of the %d SHAVS files are missing\n", missing, total);
        return 1;
    }
    return 0;
}

static int load_checked(const char *path, const armsha_variant *v, int kind,
                        armsha_shavs_file *f)
{
    char err[512];

    if (!armsha_shavs_load(path, f, err, sizeof(err))) {
        printf("FAIL: %s\n", err);
        return 0;
    }
    if (f->L != v->digest_size || (f->kind == ARMSHA_SHAVS_MONTE) != (kind == 2)
        || f->nrec != expected_records(v, kind)) {
        printf("FAIL: %s: [L = %zu], %zu %s records; expected [L = %zu] and %zu records\n", path,
               f->L, f->nrec, f->kind == ARMSHA_SHAVS_MONTE ? "Monte" : "message", v->digest_size,
               expected_records(v, kind));
        armsha_shavs_free(f);
        return 0;
    }
    return 1;
}

/* ---- core mode ---- */

static int run_core(const char *dir)
{
    unsigned long kernel_vectors[ARMSHA_TEST_MAX_KERNELS] = {0};
    tally total = {0, 0, 0};
    int bad_setup;

    printf("test_shavs core: vectors from %s\n", dir);
    bad_setup = armsha_test_kernels_setup() != 0;

    for (size_t i = 0; i < ARMSHA_NDIGESTS; i++)
        for (int kind = 0; kind < NKINDS; kind++) {
            const armsha_variant *v = &armsha_digests[i];
            char path[4096], fname[64];
            armsha_shavs_file f;

            file_path(path, sizeof(path), dir, v, kind);
            snprintf(fname, sizeof(fname), "%s%s.rsp", v->nist_file, kinds[kind]);
            if (!load_checked(path, v, kind, &f)) {
                total.failures++;
                continue;
            }
            for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
                const armsha_kernel *k = armsha_test_kernels[ki];
                hasher h;
                tally t = {0, 0, 0};

                if (k->family != v->family)
                    continue;
                memset(&h, 0, sizeof(h));
                h.v = v;
                h.name = k->name;
                h.k = k;
                run_file(&h, fname, &f, &t);
                printf("%-24s [L = %2zu] %-9s %3lu %-21s %6lu hashes: %s", fname, f.L, k->name,
                       t.vectors, kind == 2 ? "Monte records," : "vectors x 6 patterns,",
                       t.hashes, t.failures == 0 ? "ok" : "FAILED");
                if (t.failures != 0)
                    printf(" (%lu mismatches)", t.failures);
                printf("\n");
                kernel_vectors[ki] += t.vectors;
                total.vectors += t.vectors;
                total.hashes += t.hashes;
                total.failures += t.failures;
            }
            armsha_shavs_free(&f);
        }

    for (size_t ki = 0; ki < armsha_test_nkernels; ki++)
        printf("kernel %-10s for %-6s %lu vectors checked\n", armsha_test_kernels[ki]->name,
               armsha_family_name(armsha_test_kernels[ki]->family), kernel_vectors[ki]);
    printf("test_shavs core: %lu vectors, %lu hashes, %lu failures: %s\n", total.vectors,
           total.hashes, total.failures, total.failures == 0 && !bad_setup ? "PASS" : "FAIL");
    return total.failures == 0 && !bad_setup ? 0 : 1;
}

/* ---- provider mode ---- */

/* Whether every space-separated word of want is a word of have. */
static int has_all_words(const char *have, const char *want)
{
    for (;;) {
        char word[64];
        size_t n;
        int found = 0;

        want += strspn(want, " ");
        n = strcspn(want, " ");
        if (n == 0)
            return 1;
        if (n >= sizeof(word))
            return 0;
        memcpy(word, want, n);
        word[n] = '\0';
        for (const char *p = strstr(have, word); p != NULL && !found; p = strstr(p + 1, word))
            found = (p == have || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ');
        if (!found)
            return 0;
        want += n;
    }
}

/* The kernels the provider chose at load ("armsha-kernels"), checked against
 * ARMSHA_EXPECT_KERNELS when the test setup gives it. */
static int check_provider_kernels(OSSL_PROVIDER *prov)
{
    char kernels[256] = "";
    const char *expect = getenv("ARMSHA_EXPECT_KERNELS");
    OSSL_PARAM params[2];

    params[0] = OSSL_PARAM_construct_utf8_string("armsha-kernels", kernels, sizeof(kernels));
    params[1] = OSSL_PARAM_construct_end();
    if (OSSL_PROVIDER_get_params(prov, params) != 1 || !OSSL_PARAM_modified(&params[0])) {
        printf("provider kernels: not reported%s\n", expect != NULL ? "" : " (not checked)");
        return expect == NULL;
    }
    printf("provider kernels: %s", kernels);
    if (expect == NULL) {
        printf(" (ARMSHA_EXPECT_KERNELS unset: not checked)\n");
        return 1;
    }
    if (!has_all_words(kernels, expect)) {
        printf("\nFAIL: the provider chose \"%s\"; ARMSHA_EXPECT_KERNELS is \"%s\"\n", kernels,
               expect);
        return 0;
    }
    printf(" (as ARMSHA_EXPECT_KERNELS expects)\n");
    return 1;
}

static int run_provider(const char *dir)
{
    OSSL_PROVIDER *prov, *deflt;
    const char *modules = getenv("OPENSSL_MODULES"), *disable = getenv("ARMSHA_DISABLE");
    tally total = {0, 0, 0};
    int setup_failed = 0;

    printf("test_shavs provider: vectors from %s; OPENSSL_MODULES=%s; ARMSHA_DISABLE=%s\n", dir,
           modules != NULL ? modules : "(unset)", disable != NULL ? disable : "(unset)");
    prov = OSSL_PROVIDER_load(NULL, "armsha");
    if (prov == NULL) {
        printf("FAIL: OSSL_PROVIDER_load(NULL, \"armsha\") failed (is OPENSSL_MODULES the folder "
               "with armsha.so?):\n");
        ERR_print_errors_fp(stdout);
        return 1;
    }
    deflt = OSSL_PROVIDER_load(NULL, "default");
    if (deflt == NULL) {
        printf("FAIL: OSSL_PROVIDER_load(NULL, \"default\") failed:\n");
        ERR_print_errors_fp(stdout);
        OSSL_PROVIDER_unload(prov);
        return 1;
    }

    if (!check_provider_kernels(prov))
        setup_failed = 1;
    for (size_t i = 0; i < ARMSHA_NDIGESTS; i++) {
        const armsha_variant *v = &armsha_digests[i];
        hasher h;
        const OSSL_PROVIDER *from;
        const char *pname;

        memset(&h, 0, sizeof(h));
        h.v = v;
        h.name = "EVP (provider=armsha)";
        h.md = EVP_MD_fetch(NULL, v->name, "provider=armsha");
        if (h.md == NULL) {
            printf("FAIL: EVP_MD_fetch(NULL, \"%s\", \"provider=armsha\") found nothing:\n",
                   v->name);
            ERR_print_errors_fp(stdout);
            setup_failed = 1;
            break;
        }
        from = EVP_MD_get0_provider(h.md);
        pname = from != NULL ? OSSL_PROVIDER_get0_name(from) : "(none)";
        if (strcmp(pname, "armsha") != 0 || EVP_MD_get_size(h.md) != (int)v->digest_size
            || EVP_MD_get_block_size(h.md) != (int)v->block_size) {
            printf("FAIL: %s comes from provider \"%s\" with size %d, block size %d; expected "
                   "\"armsha\", %zu, %zu\n",
                   v->name, pname, EVP_MD_get_size(h.md), EVP_MD_get_block_size(h.md), v->digest_size,
                   v->block_size);
            EVP_MD_free(h.md);
            setup_failed = 1;
            break;
        }
        h.mctx = EVP_MD_CTX_new();
        if (h.mctx == NULL) {
            EVP_MD_free(h.md);
            setup_failed = 1;
            break;
        }
        for (int kind = 0; kind < NKINDS; kind++) {
            char path[4096], fname[64];
            armsha_shavs_file f;
            tally t = {0, 0, 0};

            file_path(path, sizeof(path), dir, v, kind);
            snprintf(fname, sizeof(fname), "%s%s.rsp", v->nist_file, kinds[kind]);
            if (!load_checked(path, v, kind, &f)) {
                total.failures++;
                continue;
            }
            run_file(&h, fname, &f, &t);
            printf("%-24s %-13s %3lu %-21s %6lu hashes: %s", fname, v->name, t.vectors,
                   kind == 2 ? "Monte records," : "vectors x 6 patterns,", t.hashes,
                   t.failures == 0 ? "ok" : "FAILED");
            if (t.failures != 0)
                printf(" (%lu mismatches)", t.failures);
            printf("\n");
            total.vectors += t.vectors;
            total.hashes += t.hashes;
            total.failures += t.failures;
            armsha_shavs_free(&f);
        }
        EVP_MD_CTX_free(h.mctx);
        EVP_MD_free(h.md);
    }
    OSSL_PROVIDER_unload(deflt);
    OSSL_PROVIDER_unload(prov);
    printf("test_shavs provider: %lu vectors, %lu hashes, %lu failures: %s\n", total.vectors,
           total.hashes, total.failures, total.failures == 0 && !setup_failed ? "PASS" : "FAIL");
    return total.failures == 0 && !setup_failed ? 0 : 1;
}

int main(int argc, char **argv)
{
    int rc;

    if (argc != 3 || (strcmp(argv[1], "core") != 0 && strcmp(argv[1], "provider") != 0)) {
        fprintf(stderr, "usage: %s core|provider SHAVS_DIR\n", argc > 0 ? argv[0] : "test_shavs");
        return 1;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    rc = check_files(argv[2]);
    if (rc != 0)
        return rc;
    return strcmp(argv[1], "core") == 0 ? run_core(argv[2]) : run_provider(argv[2]);
}
