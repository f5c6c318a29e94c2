#!/usr/bin/env bash
# Builds test/neon_kernels_check.c with the 32-bit ARM NEON kernels and the portable block
# functions (gcc and clang, static), checks them under qemu-arm (and the big-endian
# freestanding check under qemu-armeb when its tools are there), and counts guest
# instructions per block: the markdown table of bench/arm32-neon-kernels.md on stdout.
#
#   bench/arm32-neon-kernels.sh [WORKDIR]      (default /tmp/armsha-neon-kernels)
#
# Per block = (insns(2N blocks) - insns(N blocks)) / N, N = 64, one kernel call over a
# zeroed static buffer per process (N zero-padded, so that both processes have the same
# argv length); qemu-arm -cpu cortex-a8 and the TCG plugin bench/qemu-insncount.c.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
W=${1:-/tmp/armsha-neon-kernels}
mkdir -p "$W"
INSNCOUNT_C=${INSNCOUNT_C:-$SRC/bench/qemu-insncount.c}
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$W/insncount.so" "$INSNCOUNT_C"

WARN=(-std=c11 -O3 -Wall -Wextra -Wpedantic -Werror)
ARCH=(-march=armv7-a -mfloat-abi=hard)
# Debian armhf's baseline for everything but the kernels, which get NEON.
build() { # build NAME CC...
    local name=$1 objs="" f o
    shift
    for f in src/sha1_portable.c src/sha256_portable.c src/sha512_portable.c \
             src/sha2_constants.c test/neon_kernels_check.c; do
        o=$W/$name.$(basename "$f" .c).o
        "$@" "${WARN[@]}" "${ARCH[@]}" -mfpu=vfpv3-d16 -I"$SRC/include" -I"$SRC/src" -c "$SRC/$f" -o "$o"
        objs="$objs $o"
    done
    for f in src/arm32/sha1_neon.c src/arm32/sha256_neon.c src/arm32/sha512_neon.c; do
        o=$W/$name.$(basename "$f" .c).o
        "$@" "${WARN[@]}" "${ARCH[@]}" -mfpu=neon -I"$SRC/include" -I"$SRC/src" -c "$SRC/$f" -o "$o"
        objs="$objs $o"
    done
    # shellcheck disable=SC2086
    "$@" "${ARCH[@]}" -static $objs -o "$W/$name"
}
build gcc arm-linux-gnueabihf-gcc
build clang clang --target=arm-linux-gnueabihf
# The kernels' assembly must assemble as Thumb-2 (Debian's default) and as ARM code.
build gcc-thumb arm-linux-gnueabihf-gcc -mthumb
build gcc-arm arm-linux-gnueabihf-gcc -marm

for b in gcc clang gcc-thumb gcc-arm; do
    for cpu in cortex-a8 cortex-a15 max; do
        echo "check $b -cpu $cpu: $(qemu-arm -cpu $cpu "$W/$b" | tail -n 1)" >&2
        qemu-arm -cpu $cpu "$W/$b" >/dev/null || { echo "check $b -cpu $cpu FAILED" >&2; exit 1; }
    done
done

if command -v qemu-armeb >/dev/null && command -v arm-linux-gnueabihf-ld >/dev/null; then
    mkdir -p "$W/bestub"
    printf '#include <stddef.h>\nvoid *memcpy(void *, const void *, size_t);\nvoid *memset(void *, int, size_t);\nint memcmp(const void *, const void *, size_t);\n' \
        >"$W/bestub/string.h"
    objs=""
    for f in src/sha1_portable.c src/sha256_portable.c src/sha512_portable.c src/sha2_constants.c \
             test/neon_kernels_be.c src/arm32/sha1_neon.c src/arm32/sha256_neon.c src/arm32/sha512_neon.c; do
        case $f in src/arm32/*) fpu=neon ;; *) fpu=vfpv3-d16 ;; esac
        o=$W/be.$(basename "$f" .c).o
        clang --target=armeb-linux-gnueabihf "${ARCH[@]}" -mfpu=$fpu "${WARN[@]}" -O2 -ffreestanding \
            -I"$W/bestub" -I"$SRC/include" -I"$SRC/src" -c "$SRC/$f" -o "$o"
        objs="$objs $o"
    done
    # shellcheck disable=SC2086
    arm-linux-gnueabihf-ld -EB --be8 -static -e _start $objs -o "$W/be_check"
    echo "check big-endian (clang, BE8) -cpu cortex-a8: $(qemu-armeb -cpu cortex-a8 "$W/be_check")" >&2
fi

count() { # count BIN ALG KERNEL N -> instructions
    qemu-arm -cpu cortex-a8 -plugin "$W/insncount.so,out=$W/count.txt" "$1" count "$2" "$3" \
        "$(printf %05d "$4")" >/dev/null
    sed -n 's/^insns //p' "$W/count.txt"
}
per_block() { # per_block BIN ALG KERNEL
    local a b
    a=$(count "$1" "$2" "$3" 64)
    b=$(count "$1" "$2" "$3" 128)
    python3 -c "print('%g' % (($b - $a) / 64))"
}

echo "| kernel | gcc 12 | clang 14 |"
echo "|---|---:|---:|"
for alg in sha1 sha256 sha512; do
    for k in neon portable; do
        echo "| $alg $k | $(per_block "$W/gcc" $alg $k) | $(per_block "$W/clang" $alg $k) |"
    done
done
