#!/usr/bin/env python3
"""Writes src/arm64/sha512_neon.c, sha512=neon: a SHA-512 kernel for AArch64 cores without
the SHA-512 instructions (rounds in the core registers, the schedule on ASIMD), chosen on
the out-of-order cores of LLVM's Cortex-A57 model (A72: Raspberry Pi 4; A76, Neoverse N1;
src/kernel_list.c). Ordered for the calibrated in-order A53 model alone (WEIGHT 0, the
default) it takes 872 cycles a block on llvm-mca's A57 model (OpenSSL 933), 880 in program
order, 888 ordered for both in-order models (WEIGHT 1.2): on that model order matters
little and the in-order one's is the best found. On in-order cores sha512=a64 stays: this
kernel meets the targets on only one of the two A53 models at a time (1164 cycles a block
on the calibrated one, OpenSSL 1246, but 2750 under llvm-mca-16's A53, OpenSSL 1512) and
loses to a64 on llvm-mca's A55. llvm-mca's in-order models write results back in program
order, so each ALU op after a NEON op waits 3 cycles; with 690 NEON ops a block beside 1560
integer ones no order gets under about 1470 cycles there (bench/RESULTS.md, "Kernels
without the SHA instructions").
Run from the repository: python3 bench/gen_sha512_neon_a64.py [WEIGHT]

The program: each round's integer instructions, then the NEON ones a64_order.place() put in
that round (the message schedule two words at a time, W[i] + K[i] stored at least two
rounds before the round loads it, the next block's first sixteen in this block's last
rounds). The order of the whole block is then a64_order.order().
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import a64_order  # noqa: E402

ops = []


def op(txt, dst, src, dl=None, lo=0):
    ops.append(dict(txt=txt, dst=dst, src=src, dl=dl, lo=lo))


RING = ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v30", "v31"]
MARGIN = 2
NEXT = 66


def W(j):  # pair j: W[2j], W[2j+1]
    return RING[j % 10]


def stq(v, j):
    return "str q%s, [x24, #%d]" % (v[1:], 16 * j)


def kload(s, lo=0):
    """K[8s..8s+7] into v24-v27."""
    op("ld1 {v24.2d-v27.2d}, [x3], #64", ["v24", "v25", "v26", "v27", "x3"], ["x3"], lo=lo)


def ror(dst, src, n):
    return ["ushr %s.2d, %s.2d, #%d" % (dst, src, n), "sli %s.2d, %s.2d, #%d" % (dst, src, 64 - n)]


def sched(j):
    """W[t..t+1] (t = 2j) = W[t-16..] + sigma0(W[t-15..]) + W[t-7..] + sigma1(W[t-2..])."""
    x0, x1, x4, x5, x7, xn = W(j - 8), W(j - 7), W(j - 4), W(j - 3), W(j - 1), W(j)
    kw = "v28" if j % 2 == 0 else "v29"
    seq = [("ext v16.16b, %s.16b, %s.16b, #8" % (x0, x1), ["v16"], [x0, x1]),
           ("ext v17.16b, %s.16b, %s.16b, #8" % (x4, x5), ["v17"], [x4, x5])]
    for i, (d, s, n) in enumerate([("v18", "v16", 1), ("v19", "v16", 8)]):
        a, b = ror(d, s, n)
        seq += [(a, [d], [s]), (b, [d], [d, s])]
    seq += [("ushr v20.2d, v16.2d, #7", ["v20"], ["v16"]),
            ("eor v18.16b, v18.16b, v19.16b", ["v18"], ["v18", "v19"]),
            ("eor v18.16b, v18.16b, v20.16b", ["v18"], ["v18", "v20"])]          # sigma0
    for d, n in [("v21", 19), ("v22", 61)]:
        a, b = ror(d, x7, n)
        seq += [(a, [d], [x7]), (b, [d], [d, x7])]
    seq += [("ushr v23.2d, %s.2d, #6" % x7, ["v23"], [x7]),
            ("eor v21.16b, v21.16b, v22.16b", ["v21"], ["v21", "v22"]),
            ("eor v21.16b, v21.16b, v23.16b", ["v21"], ["v21", "v23"])]          # sigma1
    seq += [("add %s.2d, %s.2d, v17.2d" % (xn, x0), [xn], [x0, "v17"]),
            ("add %s.2d, %s.2d, v18.2d" % (xn, xn), [xn], [xn, "v18"]),
            ("add %s.2d, %s.2d, v21.2d" % (xn, xn), [xn], [xn, "v21"]),
            ("add %s.2d, %s.2d, v%d.2d" % (kw, xn, 24 + j % 4), [kw], [xn, "v%d" % (24 + j % 4)])]
    for t, d, s in seq:
        op(t, d, s)
    op(stq(kw, j), ["mem%d" % j], [kw], dl=2 * j - 1 - MARGIN)


for j in range(8, 40):
    if j % 4 == 0:
        kload(j // 4)
    sched(j)
first_block = len(ops)
# the next block (this one again after the last) and its W[0..15] + K
op("add x25, x1, #128", ["x25"], ["x1"], lo=NEXT)
op("cmp x25, x2", ["cc"], ["x25", "x2"], lo=NEXT)
op("csel x1, x1, x25, eq", ["x1"], ["x1", "x25", "cc"], lo=NEXT)
op("add x25, x1, #64", ["x25"], ["x1"], lo=NEXT)
op("sub x3, x3, #640", ["x3"], ["x3"], lo=NEXT)
op("LD1_BLOCK(0, 3, x1)", ["v0", "v1", "v2", "v3"], ["x1"], lo=NEXT)
op("LD1_BLOCK(4, 7, x25)", ["v4", "v5", "v6", "v7"], ["x25"], lo=NEXT)
for i in range(8):
    op("REV64(v%d)" % i, ["v%d" % i], ["v%d" % i], lo=NEXT)
for half in range(2):
    kload(half, lo=NEXT)
    for i in range(4):
        j = 4 * half + i
        kw = "v28" if j % 2 == 0 else "v29"
        op("add %s.2d, v%d.2d, v%d.2d" % (kw, j, 24 + i), [kw], ["v%d" % j, "v%d" % (24 + i)], lo=NEXT)
        op(stq(kw, j), ["memn%d" % j], [kw], dl=79, lo=NEXT)
next_ops = ops[first_block:]

slots = a64_order.place(ops, 80, lambda s: 10, gap=0)

# ---- the rounds -----------------------------------------------------------------------
regs = ["x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11"]


def rnd(r, a, b, c, d, e, f, g, h):
    kw = "x12" if r % 2 == 0 else "x13"
    ab, bc = ("x21", "x22") if r % 2 == 0 else ("x22", "x21")
    return ["LDKW(%s, %d)" % (kw[1:], r), "add %s, %s, %s" % (h, h, kw),
            "ror x14, %s, #14" % e, "eor x15, %s, %s, ror #23" % (e, e),
            "eor x14, x14, x15, ror #18",                          # Sigma1(e)
            "and x16, %s, %s" % (f, e), "bic x17, %s, %s" % (g, e),  # Ch(e, f, g): disjoint halves
            "add %s, %s, x14" % (h, h), "add %s, %s, x16" % (h, h), "add %s, %s, x17" % (h, h),
            "add %s, %s, %s" % (d, d, h),
            "ror x19, %s, #28" % a, "eor x20, %s, %s, ror #5" % (a, a),
            "eor x19, x19, x20, ror #34",                          # Sigma0(a)
            "eor %s, %s, %s" % (ab, a, b), "and x23, %s, %s" % (ab, bc),
            "eor x23, x23, %s" % b,                                # Maj(a, b, c)
            "add %s, %s, x19" % (h, h), "add %s, %s, x23" % (h, h)]


prog = ["eor x22, x5, x6"]   # b ^ c of round 0
for r in range(80):
    a, b, c, d, e, f, g, h = regs
    prog += rnd(r, a, b, c, d, e, f, g, h)
    prog += [o["txt"] for o in slots[r]]
    regs = [h, a, b, c, d, e, f, g]
prog += ["ldp x12, x13, [x0]", "ldp x14, x15, [x0, #16]", "ldp x16, x17, [x0, #32]",
         "ldp x19, x20, [x0, #48]",
         "add x4, x4, x12", "add x5, x5, x13", "add x6, x6, x14", "add x7, x7, x15",
         "add x8, x8, x16", "add x9, x9, x17", "add x10, x10, x19", "add x11, x11, x20",
         "stp x4, x5, [x0]", "stp x6, x7, [x0, #16]", "stp x8, x9, [x0, #32]",
         "stp x10, x11, [x0, #48]", "b.ne 1b"]


def expand(line):
    """The little-endian instruction a macro of the body stands for (what the models read)."""
    if line.startswith("REV64("):
        v = line[6:-1]
        return "rev64 %s.16b, %s.16b" % (v, v)
    if line.startswith("LD1_BLOCK("):
        v0, v3, x = line[10:-1].split(", ")
        return "ld1 {v%s.16b-v%s.16b}, [%s]" % (v0, v3, x)
    if line.startswith("LDKW("):
        x, i = line[5:-1].split(", ")
        return "ldr x%s, [x24, #%d]" % (x, 8 * int(i))
    return line


ordered = a64_order.order(prog, [expand(l) for l in prog],
                           weight_mca=float(sys.argv[1]) if len(sys.argv) > 1 else 0.0)
cyc = a64_order.cycles([expand(l) for l in ordered])
first = [o["txt"] for o in next_ops if not o["txt"].startswith(("add x", "cmp", "csel", "sub x"))]


def cline(l):
    if l.startswith(("REV64(", "LDKW(", "LD1_BLOCK(")):
        return "        %s" % l
    return '        "%s\\n\\t"' % l


tmpl = open(os.path.join(HERE, "sha512_neon_a64.c.in")).read()
out = tmpl.replace("@FIRST@\n", "".join(cline(l) + "\n" for l in first))
out = out.replace("@BODY@\n", "".join(cline(l) + "\n" for l in ordered))
open(os.path.join(HERE, "..", "src", "arm64", "sha512_neon.c"), "w").write(out)
print("src/arm64/sha512_neon.c: %d instructions a block; models: calibrated A53 %d, llvm-mca-like %d cycles"
      % (len(ordered), cyc[0], cyc[1]))
