#!/bin/sh
# TLS 1.2 and 1.3 under conf/armsha.cnf, where armsha serves HMAC (the TLS 1.2 PRF, the CBC
# record MACs) and the digests: s_server and s_client complete the handshake and carry an HTTP
# request and answer, for CBC suites with HMAC-SHA1, -SHA256 and -SHA384 (with
# encrypt-then-MAC, and without it, where the receiving side's constant-time CBC MAC
# ("tls-data-size") is handed to the default provider's HMAC; OPENSSL_ia32cap keeps x86 off
# its AES-NI "stitched" CBC-HMAC ciphers, which would do the MAC inside the cipher), a GCM
# suite, and two TLS 1.3 suites.
#   [TLS_QUICK=1] tls_handshake.sh MODULEDIR CONF OPENSSL...
# TLS_QUICK=1 (under qemu, where each run costs seconds): one suite per kind only.
set -u
mods=$1 conf=$2
shift 2
dir=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT

if ! OPENSSL_CONF=/dev/null "$@" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
        -subj /CN=localhost -days 2 -keyout "$dir/key.pem" -out "$dir/cert.pem" >"$dir/req.log" 2>&1; then
    echo "FAIL: cannot make a test certificate"; cat "$dir/req.log"; exit 1
fi
export OPENSSL_CONF="$conf" OPENSSL_MODULES="$mods"

fails=0
port=$((20000 + $$ % 20000))
export OPENSSL_ia32cap="~0x200000200000000"
specs_quick='-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA|-tls1_2 -no_etm -cipher ECDHE-ECDSA-AES128-SHA256|-tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384'
for spec in "-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA" "-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA256" \
            "-tls1_2 -cipher ECDHE-ECDSA-AES256-SHA384" "-tls1_2 -no_etm -cipher ECDHE-ECDSA-AES128-SHA" \
            "-tls1_2 -no_etm -cipher ECDHE-ECDSA-AES128-SHA256" \
            "-tls1_2 -no_etm -cipher ECDHE-ECDSA-AES256-SHA384" "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256" \
            "-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256" "-tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384"; do
    if [ "${TLS_QUICK:-0}" = 1 ] && ! printf '%s\n' "$specs_quick" | tr '|' '\n' | grep -qx -- "$spec"; then
        continue
    fi
    port=$((port + 1))
    # shellcheck disable=SC2086
    "$@" s_server -accept "127.0.0.1:$port" -naccept 1 -www -cert "$dir/cert.pem" \
        -key "$dir/key.pem" $spec >"$dir/server.log" 2>&1 &
    server_pid=$!
    tries=0
    while ! grep -q ACCEPT "$dir/server.log" 2>/dev/null && [ $tries -lt 300 ]; do
        sleep 0.1; tries=$((tries + 1))
    done
    # shellcheck disable=SC2086
    printf 'GET / HTTP/1.0\r\n\r\n' | "$@" s_client -connect "127.0.0.1:$port" -ign_eof $spec \
        >"$dir/client.log" 2>&1
    wait "$server_pid" 2>/dev/null
    server_pid=
    want=${spec##* }
    if grep -q "HTTP/1.0 200 ok" "$dir/client.log" && grep -q "Cipher is $want" "$dir/client.log"; then
        echo "ok: $spec: handshake, request and answer"
    else
        echo "FAIL: $spec"; tail -20 "$dir/client.log"; tail -5 "$dir/server.log"
        fails=$((fails + 1))
    fi
done
[ $fails -eq 0 ]
