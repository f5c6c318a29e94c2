/* PBKDF2 (RFC 8018 5.2) with HMAC over the core: each iteration is two calls of the block
 * function on one pre-padded block, with no allocation and no copy of a context. */
#ifndef ARMSHA_PBKDF2_H
#define ARMSHA_PBKDF2_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/hmac.h"

/* Derives outlen bytes into out from pass and salt with iter >= 1 iterations of HMAC-md
 * (an enum armsha_digest_id; blocks its family's block function, x2 its two-lane one or
 * NULL; the result is the same either way). pass and salt may be NULL
 * when their length is 0. Returns 0 when iter is 0 or outlen needs 2^32 or more blocks
 * (writing nothing), or when pass or salt is past the digest's length limit. Wipes its states, U and T. */
int armsha_pbkdf2_hmac(unsigned md, armsha_blocks blocks, armsha_x2 x2, const uint8_t *pass,
                       size_t passlen, const uint8_t *salt, size_t saltlen, uint64_t iter,
                       uint8_t *out, size_t outlen);

#endif
