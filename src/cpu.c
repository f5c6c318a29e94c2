/* CPU feature detection, the ARMSHA_DISABLE word list, and the choice of kernel per family. */
#include "armsha/cpu.h"

#include <string.h>

#if defined(ARMSHA_ARM_KERNELS)
#include "arm/kernels.h"
armsha_sha1_blocks_fn *const armsha_sha1_blocks_hw = armsha_sha1_blocks_armv8;
armsha_sha256_blocks_fn *const armsha_sha256_blocks_hw = armsha_sha256_blocks_armv8;
armsha_sha512_blocks_fn *const armsha_sha512_blocks_hw = armsha_sha512_blocks_armv8;
#else
armsha_sha1_blocks_fn *const armsha_sha1_blocks_hw = NULL;
armsha_sha256_blocks_fn *const armsha_sha256_blocks_hw = NULL;
armsha_sha512_blocks_fn *const armsha_sha512_blocks_hw = NULL;
#endif

#if defined(ARMSHA_ARM_KERNELS)
#if defined(__linux__) || defined(__ANDROID__) || defined(__FreeBSD__) || defined(__OpenBSD__)
#include <sys/auxv.h>
/* AT_HWCAP bits of arm64, the same on Linux, Android and the BSDs
 * (Linux arch/arm64/include/uapi/asm/hwcap.h, FreeBSD machine/elf.h). */
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
    if (hwcap & HWCAP_BIT_SHA1)
        f |= ARMSHA_SHA1;
    if (hwcap & HWCAP_BIT_SHA2)
        f |= ARMSHA_SHA256;
    if (hwcap & HWCAP_BIT_SHA512)
        f |= ARMSHA_SHA512;
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
    /* Every Apple silicon CPU has SHA-1 and SHA-256; SHA-512 is reported under its
     * FEAT_ name since macOS 12 and under the older armv8_2 name before. */
    unsigned f = ARMSHA_SHA1 | ARMSHA_SHA256;

    if (sysctl_flag("hw.optional.arm.FEAT_SHA512") || sysctl_flag("hw.optional.armv8_2_sha512"))
        f |= ARMSHA_SHA512;
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

    /* The V8 crypto feature covers AES, PMULL, SHA-1 and SHA-256 together. */
    if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE))
        f |= ARMSHA_SHA1 | ARMSHA_SHA256;
    if (IsProcessorFeaturePresent(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE))
        f |= ARMSHA_SHA512;
    return f;
}
#else
/* An OS we cannot ask: the portable code is always correct. */
static unsigned os_features(void)
{
    return 0;
}
#endif
#endif /* ARMSHA_ARM_KERNELS */

unsigned armsha_cpu_features(void)
{
#if defined(ARMSHA_ARM_KERNELS)
    return os_features();
#else
    return 0;
#endif
}

static int ascii_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int word_is(const char *w, size_t n, const char *name)
{
    size_t i;

    for (i = 0; i < n && name[i] != '\0'; i++)
        if (ascii_lower((unsigned char)w[i]) != name[i])
            return 0;
    return i == n && name[i] == '\0';
}

int armsha_parse_disable(const char *list, unsigned *mask, const char **bad, size_t *badlen)
{
    static const struct {
        const char *name;
        unsigned bits;
    } words[] = {
        {"sha1", ARMSHA_SHA1}, {"sha256", ARMSHA_SHA256}, {"sha512", ARMSHA_SHA512},
        {"all", ARMSHA_ALL},   {"none", 0},
    };
    unsigned m = 0;

    *mask = 0;
    while (list != NULL && *list != '\0') {
        const char *end = strchr(list, ',');
        size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
        size_t i;

        while (n > 0 && (*list == ' ' || *list == '\t')) {
            list++;
            n--;
        }
        while (n > 0 && (list[n - 1] == ' ' || list[n - 1] == '\t'))
            n--;
        if (n != 0) {
            for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
                if (word_is(list, n, words[i].name))
                    break;
            if (i == sizeof(words) / sizeof(words[0])) {
                *bad = list;
                *badlen = n;
                return 0;
            }
            m |= words[i].bits;
        }
        if (end == NULL)
            break;
        list = end + 1;
    }
    *mask = m;
    return 1;
}

/* A hardware kernel is used only if it agrees with the portable block function on two
 * blocks of a fixed pattern from a fixed state (a broken build, or a CPU that claims a
 * feature it does not have under an emulator, is caught here). Two blocks, so that the
 * kernel's own loop runs. SHA-1 and SHA-256 block functions have the same type. */
#define SELF_TEST_BYTES (2 * ARMSHA_SHA512_BLOCK_SIZE)

static void self_test_input(uint8_t data[SELF_TEST_BYTES])
{
    for (size_t i = 0; i < SELF_TEST_BYTES; i++)
        data[i] = (uint8_t)(i * 7 + 1);
}

static int kernel32_ok(armsha_sha256_blocks_fn *f, armsha_sha256_blocks_fn *portable, size_t nwords)
{
    uint8_t data[SELF_TEST_BYTES];
    uint32_t a[8], b[8];

    self_test_input(data);
    for (size_t i = 0; i < 8; i++)
        a[i] = b[i] = (uint32_t)(0x01234567u * (i + 1));
    f(a, data, 2);
    portable(b, data, 2);
    return memcmp(a, b, nwords * sizeof(a[0])) == 0;
}

static int kernel64_ok(armsha_sha512_blocks_fn *f)
{
    uint8_t data[SELF_TEST_BYTES];
    uint64_t a[8], b[8];

    self_test_input(data);
    for (size_t i = 0; i < 8; i++)
        a[i] = b[i] = UINT64_C(0x0123456789abcdef) * (i + 1);
    f(a, data, 2);
    armsha_sha512_blocks_portable(b, data, 2);
    return memcmp(a, b, sizeof(a)) == 0;
}

void armsha_kernels_choose(armsha_kernels *k, unsigned features, unsigned disabled)
{
    unsigned use = features & ~disabled;

    k->sha1 = armsha_sha1_blocks_portable;
    k->sha256 = armsha_sha256_blocks_portable;
    k->sha512 = armsha_sha512_blocks_portable;
    k->sha1_name = k->sha256_name = k->sha512_name = ARMSHA_KERNEL_PORTABLE;

    if ((use & ARMSHA_SHA1) && armsha_sha1_blocks_hw != NULL
        && kernel32_ok(armsha_sha1_blocks_hw, armsha_sha1_blocks_portable, 5)) {
        k->sha1 = armsha_sha1_blocks_hw;
        k->sha1_name = ARMSHA_KERNEL_ARMV8_CE;
    }
    if ((use & ARMSHA_SHA256) && armsha_sha256_blocks_hw != NULL
        && kernel32_ok(armsha_sha256_blocks_hw, armsha_sha256_blocks_portable, 8)) {
        k->sha256 = armsha_sha256_blocks_hw;
        k->sha256_name = ARMSHA_KERNEL_ARMV8_CE;
    }
    if ((use & ARMSHA_SHA512) && armsha_sha512_blocks_hw != NULL
        && kernel64_ok(armsha_sha512_blocks_hw)) {
        k->sha512 = armsha_sha512_blocks_hw;
        k->sha512_name = ARMSHA_KERNEL_ARMV8_CE;
    }
}
