/* armsha-doctor speed's judgement: per row the median and interquartile range of each side,
 * the ratio and a verdict; per family and operation whether to hand it over. No OpenSSL here:
 * test/test_speed_verdict.c feeds it fixed timings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor.h"
#include "speed.h"

#define KIB 1024u

void armsha_speed_rows(speed_row rows[SPEED_NROWS])
{
    static const struct {
        const char *label, *alg;
        unsigned fam;
    } digests[3] = {{"SHA-1", "SHA1", SPEED_FAM_SHA1}, {"SHA-256", "SHA2-256", SPEED_FAM_SHA256},
                    {"SHA-512", "SHA2-512", SPEED_FAM_SHA512}};
    static const size_t sizes[5] = {16, 64, KIB, 16 * KIB, KIB * KIB};
    static const char *const names[3][5] = {
        {"SHA-1 16 B", "SHA-1 64 B", "SHA-1 1 KiB", "SHA-1 16 KiB", "SHA-1 1 MiB stream"},
        {"SHA-256 16 B", "SHA-256 64 B", "SHA-256 1 KiB", "SHA-256 16 KiB", "SHA-256 1 MiB stream"},
        {"SHA-512 16 B", "SHA-512 64 B", "SHA-512 1 KiB", "SHA-512 16 KiB", "SHA-512 1 MiB stream"},
    };
    static const char *const pbkdf2[3] = {"PBKDF2-HMAC-SHA1", "PBKDF2-HMAC-SHA256",
                                          "PBKDF2-HMAC-SHA512"};
    int f, s, n = 0;

    memset(rows, 0, SPEED_NROWS * sizeof(*rows));
    for (f = 0; f < 3; f++)
        for (s = 0; s < 5; s++, n++) {
            rows[n].name = names[f][s];
            rows[n].algorithm = digests[f].alg;
            rows[n].family = digests[f].fam;
            rows[n].op = SPEED_OP_DIGEST;
            rows[n].bytes = sizes[s];
            rows[n].stream = s == 4;
            rows[n].unit = "call";
        }
    rows[n].name = "HMAC-SHA256 64 B";
    rows[n].algorithm = "SHA2-256";
    rows[n].family = SPEED_FAM_SHA256;
    rows[n].op = SPEED_OP_HMAC;
    rows[n].bytes = 64;
    rows[n].unit = "call";
    n++;
    for (f = 0; f < 3; f++, n++) {
        rows[n].name = pbkdf2[f];
        rows[n].algorithm = digests[f].alg;
        rows[n].family = digests[f].fam;
        rows[n].op = SPEED_OP_PBKDF2;
        rows[n].unit = "iteration";
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* The value at fraction p of the sorted v (linear between neighbours). */
static double quantile(const double *v, int n, double p)
{
    double pos = p * (n - 1);
    int i = (int)pos;

    if (i + 1 >= n)
        return v[n - 1];
    return v[i] + (pos - i) * (v[i + 1] - v[i]);
}

void armsha_speed_judge(speed_row *row, int judge)
{
    int side;

    row->ratio = 0;
    row->verdict = SPEED_NONE;
    for (side = 0; side < 2; side++) {
        double v[SPEED_MAX_RUNS];
        int n = row->nruns < SPEED_MAX_RUNS ? row->nruns : SPEED_MAX_RUNS;

        row->median[side] = row->q1[side] = row->q3[side] = 0;
        if (!row->ran[side] || n <= 0)
            continue;
        memcpy(v, row->t[side], (size_t)n * sizeof(v[0]));
        qsort(v, (size_t)n, sizeof(v[0]), cmp_double);
        row->median[side] = quantile(v, n, 0.5);
        row->q1[side] = quantile(v, n, 0.25);
        row->q3[side] = quantile(v, n, 0.75);
    }
    if (!row->ran[SPEED_ARMSHA] || !row->ran[SPEED_DEFAULT] || row->median[SPEED_DEFAULT] <= 0)
        return;
    row->ratio = row->median[SPEED_ARMSHA] / row->median[SPEED_DEFAULT];
    if (!judge)
        return;
    /* "Within the spread": the middle halves of the two sets of runs overlap. */
    if (row->q3[SPEED_ARMSHA] < row->q1[SPEED_DEFAULT])
        row->verdict = SPEED_FASTER;
    else if (row->q1[SPEED_ARMSHA] > row->q3[SPEED_DEFAULT])
        row->verdict = SPEED_SLOWER;
    else
        row->verdict = SPEED_SAME;
}

static int fam_index(unsigned fam)
{
    return fam == SPEED_FAM_SHA1 ? 0 : fam == SPEED_FAM_SHA256 ? 1 : 2;
}

void armsha_speed_hand_over(const speed_row *rows, int n, unsigned hand[SPEED_NOPS])
{
    int slower[SPEED_NOPS][3] = {{0}}, faster[SPEED_NOPS][3] = {{0}};
    int i, op, f;

    for (i = 0; i < n; i++) {
        int fi = fam_index(rows[i].family);

        slower[rows[i].op][fi] += rows[i].verdict == SPEED_SLOWER;
        faster[rows[i].op][fi] += rows[i].verdict == SPEED_FASTER;
    }
    /* A digest family is one choice for all sizes: handed over when more of its sizes are
     * slower than faster (rows with no difference do not vote). */
    for (op = 0; op < SPEED_NOPS; op++) {
        hand[op] = 0;
        for (f = 0; f < 3; f++)
            if (slower[op][f] > faster[op][f])
                hand[op] |= 1u << f;
    }
    /* HMAC goes as a whole: one family handed over while armsha still offers HMAC runs
     * through armsha's HMAC into the default's, which costs more per message than either
     * (bench/RESULTS.md, "armsha-doctor speed"). Its one row (SHA-256) decides. */
    if (hand[SPEED_OP_HMAC] != 0)
        hand[SPEED_OP_HMAC] = SPEED_FAM_SHA1 | SPEED_FAM_SHA256 | SPEED_FAM_SHA512;
}

void armsha_speed_hand_over_words(char *buf, size_t size, const unsigned hand[SPEED_NOPS])
{
    static const char *const fam[3] = {"sha1", "sha256", "sha512"};
    static const char *const ops[SPEED_NOPS] = {"digest", "hmac", "pbkdf2"};
    const unsigned all = SPEED_FAM_SHA1 | SPEED_FAM_SHA256 | SPEED_FAM_SHA512;
    int f, op, whole[SPEED_NOPS], any_whole = 0;

    armsha_doctor_copy(buf, size, "");
    if ((hand[0] & hand[1] & hand[2] & all) == all) {
        armsha_doctor_copy(buf, size, "all");
        return;
    }
    /* An operation handed over for every family: "all:OP". */
    for (op = 0; op < SPEED_NOPS; op++) {
        whole[op] = (hand[op] & all) == all;
        any_whole |= whole[op];
        if (whole[op])
            armsha_doctor_append(buf, size, "%s%s", buf[0] ? ", " : "", "all:");
        if (whole[op])
            armsha_doctor_append(buf, size, "%s", ops[op]);
    }
    for (f = 0; f < 3; f++) {
        unsigned bit = 1u << f;

        /* Every operation of the family: its bare word. */
        if (!any_whole && (hand[0] & hand[1] & hand[2] & bit) != 0) {
            armsha_doctor_append(buf, size, "%s%s", buf[0] ? ", " : "", fam[f]);
            continue;
        }
        for (op = 0; op < SPEED_NOPS; op++)
            if (!whole[op] && (hand[op] & bit))
                armsha_doctor_append(buf, size, "%s%s:%s", buf[0] ? ", " : "", fam[f], ops[op]);
    }
    if (buf[0] == '\0')
        armsha_doctor_copy(buf, size, "none");
}

const char *armsha_speed_verdict_word(int verdict)
{
    switch (verdict) {
    case SPEED_FASTER: return "faster";
    case SPEED_SAME: return "no difference";
    case SPEED_SLOWER: return "slower";
    default: return "-";
    }
}
