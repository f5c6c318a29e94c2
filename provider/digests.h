/* The digest algorithms the provider offers (OSSL_OP_DIGEST). */
#ifndef ARMSHA_PROVIDER_DIGESTS_H
#define ARMSHA_PROVIDER_DIGESTS_H

#include <openssl/core.h>

/* Every algorithm carries this property, so that "?provider=armsha" prefers it. */
#define ARMSHA_PROPERTIES "provider=armsha"

/* The answer to query_operation(OSSL_OP_DIGEST); ends with a NULL entry. */
extern const OSSL_ALGORITHM armsha_digest_algorithms[];

#endif
