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
# Each server is started by test/tls_server.sh (a free port, its own ACCEPT line, bounded);
# each client is bounded by timeout too.
set -u
mods=$1 conf=$2
shift 2
. "$(dirname "$0")/tls_server.sh"
dir=$(mktemp -d)
cleanup() {
    tls_server_stop
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if ! OPENSSL_CONF=/dev/null "$@" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
        -subj /CN=localhost -days 2 -keyout "$dir/key.pem" -out "$dir/cert.pem" >"$dir/req.log" 2>&1; then
    echo "FAIL: cannot make a test certificate"; cat "$dir/req.log"; exit 1
fi
export OPENSSL_CONF="$conf" OPENSSL_MODULES="$mods"

fails=0
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
    # shellcheck disable=SC2086
    if ! tls_server_start "$dir/server.log" "$@" s_server -accept 127.0.0.1:0 -naccept 1 -www \
            -cert "$dir/cert.pem" -key "$dir/key.pem" $spec; then
        echo "FAIL: $spec: the server did not start"
        fails=$((fails + 1))
        continue
    fi
    # shellcheck disable=SC2086
    printf 'GET / HTTP/1.0\r\n\r\n' | timeout 120 "$@" s_client -connect "127.0.0.1:$tls_server_port" \
        -ign_eof $spec >"$dir/client.log" 2>&1
    # -naccept 1: the server ends after this one connection (and within its timeout anyway).
    wait "$tls_server_pid" 2>/dev/null
    tls_server_pid=
    want=${spec##* }
    if grep -q "HTTP/1.0 200 ok" "$dir/client.log" && grep -q "Cipher is $want" "$dir/client.log"; then
        echo "ok: $spec: handshake, request and answer"
    else
        echo "FAIL: $spec"; echo "client:"; tail -20 "$dir/client.log"; echo "server:"; cat "$dir/server.log"
        fails=$((fails + 1))
    fi
done
[ $fails -eq 0 ]
