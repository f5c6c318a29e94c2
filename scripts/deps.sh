#!/usr/bin/env bash
# Installs, on Debian 12, what armsha's build needs that is not there yet, and unpacks the
# foreign OpenSSL that the emulated runs need into build-foreign/ (scripts/foreign.sh).
#   deps.sh demo    what scripts/demo.sh needs: the native build, and on a machine that is
#                   not arm64 the aarch64 cross build and qemu-aarch64 with arm64 OpenSSL
#   deps.sh [test]  all of that, plus what the whole suite needs (scripts/test.sh): clang,
#                   the armhf cross build, big-endian tools, debootstrap, the clients it drives
#   deps.sh bench   all of that, plus what bench/ needs beyond it (llvm-mca-16, gnuplot)
# Nothing of a foreign architecture is installed and apt's configuration is left as it is
# (no dpkg --add-architecture). Whatever cannot be set up is said in one line,
# "deps: could not set up WHAT: WHY"; the exit status is the number of such lines.
# Safe to run again.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
want=${1:-test}
case $want in demo | test | bench) ;; *) echo "usage: deps.sh [demo|test|bench]" >&2; exit 64 ;; esac
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
host_arch=$(dpkg --print-architecture)
failures=0
could_not() {
    echo "deps: could not set up $1: $2"
    failures=$((failures + 1))
}

# libc6-dev: gcc only recommends it, and a minimal Debian has no C library headers.
pkgs=(gcc libc6-dev meson ninja-build pkg-config libssl-dev openssl)
foreign=()
if [ "$host_arch" != arm64 ]; then
    # No ARM CPU here: cross-compile and run the arm64 build under qemu user mode.
    # libc6-dev-arm64-cross is only recommended by the cross compiler, and needed; it also
    # brings the aarch64 loader that scripts/qemu-run.sh runs.
    pkgs+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
    foreign+=(arm64)
fi
if [ "$want" != demo ]; then
    # clang and mingw-w64-common: the clang build and the compile check of the Windows on
    # ARM64 code; coreutils: the CLI test's second opinion.
    pkgs+=(clang mingw-w64-common coreutils)
    # Big-endian ARM (test/bigendian/, test/configure_big_endian.sh): lld links the
    # freestanding aarch64 programs, binutils from gcc-arm-linux-gnueabihf the BE8 armeb ones
    # (lld 14 cannot), llvm has llvm-ar for the aarch64_be cross file, qemu-user has
    # qemu-aarch64_be and qemu-armeb.
    pkgs+=(lld llvm qemu-user gcc-arm-linux-gnueabihf)
    # scripts/osroot.sh, deb.sh and fresh-machine.sh (debootstrapped roots, the .deb) and
    # test/clients.sh (the clients it drives; gdb counts armsha's calls in them; Python's own
    # test_hashlib, also for test/python_tests.sh: test_hashlib and test_hmac under armsha).
    pkgs+=(debootstrap dpkg-dev lintian gdb curl openssh-client libpython3.11-testsuite)
    # test/clients.sh's PBKDF2 clients: wpa_passphrase (a WPA2 PSK) and cryptsetup benchmark.
    pkgs+=(wpasupplicant cryptsetup-bin)
    # bench/mca-openssl.sh: llvm-mca-16 (llvm-16) beside llvm-mca-14 (llvm), gnuplot-nox
    # draws bench/mca-openssl.svg. Not the suite's: CI does not install them.
    [ "$want" = bench ] && pkgs+=(llvm-16 gnuplot-nox)
    # 32-bit ARM (armhf) the same way as arm64; an armhf machine builds natively.
    if [ "$host_arch" != arm64 ] && [ "$host_arch" != armhf ]; then
        pkgs+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross)
        foreign+=(armhf)
    fi
fi
# libFuzzer for clang (-Dfuzzing=true, see test/fuzz/README.md); the suite does not need it.
[ "${ARMSHA_FUZZING:-0}" = 1 ] && pkgs+=(libclang-rt-14-dev)

missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    # A mirror caught mid-sync fails one index; the others are good, and the packages
    # here have them.
    $sudo apt-get update -qq ||
        echo "deps: apt-get update reported errors (above); carrying on with the indexes it got"
    echo "deps: installing ${missing[*]}"
    install() {
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
    }
    if ! install "${missing[@]}"; then
        # One package that cannot be had must not keep the others out: one at a time, to
        # name it.
        for p in "${missing[@]}"; do
            install "$p" 2>/dev/null || could_not "$p" "apt-get install $p failed"
        done
    fi
fi

# libcrypto, its headers and an openssl CLI for each foreign architecture, unpacked.
for a in ${foreign[@]+"${foreign[@]}"}; do
    log=$(mktemp)
    bash "$root/scripts/foreign.sh" "$a" 2>"$log" ||
        could_not "$a OpenSSL (build-foreign/$a)" "$(tail -n 1 "$log")"
    cat "$log" >&2
    rm -f "$log"
done
exit "$failures"
