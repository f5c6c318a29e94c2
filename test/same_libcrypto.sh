#!/bin/sh
# Does the program a test row drives load the libcrypto the row claims to test? A root with a
# newer OpenSSL can still hold programs built against the older one: Debian experimental's
# OpenSSL 4.0 (libssl4, libcrypto.so.4) sits beside sid's libssl3t64 (libcrypto.so.3, 3.6),
# which its curl, ssh-keygen, Python, coreutils, wpasupplicant and cryptsetup link. Run there,
# the row would test 3.6 under the 4.0 label; it must skip instead, and say why.
#   same_libcrypto.sh REF PROG        PROG: an ELF program or library, resolved by ldd
#   same_libcrypto.sh REF --python PY the libcrypto Python PY's _hashlib loads
# REF: the ELF program or library whose libcrypto is under test (the openssl program under
# test, or the armsha.so of a build: the OpenSSL it was built against).
# Exit 0: the same libcrypto (one line says which); 77: another one (a "SKIP: ..." line with
# both versions: the caller exits 77 with it); 3: PROG loads no libcrypto at all (the caller
# decides: a program with its own SHA code is a row of its own); 1: cannot tell.
# Native programs only: ldd and /proc/self/maps see this machine's loader, not qemu's.
set -u

[ $# -ge 2 ] || { echo "usage: $0 REF PROG | REF --python PY" >&2; exit 2; }
ref=$1
shift

# The libcrypto an ELF file ($1) loads, directly or through a library such as libcurl or
# libcryptsetup, as the loader resolves it for this environment; nothing when none.
ldd_libcrypto() {
    ldd "$1" 2>/dev/null | sed -n 's|^[[:space:]]*libcrypto\.so\.[0-9]* => \(/[^ ]*\).*|\1|p' | head -1
}
# The version text compiled into a libcrypto ($1): "OpenSSL 3.6.0 1 Oct 2025"; else its name.
version_of() {
    v=$(grep -ao 'OpenSSL [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*[^ ]* [0-9]* *[A-Z][a-z][a-z] [0-9][0-9][0-9][0-9]' "$1" 2>/dev/null | head -1)
    echo "${v:-${1##*/}}"
}

want=$(ldd_libcrypto "$ref")
[ -n "$want" ] || { echo "FAIL: cannot tell which libcrypto $ref loads (ldd)"; exit 1; }

if [ "$1" = --python ]; then
    [ $# -eq 2 ] || { echo "usage: $0 REF --python PY" >&2; exit 2; }
    what="$2's _hashlib"
    # _hashlib is an extension module (or built in): ldd of the interpreter does not show it.
    # The mapped files of a process that imported it do, whatever its search path; no
    # openssl.cnf, so that no provider (which may link another libcrypto) is loaded.
    got=$(OPENSSL_CONF=/dev/null "$2" -c '
import _hashlib, re
for line in open("/proc/self/maps"):
    m = re.search(r"(/\S*/libcrypto\.so\.\d+)$", line.strip())
    if m:
        print(m.group(1))
        break
') || { echo "FAIL: $2 cannot import _hashlib"; exit 1; }
else
    [ $# -eq 1 ] || { echo "usage: $0 REF PROG" >&2; exit 2; }
    what=$1
    got=$(ldd_libcrypto "$1")
fi
[ -n "$got" ] || { echo "$what links no libcrypto"; exit 3; }

got_real=$(readlink -f "$got") want_real=$(readlink -f "$want")
if [ "$got_real" != "$want_real" ]; then
    echo "SKIP: $what here loads ${got##*/} ($(version_of "$got_real")), not the ${want##*/} ($(version_of "$want_real")) under test: it is built against the other OpenSSL, so this row would test that one"
    exit 77
fi
echo "$what loads $got ($(version_of "$got_real")), the libcrypto under test"
