# Sourced by scripts/osroot.sh and osroot-run.sh (and by fresh-machine.sh, for chroot_mount,
# chroot_umount_all and chroot_umount_stale on its own root): makes (once, cached in
# build-NAME/) a Debian root with another OpenSSL, mounts the source tree into it at its own
# path, and unmounts everything on exit, even when a step fails. Never
# touches the host's apt sources.
#   trixie        Debian 13, OpenSSL 3.5 (debootstrap)
#   sid           Debian unstable, OpenSSL 3.6 (debootstrap)
#   experimental  a copy of the sid root with experimental's libssl-dev and openssl: OpenSSL 4.0
#                 (libssl4; sid's libssl3t64 stays, as on such a system). Copying the sid root
#                 takes seconds where a second debootstrap takes a minute.
# Needs: $root (the source root). Gives: osroot_select NAME, then $osroot_name, $osroot_dir,
# $chroot, $osroot_apt (apt-get with the root's options), in_chroot CMD..., chroot_setup.

osroot_mirror=${OSROOT_MIRROR:-${TRIXIE_MIRROR:-http://deb.debian.org/debian}}
# Packages the native suite needs, plus what test/clients.sh drives (gdb, curl, ssh-keygen);
# Python's own test_hashlib (libpythonX.Y-testsuite) is added for the root's Python.
osroot_include=libssl-dev,openssl,gcc,libc6-dev,meson,ninja-build,pkg-config,python3,clang
osroot_include+=,gdb,curl,openssh-client
# test/clients.sh's PBKDF2 clients (wpa_passphrase, cryptsetup benchmark), installed by apt after
# debootstrap with the Python test suite: debootstrap takes the first of "systemd |
# systemd-standalone-sysusers" (sid's wpasupplicant and cryptsetup-bin depend so) and would pull
# all of systemd in; the standalone tools, named, are what a minimal chroot needs.
chroot_mounts=()

# $1: trixie, sid or experimental.
osroot_select() {
    osroot_name=$1
    osroot_dir=$root/build-$1
    chroot=$osroot_dir/chroot
    osroot_apt=(apt-get)
    osroot_extra=""
    osroot_clients="wpasupplicant cryptsetup-bin"
    case $1 in
        trixie) osroot_suite=trixie osroot_openssl="OpenSSL 3.5" ;;
        # The mirror's sid and experimental Release files have been seen past their
        # Valid-Until date (they are rebuilt less often than they expire); apt inside these
        # two roots only is told to accept them. The signatures are still checked.
        sid) osroot_suite=sid osroot_openssl="OpenSSL 3.6"
            osroot_apt+=(-o Acquire::Check-Valid-Until=false)
            osroot_clients+=" systemd-standalone-sysusers systemd-standalone-tmpfiles" ;;
        experimental) osroot_suite=sid osroot_openssl="OpenSSL 4."
            osroot_apt+=(-o Acquire::Check-Valid-Until=false)
            # deb.sh builds the libssl4 package inside this root.
            osroot_extra="dpkg-dev lintian" ;;
        *) echo "osroot: unknown root $1 (trixie, sid, experimental)" >&2; return 1 ;;
    esac
}

# What a cached root was made from; a root made from another recipe is made again.
osroot_recipe() {
    echo "$osroot_suite $osroot_include $osroot_clients $osroot_extra"
    [ "$osroot_name" != experimental ] || echo "experimental: libssl-dev openssl"
}

# debootstrap --variant=minbase into $1, then Python's test suite for the root's Python.
osroot_debootstrap() {
    local dest=$1 pyver
    if ! debootstrap --variant=minbase --include="$osroot_include" "$osroot_suite" "$dest" \
        "$osroot_mirror" >"$osroot_dir/debootstrap.log" 2>&1; then
        tail -20 "$osroot_dir/debootstrap.log"
        echo "$osroot_name: debootstrap failed (log: $osroot_dir/debootstrap.log)"
        return 1
    fi
    pyver=$(chroot "$dest" python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])') &&
        osroot_apt_in "$dest" "libpython$pyver-testsuite" $osroot_clients
}

# $1: a root folder, rest: apt-get install arguments (update first, non-interactive; the
# output goes to build-NAME/apt.log, its end printed when apt fails).
osroot_apt_in() {
    local dest=$1 log=$osroot_dir/apt.log ok=1
    shift
    cp -L /etc/resolv.conf "$dest/etc/resolv.conf" 2>/dev/null || true
    # sid's cryptsetup-bin runs systemd-tmpfiles when configured, which needs /proc; mounted
    # for the install only (a run killed here leaves it to chroot_make's chroot_umount_stale).
    mount -t proc proc "$dest/proc" || return 1
    { chroot "$dest" /usr/bin/env DEBIAN_FRONTEND=noninteractive PATH=/usr/bin:/bin:/usr/sbin:/sbin \
        "${osroot_apt[@]}" update -q &&
        chroot "$dest" /usr/bin/env DEBIAN_FRONTEND=noninteractive PATH=/usr/bin:/bin:/usr/sbin:/sbin \
            "${osroot_apt[@]}" install -y -q --no-install-recommends "$@"; } >>"$log" 2>&1 || ok=0
    umount "$dest/proc" 2>/dev/null || umount -l "$dest/proc"
    if [ "$ok" = 0 ]; then
        tail -20 "$log"
        echo "$osroot_name: apt-get install $* failed (log: $log)"
        return 1
    fi
}

# Makes the root unless a complete one of today's recipe is cached: into a scratch folder,
# then renamed, so that an interrupted run never leaves a half root that looks finished.
chroot_make() {
    local recipe t0 sid_chroot
    recipe=$(osroot_recipe)
    [ -x "$chroot/usr/bin/openssl" ] && [ "$(cat "$chroot/.armsha-recipe" 2>/dev/null)" = "$recipe" ] &&
        return 0
    chroot_umount_stale "$chroot" && chroot_umount_stale "$chroot.tmp" || return 1
    rm -rf "$chroot" "$chroot.tmp"
    mkdir -p "$osroot_dir"
    t0=$SECONDS
    if [ "$osroot_name" = experimental ]; then
        sid_chroot=$root/build-sid/chroot
        [ -x "$sid_chroot/usr/bin/openssl" ] ||
            { echo "experimental: no sid root to start from (scripts/osroot.sh sid makes it)"; return 1; }
        echo "experimental: a copy of the sid root plus experimental's OpenSSL (once; cached in $chroot)"
        # Never while the sid root is mounted: cp would copy the source tree and /proc.
        ! grep -q " $sid_chroot/" /proc/mounts ||
            { echo "experimental: the sid root is mounted; run scripts/osroot.sh sid to its end first"; return 1; }
        cp -a "$sid_chroot" "$chroot.tmp" && rm -f "$chroot.tmp/.armsha-recipe" || return 1
        echo "deb $osroot_mirror experimental main" >"$chroot.tmp/etc/apt/sources.list.d/experimental.list"
        # The extra packages from sid: -t experimental would take experimental's versions of
        # all their dependencies too (perl, then nothing fits).
        osroot_apt_in "$chroot.tmp" -t experimental libssl-dev openssl ||
            { echo "experimental: apt-get install -t experimental libssl-dev openssl failed"; return 1; }
        osroot_apt_in "$chroot.tmp" $osroot_extra || return 1
    else
        echo "$osroot_name: debootstrap --variant=minbase $osroot_suite (once; cached in $chroot)"
        osroot_debootstrap "$chroot.tmp" || return 1
        [ -z "$osroot_extra" ] || osroot_apt_in "$chroot.tmp" $osroot_extra || return 1
    fi
    echo "$recipe" >"$chroot.tmp/.armsha-recipe"
    mv "$chroot.tmp" "$chroot"
    echo "$osroot_name: root made in $((SECONDS - t0)) s: $(chroot "$chroot" openssl version)"
}

# A run killed before its EXIT trap leaves its mounts below DIR ($1), and rm -rf would go
# through them into the host's /dev and source tree: unmounts them, deepest first; 1 if any
# is left.
chroot_umount_stale() {
    local mnt
    while read -r _ mnt _; do
        case $mnt in "$1"/*) umount "$mnt" 2>/dev/null || umount -l "$mnt" ;; esac
    done < <(sort -r -k2 /proc/mounts)
    ! grep -q " $1/" /proc/mounts || { echo "$osroot_name: something is still mounted below $1"; return 1; }
}

chroot_umount_all() {
    local i
    for ((i = ${#chroot_mounts[@]} - 1; i >= 0; i--)); do
        umount "${chroot_mounts[i]}" 2>/dev/null || umount -l "${chroot_mounts[i]}" 2>/dev/null ||
            echo "$osroot_name: could not unmount ${chroot_mounts[i]}" >&2
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

# Mounts /proc, /dev and the source tree at the same paths as on the host, so that paths
# written into build trees are valid on both sides (the tree holds all the tests read).
chroot_setup() {
    chroot_make || return 1
    trap chroot_umount_all EXIT
    trap 'exit 130' INT TERM
    chroot_mount proc /proc &&
        chroot_mount /dev /dev &&
        chroot_mount "$root" "$root" || return 1
    # Name resolution for apt inside the chroot (the chroot's own file, not the host's).
    cp -L /etc/resolv.conf "$chroot/etc/resolv.conf" 2>/dev/null || true
}

# Runs CMD... inside the chroot in the current directory, with a clean PATH.
in_chroot() {
    chroot "$chroot" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        sh -c 'cd "$0" && exec "$@"' "$PWD" "$@"
}
