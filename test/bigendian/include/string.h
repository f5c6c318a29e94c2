/* <string.h> for the freestanding test program: the three functions the cores use. Each
 * maps to the compiler's builtin so that the fixed-size copies of byteorder.h still become
 * single loads and stores under -ffreestanding (which turns implicit builtins off); the
 * rest are calls to freestanding.c. */
#ifndef ARMSHA_FREESTANDING_STRING_H
#define ARMSHA_FREESTANDING_STRING_H

#include <stddef.h>

void *memcpy(void *d, const void *s, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#define memcpy(d, s, n) __builtin_memcpy((d), (s), (n))
#define memset(s, c, n) __builtin_memset((s), (c), (n))
#define memcmp(a, b, n) __builtin_memcmp((a), (b), (n))

#endif
