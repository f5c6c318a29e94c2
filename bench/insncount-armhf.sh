#!/usr/bin/env bash
# Guest instructions per call, armsha against OpenSSL's default provider, under qemu-arm
# (32-bit ARM, armhf): the method of bench/insncount.sh on the CPU models of issue 8.
#
#   bench/insncount-armhf.sh BUILDDIR > table.md
#
# BUILDDIR: an armhf cross build folder; set up with build-foreign/armhf/sysroot.txt and
# conf/cross/arm-linux-gnueabihf.txt when it does not exist yet (scripts/foreign.sh armhf
# must have run), then armsha.so and bench/armsha-bench are (re)built in it. Both
# providers run in one process with Debian's armhf libcrypto from the sysroot.
# Every figure is (insns(N=k) - insns(N=0)) / k of two `armsha-bench count` processes
# that differ only in N; per block: (per call at 16 KiB - per call at 1 KiB) / the
# blocks between (240 of 64 bytes, 120 of 128 bytes).
# Environment: JOBS (parallel qemu processes, default 2), ALGS (default
# "SHA1 SHA2-256 SHA2-512"), SIZES (default "16 64 1024 16384", which must include 1024
# and 16384), INSNCOUNT_C (the plugin source, default bench/qemu-insncount.c).
# Progress goes to stderr, the markdown to stdout.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR" >&2; exit 2; }
SRC=$(cd "$(dirname "$0")/.." && pwd)
SYSROOT=$SRC/build-foreign/armhf
mkdir -p "$1"
BUILD=$(cd "$1" && pwd)
JOBS=${JOBS:-2}
ALGS=${ALGS:-"SHA1 SHA2-256 SHA2-512"}
SIZES=${SIZES:-"16 64 1024 16384"}
INSNCOUNT_C=${INSNCOUNT_C:-$SRC/bench/qemu-insncount.c}
[ -f "$SYSROOT/sysroot.txt" ] || { echo "$0: run scripts/foreign.sh armhf (or scripts/deps.sh) first" >&2; exit 1; }

if [ ! -f "$BUILD/build.ninja" ]; then
    meson setup "$BUILD" "$SRC" --cross-file "$SYSROOT/sysroot.txt" \
        --cross-file "$SRC/conf/cross/arm-linux-gnueabihf.txt" >&2
fi
ninja -C "$BUILD" armsha.so bench/armsha-bench >&2
BENCH=$BUILD/bench/armsha-bench
PLUGIN=$BUILD/bench/insncount.so
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$PLUGIN" "$INSNCOUNT_C"
# As the cross file's exe_wrapper: the armhf loader of libc6-armhf-cross by its path.
LOADER=/usr/arm-linux-gnueabihf/lib/ld-linux-armhf.so.3
LIBS=$SYSROOT/usr/lib/arm-linux-gnueabihf:/usr/arm-linux-gnueabihf/lib

WORK=$BUILD/bench/insncount-armhf
rm -rf "$WORK"
mkdir -p "$WORK/res"

# Configurations: name, CPU model, extra environment (the same for both providers).
#   max    -cpu max: AArch32 SHA instructions and NEON for both providers
#   a8     -cpu cortex-a8: NEON, no SHA instructions
#   r5f    -cpu cortex-r5f: no NEON: armsha's portable C against OpenSSL's integer code
#   r5f    -cpu cortex-r5f: no NEON: armsha's ARM integer kernels (a32) against OpenSSL's
#          integer code
#   nosha  -cpu max, ARMSHA_DISABLE=ce,neon against OPENSSL_armcap=0: the same pair on a
#          CPU that has everything
#   portable  -cpu max, ARMSHA_DISABLE=all: armsha's portable C against the same
CONFIGS=(
    "max|max|"
    "a8|cortex-a8|"
    "r5f|cortex-r5f|"
    "nosha|max|ARMSHA_DISABLE=ce,neon OPENSSL_armcap=0"
    "portable|max|ARMSHA_DISABLE=all OPENSSL_armcap=0"
)

calls_for() {
    local a=$1 b=128 t step k
    while [ "$b" -ne 0 ]; do t=$((a % b)); a=$b; b=$t; done
    step=$((128 / a))
    k=$((262144 / $1))
    k=$(((k + step - 1) / step * step))
    [ "$k" -ge "$step" ] || k=$step
    echo "$k"
}

run_one() {
    local cfg=$1 cpu=$2 extra=${3//@/ } prov=$4 alg=$5 size=$6 mode=$7 n=$8
    local out="$WORK/res/$cfg.$prov.$alg.$size.$mode.$n"
    [ "$extra" != "-" ] || extra=
    # shellcheck disable=SC2086
    if ! env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" QEMU_CPU="$cpu" $extra \
            qemu-arm -plugin "$PLUGIN,out=$out.txt" "$LOADER" --library-path "$LIBS" \
            "$BENCH" count "$prov" "$alg" "$size" "$mode" "$(printf %06d "$n")" 2>"$out.err"; then
        echo "FAILED: $cfg $prov $alg $size $mode $n: $(head -c 300 "$out.err")" >&2
        return 0
    fi
    sed -n 's/^insns //p' "$out.txt" >"$out"
}
export -f run_one
export WORK BUILD PLUGIN BENCH LOADER LIBS

for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name cpu extra <<<"$c"
    # shellcheck disable=SC2086
    env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" QEMU_CPU="$cpu" $extra \
        qemu-arm "$LOADER" --library-path "$LIBS" "$BENCH" info >"$WORK/$name.info" 2>&1 || true
done

jobs=$WORK/jobs
: >"$jobs"
for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name cpu extra <<<"$c"
    extra=${extra// /@}  # one word in the job list (a value may hold commas)
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
echo "insncount-armhf: $(wc -l <"$jobs") qemu runs, $JOBS at a time" >&2
start=$(date +%s)
xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _ <"$jobs"
echo "insncount-armhf: matrix done in $(( $(date +%s) - start )) s" >&2

run_one max max - default SHA2-256 16 oneshot 0 2>/dev/null
mv "$WORK/res/max.default.SHA2-256.16.oneshot.0" "$WORK/repeat"
run_one max max - default SHA2-256 16 oneshot 0 2>/dev/null

python3 - "$WORK" "$ALGS" "$SIZES" "$SRC" <<'EOF'
import datetime, math, os, subprocess, sys

work, algs, sizes, src = sys.argv[1], sys.argv[2].split(), [int(s) for s in sys.argv[3].split()], sys.argv[4]
configs = [("max", "-cpu max", ""), ("a8", "-cpu cortex-a8", ""), ("r5f", "-cpu cortex-r5f", ""),
           ("nosha", "-cpu max, no SHA instructions nor NEON", "ARMSHA_DISABLE=ce,neon OPENSSL_armcap=0"),
           ("portable", "-cpu max, armsha's portable C", "ARMSHA_DISABLE=all OPENSSL_armcap=0")]
block = {"SHA1": 64, "SHA2-256": 64, "SHA2-512": 128}

def calls_for(size):
    step = 128 // math.gcd(size, 128)
    k = 262144 // size
    return max(step, (k + step - 1) // step * step)

def count(cfg, prov, alg, size, mode, n):
    try:
        with open(os.path.join(work, "res", f"{cfg}.{prov}.{alg}.{size}.{mode}.{n}")) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None

def per_call(cfg, prov, alg, size, mode="oneshot"):
    k = calls_for(size)
    a, b = count(cfg, prov, alg, size, mode, 0), count(cfg, prov, alg, size, mode, k)
    return None if a is None or b is None else (b - a) / k

def per_block(cfg, prov, alg):
    a, b = per_call(cfg, prov, alg, 1024), per_call(cfg, prov, alg, 16384)
    return None if a is None or b is None else (b - a) / ((16384 - 1024) / block[alg])

def fmt(v):
    return "ERR" if v is None else ("%.1f" % v if v < 10000 else "%.0f" % v)

def ratio(a, d):
    return None if a is None or d is None or d == 0 else a / d

def rfmt(r):
    return "ERR" if r is None else "%.2f" % r

def info(cfg, line=0):
    try:
        with open(os.path.join(work, cfg + ".info")) as f:
            return f.read().strip().splitlines()[line]
    except (OSError, IndexError):
        return "(info failed)"

def read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None

qv = subprocess.run(["qemu-arm", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
rev = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
dirty = subprocess.run(["git", "-C", src, "status", "--porcelain", "--", "src", "provider", "include"],
                       capture_output=True, text=True).stdout.strip()
print("## Guest instructions per call, armhf (qemu-arm, TCG plugin)\n")
print(f"- date: {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}; {qv}; guest {info('max', 1)} "
      f"(Debian libssl3:armhf, unpacked); tree {rev}{' + uncommitted changes in src/provider/include' if dirty else ''}")
again, first = read(os.path.join(work, "repeat")), read(os.path.join(work, "res", "max.default.SHA2-256.16.oneshot.0"))
print(f"- repeatability: the same process counted twice gave {first} and {again} instructions"
      + (" (identical)" if first and first == again else " (**differ**: figures are not exact)"))
print("- figure = (insns(N=k) - insns(N=0)) / k, k = " + ", ".join(f"{calls_for(s)} at {s} B" for s in sizes)
      + "; one-shot = `EVP_Digest` per buffer, stream = `EVP_DigestUpdate` of that size")
print("- per block = (one-shot at 16384 B - one-shot at 1024 B) / the blocks between")
print("- ratio = armsha / default: below 1.00 armsha executes fewer guest instructions\n")
for cfg, title, env in configs:
    print(f"### {title}" + (f" (`{env}`)" if env else "") + "\n")
    print(f"armsha-kernels: `{info(cfg)}`\n")
    print("| digest | size | one-shot default | one-shot armsha | ratio | stream default | stream armsha | ratio |")
    print("|---|-----:|-----:|-----:|-----:|-----:|-----:|-----:|")
    for alg in algs:
        for s in sizes:
            row = [alg, str(s)]
            for mode in ("oneshot", "stream"):
                d, a = per_call(cfg, "default", alg, s, mode), per_call(cfg, "armsha", alg, s, mode)
                row += [fmt(d), fmt(a), rfmt(ratio(a, d))]
            print("| " + " | ".join(row) + " |")
    print()
    print("| digest | per block default | per block armsha | ratio |")
    print("|---|-----:|-----:|-----:|")
    for alg in algs:
        d, a = per_block(cfg, "default", alg), per_block(cfg, "armsha", alg)
        print(f"| {alg} | {fmt(d)} | {fmt(a)} | {rfmt(ratio(a, d))} |")
    print()

print("## Targets of issue 8 (instruction counts, one-shot `EVP_Digest`)\n")
print("| target | figure | met |")
print("|---|---|---|")
def verdict(ok):
    return "ERR" if ok is None else ("met" if ok else "**not met**")
def row(label, r, lim):
    print(f"| {label} <= {lim:.2f} | {'ERR' if r is None else '%.3f' % r} | {verdict(None if r is None else r <= lim)} |")
for alg in algs:
    for s in sizes:
        row(f"-cpu max {alg} {s} B", ratio(per_call("max", "armsha", alg, s), per_call("max", "default", alg, s)), 1.00)
for alg in algs:
    for s in sizes:
        row(f"-cpu cortex-a8 {alg} {s} B", ratio(per_call("a8", "armsha", alg, s), per_call("a8", "default", alg, s)),
            1.05 if s >= 16384 else 1.00)
# No NEON: the ARM integer kernels (or the portable C of a family without one) against
# OpenSSL's integer code, the worst ratio of every size.
for cfg, label in (("r5f", "-cpu cortex-r5f"), ("nosha", "ARMSHA_DISABLE=ce,neon vs OPENSSL_armcap=0")):
    for alg in algs:
        for mode, name in (("oneshot", "one-shot"), ("stream", "stream")):
            rs = [ratio(per_call(cfg, "armsha", alg, s, mode), per_call(cfg, "default", alg, s, mode)) for s in sizes]
            row(f"{label} {alg} {name}, worst size", None if None in rs else max(rs), 1.00)
neon, port = per_block("a8", "armsha", "SHA2-512"), per_block("portable", "armsha", "SHA2-512")
x = None if neon is None or port is None or neon == 0 else port / neon
print(f"| NEON SHA-512 a block (cortex-a8) at least 3x fewer than portable (ARMSHA_DISABLE=all) | "
      f"{'ERR' if x is None else '%s / %s = %.2fx' % (fmt(port), fmt(neon), x)} | {verdict(None if x is None else x >= 3)} |")
EOF
