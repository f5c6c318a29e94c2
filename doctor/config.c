/* Finds the openssl.cnf in effect (as libcrypto does) and reads armsha's entries from it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/conf.h>
#include <openssl/crypto.h>
#include <openssl/err.h>

#include "doctor.h"

/* NCONF_get_string queues an error for a missing key; here a missing key is an answer. */
static const char *get(const CONF *conf, const char *section, const char *key)
{
    const char *v;

    ERR_set_mark();
    v = NCONF_get_string(conf, section, key);
    ERR_pop_to_mark();
    return v;
}

static STACK_OF(CONF_VALUE) *get_section(const CONF *conf, const char *section)
{
    STACK_OF(CONF_VALUE) *s;

    ERR_set_mark();
    s = NCONF_get_section(conf, section);
    ERR_pop_to_mark();
    return s;
}

/* libcrypto's config modules may carry a ".suffix" ("providers.1"); the part before names it. */
static int module_is(const char *entry, const char *module)
{
    size_t n = strcspn(entry, ".");

    return n == strlen(module) && strncmp(entry, module, n) == 0;
}

/* A section key with a "label." prefix counts as the key after it (as libcrypto reads them). */
static const char *key_of(const char *name)
{
    const char *dot = strchr(name, '.');

    return dot != NULL ? dot + 1 : name;
}

static int is_false_word(const char *v)
{
    static const char *const no[] = {"0", "no", "false", "off"};
    size_t i;

    for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
        size_t j;

        for (j = 0; no[i][j] != '\0' && tolower((unsigned char)v[j]) == no[i][j]; j++)
            continue;
        if (no[i][j] == '\0' && v[j] == '\0')
            return 1;
    }
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* An entry of the providers section is armsha when its name, its identity or its module
 * file says so. */
static int names_armsha(const CONF *conf, const CONF_VALUE *entry)
{
    STACK_OF(CONF_VALUE) *sect;
    int i;

    if (strcmp(entry->name, "armsha") == 0)
        return 1;
    sect = get_section(conf, entry->value);
    for (i = 0; sect != NULL && i < sk_CONF_VALUE_num(sect); i++) {
        const CONF_VALUE *v = sk_CONF_VALUE_value(sect, i);
        const char *key = key_of(v->name);

        if (strcmp(key, "identity") == 0 && strcmp(v->value, "armsha") == 0)
            return 1;
        if (strcmp(key, "module") == 0 && strncmp(base_name(v->value), "armsha.", 7) == 0)
            return 1;
    }
    return 0;
}

/* Writes value so that the config parser reads it back unchanged: every character that is
 * not a letter or digit escaped with a backslash (quotes, '#', '$' and spaces included). */
void armsha_doctor_append_escaped(char *dst, size_t size, const char *value)
{
    for (; *value != '\0'; value++) {
        unsigned char ch = (unsigned char)*value;

        if (isalnum(ch))
            armsha_doctor_append(dst, size, "%c", ch);
        else if (ch == '\n')
            armsha_doctor_append(dst, size, "\\n");
        else if (ch == '\r')
            armsha_doctor_append(dst, size, "\\r");
        else if (ch == '\t')
            armsha_doctor_append(dst, size, "\\t");
        else if (ch >= 0x20)
            armsha_doctor_append(dst, size, "\\%c", ch);
    }
}

static int plain_key(const char *name)
{
    for (; *name != '\0'; name++)
        if (!isalnum((unsigned char)*name) && *name != '_' && *name != '.' && *name != '-')
            return 0;
    return 1;
}

/* Reads armsha's section: the keys libcrypto acts on, and the rest (its parameters) into
 * the stand-alone config that registers armsha without activating it. */
static void read_armsha_section(doctor_config *c, const CONF *conf, const CONF_VALUE *entry)
{
    STACK_OF(CONF_VALUE) *sect = get_section(conf, entry->value);
    int i;

    armsha_doctor_copy(c->name, sizeof(c->name), entry->name);
    armsha_doctor_copy(c->section, sizeof(c->section), entry->value);
    c->standalone[0] = '\0';
    armsha_doctor_append(c->standalone, sizeof(c->standalone),
                         "openssl_conf = doctor_init\n[doctor_init]\nproviders = doctor_providers\n"
                         "[doctor_providers]\n%s = doctor_armsha\n[doctor_armsha]\n", entry->name);
    for (i = 0; sect != NULL && i < sk_CONF_VALUE_num(sect); i++) {
        const CONF_VALUE *v = sk_CONF_VALUE_value(sect, i);
        const char *key = key_of(v->name);

        if (strcmp(key, "activate") == 0) {
            c->has_activate = 1;
            armsha_doctor_copy(c->activate, sizeof(c->activate), v->value);
            continue; /* the stand-alone config only registers */
        }
        if (strcmp(key, "soft_load") == 0)
            continue;
        if (strcmp(key, "identity") == 0)
            armsha_doctor_copy(c->name, sizeof(c->name), v->value);
        if (strcmp(key, "module") == 0) {
            c->has_module = 1;
            armsha_doctor_copy(c->module, sizeof(c->module), v->value);
        }
        if (strcmp(key, "disable") == 0) {
            c->has_disable = 1;
            armsha_doctor_copy(c->disable, sizeof(c->disable), v->value);
        }
        if (strcmp(key, "hand_over") == 0) {
            c->has_hand_over = 1;
            armsha_doctor_copy(c->hand_over, sizeof(c->hand_over), v->value);
        }
        if (strcmp(key, "portable") == 0) {
            c->has_portable = 1;
            armsha_doctor_copy(c->portable, sizeof(c->portable), v->value);
        }
        if (plain_key(v->name)) {
            armsha_doctor_append(c->standalone, sizeof(c->standalone), "%s = ", v->name);
            armsha_doctor_append_escaped(c->standalone, sizeof(c->standalone), v->value);
            armsha_doctor_append(c->standalone, sizeof(c->standalone), "\n");
        }
    }
    /* OpenSSL 3.0 activates on any value; later versions read it as a boolean. */
    c->activate_on = c->has_activate && !is_false_word(c->activate);
}

/* "?provider=armsha" (preferred) or "provider=armsha" (required) among the properties. */
static void read_properties(doctor_config *c, const char *props)
{
    char tok[256];
    const char *p = props;

    c->has_default_properties = 1;
    armsha_doctor_copy(c->default_properties, sizeof(c->default_properties), props);
    while (*p != '\0') {
        size_t n = strcspn(p, ","), i, j = 0;
        int optional = 0;

        for (i = 0; i < n && j + 1 < sizeof(tok); i++)
            if (!isspace((unsigned char)p[i]) && p[i] != '"' && p[i] != '\'')
                tok[j++] = (char)tolower((unsigned char)p[i]);
        tok[j] = '\0';
        if (tok[0] == '?')
            optional = 1;
        if (strcmp(tok + optional, "provider=armsha") == 0) {
            c->prefers_armsha = 1;
            c->requires_armsha = !optional;
        }
        p += n;
        if (*p == ',')
            p++;
    }
}

static void read_conf(doctor_config *c, const CONF *conf)
{
    const char *init = get(conf, NULL, "openssl_conf");
    STACK_OF(CONF_VALUE) *modules;
    int i, j;

    if (init == NULL)
        return;
    modules = get_section(conf, init);
    for (i = 0; modules != NULL && i < sk_CONF_VALUE_num(modules); i++) {
        const CONF_VALUE *m = sk_CONF_VALUE_value(modules, i);

        if (module_is(m->name, "providers")) {
            STACK_OF(CONF_VALUE) *provs = get_section(conf, m->value);

            for (j = 0; provs != NULL && j < sk_CONF_VALUE_num(provs); j++) {
                const CONF_VALUE *e = sk_CONF_VALUE_value(provs, j);

                if (!c->configured && names_armsha(conf, e)) {
                    c->configured = 1;
                    read_armsha_section(c, conf, e);
                }
            }
        } else if (module_is(m->name, "alg_section")) {
            const char *props = get(conf, m->value, "default_properties");

            if (props != NULL)
                read_properties(c, props);
        }
    }
}

void armsha_doctor_config(doctor_config *c)
{
    char *path = CONF_get1_default_config_file();
    const char *env = getenv("OPENSSL_CONF");
    CONF *conf;
    FILE *f;
    long errline = -1;

    memset(c, 0, sizeof(*c));
    c->path_from = env != NULL ? "OPENSSL_CONF" : "OpenSSL default";
    armsha_doctor_copy(c->path, sizeof(c->path), path != NULL ? path : "");
    OPENSSL_free(path);

    f = fopen(c->path, "r");
    if (f == NULL)
        return;
    fclose(f);
    c->exists = 1;

    conf = NCONF_new(NULL);
    if (conf == NULL) {
        armsha_doctor_copy(c->parse_error, sizeof(c->parse_error), "out of memory");
        return;
    }
    ERR_set_mark();
    if (NCONF_load(conf, c->path, &errline) <= 0) {
        unsigned long e = ERR_peek_last_error();
        const char *why = e != 0 ? ERR_reason_error_string(e) : NULL;

        snprintf(c->parse_error, sizeof(c->parse_error), "%s at line %ld",
                 why != NULL ? why : "cannot be parsed", errline);
    } else {
        read_conf(c, conf);
    }
    ERR_pop_to_mark();
    NCONF_free(conf);
}
