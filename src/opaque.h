/* ARMSHA_OPAQUE(x): hides what the compiler knows about x at that point. GCC and clang
 * must assume the empty asm changed x, so they neither rematerialise nor hoist what
 * depends on it (each use says why that matters there). Other compilers: nothing. */
#ifndef ARMSHA_OPAQUE_H
#define ARMSHA_OPAQUE_H

#if defined(__GNUC__)
/* volatile: also never moved out of the loop it stands in. */
#define ARMSHA_OPAQUE(x) __asm__ __volatile__("" : "+r"(x))
#else
#define ARMSHA_OPAQUE(x) ((void)0)
#endif

#endif
