/* <assert.h> for the freestanding test program: a failed assertion in the cores prints
 * where and exits with status 134, as abort() would. */
#ifndef ARMSHA_FREESTANDING_ASSERT_H
#define ARMSHA_FREESTANDING_ASSERT_H

_Noreturn void armsha_fs_assert_fail(const char *expr, const char *file, unsigned line);

#ifdef NDEBUG
#define assert(x) ((void)0)
#else
#define assert(x) ((x) ? (void)0 : armsha_fs_assert_fail(#x, __FILE__, __LINE__))
#endif

#endif
