/* libFuzzer target over the streaming cores: every usable kernel, fuzzed update splits, checked
 * against the portable one-shot digest and against OpenSSL's default provider. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "fuzz_input.h"
#include "../variants.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, byte by byte:
 *   [0]  variant (value % 7) and the message's misalignment (value / 7 % 16)
 *   [1]  low nibble: how many update lengths follow; high nibble k: copy the context after
 *        the k-th update (past the last one: before final) and finish the copy on its own
 *        (0: no copy)
 *   the update lengths (fuzz_input.h), then the message: the rest of the input. */

typedef armsha_variant variant;
typedef armsha_kernel kernel;

static EVP_MD *reference[ARMSHA_NDIGESTS]; /* OpenSSL's default provider, in a libctx of our own */

typedef armsha_variant_ctx any_ctx;

static void ctx_init(any_ctx *c, const variant *v, const kernel *k)
{
    armsha_variant_init(c, v, k);
}

static int ctx_update(any_ctx *c, const variant *v, const void *p, size_t n)
{
    (void)v;
    return armsha_variant_update(c, p, n);
}

static void ctx_final(any_ctx *c, const variant *v, uint8_t *out)
{
    (void)v;
    armsha_variant_final(c, out);
}

static void fail(const char *what, const variant *v, const kernel *k, size_t msglen)
{
    fprintf(stderr, "fuzz_core: %s: %s, kernel %s, message of %zu bytes\n", what, v->name,
            k != NULL ? k->name : "-", msglen);
    __builtin_trap();
}

/* Digest buffers carry guard bytes past the digest: final must write outlen bytes, no more. */
#define GUARD 0x5a
#define OUTBUF (ARMSHA_SHA512_DIGEST_SIZE + 16)

static void check_digest(const uint8_t got[OUTBUF], const uint8_t *want, const char *what,
                         const variant *v, const kernel *k, size_t msglen)
{
    if (memcmp(got, want, v->digest_size) != 0) {
        fuzz_print_hex("got ", got, v->digest_size);
        fuzz_print_hex("want", want, v->digest_size);
        fail(what, v, k, msglen);
    }
    for (size_t i = v->digest_size; i < OUTBUF; i++)
        if (got[i] != GUARD)
            fail("final wrote past the digest", v, k, msglen);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    OSSL_LIB_CTX *lib;

    (void)argc;
    (void)argv;
    /* Every kernel the CPU can run; a run meant for the hardware kernels must not pass on
     * the portable code alone (ARMSHA_EXPECT_KERNELS). Its report goes to stdout. */
    if (armsha_test_kernels_setup() != 0) {
        fprintf(stderr, "fuzz_core: ARMSHA_EXPECT_KERNELS is \"%s\"\n",
                getenv("ARMSHA_EXPECT_KERNELS"));
        exit(1);
    }
    lib = OSSL_LIB_CTX_new();
    if (lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL) {
        fprintf(stderr, "fuzz_core: cannot load OpenSSL's default provider\n");
        exit(1);
    }
    for (size_t i = 0; i < ARMSHA_NDIGESTS; i++)
        if ((reference[i] = EVP_MD_fetch(lib, armsha_digests[i].name, "provider=default")) == NULL) {
            fprintf(stderr, "fuzz_core: cannot fetch %s from the default provider\n",
                    armsha_digests[i].name);
            exit(1);
        }
    return 0;
}

/* Hashes msg through kernel k in the pieces the splits give, copying the context after the
 * copy_at-th piece (0: never; past the last piece: just before final) and finishing the copy
 * on the rest in one update; each digest must be want, the portable kernel's one-shot digest
 * (itself checked with OpenSSL). */
static void split_run(const variant *v, const kernel *k, const uint32_t *splits, size_t nsplits,
                      size_t copy_at, const uint8_t *msg, size_t len, const uint8_t *want)
{
    any_ctx c, copy;
    fuzz_splitter s;
    size_t n, pos = 0, pieces = 0;
    int null_data, copied = copy_at == 0;
    uint8_t out[OUTBUF];

    ctx_init(&c, v, k);
    fuzz_splitter_start(&s, splits, nsplits, len);
    while (fuzz_splitter_next(&s, &n, &null_data)) {
        if (ctx_update(&c, v, null_data ? NULL : msg + pos, n) != 1)
            fail("update refused a short message", v, k, len);
        pos += n;
        if (++pieces == copy_at) {
            copy = c;
            copied = 1;
            /* The copy goes first so that a context sharing state with another would show. */
            if (ctx_update(&copy, v, msg + pos, len - pos) != 1)
                fail("update refused a short message (copy)", v, k, len);
            memset(out, GUARD, sizeof(out));
            ctx_final(&copy, v, out);
            check_digest(out, want, "copied context differs", v, k, len);
        }
    }
    if (pos != len)
        fail("the splitter lost bytes", v, k, len);
    if (!copied)
        copy = c;
    memset(out, GUARD, sizeof(out));
    ctx_final(&c, v, out);
    check_digest(out, want, "split updates differ", v, k, len);
    if (!copied) {
        memset(out, GUARD, sizeof(out));
        ctx_final(&copy, v, out);
        check_digest(out, want, "context copied before final differs", v, k, len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    const variant *v;
    const kernel *portable;
    uint32_t splits[FUZZ_MAX_SPLITS];
    size_t nsplits, copy_at, offset, len;
    uint8_t *buf, *msg, want[EVP_MAX_MD_SIZE], out[OUTBUF];
    unsigned int wantlen = 0;
    any_ctx c;

    if (size < 2)
        return 0;
    v = &armsha_digests[p[0] % ARMSHA_NDIGESTS];
    offset = (size_t)(p[0] / ARMSHA_NDIGESTS) % 16;
    nsplits = p[1] & 15;
    copy_at = p[1] >> 4;
    p += 2;
    nsplits = fuzz_read_splits(&p, end, nsplits, splits);
    len = (size_t)(end - p);

    /* The message ends where its allocation ends, so that a kernel reading past it trips ASan. */
    buf = malloc(offset + len > 0 ? offset + len : 1);
    if (buf == NULL)
        return 0;
    msg = buf + offset;
    if (len > 0)
        memcpy(msg, p, len);

    if (!EVP_Digest(msg, len, want, &wantlen, reference[v - armsha_digests], NULL)
        || wantlen != v->digest_size)
        fail("OpenSSL's digest failed", v, NULL, len);

    portable = armsha_test_portable(v->family);
    /* The portable kernel in one update: the reference inside armsha. */
    ctx_init(&c, v, portable);
    if (ctx_update(&c, v, msg, len) != 1)
        fail("update refused a short message", v, portable, len);
    memset(out, GUARD, sizeof(out));
    ctx_final(&c, v, out);
    check_digest(out, want, "one-shot portable digest differs from OpenSSL", v, portable, len);

    for (size_t i = 0; i < armsha_test_nkernels; i++)
        if (armsha_test_kernels[i]->family == v->family)
            split_run(v, armsha_test_kernels[i], splits, nsplits, copy_at, msg, len, out);
    free(buf);
    return 0;
}
