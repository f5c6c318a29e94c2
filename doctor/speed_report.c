/* armsha-doctor speed's output: a table for people, or JSON with the same facts. */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "speed.h"

static const char *const op_words[SPEED_NOPS] = {"digest", "hmac", "pbkdf2"};

static const char *family_word(unsigned fam)
{
    return fam == SPEED_FAM_SHA1 ? "sha1" : fam == SPEED_FAM_SHA256 ? "sha256" : "sha512";
}

static const char *section(const speed_report *r)
{
    return r->conf.configured ? r->conf.section : "armsha_sect";
}

/* seconds in three significant digits of the unit that suits: "812 ns", "3.41 us", "12 ms" */
static void fmt_time(char *buf, size_t size, double s)
{
    if (s <= 0)
        snprintf(buf, size, "-");
    else if (s < 1e-6)
        snprintf(buf, size, "%.3g ns", s * 1e9);
    else if (s < 1e-3)
        snprintf(buf, size, "%.3g us", s * 1e6);
    else if (s < 1)
        snprintf(buf, size, "%.3g ms", s * 1e3);
    else
        snprintf(buf, size, "%.3g s", s);
}

static void fmt_side(char *buf, size_t size, const speed_row *row, int side)
{
    char m[32], lo[32], hi[32];

    if (!row->ran[side]) {
        snprintf(buf, size, "-");
        return;
    }
    fmt_time(m, sizeof(m), row->median[side]);
    fmt_time(lo, sizeof(lo), row->q1[side]);
    fmt_time(hi, sizeof(hi), row->q3[side]);
    snprintf(buf, size, "%s (%s-%s)", m, lo, hi);
}

/* The lines to add: after the .include line of the system setup. */
static void print_lines(const speed_report *r)
{
    printf("[%s]\n", section(r));
    printf("hand_over = %s\n", r->words);
}

static int any_verdict(const speed_report *r)
{
    int i;

    for (i = 0; i < SPEED_NROWS; i++)
        if (r->rows[i].verdict != SPEED_NONE)
            return 1;
    return 0;
}

void armsha_speed_print_text(const speed_report *r)
{
    const speed_host *h = &r->host;
    int i;

    printf("armsha-doctor speed %s, %s\n", ARMSHA_DOCTOR_VERSION, r->openssl_version);
    printf("cpu:         %s%s%s%s\n", h->cpu[0] ? h->cpu : "(not reported)",
           h->cpu_from[0] ? " (from " : "", h->cpu_from, h->cpu_from[0] ? ")" : "");
    if (r->loaded)
        printf("armsha:      %s, version %s, kernels %s\n", r->prov.module_path,
               r->prov.version[0] ? r->prov.version : "?",
               r->prov.has_kernels ? r->prov.kernels : "(not reported)");
    else
        printf("armsha:      cannot be loaded: looked for %s (modules directory from %s): %s\n",
               r->prov.module_path, r->prov.modules_dir_from, r->prov.load_error_first);
    /* What OpenSSL read, and whether the user's environment set it. */
    printf("default:     %s (%s%s; %s %s%s)\n", h->default_code,
           h->caps[0] ? "OpenSSL_info: " : "", h->caps[0] ? h->caps : "no CPU settings",
           h->caps_env_name != NULL ? h->caps_env_name : "capability variable",
           h->caps_env != NULL ? "= " : "not set", h->caps_env != NULL ? h->caps_env : "");
    if (r->env_disable != NULL || r->env_portable != NULL)
        printf("environment: %s%s%s%s%s (armsha reads them)\n",
               r->env_disable ? "ARMSHA_DISABLE=" : "", r->env_disable ? r->env_disable : "",
               r->env_disable && r->env_portable ? " " : "",
               r->env_portable ? "ARMSHA_PORTABLE=" : "", r->env_portable ? r->env_portable : "");
    printf("time:        %.1f s asked, %.1f s taken; per row the median of its runs and, in "
           "parentheses, the interquartile range\n", r->budget, r->elapsed);
    if (h->emulated)
        printf("emulation:   qemu user mode (%s): timings here mean nothing, no verdict is given\n",
               h->emulated_how);
    printf("\n%-22s %-9s %4s  %-28s %-28s %7s  %s\n", "row", "per", "runs", "armsha", "default",
           "ratio", "verdict");
    for (i = 0; i < SPEED_NROWS; i++) {
        const speed_row *row = &r->rows[i];
        char a[128], d[128], ratio[16];

        fmt_side(a, sizeof(a), row, SPEED_ARMSHA);
        fmt_side(d, sizeof(d), row, SPEED_DEFAULT);
        if (row->ratio > 0)
            snprintf(ratio, sizeof(ratio), "%.2f", row->ratio);
        else
            snprintf(ratio, sizeof(ratio), "-");
        printf("%-22s %-9s %4d  %-28s %-28s %7s  %s\n", row->name, row->unit, row->nruns, a, d,
               ratio, armsha_speed_verdict_word(row->verdict));
        if (r->loaded && !row->ran[SPEED_ARMSHA] && row->error[SPEED_ARMSHA][0])
            printf("%-22s armsha: %s\n", "", row->error[SPEED_ARMSHA]);
        if (!row->ran[SPEED_DEFAULT] && row->error[SPEED_DEFAULT][0])
            printf("%-22s default: %s\n", "", row->error[SPEED_DEFAULT]);
    }
    printf("\n");
    if (!r->loaded) {
        printf("armsha-doctor speed: armsha cannot be loaded, only the default provider was timed\n");
        return;
    }
    if (h->emulated && !r->judge_anyway) {
        printf("armsha-doctor speed: no verdict under emulation; run it on the machine itself\n");
        return;
    }
    if (!any_verdict(r)) {
        printf("armsha-doctor speed: nothing could be compared\n");
        return;
    }
    printf("slower here, to hand to the default provider: %s%s\n",
           strcmp(r->words, "none") == 0 ? "nothing" : r->words,
           r->hand[SPEED_OP_HMAC] ? " (HMAC as a whole: a family handed over alone would run "
                                    "armsha's HMAC into the default's)" : "");
    printf("Add these lines to /etc/ssl/openssl.cnf after the line "
           "\".include /usr/share/armsha/system.cnf\" (README, \"Debian package\"), or to the "
           "[%s] of the armsha.cnf in use; this command changed nothing:\n", section(r));
    print_lines(r);
}

static void json_side(armsha_json_writer *w, const char *key, const speed_row *row, int side)
{
    if (!row->ran[side]) {
        armsha_json_null(w, key);
        return;
    }
    armsha_json_begin_object(w, key);
    armsha_json_double(w, "median_seconds", row->median[side]);
    armsha_json_double(w, "q1_seconds", row->q1[side]);
    armsha_json_double(w, "q3_seconds", row->q3[side]);
    armsha_json_end_object(w);
}

void armsha_speed_print_json(const speed_report *r)
{
    const speed_host *h = &r->host;
    armsha_json_writer w;
    int i, op;

    armsha_json_init(&w, stdout);
    armsha_json_begin_object(&w, NULL);
    armsha_json_string(&w, "doctor_version", ARMSHA_DOCTOR_VERSION);
    armsha_json_string(&w, "openssl_version", r->openssl_version);
    armsha_json_int(&w, "status", r->status);
    armsha_json_double(&w, "time_asked_seconds", r->budget);
    armsha_json_double(&w, "time_taken_seconds", r->elapsed);
    armsha_json_begin_object(&w, "cpu");
    armsha_json_string(&w, "name", h->cpu);
    armsha_json_string(&w, "from", h->cpu_from);
    armsha_json_end_object(&w);
    armsha_json_bool(&w, "emulated", h->emulated);
    armsha_json_string_or_null(&w, "emulated_how", h->emulated ? h->emulated_how : NULL);
    armsha_json_begin_object(&w, "default_provider");
    armsha_json_string(&w, "code", h->default_code);
    armsha_json_string_or_null(&w, "cpu_settings", h->caps[0] ? h->caps : NULL);
    armsha_json_string_or_null(&w, "capability_variable", h->caps_env_name);
    armsha_json_string_or_null(&w, "capability_value", h->caps_env);
    armsha_json_end_object(&w);
    armsha_json_begin_object(&w, "armsha");
    armsha_json_bool(&w, "loaded", r->loaded);
    armsha_json_string(&w, "name", r->name);
    armsha_json_string(&w, "module_path", r->prov.module_path);
    armsha_json_string(&w, "modules_dir_from", r->prov.modules_dir_from);
    armsha_json_string_or_null(&w, "version", r->prov.version[0] ? r->prov.version : NULL);
    armsha_json_string_or_null(&w, "kernels", r->prov.has_kernels ? r->prov.kernels : NULL);
    armsha_json_string_or_null(&w, "load_error", r->loaded ? NULL : r->prov.load_error_first);
    armsha_json_string_or_null(&w, "ARMSHA_DISABLE", r->env_disable);
    armsha_json_string_or_null(&w, "ARMSHA_PORTABLE", r->env_portable);
    armsha_json_end_object(&w);
    armsha_json_begin_array(&w, "rows");
    for (i = 0; i < SPEED_NROWS; i++) {
        const speed_row *row = &r->rows[i];

        armsha_json_begin_object(&w, NULL);
        armsha_json_string(&w, "name", row->name);
        armsha_json_string(&w, "algorithm", row->algorithm);
        armsha_json_string(&w, "family", family_word(row->family));
        armsha_json_string(&w, "operation", op_words[row->op]);
        armsha_json_uint(&w, "bytes", (unsigned long)row->bytes);
        armsha_json_string(&w, "per", row->unit);
        armsha_json_int(&w, "runs", row->nruns);
        json_side(&w, "armsha", row, SPEED_ARMSHA);
        json_side(&w, "default", row, SPEED_DEFAULT);
        if (row->ratio > 0)
            armsha_json_double(&w, "ratio", row->ratio);
        else
            armsha_json_null(&w, "ratio");
        armsha_json_string_or_null(&w, "verdict", row->verdict != SPEED_NONE
                                                      ? armsha_speed_verdict_word(row->verdict) : NULL);
        armsha_json_string_or_null(&w, "armsha_error", !row->ran[SPEED_ARMSHA] && row->error[SPEED_ARMSHA][0] ? row->error[SPEED_ARMSHA] : NULL);
        armsha_json_string_or_null(&w, "default_error", !row->ran[SPEED_DEFAULT] && row->error[SPEED_DEFAULT][0] ? row->error[SPEED_DEFAULT] : NULL);
        armsha_json_end_object(&w);
    }
    armsha_json_end_array(&w);
    /* The suggestion, only where there is a verdict to base it on. */
    if ((!h->emulated || r->judge_anyway) && r->loaded && any_verdict(r)) {
        armsha_json_begin_object(&w, "hand_over");
        for (op = 0; op < SPEED_NOPS; op++) {
            unsigned f;

            armsha_json_begin_array(&w, op_words[op]);
            for (f = 1; f <= 4; f <<= 1)
                if (r->hand[op] & f)
                    armsha_json_string(&w, NULL, family_word(f));
            armsha_json_end_array(&w);
        }
        armsha_json_end_object(&w);
        armsha_json_begin_array(&w, "config_lines");
        {
            char line[300];

            snprintf(line, sizeof(line), "[%s]", section(&*r));
            armsha_json_string(&w, NULL, line);
            snprintf(line, sizeof(line), "hand_over = %s", r->words);
            armsha_json_string(&w, NULL, line);
        }
        armsha_json_end_array(&w);
    } else {
        armsha_json_null(&w, "hand_over");
        armsha_json_null(&w, "config_lines");
    }
    armsha_json_end_object(&w);
    armsha_json_finish(&w);
}
