/* What the OS says the CPU can do, as ARMSHA_CPU_* bits: one small function per OS method.
 * Only builds with ARM kernels ask; the others have nothing to choose. */
#include "armsha/cpu.h"

#if defined(ARMSHA_ARM64_KERNELS)
#if defined(__linux__) || defined(__ANDROID__) || defined(__FreeBSD__) || defined(__OpenBSD__)
#include <sys/auxv.h>
/* AT_HWCAP bits of arm64, the same on Linux, Android and the BSDs
 * (Linux arch/arm64/include/uapi/asm/hwcap.h, FreeBSD machine/elf.h). */
#define HWCAP_BIT_ASIMD (1ul << 1)
#define HWCAP_BIT_SHA1 (1ul << 5)
#define HWCAP_BIT_SHA2 (1ul << 6)
#define HWCAP_BIT_SHA512 (1ul << 21)

static unsigned os_features(void)
{
    unsigned long hwcap = 0;
    unsigned f = 0;

#if defined(__linux__) || defined(__ANDROID__)
    hwcap = getauxval(AT_HWCAP);
#else
    if (elf_aux_info(AT_HWCAP, &hwcap, sizeof(hwcap)) != 0)
        hwcap = 0;
#endif
    if (hwcap & HWCAP_BIT_ASIMD)
        f |= ARMSHA_CPU_NEON;
    if (hwcap & HWCAP_BIT_SHA1)
        f |= ARMSHA_CPU_SHA1;
    if (hwcap & HWCAP_BIT_SHA2)
        f |= ARMSHA_CPU_SHA256;
    if (hwcap & HWCAP_BIT_SHA512)
        f |= ARMSHA_CPU_SHA512;
    return f;
}
#elif defined(__APPLE__)
#include <sys/sysctl.h>

static int sysctl_flag(const char *name)
{
    int v = 0;
    size_t len = sizeof(v);

    return sysctlbyname(name, &v, &len, NULL, 0) == 0 && v != 0;
}

static unsigned os_features(void)
{
    /* Every Apple silicon CPU has ASIMD, SHA-1 and SHA-256; SHA-512 is reported under
     * its FEAT_ name since macOS 12 and under the older armv8_2 name before. */
    unsigned f = ARMSHA_CPU_NEON | ARMSHA_CPU_SHA1 | ARMSHA_CPU_SHA256;

    if (sysctl_flag("hw.optional.arm.FEAT_SHA512") || sysctl_flag("hw.optional.armv8_2_sha512"))
        f |= ARMSHA_CPU_SHA512;
    return f;
}
#elif defined(_WIN32)
#include <windows.h>
/* Newer SDKs define it; older Windows answers FALSE for feature numbers it does not know. */
#ifndef PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE
#define PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE 65
#endif

static unsigned os_features(void)
{
    unsigned f = 0;

    /* Windows on ARM64 requires ASIMD (PF_ARM_NEON_INSTRUCTIONS_AVAILABLE is always
     * TRUE there); the V8 crypto feature covers AES, PMULL, SHA-1 and SHA-256 together. */
    if (IsProcessorFeaturePresent(PF_ARM_NEON_INSTRUCTIONS_AVAILABLE))
        f |= ARMSHA_CPU_NEON;
    if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE))
        f |= ARMSHA_CPU_SHA1 | ARMSHA_CPU_SHA256;
    if (IsProcessorFeaturePresent(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE))
        f |= ARMSHA_CPU_SHA512;
    return f;
}
#else
/* An OS we cannot ask: the portable code is always correct. */
static unsigned os_features(void)
{
    return 0;
}
#endif
#endif /* ARMSHA_ARM64_KERNELS */

#if defined(ARMSHA_ARM32_KERNELS)
#if defined(__linux__) || defined(__ANDROID__) || defined(__FreeBSD__)
#include <sys/auxv.h>
/* 32-bit ARM: NEON in AT_HWCAP, the AArch32 SHA instructions in AT_HWCAP2, the same
 * bits on Linux, Android and FreeBSD (Linux arch/arm/include/uapi/asm/hwcap.h, FreeBSD
 * arm/include/elf.h). An ARMv8 CPU running 32-bit code reports them too. */
#define HWCAP_BIT_NEON (1ul << 12)
#define HWCAP2_BIT_SHA1 (1ul << 2)
#define HWCAP2_BIT_SHA2 (1ul << 3)
#ifndef AT_HWCAP2
#define AT_HWCAP2 26 /* the same number on Linux and FreeBSD */
#endif

static unsigned os_features(void)
{
    unsigned long hwcap = 0, hwcap2 = 0;
    unsigned f = 0;

#if defined(__linux__) || defined(__ANDROID__)
    hwcap = getauxval(AT_HWCAP);
    hwcap2 = getauxval(AT_HWCAP2);
#else
    if (elf_aux_info(AT_HWCAP, &hwcap, sizeof(hwcap)) != 0)
        hwcap = 0;
    if (elf_aux_info(AT_HWCAP2, &hwcap2, sizeof(hwcap2)) != 0)
        hwcap2 = 0;
#endif
    if (hwcap & HWCAP_BIT_NEON)
        f |= ARMSHA_CPU_NEON;
    if (hwcap2 & HWCAP2_BIT_SHA1)
        f |= ARMSHA_CPU_SHA1;
    if (hwcap2 & HWCAP2_BIT_SHA2)
        f |= ARMSHA_CPU_SHA256;
    return f;
}
#else
/* An OS we cannot ask: the portable code is always correct. */
static unsigned os_features(void)
{
    return 0;
}
#endif
#endif /* ARMSHA_ARM32_KERNELS */

unsigned armsha_cpu_features(void)
{
#if defined(ARMSHA_ARM64_KERNELS)
    /* AArch64 integer code runs wherever this build runs, whatever the OS says. */
    return os_features() | ARMSHA_CPU_A64;
#elif defined(ARMSHA_ARM32_KERNELS)
    /* ARM integer code runs wherever this build runs, whatever the OS says. */
    return os_features() | ARMSHA_CPU_A32;
#else
    return 0;
#endif
}
