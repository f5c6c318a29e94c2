#!/bin/sh
# Checks that the module's SHA instructions (ARMv8 Crypto Extension, ARMv8.2 SHA512, and
# on 32-bit ARM also NEON) stand only in the kernels, which run only once the CPU has
# said it has them: any other function must run on the target's baseline (any ARMv8.0
# CPU; on armhf Debian's ARMv7-A with VFPv3-D16 and no NEON), or loading the module
# could crash one.
# Usage: baseline_isa.sh OBJDUMP MODULE [CPU_FAMILY [NEON_FAMILIES...]]
#   CPU_FAMILY: aarch64 (default) or arm; NEON_FAMILIES: on arm, the families that have a
#   NEON kernel built in (sha1 sha256 sha512), each of which must then use NEON.
set -eu
objdump=$1
module=$2
family=${3:-aarch64}
[ $# -ge 3 ] && shift 3 || shift $#
disasm=$("$objdump" -d --no-show-raw-insn "$module")

if [ "$family" = aarch64 ]; then
    report=$(echo "$disasm" | awk '
        /^[0-9a-f]+ <.*>:$/ { fn = $2 }
        $2 ~ /^sha(1[chmp]|1su[01]|256h2?|256su[01]|512h2?|512su[01])$/ { n[fn]++ }
        END { for (f in n) print f, n[f] }')
    echo "SHA instructions per function:"
    echo "$report"
    if [ -z "$report" ]; then
        echo "FAIL: no SHA instruction at all: the kernels are missing from the module"
        exit 1
    fi
    # The PBKDF2 entries (SHA-512's, the two-lane SHA-1 and SHA-256 ones) are called only where their
    # kernel was chosen.
    outside=$(echo "$report" | grep -v -E '^<armsha_(sha(1|256|512)_blocks|sha512_pbkdf2(_x2)?|sha(1|256)_pbkdf2_x2|sha(1|256|512)_x2)_armv8>' || true)
    if [ -n "$outside" ]; then
        echo "FAIL: SHA instructions outside the kernels:"
        echo "$outside"
        exit 1
    fi
    for k in sha1 sha256 sha512; do
        echo "$report" | grep -q "^<armsha_${k}_blocks_armv8>" || { echo "FAIL: no $k kernel"; exit 1; }
    done
    echo "$report" | grep -q "^<armsha_sha512_pbkdf2_armv8>" || { echo "FAIL: no SHA-512 PBKDF2 entry"; exit 1; }
    echo "$report" | grep -q "^<armsha_sha512_pbkdf2_x2_armv8>" || { echo "FAIL: no two-lane SHA-512 PBKDF2 entry"; exit 1; }
    echo "$report" | grep -q "^<armsha_sha1_pbkdf2_x2_armv8>" || { echo "FAIL: no two-lane SHA-1 PBKDF2 entry"; exit 1; }
    echo "$report" | grep -q "^<armsha_sha256_pbkdf2_x2_armv8>" || { echo "FAIL: no two-lane SHA-256 PBKDF2 entry"; exit 1; }
    echo "ok: SHA instructions only in the three kernels (and their PBKDF2 entries)"
    exit 0
fi

# 32-bit ARM. The NEON kernel files may put their rounds in a static function of their
# own (sha1_neon beside armsha_sha1_blocks_neon). An instruction counts as NEON when it names a q register or d16-d31
# (VFPv3-D16 has d0-d15 only), or when it is a v-instruction other than VFP's loads,
# stores, moves and floating-point arithmetic (VFP arithmetic is .f32/.f64; NEON's
# integer and bitwise operations, VLD1-4/VST1-4, VREV, VDUP... are not).
report=$(echo "$disasm" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; sub(/:$/, "", fn); next }
    $1 !~ /^[0-9a-f]+:$/ { next }
    {
        m = $2; ops = ""
        for (i = 3; i <= NF; i++) ops = ops " " $i
        sub(/[@;].*/, "", ops)
        if (m ~ /^sha(1[chmp]|1su[01]|256h2?|256su[01])(\.32)?$/) { sha[fn]++; next }
        if (m !~ /^v/) next
        if (ops ~ /(^|[^a-z0-9])(q[0-9]|d(1[6-9]|2[0-9]|3[01]))([^0-9]|$)/ ||
            !(m ~ /^v(ldr|str|ldm[a-z]*|stm[a-z]*|push|pop|mrs|msr)(\.[0-9]+)?$/ ||
              m ~ /^vmov(\.(f32|f64|32))?$/ || m ~ /^vcvt/ ||
              m ~ /^v[a-z]+\.f(16|32|64)$/))
            neon[fn]++
    }
    END {
        for (f in sha) print "sha", f, sha[f]
        for (f in neon) print "neon", f, neon[f]
    }')
echo "SHA and NEON instructions per function:"
echo "$report"
fails=0
# The kernels: armsha_sha{1,256}_blocks_aarch32, their two-lane forms, *_x2_aarch32, and
# the PBKDF2 entries on the two-lane ones, *_pbkdf2_x2_aarch32.
outside=$(echo "$report" | grep '^sha ' | grep -v -E '^sha <armsha_sha(1|256)_(blocks|x2|pbkdf2_x2)_aarch32> ' || true)
if [ -n "$outside" ]; then
    echo "FAIL: SHA instructions outside the AArch32 SHA kernels:"
    echo "$outside"
    fails=1
fi
outside=$(echo "$report" | grep '^neon ' |
    grep -v -E '^neon <armsha_sha(1|256)_(blocks|x2|pbkdf2_x2)_aarch32> |^neon <(armsha_)?sha(1|256|512)(_blocks)?_neon> |^neon <armsha_sha512_x2_neon32> ' || true)
if [ -n "$outside" ]; then
    echo "FAIL: NEON instructions outside the kernels:"
    echo "$outside"
    fails=1
fi
for k in sha1 sha256; do
    echo "$report" | grep -q "^sha <armsha_${k}_blocks_aarch32> " ||
        { echo "FAIL: no AArch32 SHA instruction in a $k kernel"; fails=1; }
    echo "$report" | grep -q "^sha <armsha_${k}_x2_aarch32> " ||
        { echo "FAIL: no AArch32 SHA instruction in the $k two-lane kernel"; fails=1; }
done
for k in "$@"; do
    echo "$report" | grep -q -E "^neon <(armsha_)?${k}(_blocks)?_neon> " ||
        { echo "FAIL: no NEON instruction in a $k NEON kernel"; fails=1; }
done
# SHA-512's two-lane NEON form, built beside its NEON kernel (src/meson.build).
case " $* " in
*" sha512 "*)
    echo "$report" | grep -q "^neon <armsha_sha512_x2_neon32> " ||
        { echo "FAIL: no NEON instruction in the sha512 two-lane NEON kernel"; fails=1; } ;;
esac
[ "$fails" -eq 0 ] || exit 1
echo "ok: SHA instructions only in the AArch32 SHA kernels, NEON only in the kernels"
