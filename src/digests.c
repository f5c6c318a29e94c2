/* The seven digests: names, OIDs, sizes, families and the FIPS 180-4 initial hash values. */
#include "armsha/digests.h"

static const uint32_t sha1_iv[5] = {
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

static const uint32_t sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static const uint64_t sha384_iv[8] = {
    UINT64_C(0xcbbb9d5dc1059ed8), UINT64_C(0x629a292a367cd507),
    UINT64_C(0x9159015a3070dd17), UINT64_C(0x152fecd8f70e5939),
    UINT64_C(0x67332667ffc00b31), UINT64_C(0x8eb44a8768581511),
    UINT64_C(0xdb0c2e0d64f98fa7), UINT64_C(0x47b5481dbefa4fa4),
};

static const uint64_t sha512_iv[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};

/* The SHA-512/t IVs are given in FIPS 180-4 section 5.3.6. */
static const uint64_t sha512_224_iv[8] = {
    UINT64_C(0x8c3d37c819544da2), UINT64_C(0x73e1996689dcd4d6),
    UINT64_C(0x1dfab7ae32ff9c82), UINT64_C(0x679dd514582f9fcf),
    UINT64_C(0x0f6d2b697bd44da8), UINT64_C(0x77e36f7304c48942),
    UINT64_C(0x3f9d85a86a1d36c8), UINT64_C(0x1112e6ad91d692a1),
};

static const uint64_t sha512_256_iv[8] = {
    UINT64_C(0x22312194fc2bf72c), UINT64_C(0x9f555fa3c84c64c2),
    UINT64_C(0x2393b86b6f53b151), UINT64_C(0x963877195940eabd),
    UINT64_C(0x96283ee2a88effe3), UINT64_C(0xbe5e1e2553863992),
    UINT64_C(0x2b0199fc2c85b8aa), UINT64_C(0x0eb72ddc81c52ca2),
};

const armsha_digest_info armsha_digests[ARMSHA_NDIGESTS] = {
    [ARMSHA_DIGEST_SHA1] = {"SHA1:SHA-1:SSL3-SHA1:1.3.14.3.2.26", "SHA-1", "SHA1",
                            ARMSHA_SHA1, ARMSHA_SHA1_DIGEST_SIZE, ARMSHA_SHA1_BLOCK_SIZE,
                            sha1_iv, NULL},
    [ARMSHA_DIGEST_SHA224] = {"SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", "SHA-224",
                              "SHA224", ARMSHA_SHA256, ARMSHA_SHA224_DIGEST_SIZE,
                              ARMSHA_SHA256_BLOCK_SIZE, sha224_iv, NULL},
    [ARMSHA_DIGEST_SHA256] = {"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", "SHA-256",
                              "SHA256", ARMSHA_SHA256, ARMSHA_SHA256_DIGEST_SIZE,
                              ARMSHA_SHA256_BLOCK_SIZE, sha256_iv, NULL},
    [ARMSHA_DIGEST_SHA384] = {"SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", "SHA-384",
                              "SHA384", ARMSHA_SHA512, ARMSHA_SHA384_DIGEST_SIZE,
                              ARMSHA_SHA512_BLOCK_SIZE, NULL, sha384_iv},
    [ARMSHA_DIGEST_SHA512] = {"SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", "SHA-512",
                              "SHA512", ARMSHA_SHA512, ARMSHA_SHA512_DIGEST_SIZE,
                              ARMSHA_SHA512_BLOCK_SIZE, NULL, sha512_iv},
    [ARMSHA_DIGEST_SHA512_224] = {"SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5",
                                  "SHA-512/224", "SHA512_224", ARMSHA_SHA512,
                                  ARMSHA_SHA512_224_DIGEST_SIZE, ARMSHA_SHA512_BLOCK_SIZE, NULL,
                                  sha512_224_iv},
    [ARMSHA_DIGEST_SHA512_256] = {"SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6",
                                  "SHA-512/256", "SHA512_256", ARMSHA_SHA512,
                                  ARMSHA_SHA512_256_DIGEST_SIZE, ARMSHA_SHA512_BLOCK_SIZE, NULL,
                                  sha512_256_iv},
};
