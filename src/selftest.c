/* Known-answer self-test of a block function: fixed messages, padded here, compressed from
 * the family's IV in one call each, and compared with digests written out below (from
 * FIPS 180-4's examples and another implementation), never with armsha's own code: the
 * portable block functions share the round constants with the kernels. */
#include "selftest.h"

#include <string.h>

#include "armsha/digests.h"
#include "byteorder.h"

/* FIPS 180-4's two-block examples, each taken three times: three blocks once padded. */
#define MSG_32 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG_64 "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno" \
               "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
#define MAX_BLOCKS 3
#define MAX_BLOCK 128
#define MAX_DIGEST 64

typedef struct known_answer {
    const char *msg;
    size_t repeat;
    const uint8_t digest[MAX_DIGEST];
} known_answer;

/* Per family: "abc" (one block), then the long message (three blocks). */
static const known_answer sha1_answers[2] = {
    {"abc", 1, {0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e, 0x25, 0x71, 0x78,
                0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d}},
    {MSG_32, 3, {0xbe, 0xae, 0xd1, 0x6d, 0x65, 0x8e, 0xc7, 0x92, 0x9e, 0xdf, 0xd6, 0x2b, 0xfa,
                 0xfe, 0xac, 0x29, 0x9f, 0x0d, 0x74, 0x4d}},
};
static const known_answer sha256_answers[2] = {
    {"abc", 1, {0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d,
                0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10,
                0xff, 0x61, 0xf2, 0x00, 0x15, 0xad}},
    {MSG_32, 3, {0x50, 0xea, 0x82, 0x5d, 0x96, 0x84, 0xf4, 0x22, 0x9c, 0xa2, 0x9f, 0x1f, 0xec,
                 0x51, 0x15, 0x93, 0xe2, 0x81, 0xe4, 0x6a, 0x14, 0x0d, 0x81, 0xe0, 0x00, 0x5f,
                 0x8f, 0x68, 0x86, 0x69, 0xa0, 0x6c}},
};
static const known_answer sha512_answers[2] = {
    {"abc", 1, {0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba, 0xcc, 0x41, 0x73, 0x49, 0xae,
                0x20, 0x41, 0x31, 0x12, 0xe6, 0xfa, 0x4e, 0x89, 0xa9, 0x7e, 0xa2, 0x0a, 0x9e,
                0xee, 0xe6, 0x4b, 0x55, 0xd3, 0x9a, 0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1,
                0xa8, 0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd, 0x45, 0x4d, 0x44, 0x23,
                0x64, 0x3c, 0xe8, 0x0e, 0x2a, 0x9a, 0xc9, 0x4f, 0xa5, 0x4c, 0xa4, 0x9f}},
    {MSG_64, 3, {0x6e, 0x59, 0xd8, 0x6c, 0x93, 0xe5, 0xae, 0xe5, 0xe0, 0x8c, 0x8d, 0x6c, 0xa7,
                 0xb8, 0x4f, 0x8f, 0x47, 0xfe, 0xc3, 0xfc, 0xe3, 0x09, 0xd1, 0x8e, 0x50, 0xac,
                 0xd7, 0x1b, 0xfa, 0xc8, 0x57, 0x03, 0x8c, 0xce, 0xa4, 0x73, 0x30, 0x19, 0x19,
                 0x65, 0xf3, 0xec, 0x37, 0xea, 0xa5, 0xe4, 0x5f, 0x67, 0x35, 0x6f, 0x3c, 0x32,
                 0x47, 0x5b, 0xb1, 0x52, 0x5b, 0x12, 0xa4, 0x3d, 0xc2, 0x40, 0x36, 0xb9}},
};

/* The message padded into whole blocks (FIPS 180-4 5.1); returns how many. */
static size_t pad_message(uint8_t out[MAX_BLOCKS * MAX_BLOCK], const known_answer *ka,
                          size_t block, size_t len_bytes)
{
    size_t part = strlen(ka->msg), len = part * ka->repeat, nblocks;

    nblocks = (len + 1 + len_bytes + block - 1) / block;
    memset(out, 0, nblocks * block);
    for (size_t i = 0; i < ka->repeat; i++)
        memcpy(out + i * part, ka->msg, part);
    out[len] = 0x80;
    armsha_store_be64(out + nblocks * block - 8, (uint64_t)len * 8);
    return nblocks;
}

#if defined(ARMSHA_TEST_HOOKS)
#include <stdlib.h>
/* Test builds only (test/meson.build): ARMSHA_TEST_BREAK_SELFTEST="sha256=armv8-ce,..."
 * makes those kernels fail, to test the fallback and its report; a two-lane form is named
 * with "-x2" after its kernel's name ("sha1=portable-x2"). */
static int broken_on_purpose(unsigned family, const char *name, const char *suffix)
{
    const char *env = getenv("ARMSHA_TEST_BREAK_SELFTEST");
    const char *fam = armsha_family_name(family);
    size_t nf = strlen(fam), nk = strlen(name), ns = strlen(suffix);

    for (const char *p = env; p != NULL && *p != '\0'; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, fam, nf) == 0 && p[nf] == '=' && strncmp(p + nf + 1, name, nk) == 0
            && strncmp(p + nf + 1 + nk, suffix, ns) == 0
            && (p[nf + 1 + nk + ns] == ',' || p[nf + 1 + nk + ns] == '\0'))
            return 1;
    return 0;
}
#else
#define broken_on_purpose(family, name, suffix) 0
#endif

/* A family's known answers, its block size, the size of its length field and its digest
 * size: what both self-tests pad and compare with. */
static void family_answers(unsigned family, const known_answer **answers, size_t *block,
                           size_t *len_bytes, size_t *digest_size)
{
    switch (family) {
    case ARMSHA_SHA1:
        *answers = sha1_answers, *block = 64, *len_bytes = 8, *digest_size = 20;
        break;
    case ARMSHA_SHA256:
        *answers = sha256_answers, *block = 64, *len_bytes = 8, *digest_size = 32;
        break;
    default:
        *answers = sha512_answers, *block = 128, *len_bytes = 16, *digest_size = 64;
        break;
    }
}

int armsha_kernel_selftest(const armsha_kernel *k)
{
    const known_answer *answers;
    size_t block, len_bytes, digest_size;
    int ok = 1;

    family_answers(k->family, &answers, &block, &len_bytes, &digest_size);
    for (size_t t = 0; t < 2; t++) {
        uint8_t data[MAX_BLOCKS * MAX_BLOCK], got[MAX_DIGEST];
        const size_t nblocks = pad_message(data, &answers[t], block, len_bytes);

        if (k->family == ARMSHA_SHA512) {
            uint64_t h[8];

            memcpy(h, armsha_digests[ARMSHA_DIGEST_SHA512].iv64, sizeof(h));
            k->fn.sha512(h, data, nblocks);
            for (size_t i = 0; i < 8; i++)
                armsha_store_be64(got + 8 * i, h[i]);
        } else {
            uint32_t h[8];
            const uint32_t *iv = armsha_digests[k->family == ARMSHA_SHA1 ? ARMSHA_DIGEST_SHA1
                                                                          : ARMSHA_DIGEST_SHA256].iv32;

            memcpy(h, iv, digest_size);
            if (k->family == ARMSHA_SHA1)
                k->fn.sha1(h, data, nblocks);
            else
                k->fn.sha256(h, data, nblocks);
            for (size_t i = 0; i < digest_size / 4; i++)
                armsha_store_be32(got + 4 * i, h[i]);
        }
        ok &= memcmp(got, answers[t].digest, digest_size) == 0;
    }
    return ok && !broken_on_purpose(k->family, k->name, "");
}

/* The two-lane form: lane 0 takes the three blocks of the long message, one a call, while
 * lane 1 takes "abc" from the IV in each of the three calls, so that a lane that reads the
 * other's block or state, or a swap of the two, gives a wrong digest. */
int armsha_lane_kernel_selftest(const armsha_lane_kernel *k)
{
    const known_answer *answers;
    size_t block, len_bytes, digest_size;
    uint8_t data[2][MAX_BLOCKS * MAX_BLOCK], got[2][MAX_DIGEST];
    int ok = 1;

    family_answers(k->family, &answers, &block, &len_bytes, &digest_size);
    if (pad_message(data[0], &answers[1], block, len_bytes) != MAX_BLOCKS
        || pad_message(data[1], &answers[0], block, len_bytes) != 1)
        return 0;
    if (k->family == ARMSHA_SHA512) {
        const uint64_t *iv = armsha_digests[ARMSHA_DIGEST_SHA512].iv64;
        uint64_t h[2][8], *st[2] = {h[0], h[1]};

        memcpy(h[0], iv, sizeof(h[0]));
        for (size_t b = 0; b < MAX_BLOCKS; b++) {
            const uint8_t *in[2] = {data[0] + b * block, data[1]};

            memcpy(h[1], iv, sizeof(h[1]));
            k->fn.sha512(st, in);
        }
        for (size_t l = 0; l < 2; l++)
            for (size_t i = 0; i < 8; i++)
                armsha_store_be64(got[l] + 8 * i, h[l][i]);
    } else {
        const uint32_t *iv = armsha_digests[k->family == ARMSHA_SHA1 ? ARMSHA_DIGEST_SHA1
                                                                      : ARMSHA_DIGEST_SHA256].iv32;
        uint32_t h[2][8], *st[2] = {h[0], h[1]};

        memcpy(h[0], iv, digest_size);
        for (size_t b = 0; b < MAX_BLOCKS; b++) {
            const uint8_t *in[2] = {data[0] + b * block, data[1]};

            memcpy(h[1], iv, digest_size);
            if (k->family == ARMSHA_SHA1)
                k->fn.sha1(st, in);
            else
                k->fn.sha256(st, in);
        }
        for (size_t l = 0; l < 2; l++)
            for (size_t i = 0; i < digest_size / 4; i++)
                armsha_store_be32(got[l] + 4 * i, h[l][i]);
    }
    ok &= memcmp(got[0], answers[1].digest, digest_size) == 0;
    ok &= memcmp(got[1], answers[0].digest, digest_size) == 0;
    return ok && !broken_on_purpose(k->family, k->name, "-x2");
}
