#!/usr/bin/env bash
# Unpacks Debian's libssl3, libssl-dev and openssl packages of a foreign architecture (arm64
# or armhf) into build-foreign/ARCH/, never installing them: libcrypto and its headers for
# the cross build, and an openssl CLI for its tests under qemu. Writes
# build-foreign/ARCH/sysroot.txt, the meson machine file that conf/cross/*.txt read the
# sysroot (and the qemu wrapper) from. Safe to run again: a complete sysroot is kept.
#   foreign.sh ARCH
#
# Why this way (see README, "Foreign packages"): the host's apt multiarch state is never
# touched (no dpkg --add-architecture, nothing installed). apt's own client runs against a
# state folder of the project's, build-foreign/apt-ARCH/, with the host's sources but only
# ARCH's indexes: an index that fails for one architecture (the security archive's armhf one
# has been seen out of step with its pool for days) cannot take the other's with it, and a
# host OpenSSL newer or older than the foreign one does not matter, since the three packages
# only need to agree with each other. They are taken at one version: the newest that every
# archive offering it actually serves (a version whose download fails gives way to the next).
# The foreign clients the suite runs under qemu (arm64: wpasupplicant's wpa_passphrase, which
# needs only libc and libcrypto) follow at their own newest served version; one that cannot
# be had is said on stderr and leaves the OpenSSL part standing (its test then skips).
set -euo pipefail

arch=${1:?usage: foreign.sh arm64|armhf}
case $arch in
    arm64 | armhf) ;;
    *) echo "foreign: unknown architecture $arch (arm64, armhf)" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sysroot=$root/build-foreign/$arch
state=$root/build-foreign/apt-$arch
pkgs=(libssl3 libssl-dev openssl)
clients=()
[ "$arch" = arm64 ] && clients=(wpasupplicant)
triplet=$(case $arch in arm64) echo aarch64-linux-gnu ;; armhf) echo arm-linux-gnueabihf ;; esac)

# apt with its state, cache and dpkg status in the project's folder; the host's sources
# and keys. As root, apt would hand downloads to its sandbox user; the folders are ours.
apt_state_opts() {
    mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
    [ -f "$state/status" ] || : >"$state/status"
    apt_opts=(-o "Dir::State=$state" -o "Dir::State::Lists=$state/lists"
        -o "Dir::State::status=$state/status" -o "Dir::Cache=$state/cache"
        -o "APT::Architecture=$arch" -o "APT::Architectures=$arch"
        -o "APT::Sandbox::User=root" -o "Debug::NoLocking=1" -q)
}
apt_state_opts

# fetch_clients: each client package not unpacked yet (its marker file), at the newest
# version served, into the sysroot.
fetch_clients() {
    local p v d
    for p in ${clients[@]+"${clients[@]}"}; do
        [ -f "$sysroot/.client-$p" ] && continue
        d=$(mktemp -d)
        for v in $(apt-cache "${apt_opts[@]}" madison "$p:$arch" | awk -F'|' '{gsub(/ /, "", $2); print $2}' | awk '!seen[$0]++'); do
            (cd "$d" && apt-get "${apt_opts[@]}" download "$p:$arch=$v") >"$d/err" 2>&1 && break
            rm -f "$d"/*.deb
        done
        if ls "$d"/*.deb >/dev/null 2>&1 && dpkg -x "$d"/*.deb "$sysroot"; then
            echo "$v" >"$sysroot/.client-$p"
            echo "foreign: client $p $v ($arch) unpacked into build-foreign/$arch" >&2
        else
            echo "foreign: client package $p for $arch could not be had; its test will skip" >&2
        fi
        rm -rf "$d"
    done
}

if [ -f "$sysroot/sysroot.txt" ] && [ -x "$sysroot/usr/bin/openssl" ] &&
    [ -f "$sysroot/usr/lib/$triplet/pkgconfig/libcrypto.pc" ]; then
    if [ ${#clients[@]} -gt 0 ] && ! [ -f "$sysroot/.client-${clients[-1]}" ]; then
        # A sysroot from before the clients were listed: fetch them with the indexes kept.
        fetch_clients
    fi
    exit 0
fi

# An index that fails (a mirror mid-sync) leaves that archive out; the others are used.
if ! apt-get "${apt_opts[@]}" update >"$state/update.log" 2>&1; then
    echo "foreign: apt-get update for $arch reported errors; carrying on with the indexes it got:" >&2
    grep -E '^(E|W):' "$state/update.log" | head -5 >&2 || true
fi

# Every version of libssl3 the indexes list, newest first.
mapfile -t versions < <(apt-cache "${apt_opts[@]}" madison "libssl3:$arch" |
    awk -F'|' '{gsub(/ /, "", $2); print $2}' | awk '!seen[$0]++')
if [ ${#versions[@]} -eq 0 ]; then
    echo "foreign: no archive offers libssl3 for $arch (log: $state/update.log)" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
got=""
for v in "${versions[@]}"; do
    rm -f "$tmp"/*.deb
    if (cd "$tmp" && apt-get "${apt_opts[@]}" download "${pkgs[@]/%/:$arch=$v}") >"$tmp/err" 2>&1; then
        got=$v
        break
    fi
    echo "foreign: $arch OpenSSL $v not served ($(grep -m1 -E '^E:' "$tmp/err" | head -c 200)), trying an older one" >&2
done
[ -n "$got" ] || { echo "foreign: no version of libssl3/libssl-dev/openssl for $arch could be downloaded" >&2; exit 1; }

rm -rf "$sysroot" "$sysroot.tmp"
mkdir -p "$sysroot.tmp"
for p in "${pkgs[@]}"; do
    dpkg -x "$tmp/${p}_${got//:/%3a}_$arch.deb" "$sysroot.tmp"
done
# Constants for conf/cross/*.txt (meson 1.0 has no @DIRNAME@ in machine files).
cat >"$sysroot.tmp/sysroot.txt" <<EOT
# Generated by scripts/foreign.sh: Debian's OpenSSL $got for $arch, unpacked here.
[constants]
foreign_sysroot = '$sysroot'
qemu_run_script = '$root/scripts/qemu-run.sh'
EOT
mv "$sysroot.tmp" "$sysroot"
echo "foreign: OpenSSL $got ($arch) unpacked into build-foreign/$arch" >&2
fetch_clients
