/* The seven digests through the core, with any kernel built in (see variants.h). */
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cpu_bits_text(unsigned bits, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s%s%s", bits & ARMSHA_CPU_SHA1 ? " sha1" : "",
             bits & ARMSHA_CPU_SHA256 ? " sha256" : "", bits & ARMSHA_CPU_SHA512 ? " sha512" : "",
             bits & ARMSHA_CPU_NEON ? " neon" : "", bits & ARMSHA_CPU_A64 ? " a64" : "",
             bits == 0 ? " none" : "");
    return buf;
}

/* ---- kernels ---- */

const armsha_kernel *armsha_test_kernels[ARMSHA_TEST_MAX_KERNELS];
size_t armsha_test_nkernels;

const armsha_kernel *armsha_test_portable(unsigned family)
{
    for (size_t i = 0; i < armsha_kernel_count; i++)
        if (armsha_kernel_list[i].family == family && armsha_kernel_list[i].needs == 0)
            return &armsha_kernel_list[i];
    abort(); /* kernel_list.c lists a portable kernel for every family */
}

const armsha_lane_kernel *armsha_test_lanes_of(const armsha_kernel *k)
{
    for (size_t i = 0; i < armsha_lane_kernel_count; i++) {
        const armsha_lane_kernel *l = &armsha_lane_kernel_list[i];

        if (l->family == k->family && strcmp(l->name, k->name) == 0)
            return l;
    }
    return NULL;
}

/* The kernel ARMSHA_EXPECT_KERNELS ("sha1=armv8-ce sha256=armv8-ce sha512=portable")
 * names for a family, copied into buf; NULL when it names none. */
static const char *expected_kernel(unsigned family, char *buf, size_t size)
{
    const char *env = getenv("ARMSHA_EXPECT_KERNELS");
    char key[16];
    size_t n;

    snprintf(key, sizeof(key), "%s=", armsha_family_name(family));
    for (const char *p = env != NULL ? strstr(env, key) : NULL; p != NULL; p = strstr(p + 1, key))
        if (p == env || p[-1] == ' ') {
            p += strlen(key);
            n = strcspn(p, " ");
            snprintf(buf, size, "%.*s", (int)n, p);
            return buf;
        }
    return NULL;
}

static int tested(unsigned family, const char *name)
{
    for (size_t i = 0; i < armsha_test_nkernels; i++)
        if (armsha_test_kernels[i]->family == family && strcmp(armsha_test_kernels[i]->name, name) == 0)
            return 1;
    return 0;
}

unsigned armsha_test_kernels_setup(void)
{
    const unsigned features = armsha_cpu_features();
    unsigned unmet = 0;
    char buf[64];

    printf("CPU features:%s\n", cpu_bits_text(features, buf, sizeof(buf)));
    armsha_test_nkernels = 0;
    for (size_t i = 0; i < armsha_kernel_count; i++) {
        const armsha_kernel *k = &armsha_kernel_list[i];

        if ((k->needs & ~features) == 0 && armsha_test_nkernels < ARMSHA_TEST_MAX_KERNELS) {
            armsha_test_kernels[armsha_test_nkernels++] = k;
            printf("kernel %s for %s: tested\n", k->name, armsha_family_name(k->family));
        } else {
            printf("kernel %s for %s: SKIPPED: the CPU/OS does not report%s\n", k->name,
                   armsha_family_name(k->family),
                   cpu_bits_text(k->needs & ~features, buf, sizeof(buf)));
        }
    }
    for (unsigned fam = ARMSHA_SHA1; fam <= ARMSHA_SHA512; fam <<= 1) {
        const char *want = expected_kernel(fam, buf, sizeof(buf));

        if (want != NULL && !tested(fam, want)) {
            printf("FAIL: ARMSHA_EXPECT_KERNELS asks for the %s kernel for %s, which this build "
                   "does not have or this CPU cannot run\n", want, armsha_family_name(fam));
            unmet++;
        }
    }
    return unmet;
}

/* ---- one context for any variant and kernel ---- */

void armsha_variant_init(armsha_variant_ctx *c, const armsha_variant *v, const armsha_kernel *k)
{
    c->v = v;
    switch (v->family) {
    case ARMSHA_SHA1:
        armsha_sha1_init(&c->core.sha1, v->iv32, k->fn.sha1);
        break;
    case ARMSHA_SHA256:
        armsha_sha256_init(&c->core.sha256, v->iv32, k->fn.sha256);
        break;
    default:
        armsha_sha512_init(&c->core.sha512, v->iv64, k->fn.sha512);
        break;
    }
}

int armsha_variant_update(armsha_variant_ctx *c, const void *data, size_t len)
{
    switch (c->v->family) {
    case ARMSHA_SHA1:
        return armsha_sha1_update(&c->core.sha1, data, len);
    case ARMSHA_SHA256:
        return armsha_sha256_update(&c->core.sha256, data, len);
    default:
        return armsha_sha512_update(&c->core.sha512, data, len);
    }
}

void armsha_variant_final_len(armsha_variant_ctx *c, uint8_t *out, size_t outlen)
{
    switch (c->v->family) {
    case ARMSHA_SHA1:
        armsha_sha1_final(&c->core.sha1, out, outlen);
        break;
    case ARMSHA_SHA256:
        armsha_sha256_final(&c->core.sha256, out, outlen);
        break;
    default:
        armsha_sha512_final(&c->core.sha512, out, outlen);
        break;
    }
}

void armsha_variant_final(armsha_variant_ctx *c, uint8_t *out)
{
    armsha_variant_final_len(c, out, c->v->digest_size);
}
