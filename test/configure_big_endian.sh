#!/bin/sh
# Checks that meson configures for big-endian aarch64 with the ARMv8 kernels (cross file
# conf/cross/aarch64_be-linux-gnu.txt, clang) and that every object of the build compiles
# there as big-endian code: the provider, cores, kernels and armsha-doctor. Nothing links: Debian has no
# big-endian libc or libcrypto, so glibc's aarch64 headers and OpenSSL's with the arm64
# configuration.h stand in (see the cross file). test/bigendian/ runs the cores and kernels.
# OpenSSL's arm64 headers come from scripts/foreign.sh's build-foreign/arm64/. Skipped (77)
# without clang or lld; fails without those headers (scripts/deps.sh sets them up).
# Usage: configure_big_endian.sh SOURCE_ROOT
set -eu
src=$(cd "$1" && pwd)
for tool in clang ld.lld llvm-ar readelf; do
    command -v $tool >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done
sysroot=$src/build-foreign/arm64
for f in /usr/aarch64-linux-gnu/include/stdio.h "$sysroot/sysroot.txt" \
    "$sysroot/usr/include/aarch64-linux-gnu/openssl/configuration.h"; do
    [ -e "$f" ] || { echo "FAIL: no $f (scripts/deps.sh: libc6-dev-arm64-cross, scripts/foreign.sh arm64)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# No LTO: the objects are then machine code whose byte order readelf can show.
# -nostdlib and unresolved symbols ignored: meson links a program for its sanity check
# and for dependency('dl') (dlopen, for armsha-doctor), with no libc to link against.
# Nothing else in the build asks the linker what exists, so this hides no choice.
if ! meson setup "$work/build" "$src" --cross-file "$sysroot/sysroot.txt" \
    --cross-file "$src/conf/cross/aarch64_be-linux-gnu.txt" \
    -Darm_kernels=enabled -Dwerror=true -Db_lto=false \
    -Dc_args="-isystem $src/conf/cross/aarch64_be-include -isystem /usr/aarch64-linux-gnu/include -isystem $sysroot/usr/include/aarch64-linux-gnu" \
    -Dc_link_args="-fuse-ld=lld -nostdlib -Wl,--unresolved-symbols=ignore-all" \
    > "$work/setup.log" 2>&1; then
    echo "FAIL: meson setup for big-endian aarch64 with the kernels:"
    tail -20 "$work/setup.log"
    exit 1
fi
if ! grep -Eq "ARMv8 kernels *: *(True|YES)" "$work/setup.log"; then
    echo "FAIL: configured, but without the ARMv8 kernels:"
    grep -i kernels "$work/setup.log" || tail -20 "$work/setup.log"
    exit 1
fi
echo "ok: meson configures for aarch64_be with the ARMv8 kernels"

# The module's, the core's and armsha-doctor's objects (the tests' could not run anyway).
objs=$(ninja -C "$work/build" -t targets all |
    sed -n 's/^\(\(armsha\.so\.p\|src\/\|doctor\/\)[^:]*\.o\): .*/\1/p')
[ -n "$objs" ] || { echo "FAIL: no objects to build"; exit 1; }
# shellcheck disable=SC2086
if ! ninja -C "$work/build" -j2 $objs > "$work/build.log" 2>&1; then
    echo "FAIL: compiling for aarch64_be:"
    grep -E "error|warning" "$work/build.log" | head -20
    exit 1
fi
n=0
for o in $objs; do
    if ! readelf -h "$work/build/$o" | grep -q "big endian"; then
        echo "FAIL: $o is not a big-endian object"
        exit 1
    fi
    n=$((n + 1))
done
for want in provider.c.o sha256_ce.c.o sha512_ce.c.o sha1_ce.c.o main.c.o; do
    echo "$objs" | grep -q "$want" || { echo "FAIL: no $want among the objects"; exit 1; }
done
echo "ok: $n objects compile as big-endian aarch64 (clang -Werror): the provider, cores, kernels and armsha-doctor"
