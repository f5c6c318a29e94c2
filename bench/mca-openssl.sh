#!/usr/bin/env bash
# armsha's kernels against the loops of OpenSSL's shipped libcrypto.so.3 in llvm-mca-16 and
# llvm-mca-14, on every scheduling model: the markdown section of bench/RESULTS.md on stdout,
# and its picture, bench/mca-openssl.svg (cycles a byte by core model, from llvm-mca-16), whose
# last panel, cores without SHA instructions (Raspberry Pi 3/4), is bench/mca-nosha.sh's.
#
#   bench/mca-openssl.sh [ARM64_BUILDDIR [ARMHF_BUILDDIR]]   (default build-arm, build-armhf)
#
# The loops are cut from the built modules (DIR/armsha.so, built here with ninja -j2) and
# from the libcrypto.so.3 that scripts/foreign.sh unpacked into build-foreign/ARCH/ (or
# LIBCRYPTO_ARM64 / LIBCRYPTO_ARMHF); bench/mca_openssl.py says how. An ISA whose module or
# library is missing is an error, not a skipped row. Environment: MCA (default
# "llvm-mca-16 llvm-mca-14"), KEEP=dir keeps the loops' text there, NOSHA_PLOT=FILE the
# no-SHA panel's data (what `PLOT=FILE bench/mca-nosha.sh` wrote: bench/update-results.sh
# runs both); without it, or with PLOT=0, the picture is not drawn.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ARM64=${1:-$SRC/build-arm}
ARMHF=${2:-$SRC/build-armhf}
LIB64=${LIBCRYPTO_ARM64:-$SRC/build-foreign/arm64/usr/lib/aarch64-linux-gnu/libcrypto.so.3}
LIB32=${LIBCRYPTO_ARMHF:-$SRC/build-foreign/armhf/usr/lib/arm-linux-gnueabihf/libcrypto.so.3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

for f in "$LIB64" "$LIB32"; do
    [ -f "$f" ] || { echo "mca-openssl: $f is missing (bash scripts/deps.sh unpacks it)" >&2; exit 1; }
done
for d in "$ARM64" "$ARMHF"; do
    [ -f "$d/build.ninja" ] || { echo "mca-openssl: $d is not configured (bash scripts/build.sh arm armhf)" >&2; exit 1; }
    ninja -C "$d" -j2 armsha.so >&2
done

args=(--arm64 "$ARM64/armsha.so" "$LIB64" --armhf "$ARMHF/armsha.so" "$LIB32"
      --label "tree $(git -C "$SRC" rev-parse --short HEAD)$(git -C "$SRC" diff --quiet HEAD -- src || echo '+changes')")
for m in ${MCA:-llvm-mca-16 llvm-mca-14}; do args+=(--mca "$m"); done
[ -z "${KEEP:-}" ] || args+=(--keep "$KEEP")
# A picture without its no-SHA panel would replace the committed one with less: not drawn.
plot=${PLOT:-1}
if [ "$plot" != 0 ] && [ ! -s "${NOSHA_PLOT:-}" ]; then
    echo "mca-openssl: picture not drawn: NOSHA_PLOT (from PLOT=FILE bench/mca-nosha.sh) is not given or empty" >&2
    plot=0
fi
[ "$plot" = 0 ] || args+=(--plot "$TMP/plot.dat")
python3 "$SRC/bench/mca_openssl.py" "${args[@]}"

if [ "$plot" != 0 ]; then
    command -v gnuplot >/dev/null || { echo "mca-openssl: gnuplot is missing (scripts/deps.sh bench installs gnuplot-nox)" >&2; exit 1; }
    gnuplot -e "data='$TMP/plot.dat'; nosha='$NOSHA_PLOT'; out='$SRC/bench/mca-openssl.svg'; title='llvm-mca-16 cycles a byte: armsha beside the loops cut from OpenSSL libcrypto.so.3 (Debian 12)'" \
        "$SRC/bench/mca-openssl.gp"
    echo "mca-openssl: bench/mca-openssl.svg written" >&2
fi
