#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, then runs meson test natively,
# natively again under AddressSanitizer and UBSan, and built with clang, and, on a machine
# that is not arm64, the aarch64 build under qemu-aarch64 on four configurations
# (-cpu max: every kernel; -cpu neoverse-n1: no SHA-512 instructions; ARMSHA_DISABLE=all:
# portable code only; nosha: -cpu cortex-a72 with ARMSHA_DISABLE=ce and OPENSSL_armcap=0x1,
# a Raspberry Pi 4's NEON and integer kernels; nosha53: the same on -cpu cortex-a53, a Pi 3's) and the armhf build under qemu-arm on four (-cpu max: AArch32 SHA
# instructions and NEON; -cpu cortex-a8: NEON only; -cpu cortex-r5f: no NEON;
# ARMSHA_DISABLE=all). The native suite includes the big-endian runs (test/bigendian/:
# qemu-aarch64_be and qemu-armeb, and their little-endian controls). Then
# scripts/fresh-machine.sh: the README's commands in a fresh debootstrapped Debian 12 root;
# and scripts/osroot.sh for trixie, sid and experimental: the same suite against OpenSSL 3.5,
# 3.6 and 4.0 in Debian roots, this build under their libcrypto (natively and arm64 under
# qemu), and the Debian packages (libssl3's in trixie, libssl4's built and installed in
# experimental). What could not be set up or built counts as a failure.
# Ends with "N passed, N failed".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
host_arch=$(dpkg --print-architecture)
# The totals, run_meson, run_counted and print_summary.
. scripts/counts.sh

# What could not be set up (scripts/deps.sh says each in one line) or built (build.sh, the
# same) counts as a failure, and the runs that need it are left out, each named.
deps_log=$(mktemp)
bash scripts/deps.sh test 2>&1 | tee "$deps_log"
deps_failed=$(grep -c '^deps: could not set up' "$deps_log")
rm -f "$deps_log"
failed=$((failed + deps_failed))
builds=(native asan clang)
[ "$host_arch" = arm64 ] || builds+=(arm)
[ "$host_arch" = arm64 ] || [ "$host_arch" = armhf ] || builds+=(armhf)
build_ok=()
for b in "${builds[@]}"; do
    if bash scripts/build.sh "$b"; then
        build_ok+=("$b")
    else
        failed=$((failed + 1))
    fi
done
dir_of() { case $1 in native) echo build ;; *) echo "build-$1" ;; esac; }
built() { [[ " ${build_ok[*]} " == *" $1 "* ]]; }
built native || { print_summary; exit 1; }

# "BUILD SETUP [meson test options]". The sanitizer build skips the cli and clients suites: the
# openssl program is not built with ASan and cannot load a module that is. The clang build
# skips the clients suite, which is about the programs, not the compiler. The bigendian suite
# (freestanding programs under qemu, built by their own script) does not depend on the
# build it is run from: once is enough. For CI's time, the seeded fuzz runs go where they
# find most: natively, under the sanitizers, and on each emulated CPU with its own kernels
# (not again for the clang build nor on the aarch64 setups whose kernels -cpu max covers).
runs=("native native" "asan native --no-suite cli --no-suite clients --no-suite bigendian"
      "clang native --no-suite clients --no-suite bigendian --no-suite fuzz")
if [ "$host_arch" = arm64 ]; then
    runs+=("native portable" "native nosha --no-suite cli --no-suite params")
else
    # nosha: the kernels for cores without SHA instructions, fuzz included; the cli and
    # params suites test nothing there that -cpu max does not.
    runs+=("arm max" "arm neoversen1 --no-suite fuzz" "arm portable --no-suite fuzz"
           "arm nosha --no-suite cli --no-suite params"
           "arm nosha53 --no-suite cli --no-suite params")
    [ "$host_arch" = armhf ] ||
        runs+=("armhf max" "armhf cortexa8" "armhf cortexr5f" "armhf portable")
fi

for run in "${runs[@]}"; do
    set -- $run
    dir=$(dir_of "$1") setup=$2
    if ! built "$1"; then
        echo "=== meson test -C $dir --setup $setup: not run, $dir did not build (above)"
        failed=$((failed + 1))
        continue
    fi
    shift 2
    run_meson "meson test -C $dir --setup $setup $*" env UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        meson test -C "$dir" --setup "$setup" --print-errorlogs --num-processes 2 "$@"
done

# The scripts that need root (debootstrap, chroot, mount) end with their own summary line
# (run_counted adds it to the totals).
# The README's commands on a machine that never saw the project: a fresh debootstrapped root.
echo "=== scripts/fresh-machine.sh"
run_counted scripts/fresh-machine.sh
# OpenSSL 3.5, 3.6 and 4.0 in Debian roots and the Debian packages; experimental after sid,
# whose root it copies.
for osroot in trixie sid experimental; do
    echo "=== scripts/osroot.sh $osroot"
    run_counted scripts/osroot.sh "$osroot"
done

print_summary
