/* The freestanding test program's runtime: _start, Linux system calls through svc 0 on
 * AArch64 and AArch32, memcpy/memset/memcmp, and unbuffered output. No libc exists for
 * big-endian ARM on Debian, and none is needed for this much. */
#include "freestanding.h"

#include <assert.h>
#include <string.h>

#undef memcpy
#undef memset
#undef memcmp

#if defined(__aarch64__)
#define NR_READ 63
#define NR_WRITE 64
#define NR_OPENAT 56
#define NR_CLOSE 57
#define NR_EXIT_GROUP 94

/* The kernel starts us with sp at argc, then argv[]: hand that to C. */
__asm__(".text\n"
        ".global _start\n"
        ".type _start, %function\n"
        "_start:\n"
        "    mov x29, #0\n"
        "    mov x30, #0\n"
        "    mov x0, sp\n"
        "    bl armsha_fs_start\n"
        "    brk #0\n");

static long sys3(long nr, long a, long b, long c)
{
    register long x8 __asm__("x8") = nr;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;

    __asm__ __volatile__("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
    return x0;
}
#elif defined(__arm__)
#define NR_READ 3
#define NR_WRITE 4
#define NR_OPENAT 322
#define NR_CLOSE 6
#define NR_EXIT_GROUP 248

__asm__(".text\n"
        ".global _start\n"
        ".type _start, %function\n"
        ".arm\n"
        "_start:\n"
        "    mov fp, #0\n"
        "    mov lr, #0\n"
        "    mov r0, sp\n"
        "    bic sp, sp, #7\n"
        "    bl armsha_fs_start\n"
        "    udf #0\n");

/* EABI: the call number in r7. */
static long sys3(long nr, long a, long b, long c)
{
    register long r7 __asm__("r7") = nr;
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;

    __asm__ __volatile__("svc 0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
    return r0;
}
#else
#error "the freestanding test program is for AArch64 and AArch32 Linux"
#endif

#define AT_FDCWD (-100)
#define O_RDONLY 0

void armsha_fs_start(long *sp);

void armsha_fs_start(long *sp)
{
    armsha_fs_exit(armsha_fs_main((int)sp[0], (char **)(sp + 1)));
}

_Noreturn void armsha_fs_exit(int status)
{
    for (;;)
        sys3(NR_EXIT_GROUP, status, 0, 0);
}

long armsha_fs_write(int fd, const void *p, size_t n)
{
    const char *c = p;

    while (n > 0) {
        long r = sys3(NR_WRITE, fd, (long)c, (long)n);

        if (r < 0)
            return r;
        c += r;
        n -= (size_t)r;
    }
    return 0;
}

int armsha_fs_open(const char *path)
{
    return (int)sys3(NR_OPENAT, AT_FDCWD, (long)path, O_RDONLY);
}

long armsha_fs_read_all(int fd, void *p, size_t n)
{
    size_t got = 0;

    while (got < n) {
        long r = sys3(NR_READ, fd, (long)((char *)p + got), (long)(n - got));

        if (r < 0)
            return r;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long)got;
}

void armsha_fs_close(int fd)
{
    sys3(NR_CLOSE, fd, 0, 0);
}

/* The compilers call these for copies and clears they do not inline. Byte loops: the
 * program's speed does not matter, and -ffreestanding keeps clang from turning them back
 * into calls to themselves (GCC needs -fno-tree-loop-distribute-patterns, see build.sh). */
void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;

    while (n-- > 0)
        *dp++ = *sp++;
    return d;
}

void *memset(void *s, int c, size_t n)
{
    unsigned char *p = s;

    while (n-- > 0)
        *p++ = (unsigned char)c;
    return s;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;

    for (; n > 0; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

#if defined(__arm__)
/* The ARM EABI names for the same, which the compilers may call instead. */
void __aeabi_memcpy(void *d, const void *s, size_t n);
void __aeabi_memcpy4(void *d, const void *s, size_t n);
void __aeabi_memcpy8(void *d, const void *s, size_t n);
void __aeabi_memset(void *s, size_t n, int c);
void __aeabi_memset4(void *s, size_t n, int c);
void __aeabi_memset8(void *s, size_t n, int c);
void __aeabi_memclr(void *s, size_t n);
void __aeabi_memclr4(void *s, size_t n);
void __aeabi_memclr8(void *s, size_t n);

void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memset(void *s, size_t n, int c) { memset(s, c, n); }
void __aeabi_memset4(void *s, size_t n, int c) { memset(s, c, n); }
void __aeabi_memset8(void *s, size_t n, int c) { memset(s, c, n); }
void __aeabi_memclr(void *s, size_t n) { memset(s, 0, n); }
void __aeabi_memclr4(void *s, size_t n) { memset(s, 0, n); }
void __aeabi_memclr8(void *s, size_t n) { memset(s, 0, n); }
#endif

void armsha_fs_puts(const char *s)
{
    size_t n = 0;

    while (s[n] != '\0')
        n++;
    armsha_fs_write(1, s, n);
}

/* Decimal without division: ARMv7-A without the divide extension would need libgcc. */
void armsha_fs_putu(unsigned long v)
{
    static const unsigned long pow10[] = {1000000000ul, 100000000ul, 10000000ul, 1000000ul,
                                          100000ul, 10000ul, 1000ul, 100ul, 10ul, 1ul};
    char out[16];
    size_t n = 0;

    for (size_t i = 0; i < sizeof(pow10) / sizeof(pow10[0]); i++) {
        char d = '0';

        while (v >= pow10[i]) {
            v -= pow10[i];
            d++;
        }
        if (d != '0' || n > 0 || i + 1 == sizeof(pow10) / sizeof(pow10[0]))
            out[n++] = d;
    }
    armsha_fs_write(1, out, n);
}

void armsha_fs_puthex(const uint8_t *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";

    for (size_t i = 0; i < n; i++) {
        char two[2] = {hex[p[i] >> 4], hex[p[i] & 15]};

        armsha_fs_write(1, two, 2);
    }
}

_Noreturn void armsha_fs_assert_fail(const char *expr, const char *file, unsigned line)
{
    armsha_fs_puts("assertion failed: ");
    armsha_fs_puts(expr);
    armsha_fs_puts(" at ");
    armsha_fs_puts(file);
    armsha_fs_puts(":");
    armsha_fs_putu(line);
    armsha_fs_puts("\n");
    armsha_fs_exit(134);
}
