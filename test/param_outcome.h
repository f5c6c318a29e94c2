/* One step of a parameter scenario as the caller sees it (the return value, the bytes it
 * wrote, the error queue's (library, reason) pairs) and its comparison between armsha and
 * the default provider: shared by the parameter tests and the parameter fuzz target. */
#ifndef ARMSHA_TEST_PARAM_OUTCOME_H
#define ARMSHA_TEST_PARAM_OUTCOME_H

#include <stddef.h>

#define OUTCOME_MAX_ERRS 8
#define OUTCOME_MAX_OUT 128

typedef struct outcome {
    int ret;
    size_t outlen; /* bytes of out that count (0: the step writes none) */
    unsigned char out[OUTCOME_MAX_OUT];
    int nerr;      /* pairs on the queue (at most OUTCOME_MAX_ERRS kept) */
    int lib[OUTCOME_MAX_ERRS], reason[OUTCOME_MAX_ERRS];
} outcome;

/* Records ret and out[0..outlen) (outlen capped at OUTCOME_MAX_OUT) and takes the whole
 * error queue (it is empty afterwards). */
void outcome_take(outcome *o, int ret, const void *out, size_t outlen);
/* 1 when both are the same; otherwise 0 with what differs written to why (whysz bytes). */
int outcome_same(const outcome *d, const outcome *a, char *why, size_t whysz);

#endif
