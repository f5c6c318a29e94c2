/* The choice of block function per family, made once when the provider loads. */
#include "armsha/cpu.h"

#include <stdio.h>
#include <string.h>

#include "kernel_list.h"
#include "selftest.h"
#include "str_append.h"

/* Appends to the report; it is sized for the longest line that can be made. */
static void report_add(armsha_kernels *k, const char *text)
{
    armsha_str_append(k->report, sizeof(k->report), text);
}

/* The two-lane form that goes with kernel use, when it is built, can run and passes its
 * self-test; its lane count goes into k->lanes. */
static const armsha_lane_kernel *choose_lanes(armsha_kernels *k, const armsha_kernel *use,
                                              unsigned features, unsigned kind)
{
    const armsha_lane_kernel *pick = NULL;
    char text[96];

    for (size_t i = 0; i < armsha_lane_kernel_count && pick == NULL; i++) {
        const armsha_lane_kernel *c = &armsha_lane_kernel_list[i];

        if (c->use && (c->two_lane_on == 0 || (c->two_lane_on & kind) != 0) && c->family == use->family
            && strcmp(c->name, use->name) == 0 && (c->needs & ~features) == 0)
            pick = c;
    }
    snprintf(text, sizeof(text), "%s%s=%u", use->family != ARMSHA_SHA1 ? " " : "",
             armsha_family_name(use->family), pick != NULL ? pick->lanes : 1u);
    if (pick != NULL && !armsha_lane_kernel_selftest(pick)) {
        snprintf(text, sizeof(text), "%s%s=1 (%s-x2 failed its self-test)",
                 use->family != ARMSHA_SHA1 ? " " : "", armsha_family_name(use->family), pick->name);
        pick = NULL;
    }
    armsha_str_append(k->lanes, sizeof(k->lanes), text);
    return pick;
}

int armsha_kernels_choose(armsha_kernels *k, unsigned features, const armsha_cpu_core *core,
                          unsigned disabled)
{
    const unsigned kind = core != NULL ? core->kind : 0;

    memset(k, 0, sizeof(*k));
    snprintf(k->core, sizeof(k->core), "%s", core != NULL ? core->name : "unknown");
    /* A class word hides its CPU features: "ce" on a CPU with the SHA instructions chooses
     * what a CPU without them gets (a Raspberry Pi's kernels on any ARMv8 machine). */
    if (disabled & ARMSHA_NO_CE)
        features &= ~(unsigned)(ARMSHA_CPU_SHA1 | ARMSHA_CPU_SHA256 | ARMSHA_CPU_SHA512);
    if (disabled & ARMSHA_NO_NEON)
        features &= ~(unsigned)ARMSHA_CPU_NEON;
    /* The portable functions first, used or not: they are every family's fallback, and a
     * build in which they are wrong is broken. */
    for (size_t i = 0; i < armsha_kernel_count; i++) {
        const armsha_kernel *c = &armsha_kernel_list[i];

        if (c->needs == 0 && !armsha_kernel_selftest(c)) {
            snprintf(k->report, sizeof(k->report), "%s=%s failed its self-test",
                     armsha_family_name(c->family), c->name);
            return 0;
        }
    }
    for (unsigned fam = ARMSHA_SHA1; fam <= ARMSHA_SHA512; fam <<= 1) {
        const armsha_kernel *use = NULL;
        char failed[96] = "";

        for (size_t i = 0; i < armsha_kernel_count && use == NULL; i++) {
            const armsha_kernel *c = &armsha_kernel_list[i];

            if (c->family != fam || (c->needs & ~features) != 0)
                continue;
            if (c->cores != 0 && (c->cores & kind) == 0) /* meant for other cores */
                continue;
            if (c->needs != 0 && (disabled & fam))
                continue;
            if (c->needs == 0 || armsha_kernel_selftest(c)) { /* portable: passed above */
                use = c;
            } else {
                if (failed[0] != '\0')
                    armsha_str_append(failed, sizeof(failed), ", ");
                armsha_str_append(failed, sizeof(failed), c->name);
            }
        }
        if (use == NULL) { /* unreachable: kernel_list.c has a portable kernel per family */
            snprintf(k->report, sizeof(k->report), "%s: no kernel", armsha_family_name(fam));
            return 0;
        }
        const armsha_lane_kernel *lanes = choose_lanes(k, use, features, kind);

        if (fam == ARMSHA_SHA1) {
            k->sha1 = use->fn.sha1;
            k->sha1_x2 = lanes != NULL ? lanes->fn.sha1 : NULL;
        } else if (fam == ARMSHA_SHA256) {
            k->sha256 = use->fn.sha256;
            k->sha256_x2 = lanes != NULL ? lanes->fn.sha256 : NULL;
        } else {
            k->sha512 = use->fn.sha512;
            k->sha512_x2 = lanes != NULL ? lanes->fn.sha512 : NULL;
        }

        if (fam != ARMSHA_SHA1)
            report_add(k, " ");
        report_add(k, armsha_family_name(fam));
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
