#!/usr/bin/env python3
"""Writes src/arm64/sha1_neon.c, the SHA-1 kernel for AArch64 cores without the SHA
instructions: its block as a sequential program, then ordered for the in-order Cortex-A53
by bench/a64_order.py.  Run from the repository: python3 bench/gen_sha1_neon_a64.py

The program (the comment at the top of the generated file says how it computes):
- the NEON message schedule, four words at a time, each instruction placed in a round step
  at least one step after the one producing its input, by a small list scheduler (at most
  two a step, three in the last twenty); W[i] + K stored at least two steps before the
  rounds load it; the next block's first twenty W[i] + K during this block's last rounds;
- each step's integer instructions, then its NEON ones.
The order of the whole block is then a64_order.order(): the figures it reaches are in
bench/RESULTS.md ("Kernels without the SHA instructions").
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import a64_order  # noqa: E402

# ---- the NEON schedule -----------------------------------------------------------------
ops = []


def op(txt, dst, src, dl=None, lo=0):
    ops.append(dict(txt=txt, dst=dst, src=src, dl=dl, lo=lo))


Z = "v31"
RING = ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v29", "v30"]


def W(k):  # group k: W[4k..4k+3]
    return RING[k % 10]


def K(t):
    return "v%d" % (16 + t // 20)


def stq(v, t):
    off = 4 * t - 128
    return ("str" if off >= 0 else "stur") + " q%s, [x12, #%d]" % (v[1:], off)


MARGIN = 2   # steps between the store of W[i] + K and the step whose LDR loads it
NEXT = 54    # the step from which the next block is loaded


def sched16(g, lo=0, next_block=False):
    """W[t..t+3] for t = 16..28: W[t+3] needs W[t], so lane 3 gets rol(W[t], 1) later."""
    t = 4 * g
    a, b, c, d = ("v20", "v21", "v22", "v23") if g % 2 == 0 or next_block else ("v24", "v25", "v26", "v27")
    x4, x3, x2, x1, xn = W(g - 4), W(g - 3), W(g - 2), W(g - 1), W(g)
    op("ext %s.16b, %s.16b, %s.16b, #8" % (a, x4, x3), [a], [x4, x3], lo=lo)
    op("eor %s.16b, %s.16b, %s.16b" % (a, a, x4), [a], [a, x4], lo=lo)
    op("eor %s.16b, %s.16b, %s.16b" % (a, a, x2), [a], [a, x2], lo=lo)
    op("ext %s.16b, %s.16b, %s.16b, #4" % (b, x1, Z), [b], [x1, Z], lo=lo)
    op("eor %s.16b, %s.16b, %s.16b" % (a, a, b), [a], [a, b], lo=lo)
    op("ext %s.16b, %s.16b, %s.16b, #4" % (b, Z, a), [b], [Z, a], lo=lo)
    op("shl %s.4s, %s.4s, #1" % (xn, a), [xn], [a], lo=lo)
    op("sri %s.4s, %s.4s, #31" % (xn, a), [xn], [xn, a], lo=lo)
    op("shl %s.4s, %s.4s, #2" % (c, b), [c], [b], lo=lo)
    op("sri %s.4s, %s.4s, #30" % (c, b), [c], [c, b], lo=lo)
    op("eor %s.16b, %s.16b, %s.16b" % (xn, xn, c), [xn], [xn, c], lo=lo)
    op("add %s.4s, %s.4s, %s.4s" % (d, xn, K(t)), [d], [xn, K(t)], lo=lo)
    op(stq(d, t), ["mem%d" % g], [d], dl=78 if next_block else t - 2 - MARGIN, lo=lo)


def sched32(g):
    """W[t..t+3] = rol(W[t-6..t-3] ^ W[t-16..] ^ W[t-28..] ^ W[t-32..], 2) for t >= 32."""
    t = 4 * g
    X, E, KW = [("v20", "v21", "v22"), ("v23", "v24", "v25"), ("v26", "v27", "v28")][g % 3]
    x7, x4, x2, x1, xn, x8 = W(g - 7), W(g - 4), W(g - 2), W(g - 1), W(g), W(g - 8)
    op("eor %s.16b, %s.16b, %s.16b" % (X, x4, x7), [X], [x4, x7])
    op("eor %s.16b, %s.16b, %s.16b" % (X, X, x8), [X], [X, x8])
    op("ext %s.16b, %s.16b, %s.16b, #8" % (E, x2, x1), [E], [x2, x1])
    op("eor %s.16b, %s.16b, %s.16b" % (X, X, E), [X], [X, E])
    op("shl %s.4s, %s.4s, #2" % (xn, X), [xn], [X])
    op("sri %s.4s, %s.4s, #30" % (xn, X), [xn], [xn, X])
    op("add %s.4s, %s.4s, %s.4s" % (KW, xn, K(t)), [KW], [xn, K(t)])
    op(stq(KW, t), ["mem%d" % g], [KW], dl=t - 2 - MARGIN)


def next_block():
    """The next block (this one again after the last), its W[0..19] + K into the buffer."""
    op("add x13, x1, #64", ["x13"], ["x1"], lo=NEXT)
    op("cmp x13, x2", ["cc"], ["x13", "x2"], lo=NEXT)
    op("csel x1, x1, x13, eq", ["x1"], ["x1", "x13", "cc"], lo=NEXT)
    op("LD1_BLOCK", ["v0", "v1", "v2", "v3"], ["x1"], lo=NEXT)
    for i in range(4):
        op("REV32(v%d)" % i, ["v%d" % i], ["v%d" % i], lo=NEXT)
    for i in range(4):
        op("add v%d.4s, v%d.4s, v16.4s" % (24 + i, i), ["v%d" % (24 + i)], ["v%d" % i, "v16"], lo=NEXT)
    op("stp q24, q25, [x12, #-128]", ["memn0"], ["v24", "v25"], dl=78, lo=NEXT)
    op("stp q26, q27, [x12, #-96]", ["memn1"], ["v26", "v27"], dl=78, lo=NEXT)
    sched16(4, lo=NEXT, next_block=True)


for g in range(5, 8):
    sched16(g)
for g in range(8, 20):
    sched32(g)
first_block = len(ops)
next_block()
# the state, for the additions at the end of the block (after the registers' last use)
op("ldp w13, w17, [x0, #8]", ["w13s"], [], lo=66)
op("ldp w8, w9, [x0]", ["w8s"], [], lo=77)
op("ldr w10, [x0, #16]", ["w10s"], [], lo=77)


slots = a64_order.place(ops, 80, lambda s: 3 if s >= 60 else 2)

# ---- the rounds -----------------------------------------------------------------------
# Round r's step: a = a_r; e holds e_r + W[r] + K + F_r; d holds d_r + W[r+1] + K (d is
# e of round r + 1); F_{r+1} goes into d, W[r+2] + K into c.


def rol5(e, a):
    return ["add w%s, w%s, w%s, lsl #5" % (e, e, a), "add w%s, w%s, w%s, lsr #27" % (e, e, a)]


def wk_add(c, i):
    x = 8 if (i // 2) % 2 == 0 else 10
    return "WK_%s(%s, %d)" % ("LO" if i % 2 == 0 else "HI", c, x)


def step(kind, a, b, c, d, e, wk):
    if kind == "CH":    # F = (a & rol(b, 30)) | (c & ~a), two terms that share no bit
        body = ["and w14, w%s, w%s, ror #2" % (a, b), "bic w15, w%s, w%s" % (c, a),
                "add w%s, w%s, w14" % (d, d), "add w%s, w%s, w15" % (d, d)]
    elif kind == "PARITY":  # F = a ^ rol(b, 30) ^ c
        body = ["eor w14, w%s, w%s, ror #2" % (c, b), "eor w14, w14, w%s" % a, "add w%s, w%s, w14" % (d, d)]
    elif kind == "MAJ":  # F = (rol(b, 30) & c) + (a & (rol(b, 30) ^ c)), no bit shared
        body = ["eor w14, w%s, w%s, ror #2" % (c, b), "and w15, w%s, w%s, ror #2" % (c, b),
                "and w14, w14, w%s" % a, "add w%s, w%s, w15" % (d, d), "add w%s, w%s, w14" % (d, d)]
    else:
        body = []
    r5 = rol5(e, a)
    return [r5[0]] + body + ["ror w%s, w%s, #2" % (b, b)] + ([wk] if wk else []) + [r5[1]]


def F(r):
    return "CH" if r < 20 else "PARITY" if r < 40 else "MAJ" if r < 60 else "PARITY"


def ldwk(x, i):
    return "LDWK(%d, %d)" % (x, i)


prog = [ldwk(8, 0), ldwk(10, 2), "and w14, w4, w5", "bic w15, w6, w4", "add w7, w7, w14",
        "add w7, w7, w15", "WK_LO(7, 8)", "WK_HI(6, 8)"]
regs = ["3", "4", "5", "6", "7"]
for r in range(80):
    a, b, c, d, e = regs
    kind = F(r + 1) if r < 79 else None
    prog += step(kind, a, b, c, d, e, wk_add(c, r + 2) if r <= 77 else None)
    prog += [o["txt"] for o in slots[r]]
    if r % 2 == 0 and r <= 74:
        prog.append(ldwk(8 if ((r + 4) // 2) % 2 == 0 else 10, r + 4))
    regs = [e, a, b, c, d]
prog += ["add w3, w3, w8", "add w4, w4, w9", "add w5, w5, w13", "add w6, w6, w17",
         "add w7, w7, w10", "stp w3, w4, [x0]", "stp w5, w6, [x0, #8]", "str w7, [x0, #16]",
         "b.ne 1b"]


def expand(line):
    """The little-endian instruction a macro of the body stands for (what the models read)."""
    if line.startswith("REV32("):
        v = line[6:-1]
        return "rev32 %s.16b, %s.16b" % (v, v)
    if line == "LD1_BLOCK":
        return "ld1 {v0.16b-v3.16b}, [x1]"
    if line.startswith("LDWK("):
        x, i = line[5:-1].split(", ")
        return "ldur x%s, [x12, #%d]" % (x, 4 * int(i) - 128)
    if line.startswith("WK_LO("):
        c, x = line[6:-1].split(", ")
        return "add w%s, w%s, w%s" % (c, c, x)
    if line.startswith("WK_HI("):
        c, x = line[6:-1].split(", ")
        return "add x%s, x%s, x%s, lsr #32" % (c, c, x)
    return line


ordered = a64_order.order(prog, [expand(l) for l in prog])
cyc = a64_order.cycles([expand(l) for l in ordered])
first = [o["txt"] for o in ops[first_block:] if o["txt"].split()[0] not in ("add", "cmp", "csel", "ldp", "ldr")
         or o["txt"].startswith("add v")]


def cline(l):
    if l.startswith(("REV32(", "LDWK(", "WK_LO(", "WK_HI(")) or l == "LD1_BLOCK":
        return "        %s" % (l if l != "LD1_BLOCK" else 'LD1_BLOCK("x1")')
    return '        "%s\\n\\t"' % l


tmpl = open(os.path.join(HERE, "sha1_neon_a64.c.in")).read()
out = tmpl.replace("@FIRST@\n", "".join(cline(l) + "\n" for l in first if l != "LD1_BLOCK"))
out = out.replace("@BODY@\n", "".join(cline(l) + "\n" for l in ordered))
dst = os.path.join(HERE, "..", "src", "arm64", "sha1_neon.c")
open(dst, "w").write(out)
print("src/arm64/sha1_neon.c: %d instructions a block; models: calibrated A53 %d, llvm-mca-like %d cycles"
      % (len(ordered), cyc[0], cyc[1]))
