/* The 32-bit ARM block functions: AArch32 Crypto Extension and ARMv7 NEON, each file built with its own -mfpu. */
#ifndef ARMSHA_ARM32_KERNELS_H
#define ARMSHA_ARM32_KERNELS_H

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* Need the AArch32 SHA1 instructions (HWCAP2_SHA1). */
armsha_sha1_blocks_fn armsha_sha1_blocks_aarch32;
/* Its two-lane form (armsha_sha1_x2_fn, sha1_ce_x2.c), for PBKDF2. */
armsha_sha1_x2_fn armsha_sha1_x2_aarch32;
/* PBKDF2-HMAC-SHA1 on it, the whole loop inside (sha1_ce_x2.c): n >= 0 iterations after
 * U_1 on two lanes from the same key states (inner, outer: 5 words each); u[l] is lane l's
 * U_1 (5 state words, the big-endian words of its bytes; not written), and each new U is
 * XORed into t[l]. */
void armsha_sha1_pbkdf2_x2_aarch32(const uint32_t inner[5], const uint32_t outer[5],
                                   const uint32_t *const u[2], uint32_t *const t[2], uint64_t n);
/* Need the AArch32 SHA256 instructions (HWCAP2_SHA2); serve SHA-224 as well. */
armsha_sha256_blocks_fn armsha_sha256_blocks_aarch32;
/* Its two-lane form (armsha_sha256_x2_fn, sha256_ce_x2.c), for PBKDF2. */
armsha_sha256_x2_fn armsha_sha256_x2_aarch32;
/* PBKDF2-HMAC-SHA256/224 on it, the same way (sha256_ce_x2.c): 8 state words a key state,
 * U and T; ds the digest size (32 or 28). */
void armsha_sha256_pbkdf2_x2_aarch32(const uint32_t inner[8], const uint32_t outer[8],
                                     const uint32_t *const u[2], uint32_t *const t[2], size_t ds,
                                     uint64_t n);

/* Need NEON (HWCAP_NEON). */
armsha_sha1_blocks_fn armsha_sha1_blocks_neon;
armsha_sha256_blocks_fn armsha_sha256_blocks_neon;
armsha_sha512_blocks_fn armsha_sha512_blocks_neon;
/* Its two-lane form (armsha_sha512_x2_fn, sha512_neon_x2.c), for PBKDF2. */
armsha_sha512_x2_fn armsha_sha512_x2_neon32;

/* ARM integer code, for the cores without NEON (ARMSHA_CPU_A32: any arm32 build). */
armsha_sha256_blocks_fn armsha_sha256_blocks_a32;
armsha_sha512_blocks_fn armsha_sha512_blocks_a32;

#endif
