#!/usr/bin/env bash
# Shows that the README's two commands set up a machine that never saw the project: makes a
# fresh Debian root with debootstrap (--variant=minbase: nothing of the host's apt state,
# only the host's Debian archives as its sources), copies in what a clone has (the committed
# tree at HEAD, nothing beside it) and runs there, as root:
#   fresh-demo    ./scripts/demo.sh, end to end: installs what the demo needs, builds, hashes
#                 README.md natively and under qemu-aarch64 -cpu max; both digests must equal
#                 sha256sum's and the aarch64 one must come from the armv8-ce kernels
#   fresh-setup   the set-up of ./scripts/test.sh: scripts/deps.sh test (nothing it could not
#                 set up) and scripts/build.sh --all (every build folder)
#   fresh-apt     neither changed the root's apt configuration: no foreign architecture added,
#                 /etc/apt as debootstrap left it
# The root is made once a day and kept pristine in build-fresh/ (about a minute to make);
# each run works on a copy of it. Needs root (debootstrap, chroot, mount). Ends with
# "N passed, N failed" over the three checks.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
fresh=$root/build-fresh
pristine=$fresh/$codename-$(date -u +%F)
work=$fresh/root
# The totals and print_summary; check LABEL STATUS counts one outcome.
. scripts/counts.sh
check() {
    if [ "$2" = 0 ]; then
        passed=$((passed + 1)); echo "ok: $1"
    else
        failed=$((failed + 1)); echo "FAIL: $1"
    fi
}
summary() { print_summary; exit; }

# The host's Debian archives for this release (main, -updates, -security), as apt knows them:
# "URI SUITE COMPONENT" lines. The root gets these and nothing else of the host's apt.
sources=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' 'Created-By: Packages' |
    awk -v c="$codename" '$2 == c || $2 == c"-updates" || $2 == c"-security"' | sort -u)
mirror=$(awk -v c="$codename" '$2 == c {print $1; exit}' <<<"$sources")
[ -n "$mirror" ] || { echo "fresh-machine: apt knows no archive for $codename (apt-get update)"; failed=1; summary; }

if [ ! -x "$pristine/usr/bin/apt-get" ]; then
    echo "fresh-machine: debootstrap --variant=minbase $codename (once today; kept in $pristine)"
    rm -rf "$fresh"/"$codename"-* "$fresh/tmp"
    mkdir -p "$fresh"
    t0=$SECONDS
    if ! debootstrap --variant=minbase "$codename" "$fresh/tmp" "$mirror" >"$fresh/debootstrap.log" 2>&1; then
        tail -20 "$fresh/debootstrap.log"
        echo "fresh-machine: debootstrap failed (log: $fresh/debootstrap.log)"
        failed=1
        summary
    fi
    # The release's other archives beside the one debootstrap used, as on an installed machine.
    awk '{print "deb " $1 " " $2 " " $3}' <<<"$sources" >"$fresh/tmp/etc/apt/sources.list"
    mv "$fresh/tmp" "$pristine"
    echo "fresh-machine: root made in $((SECONDS - t0)) s"
fi

# chroot_mount, chroot_umount_all and chroot_umount_stale (scripts/chroot-lib.sh) on this root.
. scripts/chroot-lib.sh
chroot=$work osroot_name=fresh-machine
trap chroot_umount_all EXIT
trap 'exit 130' INT TERM

# What a killed run left mounted below the copy goes before rm -rf does.
chroot_umount_stale "$work" || { failed=1; summary; }
rm -rf "$work"
cp -a "$pristine" "$work"
# What a plain clone has: the committed tree at HEAD, and no folder beside it (the repository
# holds everything its tests and benches read). Uncommitted changes and untracked files are
# not copied: a clone would not have them either.
mkdir -p "$work/src/armsha"
git -C "$root" archive --format=tar HEAD | tar -C "$work/src/armsha" -xf - ||
    { echo "fresh-machine: cannot copy HEAD (git archive)"; failed=1; summary; }
[ -z "$(git -C "$root" status --porcelain --untracked-files=no)" ] ||
    echo "fresh-machine: the working tree has uncommitted changes; the root gets HEAD without them"
cp -L /etc/resolv.conf "$work/etc/resolv.conf"
chroot_mount proc /proc && chroot_mount /dev /dev && chroot_mount /dev/pts /dev/pts ||
    { echo "fresh-machine: cannot mount /proc and /dev in the root"; failed=1; summary; }
apt_before=$(cd "$work" && find etc/apt -type f -exec sha256sum {} + | sort)

# A login shell's environment, nothing of this one's (CI's variables aside).
in_root() {
    chroot "$work" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 CI="${CI:-}" bash -c 'cd /src/armsha && "$@"' _ "$@"
}

t0=$SECONDS
in_root ./scripts/demo.sh >"$fresh/demo.log" 2>&1
rc=$?
cat "$fresh/demo.log"
want=$(sha256sum README.md | cut -d' ' -f1)
digests=$(grep -c "^SHA2-256(.*)= $want\$" "$fresh/demo.log")
kernels=$(grep -c '^served by armsha, kernels: sha1=armv8-ce sha256=armv8-ce sha512=armv8-ce$' "$fresh/demo.log")
echo "fresh-machine: demo exit $rc, $digests of 2 digests right, $kernels aarch64 kernel line, $((SECONDS - t0)) s"
check "fresh-demo: ./scripts/demo.sh in a fresh $codename root" \
    "$([ "$rc" = 0 ] && [ "$digests" = 2 ] && [ "$kernels" = 1 ] && echo 0 || echo 1)"

t0=$SECONDS
in_root bash -c './scripts/deps.sh test && ./scripts/build.sh --all' >"$fresh/setup.log" 2>&1
rc=$?
tail -n 30 "$fresh/setup.log"
echo "fresh-machine: test set-up exit $rc, $((SECONDS - t0)) s"
check "fresh-setup: scripts/deps.sh test and scripts/build.sh --all in the same root" "$rc"

foreign=$(in_root dpkg --print-foreign-architectures)
apt_after=$(cd "$work" && find etc/apt -type f -exec sha256sum {} + | sort)
[ -z "$foreign" ] || echo "fresh-machine: foreign architectures added: $foreign"
[ "$apt_before" = "$apt_after" ] || diff <(echo "$apt_before") <(echo "$apt_after")
check "fresh-apt: no foreign architecture, /etc/apt unchanged" \
    "$([ -z "$foreign" ] && [ "$apt_before" = "$apt_after" ] && echo 0 || echo 1)"

chroot_umount_all
summary
