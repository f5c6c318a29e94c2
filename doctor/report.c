/* armsha-doctor's output: a report for people, or JSON for fleet tooling (same facts). */
#include <stdio.h>
#include <string.h>

#include "doctor.h"
#include "json.h"

static const char *const status_words[] = {"ok", "problem", "not configured"};

static const char *status_word(int status)
{
    return status >= 0 && status <= 2 ? status_words[status] : "error";
}

static const char *yes_no(int v)
{
    return v == 1 ? "yes" : v == 0 ? "no" : "unknown";
}

/* ---- text ------------------------------------------------------------------------ */

static const char *line_status(const doctor_serve *s, char *buf, size_t size)
{
    const char *by = s->digest_provider[0] && strcmp(s->what, "EVP_sha256()") != 0
                         ? s->digest_provider : s->provider;

    if (!s->fetched || s->error[0])
        snprintf(buf, size, "FAILED: %s", s->error[0] ? s->error : "not available");
    else if (s->expect != NULL && strcmp(by, s->expect) != 0)
        snprintf(buf, size, "WRONG PROVIDER: %s expected", s->expect);
    else if (!s->answer_ok)
        snprintf(buf, size, "WRONG ANSWER to the known-answer test");
    else
        snprintf(buf, size, "ok");
    return buf;
}

static void text_serve(const doctor_serve *s)
{
    char st[600];

    printf("  %-14s %-10s %s\n", s->what, s->provider[0] ? s->provider : "-",
           line_status(s, st, sizeof(st)));
    if (s->digest_provider[0] && strcmp(s->what, "EVP_sha256()") != 0)
        printf("  %-14s %-10s its SHA-256 (%s)\n", "", s->digest_provider, s->digest_how);
    else if (s->digest_how != NULL)
        printf("  %-14s %-10s (%s)\n", "", "", s->digest_how);
}

static void text_lines(const char *label, const char *lines)
{
    while (*lines != '\0') {
        size_t n = strcspn(lines, "\n");

        /* fwrite, not "%.*s": GCC under -fsanitize warns the pointer may be null. */
        fputs(label, stdout);
        fwrite(lines, 1, n, stdout);
        fputc('\n', stdout);
        lines += n;
        if (*lines == '\n')
            lines++;
    }
}

void armsha_doctor_print_text(const doctor_report *r, int quiet)
{
    const doctor_config *c = &r->conf;
    const doctor_provider *p = &r->prov;
    const doctor_cpu *cpu = &r->cpu;
    int i;

    if (quiet)
        goto verdict;
    printf("armsha-doctor %s, %s\n", ARMSHA_DOCTOR_VERSION, r->openssl_version);
    printf("config file:   %s (from %s)%s\n", c->path, c->path_from, c->exists ? "" : ", missing");
    if (c->configured) {
        printf("armsha entry:  %s = %s; activate = %s", c->name, c->section,
               c->has_activate ? c->activate : "(absent)");
        if (c->has_module)
            printf(", module = %s", c->module);
        if (c->has_disable)
            printf(", disable = %s", c->disable);
        if (c->has_portable)
            printf(", portable = %s", c->portable);
        if (c->has_hand_over)
            printf(", hand_over = %s", c->hand_over);
        printf("\n");
    } else if (c->exists) {
        printf("armsha entry:  none\n");
    }
    if (c->has_default_properties)
        printf("properties:    default_properties = %s (%s)\n", c->default_properties,
               c->requires_armsha ? "armsha required" : c->prefers_armsha ? "armsha preferred"
                                                                          : "armsha not named");
    if (r->env_disable != NULL || r->env_portable != NULL)
        printf("environment:   %s%s%s%s%s\n", r->env_disable ? "ARMSHA_DISABLE=" : "",
               r->env_disable ? r->env_disable : "", r->env_disable && r->env_portable ? " " : "",
               r->env_portable ? "ARMSHA_PORTABLE=" : "", r->env_portable ? r->env_portable : "");
    printf("modules dir:   %s (from %s)\n", p->modules_dir, p->modules_dir_from);
    printf("module file:   %s (%s)\n", p->module_path, p->module_exists ? "present" : "missing");
    printf("providers:     %s\n", p->active_list[0] ? p->active_list : "(none active)");
    if (p->active) {
        printf("armsha:        active%s%s%s%s\n", p->loaded_from[0] ? ", loaded from " : "",
               p->loaded_from, p->version[0] ? ", version " : "", p->version);
        /* The core they were chosen for after both (older modules do not say). */
        printf("kernels:       %s%s%s%s\n", p->has_kernels ? p->kernels : "(not reported)",
               p->has_cpu ? " (for " : "", p->has_cpu ? p->cpu : "", p->has_cpu ? ")" : "");
        /* Older modules do not report it: they run PBKDF2's blocks one at a time. */
        printf("pbkdf2 lanes:  %s%s%s%s\n", p->has_lanes ? p->lanes : "(not reported: one a call)",
               p->has_cpu && p->has_lanes ? " (for " : "", p->has_cpu && p->has_lanes ? p->cpu : "",
               p->has_cpu && p->has_lanes ? ")" : "");
        printf("offered:       %s\n", !p->has_offered ? "(not reported: all seven digests)"
                                      : p->offered[0] ? p->offered : "nothing");
        if (p->has_cores)
            printf("mac/kdf cores: %s\n", p->cores);
    } else {
        printf("armsha:        not active\n");
    }
    printf("cpu:           %s", cpu->arch);
    if (cpu->source[0])
        printf(", %s: %s", cpu->source, cpu->features[0] ? cpu->features : "(no bits set)");
    printf("\n");
    if (cpu->has_hwcap)
        printf("               AT_HWCAP=0x%lx AT_HWCAP2=0x%lx\n", cpu->hwcap, cpu->hwcap2);
    printf("               SHA instructions reported: sha1 %s, sha256 %s, sha512 %s\n",
           yes_no(cpu->sha1), yes_no(cpu->sha256), yes_no(cpu->sha512));
    if (cpu->note[0])
        printf("               %s\n", cpu->note);
    printf("served in the default library context:\n");
    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        text_serve(&r->digests[i]);
    text_serve(&r->legacy);
    text_serve(&r->hmac);
    text_serve(&r->pbkdf2);
    if (p->direct_tried) {
        printf("armsha loaded on its own with [%s]'s keys: %s\n", c->section,
               p->direct_ok ? "loads" : "fails");
        text_lines("  ", p->load_errors);
    }
    text_lines("warning: ", r->warnings);
verdict:
    printf("armsha-doctor: %s: %s\n", status_word(r->status), r->reason);
}

/* ---- JSON ------------------------------------------------------------------------ */

static void json_serve(armsha_json_writer *w, const char *key, const doctor_serve *s)
{
    armsha_json_begin_object(w, key);
    armsha_json_string(w, "name", s->what);
    if (s->family != NULL)
        armsha_json_string(w, "family", s->family);
    armsha_json_string_or_null(w, "provider", s->provider[0] ? s->provider : NULL);
    if (s->digest_provider[0] && strcmp(s->what, "EVP_sha256()") != 0)
        armsha_json_string(w, "digest_provider", s->digest_provider);
    if (s->digest_how != NULL)
        armsha_json_string(w, "how", s->digest_how);
    armsha_json_string_or_null(w, "expected_provider", s->expect);
    armsha_json_bool(w, "known_answer_ok", s->answer_ok);
    armsha_json_string_or_null(w, "error", s->error[0] ? s->error : NULL);
    armsha_json_end_object(w);
}

/* A space-separated list as a JSON array. */
static void json_words(armsha_json_writer *w, const char *key, const char *list)
{
    armsha_json_begin_array(w, key);
    while (*list != '\0') {
        size_t n = strcspn(list, " ");
        char word[128];

        if (n > 0 && n < sizeof(word)) {
            memcpy(word, list, n);
            word[n] = '\0';
            armsha_json_string(w, NULL, word);
        }
        list += n;
        list += strspn(list, " ");
    }
    armsha_json_end_array(w);
}

static void json_lines(armsha_json_writer *w, const char *key, const char *lines)
{
    armsha_json_begin_array(w, key);
    while (*lines != '\0') {
        size_t n = strcspn(lines, "\n");
        char line[1024];
        size_t keep = n < sizeof(line) - 1 ? n : sizeof(line) - 1;

        memcpy(line, lines, keep);
        line[keep] = '\0';
        armsha_json_string(w, NULL, line);
        lines += n;
        if (*lines == '\n')
            lines++;
    }
    armsha_json_end_array(w);
}

void armsha_doctor_print_json(const doctor_report *r)
{
    const doctor_config *c = &r->conf;
    const doctor_provider *p = &r->prov;
    const doctor_cpu *cpu = &r->cpu;
    armsha_json_writer w;
    int i;

    armsha_json_init(&w, stdout);
    armsha_json_begin_object(&w, NULL);
    armsha_json_string(&w, "doctor_version", ARMSHA_DOCTOR_VERSION);
    armsha_json_string(&w, "openssl_version", r->openssl_version);
    armsha_json_int(&w, "status", r->status);
    armsha_json_string(&w, "verdict", status_word(r->status));
    armsha_json_string(&w, "reason", r->reason);

    armsha_json_begin_object(&w, "config");
    armsha_json_string(&w, "path", c->path);
    armsha_json_string(&w, "from", c->path_from);
    armsha_json_bool(&w, "exists", c->exists);
    armsha_json_string_or_null(&w, "parse_error", c->parse_error[0] ? c->parse_error : NULL);
    armsha_json_bool(&w, "armsha_configured", c->configured);
    armsha_json_string_or_null(&w, "provider_name", c->configured ? c->name : NULL);
    armsha_json_string_or_null(&w, "section", c->configured ? c->section : NULL);
    armsha_json_string_or_null(&w, "activate", c->has_activate ? c->activate : NULL);
    armsha_json_string_or_null(&w, "module", c->has_module ? c->module : NULL);
    armsha_json_string_or_null(&w, "disable", c->has_disable ? c->disable : NULL);
    armsha_json_string_or_null(&w, "portable", c->has_portable ? c->portable : NULL);
    armsha_json_string_or_null(&w, "hand_over", c->has_hand_over ? c->hand_over : NULL);
    armsha_json_string_or_null(&w, "default_properties",
                        c->has_default_properties ? c->default_properties : NULL);
    armsha_json_bool(&w, "prefers_armsha", c->prefers_armsha);
    armsha_json_bool(&w, "requires_armsha", c->requires_armsha);
    armsha_json_end_object(&w);

    armsha_json_begin_object(&w, "environment");
    armsha_json_string_or_null(&w, "ARMSHA_DISABLE", r->env_disable);
    armsha_json_string_or_null(&w, "ARMSHA_PORTABLE", r->env_portable);
    armsha_json_end_object(&w);

    armsha_json_begin_object(&w, "provider");
    armsha_json_string(&w, "modules_dir", p->modules_dir);
    armsha_json_string(&w, "modules_dir_from", p->modules_dir_from);
    armsha_json_string(&w, "module_path", p->module_path);
    armsha_json_bool(&w, "module_exists", p->module_exists);
    json_words(&w, "active_providers", p->active_list);
    armsha_json_bool(&w, "active", p->active);
    armsha_json_string_or_null(&w, "loaded_from", p->loaded_from[0] ? p->loaded_from : NULL);
    armsha_json_string_or_null(&w, "version", p->version[0] ? p->version : NULL);
    armsha_json_string_or_null(&w, "kernels", p->has_kernels ? p->kernels : NULL);
    armsha_json_string_or_null(&w, "pbkdf2_lanes", p->has_lanes ? p->lanes : NULL);
    armsha_json_string_or_null(&w, "cpu", p->has_cpu ? p->cpu : NULL);
    if (p->has_offered)
        json_words(&w, "offered", p->offered);
    else
        armsha_json_null(&w, "offered");
    armsha_json_string_or_null(&w, "mac_kdf_cores", p->has_cores ? p->cores : NULL);
    armsha_json_bool(&w, "direct_load_tried", p->direct_tried);
    armsha_json_bool(&w, "direct_load_ok", p->direct_ok);
    json_lines(&w, "load_errors", p->load_errors);
    armsha_json_end_object(&w);

    armsha_json_begin_object(&w, "cpu");
    armsha_json_string(&w, "arch", cpu->arch);
    armsha_json_string(&w, "source", cpu->source);
    if (cpu->has_hwcap) {
        armsha_json_uint(&w, "hwcap", cpu->hwcap);
        armsha_json_uint(&w, "hwcap2", cpu->hwcap2);
    }
    json_words(&w, "features", cpu->features);
    armsha_json_tristate(&w, "sha1", cpu->sha1);
    armsha_json_tristate(&w, "sha256", cpu->sha256);
    armsha_json_tristate(&w, "sha512", cpu->sha512);
    armsha_json_string_or_null(&w, "note", cpu->note[0] ? cpu->note : NULL);
    armsha_json_end_object(&w);

    armsha_json_begin_array(&w, "digests");
    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        json_serve(&w, NULL, &r->digests[i]);
    armsha_json_end_array(&w);
    json_serve(&w, "legacy_sha256", &r->legacy);
    json_serve(&w, "hmac", &r->hmac);
    json_serve(&w, "pbkdf2", &r->pbkdf2);
    json_lines(&w, "warnings", r->warnings);
    armsha_json_end_object(&w);
    armsha_json_finish(&w);
}
