/* The seven digests through the core, with any kernel built in: what the core tests share. */
#ifndef ARMSHA_TEST_VARIANTS_H
#define ARMSHA_TEST_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

#include "armsha/cpu.h"
#include "armsha/digests.h"
#include "helper.h"
#include "kernel_list.h"

/* A digest as the tests know it: its entry in the core's table (armsha_digests). */
typedef armsha_digest_info armsha_variant;

/* armsha_family_name (armsha/cpu.h) gives the family words of ARMSHA_EXPECT_KERNELS. */

/* ---- kernels ---- */

/* The kernels of armsha_kernel_list that this CPU can run, portable ones included, in the
 * list's order; filled by armsha_test_kernels_setup. */
#define ARMSHA_TEST_MAX_KERNELS 16
extern const armsha_kernel *armsha_test_kernels[ARMSHA_TEST_MAX_KERNELS];
extern size_t armsha_test_nkernels;

/* The two-lane form that goes with k (kernel_list.h), or NULL when k has none. */
const armsha_lane_kernel *armsha_test_lanes_of(const armsha_kernel *k);

/* The portable kernel of a family: the reference the others are compared with. */
const armsha_kernel *armsha_test_portable(unsigned family);

/* Fills armsha_test_kernels (call it first) and prints, for each kernel built in, whether it
 * is tested or why not. A kernel that ARMSHA_EXPECT_KERNELS names for its family ("sha1=armv8-ce
 * ...", from the test setups) but that cannot run here gets a FAIL line, so that a run meant
 * for the hardware kernels cannot pass on the portable code alone. Returns how many such. */
unsigned armsha_test_kernels_setup(void);

/* ---- one context for any variant and kernel ---- */

typedef struct armsha_variant_ctx {
    const armsha_variant *v;
    union {
        armsha_sha1_ctx sha1;
        armsha_sha256_ctx sha256;
        armsha_sha512_ctx sha512;
    } core; /* the one of v's family */
} armsha_variant_ctx;

/* Starts v with kernel k, which must be of v's family. */
void armsha_variant_init(armsha_variant_ctx *c, const armsha_variant *v, const armsha_kernel *k);
/* What the core's update returns: 1, or 0 when it refused the data. */
int armsha_variant_update(armsha_variant_ctx *c, const void *data, size_t len);
/* Writes the digest: v->digest_size bytes. */
void armsha_variant_final(armsha_variant_ctx *c, uint8_t *out);
/* Writes the first outlen bytes of the digest (outlen <= the family's largest digest). */
void armsha_variant_final_len(armsha_variant_ctx *c, uint8_t *out, size_t outlen);

#endif
