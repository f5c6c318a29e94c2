#!/bin/sh
# In a setgid program, an unprivileged caller's ARMSHA_DISABLE (or the variable named) must not
# reach armsha (it is read with secure_getenv): a word that would make armsha refuse to load
# is ignored there.
# Control: the same program without the setgid bit refuses, with the error naming the word.
# Needs root (to make a setgid copy), setpriv and the user nobody; natively only (qemu user
# mode does not run setuid/setgid programs as such). Exits 77 (skipped) otherwise.
# Usage: secure_env.sh LOAD_PROBE MODULE [VARIABLE]   (default ARMSHA_DISABLE)
set -u
probe=$1 module=$2 var=${3:-ARMSHA_DISABLE}
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null || ! id nobody >/dev/null 2>&1; then
    echo "SKIP: needs root, setpriv and the user nobody"
    exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Copies that nobody can read and run wherever the build tree is (CI may build under /root).
cp "$probe" "$dir/probe" && cp "$module" "$dir/armsha.so" || exit 1
chmod 755 "$dir" "$dir/probe" && chmod 644 "$dir/armsha.so"
as_nobody() {
    setpriv --reuid=nobody --regid=nogroup --clear-groups env "$var=bogus-word" "$dir/probe" "$dir/armsha.so"
}

fail=0
out=$(as_nobody 2>&1)
if echo "$out" | grep -q "bogus-word"; then
    echo "ok: control: a plain program's $var reaches armsha (refused, naming the word)"
else
    echo "FAIL: control: expected armsha to refuse $var=bogus-word, got:"; echo "$out"; fail=1
fi
# Owned by root's group, setgid: run by nobody, the process gains a group it did not have,
# so the kernel sets AT_SECURE and glibc's secure_getenv answers NULL.
chgrp root "$dir/probe" && chmod 2755 "$dir/probe" || exit 1
out=$(as_nobody 2>&1)
if echo "$out" | grep -q "^loaded:"; then
    echo "ok: setgid: $var from the unprivileged caller is ignored ($out)"
else
    echo "FAIL: setgid: armsha took $var from an unprivileged caller:"; echo "$out"; fail=1
fi
exit $fail
