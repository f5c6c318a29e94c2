/* How the armsha provider behaves when misused, against its own dispatch table and through
 * EVP: calls before init and after final, NULL and short buffers, dupctx, the one-shot
 * function, XOF final, unknown and mistyped parameters (SHA-1's ssl3-ms). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "common.h"

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
    void *provctx = OSSL_PROVIDER_get0_provider_ctx(armsha_pt.prov_a);
    unsigned long before = armsha_test_failures;
    int ai, n_oneshot = 0;

    for (ai = 0; ai < NALGS; ai++) {
        const char *n = armsha_pt.algs[ai].name;
        size_t sz = armsha_pt.algs[ai].size, outl, i, shorts[3];
        unsigned char buf[MAXMD + 32], exp[MAXMD];
        struct dfn f;
        void *ctx, *dup;
        int s;

        if (!get_dispatch(armsha_pt.prov_a, n, &f)) {
            FAIL("%s: armsha dispatch table incomplete (newctx/init/update/final/freectx/dupctx)", n);
            continue;
        }
        armsha_pt_ref_digest(ai, armsha_pt.data, 300, exp);
        ctx = f.newctx(provctx);
        /* A new context refuses work before init. */
        if (ctx != NULL) {
            memset(buf, 0xa5, sizeof(buf));
            CHECK(!f.update(ctx, armsha_pt.data, 10), "%s: dispatch update before init accepted", n);
            CHECK(!f.final(ctx, buf, &outl, sizeof(buf)), "%s: dispatch final before init accepted", n);
            CHECK(buf[0] == 0xa5 && buf[sz - 1] == 0xa5, "%s: final before init wrote output", n);
            ERR_clear_error();
        }
        if (ctx == NULL || !f.init(ctx, NULL) || !f.update(ctx, armsha_pt.data, 100)
            || !f.update(ctx, NULL, 0) || !f.update(ctx, armsha_pt.data + 100, 200)) {
            FAIL("%s: dispatch newctx/init/update failed", n);
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
            FAIL("%s: final after refused short finals failed", n);
        else {
            armsha_pt_same("dispatch final after refused short finals", buf + 3, outl, exp, sz);
            CHECK(buf[2] == 0xa5 && buf[3 + sz] == 0xa5, "%s: final wrote outside [out, out+size)", n);
        }
        /* Update after final without re-init is refused. */
        CHECK(!f.update(ctx, armsha_pt.data, 10), "%s: dispatch update after final accepted", n);
        ERR_clear_error();
        if (dup != NULL) {
            outl = 0;
            if (!f.update(dup, armsha_pt.data + 300, 50) || !f.final(dup, buf, &outl, sz)) {
                FAIL("%s: dup'ed dispatch ctx update/final failed", n);
            } else {
                armsha_pt_ref_digest(ai, armsha_pt.data, 350, exp);
                armsha_pt_same("dispatch dupctx branch", buf, outl, exp, sz);
            }
            f.freectx(dup);
        }
        /* Re-init after final makes it usable again. */
        outl = 0;
        if (!f.init(ctx, NULL) || !f.update(ctx, armsha_pt.data, 300) || !f.final(ctx, buf, &outl, sz))
            FAIL("%s: dispatch re-init after final failed", n);
        else {
            armsha_pt_ref_digest(ai, armsha_pt.data, 300, exp);
            armsha_pt_same("dispatch re-init after final", buf, outl, exp, sz);
        }
        f.freectx(ctx);

        /* The one-shot digest function, when offered: same contract as final. */
        if (f.digest != NULL) {
            size_t len = armsha_pt_rnd_below(5000);

            armsha_pt_ref_digest(ai, armsha_pt.data + 3, len, exp);
            memset(buf, 0xa5, sizeof(buf));
            outl = 0;
            if (!f.digest(provctx, armsha_pt.data + 3, len, buf + 1, &outl, sz))
                FAIL("%s: dispatch one-shot digest failed", n);
            else
                armsha_pt_same("dispatch one-shot digest", buf + 1, outl, exp, sz);
            CHECK(buf[0] == 0xa5 && buf[1 + sz] == 0xa5, "%s: one-shot digest wrote outside its output", n);
            memset(buf, 0xa5, sizeof(buf));
            CHECK(!f.digest(provctx, armsha_pt.data, len, buf, &outl, sz - 1),
                  "%s: one-shot digest with outsz %zu accepted", n, sz - 1);
            for (i = 0; i < sizeof(buf) && buf[i] == 0xa5; i++)
                ;
            CHECK(i == sizeof(buf), "%s: refused one-shot digest wrote byte %zu", n, i);
            ERR_clear_error();
        }
        n_oneshot += f.digest != NULL;
    }
    if (armsha_test_failures == before)
        armsha_test_ok(
            "dispatch table: update/final before init refused; update(NULL, 5) and final(NULL) refused; "
            "final with outsz 0, 1, size-1 refused and "
            "writes nothing, state intact; update(NULL, 0); dupctx; update after final refused; re-init "
            "after final; one-shot digest function (%d of 7 offer it) incl. short output",
            n_oneshot);
}

static void test_evp_behaviour(void)
{
    unsigned long before = armsha_test_failures;
    int ai, unknown = 7;

    for (ai = 0; ai < NALGS; ai++) {
        EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *dctx = EVP_MD_CTX_new();
        unsigned char got[MAXMD], exp[MAXMD];
        unsigned int outl = 0;
        const char *n = armsha_pt.algs[ai].name;
        OSSL_PARAM up[2];
        int ra, rd;

        if (ctx == NULL || dctx == NULL) {
            FAIL("EVP_MD_CTX_new");
            goto next;
        }
        /* Update after final: refused with an error queued (libcrypto 3.0 passes it to the provider). */
        ERR_clear_error();
        if (!EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL) || !EVP_DigestUpdate(ctx, armsha_pt.data, 10)
            || !EVP_DigestFinal_ex(ctx, got, &outl)) {
            FAIL("%s: init/update/final failed", n);
            goto next;
        }
        CHECK(EVP_DigestUpdate(ctx, armsha_pt.data, 10) == 0, "%s: EVP_DigestUpdate after final returned 1",
              n);
        CHECK(ERR_peek_error() != 0, "%s: EVP_DigestUpdate after final queued no error", n);
        ERR_clear_error();

        /* XOF final on a fixed-size digest: same answer as the default provider. */
        EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL);
        EVP_DigestInit_ex2(dctx, armsha_pt.md_d[ai], NULL);
        ra = EVP_DigestFinalXOF(ctx, got, 16);
        rd = EVP_DigestFinalXOF(dctx, exp, 16);
        CHECK(ra == rd, "%s: EVP_DigestFinalXOF returned %d, default %d", n, ra, rd);
        ERR_clear_error();

        /* Init with a parameter the digest does not know: accepted, digest unaffected. */
        up[0] = OSSL_PARAM_construct_int("armsha-test-unknown", &unknown);
        up[1] = OSSL_PARAM_construct_end();
        outl = 0;
        armsha_pt_ref_digest(ai, armsha_pt.data, 77, exp);
        if (!EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], up))
            FAIL("%s: init with an unknown parameter refused", n);
        else if (!EVP_DigestUpdate(ctx, armsha_pt.data, 77) || !EVP_DigestFinal_ex(ctx, got, &outl))
            FAIL("%s: update/final after init with unknown parameter failed", n);
        else
            armsha_pt_same("init with an unknown parameter", got, outl, exp, armsha_pt.algs[ai].size);
        ERR_clear_error();
    next:
        EVP_MD_CTX_free(ctx);
        EVP_MD_CTX_free(dctx);
    }
    if (armsha_test_failures == before)
        armsha_test_ok("EVP: update after final refused with an error; FinalXOF as default; init with "
                       "unknown param accepted");
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
        if (*setret && !EVP_DigestUpdate(ctx, armsha_pt.data, hslen))
            goto end;
    } else {
        if (!EVP_DigestInit_ex2(ctx, md, NULL) || !EVP_DigestUpdate(ctx, armsha_pt.data, hslen))
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
    unsigned long before = armsha_test_failures;
    unsigned char ms[64], got[MAXMD], exp[MAXMD];
    int ival = 48, sa = 0, sd = 0, fa, fd;
    size_t h;
    OSSL_PARAM p[2];
    char label[120];

    memcpy(ms, armsha_pt.data + 500, sizeof(ms));
    for (h = 0; h < sizeof(hslens) / sizeof(hslens[0]); h++) {
        size_t len = hslens[h];
        size_t mslens[] = {48, 47, 49, 0};
        size_t m;

        for (m = 0; m < 4; m++) {
            p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, mslens[m]);
            p[1] = OSSL_PARAM_construct_end();
            fa = ssl3(armsha_pt.md_a[0], len, p, 0, &sa, got);
            fd = ssl3(armsha_pt.md_d[0], len, p, 0, &sd, exp);
            snprintf(label, sizeof(label), "SHA1 ssl3-ms (%zu bytes) after %zu handshake bytes", mslens[m],
                     len);
            CHECK((sa == 1) == (sd == 1), "%s: set_params armsha %d, default %d", label, sa, sd);
            CHECK(fa && fd, "%s: final failed (armsha %d, default %d)", label, fa, fd);
            if (fa && fd)
                armsha_pt_same(label, got, 20, exp, 20);
        }
        /* Wrong type, also with 48 bytes behind it: as the default provider of the OpenSSL
         * running (3.0 to 3.6 ignore it and return 1; 4.0 hashes a UTF-8 string in and
         * refuses an integer without an error). The pointer types, where 4.0's default reads
         * past the caller's pointer variable, are the parameter differential's
         * (test/param_scen.c lists that difference, test/test_param_cases.c ssl3-ms-type). */
        for (m = 0; m < 2; m++) {
            if (m == 0)
                p[0] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_SSL3_MS, &ival);
            else
                p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DIGEST_PARAM_SSL3_MS, (char *)ms, 48);
            p[1] = OSSL_PARAM_construct_end();
            fa = ssl3(armsha_pt.md_a[0], len, p, 0, &sa, got);
            fd = ssl3(armsha_pt.md_d[0], len, p, 0, &sd, exp);
            snprintf(label, sizeof(label), "SHA1 ssl3-ms as %s after %zu handshake bytes",
                     m == 0 ? "int" : "48-byte UTF8 string", len);
            CHECK(sa == sd, "%s: set_params armsha %d, default %d (-1: refused, no error)", label,
                  sa, sd);
            if (fa && fd)
                armsha_pt_same("digest after an ssl3-ms of the wrong type", got, 20, exp, 20);
            else
                FAIL("%s: final failed after the set_params", label);
        }
    }
    /* Through init params as libssl could pass them. */
    p[0] = OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_SSL3_MS, &ival);
    p[1] = OSSL_PARAM_construct_end();
    ssl3(armsha_pt.md_a[0], 10, p, 1, &sa, got);
    ssl3(armsha_pt.md_d[0], 10, p, 1, &sd, exp);
    CHECK(sa == sd, "SHA1 init with ssl3-ms of the wrong type (int): armsha %d, default %d", sa, sd);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DIGEST_PARAM_SSL3_MS, (char *)ms, 48);
    fa = ssl3(armsha_pt.md_a[0], 10, p, 1, &sa, got);
    fd = ssl3(armsha_pt.md_d[0], 10, p, 1, &sd, exp);
    CHECK(sa == sd, "SHA1 init with ssl3-ms of the wrong type (48-byte UTF8 string): armsha %d, "
          "default %d", sa, sd);
    if (fa && fd)
        armsha_pt_same("SHA1 init with a 48-byte UTF8 ssl3-ms", got, 20, exp, 20);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, 47);
    ssl3(armsha_pt.md_a[0], 10, p, 1, &sa, got);
    ssl3(armsha_pt.md_d[0], 10, p, 1, &sd, exp);
    CHECK((sa == 1) == (sd == 1), "SHA1 init with a 47-byte ssl3-ms: armsha %d, default %d", sa, sd);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, ms, 48);
    fa = ssl3(armsha_pt.md_a[0], 10, p, 1, &sa, got);
    fd = ssl3(armsha_pt.md_d[0], 10, p, 1, &sd, exp);
    CHECK((sa == 1) == (sd == 1), "SHA1 init with a 48-byte ssl3-ms: armsha %d, default %d", sa, sd);
    if (fa && fd)
        armsha_pt_same("SHA1 init with a 48-byte ssl3-ms", got, 20, exp, 20);
    if (armsha_test_failures == before)
        armsha_test_ok("SHA-1 ssl3-ms: 48 bytes gives the default's digest after 6 handshake lengths; "
           "47/49/0 bytes and a wrong type answered as the default does, state intact");
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_api");
    if (armsha_pt_setup()) {
        test_dispatch();
        test_evp_behaviour();
        test_ssl3_ms();
    }
    return armsha_pt_finish();
}
