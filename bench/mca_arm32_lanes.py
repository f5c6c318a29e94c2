#!/usr/bin/env python3
"""llvm-mca rows for the AArch32 CE two-lane kernels (PBKDF2, issue 22), for bench/mca.sh.

    mca_arm32_lanes.py [--openssl LIBCRYPTO] DIR MCA... < spec lines
        "name|function|one-lane name|one-lane function|OpenSSL kernel (bench/mca_openssl.py's name)"

DIR holds NAME.s, each kernel file compiled as src/meson.build compiles it for armhf. The
one-lane kernel's block loop (its longest backward branch) against the two-lane form's
straight-line body (a block of each lane, both states loaded and stored), as bench/mca.sh
does for arm64: cycles = (cycles of 400 iterations - cycles of 200) / 200.

LLVM's ARM backend has one scheduling model that knows the AArch32 SHA instructions, the
Cortex-A57 one (-mcpu=cortex-a72 gets it too); its Cortex-A53/A55 have none for AArch32 at
all, nor does bench/inorder_a53.py model the SHA instructions (no class of their own; in A32
it does not even see SHA1C's read of its destination). So the in-order rows run the same instructions in the same order through
the AArch64 models: each AArch32 instruction turned into its AArch64 equivalent (qN -> vN,
rN -> xN; sha1c.32 q, q, q -> sha1c q, s, v.4s and so on), which is what an ARMv8 core runs
in either state through the same pipes. The same translation on the A57 is printed beside
the AArch32 model's figure as a check of the translation.

With --openssl, a first table sets each one-lane loop beside OpenSSL's armv4 CE loop, cut
from the armhf libcrypto.so.3 the way bench/mca_openssl.py cuts it (the same functions),
on the same models through the same translation.
"""
import datetime
import os
import re
import subprocess
import sys


def body(path, fn, loop):
    """fn's instructions: its longest loop (loop=True), its longest innermost loop (loop=
    "inner": one with no backward branch inside it), a list of every innermost loop of 100
    instructions or more that has SHA instructions, in the order of the listing
    (loop="inners"), or all but the return."""
    lines = open(path).read().splitlines()
    start = lines.index(fn + ":")
    end = next(i for i in range(start, len(lines)) if re.match(r"\s+\.size\s+%s," % re.escape(fn), lines[i]))
    lines = lines[start + 1:end]
    if loop:
        labels, loops = {}, []
        for i, line in enumerate(lines):
            m = re.match(r"^(\.L\w+):", line)
            if m:
                labels[m.group(1)] = i
                continue
            m = re.match(r"^\s+(b\w*|cbn?z)\s+(?:.*,\s*)?(\.L\w+)\s*$", line)
            if m and m.group(2) in labels and labels[m.group(2)] < i:
                loops.append((labels[m.group(2)], i))
        if loop in ("inner", "inners"):
            loops = [(a, b) for a, b in loops if not any(a < c and d < b for c, d in loops if (c, d) != (a, b))]
        if loop == "inners":
            cuts = [clean(lines[a + 1:b + 1], True) for a, b in sorted(loops)]
            return [c for c in cuts if len(c) >= 100 and any(x.startswith("sha") for x in c)]
        a, b = max(loops, key=lambda ab: ab[1] - ab[0]) if loops else (0, -1)
        lines = lines[a + 1:b + 1]
    return clean(lines, loop)


def clean(lines, loop):
    """The instructions of a cut of the listing: no comments, directives or labels."""
    out = []
    for line in lines:
        line = line.split("@")[0].strip()
        if not line or line.startswith(".") or line.endswith(":"):
            continue
        if not loop and re.match(r"bx\s+lr$", line):
            continue
        out.append(line)
    return out


# ---- AArch32 -> AArch64, for the instructions GCC and the asm of these files emit ----
def xr(r):
    r = r.strip()
    return {"ip": "x12", "lr": "x30", "sp": "sp", "fp": "x11"}.get(r, re.sub(r"^r(\d+)$", r"x\1", r))


def wr(r):
    return xr(r).replace("x", "w") if xr(r) != "sp" else "sp"


def vq(r):
    """q register (or the d pair list) -> vN."""
    r = r.strip()
    if r.startswith("q"):
        return "v" + r[1:]
    if r.startswith("d"):
        return "v%d" % (int(r[1:]) // 2)
    raise ValueError(r)


def dlist(txt):
    """{d0-d3} / {d0, d1, d2, d3} / {q4} -> the q registers, in order."""
    txt = txt.strip("{} ")
    regs = []
    for part in txt.split(","):
        part = part.strip()
        m = re.match(r"([dq])(\d+)-[dq](\d+)$", part)
        if m:
            regs += ["%s%d" % (m.group(1), i) for i in range(int(m.group(2)), int(m.group(3)) + 1)]
        else:
            regs.append(part)
    qs = []
    for r in regs:
        v = vq(r)
        if v not in qs:
            qs.append(v)
    return qs


def a64(line):
    """One AArch32 instruction as AArch64 text (a list: push/pop become several)."""
    mn, ops = (line.split(None, 1) + [""])[:2]
    ops = ops.strip()
    # llvm-objdump's spelling of OpenSSL's loops: width suffixes, IT blocks, TEQ, the
    # two-operand Thumb forms (subs r2, #0x1), VORR as a move.
    mn = re.sub(r"\.[wn]$", "", mn)
    if re.match(r"it[te]*$", mn):
        return []  # folded into the conditional branch that follows
    if mn == "teq":
        mn = "cmp"  # one flag-setting ALU op in either ISA
    if mn in ("add", "adds", "sub", "subs") and re.match(r"\w+,\s*#", ops):
        ops = ops.split(",")[0] + ", " + ops
    if mn == "vorr" and len(ops.split(",")) == 3 and ops.split(",")[1].strip() == ops.split(",")[2].strip():
        ops = ",".join(ops.split(",")[:2])
    ops = re.sub(r":(64|128)\]", "]", ops)
    args = [a.strip() for a in re.split(r",(?![^{]*\})(?![^\[]*\])", ops)] if ops else []
    q3 = lambda name, fmt: ["%s %s" % (name, fmt % tuple(vq(a) for a in args))]
    if mn in ("vld1.32", "vst1.32") and "[" in args[0]:  # one word: to all lanes, or from lane n
        m = re.match(r"\{d(\d+)\[(\d*)\]", args[0])
        a = re.match(r"\[(\w+)\]$", args[1]).group(1)
        v = int(m.group(1)) // 2
        if m.group(2) == "":
            return ["ld1r {v%d.4s}, [%s]" % (v, xr(a))]
        lane = int(m.group(2)) + 2 * (int(m.group(1)) % 2)
        return ["%s {v%d.s}[%d], [%s]" % ("ld1" if mn.startswith("vld") else "st1", v, lane, xr(a))]
    if mn in ("vld1.8", "vld1.32", "vld1.64", "vst1.32", "vst1.64", "vst1.8"):
        regs = dlist(args[0])
        m = re.match(r"\[(\w+)\](!?)$", args[1])
        lanes = ".16b" if mn.endswith(".8") else ".4s" if mn.endswith(".32") else ".2d"
        post = ", #%d" % (16 * len(regs)) if m.group(2) else ""
        op = "ld1" if mn.startswith("vld") else "st1"
        return ["%s {%s}, [%s]%s" % (op, ", ".join(r + lanes for r in regs), xr(m.group(1)), post)]
    if mn in ("veor", "vand", "vorr", "vbif") and len(args) == 3:
        return q3(mn[1:], "%s.16b, %s.16b, %s.16b")
    if mn == "vmov.i32" and args[1] == "#0":
        return ["movi %s.4s, #0" % vq(args[0])]
    if mn == "vrev32.8":
        return q3("rev32", "%s.16b, %s.16b")
    if mn == "vadd.i32":
        return q3("add", "%s.4s, %s.4s, %s.4s")
    if mn in ("vmov", "vorr") and args[0].startswith("q"):
        return ["mov %s.16b, %s.16b" % (vq(args[0]), vq(args[1]))]
    if mn == "vmov.32" and re.match(r"d\d+\[[01]\]$", args[0]) and re.match(r"(r\d+|ip|lr|fp)$", args[1]):
        d, lane = re.match(r"d(\d+)\[([01])\]", args[0]).groups()  # a core register into a lane
        return ["mov v%d.s[%d], %s" % (int(d) // 2, 2 * (int(d) % 2) + int(lane), wr(args[1]))]
    if mn == "vmov" and args[0].startswith("r") and args[1].startswith("s"):
        s = int(args[1][1:])
        return ["mov %s, v%d.s[%d]" % (wr(args[0]), s // 4, s % 4)]
    if mn == "vdup.32":
        return ["dup %s.4s, %s" % (vq(args[0]), wr(args[1]))]
    if mn == "vshl.i32":
        return ["shl %s.4s, %s.4s, %s" % (vq(args[0]), vq(args[1]), args[2])]
    if mn == "vsri.32":
        return ["sri %s.4s, %s.4s, %s" % (vq(args[0]), vq(args[1]), args[2])]
    if mn == "sha1h.32":
        return ["sha1h s%s, s%s" % (vq(args[0])[1:], vq(args[1])[1:])]
    if mn in ("sha1c.32", "sha1p.32", "sha1m.32"):
        a = [vq(x) for x in args]
        return ["%s q%s, s%s, %s.4s" % (mn[:-3], a[0][1:], a[1][1:], a[2])]
    if mn == "sha1su0.32":
        return q3("sha1su0", "%s.4s, %s.4s, %s.4s")
    if mn in ("sha1su1.32", "sha256su0.32"):
        return q3(mn[:-3], "%s.4s, %s.4s")
    if mn in ("sha256h.32", "sha256h2.32"):
        a = [vq(x) for x in args]
        return ["%s q%s, q%s, %s.4s" % (mn[:-3], a[0][1:], a[1][1:], a[2])]
    if mn == "sha256su1.32":
        return q3("sha256su1", "%s.4s, %s.4s, %s.4s")
    if mn == "vldm" and args[0] == "sp!":  # vpop
        mn, args = "vpop.64", args[1:]
    if mn in ("vpush.64", "vpop.64", "push", "pop"):
        regs = args[0].strip("{} ").replace(" ", "").split(",")
        if mn.startswith("v"):
            m = re.match(r"d(\d+)-d(\d+)$", regs[0]) if len(regs) == 1 else None
            regs = ["d%d" % i for i in range(int(m.group(1)), int(m.group(2)) + 1)] if m else regs
        else:
            regs = [xr(r) if r != "pc" else "x30" for r in regs]
        op = "stp" if "push" in mn else "ldp"
        out = []
        for i in range(0, len(regs), 2):
            pair = regs[i:i + 2]
            if len(pair) == 2:
                out.append("%s %s, %s, [sp, #%d]" % (op, pair[0], pair[1], 8 * i))
            else:
                out.append("%s %s, [sp, #%d]" % (op[:2] + "r", pair[0], 8 * i))
        if mn == "pop" and "pc" in args[0]:
            out.append("ret")
        return out
    if mn in ("ldr", "str"):
        m = re.match(r"\[(\w+)(?:,\s*(#-?\d+|\w+))?\](!?)$", args[1])
        if m is None:  # a literal: ldr rN, .L4
            return ["ldr %s, [x29]" % wr(args[0])]
        off = m.group(2) or "#0"
        off = off if off.startswith("#") else xr(off)
        return ["%s %s, [%s, %s]" % (mn, wr(args[0]), xr(m.group(1)), off)]
    if mn in ("vldr", "vstr.32", "vstr"):
        m = re.match(r"\[(\w+)(?:,\s*(#-?\d+))?\]$", args[1])
        addr = "[%s, %s]" % (xr(m.group(1)), m.group(2) or "#0") if m else "[x29]"  # else a literal
        return ["%s %s, %s" % ("ldr" if mn == "vldr" else "str", args[0], addr)]
    if mn in ("ldrd", "strd"):
        m = re.match(r"\[(\w+)(?:,\s*(#-?\d+))?\]$", args[2])
        return ["%s %s, %s, [%s, %s]" % ("ldp" if mn == "ldrd" else "stp", wr(args[0]), wr(args[1]),
                                          xr(m.group(1)), m.group(2) or "#0")]
    if mn in ("add", "adds", "sub", "subs", "eor", "orr", "and", "mov", "movs", "cmp"):
        base = mn.rstrip("s") if mn not in ("subs", "adds", "movs") else mn[:-1]
        if mn == "cmp":
            base = "cmp"
        regs = [xr(a) if not a.startswith("#") else a for a in args]
        if base == "add" and len(regs) == 2:  # Thumb two-operand form, add r3, pc
            regs = [regs[0], regs[0], "x29" if args[1] == "pc" else regs[1]]
        return ["%s %s" % (base + ("s" if mn in ("subs", "adds") else ""), ", ".join(regs))]
    if re.match(r"b(ne|eq|cs|cc|hi|ls|ge|lt|gt|le)?$", mn):
        return []  # the loop's branch back: one per block, a taken branch in either ISA
    raise SystemExit("mca_arm32_lanes.py: no AArch64 form for `%s`" % line)


def translate(lines):
    return [t for line in lines for t in a64(line)]


def mca(tool, triple, cpu, mattr, text, iters, extra=()):
    r = subprocess.run([tool, "-mtriple=" + triple, "-mcpu=" + cpu, "-mattr=" + mattr,
                        "-iterations=%d" % iters, *extra], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("llvm-mca failed (%s %s): %s" % (tool, cpu, r.stderr[:600]))
    return r.stdout


def per_block(tool, triple, cpu, mattr, lines):
    text = "\n".join(lines) + "\n"
    a = mca(tool, triple, cpu, mattr, text, 200)
    b = mca(tool, triple, cpu, mattr, text, 400)
    cyc = lambda o: int(re.search(r"Total Cycles:\s+(\d+)", o).group(1))
    rthr = float(re.search(r"Block RThroughput:\s+([\d.]+)", a).group(1))
    return (cyc(b) - cyc(a)) / 200, rthr


# (label, triple, cpu, mattr, translate to A64, in-order)
MODELS = [
    ("cortex-a57 (AArch32 model; A72 shares it)", "thumbv8a-linux-gnueabihf", "cortex-a57", "+neon,+crypto", False),
    ("cortex-a57, A64 translation (check)", "aarch64-linux-gnu", "cortex-a57", "+sha2", True),
    ("cortex-a53, A64 translation, in-order", "aarch64-linux-gnu", "cortex-a53", "+sha2", True),
    ("cortex-a55, A64 translation, in-order", "aarch64-linux-gnu", "cortex-a55", "+sha2", True),
]


def openssl_loops(lib, names):
    """OpenSSL's armhf loop (AArch32 text) for each kernel name, cut as mca_openssl.py cuts it."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import mca_openssl as mo
    insns = mo.disassemble(lib, "armhf")
    out = {}
    for name in names:
        kernel = next(k for k in mo.KERNELS if k[0] == name and k[1] == "armhf")
        _, _, body, _ = mo.find_kernel(insns, kernel, lib)
        text = mo.asm_text(body, "armhf", {x.addr for x in body})
        out[name] = [l.strip() for l in text.splitlines() if l.strip() and not l.strip().endswith(":")]
    return out, mo.openssl_version(lib)


def main():
    args = sys.argv[1:]
    lib = None
    if args[:1] == ["--openssl"]:
        lib, args = args[1], args[2:]
    tmp, tools = args[0], args[1:]
    lines_in = [l.strip().split("|") for l in sys.stdin if l.strip()]
    specs = [l[:5] for l in lines_in if len(l) == 5]
    # "name|function|one-lane name|one-lane function|label|N": a PBKDF2 entry whose innermost
    # loop is N compressions (both lanes), against N blocks of the one-lane loop.
    entries = [l for l in lines_in if len(l) == 6]
    ver = lambda t: re.search(r"LLVM version ([\d.]+)", subprocess.run([t, "--version"], capture_output=True,
                                                                     text=True).stdout).group(1)
    date = "- date: %s; %s" % (datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                               ", ".join("%s (LLVM %s)" % (t, ver(t)) for t in tools))
    loops = {l[2]: body("%s/%s.s" % (tmp, l[2]), l[3], True) for l in specs + entries}
    for one, l in loops.items():
        with open("%s/%s.loop.s" % (tmp, one), "w") as f:
            f.write("\n".join(l) + "\n")
    if lib:
        ossl, ossl_ver = openssl_loops(lib, [s[4] for s in specs])
        print("### One lane, AArch32 CE (armhf): armsha's block loop against OpenSSL's armv4 CE loop\n")
        print(date)
        print("- armsha: the one-lane kernel's block loop (src/arm32/*_ce.c, as below); OpenSSL: its loop cut from"
              " the armhf libcrypto.so.3 (%s) as in the section \"armsha's kernels against OpenSSL's\";"
              " cycles a block, ratio = armsha / OpenSSL (< 1: armsha faster); the in-order rows through the"
              " same A64 translation as the table below\n" % ossl_ver)
        print("| kernel | model | " + " | ".join("%s armsha | OpenSSL | ratio" % t for t in tools) + " |")
        print("|---|---|" + "---:|" * (3 * len(tools)))
        for _, _, one, _, oname in specs:
            for label, triple, cpu, mattr, tr in MODELS:
                cells = []
                for t in tools:
                    a, _ = per_block(t, triple, cpu, mattr, translate(loops[one]) if tr else loops[one])
                    o, _ = per_block(t, triple, cpu, mattr, translate(ossl[oname]) if tr else ossl[oname])
                    cells.append("%.1f | %.1f | %.3f" % (a, o, a / o))
                print("| %s (%s) | %s | %s |" % (one, oname, label, " | ".join(cells)))
        print()
    print("### PBKDF2 on two lanes, AArch32 CE (armhf): one call of the two-lane form against two blocks of its kernel\n")
    print(date)
    print("- armhf: src/arm32/*_ce{,_x2}.c compiled by arm-linux-gnueabihf-gcc with src/meson.build's flags (Thumb-2);"
          " two lanes: the call's straight-line body, one lane: the kernel's block loop; ratio = two lanes / (2 x one lane),"
          " pipe bound = the two-lane body's RThroughput / (2 x one lane), as in the arm64 table above")
    print("- LLVM's ARM backend models the AArch32 SHA instructions on the Cortex-A57 alone (its A53/A55 have no AArch32 model,"
          " bench/inorder_a53.py does not model the SHA instructions): the in-order rows are the same instructions"
          " in the same order translated to AArch64 (bench/mca_arm32_lanes.py), the A57 row of the translation checks it"
          " against the AArch32 model\n")
    print("| two-lane form | model | " + " | ".join("%s one lane | two lanes | ratio | pipe bound" % t for t in tools) + " |")
    print("|---|---|" + "---:|" * (4 * len(tools)))
    for name, fn, one, one_fn, _ in specs:
        two_l = body("%s/%s.s" % (tmp, name), fn, False)
        one_l = loops[one]
        with open("%s/%s.body.s" % (tmp, name), "w") as f:
            f.write("\n".join(two_l) + "\n")
        for label, triple, cpu, mattr, tr in MODELS:
            cells = []
            for t in tools:
                c1, _ = per_block(t, triple, cpu, mattr, translate(one_l) if tr else one_l)
                c2, r2 = per_block(t, triple, cpu, mattr, translate(two_l) if tr else two_l)
                cells.append("%.1f | %.1f | %.3f | %.3f" % (c1, c2, c2 / (2 * c1), r2 / (2 * c1)))
            print("| %s | %s | %s |" % (name, label, " | ".join(cells)))
    print()
    if not entries:
        return
    print("### PBKDF2 entries on two lanes, AArch32 CE (armhf): the whole loop inside the kernel\n")
    print(date)
    print("- the entry's innermost loop (one PBKDF2 iteration of both lanes: N compressions, the messages made"
          " in registers, T XORed) against N blocks of the one-lane kernel's loop; ratio = loop / (N x one lane),"
          " pipe bound = the loop's RThroughput / (N x one lane); models and translation as the table above;"
          " an entry with two loops (SHA-256's) has SHA-256's, the shorter, and SHA-224's, which pads"
          " W[7]\n")
    print("| entry | model | " + " | ".join("%s one lane | loop | ratio | pipe bound" % t for t in tools) + " |")
    print("|---|---|" + "---:|" * (4 * len(tools)))
    for name, fn, one, one_fn, _, nc in entries:
        # An entry may have a loop for each kind of message (SHA-256's and SHA-224's): each
        # its row, as the listing orders them (the spec's function comment says which is which).
        cuts = body("%s/%s.s" % (tmp, name), fn, "inners")
        for i, loop_l in enumerate(cuts):
            with open("%s/%s.loop%d.s" % (tmp, fn, i), "w") as f:
                f.write("\n".join(loop_l) + "\n")
            what = fn if len(cuts) == 1 else "%s, loop %d (%d instructions)" % (fn, i + 1, len(loop_l))
            for label, triple, cpu, mattr, tr in MODELS:
                cells = []
                for t in tools:
                    c1, _ = per_block(t, triple, cpu, mattr, translate(loops[one]) if tr else loops[one])
                    c2, r2 = per_block(t, triple, cpu, mattr, translate(loop_l) if tr else loop_l)
                    cells.append("%.1f | %.1f | %.3f | %.3f" % (c1, c2, c2 / (int(nc) * c1), r2 / (int(nc) * c1)))
                print("| %s | %s | %s |" % (what, label, " | ".join(cells)))
    print()


if __name__ == "__main__":
    main()
