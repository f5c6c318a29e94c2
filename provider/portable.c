/* The fleet-safe key (portable = no / ARMSHA_PORTABLE=no): parsing it, and which families
 * armsha then offers. */
#include "portable.h"

#include <stdio.h>
#include <string.h>

#include <openssl/params.h>

#include "errors.h"

#define ACCEPTED_WORDS "yes, no, true, false, 1, 0"

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* 1 for a yes word, 0 for a no word, -1 for anything else. */
static int yes_no(const char *v)
{
    static const struct {
        const char *word;
        int value;
    } words[] = {{"yes", 1}, {"true", 1}, {"1", 1}, {"no", 0}, {"false", 0}, {"0", 0}};
    size_t n, i, j;

    while (*v == ' ' || *v == '\t')
        v++;
    n = strlen(v);
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        for (j = 0; j < n && lower((unsigned char)v[j]) == words[i].word[j]; j++)
            continue;
        if (j == n && words[i].word[j] == '\0')
            return words[i].value;
    }
    return -1;
}

static int read_word(const armsha_provctx *pc, const char *where, const char *v, int *allowed)
{
    int b;

    if (v == NULL || *v == '\0')
        return 1;
    b = yes_no(v);
    if (b < 0) {
        armsha_raise(pc, ARMSHA_R_LOAD_BAD_CONFIG, "%s = \"%.64s\": not a yes/no word; accepted: "
                     ACCEPTED_WORDS, where, v);
        return 0;
    }
    *allowed = b;
    return 1;
}

int armsha_portable_allowed(const armsha_provctx *pc, OSSL_FUNC_core_get_params_fn *get_params,
                            const char *env_value, int *allowed)
{
    const char *conf = NULL;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr(ARMSHA_CONF_PORTABLE, &conf, 0),
        OSSL_PARAM_END
    };

    *allowed = 1;
    if (get_params != NULL && !get_params(pc->core.handle, req)) {
        armsha_raise(pc, ARMSHA_R_LOAD_CORE_PARAMS, "config key \"%s\"", ARMSHA_CONF_PORTABLE);
        return 0;
    }
    /* Both are checked, so that a bad word is reported wherever it is; the environment,
     * read second, wins (ARMSHA_PORTABLE=yes shows one program what the portable code does
     * on a fleet configured with portable = no). */
    return read_word(pc, "config key " ARMSHA_CONF_PORTABLE, conf, allowed)
           && read_word(pc, "environment " ARMSHA_ENV_PORTABLE, env_value, allowed);
}

unsigned armsha_offered_families(const armsha_kernels *k, int portable_allowed)
{
    unsigned f = 0;

    if (portable_allowed)
        return ARMSHA_ALL;
    if (k->sha1 != armsha_sha1_blocks_portable)
        f |= ARMSHA_SHA1;
    if (k->sha256 != armsha_sha256_blocks_portable)
        f |= ARMSHA_SHA256;
    if (k->sha512 != armsha_sha512_blocks_portable)
        f |= ARMSHA_SHA512;
    return f;
}

void armsha_offered_report(char *buf, size_t size, const OSSL_ALGORITHM *algs)
{
    size_t used = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    for (; algs->algorithm_names != NULL; algs++) {
        int n = (int)strcspn(algs->algorithm_names, ":");
        int w = snprintf(buf + used, size - used, "%s%.*s", used ? " " : "", n,
                         algs->algorithm_names);

        if (w < 0 || (size_t)w >= size - used)
            return;
        used += (size_t)w;
    }
}
