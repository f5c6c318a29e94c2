#!/bin/sh
# The load-time self-test's fallback, through a test build of the module whose self-test can
# be made to fail (ARMSHA_TEST_BREAK_SELFTEST, compiled in only there): a hardware kernel
# that fails is not used and the kernels line says so; a portable function that fails makes
# the provider refuse to load with a clear error. ARMSHA_EXPECT_KERNELS (the test setup)
# says which kernels this CPU must get.
# Usage: selftest_fallback.sh HOOKED_MODULE PROBE_COMMAND...
set -u
module=$1
shift
fail=0
probe() { "$@" "$module" 2>&1; }

out=$(probe "$@")
case "$out" in
"loaded: ${ARMSHA_EXPECT_KERNELS:-}") echo "ok: unbroken: $out" ;;
*) echo "FAIL: unbroken test module: expected 'loaded: ${ARMSHA_EXPECT_KERNELS:-}', got: $out"; fail=1 ;;
esac

hw=0
for word in ${ARMSHA_EXPECT_KERNELS:-}; do
    fam=${word%%=*} kernel=${word#*=}
    [ "$kernel" = portable ] && continue
    hw=$((hw + 1))
    out=$(ARMSHA_TEST_BREAK_SELFTEST="$fam=$kernel" probe "$@")
    # The next kernel of the family takes over: portable, or on 32-bit ARM the NEON one
    # when the AArch32 SHA one fails.
    case "$out" in
    *"$fam=$kernel "*) echo "FAIL: with $fam=$kernel failing its self-test, it is still used: $out"; fail=1 ;;
    *"$fam="*" ($kernel failed its self-test)"*) echo "ok: $fam=$kernel broken: $out" ;;
    *) echo "FAIL: with $fam=$kernel failing its self-test, got: $out"; fail=1 ;;
    esac
done
[ "$hw" -gt 0 ] || echo "note: no hardware kernel on this configuration: only the portable failure is tested"

for fam in sha1 sha256 sha512; do
    out=$(ARMSHA_TEST_BREAK_SELFTEST="$fam=portable" probe "$@")
    case "$out" in
    refused:*"$fam=portable failed its self-test"*) echo "ok: $fam=portable broken: refused to load" ;;
    *) echo "FAIL: with the portable $fam failing its self-test, expected a refusal, got: $out"; fail=1 ;;
    esac
done
exit $fail
