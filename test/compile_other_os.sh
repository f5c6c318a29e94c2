#!/bin/sh
# Compile-checks the code for systems that cannot run here: the CPU feature detection in
# src/cpu_features.c (and the kernels) for Windows on ARM64 against the real MinGW-w64 headers, and
# src/cpu_features.c for FreeBSD, OpenBSD and macOS on AArch64 against the stub headers in
# test/os-stubs/ (what those systems document; see its README). Each check also makes sure
# the branch of cpu_features.c meant for that system is the one compiled. Exits 77 (skipped) when
# clang or the MinGW headers are missing.
# Usage: compile_other_os.sh SOURCE_ROOT
set -eu
src=$1
headers=/usr/share/mingw-w64/include
if ! command -v clang >/dev/null 2>&1 || [ ! -f "$headers/windows.h" ]; then
    echo "SKIP: needs clang and mingw-w64-common ($headers)"
    exit 77
fi
flags="-std=c11 -Wall -Wextra -Wpedantic -Werror -I$src/include -I$src/src"

windows() {
    clang --target=aarch64-w64-mingw32 -isystem "$headers" $flags -fsyntax-only "$@"
    echo "ok: windows-arm64: $*"
}
windows -DARMSHA_ARM64_KERNELS=1 "$src/src/cpu_features.c"
windows -march=armv8-a+crypto "$src/src/arm64/sha1_ce.c"
windows -march=armv8-a+crypto "$src/src/arm64/sha256_ce.c"
windows -march=armv8.2-a+sha3 "$src/src/arm64/sha512_ce.c"
windows -march=armv8.2-a+sha3 "$src/src/arm64/sha512_ce_x2.c"
windows -march=armv8-a "$src/src/arm64/sha256_neon.c"
windows -march=armv8-a "$src/src/arm64/sha1_neon.c"
windows -march=armv8-a "$src/src/arm64/sha512_a64.c"
windows -march=armv8-a "$src/src/arm64/sha512_neon.c"

# $1 target, $2 what the preprocessed cpu_features.c must call for that system's branch.
stubbed() {
    clang --target="$1" -nostdlibinc -isystem "$src/test/os-stubs" $flags -DARMSHA_ARM64_KERNELS=1 \
        -fsyntax-only "$src/src/cpu_features.c"
    if ! clang --target="$1" -nostdlibinc -isystem "$src/test/os-stubs" $flags -DARMSHA_ARM64_KERNELS=1 \
        -E "$src/src/cpu_features.c" | grep -q "$2"; then
        echo "FAIL: $1: cpu_features.c compiled, but not its branch that calls $2"
        exit 1
    fi
    echo "ok: $1: cpu_features.c compiles and calls $2"
}
windows_branch=$(clang --target=aarch64-w64-mingw32 -isystem "$headers" $flags -DARMSHA_ARM64_KERNELS=1 \
    -E "$src/src/cpu_features.c" | grep -c "IsProcessorFeaturePresent(65)" || true)
[ "$windows_branch" -gt 0 ] || { echo "FAIL: windows-arm64: not the Windows branch of cpu_features.c"; exit 1; }
echo "ok: windows-arm64: cpu_features.c asks IsProcessorFeaturePresent(65) for SHA-512"
stubbed aarch64-unknown-freebsd14 'elf_aux_info(25'
stubbed aarch64-unknown-openbsd7.6 'elf_aux_info(25'
stubbed arm64-apple-macos12 'sysctlbyname(name'

# src/cpu_cores.c: the core is unknown on these systems (no sysfs, no MRS): it must compile
# to its branch that reads nothing.
for t in aarch64-w64-mingw32 aarch64-unknown-freebsd14 aarch64-unknown-openbsd7.6 arm64-apple-macos12; do
    if [ $t = aarch64-w64-mingw32 ]; then inc="-isystem $headers"; else inc="-nostdlibinc -isystem $src/test/os-stubs"; fi
    # shellcheck disable=SC2086 # inc: two words
    clang --target=$t $inc $flags -DARMSHA_ARM64_KERNELS=1 -fsyntax-only "$src/src/cpu_cores.c"
    # shellcheck disable=SC2086
    if clang --target=$t $inc $flags -DARMSHA_ARM64_KERNELS=1 -E "$src/src/cpu_cores.c" | grep -q 'midr_el1'; then
        echo "FAIL: $t: cpu_cores.c compiled its Linux branch"
        exit 1
    fi
    echo "ok: $t: cpu_cores.c compiles, core unknown"
done

# 32-bit ARM: the AArch32 detection for FreeBSD (elf_aux_info of AT_HWCAP2 = 26), and the
# 32-bit kernels with clang (the armhf build itself uses gcc).
if ! clang --target=armv7-unknown-freebsd14-gnueabihf -nostdlibinc -isystem "$src/test/os-stubs" \
    $flags -DARMSHA_ARM32_KERNELS=1 -E "$src/src/cpu_features.c" | grep -q 'elf_aux_info(26'; then
    echo "FAIL: armv7-freebsd: cpu_features.c does not ask elf_aux_info(AT_HWCAP2)"
    exit 1
fi
clang --target=armv7-unknown-freebsd14-gnueabihf -nostdlibinc -isystem "$src/test/os-stubs" \
    $flags -DARMSHA_ARM32_KERNELS=1 -fsyntax-only "$src/src/cpu_features.c"
echo "ok: armv7-unknown-freebsd14: cpu_features.c compiles and calls elf_aux_info(26"
for k in sha1_ce sha1_ce_x2 sha256_ce sha256_ce_x2; do
    clang --target=arm-linux-gnueabihf -ffreestanding $flags -march=armv8-a \
        -mfpu=crypto-neon-fp-armv8 -mfloat-abi=hard -fsyntax-only "$src/src/arm32/$k.c"
    echo "ok: arm-linux-gnueabihf (clang): src/arm32/$k.c"
done
