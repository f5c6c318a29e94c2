/* OpenSSL 4.0's EVP_MD_CTX_serialize/deserialize: armsha writes the default provider's own
 * bytes, a state saved under either provider resumes under the other and gives the default's
 * digest, and blobs that are not a state of that digest are refused by both, leaving the
 * context as it was. Built only against headers that have OSSL_FUNC_DIGEST_SERIALIZE. */
#include <stdio.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "common.h"

#define MAXSTATE 256
#define MAGIC_AND_LENGTHS 16 /* "SHA256v1", md_len, num */

/* Where the buffer starts in a blob, and the family's block: from the format's layout. */
static size_t data_offset(size_t block) { return block == 64 ? 16 + 32 + 8 : 16 + 64 + 16; }

/* ctx from md fed msg[0, len) in two updates; NULL if that failed. */
static EVP_MD_CTX *fed(EVP_MD *md, const unsigned char *msg, size_t len)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, md, NULL) || !EVP_DigestUpdate(ctx, msg, len / 3)
        || !EVP_DigestUpdate(ctx, msg + len / 3, len - len / 3)) {
        EVP_MD_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

static int serialize(EVP_MD_CTX *ctx, unsigned char *out, size_t *outl)
{
    size_t need = 0;

    *outl = MAXSTATE;
    return EVP_MD_CTX_serialize(ctx, NULL, &need) && need <= MAXSTATE
           && EVP_MD_CTX_serialize(ctx, out, outl) && *outl == need;
}

/* A fresh context of md loads blob, hashes msg[from, to) and must give the default's
 * one-shot digest of msg[0, to). */
static void resume(int ai, EVP_MD *md, const char *who, const unsigned char *blob, size_t bl,
                   size_t from, size_t to, const char *what)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned int gl = 0;
    char label[160];

    snprintf(label, sizeof(label), "%s: %s state after %zu bytes resumed under %s, %zu more",
             armsha_pt.algs[ai].name, what, from, who, to - from);
    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, md, NULL) || !EVP_MD_CTX_deserialize(ctx, blob, bl)
        || !EVP_DigestUpdate(ctx, armsha_pt.data + from, to - from) || !EVP_DigestFinal_ex(ctx, got, &gl)) {
        FAIL("%s: failed", label);
        ERR_print_errors_fp(stderr);
    } else {
        armsha_pt_ref_digest(ai, armsha_pt.data, to, exp);
        armsha_pt_same(label, got, gl, exp, armsha_pt.algs[ai].size);
    }
    EVP_MD_CTX_free(ctx);
}

static void test_round_trips(void)
{
    unsigned long before = armsha_test_failures;
    int ai, states = 0;

    for (ai = 1; ai < NALGS; ai++) { /* the SHA-2 digests: the default serializes no SHA-1 */
        size_t b = armsha_pt.algs[ai].block;
        /* The known states (0, 3, 64, 100 bytes), each side of a block boundary, on it,
         * several blocks in: mid-block and whole blocks. */
        size_t lens[] = {0, 3, 64, 100, b - 1, b, b + 1, 2 * b, 3 * b + 17, 1000};

        for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
            size_t len = lens[li], more = li * 37 % (2 * b), la, ld, off = data_offset(b);
            unsigned char ba[MAXSTATE], bd[MAXSTATE];
            EVP_MD_CTX *ca = fed(armsha_pt.md_a[ai], armsha_pt.data, len);
            EVP_MD_CTX *cd = fed(armsha_pt.md_d[ai], armsha_pt.data, len);
            char label[120];

            snprintf(label, sizeof(label), "%s serialized after %zu bytes", armsha_pt.algs[ai].name, len);
            if (ca == NULL || cd == NULL || !serialize(ca, ba, &la) || !serialize(cd, bd, &ld)) {
                FAIL("%s: serialize failed (armsha %p, default %p)", label, (void *)ca, (void *)cd);
                ERR_print_errors_fp(stderr);
            } else if (la != ld) {
                FAIL("%s: %zu bytes from armsha, %zu from default", label, la, ld);
            } else {
                size_t num = len % b;

                /* Magic, lengths, chaining state, bit count and the message tail: the
                 * default's bytes. Behind the tail the default's SHA-512 may keep bytes of
                 * an earlier block that nothing reads; armsha writes zeros there. */
                armsha_pt_same(label, ba, off + num, bd, off + num);
                for (size_t i = off + num; i < la; i++)
                    if (ba[i] != 0) {
                        FAIL("%s: byte %zu behind the tail is %02x", label, i, ba[i]);
                        break;
                    }
                resume(ai, armsha_pt.md_d[ai], "default", ba, la, len, len + more, "armsha's");
                resume(ai, armsha_pt.md_a[ai], "armsha", bd, ld, len, len + more, "default's");
                resume(ai, armsha_pt.md_a[ai], "armsha", ba, la, len, len + more, "armsha's");
                /* Serializing does not end the message: the source goes on. */
                {
                    unsigned char got[MAXMD], exp[MAXMD];
                    unsigned int gl = 0;

                    if (EVP_DigestUpdate(ca, armsha_pt.data + len, more) && EVP_DigestFinal_ex(ca, got, &gl)) {
                        armsha_pt_ref_digest(ai, armsha_pt.data, len + more, exp);
                        armsha_pt_same("armsha context after its serialize", got, gl, exp,
                                       armsha_pt.algs[ai].size);
                    } else {
                        FAIL("%s: the armsha context failed after serialize", label);
                    }
                    /* EVP refuses a finished context for either provider. */
                    CHECK(!EVP_MD_CTX_serialize(ca, ba, &la), "%s: serialize after final accepted", label);
                }
                states++;
            }
            EVP_MD_CTX_free(ca);
            EVP_MD_CTX_free(cd);
            ERR_clear_error();
        }
    }
    if (armsha_test_failures == before)
        armsha_test_ok("%d states of the 6 SHA-2 digests (0, 3, 64, 100 bytes, around and on block boundaries): "
                       "armsha's bytes are the default's; armsha->default, default->armsha and "
                       "armsha->armsha resume to the default's digest", states);
}

/* Both providers load blob (bl bytes) into a context of digest ai fed 5 bytes: the return
 * values and the error queue's emptiness must agree, and after a refusal both contexts
 * must still be the 5-byte state (the default's digest of the 5 bytes and 7 more). */
static int try_load(int ai, const unsigned char *blob, size_t bl, const char *what)
{
    int r[2], errs[2];
    EVP_MD *mds[2] = {armsha_pt.md_a[ai], armsha_pt.md_d[ai]};
    unsigned char got[2][MAXMD], exp[MAXMD];
    char label[160];

    snprintf(label, sizeof(label), "%s: %s", armsha_pt.algs[ai].name, what);
    armsha_pt_ref_digest(ai, armsha_pt.data, 12, exp);
    for (int p = 0; p < 2; p++) {
        EVP_MD_CTX *ctx = fed(mds[p], armsha_pt.data, 5);
        unsigned int gl = 0;

        ERR_clear_error();
        r[p] = ctx != NULL && EVP_MD_CTX_deserialize(ctx, blob, bl);
        errs[p] = ERR_peek_error() != 0;
        ERR_clear_error();
        if (ctx == NULL || !EVP_DigestUpdate(ctx, armsha_pt.data + 5, 7) || !EVP_DigestFinal_ex(ctx, got[p], &gl))
            FAIL("%s: the context is unusable after the load (%s)", label, p ? "default" : "armsha");
        EVP_MD_CTX_free(ctx);
    }
    CHECK(r[0] == r[1], "%s: armsha %s, default %s", label, r[0] ? "loads it" : "refuses",
          r[1] ? "loads it" : "refuses");
    CHECK(errs[0] == errs[1], "%s: error queue armsha %s, default %s", label, errs[0] ? "set" : "empty",
          errs[1] ? "set" : "empty");
    if (!r[0])
        armsha_pt_same("armsha context after a refused load", got[0], armsha_pt.algs[ai].size, exp,
                       armsha_pt.algs[ai].size);
    return r[0] == r[1];
}

static void test_refusals(void)
{
    unsigned long before = armsha_test_failures;
    int cases = 0, ai;

    for (ai = 1; ai < NALGS; ai++) {
        size_t b = armsha_pt.algs[ai].block, bl;
        unsigned char blob[MAXSTATE + 1], bad[MAXSTATE + 1];
        EVP_MD_CTX *cd = fed(armsha_pt.md_d[ai], armsha_pt.data, 100);

        if (cd == NULL || !serialize(cd, blob, &bl)) {
            FAIL("%s: the default's serialize failed", armsha_pt.algs[ai].name);
            EVP_MD_CTX_free(cd);
            continue;
        }
        EVP_MD_CTX_free(cd);
        blob[bl] = 0;
        /* Truncated at every length, one byte long, and empty with a NULL pointer. */
        for (size_t n = 0; n < bl; n += (n < 20 ? 1 : 13))
            cases += try_load(ai, blob, n, "truncated blob");
        cases += try_load(ai, blob, bl + 1, "blob one byte long");
        cases += try_load(ai, NULL, bl, "NULL blob");
        /* A foreign magic, and the other family's magic. */
        memcpy(bad, blob, bl);
        bad[0] ^= 0x20;
        cases += try_load(ai, bad, bl, "blob with another magic");
        memcpy(bad, blob, bl);
        memcpy(bad, b == 64 ? "SHA512v1" : "SHA256v1", 8);
        cases += try_load(ai, bad, bl, "blob with the other family's magic");
        /* Another digest length: a SHA-224 state into SHA-256, and so on. */
        memcpy(bad, blob, bl);
        bad[8] ^= 0x04;
        cases += try_load(ai, bad, bl, "blob of another digest length");
        /* A tail of a whole block or more. */
        memcpy(bad, blob, bl);
        bad[12] = (unsigned char)b;
        cases += try_load(ai, bad, bl, "blob with a tail of a whole block");
        memcpy(bad, blob, bl);
        bad[15] = 0x80;
        cases += try_load(ai, bad, bl, "blob with a huge tail");
        /* Every other digest's state. */
        for (int o = 1; o < NALGS; o++) {
            EVP_MD_CTX *co = o == ai ? NULL : fed(armsha_pt.md_d[o], armsha_pt.data, 100);
            unsigned char ob[MAXSTATE];
            size_t ol;

            if (co != NULL && serialize(co, ob, &ol))
                cases += try_load(ai, ob, ol, "another digest's state");
            EVP_MD_CTX_free(co);
        }
    }
    /* SHA-1: neither provider serializes it (the default has no such function for it). */
    {
        EVP_MD_CTX *ca = fed(armsha_pt.md_a[0], armsha_pt.data, 10);
        EVP_MD_CTX *cd = fed(armsha_pt.md_d[0], armsha_pt.data, 10);
        size_t la = 0, ld = 0;
        unsigned char blob[MAXSTATE] = "SHA1";

        CHECK(ca && cd && !EVP_MD_CTX_serialize(ca, NULL, &la) && !EVP_MD_CTX_serialize(cd, NULL, &ld),
              "SHA1: serialize accepted (armsha size %zu, default %zu)", la, ld);
        CHECK(ca && cd && !EVP_MD_CTX_deserialize(ca, blob, 120) && !EVP_MD_CTX_deserialize(cd, blob, 120),
              "SHA1: deserialize accepted");
        EVP_MD_CTX_free(ca);
        EVP_MD_CTX_free(cd);
        ERR_clear_error();
    }
    /* A short output buffer: refused by both, without writing. */
    for (ai = 1; ai < NALGS; ai++) {
        EVP_MD_CTX *ca = fed(armsha_pt.md_a[ai], armsha_pt.data, 10);
        EVP_MD_CTX *cd = fed(armsha_pt.md_d[ai], armsha_pt.data, 10);
        unsigned char out[MAXSTATE];
        size_t la = 0, ld = 0;

        if (ca && cd && EVP_MD_CTX_serialize(ca, NULL, &la) && EVP_MD_CTX_serialize(cd, NULL, &ld)) {
            CHECK(la == ld, "%s: size armsha %zu, default %zu", armsha_pt.algs[ai].name, la, ld);
            la--, ld--;
            memset(out, 0xa5, sizeof(out));
            CHECK(!EVP_MD_CTX_serialize(ca, out, &la) && !EVP_MD_CTX_serialize(cd, out, &ld),
                  "%s: serialize into a buffer one byte short accepted", armsha_pt.algs[ai].name);
            CHECK(out[0] == 0xa5, "%s: a refused serialize wrote", armsha_pt.algs[ai].name);
        } else {
            FAIL("%s: size query failed", armsha_pt.algs[ai].name);
        }
        EVP_MD_CTX_free(ca);
        EVP_MD_CTX_free(cd);
        ERR_clear_error();
    }
    if (armsha_test_failures == before)
        armsha_test_ok("%d foreign, truncated and corrupt blobs refused by both providers alike (no error "
                       "queued, the context left as it was); SHA-1 not serialized; short buffer refused",
                       cases);
}

/* Deliberate difference: a blob whose bit count disagrees with its tail length (or is not
 * whole bytes) describes no message; the default provider loads it anyway, armsha, whose
 * core counts bytes with the tail as their remainder, cannot represent it and refuses. */
static void test_inconsistent(void)
{
    unsigned long before = armsha_test_failures;

    for (int ai = 1; ai < NALGS; ai++) {
        EVP_MD_CTX *cd = fed(armsha_pt.md_d[ai], armsha_pt.data, 3);
        EVP_MD_CTX *ca = fed(armsha_pt.md_a[ai], armsha_pt.data, 3);
        unsigned char blob[MAXSTATE];
        size_t bl;

        if (cd == NULL || ca == NULL || !serialize(cd, blob, &bl)) {
            FAIL("%s: serialize failed", armsha_pt.algs[ai].name);
        } else {
            blob[12] = 5; /* a 5-byte tail with a 24-bit count */
            CHECK(!EVP_MD_CTX_deserialize(ca, blob, bl), "%s: armsha loaded a tail of 5 with a count of 3 bytes",
                  armsha_pt.algs[ai].name);
            blob[12] = 3;
            blob[data_offset(armsha_pt.algs[ai].block) - (armsha_pt.algs[ai].block == 64 ? 8 : 16)] = 25;
            CHECK(!EVP_MD_CTX_deserialize(ca, blob, bl), "%s: armsha loaded a 25-bit count",
                  armsha_pt.algs[ai].name);
        }
        EVP_MD_CTX_free(cd);
        EVP_MD_CTX_free(ca);
        ERR_clear_error();
    }
    if (armsha_test_failures == before)
        armsha_test_ok("deliberate difference: a count that is not whole bytes or disagrees with the tail "
                       "is refused (the default loads it)");
}

/* One digest's dispatch functions as prov's query gives them: EVP_MD_CTX_deserialize (4.0)
 * refuses a finalized context before any provider sees it, so only a direct call shows
 * what the provider itself does there. */
typedef struct direct_md {
    void *provctx;
    OSSL_FUNC_digest_newctx_fn *newctx;
    OSSL_FUNC_digest_init_fn *init;
    OSSL_FUNC_digest_update_fn *update;
    OSSL_FUNC_digest_final_fn *final;
    OSSL_FUNC_digest_freectx_fn *freectx;
    OSSL_FUNC_digest_serialize_fn *serialize;
    OSSL_FUNC_digest_deserialize_fn *deserialize;
} direct_md;

static int direct_lookup(OSSL_PROVIDER *prov, const char *name, direct_md *m)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache);

    memset(m, 0, sizeof(*m));
    m->provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    for (; a != NULL && a->algorithm_names != NULL; a++) {
        size_t n = strlen(name);

        if (strncmp(a->algorithm_names, name, n) != 0 || (a->algorithm_names[n] != ':' && a->algorithm_names[n] != 0))
            continue;
        for (const OSSL_DISPATCH *f = a->implementation; f->function_id != 0; f++) {
            switch (f->function_id) {
            case OSSL_FUNC_DIGEST_NEWCTX: m->newctx = OSSL_FUNC_digest_newctx(f); break;
            case OSSL_FUNC_DIGEST_INIT: m->init = OSSL_FUNC_digest_init(f); break;
            case OSSL_FUNC_DIGEST_UPDATE: m->update = OSSL_FUNC_digest_update(f); break;
            case OSSL_FUNC_DIGEST_FINAL: m->final = OSSL_FUNC_digest_final(f); break;
            case OSSL_FUNC_DIGEST_FREECTX: m->freectx = OSSL_FUNC_digest_freectx(f); break;
            case OSSL_FUNC_DIGEST_SERIALIZE: m->serialize = OSSL_FUNC_digest_serialize(f); break;
            case OSSL_FUNC_DIGEST_DESERIALIZE: m->deserialize = OSSL_FUNC_digest_deserialize(f); break;
            default: break;
            }
        }
        break;
    }
    return m->newctx && m->init && m->update && m->final && m->freectx && m->serialize && m->deserialize;
}

/* newctx -> init -> update -> final -> deserialize(a valid state) through the dispatch
 * functions: armsha, whose final wiped the core with its kernel pointer, must load it as
 * the default does and go on to the default's digest (it once took the state and then
 * jumped to address 0 at the next update); a corrupt blob there is refused, and the
 * context stays finished. */
static void test_finished_direct(void)
{
    unsigned long before = armsha_test_failures;

    for (int ai = 1; ai < NALGS; ai++) {
        const char *name = armsha_pt.algs[ai].name;
        direct_md a, d;
        unsigned char blob[MAXSTATE], got[MAXMD], exp[MAXMD], junk[MAXMD];
        size_t bl = sizeof(blob), gl = 0, size = armsha_pt.algs[ai].size;
        void *ca = NULL, *cd = NULL, *cs = NULL;
        int ra, rd;

        if (!direct_lookup(armsha_pt.prov_a, name, &a) || !direct_lookup(armsha_pt.prov_d, name, &d)) {
            FAIL("%s: dispatch functions not found", name);
            continue;
        }
        /* The state after 100 bytes, from the default's own functions. */
        cs = d.newctx(d.provctx);
        if (cs == NULL || !d.init(cs, NULL) || !d.update(cs, armsha_pt.data, 100)
            || !d.serialize(cs, blob, &bl)) {
            FAIL("%s: the default's serialize failed", name);
            if (cs != NULL)
                d.freectx(cs);
            continue;
        }
        d.freectx(cs);
        ca = a.newctx(a.provctx);
        cd = d.newctx(d.provctx);
        if (ca == NULL || cd == NULL || !a.init(ca, NULL) || !d.init(cd, NULL)
            || !a.update(ca, armsha_pt.data, 3) || !d.update(cd, armsha_pt.data, 3)
            || !a.final(ca, junk, &gl, sizeof(junk)) || !d.final(cd, junk, &gl, sizeof(junk))) {
            FAIL("%s: newctx/init/update/final failed", name);
        } else {
            /* A corrupt blob first: refused, and the context still refuses to hash on. */
            blob[0] ^= 1;
            CHECK(!a.deserialize(ca, blob, bl), "%s: a finished armsha context took a corrupt blob", name);
            blob[0] ^= 1;
            CHECK(!a.update(ca, armsha_pt.data, 1),
                  "%s: a finished context hashed on after a refused load", name);
            ERR_clear_error();
            ra = a.deserialize(ca, blob, bl);
            rd = d.deserialize(cd, blob, bl);
            CHECK(ra == rd, "%s: deserialize into a finished context: armsha %d, default %d", name, ra, rd);
            if (ra) {
                armsha_pt_ref_digest(ai, armsha_pt.data, 100 + 77, exp);
                gl = 0;
                CHECK(a.update(ca, armsha_pt.data + 100, 77) && a.final(ca, got, &gl, sizeof(got)),
                      "%s: update/final after loading into a finished context failed", name);
                armsha_pt_same("state loaded into a finished armsha context, 77 more bytes", got, gl,
                               exp, size);
            }
        }
        if (ca != NULL)
            a.freectx(ca);
        if (cd != NULL)
            d.freectx(cd);
        ERR_clear_error();
    }
    if (armsha_test_failures == before)
        armsha_test_ok("through the dispatch functions: a state loaded into a finished context resumes "
                       "as under the default, a corrupt one is refused and the context stays finished");
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_serialize");
    if (armsha_pt_setup()) {
        test_round_trips();
        test_refusals();
        test_inconsistent();
        test_finished_direct();
    }
    return armsha_pt_finish();
}
