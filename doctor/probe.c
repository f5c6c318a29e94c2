/* Is armsha active in the default library context, which file it came from, what it reports;
 * and, when the configuration names it but it is not active, why: OpenSSL's config loader
 * drops a provider's init error, so armsha is loaded again on its own to show it. */
#if defined(__linux__) || defined(__APPLE__) || defined(__unix__)
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#define HAVE_DLADDR 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/conf.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "doctor.h"
#include "speed.h"

/* Where libcrypto looks for a provider module (OpenSSL 3.0 crypto/provider_core.c):
 * OPENSSL_MODULES or the built-in directory, joined with the config's module path, or
 * with the provider's name and the DSO extension. */
void armsha_doctor_module_path(doctor_provider *p, const doctor_config *c)
{
    const char *env = getenv("OPENSSL_MODULES");
    const char *ext = OPENSSL_info(OPENSSL_INFO_DSO_EXTENSION);
    const char *name = c->configured ? c->name : "armsha";
    FILE *f;

    p->modules_dir_from = env != NULL ? "OPENSSL_MODULES" : "OpenSSL default";
    armsha_doctor_copy(p->modules_dir, sizeof(p->modules_dir),
                       env != NULL ? env : OPENSSL_info(OPENSSL_INFO_MODULES_DIR));
    p->module_path[0] = '\0';
    if (c->has_module && c->module[0] == '/')
        armsha_doctor_copy(p->module_path, sizeof(p->module_path), c->module);
    else if (c->has_module)
        armsha_doctor_append(p->module_path, sizeof(p->module_path), "%s/%s", p->modules_dir,
                             c->module);
    else
        armsha_doctor_append(p->module_path, sizeof(p->module_path), "%s/%s%s", p->modules_dir,
                             name, ext != NULL ? ext : ".so");
    f = fopen(p->module_path, "rb");
    p->module_exists = f != NULL;
    if (f != NULL)
        fclose(f);
}

typedef struct find_arg {
    const char *name;
    OSSL_PROVIDER *found;
    doctor_provider *p;
} find_arg;

static int list_one(OSSL_PROVIDER *prov, void *varg)
{
    find_arg *a = varg;
    const char *name = OSSL_PROVIDER_get0_name(prov);

    armsha_doctor_append(a->p->active_list, sizeof(a->p->active_list), "%s%s",
                         a->p->active_list[0] ? " " : "", name);
    if (strcmp(name, a->name) == 0)
        a->found = prov;
    return 1;
}

/* A string parameter, "" with 0 when the provider does not answer it. */
int armsha_doctor_prov_string(OSSL_PROVIDER *prov, const char *key, char *out, size_t size)
{
    const char *v = NULL;
    OSSL_PARAM req[2];

    req[0] = OSSL_PARAM_construct_utf8_ptr(key, (char **)&v, 0);
    req[1] = OSSL_PARAM_construct_end();
    out[0] = '\0';
    ERR_set_mark();
    if (!OSSL_PROVIDER_get_params(prov, req) || !OSSL_PARAM_modified(req) || v == NULL) {
        ERR_pop_to_mark();
        return 0;
    }
    ERR_pop_to_mark();
    armsha_doctor_copy(out, size, v);
    return 1;
}

/* The file the module's code was mapped from: its dispatch table lives in it. */
static void loaded_from(doctor_provider *p, const OSSL_PROVIDER *prov)
{
#ifdef HAVE_DLADDR
    Dl_info info;
    const void *table = OSSL_PROVIDER_get0_dispatch(prov);

    if (table != NULL && dladdr(table, &info) != 0 && info.dli_fname != NULL)
        armsha_doctor_copy(p->loaded_from, sizeof(p->loaded_from), info.dli_fname);
#else
    (void)p;
    (void)prov;
#endif
}

/* Drains the error queue into p->load_errors, oldest (the cause) first. */
void armsha_doctor_take_errors(doctor_provider *p)
{
    unsigned long e;
    const char *data = NULL;
    int flags = 0;

    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        const char *lib = ERR_lib_error_string(e);
        const char *reason = ERR_reason_error_string(e);
        char line[1024];

        snprintf(line, sizeof(line), "%s%s%s%s%s", lib != NULL ? lib : "(unknown library)",
                 reason != NULL ? ": " : "", reason != NULL ? reason : "",
                 (flags & ERR_TXT_STRING) && data != NULL && *data ? ": " : "",
                 (flags & ERR_TXT_STRING) && data != NULL ? data : "");
        if (p->load_error_first[0] == '\0')
            armsha_doctor_copy(p->load_error_first, sizeof(p->load_error_first), line);
        armsha_doctor_append(p->load_errors, sizeof(p->load_errors), "%s\n", line);
    }
}

/* Registers armsha from its own section (keys and all, no activate) in a fresh library
 * context, then loads it: the load reports its error where the config loader did not.
 * (OpenSSL 3.0 has no OSSL_PROVIDER_load with parameters; a registered section is how
 * the module gets its keys.) */
static void load_directly(doctor_provider *p, const doctor_config *c)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    CONF *conf = libctx != NULL ? NCONF_new_ex(libctx, NULL) : NULL;
    BIO *bio = BIO_new_mem_buf(c->standalone, -1);
    OSSL_PROVIDER *prov = NULL;
    long errline = -1;

    p->direct_tried = 1;
    ERR_clear_error();
    if (conf == NULL || bio == NULL) {
        armsha_doctor_copy(p->load_error_first, sizeof(p->load_error_first),
                           "armsha-doctor: out of memory");
    } else if (NCONF_load_bio(conf, bio, &errline) <= 0 || CONF_modules_load(conf, NULL, 0) <= 0) {
        armsha_doctor_take_errors(p);
        if (p->load_error_first[0] == '\0')
            snprintf(p->load_error_first, sizeof(p->load_error_first),
                     "armsha-doctor could not read back armsha's section (line %ld)", errline);
    } else {
        prov = OSSL_PROVIDER_load(libctx, c->name);
        p->direct_ok = prov != NULL;
        armsha_doctor_take_errors(p);
        if (prov == NULL && p->load_error_first[0] == '\0')
            armsha_doctor_copy(p->load_error_first, sizeof(p->load_error_first),
                               "OSSL_PROVIDER_load failed without an error");
        if (prov != NULL)
            OSSL_PROVIDER_unload(prov);
    }
    BIO_free(bio);
    NCONF_free(conf);
    OSSL_LIB_CTX_free(libctx);
}

void armsha_doctor_probe(doctor_provider *p, const doctor_config *c)
{
    find_arg arg;

    memset(p, 0, sizeof(*p));
    armsha_doctor_module_path(p, c);
    arg.name = c->configured ? c->name : "armsha";
    arg.found = NULL;
    arg.p = p;
    OSSL_PROVIDER_do_all(NULL, list_one, &arg);
    p->active = arg.found != NULL && OSSL_PROVIDER_available(NULL, arg.name);
    if (p->active) {
        loaded_from(p, arg.found);
        armsha_doctor_prov_string(arg.found, OSSL_PROV_PARAM_VERSION, p->version, sizeof(p->version));
        p->has_kernels = armsha_doctor_prov_string(arg.found, "armsha-kernels", p->kernels, sizeof(p->kernels));
        p->has_lanes = armsha_doctor_prov_string(arg.found, "armsha-lanes", p->lanes, sizeof(p->lanes));
        p->has_offered = armsha_doctor_prov_string(arg.found, "armsha-offered", p->offered, sizeof(p->offered));
        p->has_cores = armsha_doctor_prov_string(arg.found, "armsha-mac-kdf-cores", p->cores,
                                                 sizeof(p->cores));
        p->has_cpu = armsha_doctor_prov_string(arg.found, "armsha-cpu", p->cpu, sizeof(p->cpu));
    } else if (c->configured) {
        load_directly(p, c);
    }
}
