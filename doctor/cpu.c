/* What the OS reports about the CPU: Linux's hwcap bits on arm64 and arm32, CPUID on x86.
 * Asked here independently of armsha's own detection, so the two can be compared. */
#include <stdio.h>
#include <string.h>

#include "doctor.h"

#if defined(__linux__) && (defined(__aarch64__) || defined(__arm__))
#include <sys/auxv.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#if defined(__linux__) && (defined(__aarch64__) || defined(__arm__))
/* Names as /proc/cpuinfo prints them (Linux arch/arm64 and arch/arm uapi asm/hwcap.h). */
#if defined(__aarch64__)
static const char *const hwcap_names[32] = {
    "fp", "asimd", "evtstrm", "aes", "pmull", "sha1", "sha2", "crc32",
    "atomics", "fphp", "asimdhp", "cpuid", "asimdrdm", "jscvt", "fcma", "lrcpc",
    "dcpop", "sha3", "sm3", "sm4", "asimddp", "sha512", "sve", "asimdfhm",
    "dit", "uscat", "ilrcpc", "flagm", "ssbs", "sb", "paca", "pacg",
};
static const char *const hwcap2_names[32] = {
    "dcpodp", "sve2", "sveaes", "svepmull", "svebitperm", "svesha3", "svesm4", "flagm2",
    "frint", "svei8mm", "svef32mm", "svef64mm", "svebf16", "i8mm", "bf16", "dgh",
    "rng", "bti", "mte", "ecv", "afp", "rpres", "mte3", "sme",
    "smei16i64", "smef64f64", "smei8i32", "smef16f32", "smeb16f32", "smef32f32", "smefa64", "wfxt",
};
#define BIT_SHA1(h, h2) ((h) & (1ul << 5))
#define BIT_SHA256(h, h2) ((h) & (1ul << 6))
#define BIT_SHA512(h, h2) ((h) & (1ul << 21))
#else
static const char *const hwcap_names[32] = {
    "swp", "half", "thumb", "26bit", "fastmult", "fpa", "vfp", "edsp",
    "java", "iwmmxt", "crunch", "thumbee", "neon", "vfpv3", "vfpv3d16", "tls",
    "vfpv4", "idiva", "idivt", "vfpd32", "lpae", "evtstrm",
};
static const char *const hwcap2_names[32] = {
    "aes", "pmull", "sha1", "sha2", "crc32",
};
#define BIT_SHA1(h, h2) ((h2) & (1ul << 2))
#define BIT_SHA256(h, h2) ((h2) & (1ul << 3))
#define BIT_SHA512(h, h2) 0 /* AArch32 has no SHA-512 instructions */
#endif

static void name_bits(char *dst, size_t size, unsigned long bits, const char *const names[32],
                      const char *prefix)
{
    int i;

    for (i = 0; i < 32; i++) {
        if (!(bits & (1ul << i)))
            continue;
        if (names[i] != NULL)
            armsha_doctor_append(dst, size, "%s%s", dst[0] ? " " : "", names[i]);
        else
            armsha_doctor_append(dst, size, "%s%s-bit%d", dst[0] ? " " : "", prefix, i);
    }
}

static void os_report(doctor_cpu *cpu)
{
    cpu->source = "getauxval(AT_HWCAP, AT_HWCAP2)";
    cpu->has_hwcap = cpu->has_hwcap2 = 1;
    cpu->hwcap = getauxval(AT_HWCAP);
    cpu->hwcap2 = getauxval(AT_HWCAP2);
    name_bits(cpu->features, sizeof(cpu->features), cpu->hwcap, hwcap_names, "hwcap");
    name_bits(cpu->features, sizeof(cpu->features), cpu->hwcap2, hwcap2_names, "hwcap2");
    cpu->sha1 = BIT_SHA1(cpu->hwcap, cpu->hwcap2) != 0;
    cpu->sha256 = BIT_SHA256(cpu->hwcap, cpu->hwcap2) != 0;
    cpu->sha512 = BIT_SHA512(cpu->hwcap, cpu->hwcap2) != 0;
#if defined(__arm__)
    snprintf(cpu->note, sizeof(cpu->note),
             "32-bit ARM: SHA-1/SHA-256 instructions only (AArch32 has none for SHA-512); "
             "NEON %s", (cpu->hwcap & (1ul << 12)) ? "yes" : "no");
#endif
}
#elif defined(__x86_64__) || defined(__i386__)
static void os_report(doctor_cpu *cpu)
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    int sha_ni = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));

    cpu->source = "cpuid";
    cpu->sha1 = cpu->sha256 = cpu->sha512 = 0;
    if (sha_ni)
        armsha_doctor_copy(cpu->features, sizeof(cpu->features), "sha_ni");
    snprintf(cpu->note, sizeof(cpu->note),
             "x86: no ARM SHA instructions here, armsha can only run portable C; the CPU %s "
             "SHA-NI, which OpenSSL's default provider %s",
             sha_ni ? "has" : "lacks", sha_ni ? "uses for SHA-1 and SHA-256" : "would use");
}
#else
static void os_report(doctor_cpu *cpu)
{
    cpu->source = "";
    cpu->sha1 = cpu->sha256 = cpu->sha512 = -1;
    armsha_doctor_copy(cpu->note, sizeof(cpu->note),
                       "armsha-doctor cannot ask this OS about the CPU; armsha's own choice is in its "
                       "kernels line");
}
#endif

void armsha_doctor_cpu(doctor_cpu *cpu)
{
    memset(cpu, 0, sizeof(*cpu));
#if defined(__aarch64__)
    cpu->arch = "aarch64";
#elif defined(__arm__)
    cpu->arch = "arm";
#elif defined(__x86_64__)
    cpu->arch = "x86_64";
#elif defined(__i386__)
    cpu->arch = "x86";
#else
    cpu->arch = "other";
#endif
    os_report(cpu);
}
