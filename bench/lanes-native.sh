#!/usr/bin/env bash
# Issue 22's native target for the portable C, and its bound: the section "lanes-native" of
# bench/RESULTS.md (bench/update-results.sh puts it there), on stdout.
#
#   bench/lanes-native.sh [NATIVE_BUILDDIR]      (default build-bench under the source root)
#
# 1. armsha-bench-lanes-native: PBKDF2 of two blocks against one, the same iterations, on the
#    portable kernels, one lane and each two-lane form (bench/lanes_x2.h), median of 21, with
#    the core clock and the instructions a cycle the core gives independent integer and SSE2
#    operations in the same runs.
# 2. Instructions an iteration of each, counted under qemu-x86_64 with bench/qemu-insncount.c
#    (the difference of 2000 and 1000 iterations, so that set-up cancels).
# 3. Operations of one call of each kernel from its disassembly (the bench binary's code), by
#    kind: integer ALU (with shifts and rotates), SSE, loads, stores, register moves.
# The bound: an iteration of two blocks takes at least all its instructions over the core's
# dispatch width, its integer ALU operations over its ALUs and its SSE operations over its
# vector pipes (WIDTH, ALUS, VPIPES: AMD Zen 5's 8, 6 and 4 by default, the host's family 26);
# over the one-lane iteration's measured cycles, that is the least "2 blocks / 1 block" any
# order of those instructions reaches with the whole core. The probes' rates (less than the
# widths: the core is shared, and one chain of SHA-256 exceeds them) are shown, not used.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
NATIVE=${1:-$SRC/build-bench}
ITER=${ITER:-4000}
export WIDTH=${WIDTH:-8} ALUS=${ALUS:-6} VPIPES=${VPIPES:-4}
REPS=${REPS:-21}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

[ -f "$NATIVE/build.ninja" ] || meson setup "$NATIVE" "$SRC" >&2
ninja -C "$NATIVE" bench/armsha-bench-lanes-native >&2
BENCH=$NATIVE/bench/armsha-bench-lanes-native
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$WORK/insncount.so" "$SRC/bench/qemu-insncount.c"

nice -n 5 "$BENCH" "$ITER" "$REPS" >"$WORK/times.md"
for fam in sha1 sha256 sha512; do
    for run in "one 1" "one 2" "interleaved 2" "vector 2"; do
        read -r form blocks <<<"$run"
        for it in 1000 2000; do
            qemu-x86_64 -plugin "$WORK/insncount.so,out=$WORK/n.$fam.$form.$blocks.$it" \
                "$BENCH" --count "$fam" "$form" "$blocks" "$it"
        done
    done
done
for f in sha1_blocks_portable sha256_blocks_portable sha512_blocks_portable \
    sha1_x2_portable sha256_x2_portable sha512_x2_portable \
    sha1_x2_vector sha256_x2_vector sha512_x2_vector; do
    objdump -d --no-show-raw-insn "--disassemble=armsha_$f" "$BENCH" >"$WORK/$f.s"
done

python3 - "$WORK" "$(uname -m)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" <<'EOF'
import collections, os, re, sys

work, arch, cpu = sys.argv[1:4]
times = open(work + "/times.md").read()
clock = float(re.search(r"dependent adds: ([\d.]+) GHz", times).group(1))
m = re.search(r"median ([\d.]+) \(integer[^)]*\), ([\d.]+) \(SSE2[^)]*\), ([\d.]+) \(SHA", times)
peak_int, peak_vec, peak_mix = float(m.group(1)), float(m.group(2)), float(m.group(3))
width, alus, vpipes = (int(os.environ[k]) for k in ("WIDTH", "ALUS", "VPIPES"))

# cycles an iteration from the table: (family, blocks, form) -> cycles
cycles = {}
for line in times.splitlines():
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    if len(c) == 6 and c[1] in ("1", "2"):
        form = {"one lane": "one", "one lane, the blocks in turn": "one",
                "two lanes, scalar, interleaved": "interleaved", "two lanes, vector": "vector"}[c[2]]
        cycles[(c[0], int(c[1]), form)] = float(c[4])

def insns(fam, form, blocks):
    n = {}
    for it in (1000, 2000):
        n[it] = int(open("%s/n.%s.%s.%d.%d" % (work, fam, form, blocks, it)).read().split()[1])
    return (n[2000] - n[1000]) / 1000.0

MOVES = ("mov", "movl", "movq", "movd", "movdqa", "movdqu", "movaps", "movups", "movzbl",
         "movzwl", "movabs")

def ops(name):
    """Operations of one call by kind (straight-line code: each runs once a call)."""
    c = collections.Counter()
    for line in open("%s/%s.s" % (work, name)):
        m = re.match(r"\s+[0-9a-f]+:\s+(\S+)\s*(.*)", line)
        if not m:
            continue
        op, args = m.groups()
        mem = "(" in args
        if op in MOVES:
            dst_mem = mem and "(" in args.split(",")[-1]
            if op in ("movq", "movd") and "%xmm" in args and not mem:
                c["vector"] += 1  # GPR <-> xmm transfer, a vector pipe
            elif dst_mem:
                c["store"] += 1
            elif mem:
                c["load"] += 1
            elif args.startswith("$"):
                c["int"] += 1
            else:
                c["move"] += 1
        elif op.startswith("p") and op not in ("push", "pop") or op.startswith("movh") \
                or op.startswith("movl") or op.startswith("shufps") or op.startswith("unpck"):
            c["vector"] += 1
            c["load"] += mem
        elif op.startswith("j") or op in ("ret", "push", "pop", "endbr64", "cmp", "test") \
                or op.startswith("nop"):
            c["other"] += 1
        else:
            c["int"] += 1
            c["load"] += mem
    return c

fams = [("SHA-1", "sha1"), ("SHA-256", "sha256"), ("SHA-512", "sha512")]
kern = {"one": "%s_blocks_portable", "interleaved": "%s_x2_portable", "vector": "%s_x2_vector"}
print("## Portable C on two lanes, natively (%s, %s; `bench/lanes-native.sh`)" % (arch, cpu))
print()
print(times.rstrip())
print()
print("Instructions an iteration counted under qemu-x86_64 (`bench/qemu-insncount.c`, 2000 "
      "iterations less 1000); instructions a cycle = those over the cycles above; operations "
      "of one kernel call by kind from its disassembly (`int`: integer ALU, shifts and "
      "rotates included; `SSE`: vector operations; register moves and loads, which the "
      "renamer and the load pipes take, are left out). **Bound** = the least 2 blocks / 1 "
      "block these instructions allow with the whole core: the iteration's instructions at "
      "%d a cycle (dispatch), its integer operations at %d (ALUs), its SSE ones at %d "
      "(vector pipes), over the one-lane iteration's cycles; the target 1.40 needs a bound "
      "below it." % (width, alus, vpipes))
print()
print("| PBKDF2-HMAC | blocks | form | instructions an iteration | instructions a cycle "
      "| int / SSE ops a call | loads / stores a call | int / SSE ops a cycle | bound |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
for name, fam in fams:
    one_cycles = cycles[(name, 1, "one")]
    for blocks, form in ((1, "one"), (2, "one"), (2, "interleaved"), (2, "vector")):
        n = insns(fam, form, blocks)
        cyc = cycles[(name, blocks, form)]
        o = ops(kern[form] % fam)
        # kernel calls an iteration: one-lane kernel twice a block; a two-lane form twice
        calls = 2 * blocks if form == "one" else 2
        least = max(n / width, calls * o["int"] / alus, calls * o["vector"] / vpipes)
        bound = "" if blocks == 1 else "%.2f" % (least / one_cycles)
        print("| %s | %d | %s | %.0f | %.2f | %d / %d | %d / %d | %.2f / %.2f | %s |"
              % (name, blocks, form, n, n / cyc, o["int"], o["vector"], o["load"], o["store"],
                 calls * o["int"] / cyc, calls * o["vector"] / cyc, bound))
EOF
