/* libFuzzer target over the streaming cores: every usable kernel, fuzzed update splits, checked
 * against the portable one-shot digest and against OpenSSL's default provider. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "armsha/cpu.h"
#include "fuzz_input.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, byte by byte:
 *   [0]  variant (value % 7) and the message's misalignment (value / 7 % 16)
 *   [1]  low nibble: how many update lengths follow; high nibble k: copy the context after
 *        the k-th update (past the last one: before final) and finish the copy on its own
 *        (0: no copy)
 *   the update lengths (fuzz_input.h), then the message: the rest of the input. */

enum { FAM_SHA1, FAM_SHA256, FAM_SHA512 };

typedef struct variant {
    const char *name; /* as OpenSSL's default provider fetches it */
    int family;
    size_t outlen;
    void (*init256)(armsha_sha256_ctx *, armsha_sha256_blocks_fn *);
    void (*init512)(armsha_sha512_ctx *, armsha_sha512_blocks_fn *);
} variant;

static const variant variants[] = {
    {"SHA1", FAM_SHA1, ARMSHA_SHA1_DIGEST_SIZE, NULL, NULL},
    {"SHA2-224", FAM_SHA256, ARMSHA_SHA224_DIGEST_SIZE, armsha_sha224_init, NULL},
    {"SHA2-256", FAM_SHA256, ARMSHA_SHA256_DIGEST_SIZE, armsha_sha256_init, NULL},
    {"SHA2-384", FAM_SHA512, ARMSHA_SHA384_DIGEST_SIZE, NULL, armsha_sha384_init},
    {"SHA2-512", FAM_SHA512, ARMSHA_SHA512_DIGEST_SIZE, NULL, armsha_sha512_init},
    {"SHA2-512/224", FAM_SHA512, ARMSHA_SHA512_224_DIGEST_SIZE, NULL, armsha_sha512_224_init},
    {"SHA2-512/256", FAM_SHA512, ARMSHA_SHA512_256_DIGEST_SIZE, NULL, armsha_sha512_256_init},
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

/* One block function of one family; [0] of each family is the portable one. */
typedef struct kernel {
    const char *name;
    armsha_sha1_blocks_fn *sha1;
    armsha_sha256_blocks_fn *sha256;
    armsha_sha512_blocks_fn *sha512;
} kernel;

static kernel kernels[3][2];
static size_t nkernels[3];
static EVP_MD *reference[NVARIANTS]; /* OpenSSL's default provider, in a libctx of our own */

typedef union any_ctx {
    armsha_sha1_ctx sha1;
    armsha_sha256_ctx sha256;
    armsha_sha512_ctx sha512;
} any_ctx;

static void ctx_init(any_ctx *c, const variant *v, const kernel *k)
{
    if (v->family == FAM_SHA1)
        armsha_sha1_init(&c->sha1, k->sha1);
    else if (v->family == FAM_SHA256)
        v->init256(&c->sha256, k->sha256);
    else
        v->init512(&c->sha512, k->sha512);
}

static int ctx_update(any_ctx *c, const variant *v, const void *p, size_t n)
{
    if (v->family == FAM_SHA1)
        return armsha_sha1_update(&c->sha1, p, n);
    if (v->family == FAM_SHA256)
        return armsha_sha256_update(&c->sha256, p, n);
    return armsha_sha512_update(&c->sha512, p, n);
}

static void ctx_final(any_ctx *c, const variant *v, uint8_t *out)
{
    if (v->family == FAM_SHA1)
        armsha_sha1_final(&c->sha1, out);
    else if (v->family == FAM_SHA256)
        armsha_sha256_final(&c->sha256, out, v->outlen);
    else
        armsha_sha512_final(&c->sha512, out, v->outlen);
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
    if (memcmp(got, want, v->outlen) != 0) {
        fuzz_print_hex("got ", got, v->outlen);
        fuzz_print_hex("want", want, v->outlen);
        fail(what, v, k, msglen);
    }
    for (size_t i = v->outlen; i < OUTBUF; i++)
        if (got[i] != GUARD)
            fail("final wrote past the digest", v, k, msglen);
}

static int env_kernels_match(const char *expect, const char *have)
{
    return expect == NULL || *expect == '\0' || strcmp(expect, have) == 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    unsigned disabled = 0, use;
    const char *bad;
    size_t badlen;
    char have[96];
    OSSL_LIB_CTX *lib;

    (void)argc;
    (void)argv;
    /* The hardware kernels the provider would use: those the CPU has, less ARMSHA_DISABLE (the
     * portable test setup sets it, and then expects every family portable). */
    if (!armsha_parse_disable(getenv("ARMSHA_DISABLE"), &disabled, &bad, &badlen)) {
        fprintf(stderr, "fuzz_core: ARMSHA_DISABLE: unknown word \"%.*s\"\n", (int)badlen, bad);
        exit(1);
    }
    use = armsha_cpu_features() & ~disabled;
    for (int f = 0; f < 3; f++) {
        kernels[f][0] = (kernel){ARMSHA_KERNEL_PORTABLE, armsha_sha1_blocks_portable,
                                 armsha_sha256_blocks_portable, armsha_sha512_blocks_portable};
        nkernels[f] = 1;
    }
    if ((use & ARMSHA_SHA1) && armsha_sha1_blocks_hw != NULL)
        kernels[FAM_SHA1][nkernels[FAM_SHA1]++] =
            (kernel){ARMSHA_KERNEL_ARMV8_CE, armsha_sha1_blocks_hw, NULL, NULL};
    if ((use & ARMSHA_SHA256) && armsha_sha256_blocks_hw != NULL)
        kernels[FAM_SHA256][nkernels[FAM_SHA256]++] =
            (kernel){ARMSHA_KERNEL_ARMV8_CE, NULL, armsha_sha256_blocks_hw, NULL};
    if ((use & ARMSHA_SHA512) && armsha_sha512_blocks_hw != NULL)
        kernels[FAM_SHA512][nkernels[FAM_SHA512]++] =
            (kernel){ARMSHA_KERNEL_ARMV8_CE, NULL, NULL, armsha_sha512_blocks_hw};
    snprintf(have, sizeof(have), "sha1=%s sha256=%s sha512=%s",
             kernels[FAM_SHA1][nkernels[FAM_SHA1] - 1].name,
             kernels[FAM_SHA256][nkernels[FAM_SHA256] - 1].name,
             kernels[FAM_SHA512][nkernels[FAM_SHA512] - 1].name);
    fprintf(stderr, "fuzz_core: portable kernels and %s\n", have);
    /* A run meant for the hardware kernels must not pass on the portable code alone. */
    if (!env_kernels_match(getenv("ARMSHA_EXPECT_KERNELS"), have)) {
        fprintf(stderr, "fuzz_core: ARMSHA_EXPECT_KERNELS is \"%s\"\n",
                getenv("ARMSHA_EXPECT_KERNELS"));
        exit(1);
    }

    lib = OSSL_LIB_CTX_new();
    if (lib == NULL || OSSL_PROVIDER_load(lib, "default") == NULL) {
        fprintf(stderr, "fuzz_core: cannot load OpenSSL's default provider\n");
        exit(1);
    }
    for (size_t i = 0; i < NVARIANTS; i++)
        if ((reference[i] = EVP_MD_fetch(lib, variants[i].name, "provider=default")) == NULL) {
            fprintf(stderr, "fuzz_core: cannot fetch %s from the default provider\n",
                    variants[i].name);
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
    const kernel *ks;
    uint32_t splits[FUZZ_MAX_SPLITS];
    size_t nsplits, copy_at, offset, len;
    uint8_t *buf, *msg, want[EVP_MAX_MD_SIZE], out[OUTBUF];
    unsigned int wantlen = 0;
    any_ctx c;

    if (size < 2)
        return 0;
    v = &variants[p[0] % NVARIANTS];
    offset = (size_t)(p[0] / NVARIANTS) % 16;
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

    if (!EVP_Digest(msg, len, want, &wantlen, reference[v - variants], NULL)
        || wantlen != v->outlen)
        fail("OpenSSL's digest failed", v, NULL, len);

    ks = kernels[v->family];
    /* The portable kernel in one update: the reference inside armsha. */
    ctx_init(&c, v, &ks[0]);
    if (ctx_update(&c, v, msg, len) != 1)
        fail("update refused a short message", v, &ks[0], len);
    memset(out, GUARD, sizeof(out));
    ctx_final(&c, v, out);
    check_digest(out, want, "one-shot portable digest differs from OpenSSL", v, &ks[0], len);

    for (size_t i = 0; i < nkernels[v->family]; i++)
        split_run(v, &ks[i], splits, nsplits, copy_at, msg, len, out);
    free(buf);
    return 0;
}
