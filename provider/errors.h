/* The module's error reasons and the one way it raises them: through the core's error upcalls. */
#ifndef ARMSHA_PROVIDER_ERRORS_H
#define ARMSHA_PROVIDER_ERRORS_H

#include <stdint.h>

#include <openssl/core.h>
#include <openssl/err.h>
#include <openssl/proverr.h>

#include "provctx.h"

/* Reasons raised once the provider is loaded; their strings come from the table below. */
enum armsha_reason {
    ARMSHA_R_OUT_OF_MEMORY = 1,
    ARMSHA_R_NOT_INITIALISED,
    ARMSHA_R_ALREADY_FINALISED,
    ARMSHA_R_OUTPUT_TOO_SMALL,
    ARMSHA_R_MESSAGE_TOO_LONG,
    ARMSHA_R_WRONG_PARAM_TYPE,
    ARMSHA_R_PARAM_TOO_SMALL,
    ARMSHA_R_BAD_SSL3_MASTER_SECRET,
    ARMSHA_R_NULL_BUFFER,
    ARMSHA_R_MAC_NOT_ACTIVE,
    ARMSHA_R_NO_FALLBACK,
    ARMSHA_R_ONESHOT_MID_MESSAGE
};

/* Reasons raised inside OSSL_provider_init. The core registers the table below only once
 * init has succeeded, so these use OpenSSL's own reasons (a reason with a library number
 * is taken as such by core_vset_error): the line then reads "invalid config data" rather
 * than "reason(1)". The message text says the rest. */
#define ARMSHA_R_LOAD(reason) ((uint32_t)ERR_PACK(ERR_LIB_PROV, 0, (reason)))
#define ARMSHA_R_LOAD_BAD_CONFIG ARMSHA_R_LOAD(PROV_R_INVALID_CONFIG_DATA)
#define ARMSHA_R_LOAD_CORE_PARAMS ARMSHA_R_LOAD(PROV_R_FAILED_TO_GET_PARAMETER)
#define ARMSHA_R_LOAD_OUT_OF_MEMORY ARMSHA_R_LOAD(ERR_R_MALLOC_FAILURE)
#define ARMSHA_R_LOAD_SELF_TEST ARMSHA_R_LOAD(PROV_R_SELF_TEST_KAT_FAILURE)

/* An OpenSSL reason raised as OpenSSL raises it (library and reason as the default
 * provider's), so that callers checking ERR_GET_REASON see the same error. */
#define ARMSHA_R_OPENSSL(lib, reason) ((uint32_t)ERR_PACK((lib), 0, (reason)))

/* For OSSL_FUNC_PROVIDER_GET_REASON_STRINGS; ends with { 0, NULL }. */
extern const OSSL_ITEM armsha_reason_strings[];

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 6, 7)))
#endif
void armsha_raise_at(const armsha_core *c, uint32_t reason, const char *file,
                     int line, const char *func, const char *fmt, ...);

/* armsha_raise(pc, reason, fmt, ...): reason is an armsha_reason or an ARMSHA_R_LOAD_*;
 * raised through the core that loaded pc (pc NULL: the first load's, see armsha_core_of). */
#define armsha_raise(pc, reason, ...) \
    armsha_raise_at(armsha_core_of(pc), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)

#endif
