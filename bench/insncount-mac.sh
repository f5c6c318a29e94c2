#!/usr/bin/env bash
# Guest instructions per PBKDF2 iteration and per HMAC call under qemu-aarch64: the default
# provider alone, its HMAC/PBKDF2 on armsha's digests, and armsha's HMAC/PBKDF2, in one run.
#
#   bench/insncount-mac.sh BUILDDIR > table.md
#
# BUILDDIR: an aarch64 cross build folder (set up with conf/cross/aarch64-linux-gnu.txt when it
# does not exist yet); armsha.so and bench/armsha-bench-mac are (re)built in it. Each figure is
# (insns(N=k) - insns(N=0)) / k of two `armsha-bench-mac count` processes that differ only in
# N: k more PBKDF2 iterations in one derivation (32-byte output: two T blocks for SHA-1, one
# for SHA-256 and SHA-512), or k more calls. Environment: JOBS (default 2), QEMU (default
# qemu-aarch64), INSNCOUNT_C (default bench/qemu-insncount.c).
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR" >&2; exit 2; }
SRC=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
BUILD=$(cd "$1" && pwd)
JOBS=${JOBS:-2}
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
ninja -C "$BUILD" armsha.so bench/armsha-bench-mac >&2
BENCH=$BUILD/bench/armsha-bench-mac
PLUGIN=$BUILD/bench/insncount.so
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$PLUGIN" "$INSNCOUNT_C"

WORK=$BUILD/bench/insncount-mac
rm -rf "$WORK"
mkdir -p "$WORK/res"

# CPU configurations: name, CPU model, extra environment (the same for every provider).
CONFIGS=("max|max|" "nosha|max|ARMSHA_DISABLE=all OPENSSL_armcap=0")
KINDS="pbkdf2-sha1 pbkdf2-sha256 pbkdf2-sha512 pbkdf2-sha512-128 qmac-sha256 reuse-sha256"
PROVS="default armsha-md armsha"

k_for() { case $1 in pbkdf2-*) echo 2000 ;; qmac-*) echo 200 ;; *) echo 500 ;; esac; }

# run_one CONFIG CPU ENV PROV KIND N: one counted process, its count in $WORK/res.
run_one() {
    local cfg=$1 cpu=$2 extra=${3//,/ } prov=$4 kind=$5 n=$6
    local out="$WORK/res/$cfg.$prov.$kind.$n"
    [ "$extra" != "-" ] || extra=
    # shellcheck disable=SC2086
    if ! env -i PATH=/usr/bin:/bin OPENSSL_MODULES="$BUILD" OPENSSL_CONF=/dev/null QEMU_CPU="$cpu" $extra \
            "$QEMU_RUN" aarch64 "$SYSROOT" -plugin "$PLUGIN,out=$out.txt" -- "$BENCH" count "$prov" "$kind" \
            "$(printf %06d "$n")" 2>"$out.err"; then
        echo "FAILED: $cfg $prov $kind $n: $(head -c 300 "$out.err")" >&2
        return 0
    fi
    sed -n 's/^insns //p' "$out.txt" >"$out"
}
export -f run_one
export WORK BUILD QEMU QEMU_RUN SYSROOT PLUGIN BENCH

jobs=$WORK/jobs
: >"$jobs"
for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name cpu extra <<<"$c"
    extra=${extra// /,}
    for kind in $KINDS; do
        for prov in $PROVS; do
            echo "$name $cpu ${extra:--} $prov $kind 0" >>"$jobs"
            echo "$name $cpu ${extra:--} $prov $kind $(k_for "$kind")" >>"$jobs"
        done
    done
done
echo "insncount-mac: $(wc -l <"$jobs") qemu runs, $JOBS at a time" >&2
xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _ <"$jobs"

python3 - "$WORK" "$QEMU" "$SRC" <<'PYEOF'
import datetime, os, subprocess, sys

work, qemu, src = sys.argv[1:4]
kinds = ["pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512", "pbkdf2-sha512-128", "qmac-sha256", "reuse-sha256"]
label = {"pbkdf2-sha1": "PBKDF2-HMAC-SHA1, per iteration", "pbkdf2-sha256": "PBKDF2-HMAC-SHA256, per iteration",
         "pbkdf2-sha512": "PBKDF2-HMAC-SHA512, per iteration",
         "pbkdf2-sha512-128": "PBKDF2-HMAC-SHA512, 128-byte output (two blocks), per iteration",
         "qmac-sha256": "`EVP_Q_mac` HMAC-SHA256, 64 bytes",
         "reuse-sha256": "HMAC-SHA256, reused `EVP_MAC_CTX`: init (same key), 64 bytes, final"}
targets = {"pbkdf2-sha1": 0.20, "pbkdf2-sha256": 0.15, "pbkdf2-sha512": 0.15, "qmac-sha256": 0.60,
           "reuse-sha256": 0.40}
k = {"pbkdf2-sha1": 2000, "pbkdf2-sha256": 2000, "pbkdf2-sha512": 2000, "pbkdf2-sha512-128": 2000, "qmac-sha256": 200,
     "reuse-sha256": 500}

def count(cfg, prov, kind, n):
    try:
        with open(os.path.join(work, "res", f"{cfg}.{prov}.{kind}.{n}")) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None

def per(cfg, prov, kind):
    a, b = count(cfg, prov, kind, 0), count(cfg, prov, kind, k[kind])
    return None if a is None or b is None else (b - a) / k[kind]

def fmt(v):
    return "ERR" if v is None else ("%.1f" % v if v < 10000 else "%.0f" % v)

def ratio(a, d):
    return None if a is None or d is None or d == 0 else a / d

qv = subprocess.run([qemu, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
rev = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print("## HMAC and PBKDF2: guest instructions (qemu-aarch64, TCG plugin)\n")
print(f"- date: {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}; {qv}; tree {rev}; "
      "`bench/insncount-mac.sh`, `bench/bench_mac.c`")
print("- figure = (insns(N=k) - insns(N=0)) / k: k = 2000 more PBKDF2 iterations in one derivation "
      "(password 8 bytes, salt 16, output 32 bytes: two T blocks for SHA-1, one for SHA-256 and SHA-512; "
      "the two-block SHA-512 row: 128 bytes, PBKDF2's two lanes where armsha has them), "
      "200 more `EVP_Q_mac` calls, 500 more reused-context MACs (32-byte key)")
print("- default: the default provider alone; armsha-md: the default provider's HMAC/PBKDF2 on armsha's "
      "digests; armsha: armsha's HMAC/PBKDF2 (conf/armsha.cnf); ratio = armsha / default\n")
for cfg, title in (("max", "-cpu max"), ("nosha", "-cpu max, no SHA instructions (`ARMSHA_DISABLE=all OPENSSL_armcap=0`)")):
    print(f"### {title}\n")
    print("| operation | default | armsha-md | armsha | armsha / default | armsha-md / default |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in kinds:
        d, m, a = per(cfg, "default", kind), per(cfg, "armsha-md", kind), per(cfg, "armsha", kind)
        r, rm = ratio(a, d), ratio(m, d)
        print(f"| {label[kind]} | {fmt(d)} | {fmt(m)} | {fmt(a)} | "
              f"{'ERR' if r is None else '%.3f' % r} | {'ERR' if rm is None else '%.3f' % rm} |")
    one, two = per(cfg, "armsha", "pbkdf2-sha512"), per(cfg, "armsha", "pbkdf2-sha512-128")
    if one and two:
        print(f"armsha, SHA-512 two blocks / (2 x one block): {two / (2 * one):.3f}\n")
print("### Targets\n")
print("| target | figure | met |")
print("|---|---|---|")
for kind in [k_ for k_ in kinds if k_ in targets]:
    r = ratio(per("max", "armsha", kind), per("max", "default", kind))
    t = targets[kind]
    print(f"| -cpu max {label[kind]}: armsha/default <= {t:.2f} | {'ERR' if r is None else '%.3f' % r} | "
          f"{'ERR' if r is None else ('met' if r <= t else '**not met**')} |")
for kind in [k_ for k_ in kinds if k_ in targets]:
    r = ratio(per("nosha", "armsha", kind), per("nosha", "default", kind))
    print(f"| no SHA instructions {label[kind]}: armsha/default <= 0.90 | {'ERR' if r is None else '%.3f' % r} | "
          f"{'ERR' if r is None else ('met' if r <= 0.90 else '**not met**')} |")
print()
PYEOF
