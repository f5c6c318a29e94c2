#!/usr/bin/env bash
# Installs, on Debian 12, whatever armsha's build and tests need that is not there yet,
# fetches an aarch64 openssl CLI into build-arm-cli/ and unpacks an armhf OpenSSL into
# build-armhf-sysroot/ for the emulated tests.
# Sourced by demo.sh and test.sh; safe to run again.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
host_arch=$(dpkg --print-architecture)

# clang and mingw-w64-common: the compile check of the Windows on ARM64 code.
pkgs=(gcc meson ninja-build pkg-config libssl-dev openssl coreutils clang mingw-w64-common)
# Big-endian ARM (test/bigendian/, test/configure_big_endian.sh): lld links the freestanding
# aarch64 programs, binutils from gcc-arm-linux-gnueabihf the BE8 armeb ones (lld 14 cannot),
# llvm has llvm-ar for the aarch64_be cross file, qemu-user has qemu-aarch64_be and qemu-armeb.
pkgs+=(lld llvm qemu-user gcc-arm-linux-gnueabihf)
# scripts/trixie.sh and deb.sh (Debian 13 chroot, the .deb) and test/clients.sh (the clients
# it drives; gdb counts armsha's calls in them; Python's own test_hashlib, also for
# test/python_tests.sh: test_hashlib and test_hmac under armsha).
pkgs+=(debootstrap dpkg-dev lintian gdb curl openssh-client libpython3.11-testsuite)
if [ "$host_arch" != arm64 ]; then
    # No ARM CPU here: cross-compile and run the arm64 build under qemu user mode.
    # libc6-dev-arm64-cross is only recommended by the cross compiler, and needed.
    pkgs+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user libssl-dev:arm64)
fi
# 32-bit ARM (armhf) the same way, but with OpenSSL unpacked rather than installed (see
# scripts/armhf-sysroot.sh); an armhf machine builds natively.
armhf_cross=0
if [ "$host_arch" != arm64 ] && [ "$host_arch" != armhf ]; then
    armhf_cross=1
    pkgs+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross)
fi

# libFuzzer for clang (-Dfuzzing=true, see test/fuzz/README.md); the suite does not need it.
[ "${ARMSHA_FUZZING:-0}" = 1 ] && pkgs+=(libclang-rt-14-dev)

missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "$host_arch" != arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $sudo dpkg --add-architecture arm64
    missing+=(libssl-dev:arm64)
fi
update=0
if [ "$armhf_cross" = 1 ] && ! dpkg --print-foreign-architectures | grep -qx armhf; then
    # Only for apt to know the armhf packages that armhf-sysroot.sh downloads.
    $sudo dpkg --add-architecture armhf
    update=1
fi
if [ ${#missing[@]} -gt 0 ] || [ "$update" = 1 ]; then
    # A mirror caught mid-sync fails one index (seen: the security mirror's armhf one);
    # the others are good, and the packages here have them.
    $sudo apt-get update -qq ||
        echo "deps: apt-get update reported errors (above); carrying on with the indexes it got"
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing ${missing[*]}"
    # libssl-dev:arm64 must match the host's libssl3 version: upgrading both together is fine.
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${pkgs[@]}" >/dev/null
fi

# Never `apt-get install openssl:arm64`: it would replace the host's /usr/bin/openssl.
# Unpack the package into the build tree instead; it runs under qemu-aarch64.
if [ "$host_arch" != arm64 ] && [ ! -x "$root/build-arm-cli/usr/bin/openssl" ]; then
    mkdir -p "$root/build-arm-cli"
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get download -qq openssl:arm64)
    dpkg -x "$tmp"/openssl_*_arm64.deb "$root/build-arm-cli"
    rm -rf "$tmp"
fi

# libcrypto, its headers and an openssl CLI for armhf, unpacked into build-armhf-sysroot/.
if [ "$armhf_cross" = 1 ]; then
    bash "$root/scripts/armhf-sysroot.sh"
fi
