/* The seven digests through the core, with any kernel: what test_core and test_shavs share. */
#ifndef ARMSHA_TEST_VARIANTS_H
#define ARMSHA_TEST_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/cpu.h"

/* ---- the seven variants ---- */

typedef struct armsha_variant {
    const char *name;      /* as FIPS 180-4 writes it: "SHA-512/224" */
    const char *nist_file; /* prefix of its SHAVS files: "SHA512_224" + "ShortMsg.rsp" */
    const char *openssl;   /* the name OpenSSL fetches it by: "SHA2-512/224" */
    unsigned family;       /* ARMSHA_SHA1, ARMSHA_SHA256 or ARMSHA_SHA512: which core runs it */
    size_t outlen;         /* digest bytes */
    size_t block;          /* block bytes */
    /* The family's init for this variant; NULL outside the family (SHA-1 has only one). */
    void (*init256)(armsha_sha256_ctx *, armsha_sha256_blocks_fn *);
    void (*init512)(armsha_sha512_ctx *, armsha_sha512_blocks_fn *);
} armsha_variant;

/* SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256, in this order (tests
 * keep tables of expected values in the same order). */
#define ARMSHA_NVARIANTS 7
extern const armsha_variant armsha_variants[ARMSHA_NVARIANTS];

/* "sha1", "sha256" or "sha512": the words of ARMSHA_EXPECT_KERNELS and of the provider's
 * "armsha-kernels" report. */
const char *armsha_family_name(unsigned family);

/* ---- kernels ---- */

typedef struct armsha_test_kernel {
    const char *name; /* ARMSHA_KERNEL_PORTABLE or ARMSHA_KERNEL_ARMV8_CE */
    armsha_sha1_blocks_fn *sha1; /* NULL where the build has no such kernel */
    armsha_sha256_blocks_fn *sha256;
    armsha_sha512_blocks_fn *sha512;
    unsigned usable; /* ARMSHA_SHA* bits: the families it can run on this CPU */
} armsha_test_kernel;

/* [0] the portable kernel, the reference the others are compared with; [1] the ARMv8 one. */
#define ARMSHA_TEST_NKERNELS 2
extern armsha_test_kernel armsha_test_kernels[ARMSHA_TEST_NKERNELS];

/* Fills armsha_test_kernels (call it first): the portable kernel can run everything; a hardware
 * kernel a family only where it is built and armsha_cpu_features() reports the family. Prints
 * the CPU features and, for each family, whether its hardware kernel is tested or why not.
 * A family whose hardware kernel ARMSHA_EXPECT_KERNELS names ("sha1=armv8-ce ...", from the
 * test setups) but which cannot run here gets a FAIL line, so that a run meant for the
 * hardware kernels cannot pass on the portable code alone. Returns how many such families. */
unsigned armsha_test_kernels_setup(void);

/* ---- one context for any variant and kernel ---- */

typedef struct armsha_variant_ctx {
    const armsha_variant *v;
    union {
        armsha_sha1_ctx sha1;
        armsha_sha256_ctx sha256;
        armsha_sha512_ctx sha512;
    } core; /* the one of v's family */
} armsha_variant_ctx;

/* Starts v with k's block function for v's family (which must not be NULL). */
void armsha_variant_init(armsha_variant_ctx *c, const armsha_variant *v,
                         const armsha_test_kernel *k);
/* What the core's update returns: 1, or 0 when it refused the data. */
int armsha_variant_update(armsha_variant_ctx *c, const void *data, size_t len);
/* Writes the digest: v->outlen bytes. */
void armsha_variant_final(armsha_variant_ctx *c, uint8_t *out);
/* Writes the first outlen bytes of the state, as the SHA-256 and SHA-512 cores allow for any
 * outlen up to 32 and 64; SHA-1's final ignores outlen and always writes 20. */
void armsha_variant_final_len(armsha_variant_ctx *c, uint8_t *out, size_t outlen);

/* ---- reproducible randomness ---- */

/* xorshift64*: fixed seeds, so that a failure can be replayed. The state starts at
 * seed * 2^64/phi + stream: the multiplication spreads small seeds over all 64 bits, and two
 * streams give unrelated sequences for one seed. (It is the zero state, which xorshift
 * never leaves, for one seed in 2^64 only, far from the small seeds the tests use.) */
uint64_t armsha_rng_start(uint64_t seed, uint64_t stream);
uint64_t armsha_rng_next(uint64_t *state);
/* n bytes from the stream-1 sequence of seed. */
void armsha_fill_random(uint8_t *p, size_t n, uint64_t seed);

#endif
