/* armsha_wipe: a memset of secrets that the compiler may not drop as a dead store. */
#ifndef ARMSHA_WIPE_H
#define ARMSHA_WIPE_H

#include <stddef.h>
#include <string.h>

static inline void armsha_wipe(void *p, size_t n)
{
#if defined(__GNUC__)
    /* The empty asm may read any memory through p, so the zeroes must really be stored;
     * unlike a volatile loop, a memset of a constant size stays a few wide stores. */
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = p;

    while (n--)
        *v++ = 0;
#endif
}

#endif
