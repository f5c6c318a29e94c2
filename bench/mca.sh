#!/usr/bin/env bash
# llvm-mca report of the per-block loops of the ARMv8 kernels and the portable block functions.
#
#   bench/mca.sh > mca.md
#
# Each file is compiled as the build compiles it (aarch64-linux-gnu-gcc -O3, the kernel's
# own -march), the block loop (the longest backward branch in the function) is cut out of
# the assembly, and llvm-mca-16 models it on each CPU. Cycles per block are steady state:
# (cycles of 2n iterations - cycles of n) / n. Next to them, the single-stream latency
# bound from the SHA*H/H2 dependence chains, with the latencies of llvm's scheduling
# model for that CPU (printed, so the bound can be checked by hand).
# Environment: CC (default aarch64-linux-gnu-gcc), MCA (default llvm-mca-16),
# CPUS (default "neoverse-v1 neoverse-n2 cortex-a72"), LANE_CPUS (the models the CE lane
# rows run on, default one CPU of each model the CE table of bench/mca-openssl.sh lists, and
# N1/V1 by name), KEEP=dir keeps the loops there.
# The AArch32 two-lane rows come last, from bench/mca-arm32-lanes.sh (CC32, armhf) and
# bench/mca-arm32-sha512-lanes.sh (NEON SHA-512).
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-aarch64-linux-gnu-gcc}
MCA=${MCA:-llvm-mca-16}
CPUS=${CPUS:-"neoverse-v1 neoverse-n2 cortex-a72"}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP"; TMP=$KEEP; trap - EXIT; }

# name|source|flags|block function (the loop is looked for in it alone: sha512_ce.c also
# holds the PBKDF2 entry, whose loop of two blocks is longer)
FILES=(
    "sha1_ce|src/arm64/sha1_ce.c|-march=armv8-a+crypto|armsha_sha1_blocks_armv8"
    "sha256_ce|src/arm64/sha256_ce.c|-march=armv8-a+crypto|armsha_sha256_blocks_armv8"
    "sha512_ce|src/arm64/sha512_ce.c|-march=armv8.2-a+sha3|armsha_sha512_blocks_armv8"
    "sha1_portable|src/sha1_portable.c||armsha_sha1_blocks_portable"
    "sha256_portable|src/sha256_portable.c||armsha_sha256_blocks_portable"
    "sha512_portable|src/sha512_portable.c||armsha_sha512_blocks_portable"
)
# The multi-lane forms (PBKDF2, issue 22), whichever exist: src/arm64/FAM_ce_xN.c and
# bench/FAM_portable_xN.c (measurements, not in the module), each against its one-lane FILES entry (FAM_ce, FAM_portable) and
# compiled with its flags; the function is the file's armsha_FAM_xN_* (read from its
# assembly). A call is one block of each of the N lanes, straight-line code: its cycles are
# those of the body repeated, against N blocks of the one-lane loop.
for f in "${FILES[@]}"; do
    IFS='|' read -r name file flags _ <<<"$f"
    # shellcheck disable=SC2086
    "$CC" -O3 $flags -I"$SRC/include" -I"$SRC/src" -S -o "$TMP/$name.s" "$SRC/$file"
done
LANES=()
for file in "$SRC"/src/arm64/*_ce_x[0-9]*.c "$SRC"/bench/*_portable_x[0-9]*.c; do
    [ -f "$file" ] || continue
    name=$(basename "$file" .c)
    one=${name%_x*} fam=${name%%_*} n=${name##*_x}
    flags=- fn=
    for f in "${FILES[@]}"; do
        IFS='|' read -r fname _ fflags _ <<<"$f"
        [ "$fname" = "$one" ] && flags=$fflags
    done
    [ "$flags" != - ] || { echo "mca: $file has no one-lane entry $one in FILES" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$CC" -O3 $flags -I"$SRC/include" -I"$SRC/src" -S -o "$TMP/$name.s" "$file"
    fn=$(sed -n "s/^\(armsha_${fam}_x${n}_[A-Za-z0-9_]*\):\$/\1/p" "$TMP/$name.s" | head -1)
    [ -n "$fn" ] || { echo "mca: no armsha_${fam}_x${n}_* function in $file" >&2; exit 1; }
    LANES+=("$name|${file#"$SRC"/}|$flags|$fn|$one")
done
# The PBKDF2 entries that run the whole loop of iterations of every lane inside one function
# (issue 22): name|source|flags|function|one-lane FILES entry|lanes. What they run for one
# iteration of every lane, two compressions each (checked: by the count of SHA1C/P/M,
# SHA256H or SHA512H in it): their longest loop, or for SHA-512's, whose loop runs an inner
# loop over the inner and the outer compression and then XORs T, the path through it
# (iteration_bodies below).
ENTRIES=(
    "sha1_pbkdf2_x2|src/arm64/sha1_pbkdf2_x2.c|-march=armv8-a+crypto|armsha_sha1_pbkdf2_x2_armv8|sha1_ce|2"
    "sha256_pbkdf2_x2|src/arm64/sha256_pbkdf2_x2.c|-march=armv8-a+crypto|armsha_sha256_pbkdf2_x2_armv8|sha256_ce|2"
    "sha512_pbkdf2_x2|src/arm64/sha512_ce_x2.c|-march=armv8.2-a+sha3|armsha_sha512_pbkdf2_x2_armv8|sha512_ce|2"
)
for e in "${ENTRIES[@]}"; do
    IFS='|' read -r name file flags _ <<<"$e"
    [ -f "$SRC/$file" ] || continue
    # shellcheck disable=SC2086
    "$CC" -O3 $flags -I"$SRC/include" -I"$SRC/src" -S -o "$TMP/$name.s" "$SRC/$file"
done
export ENTRY_SPEC="${ENTRIES[*]}"
export LANE_SPEC="${LANES[*]}" MCA_OTHER=${MCA_OTHER:-llvm-mca-14}
export LANE_CPUS=${LANE_CPUS:-"cortex-a53 cortex-a55 cortex-a72 neoverse-n1 neoverse-n2 neoverse-v1 cyclone a64fx
    ampere1 exynos-m3 exynos-m4 exynos-m5 kryo falkor thunderx thunderx2t99 thunderx3t110 tsv110"}
# The default provider's loops for the derivations: cut from Debian's arm64 libcrypto.so.3
# (scripts/foreign.sh unpacks it) by bench/mca_openssl.py, as bench/mca-openssl.sh does.
export LIBCRYPTO_ARM64=${LIBCRYPTO_ARM64:-$SRC/build-foreign/arm64/usr/lib/aarch64-linux-gnu/libcrypto.so.3}
[ -f "$LIBCRYPTO_ARM64" ] || { echo "mca: $LIBCRYPTO_ARM64 is missing (bash scripts/deps.sh unpacks it)" >&2; exit 1; }
# The cores of issue 22 (A53, A72, N1) and one more of each family: A55 in-order, N2 (V1).
export DERIV_CPUS=${DERIV_CPUS:-"cortex-a53 cortex-a55 cortex-a72 neoverse-n1 neoverse-n2"}

python3 - "$TMP" "$MCA" "$CC" "$CPUS" "$SRC" "${FILES[@]}" <<'EOF'
import datetime, re, subprocess, sys

tmp, mca, cc, cpus, src = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(), sys.argv[5]
files = [f.split("|") for f in sys.argv[6:]]
MATTR = "+sha2,+sha3,+aes"  # lets cortex-a72 parse SHA-512 code: a hypothetical for that core


def loop_body(path, fn):
    """The instructions of fn's longest loop: from a label to the last branch back to it."""
    lines = open(path).read().splitlines()
    start = lines.index(fn + ":")
    end = next(i for i in range(start, len(lines)) if re.match(r"\s+\.size\s+%s," % re.escape(fn), lines[i]))
    lines = lines[start:end]
    labels, best = {}, []
    for i, line in enumerate(lines):
        m = re.match(r"^(\.L\w+):", line)
        if m:
            labels[m.group(1)] = i
            continue
        m = re.match(r"^\s+(b\.\w+|b\w\w|cbn?z|tbn?z|b)\s+(?:.*,\s*)?(\.L\w+)\s*$", line)
        if m and m.group(2) in labels and labels[m.group(2)] < i:
            body = [l.strip() for l in lines[labels[m.group(2)] + 1:i + 1]]
            body = [l for l in body if l and not l.startswith((".", "#", "//")) and not l.endswith(":")]
            if len(body) > len(best):
                best = body
    return best


BRANCH = re.compile(r"^\s+(b\.\w+|b\w\w|cbn?z|tbn?z|b)\s+(?:.*,\s*)?(\.L\w+)\s*$")


def iteration_bodies(path, fn, ops, want):
    """What one PBKDF2 iteration of a multi-lane entry executes, for each loop of fn that
    runs one (an entry may have several: SHA-512's, one for the full digest and one that
    masks U): the paths through fn's code that come back to the label they start from with
    want chain instructions (ops), every conditional branch tried both ways (SHA-512's
    loops run an inner loop over the inner and the outer compression, and the compiler
    lays the two loops out into one another). A path that holds another's instructions and
    more (a loop around a whole loop, for n's upper half) and a path that is another one
    rotated are left out. In the order of their first label; raises when there is none."""
    lines = open(path).read().splitlines()
    start = lines.index(fn + ":")
    end = next(i for i in range(start, len(lines)) if re.match(r"\s+\.size\s+%s," % re.escape(fn), lines[i]))
    lines = lines[start + 1:end]
    labels = {m.group(1): i for i, l in enumerate(lines) for m in [re.match(r"^(\.L\w+):", l)] if m}
    is_insn = lambda l: l.strip() and not l.strip().startswith((".", "#", "//")) and not l.strip().endswith(":")
    found, seen = [], []

    def walk(head, i, trail, n):
        # Straight on from line i until a branch, the head again, or the end of the code.
        while i < len(lines):
            if i == head and trail:
                if n == want:
                    found.append(trail)
                return
            line = lines[i]
            if not is_insn(line):
                i += 1
                continue
            if n > want or len(trail) > 8 * len(lines):
                return
            trail = trail + [i]
            n += line.split()[0] in ops
            if line.split()[0] == "ret":
                return
            m = BRANCH.match(line)
            if m and m.group(2) in labels:
                if m.group(1) != "b":
                    walk(head, i + 1, trail, n)  # not taken
                i = labels[m.group(2)]
                continue
            i += 1

    for name, head in sorted(labels.items(), key=lambda kv: kv[1]):
        walk(head, head + 1, [], 0)
    bodies = []
    for trail in found:
        key = sorted(trail)
        if key in seen:
            continue  # the same loop from another of its labels
        seen.append(key)
        bodies.append(trail)
    def holds(big, small):
        rest = list(big)
        for i in small:
            if i not in rest:
                return False
            rest.remove(i)
        return len(rest) > 0
    bodies = [t for t in bodies if not any(holds(t, o) for o in bodies if o is not t)]
    if not bodies:
        raise SystemExit("mca: %s has no loop of one iteration of its lanes (%d chain instructions)" % (fn, want))
    return [[lines[i].strip() for i in t] for t in bodies]


class Unmodelled(Exception):
    """The CPU's scheduling model does not know an instruction of the input (Falkor:
    SHA512H): llvm-mca refuses it."""


def mca_run(asm, cpu, iters, extra=(), tool=None):
    r = subprocess.run([tool or mca, "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-mattr=" + MATTR,
                        "-iterations=%d" % iters, *extra], input=asm, capture_output=True, text=True)
    if r.returncode != 0 and "unsupported instruction" in r.stderr:
        raise Unmodelled(cpu)
    if r.returncode != 0:
        raise SystemExit("llvm-mca failed on %s: %s" % (cpu, r.stderr[:500]))
    return r.stdout


def cycles(out):
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))


def per_block(asm, cpu, n=200, tool=None):
    a = mca_run(asm, cpu, n, tool=tool)
    b = mca_run(asm, cpu, 2 * n, tool=tool)
    rthr = float(re.search(r"Block RThroughput:\s+([\d.]+)", a).group(1))
    return (cycles(b) - cycles(a)) / n, rthr


PROBES = [
    ("sha1c", "sha1c q0, s1, v2.4s"), ("sha1h", "sha1h s1, s0"),
    ("sha256h", "sha256h q0, q1, v2.4s"), ("sha256h2", "sha256h2 q1, q3, v2.4s"),
    ("sha512h", "sha512h q0, q1, v2.2d"), ("sha512h2", "sha512h2 q0, q1, v2.2d"),
    ("add .4s", "add v0.4s, v0.4s, v1.4s"), ("add .2d", "add v0.2d, v0.2d, v1.2d"),
    ("ext", "ext v0.16b, v1.16b, v2.16b, #8"), ("mov .16b", "mov v3.16b, v0.16b"),
]


def latencies(cpu):
    out = mca_run("\n".join(p[1] for p in PROBES) + "\n", cpu, 1, ["-instruction-info"])
    rows = re.findall(r"^\s*\d+\s+(\d+)\s+[\d.]+\s.*?\t", out, re.M)
    if len(rows) != len(PROBES):
        raise SystemExit("cannot read latencies for " + cpu)
    lat = {p[0]: int(v) for p, v in zip(PROBES, rows)}
    # Which model llvm uses for the CPU: its resource names say (LLVM 16 has no
    # Neoverse V1 model of its own and gives -mcpu=neoverse-v1 the N2 one).
    m = re.search(r"^Resources:\n\[[\d.]+\]\s+-\s+([A-Za-z0-9]+?)Unit", out, re.M)
    lat["model"] = m.group(1) if m else "?"
    return lat


def bounds(L):
    """Single-stream latency bounds per block, from the dependence chains:
    SHA-1: 20 quads of SHA1C/P/M on abcd, then abcd += saved.
    SHA-256: per quad SHA256H updates abcd in place and SHA256H2 needs the old abcd,
      so a MOV copies it: the period is the largest cycle mean of a->a (H), e->e (H2)
      and a->mov->e->a ((H + MOV + H2) / 2); 16 quads and the feed-forward add.
      Without the copy on the chain (move elimination) it is 16 * max(H, H2) + add.
    SHA-512: per double round SHA512H -> ADD (new ef = cd + H) -> EXT (next fg, de)
      -> SHA512H; 40 double rounds and the feed-forward add."""
    h, h2, mv = L["sha256h"], L["sha256h2"], L["mov .16b"]
    p256 = max(h, h2, (h + h2 + mv) / 2)
    return {
        "sha1_ce": (20 * L["sha1c"] + L["add .4s"], "20*%d + %d" % (L["sha1c"], L["add .4s"])),
        "sha256_ce": (16 * p256 + L["add .4s"],
                      "16*%g + %d (copy on chain); %d without" % (p256, L["add .4s"], 16 * max(h, h2) + L["add .4s"])),
        "sha512_ce": (40 * (L["sha512h"] + L["add .2d"] + L["ext"]) + L["add .2d"],
                      "40*(%d+%d+%d) + %d" % (L["sha512h"], L["add .2d"], L["ext"], L["add .2d"])),
    }


ver = subprocess.run([mca, "--version"], capture_output=True, text=True).stdout
ver = re.search(r"LLVM version ([\d.]+)", ver).group(1)
ccver = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
print("## llvm-mca: modeled cycles per block\n")
print("- date: %s; llvm-mca-16 (LLVM %s) with `-mtriple=aarch64-linux-gnu -mattr=%s`; %s -O3"
      % (datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), ver, MATTR, ccver))
print("- cycles/block: steady state of the extracted loop, (cycles of 400 iterations - cycles of 200) / 200;"
      " RThroughput: llvm-mca's resource bound for one iteration (no dependences)")
print("- latency bound: single-stream bound from the dependence chains with the latencies below"
      " (llvm-16 scheduling model of each CPU, read with `llvm-mca -instruction-info`)")
print("- cortex-a72 has no SHA-512 instructions (FEAT_SHA512): its sha512_ce row is what llvm's model makes of them, a hypothetical\n")

lat = {cpu: latencies(cpu) for cpu in cpus}
print("### Latencies used (cycles, llvm-16 scheduling models)\n")
print("| instruction | " + " | ".join(cpus) + " |")
print("|---|" + "---:|" * len(cpus))
print("| scheduling model (resource names) | " + " | ".join("%sUnit*" % lat[c]["model"] for c in cpus) + " |")
for name, _ in PROBES:
    print("| `%s` | " % name + " | ".join(str(lat[c][name]) for c in cpus) + " |")
print()
same = [c for c in cpus if lat[c]["model"] == "N2" and c != "neoverse-n2"]
if same:
    print("Note: llvm-mca-16 models %s with the Neoverse N2 scheduling model (LLVM 16 has none of its own),"
          " so those figures equal the N2 ones.\n" % ", ".join(same))

bodies = {}
for name, path, flags, fn in files:
    bodies[name] = loop_body("%s/%s.s" % (tmp, name), fn)
    with open("%s/%s.loop.s" % (tmp, name), "w") as f:
        f.write("\n".join(bodies[name]) + "\n")

res = {}
for cpu in cpus:
    b = bounds(lat[cpu])
    print("### %s\n" % cpu)
    print("| block function | flags | loop insns | cycles/block | cycles/byte | RThroughput | latency bound | derivation | cycles / bound |")
    print("|---|---|---:|---:|---:|---:|---:|---|---:|")
    for name, path, flags, fn in files:
        body = bodies[name]
        if not body:
            print("| %s | `%s` | (no loop found) | | | | | | |" % (name, ("-O3 " + flags).strip()))
            continue
        cyc, rthr = per_block("\n".join(body) + "\n", cpu)
        res[(cpu, name)] = cyc
        blk = 128 if "sha512" in name else 64
        bound, how = b.get(name, (None, ""))
        print("| %s | `%s` | %d | %.1f | %.2f | %.1f | %s | %s | %s |" % (
            name, ("-O3 " + flags).strip(), len(body), cyc, cyc / blk, rthr,
            "%g" % bound if bound else "-", how or "-", "%.2f" % (cyc / bound) if bound else "-"))
    print()

print("### Target (c): llvm-mca neoverse-v1 cycles per block\n")
print("| kernel | target | modeled | met |")
print("|---|---:|---:|---|")
for name, target in (("sha256_ce", 90), ("sha512_ce", 265), ("sha1_ce", 110)):
    v = res.get(("neoverse-v1", name))
    print("| %s | <= %d | %s | %s |" % (name, target, "ERR" if v is None else "%.1f" % v,
                                          "ERR" if v is None else ("met" if v <= target else "**not met**")))

# ---- PBKDF2 on two lanes (issue 22) ----
import os, shutil


def straight_body(path, fn):
    """All of fn's instructions but the return: a two-lane call has no loop."""
    lines = open(path).read().splitlines()
    start = lines.index(fn + ":")
    end = next(i for i in range(start, len(lines)) if re.match(r"\s+\.size\s+%s," % re.escape(fn), lines[i]))
    body = [l.strip() for l in lines[start + 1:end]]
    return [l for l in body if l and not l.startswith((".", "#", "//")) and not l.endswith(":") and l != "ret"]


lanes = [l.split("|") for l in os.environ.get("LANE_SPEC", "").split()]
tools = [t for t in (mca, os.environ.get("MCA_OTHER", "")) if t and shutil.which(t)]


def lane_count(name):
    return int(re.search(r"_x(\d+)$", name).group(1))


print("### PBKDF2 on several lanes: one call of the multi-lane form against as many blocks of its kernel\n")
print("- N lanes (the form's name ends in _xN): the straight-line body of one call (a block of each lane, with the loads and stores of every state) repeated, (cycles of 400 - cycles of 200) / 200; one lane: cycles/block of the kernel's loop above")
print("- ratio = N lanes / (N x one lane): one iteration of every chain against N one-lane iterations (issue 22: <= 0.60 out of order, <= 0.70 on Cortex-A53/A55)")
print("- pipe bound = the multi-lane body's RThroughput (llvm-mca's resource bound, no dependences) / (N x one lane): no schedule of these instructions goes below it on that model")
print("- busiest pipe = the most loaded unit's cycles in llvm-mca's resource pressure per iteration of the multi-lane body / (N x one lane): where a model gives an instruction class a pipe that another class shares as one of a group (the Neoverse N2 and Ampere1 models: SHA512* on one vector pipe alone, V0 or X, ADD/EXT on either of two), RThroughput counts the two apart and understates the load; this column is what the pipes carry as llvm-mca assigned them")
print("- the CE forms on every model the CE table lists (LANE_CPUS; in-order: cortex-a53, cortex-a55, thunderx), the portable ones on %s; \"not modelled\": that llvm-mca's model of the CPU refuses an instruction of the kernel (Falkor: SHA512H), as in the CE table\n" % ", ".join(cpus))
lane_cpus = os.environ.get("LANE_CPUS", "").split() or cpus


def busiest(asm, cpu, tool):
    out = mca_run(asm, cpu, 100, tool=tool)
    row = re.search(r"^Resource pressure per iteration:\n.*\n(.*)$", out, re.M).group(1)
    return max(float(v) for v in row.split() if v != "-")


print("- PBKDF2 entries (`(loop)` rows, the function named): the loop of the entry that runs every iteration of N lanes inside it (an entry with two, SHA-512's: one for the full digest and one, the longer, that masks U for the truncated kinds; `(loop 1, N instructions)` and `(loop 2, ...)` in the order of its code), steady state of (cycles of 400 - cycles of 200) / 200 loop iterations, one loop iteration = one PBKDF2 iteration of every lane (2N compressions); ratio, pipe bound and busiest pipe against 2N x one lane\n")
print("| multi-lane form | CPU | " + " | ".join("%s one lane | N lanes | ratio | pipe bound | busiest pipe" % t for t in tools) + " |")
print("|---|---|" + "---:|" * (5 * len(tools)))
lane_body = {}
for name, path, flags, fn, one in lanes:
    body = "\n".join(straight_body("%s/%s.s" % (tmp, name), fn)) + "\n"
    lane_body[name] = body
    with open("%s/%s.body.s" % (tmp, name), "w") as f:
        f.write(body)
    n = lane_count(name)
    for cpu in (lane_cpus if "_ce_" in name else cpus):
        cells = []
        for t in tools:
            try:
                c1, _ = per_block("\n".join(bodies[one]) + "\n", cpu, tool=t)
                c2, r2 = per_block(body, cpu, tool=t)
                cells.append("%.1f | %.1f | %.3f | %.3f | %.3f" % (c1, c2, c2 / (n * c1), r2 / (n * c1),
                                                               busiest(body, cpu, t) / (n * c1)))
            except Unmodelled:
                cells.append("not modelled | | | |")
        print("| %s | %s | %s |" % (name, cpu, " | ".join(cells)))
# The PBKDF2 entries' loops.
CHAIN = {"sha1_ce": (("sha1c", "sha1p", "sha1m"), 20), "sha256_ce": (("sha256h",), 16),
         "sha512_ce": (("sha512h",), 40)}
entries = [e.split("|") for e in os.environ.get("ENTRY_SPEC", "").split()]
entry_body = {}
for name, path, flags, fn, one, nl in entries:
    if not os.path.exists("%s/%s.s" % (tmp, name)):
        continue
    ops, per = CHAIN[one]
    n = int(nl)
    loops = iteration_bodies("%s/%s.s" % (tmp, name), fn, ops, 2 * n * per)
    # The derivations below take the shortest: the full digest's, where an entry has a
    # loop for the truncated kinds too (SHA-512's).
    entry_body[name] = "\n".join(min(loops, key=len)) + "\n"
    for li, lb in enumerate(loops):
        body = "\n".join(lb) + "\n"
        label = "loop" if len(loops) == 1 else "loop %d, %d instructions" % (li + 1, len(lb))
        with open("%s/%s.loop%d.s" % (tmp, name, li + 1), "w") as f:
            f.write(body)
        for cpu in lane_cpus:
            cells = []
            for t in tools:
                try:
                    c1, _ = per_block("\n".join(bodies[one]) + "\n", cpu, tool=t)
                    c2, r2 = per_block(body, cpu, tool=t)
                    cells.append("%.1f | %.1f | %.3f | %.3f | %.3f" % (c1, c2, c2 / (2 * n * c1), r2 / (2 * n * c1),
                                                                   busiest(body, cpu, t) / (2 * n * c1)))
                except Unmodelled:
                    cells.append("not modelled | | | |")
            print("| %s (%s) | %s | %s |" % (fn, label, cpu, " | ".join(cells)))
print()

# ---- What a real derivation costs (issue 22) ----
# WPA2's PSK (PBKDF2-HMAC-SHA1, 4096 iterations, 32 bytes: 2 blocks) and 1000 iterations of
# a LUKS1 keyslot for aes-xts-plain64's 512-bit key (64 bytes: SHA-256 2 blocks, SHA-1 4), on
# the in-order A53, the A72 (llvm's Cortex-A57 model) and the Neoverse N1; armsha's CE
# kernel on one lane and on its multi-lane forms, and the default provider's loop, cut
# from Debian's libcrypto.so.3 the way bench/mca-openssl.sh cuts it, for the same
# compressions. Rows for a family appear for whatever lane forms exist (a SHA-512 row once
# a sha512_ce_xN form is there).
sys.path.insert(0, os.path.join(src, "bench"))
import mca_openssl as mo

deriv_cpus = os.environ["DERIV_CPUS"].split()
lib = os.environ["LIBCRYPTO_ARM64"]
insns = mo.disassemble(lib, "arm64")
ossl = {}
for k in mo.KERNELS:
    if k[1] != "arm64":
        continue
    j, i, trace, _ = mo.find_kernel(insns, k, lib)
    tag = "arm64-OpenSSL-" + k[0].replace(" ", "_")
    mo.check_roundtrip(insns[j:i + 1], "arm64", tmp, tag)
    ossl[k[0]] = mo.asm_text(trace, "arm64", {x.addr for x in insns[j:i + 1]})
OSSL_NAME = {"sha1": "SHA-1 CE", "sha256": "SHA-256 CE", "sha512": "SHA-512 CE"}
ce_lanes = {}
for name, path, flags, fn, one in lanes:
    if one.endswith("_ce"):
        ce_lanes.setdefault(one[:-3], []).append(name)
DERIVS = [("WPA2 PSK: PBKDF2-HMAC-SHA1, 4096 it, 32 bytes", "sha1", 2, 4096),
          ("LUKS1 keyslot (aes-xts-plain64, 512-bit key): PBKDF2-HMAC-SHA256, 64 bytes, per 1000 it", "sha256", 2, 1000),
          ("LUKS1 keyslot (aes-xts-plain64, 512-bit key): PBKDF2-HMAC-SHA1, 64 bytes, per 1000 it", "sha1", 4, 1000)]
if "sha512" in ce_lanes:
    DERIVS.append(("PBKDF2-HMAC-SHA512, 128 bytes, per 1000 it (the A53, A72 and N1 have no SHA-512 instructions: a hypothetical there)", "sha512", 2, 1000))
cache = {}


def cyc(kind, key, cpu, t):
    if (kind, key, cpu, t) not in cache:
        if kind == "one":
            v = per_block("\n".join(bodies[key]) + "\n", cpu, tool=t)[0]
        elif kind == "lanes":
            v = per_block(lane_body[key], cpu, tool=t)[0]
        elif kind == "entry":
            v = per_block(entry_body[key], cpu, tool=t)[0]
        else:
            v, err = mo.per_block(t, "arm64", cpu, ossl[key], 100)
            if v is None:
                raise SystemExit("llvm-mca (%s, %s) on OpenSSL's %s loop: %s" % (t, cpu, key, err))
        cache[(kind, key, cpu, t)] = v
    return cache[(kind, key, cpu, t)]


def mcyc(v):
    return "%.2f M" % (v / 1e6)


print("### PBKDF2 derivations: cycles in the compressions, armsha one lane and multi-lane, the default provider's loop\n")
print("- compressions: 2 an iteration a block (the HMAC inner and outer hash of U_j), every iteration; the HMAC key's pads and the work around the calls left out (the default provider's EVP work an iteration, about 10x armsha's instructions in the HMAC and PBKDF2 section, is not in these figures)")
print("- armsha one lane: compressions x the CE kernel's cycles/block (its loop, as above, on that model); N lanes: U_1 of each block on one lane, then the blocks N at a time, (iterations - 1) x 2 calls of the N-lane form a group (where a PBKDF2 entry's loop exists for that family and N, %s: (iterations - 1) of its loop iterations instead), a remainder on one lane" % (", ".join(sorted(entry_body)) or "none"))
print("- default provider: compressions x the cycles/block of OpenSSL's CE loop cut from `%s` (%s), as in bench/mca-openssl.sh"
      % (os.path.relpath(lib, src), mo.openssl_version(lib)))
print("- armsha best: the lower of one lane and the lane forms (what a per-core lane count would pick); Cortex-A72 is llvm's Cortex-A57 model (llvm-mca has no A72 model of its own), Neoverse N2 llvm-mca-16's N2 model (V1 shares it) and llvm-mca-14's A57 one; the A53 and A55 models are in-order\n")
for t in tools:
    print("#### %s\n" % t)
    print("| derivation | compressions | CPU model | armsha, one lane | armsha, lanes | lanes / one | default provider's loop | armsha best / default |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for what, fam, blocks, iters in DERIVS:
        comp = blocks * iters * 2
        for cpu in deriv_cpus:
            c1 = cyc("one", fam + "_ce", cpu, t)
            one = comp * c1
            best_name, best = "-", None
            for ln in ce_lanes.get(fam, []):
                n = lane_count(ln)
                groups, rest = divmod(blocks, n)
                # A group's iterations: the PBKDF2 entry's loop where there is one for this
                # family and lane count (one loop iteration: every lane's two compressions),
                # else two calls of the lane form.
                ent = [e[0] for e in entries if e[4] == fam + "_ce" and int(e[5]) == n and e[0] in entry_body]
                it = cyc("entry", ent[0], cpu, t) if ent else 2 * cyc("lanes", ln, cpu, t)
                v = (blocks * 2 + rest * (iters - 1) * 2) * c1 + groups * (iters - 1) * it
                if best is None or v < best:
                    best_name, best = "%s (%d lanes)" % (mcyc(v), n), v
            dflt = comp * cyc("ossl", OSSL_NAME[fam], cpu, t)
            mine = min(one, best) if best is not None else one
            print("| %s | %d | %s | %s | %s | %s | %s | %.2f |" % (
                what, comp, cpu, mcyc(one), best_name, "%.2f" % (best / one) if best is not None else "-",
                mcyc(dflt), mine / dflt))
    print()
EOF

# The AArch32 CE two-lane forms (armhf): their own script, the same method (it says how the
# in-order cores are modelled there).
MCA="$MCA" "$SRC/bench/mca-arm32-lanes.sh"
# AArch32 NEON SHA-512 on two lanes (src/arm32/sha512_neon_x2.c's listing against the one-lane
# NEON kernel; its script says how), with llvm-mca-16 and -14 like the rows above.
"$SRC/bench/mca-arm32-sha512-lanes.sh"
