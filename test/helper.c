/* The shared test helper (see helper.h). */
#include "helper.h"

#include <stdarg.h>
#include <stdio.h>

unsigned long armsha_test_checks, armsha_test_failures;
const char *armsha_test_prefix = "";
void (*armsha_test_after_failure)(void);

#define MAX_PRINTED 40

void armsha_test_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    armsha_test_failures++;
    if (armsha_test_failures <= MAX_PRINTED) {
        printf("%sFAIL (%s:%d): ", armsha_test_prefix, file, line);
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    } else if (armsha_test_failures == MAX_PRINTED + 1) {
        printf("%s(further failures not printed)\n", armsha_test_prefix);
    }
    if (armsha_test_after_failure != NULL)
        armsha_test_after_failure();
    fflush(stdout);
}

void armsha_test_ok(const char *fmt, ...)
{
    va_list ap;

    printf("%sok: ", armsha_test_prefix);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

int armsha_test_summary(const char *name)
{
    printf("%s%s: %lu checks, %lu failed\n", armsha_test_prefix, name, armsha_test_checks,
           armsha_test_failures);
    if (armsha_test_checks == 0) {
        printf("%sFAIL: no check ran\n", armsha_test_prefix);
        return 1;
    }
    return armsha_test_failures != 0;
}

void armsha_hex(char *dst, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";

    for (size_t i = 0; i < n; i++) {
        dst[2 * i] = digits[p[i] >> 4];
        dst[2 * i + 1] = digits[p[i] & 15];
    }
    dst[2 * n] = '\0';
}

static int nibble(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int armsha_unhex(uint8_t *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(s[2 * i]), lo = hi < 0 ? -1 : nibble(s[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

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

size_t armsha_rng_below(uint64_t *state, size_t n)
{
    return n == 0 ? 0 : (size_t)(armsha_rng_next(state) % n);
}

void armsha_fill_random(uint8_t *p, size_t n, uint64_t seed)
{
    uint64_t s = armsha_rng_start(seed, 1);

    /* The top byte: xorshift64*'s low bits are its weakest. */
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(armsha_rng_next(&s) >> 56);
}

size_t armsha_split_next(uint64_t *state, size_t left, size_t block)
{
    uint64_t r = armsha_rng_next(state);
    size_t c = (r & 3) == 0 ? 0 : 1 + (size_t)((r >> 8) % (2 * block + 1));

    return c < left ? c : left;
}
