#!/usr/bin/env bash
# Re-measures everything and rewrites the generated sections of bench/RESULTS.md.
#
#   bench/update-results.sh [ARM_BUILDDIR] [NATIVE_BUILDDIR]
#
# Defaults: build-bench-arm and build-bench under the source root (set up when missing).
# Runs bench/insncount.sh (and its MODE=pi), bench/insncount-mac.sh, bench/insncount-armhf.sh (when
# build-foreign/armhf/ is there; build folder $ARMHF, default build-bench-armhf),
# bench/mca.sh, bench/mca-openssl.sh, bench/mca-nosha.sh, the native armsha-bench and
# bench/lanes-native.sh, and puts each output
# between its <!-- BEGIN name --> / <!-- END name --> markers; the prose around them is
# left alone (re-read it against the new figures).
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ARM=${1:-$SRC/build-bench-arm}
NATIVE=${2:-$SRC/build-bench}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

echo "update-results: instruction counts (qemu) ..." >&2
"$SRC/bench/insncount.sh" "$ARM" >"$OUT/insncount"
echo "update-results: HMAC and PBKDF2 instruction counts (qemu) ..." >&2
"$SRC/bench/insncount-mac.sh" "$ARM" >"$OUT/insncount-mac"
echo "update-results: instruction counts without SHA instructions (qemu, MODE=pi) ..." >&2
MODE=pi "$SRC/bench/insncount.sh" "$ARM" >"$OUT/insncount-nosha"
names="insncount insncount-mac insncount-nosha mca speed"
# armhf (qemu-arm), when scripts/foreign.sh armhf has unpacked its OpenSSL.
if [ -f "$SRC/build-foreign/armhf/sysroot.txt" ]; then
    echo "update-results: armhf instruction counts (qemu-arm) ..." >&2
    "$SRC/bench/insncount-armhf.sh" "${ARMHF:-$SRC/build-bench-armhf}" >"$OUT/insncount-armhf"
    names="$names insncount-armhf"
fi
echo "update-results: llvm-mca ..." >&2
"$SRC/bench/mca.sh" >"$OUT/mca"
# Cores without SHA instructions (issue 21): one traced block a side, llvm-mca and the
# in-order A53 model (the armhf rows when build-foreign/armhf is unpacked); first, for the
# picture's no-SHA panel.
echo "update-results: cycles a block without SHA instructions ..." >&2
PLOT="$OUT/mca-nosha.plot" "$SRC/bench/mca-nosha.sh" "$ARM" "${ARMHF:-$SRC/build-bench-armhf}" >"$OUT/mca-nosha"
names="$names mca-nosha"
# armsha's kernels against OpenSSL's shipped loops on every model (the same two builds; it
# needs both, so only where the armhf one was set up above), and bench/mca-openssl.svg.
if [ -f "${ARMHF:-$SRC/build-bench-armhf}/build.ninja" ]; then
    echo "update-results: llvm-mca against OpenSSL's loops ..." >&2
    NOSHA_PLOT="$OUT/mca-nosha.plot" "$SRC/bench/mca-openssl.sh" "$ARM" "${ARMHF:-$SRC/build-bench-armhf}" >"$OUT/mca-openssl"
    names="$names mca-openssl"
fi
echo "update-results: native throughput ..." >&2
[ -f "$NATIVE/build.ninja" ] || meson setup "$NATIVE" "$SRC" >&2
ninja -C "$NATIVE" armsha.so bench/armsha-bench >&2
{
    echo "## Native throughput ($(uname -m), \`armsha-bench\`)"
    echo
    OPENSSL_MODULES="$NATIVE" "$NATIVE/bench/armsha-bench" -t 0.2 -r 3
} >"$OUT/speed"
# The portable C on two lanes (issue 22), natively, with its bound.
echo "update-results: native PBKDF2 lanes ..." >&2
"$SRC/bench/lanes-native.sh" "$NATIVE" >"$OUT/lanes-native"
names="$names lanes-native"

python3 - "$SRC/bench/RESULTS.md" "$OUT" $names <<'EOF'
import os, re, sys

path, out = sys.argv[1], sys.argv[2]
text = open(path).read()
for name in sys.argv[3:]:
    body = open(os.path.join(out, name)).read().rstrip() + "\n"
    pat = re.compile(r"(<!-- BEGIN %s -->\n).*?(<!-- END %s -->)" % (name, name), re.S)
    if not pat.search(text):
        sys.exit("RESULTS.md has no %s markers" % name)
    text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
open(path, "w").write(text)
EOF
echo "update-results: bench/RESULTS.md updated" >&2
