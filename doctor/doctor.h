/* armsha-doctor's findings: filled in by the probes (config, cpu, probe, serve), judged by
 * verdict.c, printed by report.c. Fixed-size buffers: the program runs once and exits. */
#ifndef ARMSHA_DOCTOR_H
#define ARMSHA_DOCTOR_H

#include <stddef.h>

#define DOCTOR_PATH 4096
#define DOCTOR_NDIGESTS 7

/* Exit statuses (also in the README). */
enum {
    DOCTOR_OK = 0,             /* armsha serves what the configuration asks for */
    DOCTOR_PROBLEM = 1,        /* configured, but not active or not serving */
    DOCTOR_NOT_CONFIGURED = 2, /* the configuration in effect does not name armsha */
    DOCTOR_USAGE = 3
};

/* What openssl.cnf says about armsha. */
typedef struct doctor_config {
    char path[DOCTOR_PATH];
    const char *path_from;   /* "OPENSSL_CONF" or "OpenSSL default" */
    int exists;
    char parse_error[256];   /* non-empty when NCONF could not read the file */
    int configured;          /* an entry of the providers section names armsha */
    char name[128];          /* the provider's name (its identity key when given) */
    char section[128];       /* armsha's own section */
    int has_activate, activate_on;
    char activate[64];
    int has_module;
    char module[DOCTOR_PATH];
    int has_disable;
    char disable[256];
    int has_portable;
    char portable[64];
    int has_hand_over;
    char hand_over[256];
    int has_default_properties;
    char default_properties[256];
    int prefers_armsha;      /* default_properties holds provider=armsha (with or without '?') */
    int requires_armsha;     /* ... without '?': nothing else may serve */
    /* armsha's section alone, as a config that registers armsha without activating it:
     * probe.c loads it into a fresh library context to see the load error. */
    char standalone[8192];
} doctor_config;

/* The provider as libcrypto sees it. */
typedef struct doctor_provider {
    char modules_dir[DOCTOR_PATH];
    const char *modules_dir_from; /* "OPENSSL_MODULES" or "OpenSSL default" */
    char module_path[DOCTOR_PATH];/* where libcrypto looks for the module */
    int module_exists;
    char active_list[512];        /* every active provider, space-separated */
    int active;                   /* armsha is active in the default library context */
    char loaded_from[DOCTOR_PATH];/* the file the active module was mapped from ("" unknown) */
    char version[64];
    int has_kernels, has_offered, has_lanes;
    char kernels[256];            /* "armsha-kernels" */
    char lanes[128];              /* "armsha-lanes": PBKDF2's chains per kernel call */
    char offered[256];            /* "armsha-offered"; absent in older armsha: all seven */
    int has_cores;
    char cores[128];              /* "armsha-mac-kdf-cores": "hmac=sha1,sha256 pbkdf2=..." */
    int has_cpu;
    char cpu[96];                 /* "armsha-cpu": the cores the kernels and lanes are for */
    /* When configured but not active: armsha loaded on its own, with its section's keys. */
    int direct_tried, direct_ok;
    char load_errors[4096];       /* one error per line, oldest first */
    char load_error_first[1024];
} doctor_provider;

/* What the OS reports about the CPU. */
typedef struct doctor_cpu {
    const char *arch;        /* "aarch64", "arm", "x86_64", ... */
    const char *source;      /* how it was asked, "" if not at all */
    int has_hwcap, has_hwcap2;
    unsigned long hwcap, hwcap2;
    char features[768];      /* names of the bits set, space-separated */
    int sha1, sha256, sha512;/* the OS reports the instructions: 1, 0, or -1 (cannot tell) */
    char note[256];
} doctor_cpu;

/* Who serves one algorithm, and whether its answer is right. */
typedef struct doctor_serve {
    const char *what;          /* "SHA2-256", "EVP_sha256()", "HMAC", "PBKDF2" */
    const char *family;        /* "sha1", "sha256", "sha512" (digests only) */
    char provider[64];         /* "" when nothing serves it */
    char digest_provider[64];  /* HMAC / PBKDF2 / EVP_sha256(): the digest they fetch */
    const char *digest_how;    /* how digest_provider was found out */
    const char *expect;        /* "armsha", or NULL: any provider is right */
    int fetched;
    int answer_ok;             /* the known answer came out */
    char error[512];
} doctor_serve;

typedef struct doctor_report {
    const char *openssl_version;
    const char *env_disable;   /* ARMSHA_DISABLE, NULL when unset */
    const char *env_portable;  /* ARMSHA_PORTABLE, NULL when unset */
    doctor_config conf;
    doctor_provider prov;
    doctor_cpu cpu;
    doctor_serve digests[DOCTOR_NDIGESTS];
    doctor_serve legacy, hmac, pbkdf2;
    char warnings[1024];       /* one per line */
    int status;
    char reason[512];
} doctor_report;

/* config.c: finds the openssl.cnf in effect and reads armsha's entries from it. */
void armsha_doctor_config(doctor_config *c);

/* cpu.c: what the OS says about the CPU. */
void armsha_doctor_cpu(doctor_cpu *cpu);

/* probe.c: is armsha active, from which file, its kernels; the direct load when not. */
void armsha_doctor_probe(doctor_provider *p, const doctor_config *c);

/* serve.c: who serves each digest, EVP_sha256(), HMAC and PBKDF2, with known answers. */
void armsha_doctor_serve(doctor_report *r);

/* verdict.c: the exit status and its one-line reason. */
void armsha_doctor_verdict(doctor_report *r);

/* report.c: the report as text (quiet: the verdict line only) or as JSON. */
void armsha_doctor_print_text(const doctor_report *r, int quiet);
void armsha_doctor_print_json(const doctor_report *r);

/* util.c: bounded string helpers. */
void armsha_doctor_copy(char *dst, size_t size, const char *src);
void armsha_doctor_append(char *dst, size_t size, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* config.c: value appended so that the config parser reads it back unchanged. */
void armsha_doctor_append_escaped(char *dst, size_t size, const char *value);
/* 1 when word appears in the space-separated list. */
int armsha_doctor_in_list(const char *list, const char *word);

#endif
