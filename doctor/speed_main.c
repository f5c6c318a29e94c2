/* `armsha-doctor speed [--time SECONDS] [--json]`: the options, the report, the exit status
 * (0 measured, 1 armsha could not be loaded, 3 usage). It changes no configuration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include "speed.h"

static const char usage[] =
    "usage: armsha-doctor speed [--time SECONDS] [--json]\n"
    "Times armsha against OpenSSL's default provider on this machine, in one process, run by\n"
    "run in turn: SHA-1, SHA-256 and SHA-512 at 16 B, 64 B, 1 KiB, 16 KiB and a 1 MiB stream,\n"
    "HMAC-SHA256 at 64 B, PBKDF2-HMAC-SHA1/SHA256/SHA512 per iteration. Each row: the median\n"
    "of its runs with the interquartile range, armsha / default, and faster, no difference\n"
    "(the ranges overlap) or slower; then the hand_over line for armsha's section that leaves\n"
    "exactly the slower ones to the default provider. Under emulation no verdict is given.\n"
    "  --time SECONDS  about how long to take (default 10)\n"
    "  --json          the same as one JSON object\n";

int armsha_doctor_speed_main(int argc, char **argv)
{
    static speed_report r; /* large: static rather than on the stack */
    int json = 0, i;
    double budget = 10;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--time") == 0 && i + 1 < argc) {
            char *end;

            budget = strtod(argv[++i], &end);
            if (*end != '\0' || end == argv[i] || !(budget > 0 && budget <= 3600)) {
                fprintf(stderr, "armsha-doctor speed: --time wants seconds, more than 0 and up "
                                "to 3600, not \"%s\"\n%s", argv[i], usage);
                return DOCTOR_USAGE;
            }
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return DOCTOR_OK;
        } else {
            fprintf(stderr, "armsha-doctor speed: unknown argument \"%s\"\n%s", argv[i], usage);
            return DOCTOR_USAGE;
        }
    }
    /* The configuration is read only to find the module (its module key and name); nothing
     * of it is loaded: armsha is timed with its own defaults against the default provider. */
    OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
    r.budget = budget;
    r.openssl_version = OpenSSL_version(OPENSSL_VERSION);
    r.env_disable = getenv("ARMSHA_DISABLE");
    r.env_portable = getenv("ARMSHA_PORTABLE");
    armsha_doctor_config(&r.conf);
    armsha_speed_host(&r.host);
    r.judge_anyway = getenv("ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY") != NULL
                     && strcmp(getenv("ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY"), "1") == 0;
    armsha_speed_run(&r, isatty(STDERR_FILENO));
    r.status = r.loaded ? DOCTOR_OK : DOCTOR_PROBLEM;
    if (json)
        armsha_speed_print_json(&r);
    else
        armsha_speed_print_text(&r);
    return r.status;
}
