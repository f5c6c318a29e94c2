/* The provider entry point: the kernel choice at load, provider parameters, operation queries. */
/* For secure_getenv in glibc's stdlib.h; other C libraries ignore it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "armsha/cpu.h"
#include "digests.h"
#include "errors.h"
#include "hand_over.h"
#include "portable.h"
#include "mac_kdf.h"
#include "provctx.h"
#include "version.h"

#define ARMSHA_NAME "armsha: ARMv8 SHA-1/SHA-2 provider"
/* UTF8 string such as "sha1=armv8-ce sha256=armv8-ce sha512=portable". */
#define ARMSHA_PARAM_KERNELS "armsha-kernels"
/* UTF8 string such as "sha1=2 sha256=2 sha512=1": the chains PBKDF2 runs per call of each
 * family's kernel (its two-lane form beside it). Its own parameter, so that every reader
 * of the kernels line keeps reading the three words it knows. */
#define ARMSHA_PARAM_LANES "armsha-lanes"
/* UTF8 string such as "cortex-a72" or "unknown": the cores the kernels and lanes above were
 * chosen for (src/cpu_cores.c), beside the kernels line rather than in it for the same reason. */
#define ARMSHA_PARAM_CPU "armsha-cpu"
/* Key in the provider's openssl.cnf section, same words as ARMSHA_DISABLE. */
#define ARMSHA_CONF_DISABLE "disable"
#define ARMSHA_ENV_DISABLE "ARMSHA_DISABLE"
/* A setuid or setgid program must not let its unprivileged caller pick armsha's kernels or
 * make it refuse to load: glibc's secure_getenv answers NULL there. Other C libraries
 * (musl has it too under _GNU_SOURCE; the BSDs, macOS and Windows do not) fall back to
 * getenv: see README. */
#if defined(__GLIBC__) || defined(ARMSHA_HAVE_SECURE_GETENV)
#define read_env secure_getenv
#else
#define read_env getenv
#endif
#define ARMSHA_ACCEPTED_WORDS \
    "sha1, sha256, sha512, all, none, ce, neon, hmac (or mac), pbkdf2 (or kdf) (comma-separated)"
/* UTF8 string: what the provider serves, such as "digests hmac pbkdf2". */
#define ARMSHA_PARAM_OFFERS "armsha-offers"
/* UTF8 string: the families HMAC and PBKDF2 run on armsha's cores (the others go to the
 * default provider's): "hmac=sha1,sha256,sha512 pbkdf2=sha1,sha256,sha512". */
#define ARMSHA_PARAM_CORES "armsha-mac-kdf-cores"
/* Key in the provider's openssl.cnf section: "off" leaves only the digests. */
#define ARMSHA_CONF_MAC_KDF "mac_kdf"

static OSSL_FUNC_provider_teardown_fn armsha_teardown;
static OSSL_FUNC_provider_gettable_params_fn armsha_gettable_params;
static OSSL_FUNC_provider_get_params_fn armsha_get_params;
static OSSL_FUNC_provider_query_operation_fn armsha_query;
static OSSL_FUNC_provider_get_reason_strings_fn armsha_get_reason_strings;

static const OSSL_PARAM provider_gettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_KERNELS, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_LANES, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_CPU, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_OFFERED, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_OFFERS, NULL, 0),
    OSSL_PARAM_utf8_ptr(ARMSHA_PARAM_CORES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *armsha_gettable_params(void *provctx)
{
    (void)provctx;
    return provider_gettable;
}

/* Answers a string parameter asked for as a pointer or as a buffer. */
static int set_string(const armsha_provctx *pc, OSSL_PARAM *p, const char *s)
{
    if (p->data_type == OSSL_PARAM_UTF8_PTR && OSSL_PARAM_set_utf8_ptr(p, s))
        return 1;
    if (p->data_type == OSSL_PARAM_UTF8_STRING) {
        if (OSSL_PARAM_set_utf8_string(p, s))
            return 1;
        armsha_raise(pc, ARMSHA_R_PARAM_TOO_SMALL, "\"%s\" needs %zu bytes, got %zu", p->key,
                     strlen(s) + 1, p->data_size);
        return 0;
    }
    armsha_raise(pc, ARMSHA_R_WRONG_PARAM_TYPE,
                 "\"%s\" is a UTF8 string (OSSL_PARAM_UTF8_PTR or OSSL_PARAM_UTF8_STRING)", p->key);
    return 0;
}

/* "sha1,sha256" for ARMSHA_SHA1 | ARMSHA_SHA256, "none" for 0. */
static void family_list(char *buf, size_t size, unsigned families)
{
    size_t used = 0;

    buf[0] = '\0';
    for (unsigned f = ARMSHA_SHA1; f <= ARMSHA_SHA512 && used < size; f <<= 1)
        if (families & f)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "," : "",
                                     armsha_family_name(f));
    if (used == 0)
        snprintf(buf, size, "none");
}

static void cores_report(armsha_provctx *pc)
{
    char mac[24], kdf[24];

    family_list(mac, sizeof(mac), pc->offers & ARMSHA_OFFER_MAC ? pc->mac_families : 0);
    family_list(kdf, sizeof(kdf), pc->offers & ARMSHA_OFFER_KDF ? pc->kdf_families : 0);
    snprintf(pc->cores, sizeof(pc->cores), "hmac=%s pbkdf2=%s", mac, kdf);
}

static int armsha_get_params(void *provctx, OSSL_PARAM params[])
{
    const armsha_provctx *pc = provctx;
    OSSL_PARAM *p;

    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
    if (p != NULL && !set_string(pc, p, ARMSHA_NAME))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
    if (p != NULL && !set_string(pc, p, armsha_version))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
    if (p != NULL && !set_string(pc, p, pc->buildinfo))
        return 0;
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_KERNELS);
    if (p != NULL && !set_string(pc, p, pc->kernels.report))
        return 0;
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_LANES);
    if (p != NULL && !set_string(pc, p, pc->kernels.lanes))
        return 0;
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_CPU);
    if (p != NULL && !set_string(pc, p, pc->kernels.core))
        return 0;
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_OFFERED);
    if (p != NULL && !set_string(pc, p, pc->offered))
        return 0;
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_OFFERS);
    if (p != NULL) {
        static const char *const offers[4] = {
            "digests", "digests hmac", "digests pbkdf2", "digests hmac pbkdf2"
        };

        if (!set_string(pc, p, offers[pc->offers & 3]))
            return 0;
    }
    p = OSSL_PARAM_locate(params, ARMSHA_PARAM_CORES);
    if (p != NULL && !set_string(pc, p, pc->cores))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
    if (p != NULL && !OSSL_PARAM_set_int(p, 1)) {
        armsha_raise(pc, ARMSHA_R_WRONG_PARAM_TYPE, "\"%s\" is an integer", p->key);
        return 0;
    }
    return 1;
}

static const OSSL_ALGORITHM *armsha_query(void *provctx, int operation_id, int *no_cache)
{
    const armsha_provctx *pc = provctx;

    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST:
        return pc->digest_algorithms;
    case OSSL_OP_MAC:
        if (!(pc->offers & ARMSHA_OFFER_MAC))
            return NULL;
        return pc->core.foreign ? armsha_mac_algorithms_relayed : armsha_mac_algorithms;
    case OSSL_OP_KDF:
        if (!(pc->offers & ARMSHA_OFFER_KDF))
            return NULL;
        return pc->core.foreign ? armsha_kdf_algorithms_relayed : armsha_kdf_algorithms;
    default:
        return NULL;
    }
}

static const OSSL_ITEM *armsha_get_reason_strings(void *provctx)
{
    (void)provctx;
    return armsha_reason_strings;
}

static void armsha_teardown(void *provctx)
{
    armsha_provctx *pc = provctx;
    armsha_core core = pc->core; /* the allocator that made pc, kept past its free */

    OSSL_LIB_CTX_free(pc->child);
    armsha_core_free(&core, pc, __FILE__, __LINE__);
}

static const OSSL_DISPATCH provider_functions[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))armsha_teardown },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))armsha_gettable_params },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))armsha_get_params },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))armsha_query },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))armsha_get_reason_strings },
    { 0, NULL }
};

/* Parses one source of disabled families into *mask and of disabled MAC/KDF into *off;
 * where names the source. */
static int parse_disable(const armsha_provctx *pc, const char *where, const char *list,
                         unsigned *mask, unsigned *off)
{
    const char *bad = NULL;
    size_t badlen = 0;
    unsigned m = 0, o = 0;
    char rest[256];
    const char *given = list; /* for the message: the list as the user wrote it */

    if (list != NULL && !armsha_take_offer_words(list, rest, sizeof(rest), &o)) {
        armsha_raise(pc, ARMSHA_R_LOAD_BAD_CONFIG, "%s: a list longer than %zu bytes", where,
                     sizeof(rest) - 1);
        return 0;
    }
    *off |= o;
    if (list != NULL)
        list = rest;
    if (!armsha_parse_disable(list, &m, &bad, &badlen)) {
        armsha_raise(pc, ARMSHA_R_LOAD_BAD_CONFIG,
                     "%s = \"%s\": unknown word \"%.*s\"; accepted: " ARMSHA_ACCEPTED_WORDS,
                     where, given, (int)(badlen > 64 ? 64 : badlen), bad);
        return 0;
    }
    *mask |= m;
    return 1;
}

/* The families the user turned off: ARMSHA_DISABLE, then the config section's key; and
 * whether HMAC and PBKDF2 stay on (their words in either list, the mac_kdf key). */
static int disabled_families(const armsha_provctx *pc, OSSL_FUNC_core_get_params_fn *get_params,
                             unsigned *mask, unsigned *off)
{
    const char *conf = NULL, *mac_kdf = NULL;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr(ARMSHA_CONF_DISABLE, &conf, 0),
        OSSL_PARAM_utf8_ptr(ARMSHA_CONF_MAC_KDF, &mac_kdf, 0),
        OSSL_PARAM_END
    };

    *mask = 0;
    *off = 0;
    if (!parse_disable(pc, "environment " ARMSHA_ENV_DISABLE, read_env(ARMSHA_ENV_DISABLE), mask,
                       off))
        return 0;
    if (get_params != NULL && !get_params(pc->core.handle, req)) {
        armsha_raise(pc, ARMSHA_R_LOAD_CORE_PARAMS, "config keys \"%s\", \"%s\"",
                     ARMSHA_CONF_DISABLE, ARMSHA_CONF_MAC_KDF);
        return 0;
    }
    if (mac_kdf != NULL) {
        if (strcmp(mac_kdf, "off") == 0 || strcmp(mac_kdf, "no") == 0) {
            *off |= ARMSHA_OFFER_MAC | ARMSHA_OFFER_KDF;
        } else if (strcmp(mac_kdf, "on") != 0 && strcmp(mac_kdf, "yes") != 0) {
            armsha_raise(pc, ARMSHA_R_LOAD_BAD_CONFIG,
                         "config key %s = \"%s\": accepted: on, off, yes, no",
                         ARMSHA_CONF_MAC_KDF, mac_kdf);
            return 0;
        }
    }
    return parse_disable(pc, "config key " ARMSHA_CONF_DISABLE, conf, mask, off);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default")))
#endif
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    OSSL_FUNC_core_get_params_fn *core_get_params = NULL;
    const OSSL_DISPATCH *core_in = in;
    armsha_provctx tmp, *pc;
    unsigned disabled, off, served;
    int portable_ok;
    armsha_hand_over hand;
    armsha_cpu_core cpu;

    memset(&tmp, 0, sizeof(tmp));
    for (; in != NULL && in->function_id != 0; in++)
        if (in->function_id == OSSL_FUNC_CORE_GET_PARAMS)
            core_get_params = OSSL_FUNC_core_get_params(in);
    armsha_core_read(&tmp.core, handle, core_in, core_get_params);

    if (!disabled_families(&tmp, core_get_params, &disabled, &off)
        || !armsha_portable_allowed(&tmp, core_get_params, read_env(ARMSHA_ENV_PORTABLE),
                                    &portable_ok)
        || !armsha_hand_over_read(&tmp, core_get_params, &hand))
        return 0;
    tmp.offers = (ARMSHA_OFFER_MAC | ARMSHA_OFFER_KDF) & ~off;
    armsha_core_identify(&cpu);
    if (!armsha_kernels_choose(&tmp.kernels, armsha_cpu_features(), &cpu, disabled)) {
        armsha_raise(&tmp, ARMSHA_R_LOAD_SELF_TEST,
                     "%s: the portable code gives wrong digests, so this build of armsha is "
                     "broken", tmp.kernels.report);
        return 0;
    }
    /* portable = no: the families left on portable C go to the next provider. */
    /* HMAC and PBKDF2 hand the others to the default provider's, as the digests. */
    served = armsha_offered_families(&tmp.kernels, portable_ok);
    /* hand_over: per operation. An operation handed over for all three families is not
     * offered at all, so that it costs nothing to go through armsha. */
    tmp.mac_families = served & ~hand.mac;
    tmp.kdf_families = served & ~hand.kdf;
    if ((hand.mac & ARMSHA_ALL) == ARMSHA_ALL)
        tmp.offers &= ~ARMSHA_OFFER_MAC;
    if ((hand.kdf & ARMSHA_ALL) == ARMSHA_ALL)
        tmp.offers &= ~ARMSHA_OFFER_KDF;
    armsha_digest_algorithms(tmp.digest_algorithms, served & ~hand.digest,
                             armsha_core_allocates(&tmp.core));
    cores_report(&tmp);
    armsha_offered_report(tmp.offered, sizeof(tmp.offered), tmp.digest_algorithms);
    if (portable_ok)
        snprintf(tmp.buildinfo, sizeof(tmp.buildinfo), "%s (%s)", armsha_version,
                 tmp.kernels.report);
    else
        snprintf(tmp.buildinfo, sizeof(tmp.buildinfo), "%s (%s; portable = no, offered: %s)",
                 armsha_version, tmp.kernels.report, tmp.offered[0] ? tmp.offered : "nothing");

    /* Without a child library context HMAC and PBKDF2 still serve the SHA digests; other
     * digests then fail with an error naming the reason. */
    if (tmp.offers != 0)
        tmp.child = OSSL_LIB_CTX_new_child(handle, core_in);

    pc = armsha_malloc(&tmp, sizeof(*pc));
    if (pc == NULL) {
        armsha_raise(&tmp, ARMSHA_R_LOAD_OUT_OF_MEMORY, "%zu bytes for the provider context",
                     sizeof(*pc));
        OSSL_LIB_CTX_free(tmp.child);
        return 0;
    }
    *pc = tmp;
    armsha_core_set_loaded(&pc->core);
    *out = provider_functions;
    *provctx = pc;
    return 1;
}
