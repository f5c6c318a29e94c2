#!/usr/bin/env bash
# Configures (once) and builds armsha: build/ for this machine, with --all also
# build-asan/ (the same under the sanitizers) and build-clang/ (built with clang) and, on a
# machine that is not arm64, build-arm/ cross-compiled for aarch64 to run under qemu-aarch64
# and build-armhf/ for 32-bit ARM to run under qemu-arm.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
opts=()
[ "${CI:-}" = true ] && opts+=(-Dwerror=true)

[ -f build/build.ninja ] || meson setup build "${opts[@]}" >/dev/null
ninja -C build >/dev/null
# The same suite under AddressSanitizer and UBSan: an out-of-bounds access or undefined
# behaviour in the cores or the provider fails it even when the digest comes out right.
if [ "${1:-}" = --all ]; then
    [ -f build-asan/build.ninja ] || meson setup build-asan "${opts[@]}" \
        -Db_sanitize=address,undefined -Db_lto=false >/dev/null
    ninja -C build-asan >/dev/null
    # The code must be warning-free with clang as well as gcc.
    [ -f build-clang/build.ninja ] || CC=clang meson setup build-clang "${opts[@]}" >/dev/null
    ninja -C build-clang >/dev/null
fi
if [ "$(dpkg --print-architecture)" != arm64 ]; then
    [ -f build-arm/build.ninja ] || meson setup build-arm "${opts[@]}" \
        --cross-file conf/cross/aarch64-linux-gnu.txt \
        -Dopenssl="$root/build-arm-cli/usr/bin/openssl" >/dev/null
    ninja -C build-arm >/dev/null
fi
# 32-bit ARM (armhf) under qemu-arm, against the OpenSSL scripts/armhf-sysroot.sh unpacked.
if [ "$(dpkg --print-architecture)" != arm64 ] && [ "$(dpkg --print-architecture)" != armhf ]; then
    [ -f build-armhf/build.ninja ] || meson setup build-armhf "${opts[@]}" \
        --cross-file build-armhf-sysroot/sysroot.txt \
        --cross-file conf/cross/arm-linux-gnueabihf.txt \
        -Dopenssl="$root/build-armhf-sysroot/usr/bin/openssl" >/dev/null
    ninja -C build-armhf >/dev/null
fi
