#!/usr/bin/env python3
"""Writes src/arm32/sha512_neon.c: SHA-512 on ARMv7 NEON for 32-bit ARM, in an order for
in-order dual-issue cores (Cortex-A53 in AArch32: a Raspberry Pi 3 with a 32-bit system).

The program is written here in program order with the temporaries as virtual registers;
the temporaries are then given d24-d31 (allocate(): each the register freed longest ago),
and the block's instructions put in a new order by bench/a32_order.py's list scheduler on
the calibrated A53 model (bench/inorder_a53.py), from an idle machine, at most --window
instructions ahead of the oldest not yet placed: always the ready instruction that issues
soonest, ties to the longest latency path to the end of the body. Every register
dependence of the program order is kept (read after write, write after read, write after
write), so any order it picks computes the same digest; the tests check the result anyway.

Run from the repository:

    python3 bench/gen_sha512_neon_a32.py [--check] [--listing FILE] [--window N] [--kw 1|2]

--check only compares the file with what it would write (the bench suite's
generated-sha512-neon-arm32 test); --listing writes one block of executed instructions,
little-endian, for bench/inorder_a53.py; --window: how far ahead of the oldest instruction
not yet placed the scheduler may take one (default 10); --kw: constants a load (default 2).
Deterministic: the same script writes the same file. The settings are the ones that keep
llvm-mca's Cortex-A57 and Swift figures at or under the previous kernel's
(bench/RESULTS.md, "32-bit ARM kernel code choices", has the others' figures).
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import a32_order  # noqa: E402
import generated_file  # noqa: E402

POOL = list(range(24, 32))       # the temporaries' registers
STATE = list(range(16, 24))      # a..h of round 0
KW = 2                           # constants a load: 1 or 2 (4: too few registers); --kw


class Prog:
    """A program in order: each instruction a format string and its register operands."""

    def __init__(self):
        self.insns = []     # (fmt, [operand]); operand: ("d"|"q", loc) or ("l", loc, n)
        self.groups = []    # virtual register groups' sizes (1 or 2 d registers)

    def vreg(self, size):
        self.groups.append(size)
        return ("v", len(self.groups) - 1)

    def emit(self, fmt, *ops):
        self.insns.append((fmt, list(ops)))


def d(loc):
    return ("d", loc)


def q(loc):
    return ("q", loc)


def render_loc(loc, base_of):
    if loc[0] == "p":
        return loc[1]
    return base_of(loc[1]) + (loc[2] if len(loc) > 2 else 0)


def render(insn, base_of):
    fmt, ops = insn
    vals = []
    for o in ops:
        n = render_loc(o[1], base_of)
        if o[0] == "d":
            vals.append("d%d" % n)
        elif o[0] == "q":
            assert n % 2 == 0
            vals.append("q%d" % (n // 2))
        else:
            vals.append("{d%d-d%d}" % (n, n + o[2] - 1) if o[2] > 1 else "{d%d}" % n)
    return fmt.format(*vals)


def P(n):
    return ("p", n)


# ---- the SHA-512 program ---------------------------------------------------------------

def big_sigma(p, acc, x, rs):
    """acc = ROTR(x, rs[0]) ^ ROTR(x, rs[1]) ^ ROTR(x, rs[2]); acc a d operand."""
    t1, t2 = d(p.vreg(1)), d(p.vreg(1))
    p.emit("vshr.u64 {0}, {1}, #%d" % rs[0], acc, x)
    p.emit("vshr.u64 {0}, {1}, #%d" % rs[1], t1, x)
    p.emit("vshr.u64 {0}, {1}, #%d" % rs[2], t2, x)
    p.emit("vsli.64 {0}, {1}, #%d" % (64 - rs[0]), acc, x)
    p.emit("vsli.64 {0}, {1}, #%d" % (64 - rs[1]), t1, x)
    p.emit("vsli.64 {0}, {1}, #%d" % (64 - rs[2]), t2, x)
    p.emit("veor {0}, {1}, {2}", acc, acc, t1)
    p.emit("veor {0}, {1}, {2}", acc, acc, t2)


def round_(p, i, kw, kwn, h_in_kw):
    """Round i. kw: the d operand holding K[i] + W[i] (+ h when h_in_kw); kwn: the next
    round's K + W, or None. With kwn, g (the next round's h, dead once added to kwn) is
    overwritten by Ch(e,f,g) with one vbit."""
    r = [STATE[(k - i) % 8] for k in range(8)]
    a, b, c, dd, e, f, g, h = (d(P(x)) for x in r)
    if kwn is not None:
        p.emit("vadd.i64 {0}, {1}, {2}", kwn, kwn, g)
        p.emit("vbit {0}, {1}, {2}", g, f, e)        # Ch(e,f,g): f where e, else g
        t = g
    else:
        t = d(p.vreg(1))
        p.emit("vmov {0}, {1}", t, e)
        p.emit("vbsl {0}, {1}, {2}", t, f, g)        # Ch(e,f,g)
    if not h_in_kw:
        p.emit("vadd.i64 {0}, {1}, {2}", t, t, h)
    p.emit("vadd.i64 {0}, {1}, {2}", t, t, kw)
    s1 = d(p.vreg(1))
    big_sigma(p, s1, e, (14, 18, 41))
    p.emit("vadd.i64 {0}, {1}, {2}", t, t, s1)       # T1
    p.emit("vadd.i64 {0}, {1}, {2}", dd, dd, t)      # d + T1: the next e
    big_sigma(p, h, a, (28, 34, 39))                 # h (dead) takes Sigma0(a)
    m = d(p.vreg(1))
    p.emit("veor {0}, {1}, {2}", m, a, b)
    p.emit("vbsl {0}, {1}, {2}", m, c, b)            # Maj(a,b,c): c where a != b, else b
    p.emit("vadd.i64 {0}, {1}, {2}", h, h, m)
    p.emit("vadd.i64 {0}, {1}, {2}", h, h, t)        # T1 + T2: the next a


def sched(p, j):
    """W[2j..2j+1] (q j) becomes the words sixteen on: W[t] + sigma0(W[t+1]) + W[t+9] +
    sigma1(W[t+14]) for both lanes, t = 2j - 16."""
    x0, x1, x4, x5, x7 = (q(P(2 * ((j + o) % 8))) for o in (0, 1, 4, 5, 7))
    # three 128-bit temporaries at most at any point (the pool has four)
    e = q(p.vreg(2))
    p.emit("vext.8 {0}, {1}, {2}, #8", e, x0, x1)    # W[t+1..t+2]
    a, b = q(p.vreg(2)), q(p.vreg(2))
    p.emit("vshr.u64 {0}, {1}, #1", a, e)
    p.emit("vshr.u64 {0}, {1}, #8", b, e)
    p.emit("vsli.64 {0}, {1}, #63", a, e)
    p.emit("vsli.64 {0}, {1}, #56", b, e)
    p.emit("vshr.u64 {0}, {1}, #7", e, e)
    p.emit("veor {0}, {1}, {2}", e, e, a)
    p.emit("veor {0}, {1}, {2}", e, e, b)            # sigma0(W[t+1..t+2])
    p.emit("vadd.i64 {0}, {1}, {2}", x0, x0, e)
    a, b = q(p.vreg(2)), q(p.vreg(2))
    p.emit("vshr.u64 {0}, {1}, #19", a, x7)
    p.emit("vshr.u64 {0}, {1}, #61", b, x7)
    p.emit("vsli.64 {0}, {1}, #45", a, x7)
    p.emit("vsli.64 {0}, {1}, #3", b, x7)
    p.emit("veor {0}, {1}, {2}", a, a, b)
    c = q(p.vreg(2))
    p.emit("vshr.u64 {0}, {1}, #6", c, x7)
    p.emit("veor {0}, {1}, {2}", a, a, c)            # sigma1(W[t+14..t+15])
    p.emit("vadd.i64 {0}, {1}, {2}", x0, x0, a)
    e2 = q(p.vreg(2))
    p.emit("vext.8 {0}, {1}, {2}, #8", e2, x4, x5)   # W[t+9..t+10]
    p.emit("vadd.i64 {0}, {1}, {2}", x0, x0, e2)


def body(first):
    """Sixteen rounds: the first body loads and byte-swaps the data, the others extend the
    schedule. K + W KW rounds a load (vld1.64), then one add a pair of rounds (one a round
    for KW=1)."""
    p = Prog()
    kw = [None] * 17

    def load_kw(i):
        if KW == 1:
            kw[i] = d(p.vreg(1))
            p.emit("vld1.64 {0}, [%[k]:64]!", ("l", kw[i][1], 1))
            p.emit("vadd.i64 {0}, {1}, {2}", kw[i], kw[i], d(P(i)))
        elif i % KW == 0:
            g = p.vreg(KW)
            for m in range(KW):
                kw[i + m] = d(("v", g[1], m))
            p.emit("vld1.64 {0}, [%[k]:128]!", ("l", g, KW))
            for m in range(0, KW, 2):
                p.emit("vadd.i64 {0}, {1}, {2}", q(("v", g[1], m)), q(("v", g[1], m)), q(P(i + m)))

    if first:
        for j in range(4):
            p.emit("vld1.64 {0}, [%[data]]!", ("l", P(4 * j), 4))
        for j in range(8):
            p.emit("REV64 {0}", q(P(2 * j)))
    else:
        sched(p, 0)
    load_kw(0)
    for i in range(16):
        if i + 1 < 16:
            j = (i + 1) // 2
            if (i + 1) % 2 == 0 and not first:
                sched(p, j)
            if (i + 1) % KW == 0 or KW == 1:
                load_kw(i + 1)
        round_(p, i, kw[i], kw[i + 1] if i + 1 < 16 else None, i > 0)
    return p


# ---- ordering and register assignment ---------------------------------------------------

def parts(o):
    """(vreg group, part) pairs an operand names."""
    loc = o[1]
    if loc[0] != "v":
        return []
    k = loc[2] if len(loc) > 2 else 0
    n = 2 if o[0] == "q" else o[2] if o[0] == "l" else 1
    return [(loc[1], k + m) for m in range(n)]


def allocate(p):
    """The temporaries' registers, in program order: each new one takes the register of the
    pool free the longest (a q temporary the pair free the longest), so that a register's
    next use lies as far behind its last as it can, which leaves the scheduler room. A
    register is free after the last instruction that names it (a pair's halves apart)."""
    last = {}
    for k, (fmt, ops) in enumerate(p.insns):
        for o in ops:
            for gp in parts(o):
                last[gp] = k
    since = {r: -1 for r in POOL}      # program index a register became free
    free = set(POOL)
    base = {}
    for k, (fmt, ops) in enumerate(p.insns):
        gs = sorted(set(o[1][1] for o in ops if o[1][0] == "v"))
        for g in gs:
            if g in base:
                continue
            if p.groups[g] == 1:
                # the least recently freed; of those, one whose partner is taken
                r = min(free, key=lambda r: (since[r], (r ^ 1) in free, r))
                regs = [r]
            else:
                z = p.groups[g]
                r = min((r for r in POOL[::z] if all(r + m in free for m in range(z))),
                        key=lambda r: (max(since[r + m] for m in range(z)), r))
                regs = list(range(r, r + z))
            base[g] = r
            free -= set(regs)
        for gp in sorted(set(gp for o in ops for gp in parts(o))):
            if last[gp] == k:
                r = base[gp[0]] + gp[1]
                free.add(r)
                since[r] = k
    return base


def asm_text(t):
    """The text the model reads: the little-endian byte swap, the operands' registers."""
    t = re.sub(r"^REV64 (q\d+)$", r"vrev64.8 \1, \1", t)
    return t.replace("%[k]", "r3").replace("%[data]", "r1")


def order(p, window):
    """p's instructions in a new order (rendered with their registers)."""
    base = allocate(p)
    lines = [render(x, lambda g: base[g]) for x in p.insns]
    # from idle machines: the orders RESULTS.md gives for each window were made so (a warm
    # start gives the same at the default window, other ones at 20 and more)
    return a32_order.order(lines, sched_lines=[asm_text(t) for t in lines], window=window, warm=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listing")
    ap.add_argument("--window", type=int, default=10)
    ap.add_argument("--kw", type=int, choices=[1, 2], default=2)
    ap.add_argument("--check", action="store_true",
                    help="only compare src/arm32/sha512_neon.c with what would be written")
    a = ap.parse_args()
    global KW
    KW = a.kw
    b0 = order(body(True), a.window)
    b1 = order(body(False), a.window)
    if a.listing:
        def lst(lines):
            return [asm_text(t) for t in lines]
        blk = (lst(b0) + ["mov r12, #4"] + (lst(b1) + ["subs r12, r12, #1", "bne 2b"]) * 4 +
               ["sub r3, r3, #640", "vldmia r2, {d24-d31}", "vadd.i64 q8, q8, q12",
                "vadd.i64 q9, q9, q13", "vadd.i64 q10, q10, q14", "vadd.i64 q11, q11, q15",
                "vstmia r2, {d16-d23}", "subs r0, r0, #1", "bne 1b"])
        open(a.listing, "w").write("\n".join(blk) + "\n")
    def cl(t):
        m = re.match(r"^REV64 (q\d+)$", t)
        if m:
            return '        REV64("%s")\n' % m.group(1)
        return '        "%s\\n\\t"\n' % re.sub(r"\s+", " ", t, count=1).replace(" ", " " * (11 - len(t.split()[0])), 1)
    tmpl = open(os.path.join(HERE, "sha512_neon_a32.c.in")).read()
    out = (tmpl.replace("@BODY0@\n", "".join(cl(t) for t in b0))
           .replace("@BODY@\n", "".join(cl(t) for t in b1)))
    generated_file.write_or_check("src/arm32/sha512_neon.c", out, "gen_sha512_neon_a32.py",
                                  "%d + 4 x %d instructions in the rounds" % (len(b0), len(b1)),
                                  check=a.check)


if __name__ == "__main__":
    main()
