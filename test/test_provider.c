/* Differential tests of the armsha provider against OpenSSL's default provider in one process. */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#define NALGS 7
#define MAXMD 64
#define MAXLEN (70 * 1024)

/* The default provider's names for each digest, in its own order (OpenSSL 3.0
 * providers/implementations/include/prov/names.h). */
static const struct alg {
    const char *name;
    const char *names;
    size_t size;
    size_t block;
    const char *family; /* the kernel field in "armsha-kernels" */
} algs[NALGS] = {
    {"SHA1", "SHA1:SHA-1:SSL3-SHA1:1.3.14.3.2.26", 20, 64, "sha1"},
    {"SHA2-224", "SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", 28, 64, "sha256"},
    {"SHA2-256", "SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", 32, 64, "sha256"},
    {"SHA2-384", "SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", 48, 128, "sha512"},
    {"SHA2-512", "SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", 64, 128, "sha512"},
    {"SHA2-512/224", "SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5", 28, 128, "sha512"},
    {"SHA2-512/256", "SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6", 32, 128, "sha512"},
};

static const char *const families[3] = {"sha1", "sha256", "sha512"};

/* ---- reporting ---------------------------------------------------------- */

static unsigned long n_fail, n_checks;
static const char *prefix = "";

static void fail(const char *fmt, ...)
{
    va_list ap;

    n_fail++;
    if (n_fail <= 40) {
        printf("%sFAIL: ", prefix);
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
        ERR_print_errors_fp(stdout);
    } else if (n_fail == 41) {
        printf("%s(further failures not printed)\n", prefix);
    }
    ERR_clear_error();
    fflush(stdout);
}

#define CHECK(cond, ...)         \
    do {                         \
        n_checks++;              \
        if (!(cond))             \
            fail(__VA_ARGS__);   \
    } while (0)

static void ok(const char *fmt, ...)
{
    va_list ap;

    printf("%sok: ", prefix);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

static void hex(char *dst, const unsigned char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n && i < MAXMD; i++)
        sprintf(dst + 2 * i, "%02x", p[i]);
    dst[2 * i] = '\0';
}

static int same(const char *what, const unsigned char *got, size_t gotlen,
                const unsigned char *exp, size_t explen)
{
    char g[2 * MAXMD + 1], e[2 * MAXMD + 1];

    n_checks++;
    if (gotlen == explen && memcmp(got, exp, explen) == 0)
        return 1;
    hex(g, got, gotlen);
    hex(e, exp, explen);
    fail("%s:\n      armsha  %s (%zu bytes)\n      default %s (%zu bytes)", what, g, gotlen, e, explen);
    return 0;
}

/* ---- reproducible randomness -------------------------------------------- */

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static size_t rnd_below(size_t n)
{
    return n == 0 ? 0 : (size_t)(rnd() % n);
}

/* Message material; +64 so that a misaligned start still has MAXLEN bytes behind it. */
static unsigned char data[MAXLEN + 64];

/* ---- the two providers -------------------------------------------------- */

static OSSL_LIB_CTX *lib; /* default and armsha, side by side */
static OSSL_PROVIDER *prov_a, *prov_d;
static EVP_MD *md_a[NALGS], *md_d[NALGS];
static unsigned scale = 1;

/* Expected digest: the default provider, one shot. */
static void ref_digest(int ai, const unsigned char *msg, size_t len, unsigned char *out)
{
    unsigned int outl = 0;

    if (!EVP_Digest(msg, len, out, &outl, md_d[ai], NULL) || outl != algs[ai].size) {
        fail("default provider %s failed (cannot compute the expected value)", algs[ai].name);
        memset(out, 0, MAXMD);
    }
}

/* Feeds msg into an initialised ctx in random pieces, empty updates among them. */
static int update_split(EVP_MD_CTX *ctx, const unsigned char *msg, size_t len, size_t block)
{
    size_t done = 0;

    while (done < len) {
        size_t r = rnd_below(8), n;

        if (r == 0)
            n = 0;
        else if (r < 5)
            n = rnd_below(2 * block + 2);
        else
            n = rnd_below(len - done + 1);
        if (n > len - done)
            n = len - done;
        if (!EVP_DigestUpdate(ctx, msg + done, n))
            return 0;
        done += n;
    }
    return EVP_DigestUpdate(ctx, msg + len, 0);
}

/* mode 0: one update; 1: random split; 2: byte at a time. */
static int armsha_digest(int ai, const unsigned char *msg, size_t len, int mode,
                         unsigned char *out, size_t *outlen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int outl = 0;
    int ret = 0;
    size_t i;

    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, md_a[ai], NULL))
        goto end;
    if (mode == 0 && !EVP_DigestUpdate(ctx, msg, len))
        goto end;
    if (mode == 1 && !update_split(ctx, msg, len, algs[ai].block))
        goto end;
    for (i = 0; mode == 2 && i < len; i++)
        if (!EVP_DigestUpdate(ctx, msg + i, 1))
            goto end;
    if (!EVP_DigestFinal_ex(ctx, out, &outl))
        goto end;
    *outlen = outl;
    ret = 1;
end:
    EVP_MD_CTX_free(ctx);
    return ret;
}

static void check_digest(int ai, const unsigned char *msg, size_t len, int mode, const char *what)
{
    unsigned char got[MAXMD + 16], exp[MAXMD];
    size_t gotlen = 0;
    char label[160];

    ref_digest(ai, msg, len, exp);
    snprintf(label, sizeof(label), "%s %s len=%zu", algs[ai].name, what, len);
    if (!armsha_digest(ai, msg, len, mode, got, &gotlen)) {
        fail("%s: armsha EVP call failed", label);
        return;
    }
    same(label, got, gotlen, exp, algs[ai].size);
}

/* ---- tests -------------------------------------------------------------- */

static int setup(void)
{
    int i;

    lib = OSSL_LIB_CTX_new();
    if (lib == NULL)
        return 0;
    prov_d = OSSL_PROVIDER_load(lib, "default");
    prov_a = OSSL_PROVIDER_load(lib, "armsha");
    if (prov_d == NULL || prov_a == NULL) {
        fail("cannot load providers (default %s, armsha %s); OPENSSL_MODULES=%s",
             prov_d ? "ok" : "FAILED", prov_a ? "ok" : "FAILED",
             getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
        return 0;
    }
    for (i = 0; i < NALGS; i++) {
        md_a[i] = EVP_MD_fetch(lib, algs[i].name, "provider=armsha");
        md_d[i] = EVP_MD_fetch(lib, algs[i].name, "provider=default");
        if (md_a[i] == NULL || md_d[i] == NULL) {
            fail("fetch %s: armsha %s, default %s", algs[i].name, md_a[i] ? "ok" : "FAILED",
                 md_d[i] ? "ok" : "FAILED");
            return 0;
        }
        CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md_a[i])), "armsha") == 0,
              "%s fetched with provider=armsha comes from %s", algs[i].name,
              OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md_a[i])));
    }
    ok("loaded default and armsha in one OSSL_LIB_CTX, fetched 7 digests from each");
    return 1;
}

static void test_lengths(void)
{
    int ai;
    size_t len;
    unsigned long before = n_fail;

    ERR_clear_error();
    for (ai = 0; ai < NALGS; ai++)
        for (len = 0; len <= 1100; len++) {
            check_digest(ai, data, len, 0, "one update");
            check_digest(ai, data, len, 1, "random split");
        }
    /* Byte-at-a-time on a few boundary-crossing lengths. */
    for (ai = 0; ai < NALGS; ai++)
        for (len = 0; len <= 2 * algs[ai].block + 3; len += 1 + (len > 8 ? 7 : 0))
            check_digest(ai, data + 1, len, 2, "byte at a time");
    CHECK(ERR_peek_error() == 0, "successful digests left an error in the queue");
    if (n_fail == before)
        ok("every length 0..1100, one update and random splits (with empty updates), 7 digests");
}

static void test_random_long(void)
{
    int ai;
    unsigned i, count = 24 * scale;
    unsigned long before = n_fail;

    for (ai = 0; ai < NALGS; ai++)
        for (i = 0; i < count; i++) {
            size_t len = rnd_below(MAXLEN + 1), off = rnd_below(16);

            check_digest(ai, data + off, len, (int)(i & 1), i & 1 ? "long random split" : "long one update");
        }
    if (n_fail == before)
        ok("%u random lengths up to %d bytes per digest, random offsets and splits", count, MAXLEN);
}

static void test_misaligned(void)
{
    static const size_t lens[] = {0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 4099};
    unsigned char outbuf[MAXMD + 32], exp[MAXMD];
    unsigned long before = n_fail;
    int ai;
    size_t off, li;

    for (ai = 0; ai < NALGS; ai++)
        for (off = 0; off < 16; off++)
            for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
                EVP_MD_CTX *ctx = EVP_MD_CTX_new();
                unsigned int outl = 0;
                size_t outoff = (off * 7 + li) % 16;
                char label[120];

                ref_digest(ai, data + off, lens[li], exp);
                snprintf(label, sizeof(label), "%s misaligned in+%zu out+%zu len=%zu", algs[ai].name, off,
                         outoff, lens[li]);
                if (ctx == NULL || !EVP_DigestInit_ex2(ctx, md_a[ai], NULL)
                    || !EVP_DigestUpdate(ctx, data + off, lens[li])
                    || !EVP_DigestFinal_ex(ctx, outbuf + outoff, &outl))
                    fail("%s: EVP call failed", label);
                else
                    same(label, outbuf + outoff, outl, exp, algs[ai].size);
                EVP_MD_CTX_free(ctx);
            }
    if (n_fail == before)
        ok("input at offsets 0..15 and output at odd offsets, 15 lengths, 7 digests");
}

/* Finishes ctx with msg[from..to) and checks the digest of msg[0..to). */
static void finish_check(int ai, EVP_MD_CTX *ctx, const unsigned char *msg, size_t from, size_t to,
                         const char *what)
{
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned int outl = 0;
    char label[160];

    snprintf(label, sizeof(label), "%s %s (prefix %zu, total %zu)", algs[ai].name, what, from, to);
    ref_digest(ai, msg, to, exp);
    if (!update_split(ctx, msg + from, to - from, algs[ai].block) || !EVP_DigestFinal_ex(ctx, got, &outl))
        fail("%s: EVP call failed", label);
    else
        same(label, got, outl, exp, algs[ai].size);
}

static void test_dup(void)
{
    static const size_t prefixes[] = {0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 200, 1000};
    size_t np = sizeof(prefixes) / sizeof(prefixes[0]);
    unsigned char m1[3000], m2[3000], m3[3000];
    unsigned long before = n_fail;
    int ai;
    size_t pi;

    for (ai = 0; ai < NALGS; ai++)
        for (pi = 0; pi < np + 16 * scale; pi++) {
            size_t pre = pi < np ? prefixes[pi] : rnd_below(1500);
            size_t t1 = pre + rnd_below(1400), t2 = pre + rnd_below(1400), t3 = pre + rnd_below(1400);
            EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *c1 = EVP_MD_CTX_new(), *c2 = NULL;

            /* Three messages sharing a prefix and differing after it. */
            memcpy(m1, data, t1);
            memcpy(m2, data, t2);
            memcpy(m3, data, t3);
            if (t2 > pre)
                m2[pre] ^= 0x01;
            if (t3 > pre)
                m3[pre] ^= 0x80;

            /* Make c1 an armsha context of another algorithm first, so copy_ex must replace it. */
            if (ctx == NULL || c1 == NULL || !EVP_DigestInit_ex2(ctx, md_a[ai], NULL)
                || !EVP_DigestInit_ex2(c1, md_a[(ai + 1) % NALGS], NULL) || !EVP_DigestUpdate(c1, data, 5)
                || !update_split(ctx, data, pre, algs[ai].block) || !EVP_MD_CTX_copy_ex(c1, ctx)) {
                fail("%s dup setup failed (prefix %zu)", algs[ai].name, pre);
                goto next;
            }
            CHECK(EVP_MD_CTX_get0_md(c1) != NULL && EVP_MD_get_size(EVP_MD_CTX_get0_md(c1)) == (int)algs[ai].size,
                  "%s copy_ex: copied context reports the wrong digest", algs[ai].name);
#if OPENSSL_VERSION_NUMBER >= 0x30100000L
            c2 = EVP_MD_CTX_dup(ctx);
#else
            c2 = EVP_MD_CTX_new();
            if (c2 != NULL && !EVP_MD_CTX_copy(c2, ctx)) {
                EVP_MD_CTX_free(c2);
                c2 = NULL;
            }
#endif
            if (c2 == NULL) {
                fail("%s second dup failed (prefix %zu)", algs[ai].name, pre);
                goto next;
            }
            /* Finish the copy before the original moves on, then the original, then the other copy. */
            finish_check(ai, c1, m2, pre, t2, "copy_ex branch");
            finish_check(ai, ctx, m1, pre, t1, "original after copy_ex");
            finish_check(ai, c2, m3, pre, t3, "second dup branch");
        next:
            EVP_MD_CTX_free(ctx);
            EVP_MD_CTX_free(c1);
            EVP_MD_CTX_free(c2);
        }
    if (n_fail == before)
        ok("context duplication mid-stream (EVP_MD_CTX_copy_ex, %s) at %zu prefixes, three branches each",
#if OPENSSL_VERSION_NUMBER >= 0x30100000L
           "EVP_MD_CTX_dup",
#else
           "EVP_MD_CTX_copy; EVP_MD_CTX_dup needs OpenSSL 3.1",
#endif
           np + 16 * scale);
}

static void test_reuse(void)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned long before = n_fail;
    unsigned int outl;
    int round, ai;

    if (ctx == NULL) {
        fail("EVP_MD_CTX_new");
        return;
    }
    for (round = 0; round < 3 * NALGS; round++) {
        size_t len = rnd_below(3000), junk = rnd_below(300);
        char label[100];

        ai = (round * 3) % NALGS;
        ref_digest(ai, data + 7, len, exp);
        /* Init, hash junk, re-init without final: the junk must be gone. */
        outl = 0;
        snprintf(label, sizeof(label), "%s reused ctx round %d len=%zu", algs[ai].name, round, len);
        if (!EVP_DigestInit_ex2(ctx, md_a[ai], NULL) || !EVP_DigestUpdate(ctx, data, junk)
            || !EVP_DigestInit_ex2(ctx, md_a[ai], NULL) || !update_split(ctx, data + 7, len, algs[ai].block)
            || !EVP_DigestFinal_ex(ctx, got, &outl))
            fail("%s: EVP call failed", label);
        else
            same(label, got, outl, exp, algs[ai].size);
        /* Re-init with the same algorithm (md NULL) after a final. */
        outl = 0;
        if (!EVP_DigestInit_ex2(ctx, NULL, NULL) || !EVP_DigestUpdate(ctx, data + 7, len)
            || !EVP_DigestFinal_ex(ctx, got, &outl))
            fail("%s (re-init with NULL md): EVP call failed", label);
        else
            same(label, got, outl, exp, algs[ai].size);
        if (round % 4 == 3)
            EVP_MD_CTX_reset(ctx);
    }
    EVP_MD_CTX_free(ctx);
    if (n_fail == before)
        ok("one EVP_MD_CTX reused across digests: re-init mid-stream, re-init after final, reset");
}

static void test_oneshot(void)
{
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned long before = n_fail;
    int ai, i;

    for (ai = 0; ai < NALGS; ai++)
        for (i = 0; i < 8; i++) {
            size_t len = i == 0 ? 0 : rnd_below(20000), gotlen = 0;
            unsigned int outl = 0;
            char label[100];

            ref_digest(ai, data + i, len, exp);
            snprintf(label, sizeof(label), "%s EVP_Digest len=%zu", algs[ai].name, len);
            if (!EVP_Digest(data + i, len, got, &outl, md_a[ai], NULL))
                fail("%s failed", label);
            else
                same(label, got, outl, exp, algs[ai].size);
            snprintf(label, sizeof(label), "%s EVP_Q_digest len=%zu", algs[ai].name, len);
            if (!EVP_Q_digest(lib, algs[ai].name, "provider=armsha", data + i, len, got, &gotlen))
                fail("%s failed", label);
            else
                same(label, got, gotlen, exp, algs[ai].size);
        }
    if (n_fail == before)
        ok("one-shot EVP_Digest and EVP_Q_digest(provider=armsha)");
}

/* ---- names -------------------------------------------------------------- */

struct nameset {
    int n;
    char *v[32];
};

static void nameset_add(const char *name, void *arg)
{
    struct nameset *s = arg;
    int i;

    for (i = 0; i < s->n; i++)
        if (strcasecmp(s->v[i], name) == 0)
            return;
    if (s->n < 32)
        s->v[s->n++] = OPENSSL_strdup(name);
}

static void nameset_split(struct nameset *s, const char *list)
{
    char buf[256], *tok, *save = NULL;

    snprintf(buf, sizeof(buf), "%s", list);
    for (tok = strtok_r(buf, ":", &save); tok != NULL; tok = strtok_r(NULL, ":", &save))
        nameset_add(tok, s);
}

static int cmp_name(const void *a, const void *b)
{
    return strcasecmp(*(char *const *)a, *(char *const *)b);
}

static void nameset_str(struct nameset *s, char *out, size_t outsz)
{
    int i;

    qsort(s->v, (size_t)s->n, sizeof(s->v[0]), cmp_name);
    out[0] = '\0';
    for (i = 0; i < s->n; i++) {
        strncat(out, i ? "," : "", outsz - strlen(out) - 1);
        strncat(out, s->v[i], outsz - strlen(out) - 1);
    }
}

static void nameset_free(struct nameset *s)
{
    while (s->n > 0)
        OPENSSL_free(s->v[--s->n]);
}

static int nameset_equal(struct nameset *a, struct nameset *b, char *as, char *bs, size_t sz)
{
    nameset_str(a, as, sz);
    nameset_str(b, bs, sz);
    return strcasecmp(as, bs) == 0;
}

struct mdlist {
    int n;
    char names[16][64];
};

static void collect_md(EVP_MD *md, void *arg)
{
    struct mdlist *l = arg;

    if (l->n < 16)
        snprintf(l->names[l->n], sizeof(l->names[0]), "%s", EVP_MD_get0_name(md));
    l->n++;
}

/* The names a provider declares for one algorithm, from its own OSSL_ALGORITHM table. */
static int declared_names(OSSL_PROVIDER *prov, const char *name, struct nameset *s)
{
    int no_cache = 0, found = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache), *p;

    for (p = a; p != NULL && p->algorithm_names != NULL; p++) {
        struct nameset t = {0};
        int i, hit = 0;

        nameset_split(&t, p->algorithm_names);
        for (i = 0; i < t.n; i++)
            hit |= strcasecmp(t.v[i], name) == 0;
        if (hit) {
            for (i = 0; i < t.n; i++)
                nameset_add(t.v[i], s);
            found++;
        }
        nameset_free(&t);
    }
    if (a != NULL)
        OSSL_PROVIDER_unquery_operation(prov, OSSL_OP_DIGEST, a);
    return found;
}

static void test_names(void)
{
    OSSL_LIB_CTX *la = OSSL_LIB_CTX_new(), *ld = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *pa = la ? OSSL_PROVIDER_load(la, "armsha") : NULL;
    OSSL_PROVIDER *pd = ld ? OSSL_PROVIDER_load(ld, "default") : NULL;
    unsigned long before = n_fail;
    struct mdlist provided = {0};
    int ai, i;

    if (pa == NULL || pd == NULL) {
        fail("cannot load armsha / default alone in a fresh OSSL_LIB_CTX");
        goto end;
    }
    for (ai = 0; ai < NALGS; ai++) {
        struct nameset expect = {0}, got_a = {0}, got_d = {0}, decl_a = {0}, decl_d = {0};
        char es[512], gs[512];
        unsigned char ref[MAXMD], got[MAXMD];
        EVP_MD *fa = EVP_MD_fetch(la, algs[ai].name, NULL), *fd = EVP_MD_fetch(ld, algs[ai].name, NULL);

        /* Each alias and OID fetches the armsha implementation in the shared libctx. */
        nameset_split(&expect, algs[ai].names);
        ref_digest(ai, data, 1000, ref);
        for (i = 0; i < expect.n; i++) {
            EVP_MD *m = EVP_MD_fetch(lib, expect.v[i], "provider=armsha");
            unsigned int outl = 0;
            char label[100];

            snprintf(label, sizeof(label), "%s fetched as \"%s\"", algs[ai].name, expect.v[i]);
            if (m == NULL) {
                fail("EVP_MD_fetch(\"%s\", \"provider=armsha\") failed", expect.v[i]);
                continue;
            }
            CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)), "armsha") == 0,
                  "%s: from provider %s", label, OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)));
            if (!EVP_Digest(data, 1000, got, &outl, m, NULL))
                fail("%s: EVP_Digest failed", label);
            else
                same(label, got, outl, ref, algs[ai].size);
            EVP_MD_free(m);
        }

        /* The provider's own declared names equal the default provider's. */
        CHECK(declared_names(prov_a, algs[ai].name, &decl_a) == 1,
              "armsha declares %s in not exactly one OSSL_ALGORITHM entry", algs[ai].name);
        declared_names(prov_d, algs[ai].name, &decl_d);
        CHECK(nameset_equal(&decl_a, &decl_d, gs, es, sizeof(es)),
              "%s declared names differ:\n      armsha  %s\n      default %s", algs[ai].name, gs, es);
        nameset_free(&decl_a);
        nameset_free(&decl_d);

        /* EVP_MD_names_do_all, each provider alone (one libctx shares one namemap between providers). */
        if (fa == NULL || fd == NULL) {
            fail("%s: fetch in a libctx with armsha alone %s, default alone %s", algs[ai].name,
                 fa ? "ok" : "FAILED", fd ? "ok" : "FAILED");
        } else {
            EVP_MD_names_do_all(fa, nameset_add, &got_a);
            EVP_MD_names_do_all(fd, nameset_add, &got_d);
            CHECK(nameset_equal(&got_a, &got_d, gs, es, sizeof(es)),
                  "%s EVP_MD_names_do_all differs:\n      armsha  %s\n      default %s", algs[ai].name, gs, es);
            CHECK(EVP_MD_get_type(fa) == EVP_MD_get_type(fd), "%s type %d, default %d (alone)",
                  algs[ai].name, EVP_MD_get_type(fa), EVP_MD_get_type(fd));
            for (i = 0; i < expect.n; i++)
                CHECK(EVP_MD_is_a(fa, expect.v[i]), "armsha %s is not a \"%s\"", algs[ai].name, expect.v[i]);
        }
        if (ai == 2)
            printf("%s   names of SHA2-256: %s\n", prefix, gs);
        nameset_free(&expect);
        nameset_free(&got_a);
        nameset_free(&got_d);
        EVP_MD_free(fa);
        EVP_MD_free(fd);
    }

    /* armsha serves exactly these seven digests. */
    EVP_MD_do_all_provided(la, collect_md, &provided);
    CHECK(provided.n == NALGS, "armsha provides %d digests, expected %d", provided.n, NALGS);
    for (ai = 0; ai < NALGS; ai++) {
        int hit = 0;

        for (i = 0; i < provided.n && i < 16; i++)
            hit += strcasecmp(provided.names[i], algs[ai].name) == 0;
        CHECK(hit == 1, "%s listed %d times by EVP_MD_do_all_provided on armsha", algs[ai].name, hit);
    }
    if (n_fail == before)
        ok("fetch by every name and OID with provider=armsha; declared names, EVP_MD_names_do_all, "
           "EVP_MD_is_a and type equal the default provider's; armsha serves exactly the 7 digests");
end:
    OSSL_PROVIDER_unload(pa);
    OSSL_PROVIDER_unload(pd);
    OSSL_LIB_CTX_free(la);
    OSSL_LIB_CTX_free(ld);
}

static void test_metadata(void)
{
    unsigned long before = n_fail;
    int ai;

    for (ai = 0; ai < NALGS; ai++) {
        const EVP_MD *a = md_a[ai], *d = md_d[ai];
        const OSSL_PARAM *gd, *ga = EVP_MD_gettable_params(a);
        size_t bs[2] = {0, 0}, sz[2] = {0, 0};
        int xof[2] = {-1, -1}, absent[2] = {-1, -1}, r[2], k;
        const char *n = algs[ai].name;

        CHECK(EVP_MD_get_size(a) == EVP_MD_get_size(d) && EVP_MD_get_size(a) == (int)algs[ai].size,
              "%s size %d, default %d", n, EVP_MD_get_size(a), EVP_MD_get_size(d));
        CHECK(EVP_MD_get_block_size(a) == EVP_MD_get_block_size(d), "%s block size %d, default %d", n,
              EVP_MD_get_block_size(a), EVP_MD_get_block_size(d));
        CHECK(EVP_MD_get_type(a) == EVP_MD_get_type(d), "%s type %d, default %d", n, EVP_MD_get_type(a),
              EVP_MD_get_type(d));
        CHECK(EVP_MD_get_flags(a) == EVP_MD_get_flags(d), "%s flags %#lx, default %#lx", n,
              EVP_MD_get_flags(a), EVP_MD_get_flags(d));
        for (k = 0; k < 2; k++) {
            OSSL_PARAM p[5];

            p[0] = OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, &bs[k]);
            p[1] = OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_SIZE, &sz[k]);
            p[2] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_XOF, &xof[k]);
            p[3] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, &absent[k]);
            p[4] = OSSL_PARAM_construct_end();
            r[k] = EVP_MD_get_params(k ? d : a, p);
        }
        CHECK(r[0] == r[1] && bs[0] == bs[1] && sz[0] == sz[1] && xof[0] == xof[1] && absent[0] == absent[1],
              "%s get_params: armsha ret=%d blocksize=%zu size=%zu xof=%d algid-absent=%d; "
              "default ret=%d blocksize=%zu size=%zu xof=%d algid-absent=%d",
              n, r[0], bs[0], sz[0], xof[0], absent[0], r[1], bs[1], sz[1], xof[1], absent[1]);
        for (gd = EVP_MD_gettable_params(d); gd != NULL && gd->key != NULL; gd++) {
            const OSSL_PARAM *f = OSSL_PARAM_locate_const(ga, gd->key);

            CHECK(f != NULL && f->data_type == gd->data_type,
                  "%s: gettable param \"%s\" %s in armsha's EVP_MD_gettable_params", n, gd->key,
                  f == NULL ? "missing" : "has another type");
        }
        for (gd = EVP_MD_settable_ctx_params(d); gd != NULL && gd->key != NULL; gd++) {
            const OSSL_PARAM *f = OSSL_PARAM_locate_const(EVP_MD_settable_ctx_params(a), gd->key);

            CHECK(f != NULL && f->data_type == gd->data_type,
                  "%s: settable ctx param \"%s\" %s in armsha's EVP_MD_settable_ctx_params", n, gd->key,
                  f == NULL ? "missing" : "has another type");
        }
    }
    if (n_fail == before)
        ok("size, block size, type, flags, get_params (blocksize size xof algid-absent), "
           "gettable and settable-ctx lists equal the default provider's");
}

static int mac_once(OSSL_LIB_CTX *l, int ai, const char *props, const unsigned char *key, size_t keylen,
                    const unsigned char *msg, size_t len, unsigned char *out, size_t *outl)
{
    EVP_MAC *mac = EVP_MAC_fetch(l, "HMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[3];
    int ret = 0;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)algs[ai].name, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props, 0);
    p[2] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_MAC_init(ctx, key, keylen, p) && EVP_MAC_update(ctx, msg, len)
        && EVP_MAC_final(ctx, out, outl, MAXMD))
        ret = 1;
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return ret;
}

static int pbkdf2_once(OSSL_LIB_CTX *l, int ai, const char *props, unsigned iter, unsigned char *out,
                       size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(l, "PBKDF2", NULL);
    EVP_KDF_CTX *ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM p[6];
    int ret = 0;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)algs[ai].name, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES, (char *)props, 0);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, data + 100, 13);
    p[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, data + 200, 16);
    p[4] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iter);
    p[5] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_KDF_derive(ctx, out, outlen, p))
        ret = 1;
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
    return ret;
}

static void test_hmac_pbkdf2(void)
{
    OSSL_LIB_CTX *ld = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *pd = ld ? OSSL_PROVIDER_load(ld, "default") : NULL;
    unsigned long before = n_fail;
    int ai;

    for (ai = 0; ai < NALGS; ai++) {
        size_t b = algs[ai].block;
        size_t keylens[] = {0, 1, 20, b - 1, b, b + 1, 3 * b + 5};
        unsigned char got[MAXMD], exp[MAXMD], dk_a[200], dk_d[200];
        size_t gotl = 0, expl = 0, ki, dklen = 2 * algs[ai].size + 3;
        char label[100];

        for (ki = 0; ki < sizeof(keylens) / sizeof(keylens[0]); ki++) {
            size_t len = rnd_below(5000);

            snprintf(label, sizeof(label), "HMAC-%s key=%zu msg=%zu", algs[ai].name, keylens[ki], len);
            if (!mac_once(lib, ai, "provider=default", data + 300, keylens[ki], data + 1, len, exp, &expl)) {
                fail("%s: default provider failed", label);
                continue;
            }
            if (!mac_once(lib, ai, "provider=armsha", data + 300, keylens[ki], data + 1, len, got, &gotl))
                fail("%s: HMAC with properties=provider=armsha failed", label);
            else
                same(label, got, gotl, exp, expl);
        }
        /* Negative control: the digest properties really steer HMAC (no armsha here, so it must fail). */
        CHECK(pd != NULL && !mac_once(ld, ai, "provider=armsha", data, 10, data, 10, got, &gotl),
              "HMAC-%s with properties=provider=armsha succeeded in a libctx without armsha", algs[ai].name);
        ERR_clear_error();

        snprintf(label, sizeof(label), "PBKDF2-HMAC-%s iter=1000 dklen=%zu", algs[ai].name, dklen);
        if (!pbkdf2_once(lib, ai, "provider=default", 1000, dk_d, dklen))
            fail("%s: default provider failed", label);
        else if (!pbkdf2_once(lib, ai, "provider=armsha", 1000, dk_a, dklen))
            fail("%s: PBKDF2 with properties=provider=armsha failed", label);
        else {
            same(label, dk_a, algs[ai].size, dk_d, algs[ai].size);
            same(label, dk_a + algs[ai].size, dklen - algs[ai].size, dk_d + algs[ai].size,
                 dklen - algs[ai].size);
        }
    }
    OSSL_PROVIDER_unload(pd);
    OSSL_LIB_CTX_free(ld);
    if (n_fail == before)
        ok("HMAC (EVP_MAC, 7 key lengths) and PBKDF2 (EVP_KDF) with properties=provider=armsha "
           "equal the default provider's; the properties demonstrably steer the digest");
}

/* ---- API behaviour through the provider's own dispatch table ------------- */

struct dfn {
    OSSL_FUNC_digest_newctx_fn *newctx;
    OSSL_FUNC_digest_init_fn *init;
    OSSL_FUNC_digest_update_fn *update;
    OSSL_FUNC_digest_final_fn *final;
    OSSL_FUNC_digest_freectx_fn *freectx;
    OSSL_FUNC_digest_dupctx_fn *dupctx;
    OSSL_FUNC_digest_digest_fn *digest; /* optional */
};

static int get_dispatch(OSSL_PROVIDER *prov, const char *name, struct dfn *f)
{
    int no_cache = 0, found = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache), *p;
    const OSSL_DISPATCH *d;

    memset(f, 0, sizeof(*f));
    for (p = a; p != NULL && p->algorithm_names != NULL && !found; p++) {
        size_t n = strlen(name);

        if (strncasecmp(p->algorithm_names, name, n) != 0
            || (p->algorithm_names[n] != ':' && p->algorithm_names[n] != '\0'))
            continue;
        found = 1;
        for (d = p->implementation; d->function_id != 0; d++) {
            switch (d->function_id) {
            case OSSL_FUNC_DIGEST_NEWCTX: f->newctx = OSSL_FUNC_digest_newctx(d); break;
            case OSSL_FUNC_DIGEST_INIT: f->init = OSSL_FUNC_digest_init(d); break;
            case OSSL_FUNC_DIGEST_UPDATE: f->update = OSSL_FUNC_digest_update(d); break;
            case OSSL_FUNC_DIGEST_FINAL: f->final = OSSL_FUNC_digest_final(d); break;
            case OSSL_FUNC_DIGEST_FREECTX: f->freectx = OSSL_FUNC_digest_freectx(d); break;
            case OSSL_FUNC_DIGEST_DUPCTX: f->dupctx = OSSL_FUNC_digest_dupctx(d); break;
            case OSSL_FUNC_DIGEST_DIGEST: f->digest = OSSL_FUNC_digest_digest(d); break;
            default: break;
            }
        }
    }
    if (a != NULL)
        OSSL_PROVIDER_unquery_operation(prov, OSSL_OP_DIGEST, a);
    return found && f->newctx && f->init && f->update && f->final && f->freectx && f->dupctx;
}

static void test_dispatch(void)
{
    void *provctx = OSSL_PROVIDER_get0_provider_ctx(prov_a);
    unsigned long before = n_fail;
    int ai, n_oneshot = 0;

    for (ai = 0; ai < NALGS; ai++) {
        const char *n = algs[ai].name;
        size_t sz = algs[ai].size, outl, i, shorts[3];
        unsigned char buf[MAXMD + 32], exp[MAXMD];
        struct dfn f;
        void *ctx, *dup;
        int s;

        if (!get_dispatch(prov_a, n, &f)) {
            fail("%s: armsha dispatch table incomplete (newctx/init/update/final/freectx/dupctx)", n);
            continue;
        }
        ref_digest(ai, data, 300, exp);
        ctx = f.newctx(provctx);
        /* A new context refuses work before init. */
        if (ctx != NULL) {
            memset(buf, 0xa5, sizeof(buf));
            CHECK(!f.update(ctx, data, 10), "%s: dispatch update before init accepted", n);
            CHECK(!f.final(ctx, buf, &outl, sizeof(buf)), "%s: dispatch final before init accepted", n);
            CHECK(buf[0] == 0xa5 && buf[sz - 1] == 0xa5, "%s: final before init wrote output", n);
            ERR_clear_error();
        }
        if (ctx == NULL || !f.init(ctx, NULL) || !f.update(ctx, data, 100) || !f.update(ctx, NULL, 0)
            || !f.update(ctx, data + 100, 200)) {
            fail("%s: dispatch newctx/init/update failed", n);
            if (ctx != NULL)
                f.freectx(ctx);
            continue;
        }
        /* NULL buffers: refused with an error, no crash, state intact. */
        CHECK(!f.update(ctx, NULL, 5), "%s: dispatch update(NULL, 5) accepted", n);
        CHECK(ERR_peek_error() != 0, "%s: update(NULL, 5) refused without an error", n);
        ERR_clear_error();
        outl = 12345;
        CHECK(!f.final(ctx, NULL, &outl, sz), "%s: dispatch final into NULL accepted", n);
        CHECK(ERR_peek_error() != 0 && outl == 12345, "%s: final into NULL: no error, or outl written", n);
        ERR_clear_error();
        /* Short output buffers: refused, nothing written, state intact. */
        shorts[0] = 0;
        shorts[1] = 1;
        shorts[2] = sz - 1;
        for (s = 0; s < 3; s++) {
            memset(buf, 0xa5, sizeof(buf));
            outl = 12345;
            CHECK(!f.final(ctx, buf, &outl, shorts[s]), "%s: final with outsz=%zu (digest %zu) accepted", n,
                  shorts[s], sz);
            for (i = 0; i < sizeof(buf) && buf[i] == 0xa5; i++)
                ;
            CHECK(i == sizeof(buf), "%s: refused final with outsz=%zu wrote byte %zu", n, shorts[s], i);
        }
        ERR_clear_error();
        /* dupctx at the dispatch level, then the real final on both. */
        dup = f.dupctx(ctx);
        CHECK(dup != NULL, "%s: dispatch dupctx returned NULL", n);
        memset(buf, 0xa5, sizeof(buf));
        outl = 0;
        if (!f.final(ctx, buf + 3, &outl, sz + 16))
            fail("%s: final after refused short finals failed", n);
        else {
            same("dispatch final after refused short finals", buf + 3, outl, exp, sz);
            CHECK(buf[2] == 0xa5 && buf[3 + sz] == 0xa5, "%s: final wrote outside [out, out+size)", n);
        }
        /* Update after final without re-init is refused. */
        CHECK(!f.update(ctx, data, 10), "%s: dispatch update after final accepted", n);
        ERR_clear_error();
        if (dup != NULL) {
            outl = 0;
            if (!f.update(dup, data + 300, 50) || !f.final(dup, buf, &outl, sz)) {
                fail("%s: dup'ed dispatch ctx update/final failed", n);
            } else {
                ref_digest(ai, data, 350, exp);
                same("dispatch dupctx branch", buf, outl, exp, sz);
            }
            f.freectx(dup);
        }
        /* Re-init after final makes it usable again. */
        outl = 0;
        if (!f.init(ctx, NULL) || !f.update(ctx, data, 300) || !f.final(ctx, buf, &outl, sz))
            fail("%s: dispatch re-init after final failed", n);
        else {
            ref_digest(ai, data, 300, exp);
            same("dispatch re-init after final", buf, outl, exp, sz);
        }
        f.freectx(ctx);

        /* The one-shot digest function, when offered: same contract as final. */
        if (f.digest != NULL) {
            size_t len = rnd_below(5000);

            ref_digest(ai, data + 3, len, exp);
            memset(buf, 0xa5, sizeof(buf));
            outl = 0;
            if (!f.digest(provctx, data + 3, len, buf + 1, &outl, sz))
                fail("%s: dispatch one-shot digest failed", n);
            else
                same("dispatch one-shot digest", buf + 1, outl, exp, sz);
            CHECK(buf[0] == 0xa5 && buf[1 + sz] == 0xa5, "%s: one-shot digest wrote outside its output", n);
            memset(buf, 0xa5, sizeof(buf));
            CHECK(!f.digest(provctx, data, len, buf, &outl, sz - 1), "%s: one-shot digest with outsz %zu accepted",
                  n, sz - 1);
            for (i = 0; i < sizeof(buf) && buf[i] == 0xa5; i++)
                ;
            CHECK(i == sizeof(buf), "%s: refused one-shot digest wrote byte %zu", n, i);
            ERR_clear_error();
        }
        n_oneshot += f.digest != NULL;
    }
    if (n_fail == before)
        ok("dispatch table: update/final before init refused; update(NULL, 5) and final(NULL) refused; "
           "final with outsz 0, 1, size-1 refused and "
           "writes nothing, state intact; update(NULL, 0); dupctx; update after final refused; re-init "
           "after final; one-shot digest function (%d of 7 offer it) incl. short output",
           n_oneshot);
}

static void test_evp_behaviour(void)
{
    unsigned long before = n_fail;
    int ai, unknown = 7;

    for (ai = 0; ai < NALGS; ai++) {
        EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *dctx = EVP_MD_CTX_new();
        unsigned char got[MAXMD], exp[MAXMD];
        unsigned int outl = 0;
        const char *n = algs[ai].name;
        OSSL_PARAM up[2];
        int ra, rd;

        if (ctx == NULL || dctx == NULL) {
            fail("EVP_MD_CTX_new");
            goto next;
        }
        /* Update after final: refused with an error queued (libcrypto 3.0 passes it to the provider). */
        ERR_clear_error();
        if (!EVP_DigestInit_ex2(ctx, md_a[ai], NULL) || !EVP_DigestUpdate(ctx, data, 10)
            || !EVP_DigestFinal_ex(ctx, got, &outl)) {
            fail("%s: init/update/final failed", n);
            goto next;
        }
        CHECK(EVP_DigestUpdate(ctx, data, 10) == 0, "%s: EVP_DigestUpdate after final returned 1", n);
        CHECK(ERR_peek_error() != 0, "%s: EVP_DigestUpdate after final queued no error", n);
        ERR_clear_error();

        /* XOF final on a fixed-size digest: same answer as the default provider. */
        EVP_DigestInit_ex2(ctx, md_a[ai], NULL);
        EVP_DigestInit_ex2(dctx, md_d[ai], NULL);
        ra = EVP_DigestFinalXOF(ctx, got, 16);
        rd = EVP_DigestFinalXOF(dctx, exp, 16);
        CHECK(ra == rd, "%s: EVP_DigestFinalXOF returned %d, default %d", n, ra, rd);
        ERR_clear_error();

        /* Init with a parameter the digest does not know: accepted, digest unaffected. */
        up[0] = OSSL_PARAM_construct_int("armsha-test-unknown", &unknown);
        up[1] = OSSL_PARAM_construct_end();
        outl = 0;
        ref_digest(ai, data, 77, exp);
        if (!EVP_DigestInit_ex2(ctx, md_a[ai], up))
            fail("%s: init with an unknown parameter refused", n);
        else if (!EVP_DigestUpdate(ctx, data, 77) || !EVP_DigestFinal_ex(ctx, got, &outl))
            fail("%s: update/final after init with unknown parameter failed", n);
        else
            same("init with an unknown parameter", got, outl, exp, algs[ai].size);
        ERR_clear_error();
    next:
        EVP_MD_CTX_free(ctx);
        EVP_MD_CTX_free(dctx);
    }
    if (n_fail == before)
        ok("EVP: update after final refused with an error; FinalXOF as default; init with unknown param accepted");
}

/* SHA-1's "ssl3-ms": hashes the master secret and pads as SSLv3 CertificateVerify needs (RFC 6101 5.6.8). */
static int ssl3(EVP_MD *md, size_t hslen, const OSSL_PARAM *p, int at_init, int *setret,
                unsigned char *out)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int outl = 0;
    int ret = 0;

    ERR_clear_error();
    if (ctx == NULL)
        return 0;
    if (at_init) {
        *setret = EVP_DigestInit_ex2(ctx, md, p);
        if (*setret && !EVP_DigestUpdate(ctx, data, hslen))
            goto end;
    } else {
        if (!EVP_DigestInit_ex2(ctx, md, NULL) || !EVP_DigestUpdate(ctx, data, hslen))
            goto end;
        *setret = EVP_MD_CTX_set_params(ctx, p);
    }
    *setret = *setret ? 1 : (ERR_peek_error() != 0 ? 0 : -1); /* -1: refused silently */
    if (*setret == 1 || !at_init)
        ret = EVP_DigestFinal_ex(ctx, out, &outl) && outl == 20;
end:
    ERR_clear_error();
    EVP_MD_CTX_free(ctx);
    return ret;
}

static void test_ssl3_ms(void)
{
    static const size_t hslens[] = {0, 1, 55, 64, 100, 1000};
    unsigned long before = n_fail;
    unsigned char ms[64], got[MAXMD], exp[MAXMD];
    int ival = 48, sa = 0, sd = 0, fa, fd;
    size_t h;
    OSSL_PARAM p[2];
    char label[120];

    memcpy(ms, data + 500, sizeof(ms));
    for (h = 0; h < sizeof(hslens) / sizeof(hslens[0]); h++) {
        size_t len = hslens[h];
        size_t mslens[] = {48, 47, 49, 0};
        size_t m;

        for (m = 0; m < 4; m++) {
            p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, mslens[m]);
            p[1] = OSSL_PARAM_construct_end();
            fa = ssl3(md_a[0], len, p, 0, &sa, got);
            fd = ssl3(md_d[0], len, p, 0, &sd, exp);
            snprintf(label, sizeof(label), "SHA1 ssl3-ms (%zu bytes) after %zu handshake bytes", mslens[m], len);
            CHECK((sa == 1) == (sd == 1), "%s: set_params armsha %d, default %d", label, sa, sd);
            CHECK(fa && fd, "%s: final failed (armsha %d, default %d)", label, fa, fd);
            if (fa && fd)
                same(label, got, 20, exp, 20);
        }
        /* Wrong type, also with 48 bytes behind it: armsha must refuse (OpenSSL 3.0's default
         * ignores such a parameter and returns 1). */
        for (m = 0; m < 2; m++) {
            if (m == 0)
                p[0] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_SSL3_MS, &ival);
            else
                p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DIGEST_PARAM_SSL3_MS, (char *)ms, 48);
            p[1] = OSSL_PARAM_construct_end();
            fa = ssl3(md_a[0], len, p, 0, &sa, got);
            fd = ssl3(md_d[0], len, p, 0, &sd, exp);
            snprintf(label, sizeof(label), "SHA1 ssl3-ms as %s after %zu handshake bytes",
                     m == 0 ? "int" : "48-byte UTF8 string", len);
            CHECK(sa != 1, "%s: accepted by EVP_MD_CTX_set_params", label);
            CHECK(sa == 0, "%s: refused without an error in the queue", label);
            if (fa && fd)
                same("digest after a refused ssl3-ms of the wrong type", got, 20, exp, 20);
            else
                fail("%s: final failed after the refused set_params", label);
        }
    }
    /* Through init params as libssl could pass them. */
    p[0] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_SSL3_MS, &ival);
    p[1] = OSSL_PARAM_construct_end();
    ssl3(md_a[0], 10, p, 1, &sa, got);
    CHECK(sa != 1, "SHA1 init with ssl3-ms of the wrong type (int) accepted");
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DIGEST_PARAM_SSL3_MS, (char *)ms, 48);
    ssl3(md_a[0], 10, p, 1, &sa, got);
    CHECK(sa != 1, "SHA1 init with ssl3-ms of the wrong type (48-byte UTF8 string) accepted");
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, 47);
    ssl3(md_a[0], 10, p, 1, &sa, got);
    ssl3(md_d[0], 10, p, 1, &sd, exp);
    CHECK((sa == 1) == (sd == 1), "SHA1 init with a 47-byte ssl3-ms: armsha %d, default %d", sa, sd);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, 48);
    fa = ssl3(md_a[0], 10, p, 1, &sa, got);
    fd = ssl3(md_d[0], 10, p, 1, &sd, exp);
    CHECK((sa == 1) == (sd == 1), "SHA1 init with a 48-byte ssl3-ms: armsha %d, default %d", sa, sd);
    if (fa && fd)
        same("SHA1 init with a 48-byte ssl3-ms", got, 20, exp, 20);
    if (n_fail == before)
        ok("SHA-1 ssl3-ms: 48 bytes gives the default's digest after 6 handshake lengths; "
           "47/49/0 bytes refused as default does; wrong type refused with an error, state intact");
}

/* ---- provider parameters and kernels ------------------------------------ */

static int prov_string(OSSL_PROVIDER *p, const char *key, char *buf, size_t bufsz)
{
    const OSSL_PARAM *g = OSSL_PARAM_locate_const(OSSL_PROVIDER_gettable_params(p), key);
    char *ptr = NULL;
    OSSL_PARAM req[2];

    buf[0] = '\0';
    if (g != NULL && g->data_type == OSSL_PARAM_UTF8_STRING)
        req[0] = OSSL_PARAM_construct_utf8_string(key, buf, bufsz);
    else
        req[0] = OSSL_PARAM_construct_utf8_ptr(key, &ptr, 0);
    req[1] = OSSL_PARAM_construct_end();
    if (!OSSL_PROVIDER_get_params(p, req) || !OSSL_PARAM_modified(req))
        return 0;
    if (req[0].data_type == OSSL_PARAM_UTF8_PTR) {
        if (ptr == NULL)
            return 0;
        snprintf(buf, bufsz, "%s", ptr);
    }
    return 1;
}

/* Splits "sha1=X sha256=Y sha512=Z" into three kernel names; 0 if it is not that exact shape. */
static int parse_kernels(const char *s, char k[3][32])
{
    int i;

    for (i = 0; i < 3; i++) {
        size_t fl = strlen(families[i]), n = 0;

        if (strncmp(s, families[i], fl) != 0 || s[fl] != '=')
            return 0;
        s += fl + 1;
        while (s[n] != '\0' && s[n] != ' ' && n < 31)
            n++;
        memcpy(k[i], s, n);
        k[i][n] = '\0';
        if (strcmp(k[i], "portable") != 0 && strcmp(k[i], "armv8-ce") != 0)
            return 0;
        s += n;
        if (i < 2 && *s++ != ' ')
            return 0;
    }
    return *s == '\0';
}

static const char *expect_kernels;

static void test_provider_params(void)
{
    const char *keys[] = {OSSL_PROV_PARAM_NAME, OSSL_PROV_PARAM_VERSION, OSSL_PROV_PARAM_BUILDINFO,
                          "armsha-kernels"};
    char buf[256], k[3][32];
    unsigned long before = n_fail;
    int status = -1;
    OSSL_PARAM sp[2];
    size_t i;

    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        CHECK(OSSL_PARAM_locate_const(OSSL_PROVIDER_gettable_params(prov_a), keys[i]) != NULL,
              "provider param \"%s\" missing from OSSL_PROVIDER_gettable_params", keys[i]);
        if (!prov_string(prov_a, keys[i], buf, sizeof(buf)))
            fail("provider param \"%s\" not readable", keys[i]);
        else {
            CHECK(buf[0] != '\0', "provider param \"%s\" is empty", keys[i]);
            printf("%s   %s = \"%s\"\n", prefix, keys[i], buf);
        }
    }
    sp[0] = OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &status);
    sp[1] = OSSL_PARAM_construct_end();
    CHECK(OSSL_PROVIDER_get_params(prov_a, sp) && OSSL_PARAM_modified(sp) && status == 1,
          "provider param \"status\" not 1 (got %d)", status);
    CHECK(OSSL_PROVIDER_self_test(prov_a) == 1, "OSSL_PROVIDER_self_test failed");

    if (prov_string(prov_a, "armsha-kernels", buf, sizeof(buf))) {
        CHECK(parse_kernels(buf, k), "armsha-kernels \"%s\" is not \"sha1=K sha256=K sha512=K\"", buf);
        if (expect_kernels == NULL)
            fail("ARMSHA_EXPECT_KERNELS is not set: cannot tell a silent fallback from the intended "
                 "kernels (provider says \"%s\")",
                 buf);
        else
            CHECK(strcmp(buf, expect_kernels) == 0, "armsha-kernels is \"%s\", expected \"%s\"", buf,
                  expect_kernels);
    }
    if (n_fail == before)
        ok("provider params name, version, buildinfo, status=1, self-test; armsha-kernels = \"%s\"",
           expect_kernels);
}

/* ---- configuration file ------------------------------------------------- */

static const char *provider_of_md(OSSL_LIB_CTX *l, const char *name, const char *props)
{
    EVP_MD *m = EVP_MD_fetch(l, name, props);
    const char *p = m ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)) : "(fetch failed)";

    EVP_MD_free(m); /* the provider name outlives the method */
    return p;
}

/* What a configured libctx should give: digests from armsha, the rest from default. */
static void check_configured(OSSL_LIB_CTX *l, const char *how)
{
    static const char *const aliases[NALGS] = {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512",
                                               "SHA512-224", "SHA512-256"};
    static const char *const others[] = {"MD5", "SHA3-256", "SHA2-256"};
    unsigned char got[MAXMD], exp[MAXMD];
    char label[160];
    EVP_CIPHER *c;
    const char *p;
    int ai;
    size_t i, gotl;

    for (ai = 0; ai < NALGS; ai++) {
        p = provider_of_md(l, algs[ai].name, NULL);
        CHECK(strcmp(p, "armsha") == 0, "%s: EVP_MD_fetch(\"%s\", NULL) comes from %s", how, algs[ai].name, p);
        p = provider_of_md(l, aliases[ai], NULL);
        CHECK(strcmp(p, "armsha") == 0, "%s: EVP_MD_fetch(\"%s\", NULL) comes from %s", how, aliases[ai], p);
        gotl = 0;
        ref_digest(ai, data, 5000, exp);
        snprintf(label, sizeof(label), "%s: EVP_Q_digest(\"%s\", NULL) of 5000 bytes", how, aliases[ai]);
        if (!EVP_Q_digest(l, aliases[ai], NULL, data, 5000, got, &gotl))
            fail("%s failed", label);
        else
            same(label, got, gotl, exp, algs[ai].size);
    }
    for (i = 0; i < 2; i++) {
        p = provider_of_md(l, others[i], NULL);
        CHECK(strcmp(p, "default") == 0, "%s: %s comes from %s", how, others[i], p);
    }
    /* "?provider=armsha" is a preference: an explicit default request still wins. */
    p = provider_of_md(l, others[2], "provider=default");
    CHECK(strcmp(p, "default") == 0, "%s: SHA2-256 with provider=default comes from %s", how, p);
    c = EVP_CIPHER_fetch(l, "AES-128-CBC", NULL);
    p = c ? OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)) : "(fetch failed)";
    CHECK(strcmp(p, "default") == 0, "%s: AES-128-CBC comes from %s", how, p);
    EVP_CIPHER_free(c);
}

static void test_conf_libctx(const char *conf)
{
    OSSL_LIB_CTX *l = OSSL_LIB_CTX_new();
    unsigned long before = n_fail;

    if (l == NULL || !OSSL_LIB_CTX_load_config(l, conf)) {
        fail("OSSL_LIB_CTX_load_config(\"%s\") failed", conf);
    } else {
        CHECK(OSSL_PROVIDER_available(l, "armsha") && OSSL_PROVIDER_available(l, "default"),
              "config %s: armsha or default not available", conf);
        check_configured(l, "config in a fresh libctx");
    }
    OSSL_LIB_CTX_free(l);
    if (n_fail == before)
        ok("OSSL_LIB_CTX_load_config(%s): 7 digests by name and alias from armsha and correct; "
           "MD5, SHA3-256, AES-128-CBC and provider=default requests from default", conf);
}

/* Runs in a forked child before the parent touches the default libctx: the way applications
 * meet armsha, through OPENSSL_CONF and the legacy entry points. */
static int conf_child(const char *conf)
{
    unsigned char got[MAXMD], exp[MAXMD], dk[100], dk_ref[100];
    unsigned int outl = 0;
    size_t expl = 0;
    int ai;

    prefix = "[OPENSSL_CONF child] ";
    setenv("OPENSSL_CONF", conf, 1);
    if (!OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL) || !OSSL_PROVIDER_available(NULL, "armsha")) {
        fail("OPENSSL_CONF=%s did not make armsha available in the default libctx", conf);
        return 1;
    }
    /* Its own copy of the reference providers, in its own libctx. */
    if (!setup())
        return 1;
    check_configured(NULL, "OPENSSL_CONF, default libctx");
    /* Legacy EVP_sha*() objects are fetched implicitly with the default properties. */
    for (ai = 0; ai < NALGS; ai++) {
        const EVP_MD *legacy = EVP_get_digestbyname(algs[ai].name);
        char label[100];

        ref_digest(ai, data, 3000, exp);
        snprintf(label, sizeof(label), "EVP_Digest(legacy %s) of 3000 bytes", algs[ai].name);
        if (legacy == NULL || !EVP_Digest(data, 3000, got, &outl, legacy, NULL))
            fail("%s failed", label);
        else
            same(label, got, outl, exp, algs[ai].size);
        snprintf(label, sizeof(label), "HMAC(%s) one-shot, 33-byte key, 1000 bytes", algs[ai].name);
        if (!mac_once(NULL, ai, "provider=default", data, 33, data + 40, 1000, exp, &expl)
            || HMAC(legacy, data, 33, data + 40, 1000, got, &outl) == NULL)
            fail("%s failed", label);
        else
            same(label, got, outl, exp, expl);
        snprintf(label, sizeof(label), "PKCS5_PBKDF2_HMAC(%s), 100 iterations, 100 bytes", algs[ai].name);
        if (!pbkdf2_once(NULL, ai, "provider=default", 100, dk_ref, sizeof(dk))
            || !PKCS5_PBKDF2_HMAC((const char *)data + 100, 13, data + 200, 16, 100, legacy, sizeof(dk), dk))
            fail("%s failed", label);
        else
            same(label, dk, sizeof(dk), dk_ref, sizeof(dk));
    }
    if (n_fail == 0)
        ok("OPENSSL_CONF=%s: default libctx serves the 7 digests from armsha, others from default; "
           "legacy EVP_MD, HMAC() and PKCS5_PBKDF2_HMAC equal the default provider's",
           conf);
    return n_fail != 0;
}

static int run_conf_child(const char *conf)
{
    pid_t pid;
    int st = 0;

    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        int rc = conf_child(conf);

        fflush(stdout);
        _exit(rc);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
        printf("FAIL: OPENSSL_CONF child crashed (status %#x)\n", (unsigned)st);
        return 1;
    }
    return WEXITSTATUS(st) != 0;
}

/* ---- ARMSHA_DISABLE in fresh libctxs ------------------------------------ */

static char *saved_disable;

static void restore_disable(void)
{
    if (saved_disable != NULL)
        setenv("ARMSHA_DISABLE", saved_disable, 1);
    else
        unsetenv("ARMSHA_DISABLE");
}

/* Loads armsha into a fresh libctx under ARMSHA_DISABLE=value and checks the kernels and digests.
 * disabled: ARMSHA_* style mask of the families forced to portable. */
static void disable_case(const char *value, unsigned disabled)
{
    OSSL_LIB_CTX *l = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p;
    char buf[256], k[3][32], e[3][32];
    int ai, i, base_known = saved_disable == NULL || saved_disable[0] == '\0';

    setenv("ARMSHA_DISABLE", value, 1);
    ERR_clear_error();
    p = l ? OSSL_PROVIDER_load(l, "armsha") : NULL;
    restore_disable();
    if (p == NULL) {
        fail("ARMSHA_DISABLE=\"%s\": armsha failed to load", value);
        goto end;
    }
    if (!prov_string(p, "armsha-kernels", buf, sizeof(buf)) || !parse_kernels(buf, k)) {
        fail("ARMSHA_DISABLE=\"%s\": armsha-kernels unreadable or malformed (\"%s\")", value, buf);
        goto end;
    }
    if (expect_kernels != NULL && !parse_kernels(expect_kernels, e)) {
        fail("ARMSHA_EXPECT_KERNELS \"%s\" is malformed", expect_kernels);
        goto end;
    }
    for (i = 0; i < 3; i++) {
        if (disabled & (1u << i))
            CHECK(strcmp(k[i], "portable") == 0, "ARMSHA_DISABLE=\"%s\": %s kernel is %s, expected portable",
                  value, families[i], k[i]);
        else if (base_known && expect_kernels != NULL)
            CHECK(strcmp(k[i], e[i]) == 0, "ARMSHA_DISABLE=\"%s\": %s kernel is %s, expected %s", value,
                  families[i], k[i], e[i]);
    }
    printf("%s   ARMSHA_DISABLE=\"%s\" -> armsha-kernels = \"%s\"\n", prefix, value, buf);
    for (ai = 0; ai < NALGS; ai++) {
        EVP_MD *m = EVP_MD_fetch(l, algs[ai].name, NULL);
        size_t lens[] = {0, 3, algs[ai].block, 1000, 10007}, li;

        if (m == NULL) {
            fail("ARMSHA_DISABLE=\"%s\": fetch %s failed", value, algs[ai].name);
            continue;
        }
        for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
            unsigned char got[MAXMD], exp[MAXMD];
            unsigned int outl = 0;
            char label[100];

            snprintf(label, sizeof(label), "ARMSHA_DISABLE=\"%s\" %s len=%zu", value, algs[ai].name, lens[li]);
            ref_digest(ai, data + 1, lens[li], exp);
            if (!EVP_Digest(data + 1, lens[li], got, &outl, m, NULL))
                fail("%s: EVP_Digest failed", label);
            else
                same(label, got, outl, exp, algs[ai].size);
        }
        EVP_MD_free(m);
    }
end:
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(l);
}

static void test_disable_env(void)
{
    OSSL_LIB_CTX *l = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p;
    unsigned long before = n_fail, e;
    int named, i;
    const char *edata = NULL, *reason;

    if (getenv("ARMSHA_DISABLE") != NULL)
        saved_disable = OPENSSL_strdup(getenv("ARMSHA_DISABLE"));

    /* An unknown word refuses the load, with an error a user can act on. */
    for (i = 0; i < 2; i++) {
        const char *value = i == 0 ? "bogus" : "sha256,bogus";

        setenv("ARMSHA_DISABLE", value, 1);
        ERR_clear_error();
        p = l ? OSSL_PROVIDER_load(l, "armsha") : NULL;
        restore_disable();
        CHECK(p == NULL, "ARMSHA_DISABLE=\"%s\": armsha loaded anyway", value);
        CHECK(ERR_peek_error() != 0, "ARMSHA_DISABLE=\"%s\": no error in the queue", value);
        named = 0;
        while ((e = ERR_get_error_all(NULL, NULL, NULL, &edata, NULL)) != 0) {
            reason = ERR_reason_error_string(e);
            printf("%s   ARMSHA_DISABLE=\"%s\" queued error: %s%s%s\n", prefix, value,
                   reason ? reason : "(no reason string)", edata && *edata ? " : " : "", edata ? edata : "");
            named |= (reason && strstr(reason, "bogus")) || (edata && strstr(edata, "bogus"));
        }
        CHECK(named, "ARMSHA_DISABLE=\"%s\": no queued error names the unknown word \"bogus\"", value);
        OSSL_PROVIDER_unload(p);
    }
    OSSL_LIB_CTX_free(l);

    disable_case("sha256", 0x2);
    disable_case("all", 0x7);
    disable_case(" SHA512 , Sha1 ", 0x5);
    disable_case("none", 0);
    disable_case("", 0);
    /* With the environment back as it was, a fresh libctx gets the configured kernels again. */
    {
        OSSL_LIB_CTX *l2 = OSSL_LIB_CTX_new();
        OSSL_PROVIDER *p2 = l2 ? OSSL_PROVIDER_load(l2, "armsha") : NULL;
        char buf[256] = "";

        CHECK(p2 != NULL && prov_string(p2, "armsha-kernels", buf, sizeof(buf)) && expect_kernels != NULL
                  && strcmp(buf, expect_kernels) == 0,
              "after restoring ARMSHA_DISABLE a fresh libctx reports \"%s\", expected \"%s\"", buf,
              expect_kernels ? expect_kernels : "(ARMSHA_EXPECT_KERNELS unset)");
        OSSL_PROVIDER_unload(p2);
        OSSL_LIB_CTX_free(l2);
    }
    CHECK((saved_disable == NULL && getenv("ARMSHA_DISABLE") == NULL)
              || (saved_disable != NULL && getenv("ARMSHA_DISABLE") != NULL
                  && strcmp(saved_disable, getenv("ARMSHA_DISABLE")) == 0),
          "ARMSHA_DISABLE not restored");
    OPENSSL_free(saved_disable);
    saved_disable = NULL;
    if (n_fail == before)
        ok("ARMSHA_DISABLE in fresh libctxs: unknown word refuses the load with an error naming it; "
           "sha256 / all / mixed case and spaces / none / empty give the right kernels and digests");
}

static int find_armsha(OSSL_PROVIDER *p, void *arg)
{
    if (strcmp(OSSL_PROVIDER_get0_name(p), "armsha") == 0)
        *(OSSL_PROVIDER **)arg = p;
    return 1;
}

/* The provider section's "disable" key (with ARMSHA_DISABLE adding to it), from a config file. */
static void conf_disable_case(const char *key, const char *env, const char *expect_sub, int must_load)
{
    char path[] = "/tmp/armsha-test-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    OSSL_LIB_CTX *l = NULL;
    OSSL_PROVIDER *p = NULL;
    char buf[256] = "";
    int loaded = 0, named = 0;
    unsigned long e;
    const char *edata;

    if (f == NULL) {
        fail("cannot write a temporary config file");
        return;
    }
    fprintf(f, "openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n"
               "[provider_sect]\ndefault = default_sect\narmsha = armsha_sect\n"
               "[default_sect]\nactivate = 1\n[armsha_sect]\nactivate = 1\ndisable = %s\n", key);
    fclose(f);
    if (env != NULL)
        setenv("ARMSHA_DISABLE", env, 1);
    else
        unsetenv("ARMSHA_DISABLE");
    ERR_clear_error();
    l = OSSL_LIB_CTX_new();
    loaded = l != NULL && OSSL_LIB_CTX_load_config(l, path) && OSSL_PROVIDER_available(l, "armsha");
    restore_disable();
    unlink(path);
    if (!must_load) {
        CHECK(!loaded, "config disable = %s: armsha loaded anyway", key);
        while ((e = ERR_get_error_all(NULL, NULL, NULL, &edata, NULL)) != 0) {
            const char *reason = ERR_reason_error_string(e);

            printf("%s   config disable = %s: queued error: %s%s%s\n", prefix, key,
                   reason ? reason : "(no reason string)", edata && *edata ? " : " : "", edata ? edata : "");
            named |= (reason && strstr(reason, key)) || (edata && strstr(edata, key));
        }
        /* OpenSSL 3.0's config loader drops the provider's error and still returns success, so
         * only report it; the refusal to load is what is asserted. */
        printf("%s   config disable = %s: armsha not loaded (asserted); %s\n", prefix, key,
               named ? "a queued error names the word" : "no error reaches the caller (OpenSSL's config loader)");
    } else if (!loaded) {
        fail("config disable = %s (ARMSHA_DISABLE=%s): armsha not loaded", key, env ? env : "unset");
    } else {
        OSSL_PROVIDER_do_all(l, find_armsha, &p);
        if (p == NULL || !prov_string(p, "armsha-kernels", buf, sizeof(buf)))
            fail("config disable = %s: armsha-kernels unreadable", key);
        else
            CHECK(strstr(buf, expect_sub) != NULL, "config disable = %s (ARMSHA_DISABLE=%s): kernels \"%s\", "
                  "expected to contain \"%s\"", key, env ? env : "unset", buf, expect_sub);
        printf("%s   config disable = %s, ARMSHA_DISABLE=%s -> \"%s\"\n", prefix, key, env ? env : "(unset)",
               buf);
        check_configured(l, "config with a disable key");
    }
    ERR_clear_error();
    OSSL_LIB_CTX_free(l);
}

static void test_conf_disable(void)
{
    unsigned long before = n_fail;

    if (getenv("ARMSHA_DISABLE") != NULL)
        saved_disable = OPENSSL_strdup(getenv("ARMSHA_DISABLE"));
    conf_disable_case("sha512", NULL, "sha512=portable", 1);
    conf_disable_case("sha512", "sha1", "sha1=portable sha256=", 1);
    conf_disable_case("sha512", "sha1", "sha512=portable", 1);
    conf_disable_case("all", NULL, "sha1=portable sha256=portable sha512=portable", 1);
    conf_disable_case("bogus", NULL, NULL, 0);
    OPENSSL_free(saved_disable);
    saved_disable = NULL;
    if (n_fail == before)
        ok("config key \"disable\" in armsha's section (and ARMSHA_DISABLE adding to it) picks the kernels; "
           "an unknown word refuses the load");
}

int main(int argc, char **argv)
{
    const char *conf, *s;
    uint64_t seed = 0x61726d736861ull; /* "armsha" */
    size_t i;
    int child_failed;

    if (argc != 2) {
        fprintf(stderr, "usage: %s CONF_PATH   (env: OPENSSL_MODULES, ARMSHA_EXPECT_KERNELS,\n"
                        "       ARMSHA_TEST_SEED, ARMSHA_TEST_SCALE)\n", argv[0]);
        return 2;
    }
    conf = argv[1];
    if ((s = getenv("ARMSHA_TEST_SEED")) != NULL && *s != '\0')
        seed = strtoull(s, NULL, 0);
    if ((s = getenv("ARMSHA_TEST_SCALE")) != NULL && atoi(s) > 0)
        scale = (unsigned)atoi(s);
    expect_kernels = getenv("ARMSHA_EXPECT_KERNELS");
    printf("test_provider: seed %#llx (ARMSHA_TEST_SEED), scale %u (ARMSHA_TEST_SCALE), %s\n",
           (unsigned long long)seed, scale, OpenSSL_version(OPENSSL_VERSION));
    printf("  OPENSSL_MODULES=%s ARMSHA_EXPECT_KERNELS=%s ARMSHA_DISABLE=%s\n",
           getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)",
           expect_kernels ? expect_kernels : "(unset)",
           getenv("ARMSHA_DISABLE") ? getenv("ARMSHA_DISABLE") : "(unset)");
    rng_state = seed;
    for (i = 0; i < sizeof(data); i++)
        data[i] = (unsigned char)(rnd() >> 56);

    /* First, before this process uses the default libctx. */
    child_failed = run_conf_child(conf);
    if (child_failed)
        n_fail++;

    if (setup()) {
        test_provider_params();
        test_lengths();
        test_random_long();
        test_misaligned();
        test_dup();
        test_reuse();
        test_oneshot();
        test_names();
        test_metadata();
        test_hmac_pbkdf2();
        test_dispatch();
        test_evp_behaviour();
        test_ssl3_ms();
        test_conf_libctx(conf);
        test_disable_env();
        test_conf_disable();
    }
    if (expect_kernels == NULL && n_fail == 0)
        fail("ARMSHA_EXPECT_KERNELS is not set");
    printf("test_provider: %lu checks, %lu failures (seed %#llx)\n", n_checks, n_fail,
           (unsigned long long)seed);
    for (i = 0; i < NALGS; i++) {
        EVP_MD_free(md_a[i]);
        EVP_MD_free(md_d[i]);
    }
    OSSL_PROVIDER_unload(prov_a);
    OSSL_PROVIDER_unload(prov_d);
    OSSL_LIB_CTX_free(lib);
    return n_fail ? 1 : 0;
}
