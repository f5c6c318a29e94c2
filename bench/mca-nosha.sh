#!/usr/bin/env bash
# armsha against OpenSSL on 64-bit ARM cores without SHA instructions (Raspberry Pi 3/4),
# cycles a block under llvm-mca and the in-order Cortex-A53 model, and armhf's (NEON kernels on
# a core without SHA, ARM integer kernels on one without NEON) on that model: the markdown
# section of bench/RESULTS.md on stdout (bench/mca_nosha.py says how; a few minutes).
#
#   bench/mca-nosha.sh [ARM64_BUILDDIR [ARMHF_BUILDDIR]]   (default build-bench-arm, build-bench-armhf)
#
# The build folders are set up as bench/insncount.sh and bench/insncount-armhf.sh do when
# missing; armsha.so and armsha-bench are (re)built in them, the TCG plugins into DIR/bench/.
# Environment: ARMSHA_NOSHA_ENV, how armsha is told the core has no SHA instructions (default:
# bench/nosha-env.sh's choice, ARMSHA_DISABLE=ce where the module knows it), MCA (default
# "llvm-mca-16 llvm-mca-14"), KEEP=dir keeps the traced listings there, PLOT=FILE writes the
# picture's no-SHA panel data there (NOSHA_PLOT of bench/mca-openssl.sh, which draws it). An
# armhf build is skipped (no armhf rows) only when build-foreign/armhf is not unpacked.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ARM64=${1:-$SRC/build-bench-arm}
ARMHF=${2:-$SRC/build-bench-armhf}
# shellcheck source=bench/nosha-env.sh
. "$SRC/bench/nosha-env.sh"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

setup() { # setup DIR ARCH CROSSFILE
    local dir=$1 arch=$2 cross=$3
    [ -f "$SRC/build-foreign/$arch/sysroot.txt" ] || { echo "mca-nosha: run scripts/foreign.sh $arch first" >&2; exit 1; }
    if [ ! -f "$dir/build.ninja" ]; then
        meson setup "$dir" "$SRC" --cross-file "$SRC/build-foreign/$arch/sysroot.txt" \
            --cross-file "$SRC/conf/cross/$cross" >&2
    fi
    nice -n 10 ninja -C "$dir" -j2 armsha.so bench/armsha-bench >&2
    mkdir -p "$dir/bench"
    gcc -O2 -shared -fPIC -fvisibility=hidden -o "$dir/bench/tbprof.so" "$SRC/bench/qemu-tbprof.c"
    gcc -O2 -shared -fPIC -fvisibility=hidden -o "$dir/bench/blocktrace.so" "$SRC/bench/qemu-blocktrace.c"
}

ARM64=$(mkdir -p "$ARM64" && cd "$ARM64" && pwd)
setup "$ARM64" arm64 aarch64-linux-gnu.txt
ARMSHA_NOSHA_ENV=$(nosha_env "$ARM64" "$SRC/build-foreign/arm64")
args=(--arm64 "$ARM64" "$SRC/build-foreign/arm64" --plugins64 "$ARM64/bench"
      --armsha-env "$ARMSHA_NOSHA_ENV" --keep "${KEEP:-$TMP}"
      --label "tree $(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo '(not a git checkout)')$(git -C "$SRC" diff --quiet HEAD -- src 2>/dev/null || echo '+changes')")
if [ -f "$SRC/build-foreign/armhf/sysroot.txt" ]; then
    ARMHF=$(mkdir -p "$ARMHF" && cd "$ARMHF" && pwd)
    setup "$ARMHF" armhf arm-linux-gnueabihf.txt
    args+=(--armhf "$ARMHF" "$SRC/build-foreign/armhf" --plugins32 "$ARMHF/bench")
fi
for m in ${MCA:-llvm-mca-16 llvm-mca-14}; do args+=(--mca "$m"); done
[ -z "${PLOT:-}" ] || args+=(--plot "$PLOT")
python3 "$SRC/bench/mca_nosha.py" "${args[@]}"
