/* What every test and fuzzer shares: checks that count and report, hex, the reproducible
 * random generator, and random update splits. Plain C: no OpenSSL, no armsha core. */
#ifndef ARMSHA_TEST_HELPER_H
#define ARMSHA_TEST_HELPER_H

#include <stddef.h>
#include <stdint.h>

/* ---- checks ---- */

extern unsigned long armsha_test_checks, armsha_test_failures;
/* Printed before each line ("max: "), so that runs of one program in several
 * configurations can be told apart; "" by default. */
extern const char *armsha_test_prefix;
/* Called after each failure is printed, e.g. to print and clear OpenSSL's error queue. */
extern void (*armsha_test_after_failure)(void);

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void armsha_test_fail(const char *file, int line, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void armsha_test_ok(const char *fmt, ...);

/* Counts a check; on failure prints "FAIL (file:line): message" (the first 40 only). */
#define CHECK(cond, ...)                                          \
    do {                                                          \
        armsha_test_checks++;                                     \
        if (!(cond))                                              \
            armsha_test_fail(__FILE__, __LINE__, __VA_ARGS__);    \
    } while (0)

/* Prints "NAME: N checks, M failed" and returns the exit status: 0, or 1 on any failure
 * or when no check ran at all. */
int armsha_test_summary(const char *name);

/* ---- hex ---- */

/* Lower-case hex of p[0..n) into dst (2n + 1 bytes). */
void armsha_hex(char *dst, const uint8_t *p, size_t n);
/* Parses 2n hex digits; returns 0 on a bad digit. */
int armsha_unhex(uint8_t *out, const char *s, size_t n);

/* ---- reproducible randomness ---- */

/* xorshift64*: fixed seeds, so that a failure can be replayed. The state starts at
 * seed * 2^64/phi + stream: the multiplication spreads small seeds over all 64 bits, and two
 * streams give unrelated sequences for one seed. (It is the zero state, which xorshift
 * never leaves, for one seed in 2^64 only, far from the small seeds the tests use.) */
uint64_t armsha_rng_start(uint64_t seed, uint64_t stream);
uint64_t armsha_rng_next(uint64_t *state);
/* Uniform enough below n (n > 0; 0 for n == 0). */
size_t armsha_rng_below(uint64_t *state, size_t n);
/* n bytes from the stream-1 sequence of seed. */
void armsha_fill_random(uint8_t *p, size_t n, uint64_t seed);

/* ---- update splits ---- */

/* The next chunk of a random split of a message into updates: 0 (an empty update) one
 * time in four, otherwise 1 to 2 * block + 1 bytes, at most `left`. */
size_t armsha_split_next(uint64_t *state, size_t left, size_t block);

#endif
