#!/usr/bin/env bash
# SHA-512 on two NEON lanes for 32-bit ARM (issue 22), measured without a kernel: one block of
# src/arm32/sha512_neon.c (compiled as src/meson.build compiles it for armhf) against a
# two-lane block that bench/mca_arm32_sha512_lanes.py writes (q registers, lane A in the low
# half, lane B in the high, W in a ring on the stack), on llvm-mca's Cortex-A57 AArch32
# model, its Cortex-A53/A55 models through an AArch64 rewrite, and the calibrated in-order
# A53 model (bench/mca_arm32_sha512_lanes.py says how). Markdown on stdout; about two minutes.
#
#   bench/mca-arm32-sha512-lanes.sh
#
# Environment: CC32 (default arm-linux-gnueabihf-gcc), MCA (default "llvm-mca-16 llvm-mca-14"),
# KEEP=dir keeps the listings (one-lane.s, two-lane-kernel.s, two-lane-start.s and
# their .a64.s, .a64q.s).
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
CC32=${CC32:-arm-linux-gnueabihf-gcc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP"; TMP=$KEEP; trap - EXIT; }

# src/meson.build's neon_flags for armhf (GCC's default there is Thumb-2, as the module's).
"$CC32" -O3 -mfpu=neon -mfloat-abi=hard -I"$SRC/include" -I"$SRC/src" -S \
    -o "$TMP/sha512_neon.s" "$SRC/src/arm32/sha512_neon.c"
tools=()
for t in ${MCA:-llvm-mca-16 llvm-mca-14}; do
    command -v "$t" >/dev/null && tools+=("$t")
done
python3 "$SRC/bench/mca_arm32_sha512_lanes.py" "$TMP/sha512_neon.s" "$TMP" "${tools[@]}"
