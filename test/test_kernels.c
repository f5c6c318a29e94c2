/* Compares each hardware block function built in with the portable one on random inputs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armsha/cpu.h"
#include "variants.h"

#define MAX_BLOCKS 40
#define MAX_OFFSET 15 /* data pointers run through every misalignment of a q-register load */
#define GUARD 0xa5u

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

/* One reproducible stream (test/variants.c's xorshift64*) for inputs and states. */
static uint64_t rnd(void)
{
    return armsha_rng_next(&rng_state);
}

static void rnd_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rnd() >> 56);
}

/* The three families differ only in word size, word count and block size: a case is
 * run through one adapter per family so that the checking code is written once. */
typedef struct family {
    const char *name;
    const char *insn_name; /* for the skip message */
    unsigned feature;
    size_t block_size;
    size_t state_bytes; /* 5 or 8 words */
    int has_hw;
    void (*run_hw)(void *state, const uint8_t *data, size_t nblocks);
    void (*run_ref)(void *state, const uint8_t *data, size_t nblocks);
    /* One padded block of "abc" and the state it must end in (FIPS 180-4 examples). */
    const void *iv;
    const uint8_t *abc_digest;
} family;

static void sha1_hw(void *s, const uint8_t *d, size_t n)
{
    armsha_sha1_blocks_hw((uint32_t *)s, d, n);
}

static void sha1_ref(void *s, const uint8_t *d, size_t n)
{
    armsha_sha1_blocks_portable((uint32_t *)s, d, n);
}

static void sha256_hw(void *s, const uint8_t *d, size_t n)
{
    armsha_sha256_blocks_hw((uint32_t *)s, d, n);
}

static void sha256_ref(void *s, const uint8_t *d, size_t n)
{
    armsha_sha256_blocks_portable((uint32_t *)s, d, n);
}

static void sha512_hw(void *s, const uint8_t *d, size_t n)
{
    armsha_sha512_blocks_hw((uint64_t *)s, d, n);
}

static void sha512_ref(void *s, const uint8_t *d, size_t n)
{
    armsha_sha512_blocks_portable((uint64_t *)s, d, n);
}

static const uint32_t sha1_iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t sha512_iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                      0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                      0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
static const uint8_t sha1_abc[20] = {0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e,
                                     0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d};
static const uint8_t sha256_abc[32] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
static const uint8_t sha512_abc[64] = {
    0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba, 0xcc, 0x41, 0x73, 0x49, 0xae, 0x20, 0x41, 0x31,
    0x12, 0xe6, 0xfa, 0x4e, 0x89, 0xa9, 0x7e, 0xa2, 0x0a, 0x9e, 0xee, 0xe6, 0x4b, 0x55, 0xd3, 0x9a,
    0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1, 0xa8, 0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd,
    0x45, 0x4d, 0x44, 0x23, 0x64, 0x3c, 0xe8, 0x0e, 0x2a, 0x9a, 0xc9, 0x4f, 0xa5, 0x4c, 0xa4, 0x9f};

/* The state as big-endian bytes, which is the digest when the state is final. */
static void state_bytes(const family *f, const void *state, uint8_t *out)
{
    size_t word = f->block_size == 128 ? 8 : 4;

    for (size_t i = 0; i < f->state_bytes / word; i++) {
        uint64_t w = word == 8 ? ((const uint64_t *)state)[i] : ((const uint32_t *)state)[i];
        for (size_t b = 0; b < word; b++)
            out[i * word + b] = (uint8_t)(w >> (8 * (word - 1 - b)));
    }
}

static int check_abc(const family *f, void (*run)(void *, const uint8_t *, size_t), const char *who)
{
    uint8_t block[128] = {'a', 'b', 'c', 0x80};
    uint64_t state[8];
    uint8_t got[64];

    block[f->block_size - 1] = 24; /* message length in bits */
    memcpy(state, f->iv, f->state_bytes);
    run(state, block, 1);
    state_bytes(f, state, got);
    if (memcmp(got, f->abc_digest, f->state_bytes) != 0) {
        printf("FAIL %s: %s gives the wrong digest of \"abc\"\n", f->name, who);
        return 1;
    }
    return 0;
}

/* One random case: a random state, nblocks random blocks at offset bytes into a
 * buffer of its own that ends with the input, so that a sanitizer sees a read past
 * the end. The kernel must match the portable function, leave the input alone,
 * and write no byte outside the state. */
static int check_case(const family *f, size_t nblocks, size_t offset)
{
    /* The state in the middle of guard bytes; uint64_t for alignment. */
    uint64_t hw_area[8 + 4], ref_state[8];
    uint8_t *hw_bytes = (uint8_t *)hw_area;
    void *hw_state = hw_area + 2;
    const size_t len = nblocks * f->block_size;
    static uint8_t copy[MAX_BLOCKS * 128];
    uint8_t *buf = malloc(offset + len);
    int bad = 0;

    if (buf == NULL) {
        printf("FAIL %s: out of memory\n", f->name);
        return 1;
    }
    rnd_fill(buf + offset, len);
    memcpy(copy, buf + offset, len);
    memset(hw_area, GUARD, sizeof(hw_area));
    rnd_fill((uint8_t *)ref_state, f->state_bytes);
    memcpy(hw_state, ref_state, f->state_bytes);

    f->run_ref(ref_state, buf + offset, nblocks);
    f->run_hw(hw_state, buf + offset, nblocks);

    if (memcmp(hw_state, ref_state, f->state_bytes) != 0) {
        printf("FAIL %s: state differs from portable after %zu blocks at offset %zu\n", f->name,
               nblocks, offset);
        bad = 1;
    }
    for (size_t i = 0; i < sizeof(hw_area) && !bad; i++) {
        int inside = i >= 16 && i < 16 + f->state_bytes;
        if (!inside && hw_bytes[i] != GUARD) {
            printf("FAIL %s: kernel wrote outside the state (%zu blocks)\n", f->name, nblocks);
            bad = 1;
        }
    }
    if (!bad && memcmp(copy, buf + offset, len) != 0) {
        printf("FAIL %s: kernel modified its input (%zu blocks)\n", f->name, nblocks);
        bad = 1;
    }
    free(buf);
    return bad;
}

/* Returns 1 on failure; *tested says whether the kernel ran at all. */
static int test_family(const family *f, unsigned features, unsigned cases, int *tested)
{
    unsigned long blocks = 0;
    unsigned failures = 0;

    *tested = 0;
    if (!f->has_hw) {
        printf("SKIP %s: no hardware kernel in this build (only aarch64 builds have them)\n",
               f->name);
        return 0;
    }
    if (!(features & f->feature)) {
        printf("SKIP %s: the CPU or OS does not report the %s instructions "
               "(armsha_cpu_features)\n",
               f->name, f->insn_name);
        return 0;
    }
    *tested = 1;

    failures += check_abc(f, f->run_ref, "the portable block function");
    failures += check_abc(f, f->run_hw, "the hardware kernel");

    {
        /* nblocks == 0 must leave the state alone and read nothing. */
        uint64_t s[8], t[8];
        rnd_fill((uint8_t *)s, sizeof(s));
        memcpy(t, s, sizeof(s));
        f->run_hw(s, NULL, 0);
        if (memcmp(s, t, sizeof(s)) != 0) {
            printf("FAIL %s: zero blocks changed the state\n", f->name);
            failures++;
        }
    }

    for (unsigned c = 0; c < cases && failures < 10; c++) {
        /* Every block count 1..MAX_BLOCKS and every offset come up early; the rest is random. */
        size_t nblocks = c < MAX_BLOCKS ? c + 1 : 1 + (size_t)(rnd() % MAX_BLOCKS);
        size_t offset = c < MAX_BLOCKS ? c % (MAX_OFFSET + 1) : (size_t)(rnd() % (MAX_OFFSET + 1));

        failures += (unsigned)check_case(f, nblocks, offset);
        blocks += nblocks;
    }
    if (failures == 0)
        printf("PASS %s: hardware kernel = portable on %u random cases (%lu blocks; 1..%d blocks, "
               "data offsets 0..%d, random states), \"abc\" and zero blocks\n",
               f->name, cases, blocks, MAX_BLOCKS, MAX_OFFSET);
    return failures != 0;
}

int main(int argc, char **argv)
{
    const family families[] = {
        {"sha1", "SHA-1", ARMSHA_SHA1, ARMSHA_SHA1_BLOCK_SIZE, 20,
         armsha_sha1_blocks_hw != NULL, sha1_hw, sha1_ref, sha1_iv, sha1_abc},
        {"sha256", "SHA-256", ARMSHA_SHA256, ARMSHA_SHA256_BLOCK_SIZE, 32,
         armsha_sha256_blocks_hw != NULL, sha256_hw, sha256_ref, sha256_iv, sha256_abc},
        {"sha512", "SHA-512", ARMSHA_SHA512, ARMSHA_SHA512_BLOCK_SIZE, 64,
         armsha_sha512_blocks_hw != NULL, sha512_hw, sha512_ref, sha512_iv, sha512_abc},
    };
    /* Optional: the number of random cases per family, and a seed. */
    unsigned cases = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 5000;
    unsigned features = armsha_cpu_features();
    int failed = 0, any_tested = 0;

    if (argc > 2)
        rng_state = strtoull(argv[2], NULL, 0) | 1;
    printf("CPU features: sha1=%d sha256=%d sha512=%d; seed %#llx\n", !!(features & ARMSHA_SHA1),
           !!(features & ARMSHA_SHA256), !!(features & ARMSHA_SHA512),
           (unsigned long long)rng_state);
    for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
        int tested;
        failed |= test_family(&families[i], features, cases, &tested);
        any_tested |= tested;
    }
    if (failed)
        return 1;
    if (!any_tested) {
        printf("SKIP: no hardware kernel could be tested\n");
        return 77;
    }
    return 0;
}
