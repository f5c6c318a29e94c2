/* armsha-doctor: says whether armsha serves what openssl.cnf asks for, and if not, why.
 * Exit status: 0 yes, 1 a problem, 2 armsha is not configured, 3 usage (see README). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include "doctor.h"
#include "speed.h"

static const char usage[] =
    "usage: armsha-doctor [--json | --quiet]\n"
    "       armsha-doctor speed [--time SECONDS] [--json]   (is armsha faster here? --help)\n"
    "Reports which openssl.cnf is in effect, whether the armsha provider is active, where its\n"
    "module was found, its kernels and what the CPU offers, and which provider serves each SHA\n"
    "digest, EVP_sha256(), HMAC and PBKDF2. Exit status 0 when armsha serves what the\n"
    "configuration asks for, 1 when not (the last line says why), 2 when it is not configured.\n"
    "  --json   the same as one JSON object\n"
    "  --quiet  only the last line\n";

int main(int argc, char **argv)
{
    static doctor_report report; /* large: static rather than on the stack */
    int json = 0, quiet = 0, i;

    if (argc > 1 && strcmp(argv[1], "speed") == 0)
        return armsha_doctor_speed_main(argc - 1, argv + 1);

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
            quiet = 1;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return DOCTOR_OK;
        } else {
            fprintf(stderr, "armsha-doctor: unknown argument \"%s\"\n%s", argv[i], usage);
            return DOCTOR_USAGE;
        }
    }

    /* What any program gets: the configuration loaded into the default library context,
     * errors dropped as OpenSSL drops them. */
    OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL);
    ERR_clear_error();

    report.openssl_version = OpenSSL_version(OPENSSL_VERSION);
    report.env_disable = getenv("ARMSHA_DISABLE");
    report.env_portable = getenv("ARMSHA_PORTABLE");
    armsha_doctor_config(&report.conf);
    armsha_doctor_cpu(&report.cpu);
    armsha_doctor_probe(&report.prov, &report.conf);
    armsha_doctor_serve(&report);
    armsha_doctor_verdict(&report);

    if (json)
        armsha_doctor_print_json(&report);
    else
        armsha_doctor_print_text(&report, quiet);
    return report.status;
}
