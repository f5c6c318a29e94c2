#!/usr/bin/env bash
# The OpenSSL 3.5 steps of CI, in a Debian 13 (trixie) chroot made once under build-trixie/:
#   trixie-suite         the whole native suite built and run inside the chroot (OpenSSL 3.5)
#   trixie-compat-x86    the host's build/ (Debian 12, OpenSSL 3.0 headers: module, tests, armsha-doctor)
#                        loaded by 3.5's libcrypto
#   trixie-compat-arm64  the host's build-arm/ under qemu-aarch64 -cpu max with trixie's arm64
#                        libc6 and libssl3t64 unpacked (not installed), run by scripts/qemu-run.sh
#                        with ARMSHA_QEMU_ROOT (trixie's loader, libc and libcrypto)
#   trixie-deb           the Debian packages built (this machine's and arm64), this machine's
#                        installed, enabled, used, disabled and purged in the chroot
# Usage: trixie.sh [STEP...] (default: all). Needs root (debootstrap, chroot, mount); run after
# scripts/build.sh --all. Ends with "N passed, N failed" over the tests of all the steps.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
. scripts/chroot-lib.sh

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(trixie-suite trixie-compat-x86 trixie-compat-arm64 trixie-deb)
host_arch=$(dpkg --print-architecture)
passed=0 failed=0 skipped=0

# Adds the counts of meson test's summary in file $1 to the totals.
count_meson() {
    c() { awk -v k="$1" '$0 ~ "^"k":" {n=$NF} END {print n+0}' "$2"; }
    local ok xf fl up sk to
    ok=$(c Ok "$1") xf=$(c "Expected Fail" "$1") fl=$(c Fail "$1") up=$(c "Unexpected Pass" "$1")
    sk=$(c Skipped "$1") to=$(c Timeout "$1")
    if [ $((ok + xf + fl + up + sk + to)) -eq 0 ]; then
        echo "no test ran"
        fl=1
    fi
    passed=$((passed + ok + xf)) failed=$((failed + fl + up + to)) skipped=$((skipped + sk))
}

# $1: label, rest: a command that ends with a meson test summary.
run_meson() {
    local label=$1 log
    shift
    log=$(mktemp)
    echo "=== $label"
    "$@" 2>&1 | tee "$log"
    count_meson "$log"
    rm -f "$log"
}

# $1: label, rest: a command whose exit status is the test's outcome (77: skipped).
run_check() {
    local label=$1 rc
    shift
    echo "=== $label"
    "$@"
    rc=$?
    case $rc in
        0) passed=$((passed + 1)); echo "ok: $label" ;;
        77) skipped=$((skipped + 1)); echo "SKIP: $label" ;;
        *) failed=$((failed + 1)); echo "FAIL: $label (exit $rc)" ;;
    esac
}

chroot_setup || { echo "0 passed, 1 failed"; exit 1; }
echo "trixie: $(in_chroot openssl version)"

suite() {
    local opts=()
    [ "${CI:-}" = true ] && opts+=(-Dwerror=true)
    in_chroot sh -c '[ -f "$0/build.ninja" ] || meson setup "$0" "$@" >/dev/null' \
        "$trixie_dir/build" "${opts[@]}" && in_chroot ninja -C "$trixie_dir/build" -j2 >/dev/null ||
        { echo "trixie: build failed"; failed=$((failed + 1)); return; }
    # Not the portability suite: it checks other systems' code and the big-endian refusal,
    # which do not depend on OpenSSL (the host's run covers them; the chroot has no cross gcc).
    run_meson "trixie-suite: meson test inside Debian 13 (OpenSSL 3.5)" \
        in_chroot meson test -C "$trixie_dir/build" --print-errorlogs --num-processes 2 \
        --no-suite portability
}

# The suites that load the module through libcrypto; the others do not involve OpenSSL.
compat_suites=(--suite provider --suite shavs --suite cli --suite clients --suite doctor)

compat_x86() {
    [ -f build/armsha.so ] || { echo "trixie: no build/armsha.so (run scripts/build.sh)"; failed=$((failed + 1)); return; }
    # The host-built test programs link libcrypto.so.3: inside the chroot that is 3.5's.
    echo "trixie: build/test/test_threads inside the chroot uses" \
        "$(in_chroot sh -c 'ldd "$0" | grep -o "libcrypto.so.3 => [^ ]*"' "$root/build/test/test_threads")"
    run_meson "trixie-compat-x86: Debian 12 build (OpenSSL 3.0 headers) under OpenSSL 3.5" \
        meson test -C build --setup native --no-rebuild --print-errorlogs --num-processes 2 \
        --wrapper "$root/scripts/trixie-run.sh" "${compat_suites[@]}"
}

# trixie's arm64 libc6 and libssl3t64 (and what libcrypto needs, and the openssl CLI),
# fetched by apt inside the chroot (arm64 added to the chroot's dpkg, not the host's) and
# unpacked, never installed, into build-trixie/arm64-root.
arm64_root=$trixie_dir/arm64-root
arm64_fetch() {
    [ -x "$arm64_root/usr/bin/openssl" ] && return 0
    local debs=$trixie_dir/arm64-debs
    rm -rf "$debs" "$arm64_root"
    mkdir -p "$debs"
    in_chroot dpkg --add-architecture arm64 &&
        in_chroot apt-get update -qq &&
        (cd "$debs" && in_chroot apt-get download -qq \
            libc6:arm64 libssl3t64:arm64 libzstd1:arm64 zlib1g:arm64 openssl:arm64) || return 1
    for d in "$debs"/*.deb; do dpkg -x "$d" "$arm64_root.tmp" || return 1; done
    # Trixie's packages ship /usr only; the ELF interpreter is /lib/ld-linux-aarch64.so.1.
    [ -e "$arm64_root.tmp/lib" ] || ln -s usr/lib "$arm64_root.tmp/lib"
    mv "$arm64_root.tmp" "$arm64_root"
}

compat_arm64() {
    if [ "$host_arch" = arm64 ]; then
        echo "trixie-compat-arm64: this machine is arm64; trixie-compat-x86's run covers it natively"
        return
    fi
    [ -f build-arm/armsha.so ] || { echo "trixie: no build-arm/armsha.so (run scripts/build.sh)"; failed=$((failed + 1)); return; }
    arm64_fetch || { echo "trixie: could not fetch trixie's arm64 packages"; failed=$((failed + 1)); return; }
    # build-arm's exe_wrapper (scripts/qemu-run.sh) then runs every test program with
    # trixie's loader, libc and libcrypto instead of build-foreign/arm64's.
    export ARMSHA_QEMU_ROOT=$arm64_root
    local ver run=("$root/scripts/qemu-run.sh" aarch64 "$arm64_root" --)
    ver=$(QEMU_CPU=max OPENSSL_CONF=/dev/null "${run[@]}" "$arm64_root/usr/bin/openssl" version)
    echo "trixie: arm64 openssl under qemu: $ver"
    case $ver in "OpenSSL 3.5"*) ;; *) echo "FAIL: not OpenSSL 3.5"; failed=$((failed + 1)) ;; esac
    run_meson "trixie-compat-arm64: Debian 12 arm64 build under trixie's arm64 OpenSSL 3.5, qemu -cpu max" \
        meson test -C build-arm --setup max --no-rebuild --print-errorlogs --num-processes 2 \
        --suite provider --suite shavs
    # The CLI test with trixie's own arm64 openssl program, not the Debian 12 one build-arm names.
    run_check "trixie-compat-arm64: test_cli.sh with trixie's arm64 openssl" \
        env QEMU_CPU=max ARMSHA_EXPECT_KERNELS='sha1=armv8-ce sha256=armv8-ce sha512=armv8-ce' \
        test/test_cli.sh "$root/build-arm" "$root/conf/armsha.cnf" "${run[@]}" "$arm64_root/usr/bin/openssl"
    unset ARMSHA_QEMU_ROOT
}

deb() {
    # The host's package only: the one CI installs (deb.sh builds arm64 and armhf on demand;
    # their LTO cross builds would add minutes to every CI run).
    local archs=("$host_arch")
    run_check "trixie-deb: build the ${archs[*]} packages (lintian-clean)" bash scripts/deb.sh "${archs[@]}"
    run_check "trixie-deb: the $host_arch package installed, enabled, used, disabled, purged in Debian 13" \
        bash test/deb_install.sh "$chroot" "$root"/build-deb/armsha_*_"$host_arch".deb
}

for step in "${steps[@]}"; do
    t0=$SECONDS
    case $step in
        trixie-suite) suite ;;
        trixie-compat-x86) compat_x86 ;;
        trixie-compat-arm64) compat_arm64 ;;
        trixie-deb) deb ;;
        *) echo "unknown step $step"; failed=$((failed + 1)) ;;
    esac
    echo "trixie: $step took $((SECONDS - t0)) s"
done

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
