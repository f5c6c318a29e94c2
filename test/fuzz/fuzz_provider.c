/* libFuzzer target over the armsha provider through EVP: fuzzed algorithm, update splits and
 * mid-stream context copies, every digest checked against OpenSSL's default provider. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "armsha/digests.h"
#include "fuzz_input.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, byte by byte:
 *   [0]  algorithm (value % 7) and mode bits (value / 7):
 *          MODE_COPY   copy the context mid-stream (EVP_MD_CTX_copy_ex) and finish both;
 *                      the copy gets a different suffix, so that shared state would show
 *          MODE_REUSE  hash in a context kept from earlier inputs (re-init after final,
 *                      maybe of another algorithm) instead of a new one
 *          MODE_KEPT_DEST  copy into a kept context that holds an earlier state
 *          MODE_AFTER_FINAL  an update after final must be refused
 *          MODE_SSL3_MS  (SHA-1) set the "ssl3-ms" parameter mid-stream, as SSLv3 does
 *   [1]  low nibble: how many update lengths follow; high nibble: after how many updates
 *        the copy is made and ssl3-ms set (past the last update: just before final)
 *   the update lengths (fuzz_input.h), then the message: the rest of the input. */
#define MODE_COPY 1u
#define MODE_REUSE 2u
#define MODE_KEPT_DEST 4u
#define MODE_AFTER_FINAL 8u
#define MODE_SSL3_MS 16u
#define SSL3_MS_SIZE 48

/* The seven digests by a name OpenSSL fetches them by ("SHA-512/224"), from the table. */
#define NALGS ARMSHA_NDIGESTS
#define ALG_NAME(i) (armsha_digests[i].name)

static EVP_MD *md_a[NALGS], *md_d[NALGS]; /* armsha's and the default provider's */
static EVP_MD_CTX *kept_ctx, *kept_dest;  /* live across inputs, for MODE_REUSE / MODE_KEPT_DEST */

static void fail(const char *what, size_t alg, size_t msglen)
{
    fprintf(stderr, "fuzz_provider: %s: %s, message of %zu bytes\n", what, ALG_NAME(alg), msglen);
    ERR_print_errors_fp(stderr);
    __builtin_trap();
}

static void setup_fail(const char *what)
{
    fprintf(stderr, "fuzz_provider: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

/* The provider's kernel report ("sha1=K sha256=K sha512=K"); it must be what the test setup
 * expects, so that a run meant for the hardware kernels cannot pass on the portable ones. */
static void check_kernels(OSSL_PROVIDER *prov)
{
    char buf[128] = "";
    OSSL_PARAM p[2];
    const char *expect = getenv("ARMSHA_EXPECT_KERNELS");

    p[0] = OSSL_PARAM_construct_utf8_string("armsha-kernels", buf, sizeof(buf));
    p[1] = OSSL_PARAM_construct_end();
    if (!OSSL_PROVIDER_get_params(prov, p) || !OSSL_PARAM_modified(p))
        setup_fail("cannot read the armsha-kernels provider parameter");
    fprintf(stderr, "fuzz_provider: armsha with %s\n", buf);
    if (expect != NULL && *expect != '\0' && strcmp(expect, buf) != 0) {
        fprintf(stderr, "fuzz_provider: ARMSHA_EXPECT_KERNELS is \"%s\"\n", expect);
        exit(1);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *armsha;

    (void)argc;
    (void)argv;
    if (lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL)
        setup_fail("cannot load OpenSSL's default provider");
    if ((armsha = OSSL_PROVIDER_load(lib, "armsha")) == NULL)
        setup_fail("cannot load armsha (OPENSSL_MODULES must name the folder of armsha.so)");
    check_kernels(armsha);
    for (size_t i = 0; i < NALGS; i++) {
        md_a[i] = EVP_MD_fetch(lib, ALG_NAME(i), "provider=armsha");
        md_d[i] = EVP_MD_fetch(lib, ALG_NAME(i), "provider=default");
        if (md_a[i] == NULL || md_d[i] == NULL)
            setup_fail("cannot fetch a digest from armsha or default");
        if (strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md_a[i])), "armsha") != 0)
            setup_fail("provider=armsha fetched another provider's digest");
        if (EVP_MD_get_size(md_a[i]) != EVP_MD_get_size(md_d[i])
            || EVP_MD_get_block_size(md_a[i]) != EVP_MD_get_block_size(md_d[i]))
            setup_fail("armsha and default disagree on a digest or block size");
    }
    kept_ctx = EVP_MD_CTX_new();
    kept_dest = EVP_MD_CTX_new();
    if (kept_ctx == NULL || kept_dest == NULL)
        setup_fail("EVP_MD_CTX_new failed");
    return 0;
}

static int set_ssl3_ms(EVP_MD_CTX *ctx, const uint8_t ms[SSL3_MS_SIZE])
{
    OSSL_PARAM p[2];

    p[0] = OSSL_PARAM_construct_octet_string(OSSL_DIGEST_PARAM_SSL3_MS, (void *)ms, SSL3_MS_SIZE);
    p[1] = OSSL_PARAM_construct_end();
    return EVP_MD_CTX_set_params(ctx, p);
}

/* The default provider's digest of msg, with ms set after ms_pos bytes when ms is not NULL. */
static void reference(size_t alg, const uint8_t *msg, size_t len, const uint8_t *ms,
                      size_t ms_pos, uint8_t *out, unsigned int *outlen)
{
    EVP_MD_CTX *c;

    if (ms == NULL) {
        if (!EVP_Digest(msg, len, out, outlen, md_d[alg], NULL))
            fail("the default provider's EVP_Digest failed", alg, len);
        return;
    }
    if ((c = EVP_MD_CTX_new()) == NULL || !EVP_DigestInit_ex2(c, md_d[alg], NULL)
        || !EVP_DigestUpdate(c, msg, ms_pos) || !set_ssl3_ms(c, ms)
        || !EVP_DigestUpdate(c, msg + ms_pos, len - ms_pos) || !EVP_DigestFinal_ex(c, out, outlen))
        fail("the default provider failed with ssl3-ms", alg, len);
    EVP_MD_CTX_free(c);
}

/* Finishes ctx and compares with the default provider's digest of msg (see reference). */
static void finish(EVP_MD_CTX *ctx, size_t alg, const uint8_t *msg, size_t len, const uint8_t *ms,
                   size_t ms_pos, const char *what)
{
    uint8_t got[EVP_MAX_MD_SIZE], want[EVP_MAX_MD_SIZE];
    unsigned int gotlen = 0, wantlen = 0;

    if (!EVP_DigestFinal_ex(ctx, got, &gotlen))
        fail("EVP_DigestFinal_ex failed", alg, len);
    reference(alg, msg, len, ms, ms_pos, want, &wantlen);
    if (gotlen != wantlen || memcmp(got, want, wantlen) != 0) {
        fuzz_print_hex("armsha ", got, gotlen);
        fuzz_print_hex("default", want, wantlen);
        fail(what, alg, len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    uint32_t splits[FUZZ_MAX_SPLITS];
    size_t alg, nsplits, event_at, len, n, pos = 0, pieces = 0, ms_pos = 0;
    unsigned mode;
    int null_data, use_ms, event_done;
    uint8_t *msg, *alt, ms[SSL3_MS_SIZE];
    EVP_MD_CTX *ctx, *copy = NULL;
    fuzz_splitter s;

    if (size < 2)
        return 0;
    alg = p[0] % NALGS;
    mode = p[0] / NALGS;
    nsplits = p[1] & 15;
    event_at = p[1] >> 4;
    use_ms = (mode & MODE_SSL3_MS) && alg == ARMSHA_DIGEST_SHA1;
    event_done = !(mode & MODE_COPY) && !use_ms;
    p += 2;
    nsplits = fuzz_read_splits(&p, end, nsplits, splits);
    len = (size_t)(end - p);

    /* msg ends where its allocation ends (an over-read trips ASan); alt is the copy's message:
     * the same prefix, then the rest with every byte changed. */
    msg = malloc(len > 0 ? len : 1);
    alt = malloc(len > 0 ? len : 1);
    if (msg == NULL || alt == NULL) {
        free(msg);
        free(alt);
        return 0;
    }
    if (len > 0)
        memcpy(msg, p, len);
    for (size_t i = 0; i < SSL3_MS_SIZE; i++)
        ms[i] = (uint8_t)(len > 0 ? msg[i % len] ^ 0x3c : i);

    ctx = (mode & MODE_REUSE) ? kept_ctx : EVP_MD_CTX_new();
    if (ctx == NULL)
        fail("EVP_MD_CTX_new failed", alg, len);
    if (!EVP_DigestInit_ex2(ctx, md_a[alg], NULL))
        fail("EVP_DigestInit_ex2 failed", alg, len);

    fuzz_splitter_start(&s, splits, nsplits, len);
    for (;;) {
        int more;

        if (!event_done && pieces == event_at) {
            event_done = 1;
            if (mode & MODE_COPY) {
                copy = (mode & MODE_KEPT_DEST) ? kept_dest : EVP_MD_CTX_new();
                if (copy == NULL || !EVP_MD_CTX_copy_ex(copy, ctx))
                    fail("EVP_MD_CTX_copy_ex failed", alg, len);
                memcpy(alt, msg, pos);
                for (size_t i = pos; i < len; i++)
                    alt[i] = (uint8_t)(msg[i] ^ 0xa5);
                /* The copy moves on first: a copy sharing state with its source would show. */
                if (!EVP_DigestUpdate(copy, alt + pos, len - pos))
                    fail("EVP_DigestUpdate failed (copy)", alg, len);
            }
            if (use_ms) {
                if (!set_ssl3_ms(ctx, ms))
                    fail("setting ssl3-ms failed", alg, len);
                ms_pos = pos;
            }
        }
        more = fuzz_splitter_next(&s, &n, &null_data);
        if (!more && !event_done) {
            event_at = pieces; /* past the last update: just before final */
            continue;
        }
        if (!more)
            break;
        if (!EVP_DigestUpdate(ctx, null_data ? NULL : msg + pos, n))
            fail("EVP_DigestUpdate failed", alg, len);
        pos += n;
        pieces++;
    }
    finish(ctx, alg, msg, len, use_ms ? ms : NULL, ms_pos,
           "split updates differ from the default provider");
    if (copy != NULL) {
        finish(copy, alg, alt, len, NULL, 0, "the copied context differs from the default provider");
        if (copy != kept_dest)
            EVP_MD_CTX_free(copy);
    }
    if (ERR_peek_error() != 0)
        fail("an error was queued although every call succeeded", alg, len);

    if (mode & MODE_AFTER_FINAL) {
        if (EVP_DigestUpdate(ctx, "x", 1) != 0)
            fail("EVP_DigestUpdate after final succeeded", alg, len);
        ERR_clear_error();
    }
    if (ctx != kept_ctx)
        EVP_MD_CTX_free(ctx);
    free(msg);
    free(alt);
    return 0;
}
