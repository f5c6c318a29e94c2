/* The SHA-256 and SHA-512 round constants, shared by every block function. */
#ifndef ARMSHA_SHA2_CONSTANTS_H
#define ARMSHA_SHA2_CONSTANTS_H

#include <stdint.h>

extern const uint32_t armsha_sha256_k[64];
extern const uint64_t armsha_sha512_k[80];
#if defined(__arm__)
extern const uint64_t armsha_sha512_k_pairs[160]; /* each K[t] twice */
#endif

#endif
