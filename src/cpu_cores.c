/* Which cores the process runs on (MIDR_EL1), for the choices the CPU features cannot make:
 * a kernel that both kinds of core run but only one runs faster, and PBKDF2's lane count
 * (src/kernel_list.c, the `cores` and `two_lane_on` of its entries). */
#include "armsha/cpu.h"

#include <stdio.h>
#include <string.h>

#include "str_append.h"

/* MIDR_EL1: implementer [31:24], variant [23:20], architecture [19:16], part [15:4],
 * revision [3:0]. Only implementer and part say which core it is. */
#define MIDR_IMPLEMENTER(m) (((m) >> 24) & 0xffu)
#define MIDR_PART(m) (((m) >> 4) & 0xfffu)

/* The most cores read; beyond them the rest count as what was read. */
#define MAX_CORES 256

/* The cores a measurement in bench/RESULTS.md speaks for, through the llvm-mca model LLVM
 * gives them (llvm-mca-16 and -14 alike); any other core is unknown. Part numbers: Arm's
 * technical reference manuals (the same as Linux's arch/arm64/include/asm/cputype.h). */
static const struct {
    unsigned implementer, part;
    const char *name;
    unsigned kind;
} known[] = { /* at most 32 entries (a bit each in armsha_core_from_midr) */
    {0x41, 0xd03, "cortex-a53", ARMSHA_CORE_A53},  {0x41, 0xd04, "cortex-a35", ARMSHA_CORE_A53},
    {0x41, 0xd05, "cortex-a55", ARMSHA_CORE_A55},  {0x41, 0xd07, "cortex-a57", ARMSHA_CORE_A57},
    {0x41, 0xd08, "cortex-a72", ARMSHA_CORE_A57},  {0x41, 0xd09, "cortex-a73", ARMSHA_CORE_A57},
    {0x41, 0xd0a, "cortex-a75", ARMSHA_CORE_A57},  {0x41, 0xd0b, "cortex-a76", ARMSHA_CORE_A57},
    {0x41, 0xd0c, "neoverse-n1", ARMSHA_CORE_A57}, {0x41, 0xd0d, "cortex-a77", ARMSHA_CORE_A57},
    {0x41, 0xd0e, "cortex-a76ae", ARMSHA_CORE_A57}, {0x41, 0xd41, "cortex-a78", ARMSHA_CORE_A57},
    {0x41, 0xd44, "cortex-x1", ARMSHA_CORE_A57},
    /* Qualcomm's Kryo 3xx and 4xx are Arm's cores under Qualcomm's part numbers (Gold:
     * A75, A76; Silver: A55). Kryo 2xx's 0x800 is also Falkor V1's: left unknown. */
    {0x51, 0x802, "kryo-3xx-gold", ARMSHA_CORE_A57}, {0x51, 0x803, "kryo-3xx-silver", ARMSHA_CORE_A55},
    {0x51, 0x804, "kryo-4xx-gold", ARMSHA_CORE_A57}, {0x51, 0x805, "kryo-4xx-silver", ARMSHA_CORE_A55},
    /* Qualcomm Falkor (Centriq 2400): LLVM's own model of it puts sha512=neon at 882 cycles a
     * block against a64's 1061, as the A57 model does (bench/RESULTS.md). */
    {0x51, 0xc00, "falkor", ARMSHA_CORE_A57},
};

/* Several kinds of core (big.LITTLE, DynamIQ: a Cortex-A55 cluster beside A76 ones): the
 * process migrates between them, so one choice serves all. It is made for the biggest kind
 * present: the work where the choice matters (a long hash, PBKDF2's thousands of
 * iterations) keeps a core busy, and Linux's scheduler moves a busy thread to the big cores
 * within milliseconds; a little core runs the big core's choice only for short calls. A
 * core that is not known may be bigger than the known ones: then the whole system is
 * unknown, the choice made before cores were told apart.
 * The kind bits are numbered from the smallest core up (include/armsha/cpu.h): the in-order
 * A53, then the in-order A55 that succeeded it as the little core of DynamIQ systems, then
 * the out-of-order big cores. So the biggest kind is the one of highest value. */
_Static_assert(ARMSHA_CORE_A53 < ARMSHA_CORE_A55 && ARMSHA_CORE_A55 < ARMSHA_CORE_A57,
               "the ARMSHA_CORE_* bits rank the kinds by size");

static int find(uint32_t midr)
{
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
        if (known[i].implementer == MIDR_IMPLEMENTER(midr) && known[i].part == MIDR_PART(midr))
            return (int)i;
    return -1;
}

void armsha_core_from_midr(armsha_cpu_core *c, const uint32_t *midr, size_t n)
{
    unsigned long named = 0; /* bit i: known[i] is in the name already */
    unsigned kinds = 0;
    int best = -1;

    memset(c, 0, sizeof(*c));
    snprintf(c->name, sizeof(c->name), "unknown");
    for (size_t i = 0; i < n; i++)
        if (find(midr[i]) < 0) {
            snprintf(c->name, sizeof(c->name), "unknown (midr 0x%08lx)", (unsigned long)midr[i]);
            return;
        }
    if (n == 0)
        return;
    /* The names of the different cores in order of first appearance, "+" between them. */
    c->name[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        int k = find(midr[i]);

        if (named & (1ul << k))
            continue;
        named |= 1ul << k;
        kinds |= known[k].kind;
        if (c->name[0] != '\0')
            armsha_str_append(c->name, sizeof(c->name), "+");
        armsha_str_append(c->name, sizeof(c->name), known[k].name);
        if (best < 0 || known[k].kind > known[best].kind) /* a bigger kind (above) */
            best = k;
    }
    c->kind = known[best].kind;
    if ((kinds & (kinds - 1)) != 0) { /* more than one kind */
        armsha_str_append(c->name, sizeof(c->name), " (for ");
        armsha_str_append(c->name, sizeof(c->name), known[best].name);
        armsha_str_append(c->name, sizeof(c->name), ")");
    }
}

#if defined(__linux__) && (defined(ARMSHA_ARM64_KERNELS) || defined(ARMSHA_ARM32_KERNELS))
#include <unistd.h>
#if defined(ARMSHA_ARM64_KERNELS)
#include <sys/auxv.h>
#define HWCAP_BIT_CPUID (1ul << 11) /* MRS of the ID registers at EL0, emulated by the kernel */
#endif

/* Linux (4.11 and later) lists each online core's MIDR_EL1 in sysfs, also to a 32-bit
 * process on a 64-bit kernel, and whichever core the process runs on. */
static size_t sysfs_midrs(uint32_t *midr, size_t max)
{
    size_t n = 0;

    for (unsigned cpu = 0; n < max; cpu++) {
        char path[96];
        unsigned long long v;
        FILE *f;

        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u", cpu);
        if (access(path, F_OK) != 0)
            break;
        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/regs/identification/midr_el1", cpu);
        f = fopen(path, "r");
        if (f == NULL)
            continue; /* offline, or an older kernel: not counted */
        if (fscanf(f, "%llx", &v) == 1)
            midr[n++] = (uint32_t)v;
        fclose(f);
    }
    return n;
}

static size_t os_midrs(uint32_t *midr, size_t max)
{
    size_t n = sysfs_midrs(midr, max);

#if defined(ARMSHA_ARM64_KERNELS)
    /* No sysfs (a container without /sys, qemu user mode): the core this runs on, read
     * through the kernel's emulation of MRS at EL0 (Linux 4.11+, HWCAP_CPUID; qemu user
     * mode gives its -cpu model's MIDR). Without the bit the MRS would trap: not tried. */
    if (n == 0 && (getauxval(AT_HWCAP) & HWCAP_BIT_CPUID)) {
        uint64_t v;

        __asm__ __volatile__("mrs %0, midr_el1" : "=r"(v));
        midr[n++] = (uint32_t)v;
    }
#endif
    return n;
}
#else
/* Other systems (and builds without ARM kernels, where nothing depends on the core):
 * unknown. macOS, Windows and the BSDs have ways to name the core, but no kernel choice
 * here is measured for their cores. */
static size_t os_midrs(uint32_t *midr, size_t max)
{
    (void)midr;
    (void)max;
    return 0;
}
#endif

void armsha_core_identify(armsha_cpu_core *c)
{
    uint32_t midr[MAX_CORES];

    armsha_core_from_midr(c, midr, os_midrs(midr, MAX_CORES));
}
