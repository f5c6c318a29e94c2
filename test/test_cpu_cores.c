/* The choice per core: MIDR_EL1 values of real cores to a kind and name
 * (armsha_core_from_midr), and, on an aarch64 or 32-bit ARM build, the kernels and lanes
 * armsha_kernels_choose gives each kind. The expected values are written out here from
 * the measurements (bench/RESULTS.md), not taken from the kernel list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armsha/cpu.h"
#include "helper.h"

/* MIDR_EL1 as the boards' kernels report them (Arm TRMs: implementer 0x41, the part, and
 * each board's variant and revision) and as qemu-aarch64 7.2's models give them, with the
 * kind and name each set must give. */
static const struct {
    const char *what;
    uint32_t midr[8]; /* the cores, up to the first 0 (no core reads MIDR 0) */
    unsigned kind;
    const char *name;
} cases[] = {
    {"Raspberry Pi 3 (A53 r0p4)", {0x410fd034, 0x410fd034, 0x410fd034, 0x410fd034},
     ARMSHA_CORE_A53, "cortex-a53"},
    {"Raspberry Pi 4 (A72 r0p3)", {0x410fd083, 0x410fd083, 0x410fd083, 0x410fd083},
     ARMSHA_CORE_A57, "cortex-a72"},
    {"Cortex-A55 r2p0 (RK3566)", {0x412fd050}, ARMSHA_CORE_A55, "cortex-a55"},
    {"Cortex-A35 r0p1", {0x410fd041}, ARMSHA_CORE_A53, "cortex-a35"},
    {"Neoverse N1 r3p1 (Graviton2)", {0x413fd0c1, 0x413fd0c1}, ARMSHA_CORE_A57, "neoverse-n1"},
    {"qemu -cpu cortex-a57", {0x411fd070}, ARMSHA_CORE_A57, "cortex-a57"},
    {"qemu -cpu cortex-a76", {0x414fd0b1}, ARMSHA_CORE_A57, "cortex-a76"},
    {"Cortex-X1 r1p0", {0x411fd440}, ARMSHA_CORE_A57, "cortex-x1"},
    /* RK3588: four A55 and four A76; RK3399: four A53 and two A72. */
    {"RK3588 (A55 + A76)",
     {0x412fd050, 0x412fd050, 0x412fd050, 0x412fd050, 0x414fd0b0, 0x414fd0b0, 0x414fd0b0, 0x414fd0b0},
     ARMSHA_CORE_A57, "cortex-a55+cortex-a76 (for cortex-a76)"},
    {"RK3399 (A53 + A72)", {0x410fd034, 0x410fd034, 0x410fd034, 0x410fd034, 0x410fd082, 0x410fd082},
     ARMSHA_CORE_A57, "cortex-a53+cortex-a72 (for cortex-a72)"},
    {"qemu -cpu max", {0x000f0510}, 0, "unknown (midr 0x000f0510)"},
    {"Fujitsu A64FX", {0x461f0010}, 0, "unknown (midr 0x461f0010)"},
    /* Snapdragon 845: Kryo 385 Silver (an A55) and Gold (an A75) under Qualcomm's parts
     * 0x803 and 0x802; Snapdragon 835: Kryo 280 (part 0x800, also Falkor V1's): unknown. */
    {"Snapdragon 845", {0x517f803c, 0x517f803c, 0x516f802d}, ARMSHA_CORE_A57,
     "kryo-3xx-silver+kryo-3xx-gold (for kryo-3xx-gold)"},
    {"Snapdragon 835", {0x51af8014, 0x51af8001}, 0, "unknown (midr 0x51af8014)"},
    {"Cavium ThunderX2", {0x431f0af1}, 0, "unknown (midr 0x431f0af1)"},
    /* A core known and one not: unknown as a whole. */
    {"A53 beside an unknown core", {0x410fd034, 0x51af8001}, 0, "unknown (midr 0x51af8001)"},
    {"no MIDR", {0}, 0, "unknown"},
};

static void test_midr(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        armsha_cpu_core c;
        size_t n = 0;

        while (n < sizeof(cases[i].midr) / sizeof(cases[i].midr[0]) && cases[i].midr[n] != 0)
            n++;
        /* "no MIDR" as the OS gives it: no array at all. */
        armsha_core_from_midr(&c, n != 0 ? cases[i].midr : NULL, n);
        CHECK(c.kind == cases[i].kind && strcmp(c.name, cases[i].name) == 0,
              "%s: kind %#x \"%s\", expected %#x \"%s\"", cases[i].what, c.kind, c.name,
              cases[i].kind, cases[i].name);
    }
}

#if defined(ARMSHA_TEST_ARM64) || defined(ARMSHA_TEST_ARM32)
/* The kernels line and lanes armsha_kernels_choose gives a core of this kind, with these
 * features (all of which the CPU running the test has: the self-tests run the kernels). */
static void expect_choice(const char *what, unsigned features, const uint32_t *midr,
                          const char *kernels, const char *lanes)
{
    armsha_cpu_core c;
    armsha_kernels k;

    armsha_core_from_midr(&c, midr, 1);
    if ((features & ~armsha_cpu_features()) != 0) {
        printf("SKIPPED: %s: this CPU lacks features the case needs\n", what);
        return;
    }
    CHECK(armsha_kernels_choose(&k, features, &c, 0), "%s: armsha_kernels_choose failed", what);
    CHECK(strcmp(k.report, kernels) == 0, "%s: kernels \"%s\", expected \"%s\"", what, k.report,
          kernels);
    CHECK(strcmp(k.lanes, lanes) == 0, "%s: lanes \"%s\", expected \"%s\"", what, k.lanes, lanes);
    CHECK(strcmp(k.core, c.name) == 0, "%s: core \"%s\", expected \"%s\"", what, k.core, c.name);
}
#endif

#if defined(ARMSHA_TEST_ARM64)
static void test_choice(void)
{
    static const uint32_t a53 = 0x410fd034, a55 = 0x412fd050, a72 = 0x410fd083, n1 = 0x413fd0c1,
                          qmax = 0x000f0510;
    const unsigned nosha = ARMSHA_CPU_NEON | ARMSHA_CPU_A64;
    const unsigned ce = nosha | ARMSHA_CPU_SHA1 | ARMSHA_CPU_SHA256;
    armsha_kernels k;

    /* Without the SHA instructions (Raspberry Pi 3 and 4): SHA-512's ASIMD schedule on the
     * out-of-order cores, the integer a64 on the in-order and unknown ones. */
    expect_choice("A72, no SHA", nosha, &a72, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("N1, no SHA", nosha, &n1, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("A53, no SHA", nosha, &a53, "sha1=neon sha256=neon sha512=a64",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("A55, no SHA", nosha, &a55, "sha1=neon sha256=neon sha512=a64",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("unknown, no SHA", nosha, &qmax, "sha1=neon sha256=neon sha512=a64",
                  "sha1=1 sha256=1 sha512=1");
    /* With SHA-1/SHA-256 and without SHA-512 (A55, A72, N1 with the Crypto Extension): two
     * lanes, SHA-1's on the A55 too since its PBKDF2 entry (issue 22). */
    expect_choice("A55, SHA-1/256", ce, &a55, "sha1=armv8-ce sha256=armv8-ce sha512=a64",
                  "sha1=2 sha256=2 sha512=1");
    expect_choice("A53, SHA-1/256", ce, &a53, "sha1=armv8-ce sha256=armv8-ce sha512=a64",
                  "sha1=2 sha256=2 sha512=1");
    expect_choice("N1, SHA-1/256", ce, &n1, "sha1=armv8-ce sha256=armv8-ce sha512=neon",
                  "sha1=2 sha256=2 sha512=1");
    expect_choice("unknown, SHA-1/256", ce, &qmax, "sha1=armv8-ce sha256=armv8-ce sha512=a64",
                  "sha1=2 sha256=2 sha512=1");
    /* NULL: unknown. */
    CHECK(armsha_kernels_choose(&k, nosha, NULL, 0) && strcmp(k.core, "unknown") == 0
              && strstr(k.report, "sha512=a64") != NULL,
          "no core: \"%s\" for \"%s\"", k.report, k.core);
}
#elif defined(ARMSHA_TEST_ARM32)
static void test_choice(void)
{
    static const uint32_t a53 = 0x410fd034, a55 = 0x412fd050, a72 = 0x410fd083, n1 = 0x413fd0c1,
                          unknown = 0x51af8001;
    const unsigned neon = ARMSHA_CPU_NEON | ARMSHA_CPU_A32;
    const unsigned ce = neon | ARMSHA_CPU_SHA1 | ARMSHA_CPU_SHA256;

    /* SHA-512's two NEON lanes on the out-of-order cores alone (LANES_ON): one lane on the
     * in-order ones and on any core armsha does not know. */
    expect_choice("A72, NEON", neon, &a72, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=2");
    expect_choice("N1, NEON", neon, &n1, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=2");
    expect_choice("A53, NEON", neon, &a53, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("A55, NEON", neon, &a55, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=1");
    expect_choice("unknown, NEON", neon, &unknown, "sha1=neon sha256=neon sha512=neon",
                  "sha1=1 sha256=1 sha512=1");
    /* With the AArch32 SHA-1/SHA-256 instructions: their two lanes on every core. */
    expect_choice("A72, AArch32 CE", ce, &a72, "sha1=aarch32-ce sha256=aarch32-ce sha512=neon",
                  "sha1=2 sha256=2 sha512=2");
    expect_choice("A53, AArch32 CE", ce, &a53, "sha1=aarch32-ce sha256=aarch32-ce sha512=neon",
                  "sha1=2 sha256=2 sha512=1");
    expect_choice("unknown, AArch32 CE", ce, &unknown,
                  "sha1=aarch32-ce sha256=aarch32-ce sha512=neon", "sha1=2 sha256=2 sha512=1");
}
#endif

int main(void)
{
    armsha_cpu_core here;

    test_midr();
#if defined(ARMSHA_TEST_ARM64) || defined(ARMSHA_TEST_ARM32)
    test_choice();
#endif
    /* What this machine reads (sysfs, or MRS under qemu, whose -cpu model the setup names). */
    armsha_core_identify(&here);
    const char *want = getenv("ARMSHA_EXPECT_CPU");
    if (want != NULL)
        CHECK(strcmp(here.name, want) == 0, "this machine: \"%s\", ARMSHA_EXPECT_CPU \"%s\"",
              here.name, want);
    printf("this machine: %s (kind %#x)%s\n", here.name, here.kind,
           want != NULL ? ", as ARMSHA_EXPECT_CPU says" : " (ARMSHA_EXPECT_CPU unset: not checked)");
    return armsha_test_summary("cpu-cores");
}
