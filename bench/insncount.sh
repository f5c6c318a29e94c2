#!/usr/bin/env bash
# Guest instructions per call, armsha against OpenSSL's default provider, under qemu-aarch64.
#
#   bench/insncount.sh BUILDDIR > table.md
#
# BUILDDIR: an aarch64 cross build folder; set up with conf/cross/aarch64-linux-gnu.txt
# when it does not exist yet, then armsha.so and bench/armsha-bench are (re)built in it.
# Every figure is (insns(N=k) - insns(N=0)) / k of two `armsha-bench count` processes
# that differ only in N (same CPU model, same environment, same input); the counts
# are exact, so k is small: the loop hashes about 256 KiB.
# Environment: JOBS (parallel qemu processes, default 2), ALGS (default
# "SHA1 SHA2-256 SHA2-512"), SIZES (default "16 64 256 1024 8192 16384"),
# BREAKDOWNS (per-function profiles to print, default "SHA2-256:16:oneshot
# SHA2-256:16:stream"), QEMU (default qemu-aarch64), INSNCOUNT_C (the plugin source, default
# bench/qemu-insncount.c).
# Progress goes to stderr, the markdown to stdout.
set -euo pipefail

# MODE=pi: only the configurations of a Raspberry Pi 4 and 3 (issue 21): -cpu cortex-a72 and
# -cpu cortex-a53 (armsha chooses some kernels per core: src/kernel_list.c), armsha told
# there are no SHA instructions (bench/nosha-env.sh: ARMSHA_NOSHA_ENV, else
# ARMSHA_DISABLE=ce where the module knows it, else =all), OpenSSL with OPENSSL_armcap=0x1 (NEON, no SHA); all seven digests at
# 64 B, 1 KiB and 16 KiB unless ALGS / SIZES say otherwise; no breakdowns.
MODE=${MODE:-all}
if [ "$MODE" = pi ]; then
    ALGS=${ALGS:-"SHA1 SHA2-224 SHA2-256 SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256"}
    SIZES=${SIZES:-"64 1024 16384"}
    BREAKDOWNS=${BREAKDOWNS:-none}
fi
[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR" >&2; exit 2; }
SRC=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
BUILD=$(cd "$1" && pwd)
JOBS=${JOBS:-2}
ALGS=${ALGS:-"SHA1 SHA2-256 SHA2-512"}
SIZES=${SIZES:-"16 64 256 1024 8192 16384"}
BREAKDOWNS=${BREAKDOWNS:-"SHA2-256:16:oneshot SHA2-256:16:stream"}
QEMU=${QEMU:-qemu-aarch64}
# The arm64 OpenSSL of scripts/foreign.sh; scripts/qemu-run.sh runs the programs against it.
SYSROOT=$SRC/build-foreign/arm64
QEMU_RUN=$SRC/scripts/qemu-run.sh
[ -f "$SYSROOT/sysroot.txt" ] || { echo "$0: run scripts/foreign.sh arm64 (or scripts/deps.sh) first" >&2; exit 1; }
INSNCOUNT_C=${INSNCOUNT_C:-$SRC/bench/qemu-insncount.c}

if [ ! -f "$BUILD/build.ninja" ]; then
    meson setup "$BUILD" "$SRC" --cross-file "$SYSROOT/sysroot.txt" \
        --cross-file "$SRC/conf/cross/aarch64-linux-gnu.txt" >&2
fi
ninja -C "$BUILD" armsha.so bench/armsha-bench >&2
BENCH=$BUILD/bench/armsha-bench
PLUGIN=$BUILD/bench/insncount.so
TBPROF=$BUILD/bench/tbprof.so
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$PLUGIN" "$INSNCOUNT_C"
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$TBPROF" "$SRC/bench/qemu-tbprof.c"

WORK=$BUILD/bench/insncount
rm -rf "$WORK"
mkdir -p "$WORK/res"

# Configurations: name, CPU model, extra environment (the same for both providers).
#   max    -cpu max: SHA1, SHA2 and SHA512 instructions for both providers
#   n1     -cpu neoverse-n1: SHA1/SHA2 but no SHA512 (both fall back for SHA-512)
#   nosha  -cpu max, no SHA instructions: armsha's portable C (ARMSHA_DISABLE=all)
#          against OpenSSL's integer assembly (OPENSSL_armcap=0)
CONFIGS=(
    "max|max|"
    "n1|neoverse-n1|"
    "nosha|max|ARMSHA_DISABLE=all OPENSSL_armcap=0"
)
if [ "$MODE" = pi ]; then
    # shellcheck source=bench/nosha-env.sh
    . "$SRC/bench/nosha-env.sh"
    CONFIGS=("pi4|cortex-a72|$(nosha_env "$BUILD" "$SYSROOT") OPENSSL_armcap=0x1"
             "pi3|cortex-a53|$(nosha_env "$BUILD" "$SYSROOT") OPENSSL_armcap=0x1")
fi
[ "$BREAKDOWNS" != none ] || BREAKDOWNS=

# k calls hash about 256 KiB; k * size is a multiple of 128 (both block sizes), so that a
# stream of k updates leaves the buffer as full as no update at all: final then does the
# same work in both runs of a pair.
calls_for() {
    local a=$1 b=128 t step k
    while [ "$b" -ne 0 ]; do t=$((a % b)); a=$b; b=$t; done
    step=$((128 / a))
    k=$((262144 / $1))
    k=$(((k + step - 1) / step * step))
    [ "$k" -ge "$step" ] || k=$step
    echo "$k"
}

# run_one CONFIG CPU ENV PROVIDER ALG SIZE MODE N: one counted process, its count in
# $WORK/res. ENV: comma-separated VAR=value list, or "-".
run_one() {
    local cfg=$1 cpu=$2 extra=${3//,/ } prov=$4 alg=$5 size=$6 mode=$7 n=$8
    local out="$WORK/res/$cfg.$prov.${alg//\//_}.$size.$mode.$n"
    [ "$extra" != "-" ] || extra=
    # A clean, fixed environment: the two runs of a pair must differ in N alone.
    # N is zero-padded so that argv has the same length in both.
    # shellcheck disable=SC2086
    if ! env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" QEMU_CPU="$cpu" $extra \
            "$QEMU_RUN" aarch64 "$SYSROOT" -plugin "$PLUGIN,out=$out.txt" -- "$BENCH" count "$prov" "$alg" "$size" "$mode" \
            "$(printf %06d "$n")" 2>"$out.err"; then
        echo "FAILED: $cfg $prov $alg $size $mode $n: $(head -c 300 "$out.err")" >&2
        return 0
    fi
    sed -n 's/^insns //p' "$out.txt" >"$out"
}
export -f run_one
export WORK BUILD QEMU QEMU_RUN SYSROOT PLUGIN BENCH

# Kernels and versions per configuration, from the same environment as the counts.
for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name cpu extra <<<"$c"
    # shellcheck disable=SC2086
    env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" QEMU_CPU="$cpu" $extra \
        "$QEMU_RUN" aarch64 "$SYSROOT" -- "$BENCH" info >"$WORK/$name.info" 2>&1 || true
done

jobs=$WORK/jobs
: >"$jobs"
for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name cpu extra <<<"$c"
    extra=${extra// /,}
    for alg in $ALGS; do
        for size in $SIZES; do
            for mode in oneshot stream; do
                for prov in default armsha; do
                    echo "$name $cpu ${extra:--} $prov $alg $size $mode 0" >>"$jobs"
                    echo "$name $cpu ${extra:--} $prov $alg $size $mode $(calls_for "$size")" >>"$jobs"
                done
            done
        done
    done
done
echo "insncount: $(wc -l <"$jobs") qemu runs, $JOBS at a time" >&2
start=$(date +%s)
xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _ <"$jobs"
echo "insncount: matrix done in $(( $(date +%s) - start )) s" >&2

# The method rests on counts being repeatable: count one process again.
run_one max max - default SHA2-256 16 oneshot 0 2>/dev/null
mv "$WORK/res/max.default.SHA2-256.16.oneshot.0" "$WORK/repeat"
run_one max max - default SHA2-256 16 oneshot 0 2>/dev/null

# Per-call breakdowns (-cpu max): where each provider spends its instructions.
for b in $BREAKDOWNS; do
    IFS=: read -r alg size mode <<<"$b"
    k=$(calls_for "$size")
    tag=${b//:/_}
    for prov in default armsha; do
        for n in 0 "$k"; do
            env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" QEMU_CPU=max \
                ARMSHA_BENCH_MAPS="$WORK/bd.$tag.$prov.maps" \
                "$QEMU_RUN" aarch64 "$SYSROOT" -plugin "$TBPROF,out=$WORK/bd.$tag.$prov.$n.prof" -- "$BENCH" count "$prov" \
                "$alg" "$size" "$mode" "$(printf %06d "$n")" 2>>"$WORK/bd.err" ||
                echo "FAILED: breakdown $b $prov $n" >&2
        done
    done
done

python3 - "$WORK" "$ALGS" "$SIZES" "$QEMU" "$SRC" "$BREAKDOWNS" "$MODE" "${CONFIGS[0]}" <<'EOF'
import datetime, math, os, subprocess, sys

work, algs, sizes, qemu, src = sys.argv[1], sys.argv[2].split(), [int(s) for s in sys.argv[3].split()], sys.argv[4], sys.argv[5]
breakdowns = sys.argv[6].split()
pi = sys.argv[7] == "pi"
configs = [("max", "-cpu max", ""), ("n1", "-cpu neoverse-n1", ""),
           ("nosha", "-cpu max, no SHA instructions", "ARMSHA_DISABLE=all OPENSSL_armcap=0")]
if pi:
    configs = [("pi4", "-cpu cortex-a72, no SHA instructions for either provider (a Raspberry Pi 4)", sys.argv[8].split("|")[2]),
               ("pi3", "-cpu cortex-a53, no SHA instructions for either provider (a Raspberry Pi 3)", sys.argv[8].split("|")[2])]

def calls_for(size):
    step = 128 // math.gcd(size, 128)
    k = 262144 // size
    return max(step, (k + step - 1) // step * step)

def count(cfg, prov, alg, size, mode, n):
    try:
        with open(os.path.join(work, "res", f"{cfg}.{prov}.{alg.replace('/', '_')}.{size}.{mode}.{n}")) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None

def per_call(cfg, prov, alg, size, mode):
    k = calls_for(size)
    a, b = count(cfg, prov, alg, size, mode, 0), count(cfg, prov, alg, size, mode, k)
    return None if a is None or b is None else (b - a) / k

def fmt(v):
    return "ERR" if v is None else ("%.1f" % v if v < 10000 else "%.0f" % v)

def ratio(a, d):
    return None if a is None or d is None or d == 0 else a / d

def info(cfg, line=0):
    try:
        with open(os.path.join(work, cfg + ".info")) as f:
            return f.read().strip().splitlines()[line]
    except (OSError, IndexError):
        return "(info failed)"

def verdict(ok):
    return "ERR" if ok is None else ("met" if ok else "**not met**")

def read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None

qv = subprocess.run([qemu, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
rev = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
dirty = subprocess.run(["git", "-C", src, "status", "--porcelain", "--", "src", "provider", "include"],
                       capture_output=True, text=True).stdout.strip()
print("## Guest instructions per call (qemu-aarch64, TCG plugin%s)\n" % ("; no SHA instructions: Raspberry Pi 3/4" if pi else ""))
print(f"- date: {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}; {qv}; guest {info(configs[0][0], 1)} (Debian libssl3:arm64); tree {rev}{' + uncommitted changes in src/provider/include' if dirty else ''}")
again, first = read(os.path.join(work, "repeat")), read(os.path.join(work, "res", "max.default.SHA2-256.16.oneshot.0"))
print(f"- repeatability: the same process counted twice gave {first} and {again} instructions"
      + (" (identical)" if first and first == again else " (**differ**: figures are not exact)"))
print("- figure = (insns(N=k) - insns(N=0)) / k, k = " +
      ", ".join(f"{calls_for(s)} at {s} B" for s in sizes) +
      "; one-shot = `EVP_Digest` per buffer, stream = `EVP_DigestUpdate` of that size")
print("- ratio = armsha / default: below 1.00 armsha executes fewer guest instructions\n")
for cfg, title, env in configs:
    print(f"### {title}" + (f" (`{env}`)" if env else "") + "\n")
    print(f"armsha-kernels: `{info(cfg)}`\n")
    for alg in algs:
        print(f"#### {alg}\n")
        print("| size | one-shot default | one-shot armsha | ratio | stream default | stream armsha | ratio |")
        print("|-----:|-----:|-----:|-----:|-----:|-----:|-----:|")
        for s in sizes:
            row = [str(s)]
            for mode in ("oneshot", "stream"):
                d, a = per_call(cfg, "default", alg, s, mode), per_call(cfg, "armsha", alg, s, mode)
                r = ratio(a, d)
                row += [fmt(d), fmt(a), "ERR" if r is None else "%.2f" % r]
            print("| " + " | ".join(row) + " |")
        print()

if pi:
    print("## Targets (issue 21, instruction counts)\n")
    print("| target | worst figure | met |")
    print("|---|---|---|")
    for alg in algs:
        rs = [(ratio(per_call(c, "armsha", alg, s, m), per_call(c, "default", alg, s, m)), s, m + ", " + c)
              for s in sizes for m in ("oneshot", "stream") for c in ("pi4", "pi3")]
        if any(r is None for r, _, _ in rs):
            print(f"| {alg} armsha/default <= 1.00 at {', '.join(map(str, sizes))} B | ERR | ERR |")
            continue
        r, s, m = max(rs)
        print(f"| {alg} armsha/default <= 1.00 at {', '.join(map(str, sizes))} B, one-shot and stream | "
              f"{r:.3f} ({s} B {m}) | {verdict(r <= 1.0)} |")
    print()
    sys.exit(0)
print("## Targets (instruction counts)\n")
print("| target | figure | met |")
print("|---|---|---|")
for alg in algs:
    for s in sizes:
        r = ratio(per_call("max", "armsha", alg, s, "oneshot"), per_call("max", "default", alg, s, "oneshot"))
        lim = 0.90 if s <= 64 else 1.00
        print(f"| (a) -cpu max {alg} {s} B one-shot armsha/default <= {lim:.2f} | "
              f"{'ERR' if r is None else '%.3f' % r} | {verdict(None if r is None else r <= lim)} |")
for alg in algs:
    r = ratio(per_call("nosha", "armsha", alg, 16384, "oneshot"), per_call("nosha", "default", alg, 16384, "oneshot"))
    print(f"| (b) ARMSHA_DISABLE=all vs OPENSSL_armcap=0 {alg} 16384 B one-shot <= 1.00 | "
          f"{'ERR' if r is None else '%.3f' % r} | {verdict(None if r is None else r <= 1.0)} |")
hw, sw = per_call("max", "armsha", "SHA2-256", 16384, "oneshot"), per_call("nosha", "armsha", "SHA2-256", 16384, "oneshot")
x = None if hw is None or sw is None or hw == 0 else sw / hw
print(f"| (d) -cpu max SHA2-256 16384 B: ARMSHA_DISABLE=all / armv8-ce >= 8 | "
      f"{'ERR' if x is None else '%s / %s = %.1fx' % (fmt(sw), fmt(hw), x)} | {verdict(None if x is None else x >= 8)} |")
print()

for b in breakdowns:
    alg, size, mode = b.split(":")
    k = calls_for(int(size))
    what = "`EVP_Digest` call" if mode == "oneshot" else "`EVP_DigestUpdate` call"
    print(f"## Where the instructions go: {alg}, {size} bytes, {mode}, -cpu max\n")
    print(f"Per {what}, from a per-block profile (bench/qemu-tbprof.c) of N=0 and N={k} runs, "
          "put on symbols by bench/breakdown.py. Debian's libcrypto and libc are stripped: a function "
          "that is not exported shows as `fn@ADDR (after the nearest exported symbol)`, code without "
          "CFI (OpenSSL's perlasm) as `no-CFI code after SYMBOL` with the SHA instructions it ran.\n")
    sys.stdout.flush()
    tag = b.replace(":", "_")
    args = [f"{p}:{work}/bd.{tag}.{p}.maps:{work}/bd.{tag}.{p}.0.prof:{work}/bd.{tag}.{p}.{k}.prof"
            for p in ("default", "armsha")]
    subprocess.run(["python3", os.path.join(src, "bench", "breakdown.py"), "--k", str(k), "--top", "40"] + args)
    print()
EOF
