#!/bin/sh
# The fleet-safe key through the openssl CLI: with conf/armsha-fleet.cnf (portable = no) armsha
# provides only the families whose kernel here is not the portable one, every digest still
# comes out right (from default for the rest), and a bad word refuses the load.
# usage: portable.sh MODULE_DIR FLEET_CONF OPENSSL_CMD...   (OPENSSL_CMD may start with qemu-aarch64)
# env: ARMSHA_EXPECT_KERNELS (required): the kernels armsha must choose here.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 MODULE_DIR FLEET_CONF OPENSSL_CMD..." >&2
    exit 2
fi
module_dir=$1
fleet=$2
shift 2

fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }

if [ -z "${ARMSHA_EXPECT_KERNELS:-}" ]; then
    echo "FAIL: ARMSHA_EXPECT_KERNELS is not set"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-portable.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
OPENSSL_CONF=/dev/null
export OPENSSL_CONF
unset OPENSSL_MODULES ARMSHA_PORTABLE

# The digests armsha must offer: those of each family whose expected kernel is not portable.
offered=$(sh "$(dirname "$0")/expect_offered.sh" "$ARMSHA_EXPECT_KERNELS") || exit 1
echo "portable: kernels \"$ARMSHA_EXPECT_KERNELS\" -> armsha must offer \"$offered\""

# 1. What armsha provides under the fleet configuration.
checks=$((checks + 1))
if ! env OPENSSL_CONF="$fleet" OPENSSL_MODULES="$module_dir" "$@" list -digest-algorithms > "$tmp/list" 2>&1; then
    sed 's/^/    | /' "$tmp/list"
    fail "list -digest-algorithms with $fleet failed"
else
    got=
    for name in SHA1 SHA2-224 SHA2-256 SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256; do
        sed -n '/^Provided:/,$p' "$tmp/list" | grep " @ armsha\$" | grep -q "[{ ]${name}[,}]" \
            && got="$got $name"
    done
    got=${got# }
    if [ "$got" = "$offered" ]; then
        pass "fleet config: armsha provides \"$got\""
    else
        sed 's/^/    | /' "$tmp/list"
        fail "fleet config: armsha provides \"$got\", want \"$offered\""
    fi
fi

# 2. Every digest still right with the fleet configuration (from default where armsha is out).
head -c 100003 /dev/urandom > "$tmp/data"
for alg in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
    checks=$((checks + 1))
    ref=$("$@" dgst -provider default "-$alg" -r "$tmp/data" 2>&1 | cut -d' ' -f1)
    got=$(env OPENSSL_CONF="$fleet" OPENSSL_MODULES="$module_dir" "$@" dgst "-$alg" -r "$tmp/data" 2>&1 | cut -d' ' -f1)
    if [ -n "$ref" ] && [ "$got" = "$ref" ]; then
        pass "fleet config: dgst -$alg matches the default provider ($ref)"
    else
        fail "fleet config: dgst -$alg gave '$got', default '$ref'"
    fi
done

# 3. The provider's build info says what it offers.
checks=$((checks + 1))
env OPENSSL_CONF="$fleet" OPENSSL_MODULES="$module_dir" "$@" list -providers -verbose > "$tmp/prov" 2>&1
if grep -qF "portable = no, offered: ${offered:-nothing})" "$tmp/prov"; then
    pass "list -providers -verbose: \"portable = no, offered: ${offered:-nothing}\""
else
    sed 's/^/    | /' "$tmp/prov"
    fail "list -providers -verbose does not say \"portable = no, offered: ${offered:-nothing}\""
fi

# 4. ARMSHA_PORTABLE: yes overrides the fleet file (all seven again); no does what the key does;
# another word refuses the load with the word named.
checks=$((checks + 1))
env ARMSHA_PORTABLE=yes OPENSSL_CONF="$fleet" OPENSSL_MODULES="$module_dir" "$@" list -digest-algorithms > "$tmp/yes" 2>&1
n=$(sed -n '/^Provided:/,$p' "$tmp/yes" | grep -c " @ armsha\$")
if [ "$n" -eq 7 ]; then
    pass "ARMSHA_PORTABLE=yes over portable = no: armsha provides all 7"
else
    sed 's/^/    | /' "$tmp/yes"
    fail "ARMSHA_PORTABLE=yes over portable = no: armsha provides $n digests, want 7"
fi
checks=$((checks + 1))
env ARMSHA_PORTABLE=no "$@" list -digest-algorithms -provider-path "$module_dir" -provider armsha > "$tmp/no" 2>&1
n=$(sed -n '/^Provided:/,$p' "$tmp/no" | grep -c " @ armsha\$")
want=$(echo "$offered" | wc -w)
if [ "$n" -eq "$want" ]; then
    pass "ARMSHA_PORTABLE=no with -provider armsha: $n digests"
else
    sed 's/^/    | /' "$tmp/no"
    fail "ARMSHA_PORTABLE=no with -provider armsha: $n digests, want $want"
fi
checks=$((checks + 1))
if env ARMSHA_PORTABLE=maybe "$@" dgst -provider-path "$module_dir" -provider armsha -provider default -sha256 "$tmp/data" > "$tmp/maybe" 2>&1; then
    sed 's/^/    | /' "$tmp/maybe"
    fail "ARMSHA_PORTABLE=maybe: armsha loaded anyway"
elif grep -q 'ARMSHA_PORTABLE = "maybe": not a yes/no word' "$tmp/maybe"; then
    pass "ARMSHA_PORTABLE=maybe: the load fails and names the word"
else
    sed 's/^/    | /' "$tmp/maybe"
    fail "ARMSHA_PORTABLE=maybe: the load fails without naming the word"
fi

echo "portable: $checks checks, $fails failures"
[ "$fails" -eq 0 ]
