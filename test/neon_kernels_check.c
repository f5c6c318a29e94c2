/* Checks the 32-bit ARM NEON block functions against the portable ones, and counts
 * their instructions: `check` (default) or `count sha1|sha256|sha512 neon|portable N`. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

armsha_sha1_blocks_fn armsha_sha1_blocks_neon;
armsha_sha256_blocks_fn armsha_sha256_blocks_neon;
armsha_sha512_blocks_fn armsha_sha512_blocks_neon;

/* Which kernels are linked in: a kernel not written yet is left out of the build. */
#ifndef HAVE_SHA1
#define HAVE_SHA1 1
#endif
#ifndef HAVE_SHA256
#define HAVE_SHA256 1
#endif
#ifndef HAVE_SHA512
#define HAVE_SHA512 1
#endif

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint8_t rnd8(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint8_t)((rng * 0x2545f4914f6cdd1du) >> 56);
}

static void fill(void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ((uint8_t *)p)[i] = rnd8();
}

typedef void run_fn(void *state, const uint8_t *data, size_t nblocks);

static void sha1_neon(void *s, const uint8_t *d, size_t n)
{
#if HAVE_SHA1
    armsha_sha1_blocks_neon(s, d, n);
#else
    armsha_sha1_blocks_portable(s, d, n);
#endif
}
static void sha1_port(void *s, const uint8_t *d, size_t n) { armsha_sha1_blocks_portable(s, d, n); }
static void sha256_neon(void *s, const uint8_t *d, size_t n)
{
#if HAVE_SHA256
    armsha_sha256_blocks_neon(s, d, n);
#else
    armsha_sha256_blocks_portable(s, d, n);
#endif
}
static void sha256_port(void *s, const uint8_t *d, size_t n) { armsha_sha256_blocks_portable(s, d, n); }
static void sha512_neon(void *s, const uint8_t *d, size_t n)
{
#if HAVE_SHA512
    armsha_sha512_blocks_neon(s, d, n);
#else
    armsha_sha512_blocks_portable(s, d, n);
#endif
}
static void sha512_port(void *s, const uint8_t *d, size_t n) { armsha_sha512_blocks_portable(s, d, n); }

typedef struct family {
    const char *name;
    int built;
    size_t block, words, wordsize;
    run_fn *neon, *port;
    const void *iv;
    /* FIPS 180-4 examples: "abc" (one block) and the two-block message of each family,
     * with their digests as printed in the standard's example files. */
    const char *msg2;
    const char *abc_hex, *msg2_hex;
} family;

static const uint32_t sha1_iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t sha512_iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                      0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                      0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896                                                                         \
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq" \
    "klmnopqrlmnopqrsmnopqrstnopqrstu"

static const family families[3] = {
    {"sha1", HAVE_SHA1, 64, 5, 4, sha1_neon, sha1_port, sha1_iv, MSG448,
     "a9993e364706816aba3e25717850c26c9cd0d89d", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {"sha256", HAVE_SHA256, 64, 8, 4, sha256_neon, sha256_port, sha256_iv, MSG448,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"sha512", HAVE_SHA512, 128, 8, 8, sha512_neon, sha512_port, sha512_iv, MSG896,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
};

/* The state as a big-endian hex digest. */
static void state_hex(const family *f, const void *state, char *out)
{
    for (size_t i = 0; i < f->words; i++) {
        uint64_t w = f->wordsize == 4 ? ((const uint32_t *)state)[i] : ((const uint64_t *)state)[i];
        for (size_t b = 0; b < f->wordsize; b++)
            sprintf(out + 2 * (i * f->wordsize + b), "%02x",
                    (unsigned)(w >> (8 * (f->wordsize - 1 - b))) & 0xffu);
    }
}

/* Pads msg FIPS-style (length < 2^32 bits) into buf and returns the number of blocks. */
static size_t pad(const family *f, const char *msg, uint8_t *buf)
{
    size_t len = strlen(msg), lenbytes = f->block / 8, n;
    memset(buf, 0, 4 * f->block);
    memcpy(buf, msg, len);
    buf[len] = 0x80;
    n = (len + 1 + lenbytes + f->block - 1) / f->block;
    for (int i = 0; i < 8; i++)
        buf[n * f->block - 1 - i] = (uint8_t)((uint64_t)len * 8 >> (8 * i));
    return n;
}

/* The AAPCS: a function keeps r4-r11 and d8-d15. abi_call sets them to known values,
 * calls fn(s, d, n) and writes what they hold afterwards into r and dd. */
typedef struct abi_args {
    run_fn *fn;
    void *s;
    const uint8_t *d;
    size_t n;
    uint32_t r[8];
    double dd[8];
} abi_args;
_Static_assert(offsetof(abi_args, r) == 16 && offsetof(abi_args, dd) == 48, "abi_call's offsets");

__attribute__((naked, noinline)) static void abi_call(__attribute__((unused)) abi_args *a)
{
    __asm__("push       {r0, r4-r11, lr}\n\t"
            "vpush      {d8-d15}\n\t"
            "ldr        r12, [r0]\n\t"
            "ldr        r1, [r0, #8]\n\t"
            "ldr        r2, [r0, #12]\n\t"
            "ldr        r0, [r0, #4]\n\t"
            "mov        r4, #0x14\n\t"
            "mov        r5, #0x15\n\t"
            "mov        r6, #0x16\n\t"
            "mov        r7, #0x17\n\t"
            "mov        r8, #0x18\n\t"
            "mov        r9, #0x19\n\t"
            "mov        r10, #0x1a\n\t"
            "mov        r11, #0x1b\n\t"
            "vmov.f64   d8, #1.0\n\t"
            "vmov.f64   d9, #2.0\n\t"
            "vmov.f64   d10, #3.0\n\t"
            "vmov.f64   d11, #4.0\n\t"
            "vmov.f64   d12, #5.0\n\t"
            "vmov.f64   d13, #6.0\n\t"
            "vmov.f64   d14, #7.0\n\t"
            "vmov.f64   d15, #8.0\n\t"
            "blx        r12\n\t"
            "ldr        r0, [sp, #64]\n\t"
            "add        r1, r0, #16\n\t"
            "stm        r1, {r4-r11}\n\t"
            "add        r1, r0, #48\n\t"
            "vstmia     r1, {d8-d15}\n\t"
            "vpop       {d8-d15}\n\t"
            "pop        {r0, r4-r11, pc}\n\t");
}

static int check_abi(const family *f)
{
    static uint8_t data[3 * 128];
    uint64_t state[8] = {0};
    abi_args a = {f->neon, state, data, 3, {0}, {0}};
    int bad = 0;

    abi_call(&a);
    for (int i = 0; i < 8; i++) {
        if (a.r[i] != 0x14u + (unsigned)i) {
            printf("FAIL %s: r%d not kept\n", f->name, i + 4);
            bad++;
        }
        if (a.dd[i] != 1.0 + i) {
            printf("FAIL %s: d%d not kept\n", f->name, i + 8);
            bad++;
        }
    }
    return bad;
}

static int check_family(const family *f)
{
    static uint8_t buf[16 + 12 * 128 + 16];
    uint64_t s_neon[8], s_port[8];
    char hex[129];
    int bad = 0;
    const char *msgs[2] = {"abc", f->msg2}, *want[2] = {f->abc_hex, f->msg2_hex};

    for (int m = 0; m < 2; m++) {
        size_t n = pad(f, msgs[m], buf + 3); /* misaligned on purpose */
        memcpy(s_neon, f->iv, f->words * f->wordsize);
        f->neon(s_neon, buf + 3, n);
        state_hex(f, s_neon, hex);
        if (strcmp(hex, want[m]) != 0) {
            printf("FAIL %s FIPS example %d: %s\n", f->name, m, hex);
            bad++;
        }
    }
    /* Random states and data, every block count 0..12 at every offset 0..15, and the
     * bytes around the data and past the state untouched. */
    for (int rep = 0; rep < 4; rep++)
        for (size_t n = 0; n <= 12; n++)
            for (size_t off = 0; off < 16; off++) {
                fill(buf, sizeof(buf));
                fill(s_neon, sizeof(s_neon));
                memcpy(s_port, s_neon, sizeof(s_neon));
                uint8_t before[sizeof(buf)];
                memcpy(before, buf, sizeof(buf));
                f->neon(s_neon, buf + off, n);
                f->port(s_port, buf + off, n);
                if (memcmp(s_neon, s_port, sizeof(s_neon)) != 0 ||
                    memcmp(before, buf, sizeof(buf)) != 0) {
                    if (bad++ < 5)
                        printf("FAIL %s: %zu blocks at offset %zu\n", f->name, n, off);
                }
            }
    bad += check_abi(f);
    printf("%s%s: %s\n", f->name, f->built ? "" : " (portable stand-in)", bad ? "FAIL" : "ok");
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "count") == 0) {
        /* One call over N blocks of a zeroed static buffer: nothing else depends on N. */
        static uint8_t data[128 * 1024];
        uint64_t state[8] = {0};
        size_t n = strtoul(argv[4], NULL, 10);
        for (int i = 0; i < 3; i++)
            if (strcmp(argv[2], families[i].name) == 0 && n * families[i].block <= sizeof(data)) {
                volatile uint64_t sink;
                (strcmp(argv[3], "neon") == 0 ? families[i].neon : families[i].port)(state, data, n);
                /* Nothing printed: printing the value would cost a number of
                 * instructions that depends on it. */
                sink = state[0];
                (void)sink;
                return 0;
            }
        return 2;
    }
    int bad = 0;
    for (int i = 0; i < 3; i++)
        bad += check_family(&families[i]);
    printf("%s\n", bad ? "FAILED" : "all ok");
    return bad != 0;
}
