#!/usr/bin/env bash
# Runs a foreign (aarch64 or armhf) Linux program under qemu user mode with the cross libc
# of Debian's libc6-*-cross and the OpenSSL that scripts/foreign.sh unpacked: qemu runs the
# target's dynamic loader by its path, with --library-path. Neither qemu's -L nor
# QEMU_LD_PREFIX: with them threaded programs hang.
#   qemu-run.sh ARCH SYSROOT [QEMU_OPTION...] -- PROGRAM [ARG...]
# ARCH: aarch64 or arm (qemu's name); SYSROOT: build-foreign/arm64 or build-foreign/armhf.
# QEMU_CPU picks the CPU model, as for qemu itself. ARMSHA_QEMU_ROOT=DIR runs the program
# against another unpacked root instead (its own loader, libc and libcrypto, e.g. Debian 13's:
# scripts/osroot.sh's arm64 compatibility steps).
set -euo pipefail

arch=$1 sysroot=$2
shift 2
qemu_opts=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    qemu_opts+=("$1")
    shift
done
[ "${1:-}" = -- ] || { echo "qemu-run: usage: qemu-run.sh ARCH SYSROOT [QEMU_OPTION...] -- PROGRAM [ARG...]" >&2; exit 2; }
shift

case $arch in
    aarch64) triplet=aarch64-linux-gnu loader=ld-linux-aarch64.so.1 ;;
    arm) triplet=arm-linux-gnueabihf loader=ld-linux-armhf.so.3 ;;
    *) echo "qemu-run: unknown architecture $arch (aarch64, arm)" >&2; exit 2 ;;
esac

if [ -n "${ARMSHA_QEMU_ROOT:-}" ]; then
    # A whole unpacked root: Debian ships the loader in /usr/lib (merged /usr).
    other=$ARMSHA_QEMU_ROOT
    loader_path=$other/usr/lib/$loader
    [ -e "$loader_path" ] || loader_path=$other/usr/lib/$triplet/$loader
    libs=$other/usr/lib/$triplet
else
    loader_path=/usr/$triplet/lib/$loader
    libs=$sysroot/usr/lib/$triplet:/usr/$triplet/lib
fi
exec "qemu-$arch" ${qemu_opts[@]+"${qemu_opts[@]}"} "$loader_path" --library-path "$libs" "$@"
