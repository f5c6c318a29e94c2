#!/usr/bin/env bash
# Runs some meson suites of a build folder N times in a row and says how many runs failed,
# and the median and longest run, to show that tests do not flake or hang (issue 14's check:
# no failure, no run longer than twice the median). Not part of the suite: a tool to run
# by hand, with the other core busy or not.
#   repeat-suites.sh N BUILD_DIR SETUP SUITE...
# Example: scripts/repeat-suites.sh 20 build-armhf max cli
# Ends with "repeat: DIR SETUP SUITES: N runs, F failed, median M s, longest L s (L/M)".
set -uo pipefail

[ $# -ge 4 ] || { echo "usage: repeat-suites.sh N BUILD_DIR SETUP SUITE..." >&2; exit 2; }
n=$1 dir=$2 setup=$3
shift 3
suites=()
for s in "$@"; do suites+=(--suite "$s"); done
times=() fails=0
for ((i = 1; i <= n; i++)); do
    t0=$(date +%s%N)
    if meson test -C "$dir" --setup "$setup" --no-rebuild --num-processes 1 "${suites[@]}" >"$dir/repeat-$i.log" 2>&1; then
        result=ok
        rm -f "$dir/repeat-$i.log"
    else
        result="FAILED (log: $dir/repeat-$i.log)"
        fails=$((fails + 1))
    fi
    ms=$((($(date +%s%N) - t0) / 1000000))
    times+=("$ms")
    echo "repeat $i/$n: $result, $((ms / 1000)).$(printf %03d $((ms % 1000))) s"
done
python3 - "$dir" "$setup" "$*" "$fails" "${times[@]}" <<'EOF'
import statistics, sys
d, setup, suites, fails = sys.argv[1:5]
t = [int(x) / 1000 for x in sys.argv[5:]]
med, top = statistics.median(t), max(t)
print(f"repeat: {d} {setup} {suites}: {len(t)} runs, {fails} failed, median {med:.1f} s, "
      f"longest {top:.1f} s ({top / med:.2f} of the median)")
EOF
[ "$fails" -eq 0 ]
