/* Big-endian (armeb, BE8) check of the NEON kernels against the portable ones: a
 * freestanding program, since no armeb C library is installed. Build and run (the
 * commands are in bench/arm32-neon-kernels.md):
 *   clang --target=armeb-linux-gnueabihf -march=armv7-a -mfloat-abi=hard -O2
 *     -ffreestanding -I<dir with a string.h declaring memcpy, memset, memcmp> ...
 *   arm-linux-gnueabihf-ld -EB --be8 -static -e _start *.o -o be_check
 *   qemu-armeb -cpu cortex-a8 ./be_check          (exit status 0: all equal) */
#include <stddef.h>
#include <stdint.h>

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

armsha_sha1_blocks_fn armsha_sha1_blocks_neon;
armsha_sha256_blocks_fn armsha_sha256_blocks_neon;
armsha_sha512_blocks_fn armsha_sha512_blocks_neon;

/* What the compilers may call even in freestanding code. */
void *memcpy(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *x, const void *y, size_t n);

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *a = d;
    const unsigned char *b = s;
    while (n--)
        *a++ = *b++;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *a = d;
    while (n--)
        *a++ = (unsigned char)c;
    return d;
}

int memcmp(const void *x, const void *y, size_t n)
{
    const unsigned char *a = x, *b = y;
    for (; n; n--, a++, b++)
        if (*a != *b)
            return *a - *b;
    return 0;
}

/* Linux EABI system call (r7 = number): write and exit. */
static long sys3(long nr, long a, long b, long c)
{
    register long r7 __asm__("r7") = nr;
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    __asm__ __volatile__("svc 0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
    return r0;
}

static void say(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    sys3(4, 1, (long)s, (long)n);
}

static uint64_t rng = 88172645463325252u;

static uint8_t rnd8(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint8_t)(rng >> 56);
}

static uint8_t buf[16 + 8 * 128];

static int check(void)
{
    static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint64_t a[8], b[8];
    uint32_t s[8];
    int bad = 0;

    /* SHA-256("abc") (FIPS 180-4 example): state words in host order. */
    memset(buf, 0, 64);
    memcpy(buf, "abc\x80", 4);
    buf[63] = 24;
    memcpy(s, iv256, sizeof(s));
    armsha_sha256_blocks_neon(s, buf, 1);
    if (s[0] != 0xba7816bf || s[7] != 0xf20015ad) {
        say("sha256 abc FAIL\n");
        bad++;
    }
    for (int fam = 0; fam < 3; fam++)
        for (size_t n = 0; n <= 5; n++)
            for (size_t off = 0; off < 16; off++) {
                for (size_t i = 0; i < sizeof(buf); i++)
                    buf[i] = rnd8();
                for (size_t i = 0; i < sizeof(a); i++)
                    ((uint8_t *)a)[i] = rnd8();
                memcpy(b, a, sizeof(a));
                if (fam == 0) {
                    armsha_sha1_blocks_neon((uint32_t *)a, buf + off, n);
                    armsha_sha1_blocks_portable((uint32_t *)b, buf + off, n);
                } else if (fam == 1) {
                    armsha_sha256_blocks_neon((uint32_t *)a, buf + off, n);
                    armsha_sha256_blocks_portable((uint32_t *)b, buf + off, n);
                } else {
                    armsha_sha512_blocks_neon(a, buf + off, n);
                    armsha_sha512_blocks_portable(b, buf + off, n);
                }
                if (memcmp(a, b, sizeof(a)) != 0) {
                    bad++;
                    say(fam == 0 ? "sha1 FAIL\n" : fam == 1 ? "sha256 FAIL\n" : "sha512 FAIL\n");
                }
            }
    say(bad ? "big-endian: FAILED\n" : "big-endian: all ok\n");
    return bad;
}

void _start(void) __attribute__((noreturn));

void _start(void)
{
    sys3(1, check() != 0, 0, 0);
    for (;;) {
    }
}
