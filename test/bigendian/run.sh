#!/bin/sh
# Builds the freestanding test program for one target and compiler (build.sh) and runs it
# under QEMU user mode on each CPU model of the table below, which says what each model
# has and so which kernels must run: feature detection needs an OS, which the program
# does without. On a model without the SHA-512 instructions the SHA-512 kernel must die
# of SIGILL, which shows that the emulated CPUs really differ and that the kernels ran.
# Usage: run.sh SOURCE_ROOT SHAVS_DIR TARGET [clang|gcc]
#   TARGET: aarch64_be, aarch64 (little-endian control), armeb, arm (control).
# Skipped (77) when the compiler, linker or QEMU is missing.
set -eu
src=$(cd "$1" && pwd) shavs=$2 target=$3 compiler=${4:-clang}

# ---- per target: QEMU, byte order, and "CPU-MODEL|FEATURES|KERNELS-EXPECTED" runs ----
# KERNELS-EXPECTED names every hardware kernel built for the target that the model can
# run; update it with build.sh's kernel lists.
case $target in
aarch64_be | aarch64)
    qemu=qemu-$target
    # neon: ASIMD, which every model has; a64: AArch64 itself (the integer kernels). The
    # third run is a core without the SHA instructions (a Raspberry Pi 3/4).
    runs="max|sha1,sha256,sha512,neon,a64|sha1=armv8-ce,neon sha256=armv8-ce,neon sha512=armv8-ce,neon,a64
neoverse-n1|sha1,sha256,neon,a64|sha1=armv8-ce,neon sha256=armv8-ce,neon sha512=neon,a64
cortex-a72|neon,a64|sha1=neon sha256=neon sha512=neon,a64"
    # model:family whose kernel must raise SIGILL there
    sigill="neoverse-n1:sha512" ;;
armeb | arm)
    qemu=qemu-$target
    # AArch32 has SHA-1/SHA-256 instructions but none for SHA-512: NEON's SHA-512 on
    # both models; cortex-a8 (ARMv7) has NEON only; a32: 32-bit ARM itself (the integer
    # kernels, which cores without NEON run).
    runs="max|sha1,sha256,neon,a32|sha1=aarch32-ce,neon sha256=aarch32-ce,neon,a32 sha512=neon,a32
cortex-a8|neon,a32|sha1=neon sha256=neon,a32 sha512=neon,a32"
    sigill="cortex-a8:sha1" ;;
*)
    echo "run.sh: unknown target $target" >&2
    exit 2 ;;
esac
case $target in
aarch64_be | armeb) endian=big ;;
*) endian=little ;;
esac

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "SKIP: no $1"; exit 77; }
}
need "$qemu"
need readelf
case $compiler in
clang)
    need clang
    case $target in
    armeb) need arm-linux-gnueabihf-ld ;;
    *) need ld.lld ;;
    esac ;;
gcc)
    case $target in
    aarch64*) need aarch64-linux-gnu-gcc ;;
    *) need arm-linux-gnueabihf-gcc ;;
    esac ;;
esac
# The SHAVS files are the repository's (test/vectors/shavs/): without them the rest still
# runs, and the test then fails, as test_shavs does.
shavs_args="--shavs $shavs"
[ -r "$shavs/SHA256ShortMsg.rsp" ] || { echo "FAIL: no SHAVS files in $shavs"; shavs_args=""; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The SIGILL run would leave a core file behind (ulimit -c: not POSIX, but dash has it).
# shellcheck disable=SC3045
ulimit -c 0 2>/dev/null || true

sh "$src/test/bigendian/build.sh" "$src" "$work/be_test" "$target" "$compiler"
cc=$compiler
[ "$compiler" = gcc ] && case $target in aarch64*) cc=aarch64-linux-gnu-gcc ;; *) cc=arm-linux-gnueabihf-gcc ;; esac
echo "built: $(readelf -h "$work/be_test" | sed -n 's/^ *\(Class\|Data\|Machine\|Flags\): *//p' | tr -s ' \n' ' ')"
echo "with: $($cc --version | head -1)"

fails=0
IFS_SAVE=$IFS
IFS='
'
for run in $runs; do
    IFS=$IFS_SAVE
    model=${run%%|*} rest=${run#*|}
    features=${rest%%|*} expect=${rest#*|}
    echo "=== $qemu -cpu $model, --cpu $features"
    # shellcheck disable=SC2086 # shavs_args: none or two words
    if ! "$qemu" -cpu "$model" "$work/be_test" --endian $endian --cpu "$features" \
        --expect "$expect" $shavs_args; then
        echo "FAIL: $target $compiler under -cpu $model"
        fails=$((fails + 1))
    fi
done
IFS=$IFS_SAVE

for s in $sigill; do
    model=${s%%:*} fam=${s#*:}
    echo "=== $qemu -cpu $model, --sigill $fam"
    set +e
    "$qemu" -cpu "$model" "$work/be_test" --endian $endian --cpu none --sigill "$fam" 2>/dev/null
    rc=$?
    set -e
    if [ $rc -eq 132 ]; then # 128 + SIGILL
        echo "ok: the $fam kernel dies of SIGILL under -cpu $model"
    else
        echo "FAIL: the $fam kernel under -cpu $model exited with $rc, not SIGILL"
        fails=$((fails + 1))
    fi
done

[ $fails -eq 0 ] || { echo "$fails runs failed"; exit 1; }
if [ -z "$shavs_args" ]; then
    echo "FAIL: all else passed, but the SHAVS files were not there to run (-Dshavs_dir)"
    exit 1
fi
echo "all runs passed: $target, $compiler"
