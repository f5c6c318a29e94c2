/* A small JSON writer for armsha-doctor --json: strings escaped per RFC 8259, invalid UTF-8
 * replaced by U+FFFD so the output always parses. */
#ifndef ARMSHA_DOCTOR_JSON_H
#define ARMSHA_DOCTOR_JSON_H

#include <stdio.h>

#define JSON_MAX_DEPTH 8

typedef struct armsha_json_writer {
    FILE *out;
    int depth;
    int has_member[JSON_MAX_DEPTH]; /* a comma is due before the next member */
} armsha_json_writer;

/* key is NULL inside arrays. */
void armsha_json_init(armsha_json_writer *w, FILE *out);
void armsha_json_begin_object(armsha_json_writer *w, const char *key);
void armsha_json_end_object(armsha_json_writer *w);
void armsha_json_begin_array(armsha_json_writer *w, const char *key);
void armsha_json_end_array(armsha_json_writer *w);
void armsha_json_string(armsha_json_writer *w, const char *key, const char *value);
void armsha_json_string_or_null(armsha_json_writer *w, const char *key, const char *value);
void armsha_json_null(armsha_json_writer *w, const char *key);
void armsha_json_bool(armsha_json_writer *w, const char *key, int value);
/* 1 true, 0 false, anything else null. */
void armsha_json_tristate(armsha_json_writer *w, const char *key, int value);
void armsha_json_int(armsha_json_writer *w, const char *key, int value);
void armsha_json_uint(armsha_json_writer *w, const char *key, unsigned long value);
/* A number as %.6g; null when it is not finite. */
void armsha_json_double(armsha_json_writer *w, const char *key, double value);
void armsha_json_finish(armsha_json_writer *w);

#endif
