#!/usr/bin/env python3
"""armsha's kernels against OpenSSL's shipped ones in llvm-mca, every scheduling model.

    mca_openssl.py --arm64 ARMSHA_SO LIBCRYPTO --armhf ARMSHA_SO LIBCRYPTO \
                   [--mca llvm-mca-16 --mca llvm-mca-14] [--plot OUT_PREFIX] > section.md

Run by bench/mca-openssl.sh, which builds the modules and finds the libraries. The per-block
loop of each kernel is found by its instructions in both binaries (Debian's libcrypto is
stripped, so there are no names to go by): in the disassembly, the backward branch whose
loop holds the kernel's signature (e.g. 20 SHA1C/P/M, 80 `ror #27` beside NEON code for
the NEON SHA-1). A loop with an inner loop (the NEON SHA-256/512 round loops) is unrolled
into one block's trace, the inner loop repeated as often as the signature count per block
says. The loop's text, as llvm-objdump prints it, is assembled back with llvm-mc and must
give the shipped bytes, so llvm-mca models exactly the instructions that run. Cycles a
block are steady state, (cycles of 2n traces - cycles of n) / n. A loop that is not found,
a text that does not assemble back or an llvm-mca failure stops the script: it prints no
figure it did not measure.
"""
import argparse
import collections
import datetime
import os
import re
import subprocess
import sys
import tempfile

OBJDUMP = "llvm-objdump-16"
MC = "llvm-mc-16"
OBJCOPY = "llvm-objcopy-16"

# Candidate CPUs per ISA; which of them share a scheduling model is measured (model_groups).
ARM64_CPUS = [
    "cortex-a53", "cortex-a35", "cortex-a34", "cortex-a65",
    "cortex-a55", "cortex-a510",
    "cortex-a57", "cortex-a72", "cortex-a73", "cortex-a76", "cortex-a78", "cortex-x1", "neoverse-n1",
    "neoverse-n2", "neoverse-v1", "neoverse-v2", "cortex-x2",
    "cyclone", "apple-a13", "a64fx", "ampere1", "exynos-m3", "exynos-m4", "exynos-m5", "kryo",
    "falkor", "thunderx", "thunderxt88", "thunderx2t99", "thunderx3t110", "tsv110",
]
# In-order cores among them (the rest reorder).
IN_ORDER = {"cortex-a53", "cortex-a35", "cortex-a34", "cortex-a65", "cortex-a55", "cortex-a510",
            "thunderx", "thunderxt88"}
ARMHF_CPUS = ["cortex-a57", "swift", "cortex-a9", "cortex-a15", "cortex-r52"]

ISA = {
    "arm64": dict(triple="aarch64-linux-gnu", objdump_mattr="+sha2,+sha3,+aes,+neon",
                  mca_mattr="+sha2,+sha3,+aes", mc_mattr="+sha2,+sha3,+aes,+neon", cpus=ARM64_CPUS),
    "armhf": dict(triple="thumbv8a-linux-gnueabihf", objdump_mattr="+crypto,+neon",
                  mca_mattr="+neon,+crypto", mc_mattr="+crypto,+neon", cpus=ARMHF_CPUS,
                  prefix=".syntax unified\n.thumb\n"),
}


def count(pred):
    return lambda body: sum(1 for x in body if pred(x))


def mn_in(*names):
    return count(lambda x: x.mnemonic in names)


def op_re(pattern):
    rx = re.compile(pattern)
    return count(lambda x: rx.search(x.operands))


def has_neon(body):
    return any(x.mnemonic.startswith("v") for x in body) and not any(x.mnemonic.startswith("sha") for x in body)


# name, isa, block bytes, signature (counted over one block's trace), expected count, extra check
KERNELS = [
    ("SHA-1 CE", "arm64", 64, mn_in("sha1c", "sha1p", "sha1m"), 20, None),
    ("SHA-256 CE", "arm64", 64, mn_in("sha256h"), 16, None),
    ("SHA-512 CE", "arm64", 128, mn_in("sha512h"), 40, None),
    ("SHA-1 CE", "armhf", 64, mn_in("sha1c.32", "sha1p.32", "sha1m.32"), 20, None),
    ("SHA-256 CE", "armhf", 64, mn_in("sha256h.32"), 16, None),
    # Each SHA-1 round adds rol(a, 5) as `ror #27`; the integer loop has them too, not NEON.
    ("SHA-1 NEON", "armhf", 64, op_re(r"ror #(27|0x1b)$"), 80, has_neon),
    # Each SHA-256 round adds Sigma1(e) with its last rotation folded in, `ror #6`.
    ("SHA-256 NEON", "armhf", 64, op_re(r"ror #(6|0x6)$"), 64, has_neon),
    # Each SHA-512 round's Sigma1(e) starts with a shift right by 14.
    ("SHA-512 NEON", "armhf", 128,
     count(lambda x: x.mnemonic == "vshr.u64" and re.search(r"#(14|0xe)$", x.operands)), 80, has_neon),
]

Insn = collections.namedtuple("Insn", "addr raw mnemonic operands")
BRANCH = re.compile(r"^(b|b\.\w+|b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)|cbn?z|tbn?z)(\.w|\.n)?$")


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr[:2000]))
    return r.stdout


def openssl_version(path):
    m = re.search(rb"OpenSSL \d+\.\d+\.\d+[ a-z0-9-]*\d+ \w+ \d{4}", open(path, "rb").read())
    return m.group(0).decode() if m else "version not found"


def disassemble(path, isa):
    out = run([OBJDUMP, "-d", "-j", ".text", "--triple=" + ISA[isa]["triple"],
               "--mattr=" + ISA[isa]["objdump_mattr"], path])
    insns = []
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{4,8} )+)\s*\t?(\S+)?\s*(.*)$", line)
        if m:
            ops = re.sub(r"\s*(//|@).*$", "", m.group(4)).strip()
            insns.append(Insn(int(m.group(1), 16), m.group(2).split(), m.group(3) or "<unknown>", ops))
    if not insns:
        sys.exit("no instructions disassembled from %s" % path)
    return insns


def raw_bytes(insn, isa):
    """The instruction's bytes in memory order (llvm-objdump prints 32-bit A64 words and
    16-bit Thumb halfwords as numbers, little-endian in memory)."""
    b = b""
    for w in insn.raw:
        b += int(w, 16).to_bytes(len(w) // 2, "little")
    return b


def branch_target(insn):
    if not BRANCH.match(insn.mnemonic):
        return None
    m = re.search(r"(?:^|, )(?:#)?0x([0-9a-f]+)(?:\s|$|<)", insn.operands)
    return int(m.group(1), 16) if m else None


def loops(insns):
    """(start, end) index pairs of every backward branch's loop without undecodable words."""
    index = {x.addr: i for i, x in enumerate(insns)}
    for i, x in enumerate(insns):
        t = branch_target(x)
        if t is not None and t < x.addr and t in index and x.addr - t < 65536:
            j = index[t]
            if not any(y.mnemonic == "<unknown>" or y.mnemonic.startswith(".") or returns(y)
                       for y in insns[j:i + 1]):
                yield j, i


def returns(insn):
    """A return (or tail call) inside a "loop" makes it no loop: a tail call back into a
    function looks like a backward branch around the whole function."""
    return (insn.mnemonic in ("ret", "bx", "pop", "pop.w", "ldm", "ldm.w", "ldmia", "ldmia.w")
            and (insn.mnemonic in ("ret", "bx") or re.search(r"\bpc\b", insn.operands)))


def block_trace(insns, j, i, sig, expected):
    """One block's instructions of the loop insns[j..i]: an inner loop (a backward branch
    inside, to a target inside) is repeated k times, k from the signature count; None when
    no k gives the expected count."""
    inner = [(index_of(insns, branch_target(insns[m]), j, i), m) for m in range(j, i)
             if branch_target(insns[m]) is not None and insns[j].addr <= branch_target(insns[m]) < insns[m].addr]
    body = insns[j:i + 1]
    if any(a is None for a, _ in inner):
        return None
    if not inner:
        return (body, 1) if sig(body) == expected else None
    if len(inner) > 1:
        return None
    (a, b), = inner
    once = sig(body)
    per = sig(insns[a:b + 1])
    if per == 0 or (expected - once) % per or expected < once:
        return None
    k = 1 + (expected - once) // per
    return insns[j:a] + insns[a:b + 1] * k + insns[b + 1:i + 1], k


def index_of(insns, addr, lo, hi):
    for n in range(lo, hi + 1):
        if insns[n].addr == addr:
            return n
    return None


def find_kernel(insns, kernel, path):
    name, isa, _, sig, expected, check = kernel
    found = []
    for j, i in loops(insns):
        body = insns[j:i + 1]
        if check and not check(body):
            continue
        tr = block_trace(insns, j, i, sig, expected)
        if tr:
            found.append((j, i, tr[0], tr[1]))
    # A loop found twice as outer loop of itself (same start, two back branches): the outer one.
    outer = [f for f in found if not any(g is not f and g[0] <= f[0] and f[1] < g[1] for g in found)]
    if len(outer) != 1:
        sys.exit("%s (%s): %d per-block loops found in %s (want exactly 1)%s" % (
            name, isa, len(outer), path,
            "".join("\n  %#x-%#x" % (insns[f[0]].addr, insns[f[1]].addr) for f in outer)))
    return outer[0]


def asm_text(body, isa, label_targets):
    """The loop as assembly: every branch into the loop points at a label. The trace repeats
    inner loops, so a label is defined once per repetition (L1_0, L1_1, ...): a backward
    branch goes to the latest definition, a forward one to the next (llvm-mca does not take
    numeric local labels)."""
    labels = {}
    for x in body:
        t = branch_target(x)
        if t is not None and t in label_targets:
            labels.setdefault(t, len(labels) + 1)
    defined = collections.Counter()
    lines = []
    for x in body:
        if x.addr in labels:
            lines.append("L%d_%d:" % (labels[x.addr], defined[x.addr]))
            defined[x.addr] += 1
        t = branch_target(x)
        ops = x.operands
        if t is not None and t in labels:
            n = defined[t] - 1 if t <= x.addr else defined[t]
            ops = re.sub(r"(#)?0x[0-9a-f]+.*$", "L%d_%d" % (labels[t], n), ops)
        elif t is not None:
            # Out of the loop (an exit, not taken in the steady state): the same offset.
            ops = re.sub(r"(#)?0x[0-9a-f]+.*$", ".%+d" % (t - x.addr), ops)
        lines.append("\t%s\t%s" % (x.mnemonic, ops))
    return "\n".join(lines) + "\n"


def check_roundtrip(body, isa, tmp, tag):
    """Assemble the loop's text; its bytes must be the binary's."""
    addrs = {x.addr for x in body}
    text = ISA[isa].get("prefix", "") + asm_text(body, isa, addrs)
    src, obj, binf = (os.path.join(tmp, tag + s) for s in (".s", ".o", ".bin"))
    open(src, "w").write(text)
    run([MC, "-triple=" + ISA[isa]["triple"], "-mattr=" + ISA[isa]["mc_mattr"], "-filetype=obj", "-o", obj, src])
    run([OBJCOPY, "-O", "binary", "--only-section=.text", obj, binf])
    got = open(binf, "rb").read()
    want = b"".join(raw_bytes(x, isa) for x in body)
    if got != want:
        n = next((k for k in range(min(len(got), len(want))) if got[k] != want[k]), min(len(got), len(want)))
        sys.exit("%s: the loop's text does not assemble back to the same bytes (first difference at byte %d"
                 " of %d/%d; text in %s)" % (tag, n, len(got), len(want), src))
    return text


def mca(mca_bin, isa, cpu, asm, iters, extra=()):
    cmd = [mca_bin, "-mtriple=" + ISA[isa]["triple"], "-mcpu=" + cpu, "-mattr=" + ISA[isa]["mca_mattr"],
           "-iterations=%d" % iters, *extra]
    r = subprocess.run(cmd, input=asm, capture_output=True, text=True)
    # llvm-mca reports instructions the model's ISA lacks as errors and still models the
    # rest with status 0: that is a failure here.
    rc = r.returncode or (1 if re.search(r"error:", r.stderr) else 0)
    return rc, r.stdout, r.stderr


def cycles(out):
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))


def per_block(mca_bin, isa, cpu, asm, n):
    rc1, a, e1 = mca(mca_bin, isa, cpu, asm, n)
    rc2, b, e2 = mca(mca_bin, isa, cpu, asm, 2 * n)
    if rc1 or rc2:
        return None, (e1 or e2).strip().splitlines()[0] if (e1 or e2).strip() else "llvm-mca failed"
    return (cycles(b) - cycles(a)) / n, None


# Probes: latencies of the chain instructions, and the fingerprint of a CPU's model.
PROBES = {
    "arm64": [("sha1c", "sha1c q0, s1, v2.4s"), ("sha1h", "sha1h s1, s0"),
              ("sha256h", "sha256h q0, q1, v2.4s"), ("sha256h2", "sha256h2 q1, q3, v2.4s"),
              ("sha512h", "sha512h q0, q1, v2.2d"), ("sha512h2", "sha512h2 q0, q1, v2.2d"),
              ("add.4s", "add v0.4s, v0.4s, v1.4s"), ("add.2d", "add v0.2d, v0.2d, v1.2d"),
              ("ext", "ext v0.16b, v1.16b, v2.16b, #8"), ("mov.16b", "mov v3.16b, v0.16b"),
              ("ldr q", "ldr q0, [x1, #16]"), ("eor", "eor x0, x1, x2, ror #3")],
    "armhf": [("sha1c", "sha1c.32 q0, q1, q2"), ("sha1h", "sha1h.32 q1, q0"),
              ("sha256h", "sha256h.32 q0, q1, q2"), ("sha256h2", "sha256h2.32 q1, q3, q2"),
              ("add.4s", "vadd.i32 q0, q0, q1"), ("mov.16b", "vorr q3, q0, q0"),
              ("veor", "veor q0, q1, q2"), ("vext", "vext.8 q0, q1, q2, #4"),
              ("eor ror", "eor.w r0, r1, r2, ror #3"), ("ldm", "ldm.w r0, {r1, r2, r3, r4}")],
}


def ratio_text(r):
    """Two decimals, bold above 1.00; three where two would hide that it is above."""
    if r <= 1.0:
        return "%.2f" % r
    return "**%.2f**" % r if round(r, 2) > 1.0 else "**%.3f**" % r


def model_info(mca_bin, isa, cpu):
    """(fingerprint, resource-unit prefix, latencies) of cpu's scheduling model, or None."""
    probes = PROBES[isa]
    lat = {}
    fp = []
    for name, text in probes:
        rc, out, err = mca(mca_bin, isa, cpu, text + "\n", 1, ["-instruction-info", "-resource-pressure"])
        if rc:
            lat[name] = None
            fp.append("unsupported")
            continue
        row = re.search(r"^\s*\d+\s+(\d+)\s+[\d.]+\s", out.split("Instruction Info:")[1], re.M)
        lat[name] = int(row.group(1))
        fp.append(out.split("Instruction Info:")[1])
    if all(v is None for v in lat.values()):
        return None
    unit = "?"
    for name, text in probes:
        rc, out, _ = mca(mca_bin, isa, cpu, text + "\n", 1)
        m = re.search(r"^Resources:\n\[[\d.]+\]\s+-\s+(\w+)", out, re.M)
        if m:
            unit = re.sub(r"(Unit|Pipe|P\d|IPBR).*$", "", m.group(1)) or m.group(1)
            break
    return "\n".join(fp), unit, lat


def model_groups(mca_bin, isa, cpus):
    """CPUs grouped by identical models (same latencies, resources and pressure for every
    probe), in the order of cpus; each group: (cpus, unit prefix, latencies)."""
    groups = collections.OrderedDict()
    missing = []
    for cpu in cpus:
        info = model_info(mca_bin, isa, cpu)
        if info is None:
            missing.append(cpu)
            continue
        fp, unit, lat = info
        groups.setdefault(fp, ([], unit, lat))[0].append(cpu)
    return list(groups.values()), missing


def bound(kernel, isa, L):
    """Single-stream latency bound a block from the SHA chains (see bench/mca.sh), or None."""
    def g(k):
        v = L.get(k)
        if v is None:
            raise KeyError(k)
        return v
    try:
        if kernel == "SHA-1 CE":
            return 20 * g("sha1c") + g("add.4s"), "20*%d+%d" % (g("sha1c"), g("add.4s"))
        if kernel == "SHA-256 CE":
            h = max(g("sha256h"), g("sha256h2"))
            return 16 * h + g("add.4s"), "16*%d+%d" % (h, g("add.4s"))
        if kernel == "SHA-512 CE":
            return (40 * (g("sha512h") + g("add.2d") + g("ext")) + g("add.2d"),
                    "40*(%d+%d+%d)+%d" % (g("sha512h"), g("add.2d"), g("ext"), g("add.2d")))
    except KeyError:
        return None
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arm64", nargs=2, metavar=("ARMSHA", "LIBCRYPTO"))
    ap.add_argument("--armhf", nargs=2, metavar=("ARMSHA", "LIBCRYPTO"))
    ap.add_argument("--mca", action="append", default=[])
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--plot", help="write the picture's data (bench/mca-openssl.gp) to this file")
    ap.add_argument("--keep", help="directory for the loops' text")
    ap.add_argument("--label", default="")
    a = ap.parse_args()
    mcas = a.mca or ["llvm-mca-16", "llvm-mca-14"]
    tmp = a.keep or tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)

    inputs = {}
    if a.arm64:
        inputs["arm64"] = a.arm64
    if a.armhf:
        inputs["armhf"] = a.armhf
    if not inputs:
        sys.exit("nothing to measure: give --arm64 and/or --armhf")

    # The loops, each checked to assemble back to its bytes.
    traces = {}
    loopinfo = []
    for isa, (mine, theirs) in inputs.items():
        for side, path in (("armsha", mine), ("OpenSSL", theirs)):
            insns = disassemble(path, isa)
            for k in KERNELS:
                if k[1] != isa:
                    continue
                j, i, trace, reps = find_kernel(insns, k, path)
                tag = "%s-%s-%s" % (isa, side, k[0].replace(" ", "_"))
                check_roundtrip(insns[j:i + 1], isa, tmp, tag)
                text = ISA[isa].get("prefix", "") + asm_text(trace, isa, {x.addr for x in insns[j:i + 1]})
                open(os.path.join(tmp, tag + ".trace.s"), "w").write(text)
                traces[(isa, side, k[0])] = text
                loopinfo.append((isa, k[0], side, insns[j].addr, insns[i].addr, i - j + 1, reps, len(trace)))

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print("## llvm-mca: armsha's kernels against OpenSSL's shipped loops\n")
    print("- date: %s%s; `bench/mca-openssl.sh`" % (now, "; " + a.label if a.label else ""))
    for m in mcas:
        v = re.search(r"LLVM version (\S+)", run([m, "--version"])).group(1)
        print("- %s: LLVM %s" % (m, v))
    for isa, (mine, theirs) in inputs.items():
        print("- %s: armsha `%s`, OpenSSL `%s` (%s)" % (isa, os.path.relpath(mine), os.path.relpath(theirs),
                                                       openssl_version(theirs)))
    print("- each loop found by its instructions in the binary, its text (llvm-objdump) assembled back by "
          "llvm-mc to the same bytes; cycles/block = (cycles of %d blocks - cycles of %d) / %d in llvm-mca "
          "(`-mattr` +sha2,+sha3,+aes on arm64, +neon,+crypto on armhf: instructions a core lacks are "
          "hypothetical there); ratio = armsha / OpenSSL, below 1.00 armsha is faster; bound: the "
          "single-stream latency bound of the SHA instructions' chain with that model's latencies"
          % (2 * a.iterations, a.iterations, a.iterations))
    print("- CPUs that share a model: the same latency, resources and pressure for every probe instruction"
          " in that llvm-mca (grouped by measurement, not by name); in-order: %s\n" %
          ", ".join(sorted(IN_ORDER)))
    print("Loops (address ranges in each binary; inner loop repeated x times a block):\n")
    print("| ISA | kernel | side | loop | instructions in the loop | inner loop | instructions a block |")
    print("|---|---|---|---|---:|---:|---:|")
    for isa, k, side, lo, hi, n, reps, nt in loopinfo:
        print("| %s | %s | %s | %#x-%#x | %d | %s | %d |" % (isa, k, side, lo, hi, n,
                                                             "x%d" % reps if reps > 1 else "-", nt))
    print()

    plot_rows = []
    for m in mcas:
        for isa in inputs:
            groups, missing = model_groups(m, isa, ISA[isa]["cpus"])
            names = [k[0] for k in KERNELS if k[1] == isa]
            print("### %s, %s\n" % (m, isa))
            print("| model (CPUs that share it) | " + " | ".join(names) + " |")
            print("|---|" + "---|" * len(names))
            unmodelled = []
            for cpus, unit, lat in groups:
                cells, rows = [], []
                for k in KERNELS:
                    if k[1] != isa:
                        continue
                    mine, _ = per_block(m, isa, cpus[0], traces[(isa, "armsha", k[0])], a.iterations)
                    theirs, _ = per_block(m, isa, cpus[0], traces[(isa, "OpenSSL", k[0])], a.iterations)
                    if mine is None or theirs is None:
                        cells.append("not modelled")
                        continue
                    r = mine / theirs
                    b = bound(k[0], isa, lat)
                    cell = "%g / %g = %s" % (mine, theirs, ratio_text(r))
                    if b:
                        cell += " (bound %g)" % b[0]
                    cells.append(cell)
                    rows.append((m, isa, cpus[0], k[0], k[2], mine, theirs))
                if not rows:
                    unmodelled.append(cpus)
                    continue
                plot_rows += rows
                label = "%s (%s; %s)" % (cpus[0], ", ".join(cpus[1:]) or "alone", unit)
                if cpus[0] in IN_ORDER:
                    label += ", in-order"
                print("| %s | %s |" % (label, " | ".join(cells)))
            if unmodelled:
                print("\nThe %s models of %s know none of these loops' instructions (llvm-mca stops on"
                      " them)." % (m, "; ".join(", ".join(c) for c in unmodelled)))
            if missing:
                print("\nNo scheduling model in %s for: %s." % (m, ", ".join(missing)))
            print()
    if a.plot:
        write_plot_data(a.plot, plot_rows, mcas[0])


def write_plot_data(path, rows, mca_bin):
    """Cycles a byte for bench/mca-openssl.gp: one gnuplot data block per panel (the three
    arm64 kernels by model, then the armhf kernels by kernel and model), from mca_bin."""
    rows = [r for r in rows if r[0] == mca_bin]
    panels = [[r for r in rows if r[1] == "arm64" and r[3] == k] for k in ("SHA-1 CE", "SHA-256 CE", "SHA-512 CE")]
    panels.append([r for r in rows if r[1] == "armhf"])
    with open(path, "w") as f:
        f.write("# %s: label armsha_cycles_per_byte openssl_cycles_per_byte\n" % mca_bin)
        for n, panel in enumerate(panels):
            if n:
                f.write("\n\n")
            for _, isa, cpu, k, blk, mine, theirs in panel:
                label = cpu if isa == "arm64" else "%s %s" % (k, cpu)
                f.write('"%s" %.3f %.3f\n' % (label, mine / blk, theirs / blk))

if __name__ == "__main__":
    main()
