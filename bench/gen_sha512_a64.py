#!/usr/bin/env python3
"""Writes src/arm64/sha512_a64.c: the SHA-512 block function for AArch64 cores without the
SHA-512 instructions (Cortex-A53, A55, A72: Raspberry Pi 3/4), integer only.

The code is armsha's own portable C (src/sha512_portable.c) as GCC compiles it for AArch64
(-O2 -march=armv8-a -ffixed-x18: x18 is the platform register on Apple and Windows), with
the instructions of the block loop put in a new order by bench/a64_order.py for the
in-order dual-issue cores, which run instructions in the order written. GCC's order leaves
consumers right behind their 2-cycle producers (ROR, EOR with a rotated operand, REV); the
instructions, registers and spill slots stay GCC's, only their order changes (every
register, flag and memory dependence kept). bench/RESULTS.md, "Kernels without the SHA
instructions", has the figures and why this and not a schedule on ASIMD.

Run from the repository: python3 bench/gen_sha512_a64.py [WEIGHT]
(WEIGHT: a64_order.order's weight of its llvm-mca-like A53 machine; 0 orders for the
calibrated model alone). Needs aarch64-linux-gnu-gcc and llvm-objdump-16; the output
depends on the compiler's version, which it names.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import a64_order  # noqa: E402

CC = os.environ.get("CC_A64", "aarch64-linux-gnu-gcc")
OBJDUMP = os.environ.get("OBJDUMP", "llvm-objdump-16")
FN = "armsha_sha512_blocks_portable"
FLAGS = ["-O2", "-std=c11", "-march=armv8-a", "-ffixed-x18", "-mlittle-endian"] + os.environ.get("GCC_EXTRA", "-mtune=thunderx").split()

obj = "/tmp/gen_sha512_a64.%d.o" % os.getpid()
subprocess.run([CC] + FLAGS + ["-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "src"),
                "-c", os.path.join(ROOT, "src", "sha512_portable.c"), "-o", obj], check=True)
dis = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", "--disassemble-symbols=" + FN, obj],
                     check=True, capture_output=True, text=True).stdout
os.unlink(obj)
version = subprocess.run([CC, "--version"], capture_output=True, text=True).stdout.splitlines()[0]


def clean(t):
    t = t.split("//")[0].split("<")[0].strip()
    t = re.sub(r"#(-?)0x([0-9a-f]+)", lambda m: "#%s%d" % (m.group(1), int(m.group(2), 16)), t)
    return re.sub(r"\s+", " ", t, count=1)


ins = []
for line in dis.splitlines():
    m = re.match(r"\s*([0-9a-f]+):\s+(\S.*)", line)
    if m:
        ins.append((int(m.group(1), 16), clean(m.group(2))))
addr = [a for a, _ in ins]
text = [t for _, t in ins]

# The block loop: the one backward b.ne.
end = next(i for i, t in enumerate(text) if t.startswith("b.ne") and int(t.split()[1], 16) < addr[i])
head = addr.index(int(text[end].split()[1], 16))
pro, body, epi = text[:head], text[head:end], text[end + 1:]

# What the prologue does that the inline assembly must not: set the frame pointer, return
# early (the C wrapper does for no blocks), take the constants' address from the GOT (the
# wrapper passes it in the register the GOT load writes).
assert pro[0].startswith("stp x29, x30, [sp, #-") and pro[0].endswith("]!"), pro[0]
frame = int(re.search(r"#-(\d+)", pro[0]).group(1))
assert pro[1] == "mov x29, sp", pro[1]
kept, kreg = [pro[0]], None
for i, t in enumerate(pro[1:], 1):
    if t == "mov x29, sp" or t.startswith("cbz x2,"):
        continue
    m = re.match(r"adrp (x\d+),", t)
    if m:
        kreg = m.group(1)
        continue
    if kreg and t == "ldr %s, [%s]" % (kreg, kreg):
        continue
    kept.append(t)
assert kreg, "no GOT load of the constants"
# kreg must not be read or written in the prologue before the GOT load did
first = next(i for i, t in enumerate(pro) if t.startswith("adrp"))
for t in pro[1:first]:
    ops = t.split(None, 1)[1] if " " in t else ""
    if re.search(r"\b%s\b" % kreg, ops) and not t.startswith("stp"):
        raise SystemExit("the constants' register is used before the GOT load: " + t)
assert epi[-1] == "ret" and epi[-2] == "ldp x29, x30, [sp], #%d" % frame, epi[-2:]
assert all(t.startswith("ldp x") for t in epi[:-2]), epi  # x19-x28 back: the asm clobbers them
for t in pro + body + epi:
    if re.search(r"\bx18\b|\bx29\b", t) and t not in (pro[0], pro[1], epi[-2]):
        raise SystemExit("uses x18 or x29: " + t)

weight = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
wfwd = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
ordered = a64_order.order(body, weight_mca=weight, also=[("gccfwd", wfwd)]) + [text[end]]
cyc = a64_order.cycles(ordered)
cyc0 = a64_order.cycles(body + [text[end]])
if os.environ.get("LISTING"):  # the ordered block, one instruction a line, for the models
    open(os.environ["LISTING"], "w").write("".join(t + "\n" for t in ordered))


def cline(t):
    m = re.match(r"rev (x\d+), (x\d+)$", t)
    if m:
        return "        REV64(%s, %s)\n" % m.groups()
    assert not t.startswith(("rev", "ld1", "st1")), t  # only 64-bit word loads of the data
    t = re.sub(r"b\.ne \S+", "b.ne 1b", t)
    return '        "%s\\n\\t"\n' % t


wipe = "".join('        "stp xzr, xzr, [sp, #%d]\\n\\t"\n' % o for o in range(16, frame, 16))
clobbers = ["x%d" % r for r in list(range(3, 18)) + list(range(19, 29)) + [30] if "x%d" % r != kreg]
clob = ""
for i, r in enumerate(clobbers):  # eight to a line
    clob += ('"%s"' % r) + ("" if i == len(clobbers) - 1 else ",\n          " if i % 8 == 5 else ", ")
tmpl = open(os.path.join(HERE, "sha512_a64.c.in")).read()
out = (tmpl.replace("@CC@", version).replace("@KREG@", kreg).replace("@CLOBBERS@", clob)
       .replace("@PROLOGUE@\n", "".join(cline(t) for t in kept))
       .replace("@BODY@\n", '        "1:\\n\\t"\n' + "".join(cline(t) for t in ordered))
       .replace("@WIPE@\n", wipe)
       .replace("@EPILOGUE@\n", cline(epi[-2])))
open(os.path.join(ROOT, "src", "arm64", "sha512_a64.c"), "w").write(out)
print("src/arm64/sha512_a64.c: %d instructions a block (%s); calibrated A53 model %d -> %d, "
      "llvm-mca-like %d -> %d cycles" % (len(ordered), version, cyc0[0], cyc[0], cyc0[1], cyc[1]))
