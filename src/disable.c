/* The ARMSHA_DISABLE / `disable =` word list: which families and kernel classes a user turned off. */
#include "armsha/cpu.h"

#include <string.h>

static int ascii_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int word_is(const char *w, size_t n, const char *name)
{
    size_t i;

    for (i = 0; i < n && name[i] != '\0'; i++)
        if (ascii_lower((unsigned char)w[i]) != name[i])
            return 0;
    return i == n && name[i] == '\0';
}

int armsha_parse_disable(const char *list, unsigned *mask, const char **bad, size_t *badlen)
{
    static const struct {
        const char *name;
        unsigned bits;
    } words[] = {
        {"sha1", ARMSHA_SHA1}, {"sha256", ARMSHA_SHA256}, {"sha512", ARMSHA_SHA512},
        {"all", ARMSHA_ALL},   {"none", 0},
        {"ce", ARMSHA_NO_CE},  {"neon", ARMSHA_NO_NEON},
    };
    unsigned m = 0;

    *mask = 0;
    while (list != NULL && *list != '\0') {
        const char *end = strchr(list, ',');
        size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
        size_t i;

        while (n > 0 && (*list == ' ' || *list == '\t')) {
            list++;
            n--;
        }
        while (n > 0 && (list[n - 1] == ' ' || list[n - 1] == '\t'))
            n--;
        if (n != 0) {
            for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
                if (word_is(list, n, words[i].name))
                    break;
            if (i == sizeof(words) / sizeof(words[0])) {
                *bad = list;
                *badlen = n;
                return 0;
            }
            m |= words[i].bits;
        }
        if (end == NULL)
            break;
        list = end + 1;
    }
    *mask = m;
    return 1;
}

const char *armsha_family_name(unsigned family)
{
    return family == ARMSHA_SHA1 ? "sha1" : family == ARMSHA_SHA256 ? "sha256" : "sha512";
}
