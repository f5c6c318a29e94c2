/* armsha-doctor speed's judgement fed fixed timings (doctor/speed_verdict.c): medians and
 * quartiles, the verdict per row, the families handed over and the hand_over line. */
#include <stdio.h>
#include <string.h>

#include "speed.h"

static int fails;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            printf("FAIL: ");                                                             \
            printf(__VA_ARGS__);                                                          \
            printf("\n");                                                                 \
            fails++;                                                                      \
        }                                                                                 \
    } while (0)

/* Five runs a side around the given medians, each spread by +-spread (a fraction). */
static void fill(speed_row *row, double armsha, double def, double spread)
{
    static const double shape[5] = {-1, -0.5, 0, 0.5, 1};
    int i;

    row->nruns = 5;
    row->ran[0] = row->ran[1] = 1;
    for (i = 0; i < 5; i++) {
        /* out of order, so the median is the sorted one */
        row->t[SPEED_ARMSHA][(i * 3) % 5] = armsha * (1 + spread * shape[i]);
        row->t[SPEED_DEFAULT][(i * 2) % 5] = def * (1 + spread * shape[i]);
    }
}

static int find(speed_row *rows, const char *name)
{
    int i;

    for (i = 0; i < SPEED_NROWS; i++)
        if (strcmp(rows[i].name, name) == 0)
            return i;
    printf("FAIL: no row \"%s\"\n", name);
    fails++;
    return 0;
}

/* Every row at the same timings, then the listed ones changed; judged; the words. */
static void judge_all(speed_row *rows, int judge, char *words, size_t size)
{
    unsigned hand[SPEED_NOPS];
    int i;

    for (i = 0; i < SPEED_NROWS; i++)
        armsha_speed_judge(&rows[i], judge);
    armsha_speed_hand_over(rows, SPEED_NROWS, hand);
    armsha_speed_hand_over_words(words, size, hand);
}

static void test_rows(void)
{
    static const char *const names[SPEED_NROWS] = {
        "SHA-1 16 B", "SHA-1 64 B", "SHA-1 1 KiB", "SHA-1 16 KiB", "SHA-1 1 MiB stream",
        "SHA-256 16 B", "SHA-256 64 B", "SHA-256 1 KiB", "SHA-256 16 KiB", "SHA-256 1 MiB stream",
        "SHA-512 16 B", "SHA-512 64 B", "SHA-512 1 KiB", "SHA-512 16 KiB", "SHA-512 1 MiB stream",
        "HMAC-SHA256 64 B", "PBKDF2-HMAC-SHA1", "PBKDF2-HMAC-SHA256", "PBKDF2-HMAC-SHA512"};
    speed_row rows[SPEED_NROWS];
    int i;

    armsha_speed_rows(rows);
    for (i = 0; i < SPEED_NROWS; i++)
        CHECK(strcmp(rows[i].name, names[i]) == 0, "row %d is \"%s\", want \"%s\"", i,
              rows[i].name, names[i]);
    CHECK(rows[4].bytes == 1048576 && rows[4].stream, "the SHA-1 stream row is not 1 MiB streamed");
    CHECK(rows[15].op == SPEED_OP_HMAC && rows[15].bytes == 64, "the HMAC row");
    CHECK(rows[18].op == SPEED_OP_PBKDF2 && strcmp(rows[18].unit, "iteration") == 0,
          "the PBKDF2-SHA512 row");
}

static void test_statistics(void)
{
    speed_row row;
    static const double a[5] = {5, 1, 3, 2, 4}, d[4] = {10, 40, 20, 30};

    memset(&row, 0, sizeof(row));
    row.ran[0] = row.ran[1] = 1;
    row.nruns = 5;
    memcpy(row.t[SPEED_ARMSHA], a, sizeof(a));
    memcpy(row.t[SPEED_DEFAULT], d, sizeof(d));
    row.t[SPEED_DEFAULT][4] = 50;
    armsha_speed_judge(&row, 1);
    CHECK(row.median[0] == 3 && row.q1[0] == 2 && row.q3[0] == 4,
          "median/quartiles of 5 1 3 2 4: %g %g %g", row.median[0], row.q1[0], row.q3[0]);
    CHECK(row.median[1] == 30 && row.q1[1] == 20 && row.q3[1] == 40, "default side %g %g %g",
          row.median[1], row.q1[1], row.q3[1]);
    CHECK(row.ratio == 0.1 && row.verdict == SPEED_FASTER, "ratio %g verdict %d", row.ratio,
          row.verdict);
}

static void test_verdicts(void)
{
    speed_row rows[SPEED_NROWS];
    char words[256];
    int i;

    /* x86 with SHA-NI: OpenSSL's SHA-1 and SHA-256 digests twice as fast, SHA-512 the same,
     * armsha's HMAC-SHA256 slower, its PBKDF2-SHA1 twice as fast, PBKDF2-SHA256 slower. */
    armsha_speed_rows(rows);
    for (i = 0; i < SPEED_NROWS; i++)
        fill(&rows[i], 100e-9, 100e-9, 0.05);
    for (i = 0; i < 10; i++)
        fill(&rows[i], 200e-9, 100e-9, 0.05);
    fill(&rows[find(rows, "HMAC-SHA256 64 B")], 1.3e-6, 1.0e-6, 0.02);
    fill(&rows[find(rows, "PBKDF2-HMAC-SHA1")], 150e-9, 300e-9, 0.02);
    fill(&rows[find(rows, "PBKDF2-HMAC-SHA256")], 300e-9, 200e-9, 0.02);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(rows[0].verdict == SPEED_SLOWER && rows[0].ratio > 1.99 && rows[0].ratio < 2.01,
          "SHA-1 16 B: verdict %d ratio %g", rows[0].verdict, rows[0].ratio);
    CHECK(rows[12].verdict == SPEED_SAME, "SHA-512 1 KiB at equal timings: verdict %d",
          rows[12].verdict);
    CHECK(rows[16].verdict == SPEED_FASTER, "PBKDF2-SHA1: verdict %d", rows[16].verdict);
    /* HMAC slower at SHA-256: HMAC goes as a whole (no armsha HMAC wrapping the default's). */
    CHECK(strcmp(words, "all:hmac, sha1:digest, sha256:digest, sha256:pbkdf2") == 0,
          "x86-like: hand_over = \"%s\"", words);
    fill(&rows[find(rows, "HMAC-SHA256 64 B")], 1.0e-6, 1.0e-6, 0.02);
    fill(&rows[find(rows, "PBKDF2-HMAC-SHA1")], 300e-9, 150e-9, 0.02);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(strcmp(words, "sha1:digest, sha1:pbkdf2, sha256:digest, sha256:pbkdf2") == 0,
          "HMAC the same, PBKDF2-SHA1 slower: hand_over = \"%s\"", words);
    fill(&rows[find(rows, "HMAC-SHA256 64 B")], 1.5e-6, 1.0e-6, 0.02);
    for (i = 10; i < 15; i++)
        fill(&rows[i], 200e-9, 100e-9, 0.05);
    fill(&rows[find(rows, "PBKDF2-HMAC-SHA512")], 300e-9, 150e-9, 0.02);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(strcmp(words, "all") == 0,
          "everything slower: hand_over = \"%s\"", words);

    /* The same under emulation: nothing judged, nothing handed over. */
    judge_all(rows, 0, words, sizeof(words));
    CHECK(rows[0].verdict == SPEED_NONE && rows[0].ratio > 1.99,
          "not judged: verdict %d, ratio %g still given", rows[0].verdict, rows[0].ratio);
    CHECK(strcmp(words, "none") == 0, "not judged: hand_over = \"%s\"", words);

    /* Overlapping spreads are no difference, whatever the medians say. */
    for (i = 0; i < SPEED_NROWS; i++)
        fill(&rows[i], 110e-9, 100e-9, 0.2);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(rows[3].verdict == SPEED_SAME, "ratio 1.1 within +-20 %%: verdict %d", rows[3].verdict);
    CHECK(strcmp(words, "none") == 0, "within the spread: hand_over = \"%s\"", words);

    /* A digest family faster at the small sizes and slower at the large: two slower, three
     * faster keeps it on armsha; three slower, two faster hands it over. */
    for (i = 0; i < SPEED_NROWS; i++)
        fill(&rows[i], 100e-9, 100e-9, 0.01);
    fill(&rows[10], 80e-9, 100e-9, 0.01);
    fill(&rows[11], 80e-9, 100e-9, 0.01);
    fill(&rows[12], 80e-9, 100e-9, 0.01);
    fill(&rows[13], 120e-9, 100e-9, 0.01);
    fill(&rows[14], 120e-9, 100e-9, 0.01);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(strcmp(words, "none") == 0, "SHA-512 3 faster 2 slower: hand_over = \"%s\"", words);
    fill(&rows[12], 120e-9, 100e-9, 0.01);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(strcmp(words, "sha512:digest") == 0, "SHA-512 2 faster 3 slower: \"%s\"", words);

    /* A side that did not run gives no verdict and no hand-over. */
    for (i = 0; i < SPEED_NROWS; i++) {
        fill(&rows[i], 300e-9, 100e-9, 0.01);
        rows[i].ran[SPEED_ARMSHA] = i >= 5; /* SHA-1 not served by armsha */
    }
    judge_all(rows, 1, words, sizeof(words));
    CHECK(rows[0].verdict == SPEED_NONE && rows[0].ratio == 0, "armsha absent: verdict %d",
          rows[0].verdict);
    CHECK(strcmp(words, "all:hmac, all:pbkdf2, sha256:digest, sha512:digest") == 0,
          "everything slower but SHA-1's digests: \"%s\"", words);
    /* Every operation of one family, no operation of all: the family's bare word. */
    for (i = 0; i < SPEED_NROWS; i++)
        fill(&rows[i], 100e-9, 100e-9, 0.01);
    for (i = 10; i < 15; i++)
        fill(&rows[i], 200e-9, 100e-9, 0.01);
    fill(&rows[find(rows, "PBKDF2-HMAC-SHA512")], 300e-9, 150e-9, 0.02);
    judge_all(rows, 1, words, sizeof(words));
    CHECK(strcmp(words, "sha512:digest, sha512:pbkdf2") == 0, "SHA-512 slower: \"%s\"", words);
}

int main(void)
{
    test_rows();
    test_statistics();
    test_verdicts();
    printf("%s: speed verdicts from fixed timings\n", fails ? "FAIL" : "ok");
    return fails != 0;
}
