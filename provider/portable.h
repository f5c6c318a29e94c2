/* The fleet-safe key: with "portable = no" armsha offers only the families it runs on SHA
 * instructions and leaves the others to the next provider (the default one). */
#ifndef ARMSHA_PROVIDER_PORTABLE_H
#define ARMSHA_PROVIDER_PORTABLE_H

#include <stddef.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "armsha/cpu.h"
#include "provctx.h"

/* Key in the provider's openssl.cnf section, and its environment override. */
#define ARMSHA_CONF_PORTABLE "portable"
#define ARMSHA_ENV_PORTABLE "ARMSHA_PORTABLE"
/* UTF8 string parameter: the primary names of the digests offered, space-separated
 * ("SHA1 SHA2-224 SHA2-256"; "" when none). */
#define ARMSHA_PARAM_OFFERED "armsha-offered"

/* Whether armsha may serve a family with its portable C: the config key, overridden by
 * env_value (ARMSHA_PORTABLE; NULL or "" when unset). Words: yes, no, true, false, 1, 0 (case
 * and surrounding spaces ignored). Returns 0, with an error raised naming the word, when
 * either holds another word: the provider then refuses to load, as for disable. */
int armsha_portable_allowed(const armsha_provctx *pc, OSSL_FUNC_core_get_params_fn *get_params,
                            const char *env_value, int *allowed);

/* The ARMSHA_SHA* families to offer: all of them, or with portable not allowed only those
 * whose chosen kernel is not the portable one. */
unsigned armsha_offered_families(const armsha_kernels *k, int portable_allowed);

/* The primary names of algs (up to its NULL entry), space-separated, into buf. */
void armsha_offered_report(char *buf, size_t size, const OSSL_ALGORITHM *algs);

#endif
