/* Direct tests of the streaming cores and block functions: the FIPS 180-4 example digests, every
 * kernel against the portable one, update splits, output bounds, re-init and the length limits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armsha/cpu.h"
#include "variants.h"

/* ---- published digests ----
 * "abc" and the two-block messages: NIST's FIPS 180-4 examples with intermediate values
 * (csrc.nist.gov, examples SHA1.pdf ... SHA512_256.pdf: 448 bits for SHA-1/224/256, 896 bits
 * for SHA-384/512/512-224/512-256). The other two-block message per family and one million
 * 'a': FIPS 180-2 appendices A-C (SHA-1/256/384/512), RFC 3874 (SHA-224), and the collected
 * vectors at di-mgt.com.au/sha_testvectors.html; for SHA-512/t the same values appear in
 * Bouncy Castle's Sha512t tests. The empty message: Len = 0 of the SHAVS ShortMsg files. */
static const char msg448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg896[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                             "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
enum { M_EMPTY, M_ABC, M_448, M_896, M_MILLION_A, NMSG };
static const char *const msg_names[NMSG] = {"\"\"", "\"abc\"", "the 448-bit message",
                                            "the 896-bit message", "one million 'a'"};

static const char *const expected[ARMSHA_NDIGESTS][NMSG] = {
    {/* SHA-1 */
     "da39a3ee5e6b4b0d3255bfef95601890afd80709", "a9993e364706816aba3e25717850c26c9cd0d89d",
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "a49b2446a02c645bf419f995b67091253a04a259",
     "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
    {/* SHA-224 */
     "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
     "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
     "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
     "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {/* SHA-256 */
     "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
     "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {/* SHA-384 */
     "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
     "274edebfe76f65fbd51ad2f14898b95b",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
     "8086072ba1e7cc2358baeca134c825a7",
     "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
     "b0455a8520bc4e6f5fe95b1fe3c8452b",
     "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
     "fcc7c71a557e2db966c3e9fa91746039",
     "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
     "07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {/* SHA-512 */
     "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
     "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
     "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
     "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
    {/* SHA-512/224 */
     "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4",
     "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
     "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
     "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
     "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287"},
    {/* SHA-512/256 */
     "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a",
     "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
     "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
     "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
     "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21"},
};

static void unhex(const char *s, uint8_t *out, size_t n)
{
    CHECK(armsha_unhex(out, s, n), "bad hex in the table of expected digests: %s", s);
}

/* A portable kernel that counts its calls, to see what the core hands to a kernel. */
static unsigned long cnt_calls, cnt_blocks;

static void count_sha1(uint32_t s[5], const uint8_t *d, size_t n)
{
    cnt_calls++;
    cnt_blocks += n;
    armsha_sha1_blocks_portable(s, d, n);
}

static void count_sha256(uint32_t s[8], const uint8_t *d, size_t n)
{
    cnt_calls++;
    cnt_blocks += n;
    armsha_sha256_blocks_portable(s, d, n);
}

static void count_sha512(uint64_t s[8], const uint8_t *d, size_t n)
{
    cnt_calls++;
    cnt_blocks += n;
    armsha_sha512_blocks_portable(s, d, n);
}

static const armsha_kernel counting[3] = {
    {"counting portable", ARMSHA_SHA1, 0, {.sha1 = count_sha1}, 0},
    {"counting portable", ARMSHA_SHA256, 0, {.sha256 = count_sha256}, 0},
    {"counting portable", ARMSHA_SHA512, 0, {.sha512 = count_sha512}, 0},
};

/* The counting kernel of a family. */
static const armsha_kernel *counting_kernel(unsigned family)
{
    return &counting[family == ARMSHA_SHA1 ? 0 : family == ARMSHA_SHA256 ? 1 : 2];
}

static void digest(const armsha_variant *v, const armsha_kernel *k, const uint8_t *p,
                   size_t n, uint8_t *out)
{
    armsha_variant_ctx g;

    armsha_variant_init(&g, v, k);
    CHECK(armsha_variant_update(&g, p, n) == 1, "%s: update of %zu bytes refused", v->name, n);
    armsha_variant_final(&g, out);
}

/* Split patterns for hashing one message. */
enum { S_ONESHOT, S_BYTES, S_RANDOM, S_EMPTY_BETWEEN, NSPLIT };
static const char *const split_names[NSPLIT] = {
    "one update", "one byte per update", "random splits with empty updates",
    "block-1 / 1 / block+1 chunks with empty updates between"};

static int split_update(armsha_variant_ctx *g, int split, const uint8_t *p, size_t n,
                        uint64_t seed)
{
    size_t off = 0;
    uint64_t s = armsha_rng_start(seed, 7); /* not armsha_fill_random's sequence for the seed */
    const size_t b = g->v->block_size;
    const size_t pattern[3] = {b - 1, 1, b + 1};
    unsigned step = 0;

    switch (split) {
    case S_ONESHOT:
        return armsha_variant_update(g, p, n) == 1;
    case S_BYTES:
        for (size_t i = 0; i < n; i++)
            if (armsha_variant_update(g, p + i, 1) != 1)
                return 0;
        return 1;
    case S_RANDOM:
        while (off < n) {
            size_t c = armsha_split_next(&s, n - off, b);

            if (armsha_variant_update(g, p + off, c) != 1)
                return 0;
            off += c;
        }
        return 1;
    default:
        while (off < n) {
            size_t c = pattern[step++ % 3];

            if (c > n - off)
                c = n - off;
            if (armsha_variant_update(g, p + off, c) != 1
                || armsha_variant_update(g, p + off + c, 0) != 1)
                return 0;
            off += c;
        }
        return 1;
    }
}

/* ---- the tests ---- */

static void test_known_answers(void)
{
    const size_t million = 1000000;
    uint8_t *a = malloc(million + 16), *mis;
    unsigned long before = armsha_test_failures;

    if (a == NULL) {
        CHECK(0, "out of memory");
        return;
    }
    memset(a, 'a', million + 16);
    mis = malloc(sizeof(msg896) + 16);
    if (mis == NULL) {
        free(a);
        CHECK(0, "out of memory");
        return;
    }
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];

        for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
            const armsha_kernel *k = armsha_test_kernels[ki];

            if (k->family != v->family)
                continue;
            for (int m = 0; m < NMSG; m++) {
                const uint8_t *p = m == M_ABC    ? (const uint8_t *)"abc"
                                   : m == M_448  ? (const uint8_t *)msg448
                                   : m == M_896  ? (const uint8_t *)msg896
                                   : m == M_EMPTY ? (const uint8_t *)""
                                                  : a;
                size_t n = m == M_ABC ? 3
                           : m == M_448 ? sizeof(msg448) - 1
                           : m == M_896 ? sizeof(msg896) - 1
                           : m == M_EMPTY ? 0
                                           : million;
                uint8_t want[64];

                unhex(expected[vi][m], want, v->digest_size);
                CHECK(strlen(expected[vi][m]) == 2 * v->digest_size, "%s: table entry for %s has %zu digits",
                      v->name, msg_names[m], strlen(expected[vi][m]));
                for (int split = 0; split < NSPLIT; split++) {
                    for (size_t off = 0; off < (m == M_MILLION_A ? 2u : 4u); off++) {
                        const uint8_t *src = p;
                        uint8_t got[64];
                        char gh[129], wh[129];
                        armsha_variant_ctx g;

                        /* One byte per update over a million bytes is too slow under qemu. */
                        if (m == M_MILLION_A && split == S_BYTES)
                            continue;
                        if (off != 0) {
                            src = m == M_MILLION_A ? a + off : mis + off;
                            if (m != M_MILLION_A)
                                memcpy(mis + off, p, n);
                        }
                        armsha_variant_init(&g, v, k);
                        CHECK(split_update(&g, split, src, n, vi * 31 + (uint64_t)m),
                              "%s kernel %s: an update of %s was refused", v->name,
                              k->name, msg_names[m]);
                        armsha_variant_final(&g, got);
                        armsha_hex(gh, got, v->digest_size);
                        armsha_hex(wh, want, v->digest_size);
                        CHECK(memcmp(got, want, v->digest_size) == 0,
                              "%s kernel %s, %s, %s, data at offset %zu: got %s, expected %s",
                              v->name, k->name, msg_names[m], split_names[split], off, gh,
                              wh);
                    }
                }
            }
        }
    }
    free(mis);
    free(a);
    printf("published digests (\"\", abc, 448-bit, 896-bit, 1M 'a'; %d split patterns, aligned "
           "and unaligned): %s\n",
           NSPLIT, armsha_test_failures == before ? "ok" : "FAILED");
}

/* Every length 0..300: each kernel and split pattern against the portable kernel in one update. */
static void test_lengths(void)
{
    enum { MAXLEN = 300 };
    uint8_t data[MAXLEN], buf[MAXLEN + 16];
    unsigned long before = armsha_test_failures, n = 0;

    armsha_fill_random(data, sizeof(data), 1);
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];

        for (size_t len = 0; len <= MAXLEN; len++) {
            uint8_t ref[64];

            digest(v, armsha_test_portable(v->family), data, len, ref);
            for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
                const armsha_kernel *k = armsha_test_kernels[ki];

                if (k->family != v->family)
                    continue;
                for (int split = 0; split < NSPLIT; split++) {
                    size_t off = (len + (size_t)split) % 16;
                    uint8_t got[64];
                    armsha_variant_ctx g;

                    memcpy(buf + off, data, len);
                    armsha_variant_init(&g, v, k);
                    CHECK(split_update(&g, split, buf + off, len, len),
                          "%s kernel %s: update refused", v->name, k->name);
                    armsha_variant_final(&g, got);
                    CHECK(memcmp(got, ref, v->digest_size) == 0,
                          "%s kernel %s, length %zu, %s, data at offset %zu: differs from the "
                          "portable kernel in one update",
                          v->name, k->name, len, split_names[split], off);
                    n++;
                }
            }
        }
    }
    printf("lengths 0..%d, every usable kernel and %d split patterns vs portable (%lu digests): "
           "%s\n",
           MAXLEN, NSPLIT, n, armsha_test_failures == before ? "ok" : "FAILED");
}

/* What the core hands to the kernel: exactly the padded number of blocks, and bulk data in
 * one call rather than block by block. */
static void test_kernel_calls(void)
{
    static const size_t lens[] = {0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 1000};
    enum { BULK = 100 };
    uint8_t *data = malloc(BULK * 128 + 1);
    unsigned long before = armsha_test_failures;

    if (data == NULL) {
        CHECK(0, "out of memory");
        return;
    }
    armsha_fill_random(data, BULK * 128 + 1, 3);
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];
        const size_t lenfield = v->block_size == 64 ? 8 : 16;
        uint8_t out[64], ref[64];
        armsha_variant_ctx g;

        for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
            const size_t want = (lens[i] + 1 + lenfield + v->block_size - 1) / v->block_size;

            cnt_calls = cnt_blocks = 0;
            digest(v, counting_kernel(v->family), data, lens[i], out);
            CHECK(cnt_blocks == want, "%s: %zu bytes compressed %lu blocks, expected %zu", v->name,
                  lens[i], cnt_blocks, want);
        }
        for (size_t head = 0; head <= 1; head++) {
            armsha_variant_init(&g, v, counting_kernel(v->family));
            CHECK(armsha_variant_update(&g, data, head) == 1, "%s: update refused", v->name);
            cnt_calls = cnt_blocks = 0;
            CHECK(armsha_variant_update(&g, data + head, BULK * v->block_size) == 1,
                  "%s: update refused", v->name);
            CHECK(cnt_calls <= 2 + head && cnt_blocks >= BULK - 1,
                  "%s: an update of %d blocks after %zu buffered bytes made %lu kernel calls for "
                  "%lu blocks (expected the bulk in one call)",
                  v->name, BULK, head, cnt_calls, cnt_blocks);
            armsha_variant_final(&g, out);
            digest(v, armsha_test_portable(v->family), data, head + BULK * v->block_size, ref);
            CHECK(memcmp(out, ref, v->digest_size) == 0, "%s: bulk update gives a different digest",
                  v->name);
        }
    }
    free(data);
    printf("kernel calls (padded block count, bulk in one call): %s\n",
           armsha_test_failures == before ? "ok" : "FAILED");
}

/* Hashes data[0..len) and finals into buf + 16 with outlen, buf (16 + 64 + 16 bytes) filled
 * with fill first. Returns the offset from out of the first guard byte changed, or 999. */
static int final_guarded(const armsha_variant *v, const armsha_kernel *k,
                         const uint8_t *data, size_t len, size_t outlen, uint8_t fill,
                         uint8_t *buf)
{
    armsha_variant_ctx g;

    memset(buf, fill, 16 + 64 + 16);
    armsha_variant_init(&g, v, k);
    armsha_variant_update(&g, data, len);
    armsha_variant_final_len(&g, buf + 16, outlen);
    for (int i = 0; i < 16 + 64 + 16; i++)
        if ((i < 16 || i >= 16 + (int)outlen) && buf[i] != fill)
            return i - 16;
    return 999;
}

static const size_t final_lens[] = {0, 3, 55, 56, 64, 111, 112, 119, 120, 128, 200};
/* Several guard values, so that a stray write of the guard's own value cannot hide. */
static const uint8_t guard_fills[] = {0x00, 0xa5, 0xff};

/* final writes exactly the digest size, and the digest. */
static void test_final_bounds(void)
{
    uint8_t data[200];
    unsigned long before = armsha_test_failures;

    armsha_fill_random(data, sizeof(data), 4);
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];

        for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
            const armsha_kernel *k = armsha_test_kernels[ki];

            if (k->family != v->family)
                continue;
            for (size_t li = 0; li < sizeof(final_lens) / sizeof(final_lens[0]); li++) {
                uint8_t ref[64];

                digest(v, armsha_test_portable(v->family), data, final_lens[li], ref);
                for (size_t fi = 0; fi < sizeof(guard_fills); fi++) {
                    uint8_t buf[16 + 64 + 16];
                    int bad = final_guarded(v, k, data, final_lens[li], v->digest_size,
                                            guard_fills[fi], buf);

                    CHECK(bad == 999, "%s kernel %s: final (outlen %zu) wrote byte %d of out",
                          v->name, k->name, v->digest_size, bad);
                    CHECK(memcmp(buf + 16, ref, v->digest_size) == 0,
                          "%s kernel %s: final into an unaligned buffer gives another digest",
                          v->name, k->name);
                }
            }
        }
    }
    printf("final writes exactly the digest size (guards around out): %s\n",
           armsha_test_failures == before ? "ok" : "FAILED");
}

/* The headers promise "the first outlen bytes" for any outlen up to the state size (20, 32,
 * 64), not only the digest sizes: check every one. */
static void test_final_any_outlen(void)
{
    uint8_t data[200];
    unsigned long before = armsha_test_failures;

    armsha_fill_random(data, sizeof(data), 4);
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];
        const size_t maxout = v->family == ARMSHA_SHA1 ? 20 : v->family == ARMSHA_SHA256 ? 32 : 64;

        for (size_t ki = 0; ki < armsha_test_nkernels; ki++) {
            const armsha_kernel *k = armsha_test_kernels[ki];
            size_t nbad = 0, first_bad = 0;
            int first_where = 999;

            if (k->family != v->family)
                continue;
            for (size_t li = 0; li < sizeof(final_lens) / sizeof(final_lens[0]); li++) {
                uint8_t full[16 + 64 + 16];

                final_guarded(v, k, data, final_lens[li], maxout, 0, full);
                for (size_t outlen = 1; outlen <= maxout; outlen++)
                    for (size_t fi = 0; fi < sizeof(guard_fills); fi++) {
                        uint8_t buf[16 + 64 + 16];
                        int bad = final_guarded(v, k, data, final_lens[li], outlen,
                                                guard_fills[fi], buf);

                        if (bad == 999 && memcmp(buf + 16, full + 16, outlen) == 0)
                            continue;
                        if (nbad++ == 0) {
                            first_bad = outlen;
                            first_where = bad;
                        }
                    }
            }
            if (first_where == 999)
                CHECK(nbad == 0,
                      "%s kernel %s: final with outlen 1..%zu: %zu wrong outputs; the first with "
                      "outlen %zu: not the first outlen bytes of the state (guards intact)",
                      v->name, k->name, maxout, nbad, first_bad);
            else
                CHECK(nbad == 0,
                      "%s kernel %s: final with outlen 1..%zu: %zu wrong outputs; the first with "
                      "outlen %zu wrote byte %d of out",
                      v->name, k->name, maxout, nbad, first_bad, first_where);
        }
    }
    printf("final with any outlen up to the state size writes its first outlen bytes: %s\n",
           armsha_test_failures == before ? "ok" : "FAILED");
}

/* init fully resets a used context: after final, after a half-done message, and when the
 * kernel changes between uses. */
static void test_reinit(void)
{
    unsigned long before = armsha_test_failures;
    uint8_t junk[300];

    armsha_fill_random(junk, sizeof(junk), 5);
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];
        uint8_t want[64];

        unhex(expected[vi][M_ABC], want, v->digest_size);
        for (size_t ka = 0; ka < armsha_test_nkernels; ka++)
            for (size_t kb = 0; kb < armsha_test_nkernels; kb++) {
                const armsha_kernel *first = armsha_test_kernels[ka], *second = armsha_test_kernels[kb];
                uint8_t out[64];
                armsha_variant_ctx g;

                if (first->family != v->family || second->family != v->family)
                    continue;
                armsha_variant_init(&g, v, first);
                armsha_variant_update(&g, "abc", 3);
                armsha_variant_final(&g, out);
                CHECK(memcmp(out, want, v->digest_size) == 0, "%s kernel %s: abc wrong", v->name,
                      first->name);
                for (int round = 0; round < 2; round++) {
                    armsha_variant_init(&g, v, second);
                    armsha_variant_update(&g, "abc", 3);
                    armsha_variant_final(&g, out);
                    CHECK(memcmp(out, want, v->digest_size) == 0,
                          "%s: abc after re-init (%s then %s, round %d) differs", v->name,
                          first->name, second->name, round);
                }
                /* Abandon a message half-way, with bytes left in the buffer. */
                armsha_variant_init(&g, v, first);
                armsha_variant_update(&g, junk, sizeof(junk) - (vi + 1));
                armsha_variant_init(&g, v, second);
                armsha_variant_update(&g, "abc", 3);
                armsha_variant_final(&g, out);
                CHECK(memcmp(out, want, v->digest_size) == 0,
                      "%s: abc after re-init of an unfinished context (%s then %s) differs",
                      v->name, first->name, second->name);
            }
    }
    printf("re-init after final and mid-message gives the same digest: %s\n",
           armsha_test_failures == before ? "ok" : "FAILED");
}

/* update refuses (returns 0, hashes and records nothing) a message longer than the limit:
 * 2^61 - 1 bytes for SHA-1 and SHA-256 (a 64-bit length in bits), 2^64 - 1 bytes for
 * SHA-512 (its header: the 64-bit byte counter). nbytes is set by hand, a multiple of the
 * block size so that it agrees with an empty buffer. */
#define SAME_CTX(a, b) (memcmp(&(a), &(b), sizeof(a)) == 0)

static void test_limits(void)
{
    const uint64_t max256 = (UINT64_C(1) << 61) - 1;
    const int size_t_64 = (uint64_t)SIZE_MAX == UINT64_MAX;
    uint8_t data[256], out[64];
    unsigned long before = armsha_test_failures;

    armsha_fill_random(data, sizeof(data), 6);
    {
        armsha_sha1_ctx c, keep;

        armsha_sha1_init(&c, armsha_digests[ARMSHA_DIGEST_SHA1].iv32, count_sha1);
        c.nbytes = max256 + 1 - 64;
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha1_update(&c, data, 64) == 0, "SHA-1: 64 bytes past 2^61 - 64 accepted");
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "SHA-1: a refused update changed the context");
        CHECK(armsha_sha1_update(&c, data, 63) == 1, "SHA-1: update up to 2^61 - 1 bytes refused");
        CHECK(c.nbytes == max256, "SHA-1: nbytes %llu after reaching the limit",
              (unsigned long long)c.nbytes);
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha1_update(&c, data, 1) == 0, "SHA-1: byte 2^61 accepted");
        CHECK(armsha_sha1_update(&c, data, 0) == 1, "SHA-1: an empty update at the limit refused");
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "SHA-1: a refused update changed the context");
        cnt_blocks = 0;
        armsha_sha1_final(&c, out, 20);
        CHECK(cnt_blocks == 2, "SHA-1: final at the limit compressed %lu blocks, expected 2",
              cnt_blocks);
        if (size_t_64) {
            armsha_sha1_init(&c, armsha_digests[ARMSHA_DIGEST_SHA1].iv32, count_sha1);
            c.nbytes = 128;
            keep = c;
            cnt_calls = 0;
            CHECK(armsha_sha1_update(&c, data, SIZE_MAX) == 0, "SHA-1: SIZE_MAX bytes accepted");
            CHECK(armsha_sha1_update(&c, data, (size_t)max256) == 0,
                  "SHA-1: 2^61 - 1 more bytes after 128 accepted");
            CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "SHA-1: a refused update changed the context");
        }
    }
    for (int v224 = 0; v224 <= 1; v224++) {
        armsha_sha256_ctx c, keep;
        const char *name = v224 ? "SHA-224" : "SHA-256";

        armsha_sha256_init(&c, armsha_digests[v224 ? ARMSHA_DIGEST_SHA224 : ARMSHA_DIGEST_SHA256].iv32, count_sha256);
        c.nbytes = max256 + 1 - 64;
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha256_update(&c, data, 64) == 0, "%s: 64 bytes past 2^61 - 64 accepted", name);
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "%s: a refused update changed the context",
              name);
        CHECK(armsha_sha256_update(&c, data, 63) == 1, "%s: update up to 2^61 - 1 bytes refused",
              name);
        CHECK(c.nbytes == max256, "%s: nbytes %llu after reaching the limit", name,
              (unsigned long long)c.nbytes);
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha256_update(&c, data, 1) == 0, "%s: byte 2^61 accepted", name);
        CHECK(armsha_sha256_update(&c, data, 0) == 1, "%s: an empty update at the limit refused",
              name);
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "%s: a refused update changed the context",
              name);
        cnt_blocks = 0;
        armsha_sha256_final(&c, out, v224 ? 28 : 32);
        CHECK(cnt_blocks == 2, "%s: final at the limit compressed %lu blocks, expected 2", name,
              cnt_blocks);
        if (size_t_64) {
            armsha_sha256_init(&c, armsha_digests[v224 ? ARMSHA_DIGEST_SHA224 : ARMSHA_DIGEST_SHA256].iv32, count_sha256);
            c.nbytes = 128;
            keep = c;
            cnt_calls = 0;
            CHECK(armsha_sha256_update(&c, data, SIZE_MAX) == 0, "%s: SIZE_MAX bytes accepted",
                  name);
            CHECK(armsha_sha256_update(&c, data, (size_t)max256) == 0,
                  "%s: 2^61 - 1 more bytes after 128 accepted", name);
            CHECK(SAME_CTX(c, keep) && cnt_calls == 0,
                  "%s: a refused update changed the context", name);
        }
    }
    for (size_t vi = 0; vi < ARMSHA_NDIGESTS; vi++) {
        const armsha_variant *v = &armsha_digests[vi];
        armsha_sha512_ctx c, keep;

        if (v->family != ARMSHA_SHA512)
            continue;
        armsha_sha512_init(&c, v->iv64, count_sha512);
        c.nbytes = UINT64_MAX - 127;
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha512_update(&c, data, 128) == 0, "%s: 128 bytes past 2^64 - 128 accepted",
              v->name);
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "%s: a refused update changed the context",
              v->name);
        CHECK(armsha_sha512_update(&c, data, 127) == 1, "%s: update up to 2^64 - 1 bytes refused",
              v->name);
        CHECK(c.nbytes == UINT64_MAX, "%s: nbytes %llu after reaching the limit", v->name,
              (unsigned long long)c.nbytes);
        keep = c;
        cnt_calls = 0;
        CHECK(armsha_sha512_update(&c, data, 1) == 0, "%s: byte 2^64 accepted", v->name);
        CHECK(armsha_sha512_update(&c, data, 0) == 1, "%s: an empty update at the limit refused",
              v->name);
        CHECK(SAME_CTX(c, keep) && cnt_calls == 0, "%s: a refused update changed the context",
              v->name);
        cnt_blocks = 0;
        armsha_sha512_final(&c, out, v->digest_size);
        CHECK(cnt_blocks == 2, "%s: final at the limit compressed %lu blocks, expected 2", v->name,
              cnt_blocks);
        if (size_t_64) {
            armsha_sha512_init(&c, v->iv64, count_sha512);
            c.nbytes = 256;
            keep = c;
            cnt_calls = 0;
            CHECK(armsha_sha512_update(&c, data, SIZE_MAX) == 0,
                  "%s: SIZE_MAX bytes after 256 accepted (byte counter wraps)", v->name);
            CHECK(SAME_CTX(c, keep) && cnt_calls == 0,
                  "%s: a refused update changed the context", v->name);
        }
    }
    printf("length limits (2^61 - 1 bytes for SHA-1/256, 2^64 - 1 for SHA-512%s): %s\n",
           size_t_64 ? ", SIZE_MAX" : "", armsha_test_failures == before ? "ok" : "FAILED");
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    CHECK(armsha_test_kernels_setup() == 0,
          "ARMSHA_EXPECT_KERNELS asks for hardware kernels that cannot run here (see above)");
    test_known_answers();
    test_lengths();
    test_kernel_calls();
    test_final_bounds();
    test_final_any_outlen();
    test_reinit();
    test_limits();
    return armsha_test_summary("test_core");
}
