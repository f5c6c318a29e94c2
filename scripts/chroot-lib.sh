# Sourced by the Debian 13 scripts: makes (once, cached in build-trixie/) a trixie chroot
# with OpenSSL 3.5, mounts the source tree and ../shared into it at their own paths, and
# unmounts everything on exit, even when a step fails. Never touches the host's apt sources.
# Needs: $root (the source root). Gives: $chroot, in_chroot CMD..., chroot_setup.

trixie_dir=$root/build-trixie
chroot=$trixie_dir/chroot
# Packages the native suite needs, plus what test/clients.sh drives (gdb, curl, ssh-keygen,
# Python's own test_hashlib).
trixie_include=libssl-dev,openssl,gcc,libc6-dev,meson,ninja-build,pkg-config,python3,clang
trixie_include+=,gdb,curl,openssh-client,libpython3.13-testsuite
trixie_mirror=${TRIXIE_MIRROR:-http://deb.debian.org/debian}
chroot_mounts=()

# Makes the chroot unless a complete one is cached: debootstrap into a scratch folder, then
# rename, so that an interrupted run never leaves a half chroot that looks finished.
chroot_make() {
    local p have
    if [ -x "$chroot/usr/bin/openssl" ] && [ -f "$chroot/.armsha-include" ]; then
        # A cached chroot made with at least today's package list is good.
        have=",$(cat "$chroot/.armsha-include"),"
        for p in ${trixie_include//,/ }; do
            [[ $have == *",$p,"* ]] || { have=; break; }
        done
        [ -n "$have" ] && return 0
    fi
    echo "trixie: debootstrap --variant=minbase trixie (once; cached in $chroot)"
    rm -rf "$chroot" "$chroot.tmp"
    mkdir -p "$trixie_dir"
    local t0=$SECONDS
    if ! debootstrap --variant=minbase --include="$trixie_include" trixie "$chroot.tmp" \
        "$trixie_mirror" >"$trixie_dir/debootstrap.log" 2>&1; then
        tail -20 "$trixie_dir/debootstrap.log"
        echo "trixie: debootstrap failed (log: $trixie_dir/debootstrap.log)"
        return 1
    fi
    echo "$trixie_include" >"$chroot.tmp/.armsha-include"
    mv "$chroot.tmp" "$chroot"
    echo "trixie: chroot made in $((SECONDS - t0)) s"
}

chroot_umount_all() {
    local i
    for ((i = ${#chroot_mounts[@]} - 1; i >= 0; i--)); do
        umount "${chroot_mounts[i]}" 2>/dev/null || umount -l "${chroot_mounts[i]}" 2>/dev/null ||
            echo "trixie: could not unmount ${chroot_mounts[i]}" >&2
    done
    chroot_mounts=()
}

# $1: what to mount (or "proc"), $2: where inside the chroot.
chroot_mount() {
    local target=$chroot$2
    mkdir -p "$target"
    mountpoint -q "$target" && return 0
    if [ "$1" = proc ]; then
        mount -t proc proc "$target"
    else
        mount --bind "$1" "$target"
    fi && chroot_mounts+=("$target")
}

# Mounts /proc, /dev and the source tree and ../shared at the same paths as on the host,
# so that paths written into build trees are valid on both sides.
chroot_setup() {
    chroot_make || return 1
    trap chroot_umount_all EXIT
    trap 'exit 130' INT TERM
    chroot_mount proc /proc &&
        chroot_mount /dev /dev &&
        chroot_mount "$root" "$root" &&
        { [ ! -d "$root/../shared" ] || chroot_mount "$(cd "$root/../shared" && pwd)" \
            "$(cd "$root/../shared" && pwd)"; } || return 1
    # Name resolution for apt inside the chroot (the chroot's own file, not the host's).
    cp -L /etc/resolv.conf "$chroot/etc/resolv.conf" 2>/dev/null || true
}

# Runs CMD... inside the chroot in the current directory, with a clean PATH.
in_chroot() {
    chroot "$chroot" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        sh -c 'cd "$0" && exec "$@"' "$PWD" "$@"
}
