#!/bin/sh
# Compile-checks the Windows on ARM64 code (feature detection in src/cpu.c, and the
# kernels) with clang against the MinGW-w64 headers: Windows cannot run here, but its
# code must at least compile. Exits 77 (skipped) when clang or the headers are missing.
# Usage: compile_windows_arm64.sh SOURCE_ROOT
set -eu
src=$1
headers=/usr/share/mingw-w64/include
if ! command -v clang >/dev/null 2>&1 || [ ! -f "$headers/windows.h" ]; then
    echo "SKIP: needs clang and mingw-w64-common ($headers)"
    exit 77
fi
check() {
    clang --target=aarch64-w64-mingw32 -isystem "$headers" -std=c11 -Wall -Wextra -Wpedantic -Werror \
        -I"$src/include" -I"$src/src" -fsyntax-only "$@"
    echo "ok: $*"
}
check -DARMSHA_ARM_KERNELS=1 "$src/src/cpu.c"
check -march=armv8-a+crypto "$src/src/arm/sha1_ce.c"
check -march=armv8-a+crypto "$src/src/arm/sha256_ce.c"
check -march=armv8.2-a+sha3 "$src/src/arm/sha512_ce.c"
# The Windows branch must really be the one compiled: a marker only it defines.
probe="${TMPDIR:-/tmp}/armsha-win-$$.c"
trap 'rm -f "$probe"' EXIT
printf '#include "%s"\n#ifndef PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE\n#error the Windows branch of cpu.c was not compiled\n#endif\n' \
    "$src/src/cpu.c" > "$probe"
check -DARMSHA_ARM_KERNELS=1 "$probe"
