/* Every block function built in that this CPU can run, against the portable one of its
 * family: "abc", random states and inputs of 0..40 blocks at every misalignment of a q-register
 * load, n blocks in one call the same as n calls, no write outside state[], the input left
 * alone; and each passes the load-time self-test. The only test of the block functions
 * themselves (the streaming cores are test_core's). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selftest.h"
#include "variants.h"

#define MAX_BLOCKS 40
#define MAX_OFFSET 15
#define GUARD 0xa5u

static uint64_t rng;

/* Runs k on a state held as 64-bit words (the SHA-1/SHA-256 ones narrowed to 32 bits and
 * back), so that one checking routine serves all three families. guard_words are written
 * around the state to catch a write past it. */
static void run(const armsha_kernel *k, uint64_t *state, const uint8_t *data, size_t nblocks)
{
    uint32_t s32[8 + 2];

    if (k->family == ARMSHA_SHA512) {
        k->fn.sha512(state, data, nblocks);
        return;
    }
    s32[0] = s32[9] = 0x5a5a5a5au;
    for (size_t i = 0; i < 8; i++)
        s32[i + 1] = (uint32_t)state[i];
    if (k->family == ARMSHA_SHA1) {
        s32[6] = 0x5a5a5a5au; /* SHA-1's state is 5 words: the guard follows at once */
        k->fn.sha1(s32 + 1, data, nblocks);
        CHECK(s32[6] == 0x5a5a5a5au, "%s kernel %s wrote past state[5]", "sha1", k->name);
    } else {
        k->fn.sha256(s32 + 1, data, nblocks);
        CHECK(s32[9] == 0x5a5a5a5au, "%s kernel %s wrote past state[8]", "sha256", k->name);
    }
    CHECK(s32[0] == 0x5a5a5a5au, "%s kernel %s wrote before state[0]",
          armsha_family_name(k->family), k->name);
    for (size_t i = 0; i < (k->family == ARMSHA_SHA1 ? 5u : 8u); i++)
        state[i] = s32[i + 1];
}

static size_t block_size(unsigned family)
{
    return family == ARMSHA_SHA512 ? 128 : 64;
}

static size_t state_words(unsigned family)
{
    return family == ARMSHA_SHA1 ? 5 : 8;
}

static void random_state(uint64_t *s, unsigned family)
{
    for (size_t i = 0; i < 8; i++) {
        s[i] = armsha_rng_next(&rng);
        if (family != ARMSHA_SHA512)
            s[i] &= 0xffffffffu;
    }
}

/* "abc" padded into one block, from the family's IV, against FIPS 180-4's digest. */
static void check_abc(const armsha_kernel *k)
{
    static const char *const abc[3] = {
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
         "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")};
    const armsha_digest_info *d = &armsha_digests[k->family == ARMSHA_SHA1     ? ARMSHA_DIGEST_SHA1
                                                  : k->family == ARMSHA_SHA256 ? ARMSHA_DIGEST_SHA256
                                                                               : ARMSHA_DIGEST_SHA512];
    const size_t fi = k->family == ARMSHA_SHA1 ? 0 : k->family == ARMSHA_SHA256 ? 1 : 2;
    uint8_t block[128] = {'a', 'b', 'c', 0x80}, want[64], got[64];
    uint64_t state[8];

    block[block_size(k->family) - 1] = 24; /* the message length in bits */
    for (size_t i = 0; i < 8; i++)
        state[i] = d->iv64 != NULL ? d->iv64[i] : i < state_words(k->family) ? d->iv32[i] : 0;
    run(k, state, block, 1);
    for (size_t i = 0; i < d->digest_size; i++)
        got[i] = (uint8_t)(d->iv64 != NULL ? state[i / 8] >> (56 - 8 * (i % 8))
                                           : state[i / 4] >> (24 - 8 * (i % 4)));
    armsha_unhex(want, abc[fi], d->digest_size);
    CHECK(memcmp(got, want, d->digest_size) == 0, "%s kernel %s: wrong digest of \"abc\"",
          armsha_family_name(k->family), k->name);
}

/* One random case: nblocks random blocks at offset bytes into a buffer of their own that
 * ends with the input, so that a sanitizer sees a read past its end. */
static void check_case(const armsha_kernel *k, const armsha_kernel *ref, size_t nblocks, size_t offset)
{
    const size_t bs = block_size(k->family), len = nblocks * bs;
    uint64_t init[8], want[8], got[8], one_by_one[8];
    static uint8_t copy[MAX_BLOCKS * 128];
    uint8_t *buf = malloc(offset + len + 1);

    if (buf == NULL) {
        CHECK(0, "out of memory");
        return;
    }
    for (size_t i = 0; i < len; i++)
        buf[offset + i] = (uint8_t)(armsha_rng_next(&rng) >> 56);
    memcpy(copy, buf + offset, len);
    random_state(init, k->family);
    memcpy(want, init, sizeof(init));
    memcpy(got, init, sizeof(init));
    memcpy(one_by_one, init, sizeof(init));
    run(ref, want, buf + offset, nblocks);
    run(k, got, nblocks ? buf + offset : NULL, nblocks);
    for (size_t i = 0; i < nblocks; i++)
        run(k, one_by_one, buf + offset + i * bs, 1);
    CHECK(memcmp(got, want, sizeof(got)) == 0,
          "%s kernel %s: differs from portable after %zu blocks at offset %zu",
          armsha_family_name(k->family), k->name, nblocks, offset);
    CHECK(memcmp(one_by_one, got, sizeof(got)) == 0,
          "%s kernel %s: %zu one-block calls differ from one call of %zu blocks",
          armsha_family_name(k->family), k->name, nblocks, nblocks);
    CHECK(nblocks != 0 || memcmp(got, init, sizeof(got)) == 0,
          "%s kernel %s: zero blocks changed the state", armsha_family_name(k->family), k->name);
    CHECK(memcmp(copy, buf + offset, len) == 0, "%s kernel %s modified its input (%zu blocks)",
          armsha_family_name(k->family), k->name, nblocks);
    free(buf);
}

/* The two-lane form lk against its kernel k: one random block per lane at random offsets,
 * from random states, each lane as k gives it; nothing written around either state, the
 * input left alone. The states sit in one array with guard words between them. */
static void check_lanes(const armsha_lane_kernel *lk, const armsha_kernel *k, unsigned cases)
{
    const size_t bs = block_size(k->family), words = state_words(k->family);
    const char *fam = armsha_family_name(k->family);
    unsigned bad = 0;

    for (unsigned c = 0; c < cases && bad < 10; c++) {
        uint64_t init[2][8], want[2][8], got[2][8];
        uint8_t *buf[2], copy[2][128];
        const uint8_t *in[2];
        int ok = 1;

        for (size_t l = 0; l < 2; l++) {
            size_t offset = armsha_rng_below(&rng, MAX_OFFSET + 1);

            buf[l] = malloc(offset + bs);
            if (buf[l] == NULL) {
                CHECK(0, "out of memory");
                return;
            }
            for (size_t i = 0; i < bs; i++)
                buf[l][offset + i] = (uint8_t)(armsha_rng_next(&rng) >> 56);
            in[l] = buf[l] + offset;
            memcpy(copy[l], in[l], bs);
            random_state(init[l], k->family);
            if (c == 0 && l == 1) /* once, both lanes alike: the same answer on each */
                memcpy(init[1], init[0], sizeof(init[0])), memcpy((uint8_t *)in[1], in[0], bs),
                    memcpy(copy[1], in[0], bs);
            memcpy(want[l], init[l], sizeof(init[l]));
            run(k, want[l], in[l], 1);
        }
        if (k->family == ARMSHA_SHA512) {
            uint64_t s64[1 + 8 + 1 + 8 + 1];
            uint64_t *st[2] = {s64 + 1, s64 + 10};

            for (size_t i = 0; i < sizeof(s64) / sizeof(s64[0]); i++)
                s64[i] = 0x5a5a5a5a5a5a5a5aull;
            memcpy(st[0], init[0], sizeof(init[0]));
            memcpy(st[1], init[1], sizeof(init[1]));
            lk->fn.sha512(st, in);
            ok &= s64[0] == 0x5a5a5a5a5a5a5a5aull && s64[9] == 0x5a5a5a5a5a5a5a5aull
                  && s64[18] == 0x5a5a5a5a5a5a5a5aull;
            memcpy(got[0], st[0], sizeof(got[0]));
            memcpy(got[1], st[1], sizeof(got[1]));
        } else {
            uint32_t s32[1 + 8 + 1 + 8 + 1];
            uint32_t *st[2] = {s32 + 1, s32 + 2 + words};

            for (size_t i = 0; i < sizeof(s32) / sizeof(s32[0]); i++)
                s32[i] = 0x5a5a5a5au;
            for (size_t l = 0; l < 2; l++)
                for (size_t i = 0; i < words; i++)
                    st[l][i] = (uint32_t)init[l][i];
            if (k->family == ARMSHA_SHA1)
                lk->fn.sha1(st, in);
            else
                lk->fn.sha256(st, in);
            ok &= s32[0] == 0x5a5a5a5au && s32[1 + words] == 0x5a5a5a5au
                  && s32[2 + 2 * words] == 0x5a5a5a5au;
            memset(got, 0, sizeof(got));
            for (size_t l = 0; l < 2; l++)
                for (size_t i = 0; i < 8; i++)
                    got[l][i] = i < words ? st[l][i] : want[l][i];
        }
        CHECK(ok, "%s two-lane %s wrote outside its two states", fam, lk->name);
        for (size_t l = 0; l < 2; l++) {
            CHECK(memcmp(got[l], want[l], sizeof(got[l])) == 0,
                  "%s two-lane %s: lane %zu differs from the one-lane kernel (case %u)", fam,
                  lk->name, l, c);
            CHECK(memcmp(copy[l], in[l], bs) == 0, "%s two-lane %s modified lane %zu's input",
                  fam, lk->name, l);
            bad += memcmp(got[l], want[l], sizeof(got[l])) != 0;
            free(buf[l]);
        }
    }
}

#if defined(ARMSHA_TEST_ABI_ARM32)
int armsha_test_call_preserves(void (*fn)(void *, const uint8_t *, size_t), void *state,
                               const uint8_t *data, size_t nblocks);

/* The kernel keeps the registers its caller may keep values in (see abi_arm32.c). */
static void check_preserves(const armsha_kernel *k)
{
    static uint8_t data[3 * 128];
    uint64_t state[8] = {0};
    void (*fn)(void *, const uint8_t *, size_t) =
        k->family == ARMSHA_SHA1 ? (void (*)(void *, const uint8_t *, size_t))k->fn.sha1
        : k->family == ARMSHA_SHA256 ? (void (*)(void *, const uint8_t *, size_t))k->fn.sha256
                                     : (void (*)(void *, const uint8_t *, size_t))k->fn.sha512;

    CHECK(armsha_test_call_preserves(fn, state, data, 3),
          "%s kernel %s does not preserve r4-r11 and d8-d15 (AAPCS callee-saved registers)",
          armsha_family_name(k->family), k->name);
}

/* The same for a two-lane form: state and data are its arrays of two pointers (the third
 * argument goes unread). */
static void check_lane_preserves(const armsha_lane_kernel *lk)
{
    static uint8_t data[2][128];
    uint64_t state[2][8] = {{0}};
    void *st[2] = {state[0], state[1]};
    const uint8_t *in[2] = {data[0], data[1]};
    /* Through void (*)(void), the type GCC takes as "any function" (-Wcast-function-type). */
    void (*any)(void) = lk->family == ARMSHA_SHA1     ? (void (*)(void))lk->fn.sha1
                        : lk->family == ARMSHA_SHA256 ? (void (*)(void))lk->fn.sha256
                                                      : (void (*)(void))lk->fn.sha512;
    void (*fn)(void *, const uint8_t *, size_t) = (void (*)(void *, const uint8_t *, size_t))any;

    CHECK(armsha_test_call_preserves(fn, st, (const uint8_t *)in, 0),
          "%s two-lane %s does not preserve r4-r11 and d8-d15 (AAPCS callee-saved registers)",
          armsha_family_name(lk->family), lk->name);
}
#else
static void check_preserves(const armsha_kernel *k)
{
    (void)k;
}

static void check_lane_preserves(const armsha_lane_kernel *lk)
{
    (void)lk;
}
#endif

int main(int argc, char **argv)
{
    /* Optional: the number of random cases per kernel, and a seed. */
    const unsigned cases = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 3000;
    const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;

    setvbuf(stdout, NULL, _IOLBF, 0);
    rng = armsha_rng_start(seed, 3);
    CHECK(armsha_test_kernels_setup() == 0,
          "ARMSHA_EXPECT_KERNELS asks for kernels that cannot run here (see above)");
    for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
        const armsha_kernel *k = armsha_test_kernels[ki];
        const unsigned long before = armsha_test_failures;

        CHECK(armsha_kernel_selftest(k), "%s kernel %s fails the load-time self-test",
              armsha_family_name(k->family), k->name);
        check_abc(k);
        check_preserves(k);
        for (unsigned c = 0; c < cases && armsha_test_failures - before < 10; c++) {
            /* Every block count 0..MAX_BLOCKS and offset come up early; the rest is random. */
            size_t nblocks = c <= MAX_BLOCKS ? c : armsha_rng_below(&rng, MAX_BLOCKS + 1);
            size_t offset = c <= MAX_BLOCKS ? c % (MAX_OFFSET + 1)
                                            : armsha_rng_below(&rng, MAX_OFFSET + 1);

            check_case(k, armsha_test_portable(k->family), nblocks, offset);
        }
        printf("%s kernel %s: self-test, \"abc\", %u random cases against portable: %s\n",
               armsha_family_name(k->family), k->name, cases,
               armsha_test_failures == before ? "ok" : "FAILED");
        const armsha_lane_kernel *lk = armsha_test_lanes_of(k);
        if (lk != NULL) {
            const unsigned long lane_before = armsha_test_failures;

            CHECK(armsha_lane_kernel_selftest(lk), "%s two-lane %s fails the load-time self-test",
                  armsha_family_name(k->family), lk->name);
            check_lanes(lk, k, cases);
            check_lane_preserves(lk);
            printf("%s two-lane %s: self-test, %u random cases against the %s kernel: %s\n",
                   armsha_family_name(k->family), lk->name, cases, k->name,
                   armsha_test_failures == lane_before ? "ok" : "FAILED");
        }
    }
    return armsha_test_summary("test_kernels");
}
