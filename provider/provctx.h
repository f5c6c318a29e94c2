/* The provider context: the core's upcalls and the kernel choice, set at load, read-only after. */
#ifndef ARMSHA_PROVIDER_PROVCTX_H
#define ARMSHA_PROVIDER_PROVCTX_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "armsha/cpu.h"

typedef struct armsha_provctx {
    const OSSL_CORE_HANDLE *handle;
    /* Error upcalls; NULL when the core does not offer them (errors are then dropped). */
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    armsha_kernels kernels;
    char kernel_info[96]; /* "sha1=armv8-ce sha256=armv8-ce sha512=portable" */
    char buildinfo[128];  /* "0.1.0 (sha1=armv8-ce sha256=armv8-ce sha512=portable)" */
} armsha_provctx;

#endif
