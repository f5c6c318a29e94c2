#!/bin/sh
# Checks that configuring for big-endian aarch64 with the ARMv8 kernels stops with a clear
# message (the kernels assume little-endian lanes), and that -Darm_kernels=disabled, the
# way out it names, configures. Uses the aarch64 cross file with endian = 'big'; skipped (77) without
# the cross compiler. Usage: big_endian_refused.sh SOURCE_ROOT
set -eu
src=$1
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || { echo "SKIP: no aarch64-linux-gnu-gcc"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s/^endian = 'little'/endian = 'big'/" "$src/conf/cross/aarch64-linux-gnu.txt" > "$work/be.txt"
grep -q "^endian = 'big'" "$work/be.txt" || { echo "FAIL: could not make a big-endian cross file"; exit 1; }
if meson setup "$work/build" "$src" --cross-file "$work/be.txt" > "$work/log" 2>&1; then
    echo "FAIL: meson setup for big-endian aarch64 succeeded with the ARMv8 kernels"
    exit 1
fi
if ! grep -q "little-endian aarch64 only.*-Darm_kernels=disabled" "$work/log"; then
    echo "FAIL: meson setup failed, but not with armsha's big-endian message:"
    tail -5 "$work/log"
    exit 1
fi
echo "ok: big-endian aarch64 refused at configure time:"
grep "little-endian aarch64 only" "$work/log"
if ! meson setup "$work/build2" "$src" --cross-file "$work/be.txt" -Darm_kernels=disabled > "$work/log2" 2>&1; then
    echo "FAIL: the way out the message names, -Darm_kernels=disabled, does not configure:"
    tail -5 "$work/log2"
    exit 1
fi
echo "ok: -Darm_kernels=disabled configures for big-endian aarch64"
# The kernel files themselves refuse a big-endian compile with their own message (clang
# only: GCC has no aarch64_be compiler here).
if command -v clang >/dev/null 2>&1; then
    for k in sha1_ce sha256_ce sha512_ce; do
        if clang --target=aarch64_be-linux-gnu -ffreestanding -march=armv8.2-a+sha3 -I"$src/include" \
            -fsyntax-only "$src/src/arm64/$k.c" > "$work/log3" 2>&1; then
            echo "FAIL: src/arm64/$k.c compiles for big-endian aarch64"
            exit 1
        fi
        grep -q "written for little-endian AArch64" "$work/log3" || {
            echo "FAIL: src/arm64/$k.c fails for big-endian, but not with its #error:"; head -3 "$work/log3"; exit 1; }
    done
    echo "ok: each src/arm64 kernel refuses a big-endian compile with its #error"
fi
