# shellcheck shell=bash
# Sourced by bench/mca-nosha.sh and bench/insncount.sh (MODE=pi): how armsha is told that the
# core has no SHA instructions (qemu 7.2 has no aarch64 model without them).
#
#   nosha_env BUILD SYSROOT   prints the VAR=value words
#
# $ARMSHA_NOSHA_ENV when set; else `ARMSHA_DISABLE=ce` (the SHA-instruction kernels off, the
# NEON and integer kernels kept: what a Raspberry Pi 3/4 gets) when the module knows that
# word and then reports no -ce kernel; else `ARMSHA_DISABLE=all` (the portable C, which is
# what a module without NEON/integer kernels runs there anyway).
nosha_env() {
    local build=$1 sysroot=$2 src kernels
    if [ -n "${ARMSHA_NOSHA_ENV:-}" ]; then
        echo "$ARMSHA_NOSHA_ENV"
        return
    fi
    src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    kernels=$(env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$build" QEMU_CPU=max ARMSHA_DISABLE=ce \
        "$src/scripts/qemu-run.sh" aarch64 "$sysroot" -- "$build/bench/armsha-bench" info 2>/dev/null | head -1) || kernels=
    case $kernels in
        *sha1=*) case $kernels in *-ce*) echo "ARMSHA_DISABLE=all" ;; *) echo "ARMSHA_DISABLE=ce" ;; esac ;;
        *) echo "ARMSHA_DISABLE=all" ;;
    esac
}
