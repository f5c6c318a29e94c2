/* The seven digests in one table: names, OID, sizes, family and IV. The provider, the
 * tests, the fuzzers and the benchmark read it instead of listing the digests again. */
#ifndef ARMSHA_DIGESTS_H
#define ARMSHA_DIGESTS_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/cpu.h"

enum armsha_digest_id {
    ARMSHA_DIGEST_SHA1,
    ARMSHA_DIGEST_SHA224,
    ARMSHA_DIGEST_SHA256,
    ARMSHA_DIGEST_SHA384,
    ARMSHA_DIGEST_SHA512,
    ARMSHA_DIGEST_SHA512_224,
    ARMSHA_DIGEST_SHA512_256,
    ARMSHA_NDIGESTS
};

typedef struct armsha_digest_info {
    /* The names exactly as OpenSSL's default provider registers them, primary name
     * first and the OID last (providers/implementations/include/prov/names.h). */
    const char *names;
    const char *name;      /* as FIPS 180-4 writes it: "SHA-512/224" */
    const char *nist_file; /* prefix of its SHAVS files: "SHA512_224" + "ShortMsg.rsp" */
    unsigned family;       /* ARMSHA_SHA1, ARMSHA_SHA256 or ARMSHA_SHA512 */
    size_t digest_size;
    size_t block_size;
    const uint32_t *iv32; /* SHA-1 and the SHA-256 family; NULL otherwise */
    const uint64_t *iv64; /* the SHA-512 family; NULL otherwise */
} armsha_digest_info;

extern const armsha_digest_info armsha_digests[ARMSHA_NDIGESTS];

#endif
