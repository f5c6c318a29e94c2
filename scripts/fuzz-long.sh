#!/usr/bin/env bash
# The fuzzers' long runs, by hand (CI keeps the seeded short runs of `meson test --suite fuzz`):
# each libFuzzer target of test/fuzz/ for SECONDS (default 600), one after the other, built
# in FUZZ_DIR (default build-fuzz/: clang, -Dfuzzing=true, so ASan, UBSan and libFuzzer over
# instrumented copies of the core and the module; `ARMSHA_FUZZING=1 scripts/deps.sh` installs
# libclang-rt-14-dev). Each run starts from the target's regression inputs
# (test/fuzz/regressions/TARGET/, read only) and the corpus earlier runs kept
# (FUZZ_DIR/corpus/TARGET/, where libFuzzer adds what it finds). Prints each target's
# executions, coverage (cov: edges, ft: features), corpus and time as a markdown table, and
# fails on any finding (a crash, an armsha/default difference, a leak, a timeout, out of
# memory): libFuzzer's artifact lands in FUZZ_DIR/findings/; once understood (and fixed) it
# goes into test/fuzz/regressions/TARGET/ under a name that says what it does, which the
# seeded suite then replays.
# Usage: scripts/fuzz-long.sh [-t SECONDS] [TARGET...]   TARGET: core provider mac_kdf params
# Environment: FUZZ_DIR, FUZZ_NICE (niceness of the runs, default 19: the machine is shared).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
secs=600
if [ "${1:-}" = -t ]; then
    secs=${2:?-t needs SECONDS}
    shift 2
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(core provider mac_kdf params)
dir=${FUZZ_DIR:-build-fuzz}
niceness=${FUZZ_NICE:-19}

if [ ! -f "$dir/build.ninja" ]; then
    rm -rf "$dir"
    setup_log=$(mktemp)
    CC=clang meson setup "$dir" -Dfuzzing=true >"$setup_log" 2>&1 || {
        tail -20 "$setup_log"
        rm -f "$setup_log"
        echo "fuzz-long: meson setup $dir failed (clang and libclang-rt-14-dev: ARMSHA_FUZZING=1 scripts/deps.sh)"
        exit 1
    }
    rm -f "$setup_log"
fi
nice -n 10 ninja -C "$dir" -j2 >/dev/null || { echo "fuzz-long: $dir did not build"; exit 1; }

# Absolute from here on: FUZZ_DIR may be given either way, and the module folder must be.
dir=$(cd "$dir" && pwd)
fuzz=$dir/test/fuzz
findings=$dir/findings
mkdir -p "$findings"
rows=() failed=0
# libFuzzer's artifacts that are findings; a slow-unit-* file only reports the slowest input
# (over 10 s: PBKDF2's iteration counts under ASan).
findings_of() {
    find "$findings" -type f \( -name "$1-crash-*" -o -name "$1-leak-*" -o -name "$1-timeout-*" \
        -o -name "$1-oom-*" \) | wc -l
}
for t in "${targets[@]}"; do
    bin=$fuzz/fuzz_$t
    [ -x "$bin" ] || { echo "fuzz-long: no target $bin"; failed=$((failed + 1)); continue; }
    corpus=$dir/corpus/$t
    mkdir -p "$corpus"
    seeds=()
    [ -d "test/fuzz/regressions/$t" ] && seeds+=("test/fuzz/regressions/$t")
    log=$dir/fuzz-long-$t.log
    echo "=== fuzz_$t: ${secs} s (log: $log)"
    before=$(findings_of "$t")
    t0=$SECONDS
    # The provider targets load the instrumented armsha.so built beside them; the machine's
    # openssl.cnf stays out. -timeout: an input running 2 minutes is a hang.
    nice -n "$niceness" env OPENSSL_CONF=/dev/null OPENSSL_MODULES="$fuzz" \
        "$bin" -max_total_time="$secs" -timeout=120 -print_final_stats=1 \
        -artifact_prefix="$findings/$t-" "$corpus" ${seeds[@]+"${seeds[@]}"} >"$log" 2>&1
    rc=$?
    took=$((SECONDS - t0))
    # libFuzzer's last status line ("#N ... cov: C ft: F corp: U/Sb ..."), and its final stats.
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<<"$last")
    new=$(($(findings_of "$t") - before))
    if [ "$rc" = 0 ] && [ "$new" = 0 ] && grep -q '^Done [0-9]* runs in' "$log"; then
        result=clean
    else
        result="FINDING (exit $rc, $new artifact(s) in $findings)"
        failed=$((failed + 1))
        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz_|artifact_prefix|Test unit written)' "$log" | head -20
    fi
    echo "fuzz_$t: ${execs:-?} executions (${rate:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}, ${took} s: $result"
    rows+=("| fuzz_$t | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | ${corp:-?} | ${took} s | $result |")
done

echo
echo "| target | executions | exec/s | cov | ft | corpus (inputs/bytes) | time | result |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
echo
echo "fuzz-long: $((${#targets[@]} - failed)) of ${#targets[@]} targets ran ${secs} s without a finding"
[ "$failed" = 0 ]
