#!/bin/sh
# Builds the freestanding test program (be_test.c) for one ARM target with clang or GCC:
# the cores and the kernels compiled straight from src/, no libc, no meson (Debian has no
# big-endian sysroot for meson to configure against).
# Usage: build.sh SOURCE_ROOT OUT TARGET [clang|gcc]
#   TARGET: aarch64_be, aarch64 (its little-endian control), armeb, arm.
set -eu

# ---- what is compiled: the one list to follow when src/ changes ----
# The cores, the digest table and the kernel list; not the feature detection, disable
# words, choice and self-test, which need an OS (the program is told the CPU instead).
CORE_SRC="src/digests.c src/kernel_list.c src/sha2_constants.c src/sha1.c
          src/sha1_portable.c src/sha256.c src/sha256_portable.c
          src/sha512.c src/sha512_portable.c"
# FILE:FLAGS (comma-separated), each file with its own, as in src/meson.build.
ARM64_KERNELS="src/arm64/sha1_ce.c:-march=armv8-a+crypto
               src/arm64/sha1_ce_x2.c:-march=armv8-a+crypto
               src/arm64/sha1_pbkdf2_x2.c:-march=armv8-a+crypto
               src/arm64/sha256_ce.c:-march=armv8-a+crypto
               src/arm64/sha256_ce_x2.c:-march=armv8-a+crypto
               src/arm64/sha256_pbkdf2_x2.c:-march=armv8-a+crypto
               src/arm64/sha512_ce.c:-march=armv8.2-a+sha3
               src/arm64/sha512_ce_x2.c:-march=armv8.2-a+sha3"
# The kernels for cores without the SHA instructions (src/meson.build's
# arm64_nosha_kernels): file names in src/arm64/, each built for ARMv8.0 and defining
# ARMSHA_HAVE_ARM64_<NAME> for kernel_list.c.
ARM64_NOSHA="sha256_neon sha1_neon sha512_neon sha512_a64"
ARM64_DEFS="-DARMSHA_ARM64_KERNELS=1"
for k in $ARM64_NOSHA; do
    ARM64_KERNELS="$ARM64_KERNELS src/arm64/$k.c:-march=armv8-a"
    ARM64_DEFS="$ARM64_DEFS -DARMSHA_HAVE_ARM64_$(echo "$k" | tr a-z A-Z)=1"
done
# The float ABI is the targets' (hard). src/meson.build also gives the aarch32-ce files
# GCC's -fno-schedule-insns: speed only, and armeb takes their intrinsics path anyway.
ARM32_KERNELS="src/arm32/sha1_ce.c:-march=armv8-a,-mfpu=crypto-neon-fp-armv8,-mfloat-abi=hard
               src/arm32/sha1_ce_x2.c:-march=armv8-a,-mfpu=crypto-neon-fp-armv8,-mfloat-abi=hard
               src/arm32/sha256_ce.c:-march=armv8-a,-mfpu=crypto-neon-fp-armv8,-mfloat-abi=hard
               src/arm32/sha256_ce_x2.c:-march=armv8-a,-mfpu=crypto-neon-fp-armv8,-mfloat-abi=hard
               src/arm32/sha1_neon.c:-mfpu=neon,-mfloat-abi=hard
               src/arm32/sha256_neon.c:-mfpu=neon,-mfloat-abi=hard
               src/arm32/sha512_neon.c:-mfpu=neon,-mfloat-abi=hard
               src/arm32/sha512_neon_x2.c:-mfpu=neon,-mfloat-abi=hard
               src/arm32/sha256_a32.c:-mfloat-abi=hard
               src/arm32/sha512_a32.c:-mfloat-abi=hard"
ARM32_DEFS="-DARMSHA_ARM32_KERNELS=1 -DARMSHA_HAVE_SHA1_NEON=1 -DARMSHA_HAVE_SHA256_NEON=1
            -DARMSHA_HAVE_SHA512_NEON=1 -DARMSHA_HAVE_SHA512_NEON_X2=1 -DARMSHA_HAVE_SHA256_A32=1
            -DARMSHA_HAVE_SHA512_A32=1"
TEST_SRC="test/bigendian/freestanding.c test/bigendian/be_test.c"

src=$1 out=$2 target=$3 compiler=${4:-clang}
obj=$out.objs
rm -rf "$obj"
mkdir -p "$obj"

common="-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -ffreestanding -fno-stack-protector
        -fno-pic -I$src/include -I$src/src -I$src/test/bigendian/include"

case $target in
aarch64_be | aarch64)
    kernels=$ARM64_KERNELS defs=$ARM64_DEFS
    march_base=armv8-a ;;
armeb | arm)
    kernels=$ARM32_KERNELS defs=$ARM32_DEFS
    march_base=armv7-a ;;
*)
    echo "build.sh: unknown target $target" >&2
    exit 2 ;;
esac

case $compiler in
clang)
    case $target in
    aarch64_be) tflags="--target=aarch64_be-linux-gnu" ;;
    aarch64) tflags="--target=aarch64-linux-gnu" ;;
    armeb) tflags="--target=armebv7a-linux-gnueabihf -mfpu=neon -mfloat-abi=hard" ;;
    arm) tflags="--target=armv7a-linux-gnueabihf -mfpu=neon -mfloat-abi=hard" ;;
    esac
    # -nostdlibinc: clang's own headers (stdint.h, arm_neon.h) but not the host's libc ones.
    cc="clang $tflags" inc="-nostdlibinc"
    # lld 14 links big-endian AArch64 but not big-endian AArch32 (no armelfb emulation):
    # GNU ld from binutils-arm-linux-gnueabihf does, as BE8 (code little-endian, data big).
    case $target in
    armeb) ld="-fuse-ld=$(command -v arm-linux-gnueabihf-ld) -Wl,--be8" ;;
    *) ld="-fuse-ld=lld" ;;
    esac ;;
gcc)
    case $target in
    aarch64_be) gcc=aarch64-linux-gnu-gcc tflags="-mbig-endian" ld="" ;;
    aarch64) gcc=aarch64-linux-gnu-gcc tflags="-mlittle-endian" ld="" ;;
    armeb) gcc=arm-linux-gnueabihf-gcc tflags="-mbig-endian -mfpu=neon" ld="-Wl,--be8" ;;
    arm) gcc=arm-linux-gnueabihf-gcc tflags="-mlittle-endian -mfpu=neon" ld="" ;;
    esac
    # -nostdinc: GCC's own headers only (the cross libc has no big-endian stubs header).
    # -fno-tree-loop-distribute-patterns: else GCC turns memcpy's own loop into a call
    # to memcpy.
    cc="$gcc $tflags"
    inc="-nostdinc -isystem $($gcc -print-file-name=include) -fno-tree-loop-distribute-patterns" ;;
*)
    echo "build.sh: unknown compiler $compiler" >&2
    exit 2 ;;
esac

# The flag strings split into words on purpose (a source root with spaces is not supported).
objs=""
n=0
for f in $CORE_SRC $TEST_SRC; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    $cc $inc $common -march=$march_base $defs -c "$src/$f" -o "$obj/$n.o"
    objs="$objs $obj/$n.o"
done
for k in $kernels; do
    n=$((n + 1))
    # shellcheck disable=SC2046,SC2086
    $cc $inc $common $(echo "${k#*:}" | tr , ' ') $defs -c "$src/${k%%:*}" -o "$obj/$n.o"
    objs="$objs $obj/$n.o"
done
# shellcheck disable=SC2086
$cc -nostdlib -static $ld $objs -o "$out"
rm -rf "$obj"
