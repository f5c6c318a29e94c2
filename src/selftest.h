/* The known-answer self-test every block function passes before it is used. */
#ifndef ARMSHA_SELFTEST_H
#define ARMSHA_SELFTEST_H

#include "kernel_list.h"

/* 1 when k gives the FIPS 180-4 digests of a one-block and a three-block message, each
 * compressed in one call, so that the kernel's block loop runs. */
int armsha_kernel_selftest(const armsha_kernel *k);
/* 1 when the two-lane form k gives the known digests on both lanes at once, a different
 * message on each. */
int armsha_lane_kernel_selftest(const armsha_lane_kernel *k);

#endif
