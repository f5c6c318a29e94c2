#!/bin/sh
# Python's own test_hashlib and test_hmac (Debian's libpython3.X-testsuite) under
# conf/armsha.cnf, where armsha serves SHA-1/SHA-2, HMAC (hmac.digest) and PBKDF2
# (hashlib.pbkdf2_hmac). Skipped (77) when the test suite is not installed, or when Python's
# _hashlib loads another libcrypto than armsha.so's (test/same_libcrypto.sh).
#   python_tests.sh MODULEDIR CONF PYTHON
set -u
ver=$("$3" -c 'import sys; print("%d.%d" % sys.version_info[:2])') || exit 1
if [ ! -f "/usr/lib/python$ver/test/test_hmac.py" ] || [ ! -f "/usr/lib/python$ver/test/test_hashlib.py" ]; then
    echo "SKIP: Python $ver's test suite is not installed (apt-get install libpython$ver-testsuite)"
    exit 77
fi
# Python's _hashlib must load the libcrypto armsha.so was built against, else this would test
# another OpenSSL (experimental's 4.0 build beside sid's Python, linked to 3.6): skipped (77).
"$(dirname "$0")/same_libcrypto.sh" "$1/armsha.so" --python "$3" || exit $(($? == 77 ? 77 : 1))
OPENSSL_MODULES=$1 OPENSSL_CONF=$2 "$3" -m test test_hashlib test_hmac
