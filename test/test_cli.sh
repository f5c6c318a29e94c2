#!/bin/sh
# The openssl command line with armsha (by -provider and by config file) against the default provider and coreutils.
# usage: test_cli.sh MODULE_DIR CONF_PATH OPENSSL_CMD...   (OPENSSL_CMD may start with a wrapper: qemu-aarch64 ...)
# env: ARMSHA_EXPECT_KERNELS (required): the "armsha-kernels" string the provider must report.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 MODULE_DIR CONF_PATH OPENSSL_CMD..." >&2
    exit 2
fi
module_dir=$1
conf=$2
shift 2

fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }

if [ ! -f "$module_dir/armsha.so" ]; then
    fail "no armsha.so in $module_dir"
fi
if [ ! -f "$conf" ]; then
    fail "no config file $conf"
fi
if [ -z "${ARMSHA_EXPECT_KERNELS:-}" ]; then
    fail "ARMSHA_EXPECT_KERNELS is not set: cannot tell a silent fallback from the intended kernels"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# Keep the machine's own openssl.cnf and module path out of the reference runs.
OPENSSL_CONF=/dev/null
export OPENSSL_CONF
unset OPENSSL_MODULES

echo "test_cli: openssl command: $*"
echo "test_cli: $(OPENSSL_CONF=/dev/null "$@" version 2>&1)"

: > "$tmp/empty"
printf 'a' > "$tmp/one"
head -c 1048576 /dev/urandom > "$tmp/mib"
head -c 100003 /dev/urandom > "$tmp/odd"
# Exactly one SHA-512 block plus padding edge: 111 and 112 bytes straddle the length field.
head -c 111 /dev/urandom > "$tmp/b111"
head -c 112 /dev/urandom > "$tmp/b112"
files="empty one mib odd b111 b112"

# Last field of "ALG(FILE)= HEX"; nothing when openssl failed.
hash_of() {
    out=$("$@" 2>"$tmp/err") || { sed 's/^/    | /' "$tmp/err"; return 1; }
    printf '%s\n' "$out" | sed -n 's/.*= *\([0-9a-f][0-9a-f]*\)$/\1/p' | head -n 1
}

for alg in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
    case $alg in
        sha512-224|sha512-256) sum= ;;
        *) sum=$(command -v "${alg}sum" 2>/dev/null || true) ;;
    esac
    for f in $files; do
        file=$tmp/$f
        checks=$((checks + 1))
        ref=$(hash_of "$@" dgst -provider default "-$alg" "$file")
        if [ -z "$ref" ]; then
            fail "$alg $f: default provider gave no digest"
            continue
        fi
        if [ -n "$sum" ]; then
            cu=$("$sum" "$file" | cut -d' ' -f1)
            if [ "$cu" != "$ref" ]; then
                fail "$alg $f: openssl default $ref, $(basename "$sum") $cu"
                continue
            fi
        fi
        byprov=$(hash_of "$@" dgst -provider-path "$module_dir" -provider armsha -provider default "-$alg" "$file")
        byconf=$(hash_of env OPENSSL_CONF="$conf" OPENSSL_MODULES="$module_dir" "$@" dgst "-$alg" "$file")
        if [ "$byprov" != "$ref" ]; then
            fail "$alg $f: -provider armsha gave '$byprov', default $ref"
        elif [ "$byconf" != "$ref" ]; then
            fail "$alg $f: OPENSSL_CONF=armsha.cnf gave '$byconf', default $ref"
        else
            pass "$alg $f: -provider armsha, OPENSSL_CONF and default${sum:+ and $(basename "$sum")} agree ($ref)"
        fi
    done
done

# OpenSSL 3.0's dgst falls back to libcrypto's built-in legacy digests when no provider
# offers one, so a correct digest alone does not prove armsha served it. What does: the
# provided-algorithm lists, and a module that refuses to load making dgst fail.
provided() { sed -n '/^Provided:/,$p' "$1" | grep " @ $2\$" | sed 's/ @ .*//; s/^ *//' | sort; }
checks=$((checks + 1))
if ! "$@" list -digest-algorithms -provider-path "$module_dir" -provider armsha > "$tmp/only" 2>&1; then
    sed 's/^/    | /' "$tmp/only"
    fail "list -digest-algorithms with armsha alone failed"
else
    n=$(provided "$tmp/only" armsha | wc -l)
    missing=
    for name in SHA1 SHA2-224 SHA2-256 SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256; do
        provided "$tmp/only" armsha | grep -q "[{ ]${name}[,}]" || missing="$missing $name"
    done
    if [ "$n" -ne 7 ] || [ -n "$missing" ]; then
        provided "$tmp/only" armsha | sed 's/^/    | /'
        fail "armsha alone provides $n digests (want 7), missing:${missing:- none}"
    else
        pass "list -digest-algorithms -provider armsha: the 7 digests @ armsha"
    fi
fi
checks=$((checks + 1))
if ! env OPENSSL_CONF="$conf" OPENSSL_MODULES="$module_dir" "$@" list -digest-algorithms > "$tmp/conflist" 2>&1; then
    sed 's/^/    | /' "$tmp/conflist"
    fail "list -digest-algorithms with the config failed"
else
    provided "$tmp/conflist" armsha > "$tmp/pa"
    provided "$tmp/conflist" default | grep -E '[{ ](SHA1|SHA2-(224|256|384|512|512/224|512/256))[,}]' > "$tmp/pd"
    if [ "$(wc -l < "$tmp/pa")" -eq 7 ] && cmp -s "$tmp/pa" "$tmp/pd"; then
        pass "with the config, armsha provides the 7 digests under exactly the default provider's names"
    else
        diff "$tmp/pd" "$tmp/pa" | sed 's/^/    | /'
        fail "with the config, armsha's provided digest names differ from default's (< default, > armsha)"
    fi
fi
checks=$((checks + 1))
if env ARMSHA_DISABLE=bogus "$@" dgst -provider-path "$module_dir" -provider armsha -provider default -sha256 "$tmp/one" > "$tmp/bogus" 2>&1; then
    sed 's/^/    | /' "$tmp/bogus"
    fail "dgst -provider armsha succeeded with ARMSHA_DISABLE=bogus (the module should refuse to load)"
else
    if grep -q bogus "$tmp/bogus"; then
        pass "ARMSHA_DISABLE=bogus: dgst -provider armsha fails and names the bad word"
    else
        sed 's/^/    | /' "$tmp/bogus"
        pass "ARMSHA_DISABLE=bogus: dgst -provider armsha fails (message does not name the word)"
    fi
fi

# The configured provider list names armsha and its kernels.
checks=$((checks + 1))
if ! OPENSSL_CONF=$conf OPENSSL_MODULES=$module_dir "$@" list -providers -verbose > "$tmp/list" 2>&1; then
    sed 's/^/    | /' "$tmp/list"
    fail "openssl list -providers -verbose failed with the config"
else
    sed 's/^/    | /' "$tmp/list"
    # The armsha entry: from its name line to the next provider's.
    sed -n '/^  armsha$/,/^  [^ ]/p' "$tmp/list" > "$tmp/entry"
    if ! grep -q '^  armsha$' "$tmp/list"; then
        fail "list -providers -verbose does not show armsha"
    elif ! grep -q '^  default$' "$tmp/list"; then
        fail "list -providers -verbose does not show default"
    elif ! grep -q 'status: active' "$tmp/entry"; then
        fail "list -providers -verbose: armsha is not active"
    elif [ -n "${ARMSHA_EXPECT_KERNELS:-}" ] && ! grep -qF "$ARMSHA_EXPECT_KERNELS" "$tmp/entry"; then
        fail "list -providers -verbose: armsha's entry does not show the kernels '$ARMSHA_EXPECT_KERNELS'"
    else
        pass "list -providers -verbose shows armsha (active, '${ARMSHA_EXPECT_KERNELS:-}') and default"
    fi
fi

echo "test_cli: $checks checks, $fails failures"
[ "$fails" -eq 0 ]
