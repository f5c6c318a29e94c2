/* The hand_over key (hand_over.h): parsing its words and reading it from the config. */
#include "hand_over.h"

#include <string.h>

#include <openssl/params.h>

#include "armsha/cpu.h"
#include "errors.h"

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int word_is(const char *w, size_t n, const char *name)
{
    size_t i;

    for (i = 0; i < n && name[i] != '\0'; i++)
        if (lower((unsigned char)w[i]) != name[i])
            return 0;
    return i == n && name[i] == '\0';
}

/* One word, trimmed, into h; 0 if it is not one. */
static int take_word(const char *w, size_t n, armsha_hand_over *h)
{
    static const struct {
        const char *name;
        unsigned bits;
    } fams[] = {{"sha1", ARMSHA_SHA1}, {"sha256", ARMSHA_SHA256}, {"sha512", ARMSHA_SHA512},
                {"all", ARMSHA_ALL}};
    static const struct {
        const char *name;
        int op; /* 0 digest, 1 MAC, 2 KDF */
    } ops[] = {{"digest", 0}, {"hmac", 1}, {"mac", 1}, {"pbkdf2", 2}, {"kdf", 2}};
    const char *colon = memchr(w, ':', n);
    size_t fn = colon != NULL ? (size_t)(colon - w) : n, i, j;

    if (word_is(w, n, "none"))
        return 1;
    for (i = 0; i < sizeof(fams) / sizeof(fams[0]); i++)
        if (word_is(w, fn, fams[i].name))
            break;
    if (i == sizeof(fams) / sizeof(fams[0]))
        return 0;
    if (colon == NULL) {
        h->digest |= fams[i].bits;
        h->mac |= fams[i].bits;
        h->kdf |= fams[i].bits;
        return 1;
    }
    for (j = 0; j < sizeof(ops) / sizeof(ops[0]); j++)
        if (word_is(colon + 1, n - fn - 1, ops[j].name))
            break;
    if (j == sizeof(ops) / sizeof(ops[0]))
        return 0;
    if (ops[j].op == 0)
        h->digest |= fams[i].bits;
    else if (ops[j].op == 1)
        h->mac |= fams[i].bits;
    else
        h->kdf |= fams[i].bits;
    return 1;
}

int armsha_parse_hand_over(const char *list, armsha_hand_over *h, const char **bad,
                           size_t *badlen)
{
    armsha_hand_over got = {0, 0, 0};

    memset(h, 0, sizeof(*h));
    while (list != NULL && *list != '\0') {
        const char *end = strchr(list, ',');
        size_t n = end != NULL ? (size_t)(end - list) : strlen(list);

        while (n > 0 && (*list == ' ' || *list == '\t')) {
            list++;
            n--;
        }
        while (n > 0 && (list[n - 1] == ' ' || list[n - 1] == '\t'))
            n--;
        if (n != 0 && !take_word(list, n, &got)) {
            *bad = list;
            *badlen = n;
            return 0;
        }
        if (end == NULL)
            break;
        list = end + 1;
    }
    *h = got;
    return 1;
}

int armsha_hand_over_read(const armsha_provctx *pc, OSSL_FUNC_core_get_params_fn *get_params,
                          armsha_hand_over *h)
{
    const char *conf = NULL, *bad = NULL;
    size_t badlen = 0;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr(ARMSHA_CONF_HAND_OVER, &conf, 0),
        OSSL_PARAM_END
    };

    memset(h, 0, sizeof(*h));
    if (get_params != NULL && !get_params(pc->core.handle, req)) {
        armsha_raise(pc, ARMSHA_R_LOAD_CORE_PARAMS, "config key \"%s\"", ARMSHA_CONF_HAND_OVER);
        return 0;
    }
    if (!armsha_parse_hand_over(conf, h, &bad, &badlen)) {
        armsha_raise(pc, ARMSHA_R_LOAD_BAD_CONFIG,
                     "config key " ARMSHA_CONF_HAND_OVER " = \"%.128s\": unknown word \"%.*s\"; "
                     "accepted: " ARMSHA_HAND_OVER_WORDS, conf, (int)(badlen > 64 ? 64 : badlen),
                     bad);
        return 0;
    }
    return 1;
}
