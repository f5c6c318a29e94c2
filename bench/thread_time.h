/* The timing the bench programs share: this thread's CPU time, and the median of runs. */
#ifndef ARMSHA_BENCH_THREAD_TIME_H
#define ARMSHA_BENCH_THREAD_TIME_H

#include <stdlib.h>
#include <time.h>

/* CPU time of this thread, in seconds: the machine may be shared, and time spent
 * descheduled is not ours (other programs still shift caches, frequency and the core's
 * free issue slots, hence the medians). */
static inline double bench_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* The median of v[0..n-1] (n > 0); sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), bench_cmp_double);
    return v[n / 2];
}

#endif
