/* Two-lane forms of the portable C kept as measurements (bench/lanes_native.c, bench/mca.sh),
 * not built into the module: on every core measured they lose to two calls of the one-lane
 * kernel (bench/RESULTS.md, "PBKDF2 on two lanes"). Same types as the module's two-lane
 * kernels (armsha_*_x2_fn). */
#ifndef ARMSHA_BENCH_LANES_X2_H
#define ARMSHA_BENCH_LANES_X2_H

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* The rounds of the two chains alternate, each chain in its own scalar variables
 * (bench/sha*_portable_x2.c). */
armsha_sha1_x2_fn armsha_sha1_x2_portable;
armsha_sha256_x2_fn armsha_sha256_x2_portable;
armsha_sha512_x2_fn armsha_sha512_x2_portable;

/* Both chains in one GCC/clang vector of two words, the same round macros on vectors
 * (bench/sha*_vector_x2.c): SSE2 on x86-64, NEON on ARM, scalar pairs elsewhere. Built only
 * where the compiler has vector extensions (ARMSHA_BENCH_VECTOR_X2). */
#if defined(__GNUC__)
#define ARMSHA_BENCH_VECTOR_X2 1
armsha_sha1_x2_fn armsha_sha1_x2_vector;
armsha_sha256_x2_fn armsha_sha256_x2_vector;
armsha_sha512_x2_fn armsha_sha512_x2_vector;
#endif

#endif
