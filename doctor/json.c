/* A small JSON writer for armsha-doctor --json: members, arrays, escaped strings. */
#include "json.h"

#include <math.h>
#include <string.h>

void armsha_json_init(armsha_json_writer *w, FILE *out)
{
    memset(w, 0, sizeof(*w));
    w->out = out;
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 if it is not one (overlong forms,
 * surrogates and values past U+10FFFF included, as RFC 3629 says). */
static size_t utf8_len(const unsigned char *s)
{
    size_t n, i;
    unsigned long cp;

    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2, cp = s[0] & 0x1f;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3, cp = s[0] & 0x0f;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4, cp = s[0] & 0x07;
    else
        return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff
        || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

static void write_string(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;

    fputc('"', out);
    while (*s != '\0') {
        size_t n;

        switch (*s) {
        case '"': fputs("\\\"", out); s++; continue;
        case '\\': fputs("\\\\", out); s++; continue;
        case '\n': fputs("\\n", out); s++; continue;
        case '\r': fputs("\\r", out); s++; continue;
        case '\t': fputs("\\t", out); s++; continue;
        default: break;
        }
        if (*s < 0x20 || *s == 0x7f) {
            fprintf(out, "\\u%04x", *s);
            s++;
            continue;
        }
        n = utf8_len(s);
        if (n == 0) {
            fputs("\\ufffd", out);
            s++;
            continue;
        }
        fwrite(s, 1, n, out);
        s += n;
    }
    fputc('"', out);
}

/* The comma, newline, indent and key before a value. */
static void member(armsha_json_writer *w, const char *key)
{
    int i;

    if (w->depth > 0) {
        if (w->has_member[w->depth - 1])
            fputc(',', w->out);
        w->has_member[w->depth - 1] = 1;
        fputc('\n', w->out);
        for (i = 0; i < w->depth; i++)
            fputs("  ", w->out);
    }
    if (key != NULL) {
        write_string(w->out, key);
        fputs(": ", w->out);
    }
}

static void open_(armsha_json_writer *w, const char *key, char bracket)
{
    member(w, key);
    fputc(bracket, w->out);
    if (w->depth < JSON_MAX_DEPTH)
        w->has_member[w->depth] = 0;
    w->depth++;
}

static void close_(armsha_json_writer *w, char bracket)
{
    int i, had = w->depth <= JSON_MAX_DEPTH && w->has_member[w->depth - 1];

    w->depth--;
    if (had) {
        fputc('\n', w->out);
        for (i = 0; i < w->depth; i++)
            fputs("  ", w->out);
    }
    fputc(bracket, w->out);
}

void armsha_json_begin_object(armsha_json_writer *w, const char *key) { open_(w, key, '{'); }
void armsha_json_end_object(armsha_json_writer *w) { close_(w, '}'); }
void armsha_json_begin_array(armsha_json_writer *w, const char *key) { open_(w, key, '['); }
void armsha_json_end_array(armsha_json_writer *w) { close_(w, ']'); }

void armsha_json_string(armsha_json_writer *w, const char *key, const char *value)
{
    member(w, key);
    write_string(w->out, value != NULL ? value : "");
}

void armsha_json_string_or_null(armsha_json_writer *w, const char *key, const char *value)
{
    if (value == NULL)
        armsha_json_null(w, key);
    else
        armsha_json_string(w, key, value);
}

void armsha_json_null(armsha_json_writer *w, const char *key)
{
    member(w, key);
    fputs("null", w->out);
}

void armsha_json_bool(armsha_json_writer *w, const char *key, int value)
{
    member(w, key);
    fputs(value ? "true" : "false", w->out);
}

void armsha_json_tristate(armsha_json_writer *w, const char *key, int value)
{
    if (value == 0 || value == 1)
        armsha_json_bool(w, key, value);
    else
        armsha_json_null(w, key);
}

void armsha_json_int(armsha_json_writer *w, const char *key, int value)
{
    member(w, key);
    fprintf(w->out, "%d", value);
}

void armsha_json_uint(armsha_json_writer *w, const char *key, unsigned long value)
{
    member(w, key);
    fprintf(w->out, "%lu", value);
}

void armsha_json_double(armsha_json_writer *w, const char *key, double value)
{
    if (!isfinite(value)) {
        armsha_json_null(w, key);
        return;
    }
    member(w, key);
    fprintf(w->out, "%.6g", value);
}

void armsha_json_finish(armsha_json_writer *w)
{
    fputc('\n', w->out);
    fflush(w->out);
}
