/* The seven digests through the core, with any kernel: what test_core and test_shavs share. */
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sizes are written out rather than taken from the core's headers: the tests compare them
 * with the SHAVS files' [L = n] and with OpenSSL's sizes, and should not take the values they
 * check from the code under test. */
const armsha_variant armsha_variants[ARMSHA_NVARIANTS] = {
    {"SHA-1", "SHA1", "SHA1", ARMSHA_SHA1, 20, 64, NULL, NULL},
    {"SHA-224", "SHA224", "SHA2-224", ARMSHA_SHA256, 28, 64, armsha_sha224_init, NULL},
    {"SHA-256", "SHA256", "SHA2-256", ARMSHA_SHA256, 32, 64, armsha_sha256_init, NULL},
    {"SHA-384", "SHA384", "SHA2-384", ARMSHA_SHA512, 48, 128, NULL, armsha_sha384_init},
    {"SHA-512", "SHA512", "SHA2-512", ARMSHA_SHA512, 64, 128, NULL, armsha_sha512_init},
    {"SHA-512/224", "SHA512_224", "SHA2-512/224", ARMSHA_SHA512, 28, 128, NULL,
     armsha_sha512_224_init},
    {"SHA-512/256", "SHA512_256", "SHA2-512/256", ARMSHA_SHA512, 32, 128, NULL,
     armsha_sha512_256_init},
};

const char *armsha_family_name(unsigned family)
{
    return family == ARMSHA_SHA1 ? "sha1" : family == ARMSHA_SHA256 ? "sha256" : "sha512";
}

static const char *feature_name(unsigned family)
{
    return family == ARMSHA_SHA1     ? "FEAT_SHA1 (HWCAP_SHA1)"
           : family == ARMSHA_SHA256 ? "FEAT_SHA256 (HWCAP_SHA2)"
                                     : "FEAT_SHA512 (HWCAP_SHA512)";
}

/* ---- kernels ---- */

armsha_test_kernel armsha_test_kernels[ARMSHA_TEST_NKERNELS];

/* Whether ARMSHA_EXPECT_KERNELS ("sha1=armv8-ce sha256=armv8-ce sha512=portable") has the
 * word "<family>=armv8-ce": whole words only, so that a longer name cannot match. */
static int hw_expected(unsigned family)
{
    const char *env = getenv("ARMSHA_EXPECT_KERNELS");
    char word[32];
    size_t n;

    if (env == NULL)
        return 0;
    snprintf(word, sizeof(word), "%s=%s", armsha_family_name(family), ARMSHA_KERNEL_ARMV8_CE);
    n = strlen(word);
    for (const char *p = strstr(env, word); p != NULL; p = strstr(p + 1, word))
        if ((p == env || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
            return 1;
    return 0;
}

static int hw_built(unsigned family)
{
    return family == ARMSHA_SHA1     ? armsha_sha1_blocks_hw != NULL
           : family == ARMSHA_SHA256 ? armsha_sha256_blocks_hw != NULL
                                     : armsha_sha512_blocks_hw != NULL;
}

unsigned armsha_test_kernels_setup(void)
{
    const unsigned features = armsha_cpu_features();
    armsha_test_kernel *hw = &armsha_test_kernels[1];
    unsigned unmet = 0;

    armsha_test_kernels[0] = (armsha_test_kernel){
        ARMSHA_KERNEL_PORTABLE, armsha_sha1_blocks_portable, armsha_sha256_blocks_portable,
        armsha_sha512_blocks_portable, ARMSHA_ALL};
    *hw = (armsha_test_kernel){ARMSHA_KERNEL_ARMV8_CE, armsha_sha1_blocks_hw,
                               armsha_sha256_blocks_hw, armsha_sha512_blocks_hw, 0};
    printf("CPU features:%s%s%s%s\n", features & ARMSHA_SHA1 ? " sha1" : "",
           features & ARMSHA_SHA256 ? " sha256" : "", features & ARMSHA_SHA512 ? " sha512" : "",
           features == 0 ? " none" : "");
    for (unsigned fam = ARMSHA_SHA1; fam <= ARMSHA_SHA512; fam <<= 1) {
        if (hw_built(fam) && (features & fam)) {
            hw->usable |= fam;
            printf("kernel %s for %s: tested\n", hw->name, armsha_family_name(fam));
            continue;
        }
        if (!hw_built(fam))
            printf("kernel %s for %s: SKIPPED: not built (no ARMv8 kernels in this build: not an "
                   "aarch64 target, or -Darm_kernels=disabled)\n",
                   hw->name, armsha_family_name(fam));
        else
            printf("kernel %s for %s: SKIPPED: the CPU/OS does not report %s\n", hw->name,
                   armsha_family_name(fam), feature_name(fam));
        if (hw_expected(fam)) {
            printf("FAIL: ARMSHA_EXPECT_KERNELS asks for the %s kernel for %s, which cannot run "
                   "here\n",
                   hw->name, armsha_family_name(fam));
            unmet++;
        }
    }
    return unmet;
}

/* ---- one context for any variant and kernel ---- */

void armsha_variant_init(armsha_variant_ctx *c, const armsha_variant *v,
                         const armsha_test_kernel *k)
{
    c->v = v;
    switch (v->family) {
    case ARMSHA_SHA1:
        armsha_sha1_init(&c->core.sha1, k->sha1);
        break;
    case ARMSHA_SHA256:
        v->init256(&c->core.sha256, k->sha256);
        break;
    default:
        v->init512(&c->core.sha512, k->sha512);
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
        armsha_sha1_final(&c->core.sha1, out);
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
    armsha_variant_final_len(c, out, c->v->outlen);
}

/* ---- reproducible randomness ---- */

uint64_t armsha_rng_start(uint64_t seed, uint64_t stream)
{
    return seed * UINT64_C(0x9e3779b97f4a7c15) + stream;
}

uint64_t armsha_rng_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(2685821657736338717);
}

void armsha_fill_random(uint8_t *p, size_t n, uint64_t seed)
{
    uint64_t s = armsha_rng_start(seed, 1);

    /* The top byte: xorshift64*'s low bits are its weakest. */
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(armsha_rng_next(&s) >> 56);
}
