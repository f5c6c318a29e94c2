/* The exit status and its one-line reason: does armsha serve what the configuration asks for. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "doctor.h"

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static void set(doctor_report *r, int status, const char *fmt, ...)
{
    va_list ap;

    r->status = status;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
    va_end(ap);
}

static void warn(doctor_report *r, const char *line)
{
    armsha_doctor_append(r->warnings, sizeof(r->warnings), "%s\n", line);
}

/* The digest a line is judged by: HMAC and PBKDF2 by the digest they hash with. */
static const char *judged(const doctor_serve *s)
{
    return s->digest_provider[0] != '\0' && strcmp(s->what, "EVP_sha256()") != 0
               ? s->digest_provider : s->provider;
}

/* First failing line among the digests, EVP_sha256(), HMAC and PBKDF2; 1 if all are right. */
static int serving_ok(doctor_report *r)
{
    const doctor_serve *all[DOCTOR_NDIGESTS + 3];
    int i, n = 0;

    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        all[n++] = &r->digests[i];
    all[n++] = &r->legacy;
    all[n++] = &r->hmac;
    all[n++] = &r->pbkdf2;
    for (i = 0; i < n; i++) {
        const doctor_serve *s = all[i];

        if (!s->fetched || s->error[0] != '\0') {
            set(r, DOCTOR_PROBLEM, "%s: %s", s->what,
                s->error[0] ? s->error : "not available");
            return 0;
        }
        if (s->family != NULL && r->prov.has_offered && strcmp(s->provider, "armsha") == 0
            && !armsha_doctor_in_list(r->prov.offered, s == &r->legacy ? "SHA2-256" : s->what)) {
            set(r, DOCTOR_PROBLEM, "%s is served by armsha, which says it does not offer it",
                s->what);
            return 0;
        }
        if (s->expect != NULL && strcmp(judged(s), s->expect) != 0) {
            set(r, DOCTOR_PROBLEM, "%s is served by %s, not %s", s->what,
                judged(s)[0] ? judged(s) : "nothing", s->expect);
            if (s->digest_provider[0] != '\0' && s != &r->legacy)
                armsha_doctor_append(r->reason, sizeof(r->reason), " (its SHA-256)");
            return 0;
        }
        if (!s->answer_ok) {
            set(r, DOCTOR_PROBLEM, "%s from %s gives a wrong answer to its known-answer test",
                s->what, s->provider);
            return 0;
        }
    }
    return 1;
}

/* A family is offered when any of its digests is (all are, when armsha does not say). */
static int family_offered(const doctor_report *r, const char *family)
{
    int i;

    if (!r->prov.has_offered)
        return 1;
    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        if (strcmp(r->digests[i].family, family) == 0
            && armsha_doctor_in_list(r->prov.offered, r->digests[i].what))
            return 1;
    return 0;
}

/* What the OS reports against what armsha chose: a family the CPU accelerates but armsha
 * runs portably is worth a look (disabled, a build without kernels, a failed self-test). */
static void compare_cpu(doctor_report *r)
{
    static const char *const fam[3] = {"sha1", "sha256", "sha512"};
    const int has[3] = {r->cpu.sha1, r->cpu.sha256, r->cpu.sha512};
    int i;

    for (i = 0; i < 3; i++) {
        char want[32], line[512];

        snprintf(want, sizeof(want), "%s=portable", fam[i]);
        if (strstr(r->prov.kernels, want) == NULL)
            continue;
        if (has[i] == 1) {
            snprintf(line, sizeof(line),
                     "the OS reports %s instructions but armsha runs %s portably (disable = / "
                     "ARMSHA_DISABLE, a build without the kernels, or a failed self-test)",
                     fam[i], fam[i]);
            warn(r, line);
        }
        if (family_offered(r, fam[i])) {
            snprintf(line, sizeof(line),
                     "armsha serves %s with portable C, which OpenSSL's own code may beat on this "
                     "CPU (armsha-doctor speed measures it); portable = no or hand_over in [%s] "
                     "leaves it to OpenSSL", fam[i], r->conf.section);
            warn(r, line);
        }
    }
}

static int offered_count(const doctor_report *r)
{
    int i, n = 0;

    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        n += armsha_doctor_in_list(r->prov.offered, r->digests[i].what);
    return n;
}

static int served_by_armsha(const doctor_report *r)
{
    int i, n = 0;

    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        n += strcmp(r->digests[i].provider, "armsha") == 0;
    return n;
}

void armsha_doctor_verdict(doctor_report *r)
{
    const doctor_config *c = &r->conf;
    const doctor_provider *p = &r->prov;

    if (!c->exists) {
        set(r, DOCTOR_NOT_CONFIGURED, "no configuration file at %s (%s): armsha is not configured",
            c->path, c->path_from);
        return;
    }
    if (c->parse_error[0] != '\0') {
        set(r, DOCTOR_PROBLEM, "%s cannot be read: %s", c->path, c->parse_error);
        return;
    }
    if (!c->configured && !p->active) {
        set(r, DOCTOR_NOT_CONFIGURED, "armsha is not configured: %s names no armsha provider",
            c->path);
        return;
    }
    if (!p->active) {
        if (!c->has_activate || !c->activate_on)
            set(r, DOCTOR_PROBLEM, "armsha is configured in %s but not activated: [%s] needs "
                "activate = 1", c->path, c->section);
        else if (!p->module_exists)
            set(r, DOCTOR_PROBLEM, "armsha is configured but not active: no module at %s "
                "(modules dir from %s)", p->module_path, p->modules_dir_from);
        else
            set(r, DOCTOR_PROBLEM, "armsha is configured but not active: %s",
                p->load_error_first[0] ? p->load_error_first : "no error reported");
        return;
    }
    compare_cpu(r);
    if (!c->prefers_armsha)
        warn(r, "default_properties does not name provider=armsha: OpenSSL may pick either "
                "provider for a digest (add default_properties = ?provider=armsha)");
    if (!serving_ok(r))
        return;
    if (!c->prefers_armsha && served_by_armsha(r) == 0 && (!p->has_offered || p->offered[0])) {
        set(r, DOCTOR_PROBLEM, "armsha is active but serves no digest: %s's default_properties "
            "does not prefer it", c->path);
        return;
    }
    if (p->has_offered && p->offered[0] == '\0')
        set(r, DOCTOR_OK, "armsha is active and offers nothing here (%s); OpenSSL's own code "
            "serves every digest", c->has_hand_over ? "portable = no and hand_over leave every "
            "digest to it" : "portable = no and no family runs on SHA instructions");
    else
        set(r, DOCTOR_OK, "armsha is active and serves %s (%s)",
            p->has_offered && offered_count(r) < DOCTOR_NDIGESTS ? p->offered : "all seven digests",
            p->has_kernels ? p->kernels : "kernels not reported");
}
