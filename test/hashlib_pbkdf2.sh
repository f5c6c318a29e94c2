#!/bin/sh
# Python's hashlib.pbkdf2_hmac served by armsha: under an openssl.cnf that activates armsha and
# the base provider only (no default provider, so no other PBKDF2 or SHA-256), it must give the
# common PBKDF2-HMAC-SHA256 c=4096 value; with armsha's PBKDF2 turned off it must fail.
#   hashlib_pbkdf2.sh MODULEDIR PYTHON
set -u
# Python's _hashlib must load the libcrypto armsha.so was built against, else this would test
# another OpenSSL (experimental's 4.0 build beside sid's Python, linked to 3.6): skipped (77).
"$(dirname "$0")/same_libcrypto.sh" "$1/armsha.so" --python "$2" || exit $(($? == 77 ? 77 : 1))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/armsha-base.cnf" <<'CNF'
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
base = base_sect
armsha = armsha_sect
[base_sect]
activate = 1
[armsha_sect]
activate = 1
CNF
script='
import hashlib, sys
dk = hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 4096, 32).hex()
print(dk)
sys.exit(0 if dk == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a" else 1)
'
export OPENSSL_MODULES="$1" OPENSSL_CONF="$dir/armsha-base.cnf"
if "$2" -c "$script"; then
    echo "ok: hashlib.pbkdf2_hmac(sha256) with armsha and base only gives the expected value"
else
    echo "FAIL: hashlib.pbkdf2_hmac under armsha and base"
    exit 1
fi
if ARMSHA_DISABLE=pbkdf2 "$2" -c "$script" >/dev/null 2>&1; then
    echo "FAIL: hashlib.pbkdf2_hmac still worked with armsha's PBKDF2 off: the check above proves nothing"
    exit 1
fi
echo "ok: with ARMSHA_DISABLE=pbkdf2 it fails: armsha served it above"
