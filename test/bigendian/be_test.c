/* The cores and kernels on big-endian ARM (and the same program little-endian, as its
 * control), freestanding: FIPS 180-4 examples, NIST SHAVS files, each kernel against the
 * portable block function. No feature detection here: the caller says what the emulated
 * CPU has (--cpu), and the program says which kernels it ran.
 *
 * Usage: be_test --endian big|little --cpu LIST [--expect KERNELS] [--shavs DIR]
 *                [--sigill FAMILY]
 *   LIST: comma list of sha1, sha256, sha512, neon, a64 (AArch64 itself), a32 (32-bit
 *   ARM itself), or none: the
 *   kernels needing more are not run (they would die of SIGILL).
 *   KERNELS: "sha1=armv8-ce sha256=armv8-ce sha512=portable": the hardware kernels that
 *   must have run, per family (comma-separated where a family has several), else
 *   "portable"; a build without its kernels or a wrong --cpu fails here.
 *   --sigill FAMILY: run that family's first hardware kernel once and fail if it returns:
 *   proves the emulated CPU really lacks it, so that under the other CPU it really ran.
 *   --blocks FAMILY:N: only run the family's first kernel that --cpu allows on N blocks, in
 *   one call, for counting guest instructions (bench/RESULTS.md, "Big-endian"). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "armsha/cpu.h"
#include "armsha/digests.h"
#include "freestanding.h"
#include "kernel_list.h"
#if defined(ARMSHA_ARM64_KERNELS)
#include "arm64/kernels.h"
#endif
#if defined(ARMSHA_ARM32_KERNELS)
#include "arm32/kernels.h"
#endif

/* ---- the core's API: the one part to follow when it changes ---- */

/* The kernels are the build's own list (src/kernel_list.c): best first per family, the
 * portable one last, each with the ARMSHA_CPU_* bits it needs. The digests are the
 * build's table (src/digests.c) for names and IVs; the expected digests below are not
 * taken from it. */
typedef armsha_kernel kernel;
typedef armsha_digest_info variant;
#define kernels armsha_kernel_list
#define NKERNELS armsha_kernel_count
#define variants armsha_digests
#define NVARIANTS ((size_t)ARMSHA_NDIGESTS)
#define MAX_KERNELS 32 /* for the per-kernel tallies */

typedef struct hash_ctx {
    const variant *v;
    union {
        armsha_sha1_ctx sha1;
        armsha_sha256_ctx sha256;
        armsha_sha512_ctx sha512;
    } c;
} hash_ctx;

static void h_init(hash_ctx *h, const variant *v, const kernel *k)
{
    h->v = v;
    if (v->family == ARMSHA_SHA1)
        armsha_sha1_init(&h->c.sha1, v->iv32, k->fn.sha1);
    else if (v->family == ARMSHA_SHA256)
        armsha_sha256_init(&h->c.sha256, v->iv32, k->fn.sha256);
    else
        armsha_sha512_init(&h->c.sha512, v->iv64, k->fn.sha512);
}

static int h_update(hash_ctx *h, const void *p, size_t n)
{
    if (h->v->family == ARMSHA_SHA1)
        return armsha_sha1_update(&h->c.sha1, p, n);
    if (h->v->family == ARMSHA_SHA256)
        return armsha_sha256_update(&h->c.sha256, p, n);
    return armsha_sha512_update(&h->c.sha512, p, n);
}

static void h_final(hash_ctx *h, uint8_t *out, size_t outlen)
{
    if (h->v->family == ARMSHA_SHA1)
        armsha_sha1_final(&h->c.sha1, out, outlen);
    else if (h->v->family == ARMSHA_SHA256)
        armsha_sha256_final(&h->c.sha256, out, outlen);
    else
        armsha_sha512_final(&h->c.sha512, out, outlen);
}

/* Runs k's block function on a state of its family (5 or 8 32-bit words). */
static void run_blocks32(const kernel *k, uint32_t *state, const uint8_t *data, size_t n)
{
    if (k->family == ARMSHA_SHA1)
        k->fn.sha1(state, data, n);
    else
        k->fn.sha256(state, data, n);
}

/* ---- bookkeeping ---- */

static unsigned long checks, failures;
static unsigned cpu;          /* --cpu */
static unsigned kernels_run;  /* bit i: kernels[i] ran at least one check */
static unsigned long kernel_failures[MAX_KERNELS];

static size_t kernel_index(const kernel *k)
{
    return (size_t)(k - kernels);
}

static void check(int ok, const char *what, const variant *v, const kernel *k, const char *detail)
{
    checks++;
    if (ok)
        return;
    failures++;
    if (k != NULL)
        kernel_failures[kernel_index(k)]++;
    if (failures > 20)
        return; /* the summary per kernel counts the rest */
    armsha_fs_puts("FAIL: ");
    armsha_fs_puts(what);
    if (v != NULL) {
        armsha_fs_puts(" ");
        armsha_fs_puts(v->name);
    }
    if (k != NULL) {
        armsha_fs_puts(" kernel ");
        armsha_fs_puts(k->name);
    }
    if (detail != NULL) {
        armsha_fs_puts(" ");
        armsha_fs_puts(detail);
    }
    armsha_fs_puts("\n");
}

static int usable(const kernel *k)
{
    return (k->needs & ~cpu) == 0;
}

static int streq(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b)
        a++, b++;
    return *a == *b;
}

/* Appends s to buf (size cap) at n; returns the new length, always NUL-terminated. */
static size_t append(char *buf, size_t cap, size_t n, const char *s)
{
    while (*s != '\0' && n + 1 < cap)
        buf[n++] = *s++;
    buf[n] = '\0';
    return n;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes 2n hex digits; returns 0 on anything else. */
static int unhex(uint8_t *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

/* xorshift64*, fixed seed: a failure replays. */
static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1du;
}

/* Uniform enough in [0, n): a multiply, not a division (AArch32 would need libgcc). */
static size_t rnd_below(uint32_t n)
{
    return (size_t)(((rnd() >> 32) * n) >> 32);
}

static void rnd_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rnd() >> 56);
}

/* Hashes msg with k: in one update, or (split != 0) in pseudo-random pieces. */
static void digest(const variant *v, const kernel *k, const uint8_t *msg, size_t len, int split,
                   uint8_t *out)
{
    hash_ctx h;
    int ok = 1;

    h_init(&h, v, k);
    if (!split) {
        ok = h_update(&h, msg, len);
    } else {
        for (size_t done = 0; done < len && ok;) {
            size_t n = rnd_below((uint32_t)(2 * v->block_size + 1));

            if (n > len - done)
                n = len - done;
            ok = h_update(&h, msg + done, n);
            done += n;
        }
    }
    if (!ok)
        check(0, "update refused", v, k, NULL);
    h_final(&h, out, v->digest_size);
}

/* ---- FIPS 180-4 examples (expected values as published; checked against OpenSSL) ---- */

static const char msg_2block[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg_4block[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                 "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

/* Per digest, in the order of enum armsha_digest_id: "", "abc", msg_2block, msg_4block, a
 * million 'a'. */
static const char *const fips_md[NVARIANTS][5] = {
    {"da39a3ee5e6b4b0d3255bfef95601890afd80709", "a9993e364706816aba3e25717850c26c9cd0d89d",
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "a49b2446a02c645bf419f995b67091253a04a259",
     "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
    {"d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
     "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
     "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
     "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
     "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {"38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
     "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
     "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
     "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
    {"6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4",
     "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
     "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
     "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
     "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287"},
    {"c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a",
     "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
     "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
     "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
     "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21"},
};

static void test_fips(const variant *v, size_t vi, const kernel *k)
{
    static uint8_t million[1000];
    const char *msgs[4] = {"", "abc", msg_2block, msg_4block};
    uint8_t md[64], want[64];

    for (size_t i = 0; i < 4; i++) {
        size_t len = 0, hexlen = 0;

        while (msgs[i][len] != '\0')
            len++;
        while (fips_md[vi][i][hexlen] != '\0')
            hexlen++;
        check(hexlen == 2 * v->digest_size, "digest size against the FIPS 180-4 example", v, k, NULL);
        unhex(want, fips_md[vi][i], v->digest_size);
        for (int split = 0; split < 2; split++) {
            digest(v, k, (const uint8_t *)msgs[i], len, split, md);
            check(memcmp(md, want, v->digest_size) == 0, "FIPS 180-4 example", v, k, msgs[i]);
        }
    }

    /* A million 'a', in 1000 updates of 1000 bytes: most go straight to the kernel. */
    hash_ctx h;
    int ok = 1;

    memset(million, 'a', sizeof(million));
    h_init(&h, v, k);
    for (int i = 0; i < 1000; i++)
        ok &= h_update(&h, million, sizeof(million));
    h_final(&h, md, v->digest_size);
    unhex(want, fips_md[vi][4], v->digest_size);
    check(ok && memcmp(md, want, v->digest_size) == 0, "one million 'a'", v, k, NULL);
    kernels_run |= 1u << kernel_index(k);
}

/* ---- NIST SHAVS files ---- */

static char file_buf[2 << 20];
static uint8_t msg_buf[16384 + 16];

static const char *shavs_dir;

/* Reads DIR/name into file_buf, NUL-terminated; returns its length or 0. */
static size_t read_file(const char *name)
{
    char path[512];
    size_t n = 0;

    for (const char *p = shavs_dir; *p != '\0' && n < sizeof(path) - 64; p++)
        path[n++] = *p;
    path[n++] = '/';
    for (const char *p = name; *p != '\0' && n < sizeof(path) - 1; p++)
        path[n++] = *p;
    path[n] = '\0';

    int fd = armsha_fs_open(path);

    if (fd < 0) {
        armsha_fs_puts("FAIL: cannot open ");
        armsha_fs_puts(path);
        armsha_fs_puts("\n");
        failures++;
        return 0;
    }
    long got = armsha_fs_read_all(fd, file_buf, sizeof(file_buf) - 1);

    armsha_fs_close(fd);
    if (got <= 0 || (size_t)got >= sizeof(file_buf) - 1) {
        armsha_fs_puts("FAIL: cannot read all of ");
        armsha_fs_puts(path);
        armsha_fs_puts("\n");
        failures++;
        return 0;
    }
    file_buf[got] = '\0';
    return (size_t)got;
}

/* The next "KEY = VALUE" line at *pos: key and value (hex or a number) pointers and the
 * value's length; lines of another shape (comments, blank) are skipped, "[L = n]" reads as
 * key "L". Returns 0 at the end. */
static int next_field(char **pos, const char **key, size_t *keylen, const char **val, size_t *vallen)
{
    char *p = *pos;

    while (*p != '\0') {
        char *line = p, *eq = NULL;

        while (*p != '\0' && *p != '\n') {
            if (*p == '=' && eq == NULL)
                eq = p;
            p++;
        }
        if (*p == '\n')
            p++;
        if (eq == NULL || line[0] == '#')
            continue;
        if (line[0] == '[')
            line++;
        char *ke = eq, *vs = eq + 1, *ve;

        while (ke > line && ke[-1] == ' ')
            ke--;
        while (*vs == ' ')
            vs++;
        ve = vs;
        while (hexval(*ve) >= 0)
            ve++;
        *key = line;
        *keylen = (size_t)(ke - line);
        *val = vs;
        *vallen = (size_t)(ve - vs);
        *pos = p;
        return 1;
    }
    *pos = p;
    return 0;
}

static int keyis(const char *key, size_t keylen, const char *want)
{
    size_t i = 0;

    while (i < keylen && want[i] != '\0' && key[i] == want[i])
        i++;
    return i == keylen && want[i] == '\0';
}

static unsigned long number(const char *s, size_t n)
{
    unsigned long v = 0;

    for (size_t i = 0; i < n; i++)
        v = v * 10 + (unsigned long)(s[i] - '0');
    return v;
}

/* ShortMsg / LongMsg: every Len/Msg/MD record, whole and in random pieces, at a random
 * misalignment. Returns the number of records. */
static size_t shavs_msgs(const variant *v, const kernel *k, const char *fname)
{
    char *pos = file_buf;
    const char *key, *val;
    size_t keylen, vallen, records = 0, len = 0;
    uint8_t *msg = msg_buf;
    uint8_t md[64], want[64];
    int have_len = 0, have_msg = 0, bad = 0;

    while (next_field(&pos, &key, &keylen, &val, &vallen)) {
        if (keyis(key, keylen, "L")) {
            check(number(val, vallen) == v->digest_size, "SHAVS [L = n] is not the digest size", v, k, fname);
        } else if (keyis(key, keylen, "Len")) {
            len = number(val, vallen);
            have_len = 1;
            have_msg = 0;
        } else if (keyis(key, keylen, "Msg") && have_len) {
            if (len % 8 != 0 || len / 8 > sizeof(msg_buf) - 16 || vallen < 2 * (len / 8)) {
                bad = 1;
                break;
            }
            msg = msg_buf + (rnd() & 15);
            have_msg = unhex(msg, val, len / 8);
        } else if (keyis(key, keylen, "MD") && have_msg) {
            if (vallen != 2 * v->digest_size || !unhex(want, val, v->digest_size)) {
                bad = 1;
                break;
            }
            for (int split = 0; split < 2; split++) {
                digest(v, k, msg, len / 8, split, md);
                check(memcmp(md, want, v->digest_size) == 0, "SHAVS", v, k, fname);
            }
            records++;
            have_len = have_msg = 0;
        }
    }
    check(!bad, "SHAVS file unreadable", v, k, fname);
    return records;
}

/* Monte: 100 chained checkpoints of 1000 hashes each. */
static size_t shavs_monte(const variant *v, const kernel *k, const char *fname)
{
    char *pos = file_buf;
    const char *key, *val;
    size_t keylen, vallen, records = 0;
    const size_t L = v->digest_size;
    uint8_t seed[64], md[3][64], want[64], buf[3 * 64];
    int have_seed = 0;

    while (next_field(&pos, &key, &keylen, &val, &vallen)) {
        if (keyis(key, keylen, "Seed")) {
            have_seed = vallen == 2 * L && unhex(seed, val, L);
        } else if (keyis(key, keylen, "MD") && have_seed) {
            for (int j = 0; j < 3; j++)
                memcpy(md[j], seed, L);
            for (int i = 3; i <= 1002; i++) {
                /* md[i % 3] holds MD(i-3), md[(i+1) % 3] MD(i-2), md[(i+2) % 3] MD(i-1). */
                memcpy(buf, md[i % 3], L);
                memcpy(buf + L, md[(i + 1) % 3], L);
                memcpy(buf + 2 * L, md[(i + 2) % 3], L);
                digest(v, k, buf, 3 * L, 0, md[i % 3]);
            }
            memcpy(seed, md[1002 % 3], L);
            if (vallen != 2 * L || !unhex(want, val, L) || memcmp(seed, want, L) != 0) {
                check(0, "SHAVS Monte checkpoint", v, k, fname);
                return records; /* every later checkpoint chains from this one */
            }
            checks++;
            records++;
        }
    }
    return records;
}

static void test_shavs(const variant *v, const kernel *k)
{
    static const char *const kinds[] = {"ShortMsg.rsp", "LongMsg.rsp", "Monte.rsp"};
    const size_t want_records[] = {v->block_size + 1, v->block_size, 100};

    for (size_t i = 0; i < 3; i++) {
        char fname[64];
        size_t n = 0, records;

        for (const char *p = v->nist_file; *p != '\0'; p++)
            fname[n++] = *p;
        for (const char *p = kinds[i]; *p != '\0'; p++)
            fname[n++] = *p;
        fname[n] = '\0';
        if (read_file(fname) == 0)
            continue;
        records = i < 2 ? shavs_msgs(v, k, fname) : shavs_monte(v, k, fname);
        check(records == want_records[i], "SHAVS record count", v, k, fname);
    }
    kernels_run |= 1u << kernel_index(k);
}

/* ---- each kernel against the portable block function ---- */

#define MAX_BLOCKS 9 /* per call: enough to loop, and to run the schedule across blocks */

static void test_kernel(const kernel *k, const kernel *ref)
{
    static uint8_t data[MAX_BLOCKS * 128 + 16];

    for (int trial = 0; trial < 200; trial++) {
        /* The state starts after a guard word and has guards after it: a kernel must
         * write its own words only. */
        uint32_t a32[12], b32[12];
        uint64_t a64[10], b64[10];
        const size_t nblocks = rnd_below(MAX_BLOCKS + 1);
        const size_t off = (size_t)(rnd() & 15);
        int same;

        rnd_fill(data, sizeof(data));
        if (k->family == ARMSHA_SHA512) {
            for (size_t i = 0; i < 10; i++)
                a64[i] = b64[i] = rnd();
            ref->fn.sha512(a64 + 1, data + off, nblocks);
            k->fn.sha512(b64 + 1, data + off, nblocks);
            same = memcmp(a64, b64, sizeof(a64)) == 0;
        } else {
            for (size_t i = 0; i < 12; i++)
                a32[i] = b32[i] = (uint32_t)rnd();
            run_blocks32(ref, a32 + 1, data + off, nblocks);
            run_blocks32(k, b32 + 1, data + off, nblocks);
            same = memcmp(a32, b32, sizeof(a32)) == 0;
        }
        check(same, "kernel against portable", NULL, k,
              k->family == ARMSHA_SHA1 ? "(SHA-1 blocks)"
              : k->family == ARMSHA_SHA256 ? "(SHA-256 blocks)" : "(SHA-512 blocks)");
    }
    kernels_run |= 1u << kernel_index(k);
}

/* ---- the two-lane forms (PBKDF2) against their kernel ---- */

/* k's two-lane form, when the build has one (src/kernel_list.c): one random block per lane
 * from random states, each lane as k gives it, with guard words around both states. */
static void test_lanes(const kernel *k)
{
    const armsha_lane_kernel *lk = NULL;
    static uint8_t data[2][128 + 16];

    for (size_t i = 0; i < armsha_lane_kernel_count; i++)
        if (armsha_lane_kernel_list[i].family == k->family && streq(armsha_lane_kernel_list[i].name, k->name))
            lk = &armsha_lane_kernel_list[i];
    if (lk == NULL)
        return;
    for (int trial = 0; trial < 100; trial++) {
        const size_t off0 = (size_t)(rnd() & 15), off1 = (size_t)(rnd() & 15);
        const uint8_t *in[2] = {data[0] + off0, data[1] + off1};
        int same;

        rnd_fill(data[0], sizeof(data[0]));
        rnd_fill(data[1], sizeof(data[1]));
        if (k->family == ARMSHA_SHA512) {
            uint64_t want[20], got[20];
            uint64_t *st[2] = {got + 1, got + 11};

            for (size_t i = 0; i < 20; i++)
                want[i] = got[i] = rnd();
            k->fn.sha512(want + 1, in[0], 1);
            k->fn.sha512(want + 11, in[1], 1);
            lk->fn.sha512(st, in);
            same = memcmp(want, got, sizeof(want)) == 0;
        } else {
            uint32_t want[20], got[20];
            uint32_t *st[2] = {got + 1, got + 11};

            for (size_t i = 0; i < 20; i++)
                want[i] = got[i] = (uint32_t)rnd();
            run_blocks32(k, want + 1, in[0], 1);
            run_blocks32(k, want + 11, in[1], 1);
            if (k->family == ARMSHA_SHA1)
                lk->fn.sha1(st, in);
            else
                lk->fn.sha256(st, in);
            same = memcmp(want, got, sizeof(want)) == 0;
        }
        check(same, "two-lane form against its kernel", NULL, k, NULL);
    }
    kernels_run |= 1u << kernel_index(k);
}

#if defined(ARMSHA_ARM64_KERNELS)
/* ---- the SHA-512 kernel's PBKDF2 entry against the block function ---- */

/* The reference: each iteration compresses U's bytes padded as FIPS 180-4 pads a message
 * of one block plus ds bytes, from the inner and then the outer state, with the
 * portable block function; the entry makes the same block from words and masks. */
static void pbkdf2_reference(const kernel *ref, const uint64_t in[8], const uint64_t out[8],
                             uint64_t u[8], uint64_t t[8], size_t ds, unsigned n)
{
    for (unsigned j = 0; j < n; j++) {
        for (int half = 0; half < 2; half++) {
            uint8_t block[128] = {0};

            for (size_t b = 0; b < ds; b++)
                block[b] = (uint8_t)(u[b / 8] >> (56 - 8 * (b % 8)));
            block[ds] = 0x80;
            block[126] = (uint8_t)(((128 + ds) * 8) >> 8);
            block[127] = (uint8_t)((128 + ds) * 8);
            memcpy(u, half == 0 ? in : out, 8 * sizeof(uint64_t));
            ref->fn.sha512(u, block, 1);
        }
        for (size_t i = 0; i < 8; i++)
            t[i] ^= u[i];
    }
}

static void test_pbkdf2_entry(const kernel *k, const kernel *ref)
{
    static const size_t sizes[] = {64, 48, 32, 28};

    for (int trial = 0; trial < 40; trial++) {
        const size_t ds = sizes[trial % 4];
        const unsigned n = (unsigned)rnd_below(4);
        uint64_t in[8], out[8], ua[8], ta[8], ub[10], tb[10];

        for (size_t i = 0; i < 8; i++) {
            in[i] = rnd(), out[i] = rnd();
            ua[i] = ub[i + 1] = rnd();
            ta[i] = tb[i + 1] = rnd();
        }
        ub[0] = tb[0] = ub[9] = tb[9] = 0x5a5a5a5a5a5a5a5au; /* guards */
        pbkdf2_reference(ref, in, out, ua, ta, ds, n);
        armsha_sha512_pbkdf2_armv8(in, out, ub + 1, tb + 1, ds, n);
        /* U's words past ds bytes are the state's (the entry does not clear them), so
         * only T, which PBKDF2 outputs, and U's digest words are compared. */
        int same = memcmp(ta, tb + 1, sizeof(ta)) == 0 && ub[0] == 0x5a5a5a5a5a5a5a5au &&
                   tb[0] == ub[0] && ub[9] == ub[0] && tb[9] == ub[0] &&
                   memcmp(ua, ub + 1, ds / 8 * 8) == 0;
        check(same, "PBKDF2 entry against the block function", NULL, k, "(SHA-512 PBKDF2)");

        /* The two-lane entry (sha512_ce_x2.c), each lane its own U and T from the same key
         * states, against the same reference lane by lane, with guards around each. */
        uint64_t ul[2][8], tl[2][8], ux[2][10], tx[2][10];
        for (int l = 0; l < 2; l++) {
            for (size_t i = 0; i < 8; i++) {
                ul[l][i] = ux[l][i + 1] = rnd();
                tl[l][i] = tx[l][i + 1] = rnd();
            }
            ux[l][0] = tx[l][0] = ux[l][9] = tx[l][9] = 0x5a5a5a5a5a5a5a5au;
            pbkdf2_reference(ref, in, out, ul[l], tl[l], ds, n);
        }
        uint64_t *const up[2] = {ux[0] + 1, ux[1] + 1}, *const tp[2] = {tx[0] + 1, tx[1] + 1};
        armsha_sha512_pbkdf2_x2_armv8(in, out, up, tp, ds, n);
        for (int l = 0; l < 2; l++) {
            same = memcmp(tl[l], tx[l] + 1, sizeof(tl[l])) == 0 &&
                   ux[l][0] == 0x5a5a5a5a5a5a5a5au && tx[l][0] == ux[l][0] &&
                   ux[l][9] == ux[l][0] && tx[l][9] == ux[l][0] &&
                   memcmp(ul[l], ux[l] + 1, ds / 8 * 8) == 0;
            check(same, "two-lane PBKDF2 entry against the block function", NULL, k,
                  l == 0 ? "(SHA-512 PBKDF2, lane 0)" : "(SHA-512 PBKDF2, lane 1)");
        }
    }
}

#endif

#if defined(ARMSHA_ARM64_KERNELS) || defined(ARMSHA_ARM32_KERNELS)
/* ---- the two-lane SHA-1 and SHA-256/224 PBKDF2 entries (arm64: sha{1,256}_pbkdf2_x2.c;
 * AArch32: sha{1,256}_ce_x2.c) against the block function ---- */

/* The reference: each iteration compresses U's ds bytes padded as FIPS 180-4 pads a
 * message of one block plus ds bytes, from the inner and then the outer state (w words),
 * with the portable block function; the entries make the same block in registers. */
static void pbkdf2_reference32(const kernel *ref, const uint32_t *in, const uint32_t *out,
                               uint32_t *u, uint32_t *t, size_t w, size_t ds, unsigned n)
{
    for (unsigned j = 0; j < n; j++) {
        for (int half = 0; half < 2; half++) {
            uint8_t block[64] = {0};

            for (size_t b = 0; b < ds; b++)
                block[b] = (uint8_t)(u[b / 4] >> (24 - 8 * (b % 4)));
            block[ds] = 0x80;
            block[62] = (uint8_t)(((64 + ds) * 8) >> 8);
            block[63] = (uint8_t)((64 + ds) * 8);
            memcpy(u, half == 0 ? in : out, w * sizeof(uint32_t));
            run_blocks32(ref, u, block, 1);
        }
        for (size_t i = 0; i < ds / 4; i++)
            t[i] ^= u[i];
    }
}

/* An entry of either shape: SHA-1's (ds always 20) or SHA-256's (ds 32 or 28). */
typedef struct entry32 {
    void (*sha1)(const uint32_t *, const uint32_t *, const uint32_t *const *, uint32_t *const *,
                 uint64_t);
    void (*sha256)(const uint32_t *, const uint32_t *, const uint32_t *const *,
                   uint32_t *const *, size_t, uint64_t);
} entry32;

static void test_pbkdf2_entry32(const kernel *k, const kernel *ref, entry32 e)
{
    static const char *const what[3][2] = {{"(SHA-1 PBKDF2, lane 0)", "(SHA-1 PBKDF2, lane 1)"},
                                           {"(SHA-256 PBKDF2, lane 0)", "(SHA-256 PBKDF2, lane 1)"},
                                           {"(SHA-224 PBKDF2, lane 0)", "(SHA-224 PBKDF2, lane 1)"}};
    const size_t w = e.sha1 != NULL ? 5 : 8;
    const uint32_t guard = 0x5a5a5a5au;

    for (int trial = 0; trial < 40; trial++) {
        const size_t ds = e.sha1 != NULL ? 20 : trial % 2 == 0 ? 32 : 28;
        /* Mostly 0-5 iterations, one trial in eight 6-45: the loops carry values from one
         * iteration to the next. */
        const unsigned n = (unsigned)(trial % 8 == 7 ? 6 + rnd_below(40) : rnd_below(6));
        uint32_t in[8], out[8], ul[2][8], tl[2][8], ux[2][10], tx[2][10];

        for (size_t i = 0; i < w; i++)
            in[i] = (uint32_t)rnd(), out[i] = (uint32_t)rnd();
        for (int l = 0; l < 2; l++) {
            for (size_t i = 0; i < w; i++) {
                ul[l][i] = ux[l][i + 1] = (uint32_t)rnd();
                tl[l][i] = tx[l][i + 1] = (uint32_t)rnd();
            }
            ux[l][0] = tx[l][0] = ux[l][w + 1] = tx[l][w + 1] = guard;
        }
        /* U_1 apart from T here (PBKDF2 passes T, or a copy of it, as U_1). */
        const uint32_t *const up[2] = {ux[0] + 1, ux[1] + 1};
        uint32_t *const tp[2] = {tx[0] + 1, tx[1] + 1};
        if (e.sha1 != NULL)
            e.sha1(in, out, up, tp, n);
        else
            e.sha256(in, out, up, tp, ds, n);
        for (int l = 0; l < 2; l++) {
            /* U is only read. */
            const int u_kept = memcmp(ul[l], ux[l] + 1, w * sizeof(uint32_t)) == 0;

            pbkdf2_reference32(ref, in, out, ul[l], tl[l], w, ds, n);
            /* T's first ds bytes, what PBKDF2 outputs: for SHA-224 the AArch32 entry XORs
             * the eighth word too, where the arm64 one leaves it (their kernels.h). */
            const int same = u_kept && memcmp(tl[l], tx[l] + 1, ds) == 0 &&
                             tx[l][0] == guard && tx[l][w + 1] == guard &&
                             ux[l][0] == guard && ux[l][w + 1] == guard;
            check(same, "two-lane PBKDF2 entry against the block function", NULL, k,
                  what[e.sha1 != NULL ? 0 : ds == 32 ? 1 : 2][l]);
        }
    }
}
#endif

/* ---- main ---- */

static const char *family_word(unsigned fam)
{
    return fam == ARMSHA_SHA1 ? "sha1" : fam == ARMSHA_SHA256 ? "sha256" : "sha512";
}

static int usage(void)
{
    armsha_fs_puts("usage: be_test --endian big|little --cpu sha1,sha256,sha512,neon,a64,a32|none "
                   "[--expect KERNELS] [--shavs DIR] [--sigill FAMILY] [--blocks FAMILY:N]\n");
    return 2;
}

/* --blocks FAMILY:N (N below 2048). */
static int count_blocks(const char *arg)
{
    static uint8_t data[2048 * 128];
    uint32_t state32[8] = {0};
    uint64_t state64[8] = {0};
    char fam[8];
    size_t n = 0, nblocks = 0;

    while (*arg != '\0' && *arg != ':' && n < sizeof(fam) - 1)
        fam[n++] = *arg++;
    fam[n] = '\0';
    if (*arg++ != ':')
        return usage();
    for (; *arg >= '0' && *arg <= '9' && nblocks < 2048; arg++)
        nblocks = nblocks * 10 + (size_t)(*arg - '0');
    if (*arg != '\0' || nblocks >= 2048)
        return usage();
    for (size_t i = 0; i < NKERNELS; i++) {
        const kernel *k = &kernels[i];

        if (!usable(k) || !streq(family_word(k->family), fam))
            continue;
        armsha_fs_puts(fam);
        armsha_fs_puts(" ");
        armsha_fs_puts(k->name);
        armsha_fs_puts(": ");
        armsha_fs_putu((unsigned long)nblocks);
        armsha_fs_puts(" blocks\n");
        if (k->family == ARMSHA_SHA512)
            k->fn.sha512(state64, data, nblocks);
        else
            run_blocks32(k, state32, data, nblocks);
        return 0;
    }
    return usage();
}

/* Parses --cpu's list; returns 0 on an unknown word. */
static int parse_cpu(const char *s, unsigned *bits)
{
    *bits = 0;
    while (*s != '\0') {
        char word[16];
        size_t n = 0;

        while (*s != '\0' && *s != ',' && n < sizeof(word) - 1)
            word[n++] = *s++;
        word[n] = '\0';
        if (*s == ',')
            s++;
        if (streq(word, "sha1"))
            *bits |= ARMSHA_SHA1;
        else if (streq(word, "sha256"))
            *bits |= ARMSHA_SHA256;
        else if (streq(word, "sha512"))
            *bits |= ARMSHA_SHA512;
        else if (streq(word, "neon"))
            *bits |= ARMSHA_CPU_NEON;
        else if (streq(word, "a64"))
            *bits |= ARMSHA_CPU_A64;
        else if (streq(word, "a32"))
            *bits |= ARMSHA_CPU_A32;
        else if (!streq(word, "none"))
            return 0;
    }
    return 1;
}

int armsha_fs_main(int argc, char **argv)
{
    const char *endian = NULL, *cpu_list = NULL, *sigill = NULL, *expect = NULL, *blocks = NULL;
    const uint32_t probe = 0x01020304;
    const int big = *(const volatile uint8_t *)&probe == 0x01;

    for (int i = 1; i + 1 < argc; i += 2) {
        if (streq(argv[i], "--endian"))
            endian = argv[i + 1];
        else if (streq(argv[i], "--cpu"))
            cpu_list = argv[i + 1];
        else if (streq(argv[i], "--shavs"))
            shavs_dir = argv[i + 1];
        else if (streq(argv[i], "--sigill"))
            sigill = argv[i + 1];
        else if (streq(argv[i], "--expect"))
            expect = argv[i + 1];
        else if (streq(argv[i], "--blocks"))
            blocks = argv[i + 1];
        else
            return usage();
    }
    if (NKERNELS > MAX_KERNELS) {
        armsha_fs_puts("FAIL: more kernels than MAX_KERNELS\n");
        return 1;
    }
    if (argc % 2 == 0 || endian == NULL || cpu_list == NULL || !parse_cpu(cpu_list, &cpu))
        return usage();

    /* The byte order the program runs in, three ways: a store read back, the compiler's
     * macro, and what the caller built it for. */
    armsha_fs_puts(big ? "byte order: big-endian" : "byte order: little-endian");
#if defined(__aarch64__)
    armsha_fs_puts(", AArch64\n");
#else
    armsha_fs_puts(", AArch32\n");
#endif
    if (big != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) || !streq(endian, big ? "big" : "little")) {
        armsha_fs_puts("FAIL: not the byte order asked for with --endian\n");
        return 1;
    }

    if (blocks != NULL)
        return count_blocks(blocks);
    if (sigill != NULL) {
        for (size_t i = 0; i < NKERNELS; i++) {
            if (kernels[i].needs != 0 && streq(family_word(kernels[i].family), sigill)) {
                uint32_t state32[8] = {0};
                uint64_t state64[8] = {0};
                uint8_t block[128] = {0};

                armsha_fs_puts("running the ");
                armsha_fs_puts(sigill);
                armsha_fs_puts(" kernel ");
                armsha_fs_puts(kernels[i].name);
                armsha_fs_puts(", which this CPU must not have\n");
                if (kernels[i].family == ARMSHA_SHA512)
                    kernels[i].fn.sha512(state64, block, 1);
                else
                    run_blocks32(&kernels[i], state32, block, 1);
                armsha_fs_puts("FAIL: it ran: the emulated CPU has the instructions\n");
                return 1;
            }
        }
        armsha_fs_puts("FAIL: no hardware kernel for that family is built in\n");
        return 1;
    }

    for (size_t i = 0; i < NKERNELS; i++) {
        const kernel *k = &kernels[i];

        if (!usable(k))
            continue;
        for (size_t vi = 0; vi < NVARIANTS; vi++) {
            if (variants[vi].family != k->family)
                continue;
            test_fips(&variants[vi], vi, k);
            if (shavs_dir != NULL)
                test_shavs(&variants[vi], k);
        }
        test_lanes(k);
        if (k->needs != 0) {
            for (size_t r = 0; r < NKERNELS; r++)
                if (kernels[r].family == k->family && kernels[r].needs == 0) {
                    test_kernel(k, &kernels[r]);
#if defined(ARMSHA_ARM64_KERNELS)
                    if (k->family == ARMSHA_SHA512 && k->fn.sha512 == armsha_sha512_blocks_armv8)
                        test_pbkdf2_entry(k, &kernels[r]);
                    if (k->family == ARMSHA_SHA1 && k->fn.sha1 == armsha_sha1_blocks_armv8)
                        test_pbkdf2_entry32(k, &kernels[r],
                                            (entry32){.sha1 = armsha_sha1_pbkdf2_x2_armv8});
                    if (k->family == ARMSHA_SHA256 && k->fn.sha256 == armsha_sha256_blocks_armv8)
                        test_pbkdf2_entry32(k, &kernels[r],
                                            (entry32){.sha256 = armsha_sha256_pbkdf2_x2_armv8});
#endif
#if defined(ARMSHA_ARM32_KERNELS)
                    if (k->family == ARMSHA_SHA1 && k->fn.sha1 == armsha_sha1_blocks_aarch32)
                        test_pbkdf2_entry32(k, &kernels[r],
                                            (entry32){.sha1 = armsha_sha1_pbkdf2_x2_aarch32});
                    if (k->family == ARMSHA_SHA256 && k->fn.sha256 == armsha_sha256_blocks_aarch32)
                        test_pbkdf2_entry32(k, &kernels[r],
                                            (entry32){.sha256 = armsha_sha256_pbkdf2_x2_aarch32});
#endif
                }
        }
    }

    for (size_t i = 0; i < NKERNELS; i++) {
        if (!(kernels_run >> i & 1u))
            continue;
        armsha_fs_puts(family_word(kernels[i].family));
        armsha_fs_puts(" ");
        armsha_fs_puts(kernels[i].name);
        armsha_fs_puts(": ");
        armsha_fs_putu(kernel_failures[i]);
        armsha_fs_puts(" failed\n");
    }

    /* What ran, per family, for the caller to compare with what the CPU should run: the
     * hardware kernels in table order, or "portable" when none ran. */
    char ran[160];
    size_t n = 0;

    for (unsigned fam = ARMSHA_SHA1; fam <= ARMSHA_SHA512; fam <<= 1) {
        size_t hw = 0;

        n = append(ran, sizeof(ran), n, fam == ARMSHA_SHA1 ? "sha1=" : fam == ARMSHA_SHA256 ? " sha256=" : " sha512=");
        for (size_t i = 0; i < NKERNELS; i++) {
            if (kernels[i].family == fam && kernels[i].needs != 0 && (kernels_run >> i & 1u)) {
                n = append(ran, sizeof(ran), n, hw++ > 0 ? "," : "");
                n = append(ran, sizeof(ran), n, kernels[i].name);
            }
        }
        if (hw == 0)
            n = append(ran, sizeof(ran), n, "portable");
    }
    armsha_fs_puts("kernels run: ");
    armsha_fs_puts(ran);
    armsha_fs_puts("\n");
    if (expect != NULL) {
        checks++;
        if (!streq(ran, expect)) {
            failures++;
            armsha_fs_puts("FAIL: expected the kernels ");
            armsha_fs_puts(expect);
            armsha_fs_puts("\n");
        }
    }
    armsha_fs_puts(shavs_dir != NULL ? "SHAVS: ShortMsg, LongMsg, Monte\n" : "SHAVS: not given\n");
    armsha_fs_putu(checks - failures);
    armsha_fs_puts(" checks passed, ");
    armsha_fs_putu(failures);
    armsha_fs_puts(" failed\n");
    return failures == 0 ? 0 : 1;
}
