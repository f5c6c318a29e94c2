/* Reason strings for the core's error table, and raising errors through the core's upcalls. */
#include "errors.h"

#include <stdarg.h>

const OSSL_ITEM armsha_reason_strings[] = {
    { ARMSHA_R_OUT_OF_MEMORY, "out of memory" },
    { ARMSHA_R_NOT_INITIALISED, "digest context not initialised: call EVP_DigestInit_ex first" },
    { ARMSHA_R_ALREADY_FINALISED,
      "digest already finalised: call EVP_DigestInit_ex again before hashing more" },
    { ARMSHA_R_OUTPUT_TOO_SMALL, "output buffer smaller than the digest" },
    { ARMSHA_R_MESSAGE_TOO_LONG, "message longer than the digest's length limit" },
    { ARMSHA_R_WRONG_PARAM_TYPE, "parameter of the wrong type" },
    { ARMSHA_R_PARAM_TOO_SMALL, "parameter buffer too small" },
    { ARMSHA_R_BAD_SSL3_MASTER_SECRET, "SSLv3 master secret must be 48 bytes" },
    { ARMSHA_R_NULL_BUFFER, "NULL buffer passed where data is needed" },
    { ARMSHA_R_MAC_NOT_ACTIVE,
      "MAC not initialised or already finalised: call EVP_MAC_init (with a key the first time)" },
    { ARMSHA_R_NO_FALLBACK, "no other provider serves this digest's algorithm" },
    { ARMSHA_R_ONESHOT_MID_MESSAGE,
      "digest-oneshot set after part of the message: set it before the first update" },
    { 0, NULL }
};

void armsha_raise_at(const armsha_core *c, uint32_t reason, const char *file,
                     int line, const char *func, const char *fmt, ...)
{
    va_list args;

    if (c == NULL || c->new_error == NULL || c->vset_error == NULL)
        return;
    armsha_relay_errors(); /* what the linked libcrypto raised before comes first */
    c->new_error(c->handle);
    if (c->set_error_debug != NULL)
        c->set_error_debug(c->handle, file, line, func);
    va_start(args, fmt);
    c->vset_error(c->handle, reason, fmt, args);
    va_end(args);
}
