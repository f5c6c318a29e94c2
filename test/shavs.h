/* Reader for NIST CAVP SHAVS response files (byte-oriented ShortMsg, LongMsg and Monte .rsp). */
#ifndef ARMSHA_TEST_SHAVS_H
#define ARMSHA_TEST_SHAVS_H

#include <stddef.h>
#include <stdint.h>

#define ARMSHA_SHAVS_MAX_MD 64

typedef enum armsha_shavs_kind {
    ARMSHA_SHAVS_MSG,  /* ShortMsg / LongMsg: Len, Msg, MD */
    ARMSHA_SHAVS_MONTE /* Monte: one Seed, then COUNT, MD */
} armsha_shavs_kind;

typedef struct armsha_shavs_record {
    unsigned line;   /* line of the MD in the file, for messages that name the record */
    unsigned count;  /* COUNT for Monte; the record's index (0, 1, ...) for messages */
    size_t len;      /* message bytes (Len / 8); 0 for Monte */
    uint8_t *msg;    /* len bytes (NULL when len is 0) */
    uint8_t md[ARMSHA_SHAVS_MAX_MD]; /* the first L bytes are the expected digest */
} armsha_shavs_record;

typedef struct armsha_shavs_file {
    armsha_shavs_kind kind;
    size_t L;                          /* digest bytes, from the [L = n] header */
    uint8_t seed[ARMSHA_SHAVS_MAX_MD]; /* Monte only: L bytes */
    size_t nrec;
    armsha_shavs_record *rec;
} armsha_shavs_file;

/* Reads and checks a whole file: every record complete, Len a whole number of bytes
 * matching its Msg (Len = 0 comes with Msg = 00), every MD and the Seed L bytes long,
 * Monte COUNTs 0, 1, 2, ... in order. Returns 1, or 0 with a reason (file:line) in
 * err; *f is then empty. Exits never. */
int armsha_shavs_load(const char *path, armsha_shavs_file *f, char *err, size_t errlen);

void armsha_shavs_free(armsha_shavs_file *f);

#endif
