#!/usr/bin/env bash
# The main job: installs what is missing, builds armsha, hashes FILE (default: this
# README) with an unmodified `openssl dgst` that gets armsha through conf/armsha.cnf, and
# says which kernel served it. On a machine that is not arm64 the aarch64 build runs too,
# under qemu-aarch64 -cpu max (QEMU_CPU=neoverse-n1 etc. picks another CPU model), with
# Debian's arm64 OpenSSL unpacked into build-foreign/arm64/ (nothing of arm64 installed).
# Installs only what the demo needs; scripts/test.sh installs the rest.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
file=$(realpath "${1:-$root/README.md}")
alg=${ALG:-sha256}
bash "$root/scripts/deps.sh" demo || { echo "demo: the set-up is incomplete (above)"; exit 1; }
bash "$root/scripts/build.sh" native arm || { echo "demo: the build failed (above)"; exit 1; }

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
        "$root/scripts/qemu-run.sh" aarch64 "$root/build-foreign/arm64" -- \
        "$root/build-foreign/arm64/usr/bin/openssl"
fi
