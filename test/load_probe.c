/* Loads one provider by name or path into a library context of its own and says whether it
 * loaded ("loaded: <armsha-kernels>") or not ("refused:" and OpenSSL's errors); exit 0 or 1.
 * For the scripts that test what the environment can do to armsha (secure_env.sh). */
#include <stdio.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov;
    const char *kernels = "?";
    OSSL_PARAM req[] = {OSSL_PARAM_utf8_ptr("armsha-kernels", &kernels, 0), OSSL_PARAM_END};

    if (argc != 2 || lib == NULL) {
        fprintf(stderr, "usage: load_probe PROVIDER-NAME-OR-PATH\n");
        return 2;
    }
    prov = OSSL_PROVIDER_load(lib, argv[1]);
    if (prov == NULL) {
        printf("refused:\n");
        ERR_print_errors_fp(stdout);
        OSSL_LIB_CTX_free(lib);
        return 1;
    }
    OSSL_PROVIDER_get_params(prov, req);
    printf("loaded: %s\n", kernels);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(lib);
    return 0;
}
