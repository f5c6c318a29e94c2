/* The digest algorithms the provider offers (OSSL_OP_DIGEST). */
#ifndef ARMSHA_PROVIDER_DIGESTS_H
#define ARMSHA_PROVIDER_DIGESTS_H

#include <openssl/core.h>

#include "armsha/digests.h"

/* Every algorithm carries this property, so that "?provider=armsha" prefers it. */
#define ARMSHA_PROPERTIES "provider=armsha"

/* Fills algs with the answer to query_operation(OSSL_OP_DIGEST): the digests of armsha_digests
 * whose family is in `families` (ARMSHA_SHA* bits), then the NULL entry that ends the list.
 * core_allocator: their contexts come from the core's allocator (armsha_core_allocates),
 * else from libc's malloc and free. */
void armsha_digest_algorithms(OSSL_ALGORITHM algs[ARMSHA_NDIGESTS + 1], unsigned families,
                              int core_allocator);

#endif
