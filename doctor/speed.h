/* armsha-doctor speed: armsha against the default provider on this machine, in one process,
 * interleaved run by run; the verdict per row and the hand_over line that follows from it.
 * speed_verdict.c (statistics and verdicts) needs no OpenSSL, so a unit test can feed it
 * fixed timings. */
#ifndef ARMSHA_DOCTOR_SPEED_H
#define ARMSHA_DOCTOR_SPEED_H

#include <stddef.h>

#define SPEED_MAX_RUNS 31
#define SPEED_MIN_RUNS 5
#define SPEED_NROWS 19
#define SPEED_ARMSHA 0
#define SPEED_DEFAULT 1

/* Operations, as the hand_over key names them. */
enum { SPEED_OP_DIGEST, SPEED_OP_HMAC, SPEED_OP_PBKDF2, SPEED_NOPS };
/* Families, as the ARMSHA_SHA* bits: sha1 1, sha256 2, sha512 4. */
#define SPEED_FAM_SHA1 0x1u
#define SPEED_FAM_SHA256 0x2u
#define SPEED_FAM_SHA512 0x4u

enum speed_verdict {
    SPEED_NONE = 0,  /* not judged: a side did not run, or timings mean nothing here */
    SPEED_FASTER,    /* armsha's interquartile range entirely below the default's */
    SPEED_SAME,      /* the two ranges overlap: no difference within the spread */
    SPEED_SLOWER     /* armsha's range entirely above */
};

typedef struct speed_row {
    const char *name;       /* "SHA-256 16 B", "PBKDF2-HMAC-SHA1" */
    const char *algorithm;  /* the OpenSSL name: "SHA2-256" */
    unsigned family;        /* SPEED_FAM_* */
    int op;                 /* SPEED_OP_* */
    size_t bytes;           /* the message (the whole stream); 0 for PBKDF2 */
    int stream;             /* 1: 16 KiB updates of one context */
    const char *unit;       /* what one timed unit is: "call", "iteration" */
    int nruns;              /* runs of each side */
    double t[2][SPEED_MAX_RUNS]; /* seconds per unit, [SPEED_ARMSHA] and [SPEED_DEFAULT] */
    int ran[2];             /* the side could be timed */
    char error[2][256];     /* why not */
    /* armsha_speed_judge: */
    double median[2], q1[2], q3[2];
    double ratio;           /* median armsha / median default (0 when not both) */
    int verdict;
} speed_row;

/* The rows in their order (names, algorithms, sizes), nothing timed. */
void armsha_speed_rows(speed_row rows[SPEED_NROWS]);

/* Median and quartiles of each side, ratio and verdict (SPEED_NONE when !judge). */
void armsha_speed_judge(speed_row *row, int judge);

/* Families to hand over per operation ([SPEED_OP_*], SPEED_FAM_* bits): a digest family when
 * more of its rows are slower than faster, PBKDF2 by its row, HMAC (all families) by its row. */
void armsha_speed_hand_over(const speed_row *rows, int n, unsigned hand[SPEED_NOPS]);

/* The hand_over value for hand ("all:hmac, sha256:digest, sha1:pbkdf2"; "none" when empty):
 * an operation of every family as "all:OP", a family of every operation as its bare word. */
void armsha_speed_hand_over_words(char *buf, size_t size, const unsigned hand[SPEED_NOPS]);

const char *armsha_speed_verdict_word(int verdict);

#include <openssl/types.h>

#include "doctor.h"

/* What the numbers were measured on. */
typedef struct speed_host {
    char cpu[256];            /* "ARM Cortex-A72 r0p3 (MIDR 0x410fd083)", "AMD EPYC" */
    const char *cpu_from;     /* "MIDR_EL1", "/proc/cpuinfo", "cpuid", "" */
    int emulated;             /* qemu user mode: timings mean nothing */
    char emulated_how[256];   /* which signs said so */
    char caps[256];           /* OpenSSL_info(OPENSSL_INFO_CPU_SETTINGS), "" when none */
    const char *caps_env_name;/* "OPENSSL_armcap", "OPENSSL_ia32cap" or NULL */
    const char *caps_env;     /* its value as the user has it, NULL when unset */
    char default_code[256];   /* what the default provider's SHA code runs on, from caps */
} speed_host;

typedef struct speed_report {
    double budget, elapsed;   /* seconds asked for, taken */
    speed_host host;
    const char *openssl_version;
    const char *env_disable, *env_portable;
    doctor_config conf;
    doctor_provider prov;     /* where armsha was looked for, its kernels, load errors */
    int loaded;               /* armsha could be loaded */
    /* ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY=1, for the tests under qemu only: verdicts and lines
     * even under emulation (the notice stays), so that the lines' mechanics can be checked. */
    int judge_anyway;
    char name[128];           /* its provider name (the property query's) */
    speed_row rows[SPEED_NROWS];
    unsigned hand[SPEED_NOPS];
    char words[256];          /* the hand_over value */
    int status;
} speed_report;

/* speed_host.c */
void armsha_speed_host(speed_host *h);
/* speed_run.c: loads armsha beside the default provider and times every row. */
void armsha_speed_run(speed_report *r, int progress);
/* speed_report.c */
void armsha_speed_print_text(const speed_report *r);
void armsha_speed_print_json(const speed_report *r);
/* speed_main.c: `armsha-doctor speed [--time SECONDS] [--json]`. */
int armsha_doctor_speed_main(int argc, char **argv);

/* probe.c, shared: where libcrypto looks for the module; a provider's string parameter;
 * the error queue drained into p->load_errors. */
void armsha_doctor_module_path(doctor_provider *p, const doctor_config *c);
int armsha_doctor_prov_string(OSSL_PROVIDER *prov, const char *key, char *out, size_t size);
void armsha_doctor_take_errors(doctor_provider *p);

#endif
