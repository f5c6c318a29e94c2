/* The ARMv8 Crypto Extension block functions, one per family, each built with its own -march. */
#ifndef ARMSHA_ARM_KERNELS_H
#define ARMSHA_ARM_KERNELS_H

#include "armsha/sha1.h"
#include "armsha/sha256.h"
#include "armsha/sha512.h"

/* Need FEAT_SHA1 (HWCAP_SHA1). */
armsha_sha1_blocks_fn armsha_sha1_blocks_armv8;
/* Need FEAT_SHA256 (HWCAP_SHA2); serves SHA-224 as well. */
armsha_sha256_blocks_fn armsha_sha256_blocks_armv8;
/* Need FEAT_SHA512 (HWCAP_SHA512); serves SHA-384, SHA-512/224 and SHA-512/256 as well. */
armsha_sha512_blocks_fn armsha_sha512_blocks_armv8;

#endif
