/* Stub: the C standard function src/cpu_cores.c uses on systems other than Linux. */
#include <stddef.h>
int snprintf(char *restrict s, size_t n, const char *restrict format, ...);
