#!/usr/bin/env bash
# The CI steps for a newer OpenSSL, in a Debian root made once under build-NAME/ (see
# scripts/chroot-lib.sh: trixie = OpenSSL 3.5, sid = 3.6, experimental = 4.0):
#   NAME-suite         the whole native suite built (-Dwerror=true in CI) and run inside the root
#   NAME-compat-x86    the host's build/ (Debian 12, OpenSSL 3.0 headers) loaded by the root's
#                      libcrypto; under experimental by its 4.0 openssl program (see compat_x86)
#                      and by the root's own 4.0-built parameter and allocation tests
#   NAME-compat-arm64  the host's build-arm/ under qemu-aarch64 -cpu max with the root's arm64
#                      libc6 and libcrypto unpacked (not installed), run by scripts/qemu-run.sh
#                      with ARMSHA_QEMU_ROOT (the root's loader, libc and libcrypto)
#   NAME-deb           trixie: this machine's package (built on the host, libssl3) installed,
#                      enabled, used, disabled and purged in the root; experimental: the same
#                      for the package built inside the root against and depending on libssl4
# Usage: osroot.sh NAME [STEP...] (default: all of NAME's). Needs root (debootstrap, chroot,
# mount); run after scripts/build.sh --all; experimental after sid (its root is sid's copied).
# Ends with "N passed, N failed" over the tests of all the steps.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
. scripts/chroot-lib.sh

[ $# -gt 0 ] || { echo "usage: osroot.sh trixie|sid|experimental [STEP...]"; exit 2; }
osroot_select "$1" || { echo "0 passed, 1 failed"; exit 1; }
name=$1
shift
steps=("$@")
if [ ${#steps[@]} -eq 0 ]; then
    steps=("$name-suite" "$name-compat-x86" "$name-compat-arm64")
    # sid has the same libssl3t64 package as trixie: trixie-deb covers it.
    [ "$name" = sid ] || steps+=("$name-deb")
fi
host_arch=$(dpkg --print-architecture)
# The totals, run_meson, run_check and print_summary.
. scripts/counts.sh

t0=$SECONDS
chroot_setup || { echo "0 passed, 1 failed"; exit 1; }
echo "$name: root ready in $((SECONDS - t0)) s"
ver=$(in_chroot openssl version)
echo "$name: $ver"
# The root's OpenSSL must be the one its name promises (a mirror moving on shows here).
case $ver in
    "$osroot_openssl"*) ;;
    *) echo "FAIL: $name: not $osroot_openssl"; failed=$((failed + 1)) ;;
esac

suite() {
    local opts=() log
    [ "${CI:-}" = true ] && opts+=(-Dwerror=true)
    log=$osroot_dir/build.log
    in_chroot sh -c '[ -f "$0/build.ninja" ] || meson setup "$0" "$@"' \
        "$osroot_dir/build" "${opts[@]}" >"$log" 2>&1 && in_chroot ninja -C "$osroot_dir/build" -j2 >>"$log" 2>&1 ||
        { tail -30 "$log"; echo "$name: build failed (log: $log)"; failed=$((failed + 1)); return; }
    echo "$name: built with $(in_chroot gcc --version | head -1), meson $(in_chroot meson --version)"
    # Not the portability and bigendian suites: they check other systems' code, the big-endian refusal
    # and freestanding big-endian programs under qemu,
    # which do not depend on OpenSSL (the host's run covers them; the chroot has no cross gcc).
    run_meson "$name-suite: meson test inside the $name root ($ver)" \
        in_chroot meson test -C "$osroot_dir/build" --print-errorlogs --num-processes 2 \
        --no-suite portability --no-suite bigendian
}

# The suites that load the module through libcrypto; the others do not involve OpenSSL.
compat_suites=(--suite provider --suite shavs --suite cli --suite clients --suite doctor)

compat_x86() {
    local suites=("${compat_suites[@]}")
    [ -f build/armsha.so ] || { echo "$name: no build/armsha.so (run scripts/build.sh)"; failed=$((failed + 1)); return; }
    # The host-built test programs link libcrypto.so.3: inside trixie and sid that is the
    # root's own. Under experimental it is sid's 3.6 (libssl3t64 stays installed), so there
    # only the suites that drive the root's own programs count: the openssl program is 4.0's,
    # and it loads the 3.0-built armsha.so (which brings libcrypto.so.3 into its process
    # beside libcrypto.so.4). curl, ssh-keygen, Python, coreutils, wpa_passphrase and
    # cryptsetup are sid's, built against libssl3t64 (experimental has no libssl4 builds of
    # them), and this build's lowlevel_sha and armsha-doctor link libcrypto.so.3 too: the
    # rows that drive them skip for that reason (test/same_libcrypto.sh).
    [ "$name" != experimental ] || suites=(--suite cli --suite clients)
    echo "$name: build/test/test_threads inside the chroot uses" \
        "$(in_chroot sh -c 'ldd "$0" | grep -o "libcrypto.so.3 => [^ ]*"' "$root/build/test/test_threads")"
    run_meson "$name-compat-x86: Debian 12 build (OpenSSL 3.0 headers) under $ver" \
        env ARMSHA_OSROOT="$name" meson test -C build --setup native --no-rebuild --print-errorlogs \
        --num-processes 2 --wrapper "$root/scripts/osroot-run.sh" "${suites[@]}"
    if [ "$name" = experimental ]; then compat_x86_own_tests; fi
}

# The root's own 4.0-built tests of the running version, errors, allocations and the
# repeated-parameter rule, pointed at the Debian 12 armsha.so: it must answer as 4.0's
# default provider does, raise onto the 4.0 application's error queue and allocate through
# its allocator. The root's build is the NAME-suite step's.
compat_own_tests=(param-diff param-repeated param-ssl3-ms-alone param-ssl3-ms-type
                  param-hmac-null-key param-hmac-noinit param-pbkdf2-octet-ptr provider-alloc)
compat_x86_own_tests() {
    [ -f "$osroot_dir/build/test/test_param_diff" ] ||
        { echo "$name: no $osroot_dir/build (run the $name-suite step first)"; failed=$((failed + 1)); return; }
    run_meson "$name-compat-x86: the root's own ($ver) parameter and allocation tests against the Debian 12 armsha.so" \
        in_chroot env ARMSHA_OTHER_MODULE_DIR="$root/build" meson test -C "$osroot_dir/build" \
        --no-rebuild --print-errorlogs --num-processes 2 \
        --wrapper "$root/scripts/other-module-run.sh" "${compat_own_tests[@]}"
}

# The root's arm64 libc6 and libcrypto (and what libcrypto needs, and the openssl CLI),
# fetched by apt inside the chroot (arm64 added to the chroot's dpkg, not the host's) and
# unpacked, never installed, into build-NAME/arm64-root.
arm64_root=$osroot_dir/arm64-root
arm64_fetch() {
    [ -x "$arm64_root/usr/bin/openssl" ] && return 0
    local debs=$osroot_dir/arm64-debs pkgs=(libc6:arm64 libzstd1:arm64 zlib1g:arm64) apt_t=()
    case $name in
        # libssl3t64 too, as on an experimental system: the 3.0-built armsha.so needs
        # libcrypto.so.3 (4.0's openssl program has libcrypto.so.4).
        experimental) pkgs+=(libssl4:arm64 libssl3t64:arm64 openssl:arm64); apt_t=(-t experimental) ;;
        *) pkgs+=(libssl3t64:arm64 openssl:arm64) ;;
    esac
    rm -rf "$debs" "$arm64_root" "$arm64_root.tmp"
    mkdir -p "$debs"
    in_chroot dpkg --add-architecture arm64 &&
        in_chroot "${osroot_apt[@]}" update -qq &&
        (cd "$debs" && in_chroot "${osroot_apt[@]}" download -qq "${apt_t[@]}" "${pkgs[@]}") || return 1
    for d in "$debs"/*.deb; do dpkg -x "$d" "$arm64_root.tmp" || return 1; done
    # The packages ship /usr only; the ELF interpreter is /lib/ld-linux-aarch64.so.1.
    [ -e "$arm64_root.tmp/lib" ] || ln -s usr/lib "$arm64_root.tmp/lib"
    mv "$arm64_root.tmp" "$arm64_root"
}

compat_arm64() {
    if [ "$host_arch" = arm64 ]; then
        echo "$name-compat-arm64: this machine is arm64; $name-compat-x86's run covers it natively"
        return
    fi
    [ -f build-arm/armsha.so ] || { echo "$name: no build-arm/armsha.so (run scripts/build.sh)"; failed=$((failed + 1)); return; }
    arm64_fetch || { echo "$name: could not fetch the root's arm64 packages"; failed=$((failed + 1)); return; }
    # build-arm's exe_wrapper (scripts/qemu-run.sh) then runs every test program with the
    # root's loader, libc and libcrypto instead of build-foreign/arm64's.
    export ARMSHA_QEMU_ROOT=$arm64_root
    local aver run=("$root/scripts/qemu-run.sh" aarch64 "$arm64_root" --)
    aver=$(QEMU_CPU=max OPENSSL_CONF=/dev/null "${run[@]}" "$arm64_root/usr/bin/openssl" version)
    echo "$name: arm64 openssl under qemu: $aver"
    case $aver in "$osroot_openssl"*) ;; *) echo "FAIL: not $osroot_openssl"; failed=$((failed + 1)) ;; esac
    # The test programs link libcrypto.so.3: the root's own under trixie and sid; under
    # experimental that is sid's 3.6, so there only the root's own openssl program (4.0) runs.
    if [ "$name" != experimental ]; then
        run_meson "$name-compat-arm64: Debian 12 arm64 build under the root's arm64 $aver, qemu -cpu max" \
            meson test -C build-arm --setup max --no-rebuild --print-errorlogs --num-processes 2 \
            --suite provider --suite shavs
    fi
    # The CLI test with the root's own arm64 openssl program, not the Debian 12 one build-arm names.
    run_check "$name-compat-arm64: test_cli.sh with the root's arm64 openssl" \
        env QEMU_CPU=max ARMSHA_EXPECT_KERNELS='sha1=armv8-ce sha256=armv8-ce sha512=armv8-ce' \
        test/test_cli.sh "$root/build-arm" "$root/conf/armsha.cnf" "${run[@]}" "$arm64_root/usr/bin/openssl"
    unset ARMSHA_QEMU_ROOT
}

deb() {
    if [ "$name" = experimental ]; then
        # Built inside the root, against 4.0's headers and libcrypto.so.4: Depends: libssl4.
        local out=$osroot_dir/deb
        run_check "$name-deb: build the $host_arch package against $ver (lintian-clean)" \
            in_chroot env SOURCE_DATE_EPOCH="$(git log -1 --format=%ct 2>/dev/null || date +%s)" \
            ARMSHA_DEB_OUT="$out" bash scripts/deb.sh "$host_arch"
        run_check "$name-deb: the libssl4 package installed, enabled, used, disabled, purged" \
            bash test/deb_install.sh "$chroot" "$out"/armsha_*_"$host_arch".deb
        return
    fi
    # The host's package only: the one CI installs (deb.sh builds arm64 and armhf on demand;
    # their LTO cross builds would add minutes to every CI run).
    run_check "$name-deb: build the $host_arch package (lintian-clean)" bash scripts/deb.sh "$host_arch"
    run_check "$name-deb: the $host_arch package installed, enabled, used, disabled, purged in $name" \
        bash test/deb_install.sh "$chroot" "$root"/build-deb/armsha_*_"$host_arch".deb
}

for step in "${steps[@]}"; do
    t0=$SECONDS
    case $step in
        "$name-suite") suite ;;
        "$name-compat-x86") compat_x86 ;;
        "$name-compat-arm64") compat_arm64 ;;
        "$name-deb") deb ;;
        *) echo "unknown step $step"; failed=$((failed + 1)) ;;
    esac
    echo "$name: $step took $((SECONDS - t0)) s"
done

print_summary
