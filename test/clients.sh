#!/usr/bin/env bash
# The clients table of the README, one row per call: unmodified programs get armsha through
# openssl.cnf, give the same answers as OpenSSL's default provider, and armsha really serves
# them. "Served" is shown one of two ways: under a strict openssl.cnf where digests can only
# come from armsha (default_properties = provider=armsha, no "?"), or, where the program
# needs other algorithms too (TLS, signatures, PBKDF2), by counting with gdb the calls into
# armsha's block functions (armsha_sha*_blocks_*) while the program runs, and those of its
# PBKDF2 lane kernels (armsha_sha*_x2_*, counted apart as sha1lanes, ...).
# Usage: clients.sh ROW MODULE_DIR CONF OPENSSL [LOWLEVEL_SHA]
#   ROW: dgst x509 tls13 tls12 hashlib pbkdf2 test_hashlib curl ssh-keygen lowlevel coreutils
#        wpa_passphrase cryptsetup
#   LOWLEVEL_SHA: test/lowlevel_sha (built by meson), for the lowlevel row
# Exit 0 pass, 1 fail, 77 skipped (the program or gdb missing, or the program loads another
# libcrypto than the OpenSSL under test: same_libcrypto below).
# (pipefail: a match in a pipe is "grep ... >/dev/null", not "grep -q", which may stop
# reading early and fail the writer with SIGPIPE.)
set -uo pipefail

row=$1 module_dir=$2 conf=$3 openssl=$4 lowlevel=${5:-}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }
skip() { echo "SKIP: $*"; exit 77; }
# Debian's own python3 (its hashlib is linked to the system libcrypto), not one from PATH.
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-clients.XXXXXX") || exit 1
# tls_server_start, tls_server_wait_accept, tls_server_stop: TLS servers bounded in time.
. "$(dirname "$0")/tls_server.sh"
cleanup() {
    tls_server_stop
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

export OPENSSL_MODULES=$module_dir
# The reference: the default provider alone, whatever the machine's openssl.cnf says.
ref() { OPENSSL_CONF=/dev/null "$@"; }
# armsha preferred for digests, the default provider for the rest (what users install).
pref() { OPENSSL_CONF=$conf "$@"; }
# Digests from armsha or not at all: armsha and default active, every fetch must be armsha's.
sed 's/^default_properties = ?provider=armsha/default_properties = provider=armsha/' "$conf" >"$tmp/strict.cnf"
grep -q '^default_properties = provider=armsha$' "$tmp/strict.cnf" || { echo "FAIL: cannot make the strict config from $conf"; exit 1; }
strict() { OPENSSL_CONF=$tmp/strict.cnf "$@"; }

head -c 100003 /dev/urandom >"$tmp/data"

# gdb counting: under_gdb OUT CMD ARGS... runs CMD with stdout in OUT, stderr in OUT.err and
# stdin from $STDIN (default /dev/null); sets $gdb_exit and $hits ("sha1=N sha256=N sha512=N
# sha1lanes=N sha256lanes=N sha512lanes=N kdf=N": one-lane block functions, multi-lane
# kernels, then derivations through armsha's PBKDF2, armsha_pbkdf2_hmac).
block_fns=$(nm "$module_dir/armsha.so" 2>/dev/null | awk '$2 ~ /^[tT]$/ && $3 ~ /^armsha_sha(1|256|512)_(blocks|x[0-9]+)_/ {print $3}')
need_gdb() {
    command -v gdb >/dev/null || skip "gdb is not installed (scripts/deps.sh installs it)"
    [ -n "$block_fns" ] || { echo "FAIL: no armsha_sha*_blocks_* symbols in $module_dir/armsha.so"; exit 1; }
    baseline
}
under_gdb() {
    local out=$1 f fam q=() a
    shift
    for a in "${@:2}"; do q+=("$(printf '%q' "$a")"); done
    {
        echo "set pagination off"
        echo "set confirm off"
        echo "set breakpoint pending on"
        # A peer that hangs up must end the program the way it would without gdb.
        echo "handle SIGPIPE nostop noprint pass"
        echo 'set $sha1 = 0'
        echo 'set $sha256 = 0'
        echo 'set $sha512 = 0'
        echo 'set $sha1lanes = 0'
        echo 'set $sha256lanes = 0'
        echo 'set $sha512lanes = 0'
        echo 'set $kdf = 0'
        printf 'break armsha_pbkdf2_hmac\ncommands\nsilent\nset $kdf = $kdf + 1\ncontinue\nend\n'
        for f in $block_fns; do
            fam=${f#armsha_}
            fam=${fam%%_*}
            # A lane kernel (armsha_sha1_x2_portable) counts as sha1lanes.
            case $f in *_blocks_*) ;; *) fam=${fam}lanes ;; esac
            printf 'break %s\ncommands\nsilent\nset $%s = $%s + 1\ncontinue\nend\n' "$f" "$fam" "$fam"
        done
        echo "run ${q[*]} > $out 2> $out.err < ${STDIN:-/dev/null}"
        printf 'if $_isvoid($_exitcode)\nprintf "exit=killed\\n"\nelse\nprintf "exit=%%d\\n", $_exitcode\nend\n'
        echo 'printf "hits=sha1=%d sha256=%d sha512=%d sha1lanes=%d sha256lanes=%d sha512lanes=%d kdf=%d\n", $sha1, $sha256, $sha512, $sha1lanes, $sha256lanes, $sha512lanes, $kdf'
    } >"$tmp/gdb.cmd"
    timeout 120 gdb -q -batch -nx -x "$tmp/gdb.cmd" --args "$1" >"$out.gdb" 2>&1
    gdb_exit=$(sed -n 's/^exit=//p' "$out.gdb")
    hits=$(sed -n 's/^hits=//p' "$out.gdb")
    [ -n "$gdb_exit" ] || { gdb_exit=255; tail -5 "$out.gdb"; }
}
# The count of family $2 (sha1, sha256, sha512) in the hits string $1.
count_of() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# The calls a load of armsha makes by itself (the known-answer self-test of the kernels it
# chooses): `openssl list -providers` loads armsha and hashes nothing. A client is served when
# it calls a family's block function more often than that.
baseline() {
    [ -n "${base:-}" ] && return
    local saved_hits=${hits:-} saved_exit=${gdb_exit:-}
    export OPENSSL_CONF=$conf
    under_gdb "$tmp/base.out" "$openssl" list -providers
    unset OPENSSL_CONF
    grep -q armsha "$tmp/base.out" || { echo "FAIL: armsha does not load with $conf"; cat "$tmp/base.out"*; exit 1; }
    base=$hits hits=$saved_hits gdb_exit=$saved_exit
    echo "calls made by loading armsha alone (self-test): $base"
}
served() { # $1: what, $2: the family that must have been called (sha1, sha256, sha512)
    local n b
    baseline
    n=$(count_of "$hits" "$2") b=$(count_of "$base" "$2")
    if [ "${n:-0}" -gt "${b:-0}" ]; then
        pass "$1: armsha's $2 block function ran $((n - b)) times beyond the load ($hits)"
    else
        fail "$1: armsha's $2 block function did not run beyond the load ($hits; load alone: $base)"
    fi
}

# Unless the program a row drives loads the libcrypto of $openssl, the OpenSSL under test, the
# row skips (77) and says which it loads: a root with a newer OpenSSL can still hold clients
# built against the older one (experimental's 4.0 beside sid's libssl3t64, which its curl,
# ssh-keygen, Python and the rest link), and there the row would test that older OpenSSL
# under the newer one's name (test/same_libcrypto.sh). same_libcrypto PROG | --python PY:
# 0 the same, 3 PROG links no libcrypto (the row decides what that means); exits otherwise.
same_libcrypto() {
    local out rc
    out=$("$(dirname "$0")/same_libcrypto.sh" "$openssl" "$@")
    rc=$?
    echo "$out"
    case $rc in
        0 | 3) return $rc ;;
        77) exit 77 ;;
        *) exit 1 ;;
    esac
}

# A self-signed P-256 certificate made by the default provider alone.
make_cert() {
    ref "$openssl" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 -days 2 \
        -keyout "$tmp/key.pem" -out "$tmp/cert.pem" -subj /CN=localhost \
        -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null || { echo "FAIL: cannot make a certificate"; exit 1; }
}
# start_server ref|pref ARGS...: openssl s_server on 127.0.0.1, a free port, one connection,
# with the default provider alone (ref) or armsha preferred (pref); sets $port.
start_server() {
    local cnf
    case $1 in ref) cnf=/dev/null ;; pref) cnf=$conf ;; esac
    shift
    tls_server_start "$tmp/server.out" env OPENSSL_CONF="$cnf" "$openssl" s_server \
        -accept 127.0.0.1:0 -naccept 1 -cert "$tmp/cert.pem" -key "$tmp/key.pem" "$@" || exit 1
    port=$tls_server_port
}

case $row in
dgst)
    # Strict: the digests can only come from armsha, and the same config refuses MD5 (which
    # armsha lacks), so the strictness is real.
    for a in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
        want=$(ref "$openssl" dgst -"$a" -r "$tmp/data" | cut -d' ' -f1)
        got=$(strict "$openssl" dgst -"$a" -r "$tmp/data" | cut -d' ' -f1)
        case $a in sha512-*) core=$want ;; *) core=$("${a}sum" "$tmp/data" | cut -d' ' -f1) ;; esac
        [ -n "$got" ] && [ "$got" = "$want" ] && [ "$got" = "$core" ] &&
            pass "openssl dgst -$a with digests only from armsha = default provider = coreutils" ||
            fail "openssl dgst -$a: armsha '$got', default '$want', coreutils '$core'"
    done
    strict "$openssl" dgst -md5 "$tmp/data" >/dev/null 2>&1 && fail "the strict config still gives MD5: it does not force armsha"
    pass "the strict config refuses MD5 (armsha has none): digests there come from armsha or nowhere"
    ;;
x509)
    need_gdb
    # A CA and two leaf keys, made by the default provider alone.
    for k in ca leaf1 leaf2; do
        ref "$openssl" genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$tmp/$k.key" ||
            { echo "FAIL: genpkey"; exit 1; }
    done
    # The CA extensions spelled out: OpenSSL 3.5's req adds none without a config file.
    ref "$openssl" req -x509 -new -key "$tmp/ca.key" -sha256 -days 2 -subj /CN=armsha-test-ca \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
        -out "$tmp/ca.pem" &&
        ref "$openssl" req -new -key "$tmp/leaf1.key" -subj /CN=leaf1 -out "$tmp/leaf1.csr" &&
        ref "$openssl" x509 -req -in "$tmp/leaf1.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" -sha256 \
            -days 2 -out "$tmp/leaf1.pem" 2>/dev/null &&
        ref "$openssl" req -new -key "$tmp/leaf2.key" -subj /CN=leaf2 -out "$tmp/leaf2.csr" ||
        { echo "FAIL: cannot make the CA and the requests"; exit 1; }
    export OPENSSL_CONF=$conf
    # Signing (ECDSA with SHA-256) with armsha preferred; checked by the default provider alone.
    under_gdb "$tmp/sign.out" "$openssl" x509 -req -in "$tmp/leaf2.csr" -CA "$tmp/ca.pem" \
        -CAkey "$tmp/ca.key" -sha256 -days 2 -out "$tmp/leaf2.pem"
    [ "$gdb_exit" = 0 ] && served "openssl x509 -req -CA (signing a certificate)" sha256 ||
        { fail "openssl x509 -req under armsha: exit $gdb_exit"; cat "$tmp/sign.out.err"; }
    # Verifying a certificate the default provider signed, with armsha preferred.
    under_gdb "$tmp/verify.out" "$openssl" verify -CAfile "$tmp/ca.pem" "$tmp/leaf1.pem"
    grep -q ': OK$' "$tmp/verify.out" && served "openssl verify (of a certificate signed by default)" sha256 ||
        { fail "openssl verify under armsha"; cat "$tmp/verify.out" "$tmp/verify.out.err"; }
    under_gdb "$tmp/fp.out" "$openssl" x509 -in "$tmp/leaf1.pem" -noout -fingerprint -sha512
    unset OPENSSL_CONF
    ref "$openssl" verify -CAfile "$tmp/ca.pem" "$tmp/leaf2.pem" >/dev/null &&
        pass "the default provider alone verifies the certificate signed with armsha" ||
        fail "the default provider cannot verify the certificate signed with armsha"
    ref "$openssl" x509 -in "$tmp/leaf2.pem" -noout -text | grep 'Signature Algorithm: ecdsa-with-SHA256' >/dev/null ||
        fail "the certificate is not signed with ecdsa-with-SHA256"
    want=$(ref "$openssl" x509 -in "$tmp/leaf1.pem" -noout -fingerprint -sha512)
    [ "$(cat "$tmp/fp.out")" = "$want" ] && served "openssl x509 -fingerprint -sha512 (= the default provider's)" sha512 ||
        fail "x509 -fingerprint -sha512: armsha '$(cat "$tmp/fp.out")', default '$want'"
    ;;
tls13 | tls12)
    need_gdb
    make_cert
    if [ "$row" = tls13 ]; then
        # armsha in the client, OpenSSL's default provider alone in the server.
        start_server ref -www -tls1_3
        export OPENSSL_CONF=$conf
        under_gdb "$tmp/client.out" "$openssl" s_client -connect "127.0.0.1:$port" -tls1_3 \
            -CAfile "$tmp/cert.pem" -verify_return_error -brief
        unset OPENSSL_CONF
        who="client (armsha) to server (default)"
        fam=sha512 # TLS_AES_256_GCM_SHA384, the first TLS 1.3 suite: SHA-384
    else
        # armsha in the server, the default provider alone in the client.
        export OPENSSL_CONF=$conf
        STDIN=/dev/null
        # under_gdb bounds gdb (and the server in it) with its own timeout.
        : >"$tmp/server.out"
        (
            under_gdb "$tmp/server.out" "$openssl" s_server -accept 127.0.0.1:0 -naccept 1 \
                -cert "$tmp/cert.pem" -key "$tmp/key.pem" -www -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256
            echo "$hits" >"$tmp/server.hits"
        ) &
        unset OPENSSL_CONF
        tls_server_wait_accept "$tmp/server.out" $! || exit 1
        port=$tls_server_port
        ref timeout 60 "$openssl" s_client -connect "127.0.0.1:$port" -tls1_2 -CAfile "$tmp/cert.pem" \
            -verify_return_error -brief >"$tmp/client.out" 2>"$tmp/client.out.err" </dev/null
        gdb_exit=$?
        wait "$tls_server_pid"
        tls_server_pid=
        hits=$(cat "$tmp/server.hits" 2>/dev/null)
        who="server (armsha) to client (default)"
        fam=sha256 # ECDHE-ECDSA-AES128-GCM-SHA256: PRF and handshake hash SHA-256
    fi
    proto=$([ "$row" = tls13 ] && echo TLSv1.3 || echo TLSv1.2)
    if [ "$gdb_exit" = 0 ] && grep -q "Protocol version: $proto" "$tmp/client.out.err" "$tmp/client.out" &&
        grep -q 'Verification: OK' "$tmp/client.out.err" "$tmp/client.out"; then
        pass "$proto handshake over 127.0.0.1, $who: $(grep -h 'Ciphersuite' "$tmp/client.out.err" "$tmp/client.out" | head -1)"
        served "$proto $who" "$fam"
    else
        fail "$proto handshake $who (exit $gdb_exit)"
        cat "$tmp/client.out" "$tmp/client.out.err" "$tmp/server.out" 2>/dev/null
    fi
    ;;
hashlib)
    same_libcrypto --python "$python"
    # Strict config: hashlib's OpenSSL constructors and hmac's OpenSSL HMAC work only through
    # armsha; the expected values come from the default provider through the openssl program.
    args=()
    for a in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
        py=${a/-/_}
        args+=("$py" "$(ref "$openssl" dgst -"$a" -r "$tmp/data" | cut -d' ' -f1)"
            "$(ref "$openssl" dgst -"$a" -hmac armsha-key -r "$tmp/data" | cut -d' ' -f1)")
    done
    strict "$python" - "$tmp/data" "${args[@]}" <<'EOF' || fails=$((fails + 1))
import hashlib, hmac, sys
data = open(sys.argv[1], 'rb').read()
rest, bad = sys.argv[2:], 0
for i in range(0, len(rest), 3):
    name, want, want_mac = rest[i:i + 3]
    h = hashlib.new(name, data)
    m = hmac.new(b'armsha-key', data, name)
    # _hashlib.HASH / _hashlib.HMAC: OpenSSL's; else Python fell back to its own code.
    ok = (type(h).__module__ == '_hashlib' and h.hexdigest() == want
          and type(getattr(m, '_hmac', None)).__module__ == '_hashlib' and m.hexdigest() == want_mac)
    print(('ok: ' if ok else 'FAIL: ') + 'hashlib.new(%r) %s and hmac.new %s with digests only from armsha = default provider'
          % (name, type(h).__module__, type(getattr(m, '_hmac', m)).__module__))
    bad += not ok
fast = hashlib.sha256(data)
if type(fast).__module__ != '_hashlib':
    print('FAIL: hashlib.sha256 is', type(fast)); bad += 1
if type(hashlib.md5()).__module__ == '_hashlib':
    print('FAIL: the strict config still gives OpenSSL MD5: it does not force armsha'); bad += 1
else:
    print('ok: hashlib.md5 falls back to Python\'s own code under the strict config (armsha has no MD5)')
sys.exit(1 if bad else 0)
EOF
    ;;
pbkdf2)
    same_libcrypto --python "$python"
    need_gdb
    # PBKDF2 needs the KDF and HMAC of the default provider; the digest under them is armsha's.
    iter=300
    want=$(ref "$openssl" kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt pass:armsha-password \
        -kdfopt salt:armsha-salt -kdfopt iter:$iter PBKDF2 | tr -d ':\n' | tr 'A-F' 'a-f')
    export OPENSSL_CONF=$conf
    under_gdb "$tmp/py.out" "$python" -c "import hashlib; print(hashlib.pbkdf2_hmac('sha256', b'armsha-password', b'armsha-salt', $iter).hex())"
    unset OPENSSL_CONF
    got=$(cat "$tmp/py.out")
    [ "$gdb_exit" = 0 ] && [ "$got" = "$want" ] && pass "hashlib.pbkdf2_hmac('sha256', ..., $iter) = the default provider's PBKDF2" ||
        { fail "pbkdf2_hmac: '$got', default '$want' (exit $gdb_exit)"; cat "$tmp/py.out.err"; }
    baseline
    n=$(( $(count_of "$hits" sha256) - $(count_of "$base" sha256) ))
    # Each iteration hashes at least the inner and the outer block of HMAC.
    [ "$n" -ge $((2 * iter)) ] && pass "pbkdf2_hmac: armsha's sha256 block function ran $n times beyond the load for $iter iterations" ||
        fail "pbkdf2_hmac: armsha's sha256 block function ran $n times beyond the load, fewer than 2 x $iter"
    ;;
test_hashlib)
    "$python" -c 'import test.test_hashlib' 2>/dev/null ||
        skip "Python's test package is not installed (Debian 12: libpython3.11-testsuite)"
    same_libcrypto --python "$python"
    echo "$("$python" --version), under $conf"
    pref "$python" -m test -q test_hashlib >"$tmp/out" 2>&1 && pass "python3 -m test test_hashlib with armsha preferred: $(tail -1 "$tmp/out")" ||
        { fail "python3 -m test test_hashlib"; tail -30 "$tmp/out"; }
    ;;
curl)
    need_gdb
    command -v curl >/dev/null || skip "curl is not installed"
    same_libcrypto "$(command -v curl)" || skip "curl links no libcrypto (built with another TLS library): armsha cannot serve it"
    echo "$(curl -V | head -1)"
    make_cert
    start_server pref -www -tls1_3
    export OPENSSL_CONF=$conf
    under_gdb "$tmp/page" curl -sS --max-time 30 --tlsv1.3 --cacert "$tmp/cert.pem" \
        --resolve "localhost:$port:127.0.0.1" "https://localhost:$port/"
    unset OPENSSL_CONF
    tls_server_stop
    if [ "$gdb_exit" = 0 ] && grep -q 'TLSv1.3' "$tmp/page"; then
        pass "curl --tlsv1.3 from openssl s_server -www (both with armsha preferred)"
        served "curl over TLS 1.3" sha512
    else
        fail "curl (exit $gdb_exit)"; cat "$tmp/page.err" "$tmp/page" | head -20
    fi
    ;;
ssh-keygen)
    need_gdb
    command -v ssh-keygen >/dev/null || skip "ssh-keygen is not installed"
    same_libcrypto "$(command -v ssh-keygen)" || skip "ssh-keygen links no libcrypto (OpenSSH built without OpenSSL): armsha cannot serve it"
    ssh-keygen -q -t ed25519 -N '' -C armsha -f "$tmp/id" || { echo "FAIL: ssh-keygen -t ed25519"; exit 1; }
    # The fingerprint is SHA-256 over the key blob, base64 without padding.
    want=SHA256:$(cut -d' ' -f2 "$tmp/id.pub" | base64 -d | ref "$openssl" dgst -sha256 -binary | base64 | tr -d '=')
    export OPENSSL_CONF=$conf
    under_gdb "$tmp/fp" ssh-keygen -l -E sha256 -f "$tmp/id.pub"
    unset OPENSSL_CONF
    got=$(cut -d' ' -f2 "$tmp/fp")
    [ "$gdb_exit" = 0 ] && [ "$got" = "$want" ] && pass "ssh-keygen -l -E sha256: $got = the default provider's" ||
        fail "ssh-keygen -l: '$got', want '$want' (exit $gdb_exit)"
    served "ssh-keygen -l -E sha256 (OpenSSH's digest-openssl.c: EVP_sha256() through libcrypto)" sha256
    ;;
lowlevel)
    need_gdb
    [ -x "$lowlevel" ] || { echo "FAIL: no lowlevel_sha program given"; exit 1; }
    # The build's own program, linked against the build's libcrypto: another one than the
    # openssl program's when a newer OpenSSL runs an older build (experimental-compat-x86).
    same_libcrypto "$lowlevel" || { echo "FAIL: $lowlevel links no libcrypto"; exit 1; }
    want=$(ref "$openssl" dgst -sha256 -r "$tmp/data" | cut -d' ' -f1)
    export OPENSSL_CONF=$conf
    STDIN=$tmp/data under_gdb "$tmp/oneshot" "$lowlevel" oneshot
    oneshot_hits=$hits oneshot_exit=$gdb_exit
    STDIN=$tmp/data under_gdb "$tmp/init" "$lowlevel" init
    unset OPENSSL_CONF
    # SHA256() is EVP_Q_digest() inside OpenSSL 3: a provider serves it.
    hits=$oneshot_hits
    [ "$oneshot_exit" = 0 ] && [ "$(cat "$tmp/oneshot")" = "$want" ] && served "SHA256() one-shot (deprecated API)" sha256 ||
        fail "SHA256(): '$(cat "$tmp/oneshot")', want '$want' (exit $oneshot_exit)"
    # SHA256_Init/Update/Final run OpenSSL's own code, whatever openssl.cnf says.
    hits=$(sed -n 's/^hits=//p' "$tmp/init.gdb")
    baseline
    [ "$gdb_exit" = 0 ] && [ "$(cat "$tmp/init")" = "$want" ] && [ "$hits" = "$base" ] &&
        pass "SHA256_Init/Update/Final (deprecated API): right digest, no armsha call beyond the load ($hits): not served" ||
        fail "SHA256_Init/Update/Final: '$(cat "$tmp/init")' want '$want', exit $gdb_exit, $hits (load alone: $base)"
    ;;
coreutils)
    # Debian 12's sha*sum carry their own SHA code; Debian 13's link libcrypto but call its
    # low-level SHA*_Init/Update/Final, which no provider serves. Either way: not armsha.
    # First all three: one that links another libcrypto skips the row before any verdict.
    own=
    for p in sha1sum sha256sum sha512sum; do
        path=$(command -v "$p") || continue
        same_libcrypto "$path" || own="$own $p"
    done
    need_gdb
    for p in sha1sum sha256sum sha512sum; do
        path=$(command -v "$p") || { fail "$p missing"; continue; }
        fam=${p%sum}
        case "$own " in
            *" $p "*) pass "$p does not link libcrypto: its own SHA code, never armsha"; continue ;;
        esac
        want=$(ref "$openssl" dgst -"$fam" -r "$tmp/data" | cut -d' ' -f1)
        export OPENSSL_CONF=$conf
        under_gdb "$tmp/$p.out" "$path" "$tmp/data"
        unset OPENSSL_CONF
        [ "$gdb_exit" = 0 ] && [ "$(cut -d' ' -f1 "$tmp/$p.out")" = "$want" ] || fail "$p: wrong digest or exit $gdb_exit"
        n=$(count_of "$hits" "$fam") b=$(count_of "$base" "$fam")
        if [ "${n:-0}" -le "${b:-0}" ]; then
            pass "$p links libcrypto ($(nm -D "$path" | grep -o 'SHA[0-9]*_Init' | sort -u | tr '\n' ' ')), but no armsha call beyond a load ($hits): not served"
        else
            fail "$p: armsha served it ($hits, load alone $base): the README's clients table says it does not"
        fi
    done
    ;;
wpa_passphrase)
    # Wi-Fi's WPA2 PSK: PBKDF2-HMAC-SHA1(passphrase, SSID, 4096 iterations, 32 bytes), two
    # SHA-1 blocks of output, which armsha derives side by side on its lane kernel.
    wpa=$(command -v wpa_passphrase) || skip "wpa_passphrase is not installed (Debian: wpasupplicant; scripts/deps.sh installs it)"
    same_libcrypto "$wpa" || skip "$wpa links no libcrypto (its own PBKDF2): armsha cannot serve it"
    need_gdb
    psk_of() { sed -n 's/^[[:space:]]*psk=//p' "$1"; }
    # armsha's KDF off, digests still armsha's, and (strict) no other provider may serve.
    sed 's/^default_properties = ?provider=armsha/default_properties = provider=armsha/' \
        "$(dirname "$0")/armsha-kdf-off.cnf" >"$tmp/strict-kdf-off.cnf"
    # The published vectors of IEEE 802.11i-2004, Annex H.4 (passphrase, SSID, PSK).
    ieee=f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e
    for v in "password IEEE $ieee" \
        "ThisIsAPassword ThisIsASSID 0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af"; do
        set -- $v
        def=$(ref "$openssl" kdf -keylen 32 -kdfopt digest:SHA1 -kdfopt "pass:$1" -kdfopt "salt:$2" \
            -kdfopt iter:4096 PBKDF2 | tr -d ':\n' | tr 'A-F' 'a-f')
        ref "$wpa" "$2" "$1" >"$tmp/wpa-ref" && strict "$wpa" "$2" "$1" >"$tmp/wpa-strict"
        got=$(psk_of "$tmp/wpa-strict") want=$(psk_of "$tmp/wpa-ref")
        [ "$got" = "$3" ] && [ "$want" = "$3" ] && [ "$def" = "$3" ] &&
            pass "wpa_passphrase '$2' '$1' with PBKDF2 only from armsha = without armsha = the default provider's PBKDF2 = IEEE 802.11i H.4: $got" ||
            fail "wpa_passphrase '$2' '$1': armsha only '$got', without armsha '$want', default PBKDF2 '$def', published $3"
    done
    # The strict config is real: without armsha's KDF nothing may derive, and wpa_passphrase
    # 2.10, which does not check PBKDF2's result, prints what its buffer held.
    OPENSSL_CONF=$tmp/strict-kdf-off.cnf "$wpa" IEEE password >"$tmp/wpa-off" 2>&1
    off=$(psk_of "$tmp/wpa-off")
    [ "$off" != "$ieee" ] && pass "with armsha's KDF off under the strict config, no provider derives: wpa_passphrase prints psk=$off" ||
        fail "the strict config with armsha's KDF off still derives the right psk: it does not force armsha"
    # Counted: armsha's PBKDF2 ran once, on its lane kernel where it has one.
    export OPENSSL_CONF=$conf
    under_gdb "$tmp/wpa.out" "$wpa" IEEE password
    unset OPENSSL_CONF
    baseline
    got=$(psk_of "$tmp/wpa.out")
    [ "$gdb_exit" = 0 ] && [ "$got" = "$ieee" ] || fail "wpa_passphrase under gdb: '$got' (exit $gdb_exit)"
    k=$(( $(count_of "$hits" kdf) - $(count_of "$base" kdf) ))
    l=$(( $(count_of "$hits" sha1lanes) - $(count_of "$base" sha1lanes) ))
    b=$(( $(count_of "$hits" sha1) - $(count_of "$base" sha1) ))
    [ "$k" -eq 1 ] && pass "wpa_passphrase: armsha_pbkdf2_hmac ran once ($hits)" ||
        fail "wpa_passphrase: armsha_pbkdf2_hmac ran $k times beyond the load, not once ($hits; load alone: $base)"
    # 4095 iterations after the first, an inner and an outer compression each, on both chains:
    # 8190 calls of a two-lane kernel, or 16380 of the one-lane function where none is chosen.
    # The setup's lane count (ARMSHA_EXPECT_LANES, "sha1=2 ..."), where it names one.
    want_lanes=$(echo "${ARMSHA_EXPECT_LANES:-}" | tr ' ' '\n' | sed -n 's/^sha1=//p')
    if [ "${want_lanes:-1}" -ge 2 ] && [ "$l" -eq 0 ]; then
        fail "wpa_passphrase: the setup expects sha1=$want_lanes lanes, and no SHA-1 lane kernel ran ($hits)"
    elif [ "$l" -gt 0 ]; then
        [ "$l" -ge 8190 ] && pass "wpa_passphrase: armsha's two-lane SHA-1 kernel ran $l times (both chains of the 2-block PSK together)" ||
            fail "wpa_passphrase: armsha's SHA-1 lane kernel ran only $l times, fewer than 2 x 4095"
    else
        [ "$b" -ge 16380 ] && pass "wpa_passphrase: armsha's one-lane SHA-1 block function ran $b times (no lane kernel chosen)" ||
            fail "wpa_passphrase: armsha's SHA-1 ran $b one-lane and $l lane calls, fewer than the PSK's 16380 compressions"
    fi
    ;;
cryptsetup)
    # cryptsetup 2.x's OpenSSL backend (lib/crypto_backend/crypto_openssl.c) makes its own
    # library context, OSSL_LIB_CTX_new() with the "default" and "legacy" providers loaded by
    # name, and fetches PBKDF2 there (outside FIPS mode): openssl.cnf, and so armsha, does not
    # reach it. armsha is loaded all the same (the process's default context reads
    # openssl.cnf), and is not called. The row checks that both ways it reports its
    # iterations per second (the figures go to the log; no timing is asserted).
    cs=$(command -v cryptsetup) || skip "cryptsetup is not installed (Debian: cryptsetup-bin; scripts/deps.sh installs it)"
    same_libcrypto "$cs" || skip "$cs links no libcrypto (another crypto backend): armsha cannot serve it"
    need_gdb
    echo "$("$cs" --version)"
    # Its backend line names the libcrypto it derives with: the OpenSSL under test's version.
    backend=$(pref "$cs" --debug benchmark --pbkdf pbkdf2 --hash sha256 --key-size 512 2>&1 | grep 'Crypto backend')
    echo "$backend"
    v=$(ref "$openssl" version | sed 's/.*(Library: //' | cut -d' ' -f1,2)
    case $backend in
        *"($v "*) pass "cryptsetup's crypto backend is $v, the OpenSSL under test" ;;
        *) fail "cryptsetup's crypto backend is not $v: '$backend'" ;;
    esac
    ips() { sed -n 's/^PBKDF2-'"$1"' *\([0-9][0-9]*\) iterations per second.*/\1/p' "$2"; }
    # --key-size 512: an aes-xts-plain64 LUKS keyslot's key, 2 SHA-256 or 4 SHA-1 blocks.
    for h in sha1 sha256; do
        ref "$cs" benchmark --pbkdf pbkdf2 --hash "$h" --key-size 512 >"$tmp/cs-ref" 2>&1
        without=$(ips "$h" "$tmp/cs-ref")
        export OPENSSL_CONF=$conf
        under_gdb "$tmp/cs-pref" "$cs" benchmark --pbkdf pbkdf2 --hash "$h" --key-size 512
        unset OPENSSL_CONF
        with=$(ips "$h" "$tmp/cs-pref")
        fam=$h
        [ -n "$without" ] && [ -n "$with" ] && [ "$gdb_exit" = 0 ] &&
            pass "cryptsetup benchmark --pbkdf pbkdf2 --hash $h --key-size 512: $without iterations per second without armsha, $with with armsha in openssl.cnf" ||
            { fail "cryptsetup benchmark --hash $h: '$without' without, '$with' with armsha (exit $gdb_exit)"; cat "$tmp/cs-ref" "$tmp/cs-pref" "$tmp/cs-pref.err"; }
        baseline
        k=$(( $(count_of "$hits" kdf) - $(count_of "$base" kdf) ))
        n=$(( $(count_of "$hits" "$fam") + $(count_of "$hits" "${fam}lanes") - $(count_of "$base" "$fam") - $(count_of "$base" "${fam}lanes") ))
        if [ "$k" -le 0 ] && [ "$n" -le 0 ]; then
            pass "cryptsetup --hash $h: armsha is not called beyond its load ($hits; load alone: $base): cryptsetup's PBKDF2 comes from its own library context's default provider, not served"
        else
            fail "cryptsetup --hash $h: armsha served it ($hits; load alone: $base): the README's clients table says it does not"
        fi
    done
    ;;
*)
    echo "unknown row $row"
    exit 2
    ;;
esac

echo "clients $row: $fails failures"
[ "$fails" -eq 0 ]
