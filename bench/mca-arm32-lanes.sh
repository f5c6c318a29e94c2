#!/usr/bin/env bash
# The AArch32 CE rows of bench/mca.sh: the one-lane loops against OpenSSL's armv4 CE loops, and
# the two-lane forms (PBKDF2, issue 22) against the one-lane loops, and the PBKDF2 entries' loops
# (both lanes, a whole iteration) against four one-lane blocks. Each kernel file compiled
# as src/meson.build compiles it for armhf, OpenSSL's loops cut from the armhf libcrypto.so.3
# that scripts/foreign.sh unpacked (or LIBCRYPTO_ARMHF), then bench/mca_arm32_lanes.py (which
# says how the models are used). Markdown on stdout.
#
#   bench/mca-arm32-lanes.sh
#
# Environment: CC32 (default arm-linux-gnueabihf-gcc), MCA, MCA_OTHER (default llvm-mca-16,
# llvm-mca-14), KEEP=dir keeps the listings there.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
LIB32=${LIBCRYPTO_ARMHF:-$SRC/build-foreign/armhf/usr/lib/arm-linux-gnueabihf/libcrypto.so.3}
[ -f "$LIB32" ] || { echo "mca-arm32-lanes: $LIB32 is missing (bash scripts/foreign.sh armhf unpacks it)" >&2; exit 1; }
CC32=${CC32:-arm-linux-gnueabihf-gcc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP"; TMP=$KEEP; trap - EXIT; }

# src/meson.build's ce_flags (armhf: hard float).
flags="-O3 -march=armv8-a -mfpu=crypto-neon-fp-armv8 -mfloat-abi=hard -fno-schedule-insns -fPIC"
for f in sha1_ce sha1_ce_x2 sha256_ce sha256_ce_x2; do
    # shellcheck disable=SC2086
    "$CC32" $flags -I"$SRC/include" -I"$SRC/src" -S -o "$TMP/$f.s" "$SRC/src/arm32/$f.c"
done
tools=()
for t in "${MCA:-llvm-mca-16}" "${MCA_OTHER:-llvm-mca-14}"; do
    command -v "$t" >/dev/null && tools+=("$t")
done
python3 "$SRC/bench/mca_arm32_lanes.py" --openssl "$LIB32" "$TMP" "${tools[@]}" <<'EOF'
sha1_ce_x2|armsha_sha1_x2_aarch32|sha1_ce|armsha_sha1_blocks_aarch32|SHA-1 CE
sha256_ce_x2|armsha_sha256_x2_aarch32|sha256_ce|armsha_sha256_blocks_aarch32|SHA-256 CE
sha1_ce_x2|armsha_sha1_pbkdf2_x2_aarch32|sha1_ce|armsha_sha1_blocks_aarch32|SHA-1 CE|4
sha256_ce_x2|armsha_sha256_pbkdf2_x2_aarch32|sha256_ce|armsha_sha256_blocks_aarch32|SHA-256 CE|4
EOF
