#!/usr/bin/env bash
# The main job: installs what is missing, builds armsha, hashes FILE (default: this
# README) with an unmodified `openssl dgst` that gets armsha through conf/armsha.cnf, and
# says which kernel served it. On a machine that is not arm64 the aarch64 build runs too,
# under qemu-aarch64 -cpu max (QEMU_CPU=neoverse-n1 etc. picks another CPU model).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
file=$(realpath "${1:-$root/README.md}")
alg=${ALG:-sha256}
bash "$root/scripts/deps.sh"
bash "$root/scripts/build.sh"

# $1: label, $2: module dir, rest: the openssl command
hash_with_armsha() {
    local label=$1 modules=$2
    shift 2
    echo "== $label"
    OPENSSL_CONF="$root/conf/armsha.cnf" OPENSSL_MODULES="$modules" "$@" dgst "-$alg" "$file"
    # The provider reports its kernels in its build info, shown by `openssl list`.
    OPENSSL_CONF="$root/conf/armsha.cnf" OPENSSL_MODULES="$modules" "$@" list -providers -verbose \
        | grep -m1 -o 'sha1=[^ ]* sha256=[^ ]* sha512=[^ )]*' | sed 's/^/served by armsha, kernels: /'
}

hash_with_armsha "$(uname -m), native" "$root/build" openssl
if [ "$(dpkg --print-architecture)" != arm64 ]; then
    export QEMU_CPU=${QEMU_CPU:-max}
    hash_with_armsha "aarch64 under qemu-aarch64 -cpu $QEMU_CPU" "$root/build-arm" \
        qemu-aarch64 "$root/build-arm-cli/usr/bin/openssl"
fi
