#!/usr/bin/env python3
"""Orders a straight-line A64 block for two in-order machines at once, for the generated
kernels of src/arm64 (bench/gen_sha1_neon_a64.py).

The machines: bench/inorder_a53.py (the calibrated Cortex-A53 model) and an approximation
of llvm-mca's cortex-a53 model, whose rules differ: 3-cycle ALU results (1 cycle to a plain
ALU operand of another ALU op, 2 to a shifted one; ROR/EXTR read theirs late), 6-cycle
NEON, 4-cycle loads and stores, one NEON op a cycle, and results written back in program
order (an instruction cannot issue if it would finish before one issued earlier: an ALU op
after a NEON op waits 3 cycles). The approximation matches llvm-mca-16 within 1 % on the
SHA-1 block.

order(lines, sched_lines): lines is a valid sequential program (any order that runs
correctly), sched_lines the same instructions as the models should read them (the
little-endian expansion of a macro, say). The result is a permutation of lines that keeps
every register, flag and memory dependence: built one instruction at a time, always the
ready one that costs the least issue delay on the two machines together (ties: the longest
latency path to the end of the block first). Greedy, deterministic.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inorder_a53 as M  # noqa: E402


def memrange(text):
    """(base register, first byte, end byte) a load or store touches, or None."""
    m = re.search(r"\[(x\d+|sp)(?:,\s*#(-?[\d*+-]+))?\]", text)
    if not m:
        return None
    off = eval(m.group(2)) if m.group(2) else 0
    size = 4
    if re.search(r"\bq\d+", text):
        size = 16
    elif re.match(r"(ldr|ldur|str|stur)\s+x", text):
        size = 8
    if text.split()[0] in ("ldp", "stp"):
        size *= 2
    m2 = re.search(r"\{(v\d+)\.\w+-(v\d+)", text)
    if m2:
        size = 16 * (int(m2.group(2)[1:]) - int(m2.group(1)[1:]) + 1)
    return m.group(1), off, off + size


def dependences(insns):
    """For each instruction, (earlier instruction, kind, operand role) it must follow."""
    preds = [[] for _ in insns]
    last_w, reads, mems = {}, {}, []
    for i, x in enumerate(insns):
        for r, role in x.srcs:
            if r in last_w:
                preds[i].append((last_w[r], "raw", role))
        for r in x.dsts + x.wb:
            if r in last_w:
                preds[i].append((last_w[r], "waw", None))
            for j in reads.get(r, []):
                preds[i].append((j, "war", None))
        for r, _ in x.srcs:
            reads.setdefault(r, []).append(i)
        for r in x.dsts + x.wb:
            last_w[r] = i
            reads[r] = []
        mr = memrange(x.text)
        st = x.text.split()[0].startswith("st")
        if mr:
            for j, (mj, stj) in enumerate(mems):
                if mj and mj[0] == mr[0] and mj[1] < mr[2] and mr[1] < mj[2] and (st or stj):
                    preds[i].append((j, "mem", None))
        mems.append((mr, st))
        if x.cls == "br":
            preds[i] += [(j, "war", None) for j in range(i)]
    return preds


class Calibrated:
    """bench/inorder_a53.py's machine, one instruction at a time."""

    def __init__(self, P):
        self.P, self.ready, self.res, self.t_prev = P, {}, {}, 0
        M.P_Q[0] = P["simdq.fpalu"]

    def issue(self, x, commit=False):
        P, res, t = self.P, self.res, self.t_prev
        for r, role in x.srcs:
            if r in self.ready:
                c, cls = self.ready[r]
                t = max(t, c + M.latency(cls, role, P))
        while True:
            n, s0 = res.get((t, "slots"), 0), res.get((t, "slot0"), 0)
            if x.single:
                ok, take = n == 0 and s0 == 0, [(t, "slots", 2), (t, "slot0", 1)]
            elif x.cls == "simdq":
                ok, take = n == 0 and s0 == 0, [(t, "slots", 1), (t, "slot0", 1)]
            else:
                ok = (n < 2 and not (n == 1 and s0 == 0)) or (s0 and n == 0)
                take = [(t, "slots", 1)] + ([] if s0 else [(t, "slot0", 1)])
            if ok and all(res.get((c, u), 0) + a <= M.LIMIT[u] for c, u, a in M.uses(x, t)):
                break
            t += 1
        if commit:
            for c, u, a in take + M.uses(x, t):
                res[(c, u)] = res.get((c, u), 0) + a
            for r in x.dsts:
                self.ready[r] = (t, x.cls)
            for r in x.wb:
                self.ready[r] = (t, "wb")
            self.t_prev = t
        return t


def mca_kind(x):
    c = x.cls
    if c in ("simd", "simdq", "f2r", "r2f"):
        return "neon", 6
    if c in ("ld", "ld2", "fld64"):
        return "ld", 4
    if c == "fldmany":
        return "ld", 7
    if c in ("st", "stmany"):
        return "st", 4
    if c == "extr":
        return "extr", 3
    if c == "br":
        return "br", 1
    return "alu", 3


class McaA53:
    """An approximation of llvm-mca's cortex-a53 model (see the top of the file)."""

    def __init__(self):
        self.ready, self.t_prev, self.slots, self.fp, self.ld, self.lastwb = {}, 0, {}, {}, {}, 0

    def issue(self, x, commit=False):
        k, lat = mca_kind(x)
        t = self.t_prev
        for r, role in x.srcs:
            if r in self.ready:
                c, pk, plat = self.ready[r]
                if pk == "alu" and k == "alu":
                    plat = 1 if role == "n" else 2 if role == "s" else plat
                t = max(t, c + plat)
        uops = 2 if (x.single and k == "ld") or x.wb else 1
        while not (self.slots.get(t, 0) + uops <= 2 and t + lat >= self.lastwb
                   and (k != "neon" or self.fp.get(t, 0) < 1) and (k != "ld" or self.ld.get(t, 0) < 1)):
            t += 1
        if commit:
            self.slots[t] = self.slots.get(t, 0) + uops
            if k == "neon":
                self.fp[t] = 1
            if k == "ld":
                for q in range(2 if x.single else 1):
                    self.ld[t + q] = 1
            for r in x.dsts + x.wb:
                self.ready[r] = (t, k, lat)
            if k != "br":
                self.lastwb = max(self.lastwb, t + lat)
            self.t_prev = t
        return t


def parse(lines, isa="a64"):
    P = M.params("")
    return P, [M.classify((M.parse_a64 if isa == "a64" else M.parse_a32)(l), isa, P) for l in lines]


def cycles(lines):
    """Steady-state cycles a block of the two machines (the block run three times)."""
    P, insns = parse(lines)
    A, B = Calibrated(P), McaA53()
    ta, tb = [], []
    for _ in range(3):
        for x in insns:
            A.issue(x, True)
            B.issue(x, True)
        ta.append(A.t_prev)
        tb.append(B.t_prev)
    return ta[2] - ta[1], tb[2] - tb[1]


def graph(insns, preds, P):
    """A list scheduler's view of the dependences preds (dependences()'s form): each
    instruction's successors (index, kind, role), its latency-weighted path to the end of
    the block (the tie-break), and the set of instructions it needs placed first."""
    n = len(insns)
    succ = [[] for _ in range(n)]
    for i in range(n):
        for j, kind, role in preds[i]:
            succ[j].append((i, kind, role))
    path = [0] * n
    for i in range(n - 1, -1, -1):
        path[i] = max([path[s] + (M.latency(insns[i].cls, role, P) if kind == "raw" else 0)
                       for s, kind, role in succ[i]] + [0])
    return succ, path, [set(j for j, _, _ in preds[i]) for i in range(n)]


def take(i, out, done, avail, succ, need):
    """Places instruction i: appended to out, and its successors whose every predecessor is
    placed made available."""
    out.append(i)
    done[i] = True
    avail.remove(i)
    for s, _, _ in succ[i]:
        if not done[s] and s not in avail and all(done[j] for j in need[s]):
            avail.append(s)


def order(lines, sched_lines=None, weight_mca=1.2, also=(), isa="a64", deps=dependences, window=None,
          warm=True, machines=()):
    """also: further (inorder_a53.py --params string, weight) machines to order for; isa,
    deps: "a32" and bench/a32_order.py's dependences for AArch32 code; window: take only
    instructions fewer than window places after the earliest one (in lines) not yet taken
    (None: any ready one); warm: the machines start having run the block as written (a
    loop's previous block), else idle; machines: further (machine, weight) pairs whose
    issue(i, commit) takes the index of an instruction in lines (bench/mca_inorder.py's,
    llvm-mca's own in-order models), t_prev their last issue cycle."""
    sched_lines = sched_lines or lines
    P, insns = parse(sched_lines, isa)
    n = len(insns)
    preds = deps(insns)
    succ, path, need = graph(insns, preds, P)
    A, B = Calibrated(P), McaA53()
    C = [(Calibrated(M.params(spec)), w) for spec, w in also]
    for k, x in enumerate(insns if warm else []):  # the block before, as written
        A.issue(x, True)
        B.issue(x, True)
        for c, _ in C:
            c.issue(x, True)
        for m, _ in machines:
            m.issue(k, True)
    done, out = [False] * n, []
    avail = [i for i in range(n) if not need[i]]
    lo = 0
    while avail:
        while done[lo]:
            lo += 1
        cand = [i for i in avail if window is None or i < lo + window]
        i = min(cand, key=lambda i: ((A.issue(insns[i]) - A.t_prev)
                                     + weight_mca * (B.issue(insns[i]) - B.t_prev)
                                     + sum(w * (c.issue(insns[i]) - c.t_prev) for c, w in C)
                                     + sum(w * (m.issue(i) - m.t_prev) for m, w in machines),
                                     -path[i], i))
        A.issue(insns[i], True)
        B.issue(insns[i], True)
        for c, _ in C:
            c.issue(insns[i], True)
        for m, _ in machines:
            m.issue(i, True)
        take(i, out, done, avail, succ, need)
    assert len(out) == n, "dependence cycle"
    return [lines[i] for i in out]


def place(ops, nsteps, cap, gap=1):
    """The NEON part of a kernel's program into its round steps: ops are dicts (txt, dst and
    src register lists, lo: the first step allowed, dl: the last one or None), each placed
    in the earliest step at least gap steps after the ops producing its inputs (and not
    before an earlier op reading a register it writes), at most cap(step) a step, in the
    list's order. Returns {step: [ops]}."""
    n = len(ops)
    step = [None] * n
    last_w, reads, preds = {}, {}, []
    for i, o in enumerate(ops):
        p = [(last_w[r], gap) for r in o["src"] + o["dst"] if r in last_w]
        p += [(j, 0) for r in o["dst"] for j in reads.get(r, [])]
        for r in o["src"]:
            reads.setdefault(r, []).append(i)
        for r in o["dst"]:
            last_w[r], reads[r] = i, []
        preds.append(p)
    slots = {}
    for s in range(nsteps):
        placed = []
        for i in range(n):
            if len(placed) >= cap(s):
                break
            if step[i] is None and ops[i]["lo"] <= s and all(
                    step[j] is not None and step[j] + d <= s and (d or step[j] < s or j in placed)
                    for j, d in preds[i]):
                step[i] = s
                placed.append(i)
        slots[s] = [ops[i] for i in placed]
    for i, o in enumerate(ops):
        if step[i] is None or (o["dl"] is not None and step[i] > o["dl"]):
            raise SystemExit("cannot place %s" % o["txt"])
    return slots
