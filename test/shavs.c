/* Reader for NIST CAVP SHAVS response files (byte-oriented ShortMsg, LongMsg and Monte .rsp). */
#include "shavs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *path;
    unsigned line;
    char *err;
    size_t errlen;
} parser;

static int fail(parser *p, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(p->err, p->errlen, "%s:%u: ", p->path, p->line);

    if (n < 0 || (size_t)n >= p->errlen)
        return 0;
    va_start(ap, fmt);
    vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return 0;
}

/* The whole file as one NUL-terminated string: the largest SHAVS file is under 2 MB. */
static char *read_all(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;

    if (fp == NULL)
        return NULL;
    for (;;) {
        size_t got;

        if (cap - n < 4096) {
            char *nb = realloc(buf, cap * 2 + 8192);

            if (nb == NULL) {
                free(buf);
                fclose(fp);
                return NULL;
            }
            buf = nb;
            cap = cap * 2 + 8192;
        }
        got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        free(buf);
        fclose(fp);
        return NULL;
    }
    fclose(fp);
    buf[n] = '\0';
    *size = n;
    return buf;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes exactly 2 * n hex digits of s (NUL-terminated) into out. */
static int unhex(parser *p, const char *what, const char *s, uint8_t *out, size_t n)
{
    size_t slen = strlen(s);

    if (slen != 2 * n)
        return fail(p, "%s has %zu hex digits, expected %zu", what, slen, 2 * n);
    for (size_t i = 0; i < n; i++) {
        int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return fail(p, "%s is not hexadecimal", what);
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

static int parse_uint(parser *p, const char *what, const char *s, unsigned long *v)
{
    char *end;

    if (*s < '0' || *s > '9')
        return fail(p, "%s is not a number: \"%s\"", what, s);
    *v = strtoul(s, &end, 10);
    if (*end != '\0' || *v > 100000000ul)
        return fail(p, "%s is not a number in range: \"%s\"", what, s);
    return 1;
}

static char *trim(char *s)
{
    size_t n;

    while (*s == ' ' || *s == '\t')
        s++;
    n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

void armsha_shavs_free(armsha_shavs_file *f)
{
    for (size_t i = 0; i < f->nrec; i++)
        free(f->rec[i].msg);
    free(f->rec);
    memset(f, 0, sizeof(*f));
}

/* The record being assembled: which of its lines have been seen. */
typedef struct pending {
    int have_len, have_msg, have_count;
    unsigned long len_bits, count;
    uint8_t *msg;
    size_t msglen;
} pending;

static int add_record(parser *p, armsha_shavs_file *f, pending *r, const char *mdhex, size_t *cap)
{
    armsha_shavs_record *rec;

    if (*cap == f->nrec) {
        size_t ncap = *cap * 2 + 64;
        armsha_shavs_record *n = realloc(f->rec, ncap * sizeof(*n));

        if (n == NULL)
            return fail(p, "out of memory");
        f->rec = n;
        *cap = ncap;
    }
    rec = &f->rec[f->nrec];
    memset(rec, 0, sizeof(*rec));
    if (!unhex(p, "MD", mdhex, rec->md, f->L))
        return 0;
    rec->line = p->line;
    if (f->kind == ARMSHA_SHAVS_MONTE) {
        if (r->count != f->nrec)
            return fail(p, "COUNT = %lu out of order (expected %zu)", r->count, f->nrec);
        rec->count = (unsigned)r->count;
    } else {
        rec->count = (unsigned)f->nrec;
        rec->len = r->msglen;
        rec->msg = r->msg;
        r->msg = NULL;
    }
    f->nrec++;
    memset(r, 0, sizeof(*r));
    return 1;
}

static int parse_line(parser *p, armsha_shavs_file *f, pending *r, char *line, int *have_seed,
                      size_t *cap)
{
    char *eq, *key, *val;
    unsigned long v = 0;

    if (line[0] == '[') {
        size_t n = strlen(line);

        if (n < 2 || line[n - 1] != ']')
            return fail(p, "unterminated header \"%s\"", line);
        line[n - 1] = '\0';
        line++;
    }
    eq = strchr(line, '=');
    if (eq == NULL)
        return fail(p, "expected \"name = value\", got \"%s\"", line);
    *eq = '\0';
    key = trim(line);
    val = trim(eq + 1);

    if (strcmp(key, "L") == 0) {
        if (!parse_uint(p, "L", val, &v))
            return 0;
        if (v == 0 || v > ARMSHA_SHAVS_MAX_MD)
            return fail(p, "L = %lu is not a SHA-1/SHA-2 digest size", v);
        if (f->L != 0 && f->L != v)
            return fail(p, "a second [L = %lu] after [L = %zu]", v, f->L);
        f->L = v;
        return 1;
    }
    if (f->L == 0)
        return fail(p, "\"%s\" before the [L = n] header", key);

    if (strcmp(key, "Seed") == 0) {
        if (*have_seed || f->nrec != 0 || r->have_len)
            return fail(p, "Seed out of place");
        f->kind = ARMSHA_SHAVS_MONTE;
        *have_seed = 1;
        return unhex(p, "Seed", val, f->seed, f->L);
    }
    if (strcmp(key, "COUNT") == 0) {
        if (!*have_seed)
            return fail(p, "COUNT without a Seed before it");
        if (r->have_count)
            return fail(p, "COUNT twice without an MD");
        r->have_count = 1;
        return parse_uint(p, "COUNT", val, &r->count);
    }
    if (strcmp(key, "Len") == 0) {
        if (*have_seed)
            return fail(p, "Len in a Monte file");
        if (r->have_len)
            return fail(p, "Len twice without an MD");
        if (!parse_uint(p, "Len", val, &r->len_bits))
            return 0;
        if (r->len_bits % 8 != 0)
            return fail(p, "Len = %lu is not whole bytes (a bit-oriented file?)", r->len_bits);
        r->have_len = 1;
        return 1;
    }
    if (strcmp(key, "Msg") == 0) {
        if (!r->have_len || r->have_msg)
            return fail(p, "Msg without a Len before it");
        r->have_msg = 1;
        r->msglen = r->len_bits / 8;
        if (r->msglen == 0)
            return strcmp(val, "00") == 0 ? 1 : fail(p, "Len = 0 with Msg = %s, expected 00", val);
        r->msg = malloc(r->msglen);
        if (r->msg == NULL)
            return fail(p, "out of memory");
        return unhex(p, "Msg", val, r->msg, r->msglen);
    }
    if (strcmp(key, "MD") == 0) {
        if (*have_seed ? !r->have_count : !(r->have_len && r->have_msg))
            return fail(p, "MD without a complete record before it");
        return add_record(p, f, r, val, cap);
    }
    return fail(p, "unknown field \"%s\"", key);
}

int armsha_shavs_load(const char *path, armsha_shavs_file *f, char *err, size_t errlen)
{
    parser p = {path, 0, err, errlen};
    pending r;
    size_t size, cap = 0;
    int have_seed = 0, ok = 1;
    char *text = read_all(path, &size), *line;

    memset(f, 0, sizeof(*f));
    memset(&r, 0, sizeof(r));
    if (text == NULL) {
        snprintf(err, errlen, "%s: cannot read", path);
        return 0;
    }
    if (strlen(text) != size) {
        snprintf(err, errlen, "%s: NUL byte in a text file", path);
        free(text);
        return 0;
    }
    line = text;
    while (ok && line != NULL) {
        char *next = strchr(line, '\n');

        if (next != NULL)
            *next++ = '\0';
        p.line++;
        line = trim(line);
        if (line[0] != '\0' && line[0] != '#')
            ok = parse_line(&p, f, &r, line, &have_seed, &cap);
        line = next;
    }
    if (ok && (r.have_len || r.have_count))
        ok = fail(&p, "file ends inside a record");
    if (ok && f->nrec == 0)
        ok = fail(&p, "no records");
    free(r.msg);
    free(text);
    if (!ok)
        armsha_shavs_free(f);
    return ok;
}
