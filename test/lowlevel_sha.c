/* For test/clients.sh: hashes stdin with OpenSSL's deprecated low-level SHA-256 API, the way
 * older programs do, so the test can show which of these calls reach a provider. */
#define OPENSSL_SUPPRESS_DEPRECATED /* the point is to call the deprecated API */
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/sha.h>

int main(int argc, char **argv)
{
    static unsigned char data[1 << 20];
    unsigned char md[SHA256_DIGEST_LENGTH];
    size_t n = fread(data, 1, sizeof(data), stdin);
    SHA256_CTX c;

    if (argc != 2 || ferror(stdin)) {
        fprintf(stderr, "usage: lowlevel_sha init|oneshot < DATA (at most 1 MiB)\n");
        return 2;
    }
    /* Load openssl.cnf (and so armsha) as most programs do at start. */
    if (!OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL))
        return 1;
    if (strcmp(argv[1], "init") == 0) {
        if (!SHA256_Init(&c) || !SHA256_Update(&c, data, n) || !SHA256_Final(md, &c))
            return 1;
    } else if (strcmp(argv[1], "oneshot") == 0) {
        if (SHA256(data, n, md) == NULL)
            return 1;
    } else {
        return 2;
    }
    for (size_t i = 0; i < sizeof(md); i++)
        printf("%02x", md[i]);
    printf("\n");
    return 0;
}
