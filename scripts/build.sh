#!/usr/bin/env bash
# Configures (once) and builds armsha's build folders:
#   native  build/        this machine
#   asan    build-asan/   the same under AddressSanitizer and UBSan
#   clang   build-clang/  built with clang
#   arm     build-arm/    cross-compiled for aarch64, run under qemu-aarch64 (not on arm64)
#   armhf   build-armhf/  32-bit ARM, run under qemu-arm (not on arm64 or armhf)
# Usage: build.sh [NAME...] (default: native arm, what scripts/demo.sh needs); build.sh --all:
# every one. The cross builds need scripts/deps.sh's build-foreign/ARCH/. Each folder that
# fails to build is said in one line, "build: NAME (DIR) failed"; the exit status is their
# number.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
host_arch=$(dpkg --print-architecture)
opts=()
[ "${CI:-}" = true ] && opts+=(-Dwerror=true)

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(native arm)
if [ "${names[0]}" = --all ]; then
    names=(native asan clang arm armhf)
fi

# $1: the C compiler ("" for meson's choice), $2: folder, rest: meson setup options.
# Configures once (a half-configured folder is made anew), builds every time.
build_dir() {
    local cc=$1 dir=$2 log
    shift 2
    if [ ! -f "$dir/build.ninja" ]; then
        rm -rf "$dir"
        log=$(mktemp)
        if ! env ${cc:+CC=$cc} meson setup "$dir" ${opts[@]+"${opts[@]}"} "$@" >"$log" 2>&1; then
            tail -20 "$log"
            rm -f "$log"
            return 1
        fi
        rm -f "$log"
    fi
    ninja -C "$dir" >/dev/null
}

failed=0
for name in "${names[@]}"; do
    case $name in
        native) dir=build args=() cc= ;;
        # An out-of-bounds access or undefined behaviour in the cores or the provider fails
        # the suite even when the digest comes out right.
        asan) dir=build-asan args=(-Db_sanitize=address,undefined -Db_lto=false) cc= ;;
        # The code must be warning-free with clang as well as gcc.
        clang) dir=build-clang args=() cc=clang ;;
        arm)
            [ "$host_arch" != arm64 ] || continue
            dir=build-arm cc= args=(--cross-file build-foreign/arm64/sysroot.txt
                --cross-file conf/cross/aarch64-linux-gnu.txt
                -Dopenssl="$root/build-foreign/arm64/usr/bin/openssl") ;;
        armhf)
            [ "$host_arch" != arm64 ] && [ "$host_arch" != armhf ] || continue
            dir=build-armhf cc= args=(--cross-file build-foreign/armhf/sysroot.txt
                --cross-file conf/cross/arm-linux-gnueabihf.txt
                -Dopenssl="$root/build-foreign/armhf/usr/bin/openssl") ;;
        *) echo "build: unknown build $name"; failed=$((failed + 1)); continue ;;
    esac
    build_dir "$cc" "$dir" ${args[@]+"${args[@]}"} ||
        { echo "build: $name ($dir) failed"; failed=$((failed + 1)); }
done
exit "$failed"
