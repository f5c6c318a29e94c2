#!/usr/bin/env bash
# Debian's arm64 wpa_passphrase (wpasupplicant, unpacked by scripts/foreign.sh, never
# installed) under qemu-aarch64 with armsha through openssl.cnf, as a user configures it:
# the WPA2 PSK equals the default provider's and IEEE 802.11i's published vectors, and armsha
# computed it. Counted, not assumed: qemu's TCG plugin bench/qemu-tbprof.c counts how often
# each translated block ran, the guest's loader (LD_DEBUG=files) says where armsha.so was
# mapped, and nm where its functions start, so the executions of the block at a function's
# entry are its calls: armsha_pbkdf2_hmac once, and where the setup says SHA-1 has two
# lanes (ARMSHA_EXPECT_LANES) the two-lane PBKDF2 entry once with its loop run 4095 times
# (the most any block inside it ran: both chains of the 2-block PSK at once, the whole loop
# inside the entry) or, without such an entry, 2 x 4095 calls of the two-lane SHA-1 kernel;
# else 4 x 4095 one-lane compressions. A strict config (PBKDF2 from
# armsha or nowhere) is checked too, with armsha's KDF turned off as its control.
# Usage: wpa_passphrase_qemu.sh MODULE_DIR CONF WPA_PASSPHRASE RUN_WRAPPER... -- OPENSSL
#   RUN_WRAPPER: scripts/qemu-run.sh aarch64 SYSROOT (the cross file's run_wrapper, whose
#   final "--" ends it); QEMU_CPU picks the model (the meson test setups set it).
# Exit 0 pass, 1 fail, 77 skipped (no wpa_passphrase unpacked).
set -uo pipefail

module_dir=$1 conf=$2 wpa=$3
shift 3
wrapper=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    wrapper+=("$1")
    shift
done
[ "${1:-}" = -- ] && [ $# -eq 2 ] || { echo "usage: wpa_passphrase_qemu.sh MODULE_DIR CONF WPA RUN_WRAPPER... -- OPENSSL"; exit 2; }
openssl=$2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }
[ -f "$wpa" ] || { echo "SKIP: no arm64 wpa_passphrase at $wpa (scripts/foreign.sh arm64 unpacks wpasupplicant)"; exit 77; }

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-wpa.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export OPENSSL_MODULES=$module_dir
run() { "${wrapper[@]}" -- "$@"; }
psk_of() { sed -n 's/^[[:space:]]*psk=//p' "$1"; }
echo "qemu-aarch64 -cpu ${QEMU_CPU:-max}; wpa_passphrase from wpasupplicant $(cat "$(dirname "$wpa")/../../.client-wpasupplicant" 2>/dev/null)"

sed 's/^default_properties = ?provider=armsha/default_properties = provider=armsha/' "$conf" >"$tmp/strict.cnf"
sed 's/^default_properties = ?provider=armsha/default_properties = provider=armsha/' \
    "$here/armsha-kdf-off.cnf" >"$tmp/strict-kdf-off.cnf"
grep -q '^default_properties = provider=armsha$' "$tmp/strict.cnf" "$tmp/strict-kdf-off.cnf" ||
    { echo "FAIL: cannot make the strict configs"; exit 1; }

# IEEE 802.11i-2004, Annex H.4: (passphrase, SSID, PSK).
ieee=f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e
for v in "password IEEE $ieee" \
    "ThisIsAPassword ThisIsASSID 0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af"; do
    set -- $v
    def=$(OPENSSL_CONF=/dev/null run "$openssl" kdf -keylen 32 -kdfopt digest:SHA1 -kdfopt "pass:$1" \
        -kdfopt "salt:$2" -kdfopt iter:4096 PBKDF2 | tr -d ':\n' | tr 'A-F' 'a-f')
    OPENSSL_CONF=/dev/null run "$wpa" "$2" "$1" >"$tmp/ref"
    OPENSSL_CONF=$tmp/strict.cnf run "$wpa" "$2" "$1" >"$tmp/strict"
    got=$(psk_of "$tmp/strict") want=$(psk_of "$tmp/ref")
    [ "$got" = "$3" ] && [ "$want" = "$3" ] && [ "$def" = "$3" ] &&
        pass "arm64 wpa_passphrase '$2' '$1' with PBKDF2 only from armsha = without armsha = the default provider's = IEEE 802.11i H.4: $got" ||
        fail "arm64 wpa_passphrase '$2' '$1': armsha only '$got', without armsha '$want', default PBKDF2 '$def', published $3"
done
# The strict config is real: with armsha's KDF off nothing derives (wpa_passphrase 2.10
# does not check PBKDF2's result and prints what its buffer held).
OPENSSL_CONF=$tmp/strict-kdf-off.cnf run "$wpa" IEEE password >"$tmp/off" 2>&1
off=$(psk_of "$tmp/off")
[ "$off" != "$ieee" ] && pass "with armsha's KDF off under the strict config no provider derives: psk=$off" ||
    fail "the strict config with armsha's KDF off still gives the right psk: it does not force armsha"

# Counted, with armsha preferred (conf/armsha.cnf as shipped).
cc -O2 -shared -fPIC -fvisibility=hidden -o "$tmp/tbprof.so" "$here/../bench/qemu-tbprof.c" ||
    { echo "FAIL: cannot build bench/qemu-tbprof.c"; exit 1; }
OPENSSL_CONF=$conf LD_DEBUG=files "${wrapper[@]}" -plugin "$tmp/tbprof.so,out=$tmp/prof" -- \
    "$wpa" IEEE password >"$tmp/counted" 2>"$tmp/ld"
got=$(psk_of "$tmp/counted")
[ "$got" = "$ieee" ] || fail "arm64 wpa_passphrase with armsha preferred, counted: '$got'"
so=$module_dir/armsha.so
base=$(grep -A2 "file=$so .*generating link map" "$tmp/ld" | sed -n 's/.* base: \(0x[0-9a-f]*\).*/\1/p' | head -1)
[ -n "$base" ] || { echo "FAIL: the guest loader did not report where $so was mapped"; grep -m3 armsha "$tmp/ld"; exit 1; }
# calls FUNCTION...: how often the blocks at these functions' entries ran.
calls() {
    local f a want=""
    for f in "$@"; do
        a=$(nm "$so" | awk -v f="$f" '$3 == f {print $1}')
        [ -n "$a" ] && want+=" $(printf '%x' $((base + 0x$a)))"
    done
    awk -v list="$want" 'BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) w[a[i]] = 1 }
        ($1 in w) { total += $3 }
        END { print total + 0 }' "$tmp/prof"
}
lane_fns=$(nm "$so" | awk '$2 ~ /^[tT]$/ && $3 ~ /^armsha_sha1_x[0-9]+_/ {print $3}')
one_fns=$(nm "$so" | awk '$2 ~ /^[tT]$/ && $3 ~ /^armsha_sha1_blocks_/ {print $3}')
entry_fns=$(nm "$so" | awk '$2 ~ /^[tT]$/ && $3 ~ /^armsha_sha1_pbkdf2_x[0-9]+_/ {print $3}')
# most FUNCTION...: the most often any block inside these functions ran (a loop's count).
most() {
    local f start='' size='' ranges=''
    for f in "$@"; do
        read -r start size < <(nm -S "$so" | awk -v f="$f" '$4 == f {print $1, $2}')
        [ -n "$start" ] && ranges+=" $((base + 0x$start)):$((base + 0x$start + 0x$size))"
    done
    # Addresses in hex in the profile; mawk has no strtonum.
    awk -v list="$ranges" 'function hex(s,  i, n) { n = 0; s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return n }
        BEGIN { n = split(list, r, " "); for (i = 1; i <= n; i++) { split(r[i], p, ":"); lo[i] = p[1]; hi[i] = p[2] } }
        { a = hex($1); for (i = 1; i <= n; i++) if (a >= lo[i] + 0 && a < hi[i] + 0 && $3 > m) m = $3 }
        END { print m + 0 }' "$tmp/prof"
}
k=$(calls armsha_pbkdf2_hmac)
l=$(calls $lane_fns)
b=$(calls $one_fns)
e=$(calls $entry_fns)
ei=$(most $entry_fns)
echo "armsha.so at $base: armsha_pbkdf2_hmac $k calls, SHA-1 lane kernels ($(echo $lane_fns)) $l, their PBKDF2 entries ($(echo $entry_fns)) $e (a block inside ran $ei times), one-lane ($(echo $one_fns)) $b"
[ "$k" -eq 1 ] && pass "armsha_pbkdf2_hmac ran once: armsha derived the PSK" ||
    fail "armsha_pbkdf2_hmac ran $k times, not once"
lanes=$(echo "${ARMSHA_EXPECT_LANES:-}" | tr ' ' '\n' | sed -n 's/^sha1=//p')
# 4095 iterations after the first, an inner and an outer compression each, on both chains.
if [ "${lanes:-1}" -ge 2 ] && [ -n "$entry_fns" ]; then
    [ "$e" -eq 1 ] && [ "$ei" -ge 4095 ] && pass "the two-lane SHA-1 PBKDF2 entry ran once, its loop $ei times: both chains of the 2-block PSK side by side" ||
        fail "the two-lane SHA-1 PBKDF2 entry ran $e times, its loop $ei (want once, >= 4095), though the setup expects sha1=$lanes lanes"
elif [ "${lanes:-1}" -ge 2 ]; then
    [ "$l" -ge 8190 ] && pass "the two-lane SHA-1 kernel ran $l times: both chains of the 2-block PSK side by side" ||
        fail "the SHA-1 lane kernel ran $l times, fewer than 2 x 4095, though the setup expects sha1=$lanes lanes"
else
    [ "$b" -ge 16380 ] && [ "$l" -eq 0 ] && [ "$e" -eq 0 ] && pass "one lane (sha1=${lanes:-1}): the one-lane SHA-1 block function ran $b times, no lane kernel" ||
        fail "one lane expected: $b one-lane calls (want >= 16380), $l lane-kernel and $e entry calls (want 0)"
fi

echo "wpa_passphrase under qemu: $fails failures"
[ "$fails" -eq 0 ]
