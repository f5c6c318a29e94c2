/* Secrets do not outlive their use: after final no byte of the message stays in a context,
 * for every digest through the core with every kernel and through the provider's own
 * dispatch functions (the context OpenSSL holds); after a re-init that abandons a message
 * neither, through the provider (the core leaves that wipe to its caller: sha256.h). */
#define _GNU_SOURCE /* malloc_usable_size */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/provider.h>

#include "variants.h"

/* The marker: a text no digest state or constant contains. Any 8 bytes of it in a context
 * count as a leak: a tail of the message is what a buffer keeps. */
static const char marker_text[] = "armsha-wipe-marker:";
#define MARKER_PART 8

static uint8_t marker[300];

static int holds_marker(const uint8_t *p, size_t n)
{
    const size_t period = sizeof(marker_text) - 1;

    for (size_t i = 0; i + MARKER_PART <= n; i++)
        for (size_t r = 0; r < period; r++)
            if (memcmp(p + i, marker + r, MARKER_PART) == 0)
                return 1;
    return 0;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;

    for (size_t i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

static void test_core(void)
{
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];

        for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
            const armsha_kernel *k = armsha_test_kernels[ki];
            /* The bytes of the family's context, not the rest of the union. */
            const size_t used = v->family == ARMSHA_SHA1     ? sizeof(armsha_sha1_ctx)
                                : v->family == ARMSHA_SHA256 ? sizeof(armsha_sha256_ctx)
                                                             : sizeof(armsha_sha512_ctx);
            uint8_t out[64];
            armsha_variant_ctx g;

            if (k->family != v->family)
                continue;
            /* Every buffered length, so that some tail of the marker always waits in buf. */
            for (size_t len = 1; len <= 2 * v->block_size + 1; len += 7) {
                armsha_variant_init(&g, v, k);
                armsha_variant_update(&g, marker, len);
                CHECK(len < MARKER_PART + v->block_size || holds_marker((uint8_t *)&g.core, used),
                      "%s: the marker is not found in the context before final: the test "
                      "cannot see a leak", v->name);
                armsha_variant_final(&g, out);
                CHECK(all_zero(&g.core, used),
                      "%s kernel %s, %zu bytes: the context is not all zero after final",
                      v->name, k->name, len);
            }
        }
    }
    printf("core: contexts are all zero after final: %s\n",
           armsha_test_failures == 0 ? "ok" : "FAILED");
}

/* The provider's functions for one digest, taken from its query, as libcrypto calls them. */
typedef struct digest_fns {
    OSSL_FUNC_digest_newctx_fn *newctx;
    OSSL_FUNC_digest_init_fn *init;
    OSSL_FUNC_digest_update_fn *update;
    OSSL_FUNC_digest_final_fn *final;
    OSSL_FUNC_digest_freectx_fn *freectx;
} digest_fns;

static int find_fns(OSSL_PROVIDER *prov, const char *name, digest_fns *f)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache);

    memset(f, 0, sizeof(*f));
    for (; a != NULL && a->algorithm_names != NULL; a++) {
        if (strncmp(a->algorithm_names, name, strlen(name)) != 0
            || a->algorithm_names[strlen(name)] != ':')
            continue;
        for (const OSSL_DISPATCH *d = a->implementation; d->function_id != 0; d++)
            switch (d->function_id) {
            case OSSL_FUNC_DIGEST_NEWCTX: f->newctx = OSSL_FUNC_digest_newctx(d); break;
            case OSSL_FUNC_DIGEST_INIT: f->init = OSSL_FUNC_digest_init(d); break;
            case OSSL_FUNC_DIGEST_UPDATE: f->update = OSSL_FUNC_digest_update(d); break;
            case OSSL_FUNC_DIGEST_FINAL: f->final = OSSL_FUNC_digest_final(d); break;
            case OSSL_FUNC_DIGEST_FREECTX: f->freectx = OSSL_FUNC_digest_freectx(d); break;
            default: break;
            }
        return f->newctx && f->init && f->update && f->final && f->freectx;
    }
    return 0;
}

static void test_provider(void)
{
    const unsigned long before = armsha_test_failures;
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov = lib != NULL ? OSSL_PROVIDER_load(lib, "armsha") : NULL;

    CHECK(prov != NULL, "cannot load armsha (OPENSSL_MODULES=%s)", getenv("OPENSSL_MODULES"));
    for (size_t vi = 0; prov != NULL && vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];
        const size_t namelen = strcspn(v->names, ":");
        char name[32];
        digest_fns f;
        uint8_t out[64];
        size_t outl;

        snprintf(name, sizeof(name), "%.*s", (int)namelen, v->names);
        if (!find_fns(prov, name, &f)) {
            CHECK(0, "%s: armsha's query has no complete dispatch table for it", name);
            continue;
        }
        for (size_t len = 1; len <= 2 * v->block_size + 1; len += 11) {
            void *ctx = f.newctx(OSSL_PROVIDER_get0_provider_ctx(prov));
            const size_t size = ctx != NULL ? malloc_usable_size(ctx) : 0;

            CHECK(ctx != NULL && f.init(ctx, NULL) && f.update(ctx, marker, len),
                  "%s: newctx/init/update failed", name);
            if (ctx == NULL)
                continue;
            CHECK(len < MARKER_PART + v->block_size || holds_marker(ctx, size),
                  "%s: the marker is not found in the provider context before final: the test "
                  "cannot see a leak", name);
            CHECK(f.final(ctx, out, &outl, sizeof(out)), "%s: final failed", name);
            CHECK(!holds_marker(ctx, size), "%s, %zu bytes: the provider context holds message "
                  "bytes after final", name, len);
            CHECK(f.init(ctx, NULL) && f.update(ctx, marker, len) && f.init(ctx, NULL),
                  "%s: init/update/init failed", name);
            CHECK(!holds_marker(ctx, size), "%s, %zu bytes: the provider context holds the "
                  "abandoned message after re-init", name, len);
            f.freectx(ctx);
        }
    }
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(lib);
    printf("provider: its digest contexts hold no marker byte after final or re-init: %s\n",
           armsha_test_failures == before ? "ok" : "FAILED");
}

int main(void)
{
    const size_t period = sizeof(marker_text) - 1;

    setvbuf(stdout, NULL, _IOLBF, 0);
    for (size_t i = 0; i < sizeof(marker); i++)
        marker[i] = (uint8_t)marker_text[i % period];
    CHECK(armsha_test_kernels_setup() == 0,
          "ARMSHA_EXPECT_KERNELS asks for kernels that cannot run here (see above)");
    test_core();
    test_provider();
    return armsha_test_summary("test_wipe");
}
