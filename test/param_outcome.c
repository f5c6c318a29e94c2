/* Outcomes of parameter scenarios and their comparison (param_outcome.h). */
#include "param_outcome.h"

#include <stdio.h>
#include <string.h>

#include <openssl/err.h>

void outcome_take(outcome *o, int ret, const void *out, size_t outlen)
{
    unsigned long e;

    memset(o, 0, sizeof(*o));
    o->ret = ret;
    o->outlen = outlen < OUTCOME_MAX_OUT ? outlen : OUTCOME_MAX_OUT;
    if (out != NULL && o->outlen != 0)
        memcpy(o->out, out, o->outlen);
    while ((e = ERR_get_error()) != 0) {
        if (o->nerr < OUTCOME_MAX_ERRS) {
            o->lib[o->nerr] = ERR_GET_LIB(e);
            o->reason[o->nerr] = ERR_GET_REASON(e);
        }
        o->nerr++;
    }
}

static void errs(char *s, size_t n, const outcome *o)
{
    size_t used = 0;

    s[0] = '\0';
    for (int i = 0; i < o->nerr && i < OUTCOME_MAX_ERRS && used + 1 < n; i++) {
        unsigned long e = ERR_PACK(o->lib[i], 0, o->reason[i]);
        const char *r = ERR_reason_error_string(e);
        int k = snprintf(s + used, n - used, "%s%s:%s", i ? ", " : "", ERR_lib_error_string(e),
                         r != NULL ? r : "?");

        if (k < 0)
            break;
        used += (size_t)k;
    }
    if (o->nerr == 0)
        snprintf(s, n, "none");
}

int outcome_same(const outcome *d, const outcome *a, char *why, size_t whysz)
{
    char ed[256], ea[256];

    if (d->ret != a->ret) {
        errs(ed, sizeof(ed), d);
        errs(ea, sizeof(ea), a);
        snprintf(why, whysz, "returns %d (errors %s), armsha %d (errors %s)", d->ret, ed, a->ret, ea);
        return 0;
    }
    if (d->outlen != a->outlen || memcmp(d->out, a->out, d->outlen) != 0) {
        snprintf(why, whysz, "output differs (%zu bytes, armsha %zu)", d->outlen, a->outlen);
        return 0;
    }
    if (d->nerr != a->nerr
        || memcmp(d->lib, a->lib, sizeof(int) * (size_t)(d->nerr < OUTCOME_MAX_ERRS ? d->nerr : OUTCOME_MAX_ERRS)) != 0
        || memcmp(d->reason, a->reason, sizeof(int) * (size_t)(d->nerr < OUTCOME_MAX_ERRS ? d->nerr : OUTCOME_MAX_ERRS)) != 0) {
        errs(ed, sizeof(ed), d);
        errs(ea, sizeof(ea), a);
        snprintf(why, whysz, "error queue: default %s, armsha %s", ed, ea);
        return 0;
    }
    return 1;
}
