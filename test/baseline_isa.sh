#!/bin/sh
# Checks that the module's SHA instructions (ARMv8 Crypto Extension and ARMv8.2 SHA512)
# stand only in the three kernels, which run only once the CPU has said it has them: any
# other function must run on every ARMv8.0 CPU, or loading the module could crash one.
# Usage: baseline_isa.sh OBJDUMP MODULE
set -eu
objdump=$1
module=$2
report=$("$objdump" -d --no-show-raw-insn "$module" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2 }
    $2 ~ /^sha(1[chmp]|1su[01]|256h2?|256su[01]|512h2?|512su[01])$/ { n[fn]++ }
    END { for (f in n) print f, n[f] }')
echo "SHA instructions per function:"
echo "$report"
if [ -z "$report" ]; then
    echo "FAIL: no SHA instruction at all: the kernels are missing from the module"
    exit 1
fi
outside=$(echo "$report" | grep -v -E '^<armsha_sha(1|256|512)_blocks_armv8>' || true)
if [ -n "$outside" ]; then
    echo "FAIL: SHA instructions outside the kernels:"
    echo "$outside"
    exit 1
fi
for k in sha1 sha256 sha512; do
    echo "$report" | grep -q "^<armsha_${k}_blocks_armv8>" || { echo "FAIL: no $k kernel"; exit 1; }
done
echo "ok: SHA instructions only in the three kernels"
