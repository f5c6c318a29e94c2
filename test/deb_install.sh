#!/usr/bin/env bash
# The Debian package's life in a Debian root (made and mounted by scripts/osroot.sh):
# dpkg -i (apt resolving the dependencies), the documented openssl.cnf change (one .include
# line), `openssl dgst -sha256` served by armsha, the change undone, dpkg --purge, and no file
# left behind or changed compared with before the install.
# Usage: deb_install.sh CHROOT PACKAGE.deb   (the .deb at a path visible inside the chroot)
# (pipefail: "| grep -q" would fail when grep stops reading before the writer ends, so
# matches are tested with "grep ... >/dev/null", which reads everything.)
set -uo pipefail

chroot_dir=$1 deb=$2
cnf=/etc/ssl/openssl.cnf
line='.include /usr/share/armsha/system.cnf'
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }
in_chroot() {
    chroot "$chroot_dir" /usr/bin/env PATH=/usr/bin:/bin:/usr/sbin:/sbin DEBIAN_FRONTEND=noninteractive \
        OPENSSL_CONF="$cnf" "$@"
}
# Leaves the cached chroot as found even when a check fails half-way.
cleanup() {
    in_chroot sed -i "\\|^$line\$|d" "$cnf"
    in_chroot dpkg -s armsha >/dev/null 2>&1 && in_chroot dpkg --purge armsha >/dev/null
}
[ -f "$deb" ] || { echo "FAIL: no package $deb"; exit 1; }
cleanup
trap cleanup EXIT

# Every file of the chroot but the mounts, the shared tree and dpkg's/apt's own records
# and logs, with its type, mode, size and checksum, so that a change shows as well as a leftover.
top=$(cd "$(dirname "$0")/.." && pwd | cut -d/ -f2)
snapshot() {
    (cd "$chroot_dir" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./tmp \
        -o -path ./run -o -path "./$top" -o -path ./var/log -o -path ./var/cache \
        -o -path ./var/lib/dpkg -o -path ./var/lib/apt \) -prune -o -printf '%y %m %s %p\n' | sort)
    sha256sum "$chroot_dir$cnf"
}
before=$(mktemp) after=$(mktemp) data=$(mktemp -p "$chroot_dir/tmp")
trap 'cleanup; rm -f "$before" "$after" "$data"' EXIT
snapshot >"$before"
head -c 100000 /dev/urandom >"$data"
data_in=/tmp/$(basename "$data")
want=$(sha256sum "$data" | cut -d' ' -f1)

# Without the package, a fetch that must come from armsha fails (the check below can fail).
in_chroot openssl dgst -sha256 -propquery provider=armsha "$data_in" >/dev/null 2>&1 &&
    fail "before the install, armsha already serves sha256"

echo "--- dpkg -i $(basename "$deb")"
if in_chroot dpkg -i "$deb" || in_chroot apt-get install -f -y -q; then
    pass "installed: $(in_chroot dpkg-query -W -f='${Package} ${Version} ${Architecture}' armsha)"
else
    fail "dpkg -i and apt-get install -f"
fi
modulesdir=$(in_chroot openssl version -m | sed -n 's/^MODULESDIR: "\(.*\)"/\1/p')
[ -f "$chroot_dir$modulesdir/armsha.so" ] && pass "armsha.so in libcrypto's modules dir $modulesdir" ||
    fail "no armsha.so in $modulesdir"
for f in /usr/share/armsha/system.cnf /usr/share/armsha/armsha.cnf /usr/share/doc/armsha/copyright \
    /usr/share/doc/armsha/changelog.gz /usr/share/doc/armsha/README; do
    [ -f "$chroot_dir$f" ] || fail "package lacks $f"
done
[ -x "$chroot_dir/usr/bin/armsha-doctor" ] && pass "armsha-doctor in /usr/bin" ||
    fail "package lacks /usr/bin/armsha-doctor (the doctor branch adds the meson target)"
# Installing changes no configuration: armsha is not loaded yet.
in_chroot openssl list -providers | grep armsha >/dev/null && fail "armsha active before openssl.cnf names it"

echo "--- enable: append '$line' to $cnf"
echo "$line" >>"$chroot_dir$cnf"
providers=$(in_chroot openssl list -providers 2>&1)
echo "$providers" | sed 's/^/    | /'
echo "$providers" | grep -qx '  armsha' && echo "$providers" | grep -qx '  default' &&
    pass "openssl list -providers: armsha and default active" || fail "armsha and default not both active"
got=$(in_chroot openssl dgst -sha256 -propquery provider=armsha -r "$data_in" | cut -d' ' -f1)
[ "$got" = "$want" ] && pass "openssl dgst -sha256 with provider=armsha mandatory: $got (= sha256sum)" ||
    fail "openssl dgst -sha256 -propquery provider=armsha: '$got', sha256sum: $want"
got=$(in_chroot openssl dgst -sha256 -r "$data_in" | cut -d' ' -f1)
[ "$got" = "$want" ] && pass "openssl dgst -sha256 under the system config: $got" ||
    fail "openssl dgst -sha256: '$got', sha256sum: $want"
# A certificate signed under the system config (OpenSSL 4.0's x509 -req reads the config's
# extensions; a config of the wrong shape breaks it, see conf/armsha.cnf).
x509=/tmp/armsha-x509.$$
if in_chroot openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$x509.key" \
        -subj /CN=armsha -out "$x509.csr" 2>/dev/null &&
    in_chroot openssl x509 -req -in "$x509.csr" -key "$x509.key" -days 1 -out "$x509.pem" &&
    in_chroot openssl verify -CAfile "$x509.pem" "$x509.pem" >/dev/null; then
    pass "openssl req, x509 -req and verify under the system config"
else
    fail "openssl x509 -req under the system config"
fi
rm -f "$chroot_dir$x509".*
in_chroot openssl list -digest-algorithms | grep 'SHA2-256.* @ armsha' >/dev/null &&
    pass "openssl list -digest-algorithms: SHA2-256 @ armsha" || fail "list -digest-algorithms lacks SHA2-256 @ armsha"
if [ -x "$chroot_dir/usr/bin/armsha-doctor" ]; then
    in_chroot armsha-doctor >/dev/null && pass "armsha-doctor: exit 0" || fail "armsha-doctor exits non-zero"
fi

# The fleet key, set the documented way: armsha's section re-opened after the line.
printf '[armsha_sect]\nportable = no\n' >>"$chroot_dir$cnf"
in_chroot openssl list -providers -verbose | grep 'portable = no' >/dev/null &&
    pass "portable = no in a re-opened [armsha_sect] after the line reaches armsha" ||
    fail "portable = no after the line does not reach armsha"
in_chroot sed -i '$d' "$cnf" && in_chroot sed -i '$d' "$cnf"

echo "--- disable: remove the line again"
in_chroot sed -i "\\|^$line\$|d" "$cnf"
in_chroot openssl list -providers | grep armsha >/dev/null && fail "armsha still active after the line was removed"
in_chroot openssl dgst -sha256 -propquery provider=armsha "$data_in" >/dev/null 2>&1 &&
    fail "armsha serves sha256 after the line was removed"

echo "--- dpkg --purge armsha"
in_chroot dpkg --purge armsha || fail "dpkg --purge armsha"
in_chroot dpkg -s armsha >/dev/null 2>&1 && fail "armsha still known to dpkg"
ls "$chroot_dir"/var/lib/dpkg/info/armsha.* 2>/dev/null && fail "dpkg's records of armsha remain"
echo "--- the line left in $cnf after the purge"
echo "$line" >>"$chroot_dir$cnf"
got=$(in_chroot openssl dgst -sha256 -r "$data_in" | cut -d' ' -f1)
if [ "$got" = "$want" ] && ! in_chroot openssl list -providers | grep armsha >/dev/null; then
    pass "OpenSSL skips the .include of the missing file: dgst -sha256 still works, without armsha"
else
    fail "with the line left after the purge: dgst '$got' (want $want) or armsha still listed"
fi
in_chroot sed -i "\\|^$line\$|d" "$cnf"
rm -f "$data"
snapshot >"$after"
if diff "$before" "$after"; then
    pass "after the purge the chroot's files are as before the install (types, modes, sizes; $(wc -l <"$before") entries; openssl.cnf checksum)"
else
    fail "files differ from before the install (above)"
fi

echo "deb_install: $fails failures"
[ "$fails" -eq 0 ]
