/* Stub: the C standard functions src/cpu.c and its headers use. */
#include <stddef.h>
char *strchr(const char *s, int c);
size_t strlen(const char *s);
int memcmp(const void *a, const void *b, size_t n);
void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
