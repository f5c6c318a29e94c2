/* The armsha provider's names and metadata against the default provider's: every name and
 * OID fetches it, it declares the default's names, serves exactly the seven digests, and
 * reports the same sizes, flags and parameters. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "common.h"

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
    unsigned long before = armsha_test_failures;
    struct mdlist provided = {0};
    int ai, i;

    if (pa == NULL || pd == NULL) {
        FAIL("cannot load armsha / default alone in a fresh OSSL_LIB_CTX");
        goto end;
    }
    for (ai = 0; ai < NALGS; ai++) {
        struct nameset expect = {0}, got_a = {0}, got_d = {0}, decl_a = {0}, decl_d = {0};
        char es[512], gs[512];
        unsigned char ref[MAXMD], got[MAXMD];
        EVP_MD *fa = EVP_MD_fetch(la, armsha_pt.algs[ai].name, NULL),
               *fd = EVP_MD_fetch(ld, armsha_pt.algs[ai].name, NULL);

        /* Each alias and OID fetches the armsha implementation in the shared libctx. */
        nameset_split(&expect, armsha_pt.algs[ai].names);
        armsha_pt_ref_digest(ai, armsha_pt.data, 1000, ref);
        for (i = 0; i < expect.n; i++) {
            EVP_MD *m = EVP_MD_fetch(armsha_pt.lib, expect.v[i], "provider=armsha");
            unsigned int outl = 0;
            char label[100];

            snprintf(label, sizeof(label), "%s fetched as \"%s\"", armsha_pt.algs[ai].name, expect.v[i]);
            if (m == NULL) {
                FAIL("EVP_MD_fetch(\"%s\", \"provider=armsha\") failed", expect.v[i]);
                continue;
            }
            CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)), "armsha") == 0,
                  "%s: from provider %s", label, OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m)));
            if (!EVP_Digest(armsha_pt.data, 1000, got, &outl, m, NULL))
                FAIL("%s: EVP_Digest failed", label);
            else
                armsha_pt_same(label, got, outl, ref, armsha_pt.algs[ai].size);
            EVP_MD_free(m);
        }

        /* The provider's own declared names equal the default provider's. */
        CHECK(declared_names(armsha_pt.prov_a, armsha_pt.algs[ai].name, &decl_a) == 1,
              "armsha declares %s in not exactly one OSSL_ALGORITHM entry", armsha_pt.algs[ai].name);
        declared_names(armsha_pt.prov_d, armsha_pt.algs[ai].name, &decl_d);
        CHECK(nameset_equal(&decl_a, &decl_d, gs, es, sizeof(es)),
              "%s declared names differ:\n      armsha  %s\n      default %s", armsha_pt.algs[ai].name, gs,
              es);
        nameset_free(&decl_a);
        nameset_free(&decl_d);

        /* EVP_MD_names_do_all, each provider alone (one libctx shares one namemap between providers). */
        if (fa == NULL || fd == NULL) {
            FAIL("%s: fetch in a libctx with armsha alone %s, default alone %s", armsha_pt.algs[ai].name,
                 fa ? "ok" : "FAILED", fd ? "ok" : "FAILED");
        } else {
            EVP_MD_names_do_all(fa, nameset_add, &got_a);
            EVP_MD_names_do_all(fd, nameset_add, &got_d);
            CHECK(nameset_equal(&got_a, &got_d, gs, es, sizeof(es)),
                  "%s EVP_MD_names_do_all differs:\n      armsha  %s\n      default %s",
                  armsha_pt.algs[ai].name, gs, es);
            CHECK(EVP_MD_get_type(fa) == EVP_MD_get_type(fd), "%s type %d, default %d (alone)",
                  armsha_pt.algs[ai].name, EVP_MD_get_type(fa), EVP_MD_get_type(fd));
            for (i = 0; i < expect.n; i++)
                CHECK(EVP_MD_is_a(fa, expect.v[i]), "armsha %s is not a \"%s\"", armsha_pt.algs[ai].name,
                      expect.v[i]);
        }
        if (ai == 2)
            printf("%s   names of SHA2-256: %s\n", armsha_test_prefix, gs);
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
            hit += strcasecmp(provided.names[i], armsha_pt.algs[ai].name) == 0;
        CHECK(hit == 1, "%s listed %d times by EVP_MD_do_all_provided on armsha", armsha_pt.algs[ai].name,
              hit);
    }
    if (armsha_test_failures == before)
        armsha_test_ok(
            "fetch by every name and OID with provider=armsha; declared names, EVP_MD_names_do_all, "
            "EVP_MD_is_a and type equal the default provider's; armsha serves exactly the 7 digests");
end:
    OSSL_PROVIDER_unload(pa);
    OSSL_PROVIDER_unload(pd);
    OSSL_LIB_CTX_free(la);
    OSSL_LIB_CTX_free(ld);
}

static void test_metadata(void)
{
    unsigned long before = armsha_test_failures;
    int ai;

    for (ai = 0; ai < NALGS; ai++) {
        const EVP_MD *a = armsha_pt.md_a[ai], *d = armsha_pt.md_d[ai];
        const OSSL_PARAM *gd, *ga = EVP_MD_gettable_params(a);
        size_t bs[2] = {0, 0}, sz[2] = {0, 0};
        int xof[2] = {-1, -1}, absent[2] = {-1, -1}, r[2], k;
        const char *n = armsha_pt.algs[ai].name;

        CHECK(EVP_MD_get_size(a) == EVP_MD_get_size(d) && EVP_MD_get_size(a) == (int)armsha_pt.algs[ai].size,
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
    if (armsha_test_failures == before)
        armsha_test_ok("size, block size, type, flags, get_params (blocksize size xof algid-absent), "
           "gettable and settable-ctx lists equal the default provider's");
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_names");
    if (armsha_pt_setup()) {
        test_names();
        test_metadata();
    }
    return armsha_pt_finish();
}
