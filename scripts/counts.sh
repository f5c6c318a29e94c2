# Sourced by scripts/test.sh, osroot.sh and fresh-machine.sh: the pass/fail/skip totals every
# CI script keeps, and the one closing line they all end with. Gives: passed failed skipped
# (the totals), count_meson LOG, run_meson LABEL CMD..., run_check LABEL CMD...,
# run_counted SCRIPT ARGS..., print_summary.

passed=0 failed=0 skipped=0

# Adds the counts of meson test's summary in file $1 ("Ok:", "Expected Fail:", "Fail:",
# "Unexpected Pass:", "Skipped:", "Timeout:") to the totals; a summary of no test is a failure.
count_meson() {
    local ok xf fl up sk to
    _count() { awk -v k="$1" '$0 ~ "^"k":" {n=$NF} END {print n+0}' "$2"; }
    ok=$(_count Ok "$1") xf=$(_count "Expected Fail" "$1") fl=$(_count Fail "$1")
    up=$(_count "Unexpected Pass" "$1") sk=$(_count Skipped "$1") to=$(_count Timeout "$1")
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

# A script that ends with its own "N passed, N failed[, N skipped]" line (run with bash, as
# root through sudo when not root: the ones that debootstrap and chroot): its counts join the
# totals; a script that ends without that line is a failure.
run_counted() {
    local log summary sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log=$(mktemp)
    $sudo env CI="${CI:-}" bash "$@" 2>&1 | tee "$log"
    summary=$(tail -1 "$log")
    rm -f "$log"
    if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
        passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
        skipped=$((skipped + ${BASH_REMATCH[4]:-0}))
    else
        echo "$1 ended without its summary"
        failed=$((failed + 1))
    fi
}

# The closing line, and the exit status: 0 only without failures.
print_summary() {
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
    [ "$failed" -eq 0 ]
}
