/* The armsha provider's digests against the default provider's: every length, random long
 * messages, misaligned buffers, contexts duplicated mid-stream, reused, and one-shot calls. */
#include <stdio.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "common.h"

static void test_lengths(void)
{
    int ai;
    size_t len;
    unsigned long before = armsha_test_failures;

    ERR_clear_error();
    for (ai = 0; ai < NALGS; ai++)
        for (len = 0; len <= 1100; len++) {
            armsha_pt_check_digest(ai, armsha_pt.data, len, 0, "one update");
            armsha_pt_check_digest(ai, armsha_pt.data, len, 1, "random split");
        }
    /* Byte-at-a-time on a few boundary-crossing lengths. */
    for (ai = 0; ai < NALGS; ai++)
        for (len = 0; len <= 2 * armsha_pt.algs[ai].block + 3; len += 1 + (len > 8 ? 7 : 0))
            armsha_pt_check_digest(ai, armsha_pt.data + 1, len, 2, "byte at a time");
    CHECK(ERR_peek_error() == 0, "successful digests left an error in the queue");
    if (armsha_test_failures == before)
        armsha_test_ok("every length 0..1100, one update and random splits (with empty updates), 7 digests");
}

static void test_random_long(void)
{
    int ai;
    unsigned i, count = 24 * armsha_pt.scale;
    unsigned long before = armsha_test_failures;

    for (ai = 0; ai < NALGS; ai++)
        for (i = 0; i < count; i++) {
            size_t len = armsha_pt_rnd_below(MAXLEN + 1), off = armsha_pt_rnd_below(16);

            armsha_pt_check_digest(ai, armsha_pt.data + off, len, (int)(i & 1),
                                   i & 1 ? "long random split" : "long one update");
        }
    if (armsha_test_failures == before)
        armsha_test_ok("%u random lengths up to %d bytes per digest, random offsets and splits", count,
                       MAXLEN);
}

static void test_misaligned(void)
{
    static const size_t lens[] = {0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 4099};
    unsigned char outbuf[MAXMD + 32], exp[MAXMD];
    unsigned long before = armsha_test_failures;
    int ai;
    size_t off, li;

    for (ai = 0; ai < NALGS; ai++)
        for (off = 0; off < 16; off++)
            for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
                EVP_MD_CTX *ctx = EVP_MD_CTX_new();
                unsigned int outl = 0;
                size_t outoff = (off * 7 + li) % 16;
                char label[120];

                armsha_pt_ref_digest(ai, armsha_pt.data + off, lens[li], exp);
                snprintf(label, sizeof(label), "%s misaligned in+%zu out+%zu len=%zu",
                         armsha_pt.algs[ai].name, off, outoff, lens[li]);
                if (ctx == NULL || !EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL)
                    || !EVP_DigestUpdate(ctx, armsha_pt.data + off, lens[li])
                    || !EVP_DigestFinal_ex(ctx, outbuf + outoff, &outl))
                    FAIL("%s: EVP call failed", label);
                else
                    armsha_pt_same(label, outbuf + outoff, outl, exp, armsha_pt.algs[ai].size);
                EVP_MD_CTX_free(ctx);
            }
    if (armsha_test_failures == before)
        armsha_test_ok("input at offsets 0..15 and output at odd offsets, 15 lengths, 7 digests");
}

/* Finishes ctx with msg[from..to) and checks the digest of msg[0..to). */
static void finish_check(int ai, EVP_MD_CTX *ctx, const unsigned char *msg, size_t from, size_t to,
                         const char *what)
{
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned int outl = 0;
    char label[160];

    snprintf(label, sizeof(label), "%s %s (prefix %zu, total %zu)", armsha_pt.algs[ai].name, what, from, to);
    armsha_pt_ref_digest(ai, msg, to, exp);
    if (!armsha_pt_update_split(ctx, msg + from, to - from, armsha_pt.algs[ai].block)
        || !EVP_DigestFinal_ex(ctx, got, &outl))
        FAIL("%s: EVP call failed", label);
    else
        armsha_pt_same(label, got, outl, exp, armsha_pt.algs[ai].size);
}

static void test_dup(void)
{
    static const size_t prefixes[] = {0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 200, 1000};
    size_t np = sizeof(prefixes) / sizeof(prefixes[0]);
    unsigned char m1[3000], m2[3000], m3[3000];
    unsigned long before = armsha_test_failures;
    int ai;
    size_t pi;

    for (ai = 0; ai < NALGS; ai++)
        for (pi = 0; pi < np + 16 * armsha_pt.scale; pi++) {
            size_t pre = pi < np ? prefixes[pi] : armsha_pt_rnd_below(1500);
            size_t t1 = pre + armsha_pt_rnd_below(1400), t2 = pre + armsha_pt_rnd_below(1400),
                   t3 = pre + armsha_pt_rnd_below(1400);
            EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *c1 = EVP_MD_CTX_new(), *c2 = NULL;

            /* Three messages sharing a prefix and differing after it. */
            memcpy(m1, armsha_pt.data, t1);
            memcpy(m2, armsha_pt.data, t2);
            memcpy(m3, armsha_pt.data, t3);
            if (t2 > pre)
                m2[pre] ^= 0x01;
            if (t3 > pre)
                m3[pre] ^= 0x80;

            /* Make c1 an armsha context of another algorithm first, so copy_ex must replace it. */
            if (ctx == NULL || c1 == NULL || !EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL)
                || !EVP_DigestInit_ex2(c1, armsha_pt.md_a[(ai + 1) % NALGS], NULL)
                || !EVP_DigestUpdate(c1, armsha_pt.data, 5)
                || !armsha_pt_update_split(ctx, armsha_pt.data, pre, armsha_pt.algs[ai].block)
                || !EVP_MD_CTX_copy_ex(c1, ctx)) {
                FAIL("%s dup setup failed (prefix %zu)", armsha_pt.algs[ai].name, pre);
                goto next;
            }
            CHECK(EVP_MD_CTX_get0_md(c1) != NULL
                      && EVP_MD_get_size(EVP_MD_CTX_get0_md(c1)) == (int)armsha_pt.algs[ai].size,
                  "%s copy_ex: copied context reports the wrong digest", armsha_pt.algs[ai].name);
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
                FAIL("%s second dup failed (prefix %zu)", armsha_pt.algs[ai].name, pre);
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
    if (armsha_test_failures == before)
        armsha_test_ok(
            "context duplication mid-stream (EVP_MD_CTX_copy_ex, %s) at %zu prefixes, three branches each",
#if OPENSSL_VERSION_NUMBER >= 0x30100000L
            "EVP_MD_CTX_dup",
#else
            "EVP_MD_CTX_copy; EVP_MD_CTX_dup needs OpenSSL 3.1",
#endif
            np + 16 * armsha_pt.scale);
}

static void test_reuse(void)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned long before = armsha_test_failures;
    unsigned int outl;
    int round, ai;

    if (ctx == NULL) {
        FAIL("EVP_MD_CTX_new");
        return;
    }
    for (round = 0; round < 3 * NALGS; round++) {
        size_t len = armsha_pt_rnd_below(3000), junk = armsha_pt_rnd_below(300);
        char label[100];

        ai = (round * 3) % NALGS;
        armsha_pt_ref_digest(ai, armsha_pt.data + 7, len, exp);
        /* Init, hash junk, re-init without final: the junk must be gone. */
        outl = 0;
        snprintf(label, sizeof(label), "%s reused ctx round %d len=%zu", armsha_pt.algs[ai].name, round, len);
        if (!EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL) || !EVP_DigestUpdate(ctx, armsha_pt.data, junk)
            || !EVP_DigestInit_ex2(ctx, armsha_pt.md_a[ai], NULL)
            || !armsha_pt_update_split(ctx, armsha_pt.data + 7, len, armsha_pt.algs[ai].block)
            || !EVP_DigestFinal_ex(ctx, got, &outl))
            FAIL("%s: EVP call failed", label);
        else
            armsha_pt_same(label, got, outl, exp, armsha_pt.algs[ai].size);
        /* Re-init with the same algorithm (md NULL) after a final. */
        outl = 0;
        if (!EVP_DigestInit_ex2(ctx, NULL, NULL) || !EVP_DigestUpdate(ctx, armsha_pt.data + 7, len)
            || !EVP_DigestFinal_ex(ctx, got, &outl))
            FAIL("%s (re-init with NULL md): EVP call failed", label);
        else
            armsha_pt_same(label, got, outl, exp, armsha_pt.algs[ai].size);
        if (round % 4 == 3)
            EVP_MD_CTX_reset(ctx);
    }
    EVP_MD_CTX_free(ctx);
    if (armsha_test_failures == before)
        armsha_test_ok(
            "one EVP_MD_CTX reused across digests: re-init mid-stream, re-init after final, reset");
}

static void test_oneshot(void)
{
    unsigned char got[MAXMD], exp[MAXMD];
    unsigned long before = armsha_test_failures;
    int ai, i;

    for (ai = 0; ai < NALGS; ai++)
        for (i = 0; i < 8; i++) {
            size_t len = i == 0 ? 0 : armsha_pt_rnd_below(20000), gotlen = 0;
            unsigned int outl = 0;
            char label[100];

            armsha_pt_ref_digest(ai, armsha_pt.data + i, len, exp);
            snprintf(label, sizeof(label), "%s EVP_Digest len=%zu", armsha_pt.algs[ai].name, len);
            if (!EVP_Digest(armsha_pt.data + i, len, got, &outl, armsha_pt.md_a[ai], NULL))
                FAIL("%s failed", label);
            else
                armsha_pt_same(label, got, outl, exp, armsha_pt.algs[ai].size);
            snprintf(label, sizeof(label), "%s EVP_Q_digest len=%zu", armsha_pt.algs[ai].name, len);
            if (!EVP_Q_digest(armsha_pt.lib, armsha_pt.algs[ai].name, "provider=armsha", armsha_pt.data + i,
                              len, got, &gotlen))
                FAIL("%s failed", label);
            else
                armsha_pt_same(label, got, gotlen, exp, armsha_pt.algs[ai].size);
        }
    if (armsha_test_failures == before)
        armsha_test_ok("one-shot EVP_Digest and EVP_Q_digest(provider=armsha)");
}

int main(int argc, char **argv)
{
    armsha_pt_init(argc, argv, "test_provider_digests");
    if (armsha_pt_setup()) {
        test_lengths();
        test_random_long();
        test_misaligned();
        test_dup();
        test_reuse();
        test_oneshot();
    }
    return armsha_pt_finish();
}
