/* What armsha-doctor speed measured on: the CPU's name, whether this is qemu user mode, and
 * what OpenSSL's own SHA code runs on here (OPENSSL_armcap / OPENSSL_ia32cap as the user has
 * them: the doctor never sets them). */
#define _DEFAULT_SOURCE /* madvise, MAP_ANONYMOUS */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "speed.h"

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif
#if defined(__linux__) && (defined(__aarch64__) || defined(__arm__))
#include <sys/auxv.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* The value of the first "key : value" line of /proc/cpuinfo whose key is key; "" if none. */
static void cpuinfo_value(const char *key, char *out, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    size_t n = strlen(key);

    out[0] = '\0';
    if (f == NULL)
        return;
    while (fgets(line, sizeof(line), f) != NULL) {
        char *colon = strchr(line, ':');

        if (colon == NULL || strncmp(line, key, n) != 0 || strspn(line + n, " \t") != (size_t)(colon - line - n))
            continue;
        colon++;
        colon += strspn(colon, " \t");
        colon[strcspn(colon, "\n")] = '\0';
        armsha_doctor_copy(out, size, colon);
        break;
    }
    fclose(f);
}

#if defined(__aarch64__) || defined(__arm__)
/* Arm's and a few others' part numbers (the kernel's arch/arm64/include/asm/cputype.h). */
static const char *part_name(unsigned impl, unsigned part)
{
    static const struct {
        unsigned impl, part;
        const char *name;
    } parts[] = {
        {0x41, 0xc07, "Cortex-A7"}, {0x41, 0xc08, "Cortex-A8"}, {0x41, 0xc09, "Cortex-A9"},
        {0x41, 0xc0d, "Cortex-A12"}, {0x41, 0xc0f, "Cortex-A15"}, {0x41, 0xc0e, "Cortex-A17"},
        {0x41, 0xd03, "Cortex-A53"}, {0x41, 0xd04, "Cortex-A35"}, {0x41, 0xd05, "Cortex-A55"},
        {0x41, 0xd07, "Cortex-A57"}, {0x41, 0xd08, "Cortex-A72"}, {0x41, 0xd09, "Cortex-A73"},
        {0x41, 0xd0a, "Cortex-A75"}, {0x41, 0xd0b, "Cortex-A76"}, {0x41, 0xd0c, "Neoverse N1"},
        {0x41, 0xd0d, "Cortex-A77"}, {0x41, 0xd40, "Neoverse V1"}, {0x41, 0xd41, "Cortex-A78"},
        {0x41, 0xd44, "Cortex-X1"}, {0x41, 0xd46, "Cortex-A510"}, {0x41, 0xd47, "Cortex-A710"},
        {0x41, 0xd48, "Cortex-X2"}, {0x41, 0xd49, "Neoverse N2"}, {0x41, 0xd4f, "Neoverse V2"},
        {0x41, 0xd80, "Cortex-A520"}, {0x41, 0xd81, "Cortex-A720"}, {0x41, 0xd82, "Cortex-X4"},
        {0x43, 0x0af, "ThunderX2"}, {0x46, 0x001, "A64FX"}, {0xc0, 0xac3, "AmpereOne"},
        {0x61, 0x022, "Apple M1 Icestorm"}, {0x61, 0x023, "Apple M1 Firestorm"},
    };
    size_t i;

    for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
        if (parts[i].impl == impl && parts[i].part == part)
            return parts[i].name;
    return NULL;
}

static void name_midr(speed_host *h, unsigned long midr, const char *from)
{
    unsigned impl = (midr >> 24) & 0xff, part = (midr >> 4) & 0xfff;
    const char *name = part_name(impl, part);

    h->cpu_from = from;
    if (name != NULL)
        snprintf(h->cpu, sizeof(h->cpu), "%s r%lup%lu (MIDR 0x%08lx)", name, (midr >> 20) & 0xf,
                 midr & 0xf, midr);
    else
        snprintf(h->cpu, sizeof(h->cpu), "implementer 0x%02x part 0x%03x r%lup%lu (MIDR 0x%08lx)",
                 impl, part, (midr >> 20) & 0xf, midr & 0xf, midr);
}

static void cpu_name(speed_host *h)
{
    char impl[32], var[32], part[32], rev[32];

#if defined(__aarch64__) && defined(__linux__)
    /* Linux emulates EL0 reads of MIDR_EL1 where it says HWCAP_CPUID (and qemu does as its
     * model): the core this thread runs on. */
    if (getauxval(AT_HWCAP) & (1ul << 11)) {
        unsigned long midr;

        __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
        name_midr(h, midr, "MIDR_EL1");
        return;
    }
#endif
    cpuinfo_value("CPU implementer", impl, sizeof(impl));
    cpuinfo_value("CPU variant", var, sizeof(var));
    cpuinfo_value("CPU part", part, sizeof(part));
    cpuinfo_value("CPU revision", rev, sizeof(rev));
    if (impl[0] && part[0]) {
        unsigned long midr = (strtoul(impl, NULL, 0) << 24) | (strtoul(var, NULL, 0) << 20)
                             | (0xful << 16) | (strtoul(part, NULL, 0) << 4)
                             | (strtoul(rev, NULL, 0) & 0xf);

        name_midr(h, midr, "/proc/cpuinfo");
        return;
    }
    /* Not an ARM kernel's cpuinfo (qemu user mode shows the host's): its model name. */
    cpuinfo_value("model name", h->cpu, sizeof(h->cpu));
    h->cpu_from = h->cpu[0] ? "/proc/cpuinfo (not an ARM kernel's)" : "";
}
#elif defined(__x86_64__) || defined(__i386__)
static void cpu_name(speed_host *h)
{
    unsigned regs[12], i;

    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
        for (i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2],
                        &regs[4 * i + 3]);
        memcpy(h->cpu, regs, sizeof(regs));
        h->cpu[sizeof(regs)] = '\0';
        while (h->cpu[0] == ' ')
            memmove(h->cpu, h->cpu + 1, strlen(h->cpu));
        h->cpu_from = "cpuid";
        return;
    }
    cpuinfo_value("model name", h->cpu, sizeof(h->cpu));
    h->cpu_from = h->cpu[0] ? "/proc/cpuinfo" : "";
}
#else
static void cpu_name(speed_host *h)
{
    cpuinfo_value("model name", h->cpu, sizeof(h->cpu));
    h->cpu_from = h->cpu[0] ? "/proc/cpuinfo" : "";
}
#endif

/* qemu user mode, told by two things it does not emulate the way Linux behaves:
 * - /proc/cpuinfo is passed through from the host up to qemu 8.1 (8.2 made one up for ARM):
 *   a program built for ARM that reads an x86 kernel's cpuinfo (vendor_id, "flags" lines),
 *   or one built for x86 that reads an ARM kernel's ("CPU implementer"), is not on that CPU.
 * - madvise with an advice value Linux does not know: Linux fails with EINVAL
 *   (madvise_behavior_valid), qemu's target_madvise passes only MADV_DONTNEED through and
 *   returns 0 for anything else, in every version to date.
 * (/proc/self/auxv is qemu's own, built from its CPU model, and agrees with AT_HWCAP, so it
 * does not tell; neither does AT_PLATFORM.) */
static void emulation(speed_host *h)
{
#if defined(__linux__)
    char v[64];
    long page = sysconf(_SC_PAGESIZE);
    void *p;

#if defined(__aarch64__) || defined(__arm__)
    cpuinfo_value("vendor_id", v, sizeof(v));
    if (v[0] != '\0') {
        h->emulated = 1;
        armsha_doctor_append(h->emulated_how, sizeof(h->emulated_how),
                             "%s/proc/cpuinfo is an x86 kernel's (vendor_id %s)",
                             h->emulated_how[0] ? "; " : "", v);
    }
#elif defined(__x86_64__) || defined(__i386__)
    cpuinfo_value("CPU implementer", v, sizeof(v));
    if (v[0] != '\0') {
        h->emulated = 1;
        armsha_doctor_append(h->emulated_how, sizeof(h->emulated_how),
                             "%s/proc/cpuinfo is an ARM kernel's", h->emulated_how[0] ? "; " : "");
    }
#endif
    p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
        errno = 0;
        if (madvise(p, (size_t)page, 0x7ead) == 0) {
            h->emulated = 1;
            armsha_doctor_append(h->emulated_how, sizeof(h->emulated_how),
                                 "%smadvise accepts an advice Linux refuses (qemu's target_madvise)",
                                 h->emulated_how[0] ? "; " : "");
        }
        munmap(p, (size_t)page);
    }
#else
    (void)h;
#endif
}

/* What the capability vector OpenSSL read says its SHA code runs on. */
static void default_code(speed_host *h)
{
    const char *eq = strchr(h->caps, '=');

    if (h->caps[0] == '\0') {
        armsha_doctor_copy(h->default_code, sizeof(h->default_code),
                           "OpenSSL reports no CPU capabilities: a build without assembly, its C code");
        return;
    }
#if defined(__aarch64__) || defined(__arm__)
    {
        unsigned long cap = eq != NULL ? strtoul(eq + 1, NULL, 0) : 0;
        int neon = (cap & 1) != 0;

        snprintf(h->default_code, sizeof(h->default_code),
                 "OpenSSL's assembly: SHA-1 %s, SHA-256 %s, SHA-512 %s",
                 (cap & (1ul << 3)) ? "on SHA instructions" : neon ? "NEON" : "integer",
                 (cap & (1ul << 4)) ? "on SHA instructions" : neon ? "NEON" : "integer",
#if defined(__aarch64__)
                 (cap & (1ul << 6)) ? "on SHA-512 instructions" : "integer"
#else
                 neon ? "NEON" : "integer"
#endif
                 );
    }
#elif defined(__x86_64__) || defined(__i386__)
    {
        /* "0xA:0xB": A is CPUID.1 EDX:ECX, B CPUID.7 EBX (low half) and ECX. */
        const char *colon = strchr(h->caps, ':');
        unsigned long long b = colon != NULL ? strtoull(colon + 1, NULL, 0) : 0;
        unsigned long long a = eq != NULL ? strtoull(eq + 1, NULL, 0) : 0;
        int sha_ni = (b & (1ull << 29)) != 0, ssse3 = (a & (1ull << 41)) != 0;

        snprintf(h->default_code, sizeof(h->default_code),
                 "OpenSSL's assembly: SHA-1 and SHA-256 %s, SHA-512 %s",
                 sha_ni ? "on SHA-NI" : ssse3 ? "SSSE3/AVX" : "integer",
                 (b & (1ull << 5)) ? "AVX2" : "SSSE3/AVX or integer");
    }
#else
    (void)eq;
    armsha_doctor_copy(h->default_code, sizeof(h->default_code), "OpenSSL's own code");
#endif
}

void armsha_speed_host(speed_host *h)
{
    const char *caps = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);

    memset(h, 0, sizeof(*h));
    h->cpu_from = "";
    cpu_name(h);
    emulation(h);
    armsha_doctor_copy(h->caps, sizeof(h->caps), caps);
#if defined(__aarch64__) || defined(__arm__)
    h->caps_env_name = "OPENSSL_armcap";
#elif defined(__x86_64__) || defined(__i386__)
    h->caps_env_name = "OPENSSL_ia32cap";
#endif
    h->caps_env = h->caps_env_name != NULL ? getenv(h->caps_env_name) : NULL;
    default_code(h);
}
