/* Issue 22's native target for the portable C: a PBKDF2 derivation of two blocks (keylen =
 * 2 x hLen) against one of one block with the same iterations, through the core's
 * armsha_pbkdf2_hmac on the portable kernels, with each two-lane form (bench/lanes_x2.h) and
 * without one (the blocks one after the other, what the module does). Every row is timed in
 * each run, in thread CPU time, median of REPS; every form's key is first checked against
 * the one-lane derivation's. Also: the core clock (a chain of dependent adds, one a cycle),
 * so that times become cycles, and on x86-64 the instructions a cycle this core gives a long
 * straight-line mix of independent integer operations, in each run (what is left of the
 * core's width when another program shares it varies from run to run).
 * Usage: armsha-bench-lanes-native [ITER [REPS]]        markdown (bench/lanes-native.sh)
 *        armsha-bench-lanes-native --count FAMILY FORM BLOCKS ITER
 *            one derivation and nothing else, for instructions counted under qemu
 *            (FAMILY sha1|sha256|sha512, FORM one|interleaved|vector, BLOCKS 1|2). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "armsha/digests.h"
#include "armsha/pbkdf2.h"
#include "lanes_x2.h"
#include "thread_time.h"

#define MAX_REPS 101

enum { ONE, INTERLEAVED, VECTOR, NFORMS };
static const char *const form_names[NFORMS] = {"one", "interleaved", "vector"};
static const char *const form_rows[NFORMS] = {
    "one lane, the blocks in turn", "two lanes, scalar, interleaved", "two lanes, vector"};

typedef struct family {
    const char *name, *arg;
    unsigned md;
    size_t hlen;
    armsha_blocks blocks;
    armsha_x2 x2[NFORMS]; /* x2[ONE] is NULL: the blocks one after the other */
} family;

static family families[3];

static void init_families(void)
{
    families[0] = (family){"SHA-1", "sha1", ARMSHA_DIGEST_SHA1, 20,
                           {.sha1 = armsha_sha1_blocks_portable},
                           {{NULL}, {.sha1 = armsha_sha1_x2_portable}, {NULL}}};
    families[1] = (family){"SHA-256", "sha256", ARMSHA_DIGEST_SHA256, 32,
                           {.sha256 = armsha_sha256_blocks_portable},
                           {{NULL}, {.sha256 = armsha_sha256_x2_portable}, {NULL}}};
    families[2] = (family){"SHA-512", "sha512", ARMSHA_DIGEST_SHA512, 64,
                           {.sha512 = armsha_sha512_blocks_portable},
                           {{NULL}, {.sha512 = armsha_sha512_x2_portable}, {NULL}}};
#if defined(ARMSHA_BENCH_VECTOR_X2)
    families[0].x2[VECTOR].sha1 = armsha_sha1_x2_vector;
    families[1].x2[VECTOR].sha256 = armsha_sha256_x2_vector;
    families[2].x2[VECTOR].sha512 = armsha_sha512_x2_vector;
#endif
}

static int have_form(const family *f, int form)
{
    return form == ONE || f->x2[form].sha1 != NULL;
}

static void derive(const family *f, int form, size_t nblocks, uint64_t iter, uint8_t *out)
{
    static const uint8_t pass[] = "password", salt[] = "saltSALTsaltSALT";

    if (!armsha_pbkdf2_hmac(f->md, f->blocks, f->x2[form], pass, 8, salt, 16, iter, out,
                            nblocks * f->hlen)) {
        fprintf(stderr, "lanes-native: %s PBKDF2 refused\n", f->name);
        exit(1);
    }
}

static double time_derive(const family *f, int form, size_t nblocks, uint64_t iter)
{
    uint8_t out[2 * 64];
    double t0 = bench_now();

    derive(f, form, nblocks, iter, out);
    return bench_now() - t0;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))
#if defined(__x86_64__)
#define ADD8 "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\t" \
    "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0"
#else
#define ADD8 "add %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\t" \
    "add %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1"
#endif

/* Seconds a cycle: N dependent adds take N cycles on every core this runs on; the fastest
 * of 11 runs, the one no other program interrupted. */
static double cycle_seconds(void)
{
    double best = 1e9;

    for (int r = 0; r < 11; r++) {
        unsigned long x = 0;
        double t0 = bench_now();

        for (long i = 0; i < 1000000; i++)
            __asm__ __volatile__(ADD8 : "+r"(x));
        double t = (bench_now() - t0) / 8e6;
        if (t < best)
            best = t;
    }
    return best;
}
#else
static double cycle_seconds(void)
{
    return 0;
}
#endif

#if defined(__GNUC__) && defined(__x86_64__)
/* 32 instructions: add, ror, xor, and on each of 8 registers, 8 independent chains;
 * repeated 128 times by the assembler (.rept) into a straight-line body of 4096, about
 * the size of a SHA-256 block's code. */
#define MIX(op) op " $1,%%eax\n\t" op " $1,%%ebx\n\t" op " $1,%%ecx\n\t" op " $1,%%edx\n\t" \
    op " $1,%%esi\n\t" op " $1,%%edi\n\t" op " $1,%%r8d\n\t" op " $1,%%r9d\n\t"
#define MIX4096 ".rept 128\n\t" MIX("add") MIX("ror") MIX("xor") MIX("and") ".endr"

/* The same with SSE2's paddd, psrld, pxor, pand on 8 xmm registers (xmm15 the operand). */
#define VMIX(op) op "%%xmm0\n\t" op "%%xmm1\n\t" op "%%xmm2\n\t" op "%%xmm3\n\t" \
    op "%%xmm4\n\t" op "%%xmm5\n\t" op "%%xmm6\n\t" op "%%xmm7\n\t"
#define VMIX4096 ".rept 128\n\t" VMIX("paddd %%xmm15,") VMIX("psrld $1,") \
    VMIX("pxor %%xmm15,") VMIX("pand %%xmm15,") ".endr"

/* SHA's mix: per register a move (which the renamer eliminates), an add, a rotate and an
 * xor from memory, 8 independent chains. */
#define SMIX(r) "mov " r ",%%r10d\n\tadd $1," r "\n\tror $7," r "\n\txor 8(%%rsp)," r "\n\t"
#define SMIX4096 ".rept 128\n\t" SMIX("%%eax") SMIX("%%ebx") SMIX("%%ecx") SMIX("%%edx") \
    SMIX("%%esi") SMIX("%%edi") SMIX("%%r8d") SMIX("%%r9d") ".endr"

/* Instructions a cycle on that body (kind 1: the vector one, 2: SHA's mix), the best of 3 runs of 1M
 * instructions. */
static double peak_ipc(double cyc, int kind)
{
    double best = 1e9;

    for (int r = 0; r < 3; r++) {
        double t0 = bench_now();

        if (kind == 2)
            for (int i = 0; i < 256; i++)
                __asm__ __volatile__(SMIX4096 ::: "eax", "ebx", "ecx", "edx", "esi", "edi", "r8",
                                     "r9", "r10", "cc");
        else if (kind == 1)
            for (int i = 0; i < 256; i++)
                __asm__ __volatile__(VMIX4096 ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                                     "xmm6", "xmm7");
        else
            for (int i = 0; i < 256; i++)
                __asm__ __volatile__(MIX4096 ::: "eax", "ebx", "ecx", "edx", "esi", "edi", "r8",
                                     "r9", "cc");
        double t = bench_now() - t0;
        if (t < best)
            best = t;
    }
    return 4096.0 * 256 / (best / cyc);
}
#define HAVE_PEAK_IPC 1
#endif

static int count_mode(char **argv)
{
    int fam = -1, form = -1;
    const unsigned long nblocks = strtoul(argv[4], NULL, 0);
    const uint64_t iter = strtoull(argv[5], NULL, 0);
    uint8_t out[2 * 64];

    for (int i = 0; i < 3; i++)
        if (strcmp(argv[2], families[i].arg) == 0)
            fam = i;
    for (int i = 0; i < NFORMS; i++)
        if (strcmp(argv[3], form_names[i]) == 0)
            form = i;
    if (fam < 0 || form < 0 || !have_form(&families[fam], form) || nblocks < 1 || nblocks > 2
        || iter < 1) {
        fprintf(stderr, "lanes-native: bad --count arguments\n");
        return 2;
    }
    derive(&families[fam], form, nblocks, iter, out);
    return 0;
}

static struct {
    double one[MAX_REPS], two[NFORMS][MAX_REPS];
} times[3];

int main(int argc, char **argv)
{
    init_families();
    if (argc == 6 && strcmp(argv[1], "--count") == 0)
        return count_mode(argv);

    const uint64_t iter = argc > 1 ? strtoull(argv[1], NULL, 0) : 4000;
    const int reps = argc > 2 ? atoi(argv[2]) : 21;
#if defined(HAVE_PEAK_IPC)
    double peak[MAX_REPS], vpeak[MAX_REPS], speak[MAX_REPS];
#endif

    if (iter < 1 || reps < 1 || reps > MAX_REPS) {
        fprintf(stderr, "usage: %s [ITER [REPS 1..%d]]\n", argv[0], MAX_REPS);
        return 2;
    }
    for (int m = 0; m < 3; m++) {
        const family *f = &families[m];
        uint8_t ref[2 * 64], out[2 * 64];

        derive(f, ONE, 2, 3, ref);
        for (int form = 1; form < NFORMS; form++)
            if (have_form(f, form)) {
                derive(f, form, 2, 3, out);
                if (memcmp(out, ref, 2 * f->hlen) != 0) {
                    fprintf(stderr, "lanes-native: %s %s gives another key\n", f->name,
                            form_names[form]);
                    return 1;
                }
            }
    }
    const double cyc = cycle_seconds();
    /* Every row in each run, so that all see the same share of the core. */
    for (int r = 0; r < reps; r++) {
#if defined(HAVE_PEAK_IPC)
        peak[r] = peak_ipc(cyc, 0);
        vpeak[r] = peak_ipc(cyc, 1);
        speak[r] = peak_ipc(cyc, 2);
#endif
        for (int m = 0; m < 3; m++) {
            times[m].one[r] = time_derive(&families[m], ONE, 1, iter);
            for (int form = 0; form < NFORMS; form++)
                if (have_form(&families[m], form))
                    times[m].two[form][r] = time_derive(&families[m], form, 2, iter);
        }
    }
    if (cyc > 0)
        printf("- core clock from a chain of dependent adds: %.2f GHz\n", 1e-9 / cyc);
#if defined(HAVE_PEAK_IPC)
    printf("- instructions a cycle on 8 independent chains, a straight-line body of 4096 "
           "instructions, in each run: median %.2f (integer add/ror/xor/and), %.2f (SSE2 "
           "paddd/psrld/pxor/pand), %.2f (SHA's mix: mov, add, ror, xor from memory)\n",
           bench_median(peak, reps), bench_median(vpeak, reps), bench_median(speak, reps));
#endif
    printf("- PBKDF2 on the portable kernels, %llu iterations, median of %d runs (thread CPU "
           "time), every row in each run\n\n",
           (unsigned long long)iter, reps);
    printf("| PBKDF2-HMAC | blocks | form | ms | cycles an iteration | / 1 block |\n");
    printf("|---|---:|---|---:|---:|---:|\n");
    for (int m = 0; m < 3; m++) {
        const family *f = &families[m];
        const double m1 = bench_median(times[m].one, reps);

        printf("| %s | 1 | one lane | %.3f | %.0f | 1 |\n", f->name, m1 * 1e3,
               cyc > 0 ? m1 / (double)iter / cyc : 0.0);
        for (int form = 0; form < NFORMS; form++)
            if (have_form(f, form)) {
                const double m2 = bench_median(times[m].two[form], reps);

                printf("| %s | 2 | %s | %.3f | %.0f | **%.2f** |\n", f->name, form_rows[form],
                       m2 * 1e3, cyc > 0 ? m2 / (double)iter / cyc : 0.0, m2 / m1);
            }
    }
    return 0;
}
