/* The choice of block function per family, made once when the provider loads. */
#include "armsha/cpu.h"

#include <stdio.h>
#include <string.h>

#include "kernel_list.h"
#include "selftest.h"

static const char *family_word(unsigned family)
{
    return family == ARMSHA_SHA1 ? "sha1" : family == ARMSHA_SHA256 ? "sha256" : "sha512";
}

/* Appends to the report; it is sized for the longest line that can be made. */
static void report_add(armsha_kernels *k, const char *text)
{
    size_t used = strlen(k->report);

    snprintf(k->report + used, sizeof(k->report) - used, "%s", text);
}

int armsha_kernels_choose(armsha_kernels *k, unsigned features, unsigned disabled)
{
    memset(k, 0, sizeof(*k));
    for (unsigned fam = ARMSHA_SHA1; fam <= ARMSHA_SHA512; fam <<= 1) {
        const armsha_kernel *use = NULL;
        char failed[96] = "";

        for (size_t i = 0; i < armsha_kernel_count && use == NULL; i++) {
            const armsha_kernel *c = &armsha_kernel_list[i];

            if (c->family != fam || (c->needs & ~features) != 0)
                continue;
            if (c->needs != 0 && (disabled & fam))
                continue;
            if (armsha_kernel_selftest(c)) {
                use = c;
            } else if (c->needs == 0) {
                /* The portable code is wrong: the build is broken, nothing can be trusted. */
                snprintf(k->report, sizeof(k->report), "%s=%s failed its self-test",
                         family_word(fam), c->name);
                return 0;
            } else {
                size_t n = strlen(failed);

                snprintf(failed + n, sizeof(failed) - n, "%s%s", n ? ", " : "", c->name);
            }
        }
        if (use == NULL)
            return 0; /* unreachable: each family has a portable kernel */
        if (fam == ARMSHA_SHA1)
            k->sha1 = use->fn.sha1;
        else if (fam == ARMSHA_SHA256)
            k->sha256 = use->fn.sha256;
        else
            k->sha512 = use->fn.sha512;

        if (fam != ARMSHA_SHA1)
            report_add(k, " ");
        report_add(k, family_word(fam));
        report_add(k, "=");
        report_add(k, use->name);
        if (failed[0] != '\0') {
            report_add(k, " (");
            report_add(k, failed);
            report_add(k, " failed its self-test)");
        }
    }
    return 1;
}
