#!/usr/bin/env python3
"""Orders the two-lane ARMv8 CE kernels for in-order cores: the statements of
src/arm64/sha1_ce_x2.c, src/arm64/sha256_ce_x2.c and the PBKDF2 entries
src/arm64/sha1_pbkdf2_x2.c and sha256_pbkdf2_x2.c between their "generated order" markers,
written by this script (through bench/generated_file.py).

    python3 bench/gen_ce_x2_a64.py            # rewrites the four blocks
    python3 bench/gen_ce_x2_a64.py --check    # fails if a committed block differs

A PBKDF2 entry's block is a loop body (one iteration of both lanes, four compressions;
sha1_pbkdf2_lane says what it holds), ordered the same way, the machines having run the
body before (an iteration follows an iteration); the values one iteration hands the next
keep one register through the loop (registers_loop), and check_registers runs the
generated prologue, the body twice and the epilogue on the registers chosen.

Each kernel is a list of statements, one instruction each (the files' macros: every one a
volatile asm statement on GCC and little-endian clang, so the compiler keeps this order),
first in a plain valid order: lane 0 and lane 1 alternated, each lane in the one-lane
kernel's order. Its dependences are those of the C variables it names (read after write,
and write after read or write: the schedule's words and the state are updated in place).
A greedy list scheduler then builds the order one statement at a time, always the ready
one that costs the least issue delay on the machines below together (ties: the longest
latency path to the end first, then the plain order), the machines having run the call
before as written (a call follows a call). A statement may not go more than WINDOW quads
ahead of the chain (SHA1C/P/M, SHA256H), nor past REGS live vector variables. Then each
variable gets a register of its own for its whole life (registers()), which the C binds
it to (x2_loads.h's VREG): left to GCC's allocation, the order gained copies, and an
in-order core waits out each copy's latency.

The machines are the in-order models of llvm-mca-16 and -14 as they treat this code (the
latencies and units `llvm-mca -instruction-info` and `-resource-pressure` print; the
timelines of the compiled kernels agree within a few cycles a call): one 128-bit NEON
operation a cycle, two instructions issued a cycle (llvm-mca-14's A55: one), one load
unit that an LD1 of four registers holds several cycles, and results written back in
program order (an instruction that would finish before one issued earlier waits: on the
A53 an LDR right after a NEON operation waits two cycles, an LD1 of four none).
bench/a64_order.py orders generated A64 code the same way, but its machines take their
classes from bench/inorder_a53.py, which has none for the SHA instructions; here every
statement names its class.

    ONLY=sha1 WINDOW=2 python3 bench/gen_ce_x2_a64.py    # tries another choice (OPTIONS)
"""
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generated_file  # noqa: E402

# Latency per class on each machine (ldx: the compiler's LDP of two pointers, st: a
# store), load-unit cycles of the loads that hold it longer than one, instructions issued
# a cycle.
MACHINES = {
    "cortex-a53 (llvm-mca-16 and -14)": dict(
        lat=dict(sha=6, add=6, mov=6, rev=6, ldq=4, lds=4, ld4=7, ldx=4, st=4),
        ldocc=dict(ld4=4, ldx=2), width=2),
    "cortex-a55 (llvm-mca-16)": dict(
        lat=dict(sha=4, add=2, mov=1, rev=4, ldq=3, lds=3, ld4=11, ldx=5, st=1),
        ldocc=dict(ld4=8, ldx=2), width=2, begin=True),
    "cortex-a55 (llvm-mca-14)": dict(
        lat=dict(sha=4, add=4, mov=4, rev=4, ldq=3, lds=3, ld4=11, ldx=5, st=1),
        ldocc=dict(ld4=8, ldx=2), width=1),
}
NEON = ("sha", "add", "mov", "rev")
LOADS = ("ldq", "lds", "ld4", "ldx")
# The choices per kernel (main sets them; each was tried against llvm-mca on the compiled
# file, as bench/mca.sh measures it, and these did best): WINDOW, how many quads a
# statement may run ahead of the chain; REGS, the vector variables the order may keep live
# (24 leaves out v8-v15, whose low halves a function must save); LD4, per lane, "1" for its
# block by one LD1 of four registers, "0" by four LDRs (the A53 wants the LD1, which may
# follow a NEON operation at once; the A55 the LDRs, an LD1 of four holds its load unit 8
# cycles); K4, SHA-1's constants by one LD1 (else four LDRs).
OPTIONS = {
    "src/arm64/sha1_ce_x2.c": dict(WINDOW=1, REGS=24, LD4="11", K4=True),
    "src/arm64/sha256_ce_x2.c": dict(WINDOW=1, REGS=24, LD4="00", K4=False),
}
WINDOW, REGS, LD4, K4 = 1, 24, "11", True
BEGIN_GROUP, COPYX, SKIP_SU0_6, LOAD_IN0, SEED, JITTER = False, False, False, False, 0, 0
TEMPLATE, TPL_FF, TPL_XY, TPL_START, TPL_BACK, TPL_HFIRST, TPL_K = 0, 0, 0, 0, 0, 0, 0
# The weight of each machine's issue delay in the scheduler's cost (MACHINES' order).
WEIGHTS = (1, 1, 1)


class Stmt:
    """One statement: its C (None: the compiler's, not written out), the variables it
    writes and reads, its class (MACHINES), the quad it belongs to for the window, and
    whether it is on the chain."""

    def __init__(self, text, dst, src, cls, quad, chain=False):
        self.text, self.dst, self.src, self.cls, self.quad, self.chain = text, dst, src, cls, quad, chain
        self.epi = False  # the PBKDF2 entry's: runs once more after the loop


class InOrder:
    """One of MACHINES, one statement at a time."""

    def __init__(self, m):
        self.lat, self.ldocc, self.width = m["lat"], m["ldocc"], m["width"]
        # llvm-mca-16's A55 begins an issue group with every 128-bit vector operation
        # (BeginGroup): a load or integer op before it in the same cycle is not allowed.
        self.begin = m.get("begin", False) and BEGIN_GROUP
        self.t_prev, self.ready, self.slots, self.fp, self.ld, self.lastwb = 0, {}, {}, {}, {}, 0

    def issue(self, x, commit=False):
        lat = self.lat[x.cls]
        t = max([self.t_prev] + [self.ready.get(v, 0) for v in x.src])
        while True:
            ok = self.slots.get(t, 0) < self.width and (x.cls == "st" or t + lat >= self.lastwb)
            if ok and x.cls in NEON:
                ok = t not in self.fp and not (self.begin and self.slots.get(t, 0))
            occ = self.ldocc.get(x.cls, 1)
            if ok and x.cls in LOADS:
                ok = all(self.ld.get(t + c, 0) == 0 for c in range(occ))
            if ok:
                break
            t += 1
        if commit:
            self.slots[t] = self.slots.get(t, 0) + 1
            if x.cls in NEON:
                self.fp[t] = 1
            if x.cls in LOADS:
                for c in range(occ):
                    self.ld[t + c] = 1
            for v in x.dst:
                self.ready[v] = t + lat
            if x.cls != "st":
                self.lastwb = max(self.lastwb, t + lat)
            self.t_prev = t
        return t


def dependences(prog):
    """For each statement, the earlier ones it must follow."""
    preds = [set() for _ in prog]
    last_w, reads = {}, {}
    for i, x in enumerate(prog):
        for v in x.src:
            if v in last_w:
                preds[i].add(last_w[v])
        for v in x.dst:
            if v in last_w:
                preds[i].add(last_w[v])
            preds[i] |= set(reads.get(v, []))
        for v in x.src:
            reads.setdefault(v, []).append(i)
        for v in x.dst:
            last_w[v], reads[v] = i, []
        if x.text is None and x.cls == "st":  # the stores after everything
            preds[i] |= set(range(i))
        preds[i].discard(i)
    return preds


def schedule(prog):
    n = len(prog)
    preds = dependences(prog)
    succ = [[] for _ in range(n)]
    for i in range(n):
        for j in preds[i]:
            succ[j].append(i)
    lat = MACHINES["cortex-a53 (llvm-mca-16 and -14)"]["lat"]
    path = [0] * n
    for i in range(n - 1, -1, -1):
        path[i] = max([path[s] + lat[prog[i].cls] for s in succ[i]] + [lat[prog[i].cls]])
    # SEED: the ties' order perturbed by up to JITTER cycles of path, reproducibly (a
    # search over seeds, each measured with llvm-mca, picked the one in OPTIONS).
    rnd = random.Random(SEED)
    prio = [-path[i] - (rnd.random() * JITTER if SEED else 0) for i in range(n)]
    if TEMPLATE == 2:  # the template's place as the tie-break
        prio = [template_key(x) for x in prog]
    machines = [InOrder(m) for m in MACHINES.values()]
    for x in prog:  # the call before, as written: a call follows a call
        for m in machines:
            m.issue(x, True)
    chain_done = {}  # quad -> chain statements issued
    chain_total = {}
    for x in prog:
        if x.chain:
            chain_total[x.quad] = chain_total.get(x.quad, 0) + 1
    done, out = [False] * n, []
    avail = [i for i in range(n) if not preds[i]]

    def allowed(i):
        q = prog[i].quad - WINDOW
        return q < 0 or q not in chain_total or chain_done.get(q, 0) == chain_total[q]

    readers = {}
    for i, x in enumerate(prog):
        for v in x.src:
            readers.setdefault(v, set()).add(i)
    left = {v: set(r) for v, r in readers.items()}  # readers not yet placed
    live = set()

    def pressure(i):
        x = prog[i]
        after = set(live)
        for v in x.src:
            if left.get(v) == {i}:
                after.discard(v)
        for v in x.dst:
            if left.get(v, set()) - {i}:
                after.add(v)
        return len(after - set(POINTER_NAMES))

    while avail:
        cand = [i for i in avail if allowed(i)] or avail
        cand = [i for i in cand if pressure(i) <= REGS] or [min(cand, key=pressure)]
        i = min(cand, key=lambda i: (sum(w * (m.issue(prog[i]) - m.t_prev) for w, m in zip(WEIGHTS, machines)), prio[i], i))
        for m in machines:
            m.issue(prog[i], True)
        if prog[i].chain:
            chain_done[prog[i].quad] = chain_done.get(prog[i].quad, 0) + 1
        for v in prog[i].src:
            left[v].discard(i)
            if not left[v]:
                live.discard(v)
        for v in prog[i].dst:
            if left.get(v):
                live.add(v)
        out.append(i)
        done[i] = True
        avail.remove(i)
        for s in succ[i]:
            if not done[s] and s not in avail and all(done[j] for j in preds[s]):
                avail.append(s)
    assert len(out) == n, "dependence cycle"
    return [prog[i] for i in out]


def template_key(x):
    """TEMPLATE (SHA-256's PBKDF2 entry): where a statement goes in a fixed pattern of quads
    (g = 16 h + t over the iteration): before each quad's rounds (run R_g: SHA256SU1 and
    SU0 of later quads, then SHA256H and H2, all 4-cycle operations) a low run L_g (the K
    of quad g + 2 loaded, W+K of quad g + 1, ANDs and XORs, the copies of quad g, loads),
    so that on llvm-mca-16's A55 the cycle a vector operation of 1-2 cycles must wait after
    a 4-cycle one comes once a quad (the copies need it) and holds a load."""
    q, txt = x.quad, x.text or ""
    op = txt.split("(")[0]
    if op == "H":
        return (q, (7, 4, 4.5, 5.5)[TPL_HFIRST])
    if op == "H2":
        return (q, (8, 5, 8, 8)[TPL_HFIRST])
    if op == "COPY" or op == "COPYX":
        return (q, 3)
    if op == "SU0":
        return (q + 1, 6)
    if op == "SU1":
        return (q + 1, 5)
    if op == "AND":
        return (q + 1, 2)
    if op == "EOR":  # in quad 1's low run, before SHA256SU0 of quad 4 overwrites W[0..7]
        return (q, 2)
    if op == "ADD":
        dst = x.dst[0]
        if "_" in dst and dst.startswith("wk") and not txt.rstrip(");").split(", ")[-1].startswith("k"):
            t = int(dst.split("_")[1])  # the feed-forward's W+K of quad 0 or 1
            return (q + t, 1, t)
        if dst.startswith("w") and not dst.startswith("wk"):
            return (q + 1, 1, 2)
        return (q, 1)
    if op == "LDQ_IN":
        v = x.dst[0]
        if v.startswith("k"):
            return (q - TPL_K, 0)
        if v.startswith("in"):
            return (q + 1, 4)
        if v.startswith("f"):  # quad q0 - 2 of the compression it feeds; spread
            j = int(v.split("_")[1])
            if q < 0 and TPL_START:  # the loop's start: nothing before to spread into
                return {1: (-1, 9), 3: (0, 2, 5), 0: (0, 2, 6), 2: (0, 2, 6)}[j]
            return (q + 2 - {1: 4, 3: 3, 0: 2, 2: 1}[j] + TPL_FF, 4)
        if v.startswith("w"):  # quad q0 - 1
            return (q + 1 + int(v.split("_")[1]) - 2, 4)
        if q < 0 and TPL_START and v[0] in "xy":
            return (0, 1, 0.5)
        return (q - 1 + TPL_XY + (v.startswith("y")), 0)
    return (q, 9)


def load_slots(order, preds_of):
    """Moves each load that follows a load back to the latest slot before it where
    llvm-mca-16's A55 issues it beside its neighbours: right after a 4-cycle operation
    followed by an ADD (the cycle the ADD waits anyway), after an ADD followed by an ADD or a
    4-cycle operation, or after a copy followed by a 4-cycle operation; not past what it
    depends on, not into a slot another load holds."""
    kind = lambda x: None if x is None else ("ld" if x.cls in LOADS else "sha" if x.cls == "sha" else
                                            (x.text or "").split("(")[0])
    good = lambda a, b: ((kind(a) == "sha" and kind(b) == "ADD") or (kind(a) == "ADD" and kind(b) in ("ADD", "sha"))
                         or (kind(a) in ("COPY", "AND", "EOR") and kind(b) == "sha"))
    order = list(order)
    i = 1
    while i < len(order):
        x = order[i]
        if kind(x) == "ld" and kind(order[i - 1]) == "ld":
            lo = max([order.index(p) for p in preds_of[id(x)]] + [-1])
            for j in range(i - 2, lo, -1):  # after order[j]
                if i - j > TPL_BACK:
                    break
                if good(order[j], order[j + 1]):
                    order.pop(i)
                    order.insert(j + 1, x)
                    break
        i += 1
    return order


def schedule_template(prog):
    n = len(prog)
    preds = dependences(prog)
    key = [template_key(x) + (i,) for i, x in enumerate(prog)]
    done, out = [False] * n, []
    while len(out) < n:
        i = min((i for i in range(n) if not done[i] and all(done[j] for j in preds[i])), key=lambda i: key[i])
        done[i] = True
        out.append(i)
    order = [prog[i] for i in out]
    if TPL_BACK:
        order = load_slots(order, {id(prog[i]): [prog[j] for j in preds[i]] for i in range(n)})
    return order


def cycles(prog):
    """Steady-state cycles a call on each machine (the block run three times)."""
    res = {}
    for name, m in MACHINES.items():
        mach, ts = InOrder(m), []
        for _ in range(3):
            for x in prog:
                mach.issue(x, True)
            ts.append(mach.t_prev)
        res[name] = ts[2] - ts[1]
    return res


def interleave(lanes):
    """The plain order: the lanes' statements alternated."""
    out = []
    for group in itertools.zip_longest(*lanes):
        for x in group:
            if x is not None and x not in out:
                out.append(x)
    assert len(out) == len(set(map(id, lanes[0] + lanes[1])))
    return out


def loads(L, s, w):
    """The block of lane L into w(0..3): LD1 of four registers or four LDRs, REV32s."""
    p = "p%d" % L
    if LD4[L] == "1":
        m = ["m%d_%d" % (L, j) for j in range(4)]
        s.append(Stmt("LD4(%s, %s);" % (", ".join(m), p), m, [p], "ld4", -1))
        for j in range(4):
            s.append(Stmt("WORDS(%s, %s);" % (w(j), m[j]), [w(j)], [m[j]], "rev", -1))
        return
    for j in range(4):
        s.append(Stmt("LDQ(m%d_%d, %s, %d);" % (L, j, p, 16 * j), ["m%d_%d" % (L, j)], [p], "ldq", -1))
    for j in range(4):
        s.append(Stmt("WORDS(%s, m%d_%d);" % (w(j), L, j), [w(j)], ["m%d_%d" % (L, j)], "rev", -1))


def sha1_lane(L):
    s, w = [], lambda j: "w%d_%d" % (L, j % 4)
    st = "st%d" % L
    s.append(Stmt("LDQ(abcd%d, %s, 0);" % (L, st), ["abcd%d" % L], [st], "ldq", -1))
    s.append(Stmt("LDS(e%d_0, %s, 16);" % (L, st), ["e%d_0" % L], [st], "lds", -1))
    loads(L, s, w)
    for t in range(20):
        if t >= 4:
            s.append(Stmt("SU0(%s, %s, %s);" % (w(t), w(t + 1), w(t + 2)), [w(t)], [w(t), w(t + 1), w(t + 2)], "sha", t - 4))
            s.append(Stmt("SU1(%s, %s);" % (w(t), w(t + 3)), [w(t)], [w(t), w(t + 3)], "sha", t - 3))
        k = "k%d" % (t // 5)
        s.append(Stmt("ADD(wk%d_%d, %s, %s);" % (L, t, w(t), k), ["wk%d_%d" % (L, t)], [w(t), k], "add", t - 2))
        s.append(Stmt("HASH_E(e%d_%d, abcd%d);" % (L, t + 1, L), ["e%d_%d" % (L, t + 1)], ["abcd%d" % L], "sha", t, True))
        op = "CHOOSE" if t < 5 else "MAJORITY" if 10 <= t < 15 else "PARITY"
        s.append(Stmt("%s(abcd%d, e%d_%d, wk%d_%d);" % (op, L, L, t, L, t), ["abcd%d" % L],
                      ["abcd%d" % L, "e%d_%d" % (L, t), "wk%d_%d" % (L, t)], "sha", t, True))
    # The state again for the feed-forward, loaded near the end (no copy kept through the
    # rounds: a NEON operation and a register less; at the end the NEON pipe has room).
    s.append(Stmt("LDQ(in%d, %s, 0);" % (L, st), ["in%d" % L], [st], "ldq", 18))
    s.append(Stmt("LDS(ef%d, %s, 16);" % (L, st), ["ef%d" % L], [st], "lds", 18))
    s.append(Stmt("ADD(abcd%d, abcd%d, in%d);" % (L, L, L), ["abcd%d" % L], ["abcd%d" % L, "in%d" % L], "add", 20))
    s.append(Stmt("ADD(e%d_20, e%d_20, ef%d);" % (L, L, L), ["e%d_20" % L], ["e%d_20" % L, "ef%d" % L], "add", 20))
    return s


POINTER_NAMES = ("st0", "st1", "p0", "p1", "kp", "ti", "to", "cp")


# What the compiler adds around the block (not written out): the loads of the state and
# data pointers first, the stores of the states last.
POINTERS = [Stmt(None, ["st0", "st1"], [], "ldx", -1), Stmt(None, ["p0", "p1"], [], "ldx", -1)]


def stores(names):
    return [Stmt(None, [], [v], "st", 99) for v in names]


def sha1_program():
    if K4:
        ks = [Stmt("LD4(k0, k1, k2, k3, kp);", ["k0", "k1", "k2", "k3"], [], "ld4", -1)]
    else:
        ks = [Stmt("LDQ(k%d, kp, %d);" % (i, 16 * i), ["k%d" % i], [], "ldq", -1) for i in range(4)]
    l0, l1 = sha1_lane(0), sha1_lane(1)
    # The constants first (the lanes share them), then the lanes alternated.
    return POINTERS + ks + interleave([l0, l1]) + stores(["abcd0", "abcd1", "e0_20", "e1_20"])


def sha256_lane(L):
    s, w = [], lambda j: "w%d_%d" % (L, j % 4)
    st = "st%d" % L
    s.append(Stmt("LDQ(abcd%d, %s, 0);" % (L, st), ["abcd%d" % L], [st], "ldq", -1))
    s.append(Stmt("LDQ(efgh%d, %s, 16);" % (L, st), ["efgh%d" % L], [st], "ldq", -1))
    loads(L, s, w)
    for t in range(16):
        if t >= 4:
            s.append(Stmt("SU0(%s, %s);" % (w(t), w(t + 1)), [w(t)], [w(t), w(t + 1)], "sha", t - 4))
            s.append(Stmt("SU1(%s, %s, %s);" % (w(t), w(t + 2), w(t + 3)), [w(t)], [w(t), w(t + 2), w(t + 3)], "sha", t - 3))
        k = "k_%d" % t
        s.append(Stmt("ADD(wk%d_%d, %s, %s);" % (L, t, w(t), k), ["wk%d_%d" % (L, t)], [w(t), k], "add", t - 1))
        s.append(Stmt("COPY(in%d_%d, abcd%d);" % (L, t, L), ["in%d_%d" % (L, t)], ["abcd%d" % L], "mov", t))
        s.append(Stmt("H(abcd%d, efgh%d, wk%d_%d);" % (L, L, L, t), ["abcd%d" % L],
                      ["abcd%d" % L, "efgh%d" % L, "wk%d_%d" % (L, t)], "sha", t, True))
        s.append(Stmt("H2(efgh%d, in%d_%d, wk%d_%d);" % (L, L, t, L, t), ["efgh%d" % L],
                      ["efgh%d" % L, "in%d_%d" % (L, t), "wk%d_%d" % (L, t)], "sha", t))
    # The state again for the feed-forward, loaded at the end (see sha1_lane).
    s.append(Stmt("LDQ(fa%d, %s, 0);" % (L, st), ["fa%d" % L], [st], "ldq", 14))
    s.append(Stmt("LDQ(fe%d, %s, 16);" % (L, st), ["fe%d" % L], [st], "ldq", 14))
    s.append(Stmt("ADD(abcd%d, abcd%d, fa%d);" % (L, L, L), ["abcd%d" % L], ["abcd%d" % L, "fa%d" % L], "add", 16))
    s.append(Stmt("ADD(efgh%d, efgh%d, fe%d);" % (L, L, L), ["efgh%d" % L], ["efgh%d" % L, "fe%d" % L], "add", 16))
    return s


def sha256_program():
    ks = [Stmt("LDQ(k_%d, kp, %d);" % (t, 16 * t), ["k_%d" % t], [], "ldq", t - 2) for t in range(16)]
    l0, l1 = sha256_lane(0), sha256_lane(1)
    # K just before the lanes' first use of it.
    out = []
    for x in interleave([l0, l1]):
        for k in ks:
            if k.dst[0] in x.src and k not in out:
                out.append(k)
        out.append(x)
    return POINTERS + out + stores(["abcd0", "efgh0", "abcd1", "efgh1"])


def registers(order, pinned=()):
    """A vector register for every variable, for its whole life (the C binds it there, so
    the compiler adds no copies): at each statement the inputs read for the last time
    free theirs first, then each new variable takes the register freed longest ago, the
    four of an LD1 four in a row. v8-v15 last: a function must save their low halves.
    pinned (a loop's): variables that keep one register throughout, in v8-v15 first (saved
    once a call: nothing against a loop), then from v31 down, so that the rest stays in
    runs where an LD1 of four finds consecutive registers."""
    last = {}
    for i, x in enumerate(order):
        for v in x.src + x.dst:
            last[v] = i
    pool = list(range(0, 8)) + list(range(16, 32)) + list(range(8, 16))
    where = dict(zip(pinned, list(range(8, 16)) + list(range(31, -1, -1))))
    free = {r: -1 - pool.index(r) for r in pool if r not in where.values()}  # register -> when freed (earlier first)
    for i, x in enumerate(order):
        for v in set(x.src):
            if v in where and v not in pinned and last[v] == i and v not in x.dst:
                free[where[v]] = i
        new = [v for v in x.dst if v not in where and v not in POINTER_NAMES]
        if len(new) == 4 and x.cls == "ld4":
            starts = [r for r in range(29) if all(r + j in free for j in range(4))]
            assert starts, "no four consecutive free registers for %s" % x.text
            r0 = min(starts, key=lambda r: (any(8 <= r + j < 16 for j in range(4)),
                                            max(free[r + j] for j in range(4)), pool.index(r)))
            for j, v in enumerate(new):
                where[v] = r0 + j
                del free[r0 + j]
        else:
            for v in new:
                assert free, "out of vector registers at %s" % x.text
                r = min(free, key=lambda r: (8 <= r < 16, free[r], pool.index(r)))
                where[v] = r
                del free[r]
        for v in x.dst:  # written and never read: free at once
            if last[v] == i and v in where and v not in pinned and not any(v in y.src for y in order[i + 1:]):
                free.setdefault(where[v], i)
    return where


def declarations(order, where=None):
    """The C declarations binding each variable to its register; where: registers already
    chosen (the PBKDF2 entry's loop, whose constants the body reads and never writes), else
    registers()."""
    loop = where is not None
    if not loop:
        where = registers(order)
    names = []
    for x in order:
        for v in x.src + x.dst if loop else x.dst:
            if v in where and v not in names:
                names.append(v)
    items = ['%s VREG("v%d")' % (v, where[v]) for v in names]
    lines, line = [], "    register uint32x4_t"
    for k, item in enumerate(items):
        piece = " %s%s" % (item, ";" if k == len(items) - 1 else ",")
        if len(line) + len(piece) > 96:
            lines.append(line)
            line = "        "
            piece = piece[1:]
        line += piece
    return "\n".join(lines + [line]) + "\n"


# ---- The PBKDF2-HMAC-SHA1 entry (src/arm64/sha1_pbkdf2_x2.c): the whole loop in one block ----
# Every message is the previous compression's digest after a key block, so its quads come
# from registers: W[0..3] = the abcd of the result, W[4..7] = (e, 0x80000000, 0, 0),
# W[8..11] = 0, W[12..15] = (0, 0, 0, 672). The feed-forward of a compression writes the next
# one's message and its first two W+K at once, from a per-key table (the C builds it): quads
# 0-3 of a key's table are the state's abcd, its e, 0 and (0, 0, 0, 672) (the next
# compression's start: abcd, e and the W[8..15] the schedule updates in place), quads 4-7
# its abcd, abcd + K, (e, 0x80000000, 0, 0) and that + K (the feed-forward: the message's
# W[0..3] = abcd + abcd', W[0..3] + K = abcd + (abcd' + K) and W[4..7] likewise from e, so
# the next compression's first W+K is one add after the last round, not two). W+K of
# W[8..11] is K itself (k0) and of W[12..15] a constant (c3).
# Lane 1 runs STAGGER quads ahead of lane 0: its statements of the inner compression's first
# STAGGER quads move to the end of the loop body (they belong to the next iteration there;
# the generated prologue runs them once before the loop, a speculative last copy runs
# after the last iteration and is dropped), so its compression edges fall among lane 0's
# rounds instead of on lane 0's edges.
STAGGER, PLD4, E1 = 0, "11", False


def sha1_pbkdf2_rounds(L, h, s):
    """Lane L's compression from key half h (0 inner, 1 outer), quads numbered 20h..20h+19,
    up to its last round."""
    a, hn = "a%d%s" % (L, "io"[h]), "io"[h]
    w = lambda j: "w%d%s_%d" % (L, hn, j % 4)
    e = lambda t: "e%d%s_%d" % (L, hn, t)
    wk = lambda t: "wk%d%s_%d" % (L, hn, t)
    tab, q0 = ("ti", "to")[h], 20 * h
    start = [a, e(0), w(2), w(3)]
    # The outer abcd is what an iteration hands the next (registers_loop keeps it in one
    # register through the loop), so it is not one of four new consecutive ones: LDRs.
    if PLD4[L] == "1" and h == 0:
        s.append(Stmt("LD4(%s, %s);" % (", ".join(start), tab), start, [tab], "ld4", q0 - 1))
    else:
        for j, v in enumerate(start):
            s.append(Stmt("LDQ(%s, %s, %d);" % (v, tab, 16 * j), [v], [tab], "ldq", q0 - 1))
    for t in range(20):
        # SHA1SU0 of W[4..7] with W[8..11] = 0 and W[12..15] is W[4..7] ^ (0, 0, 0, bits):
        # the feed-forward makes that at once (the table's quad 6), no SHA1SU0 at t = 5 (the
        # one at t = 4 reads only the two words the bit count does not touch).
        if t >= 4 and t != 5:
            s.append(Stmt("SU0(%s, %s, %s);" % (w(t), w(t + 1), w(t + 2)), [w(t)], [w(t), w(t + 1), w(t + 2)], "sha", q0 + t - 4))
        if t >= 4:
            s.append(Stmt("SU1(%s, %s);" % (w(t), w(t + 3)), [w(t)], [w(t), w(t + 3)], "sha", q0 + t - 3))
            s.append(Stmt("ADD(%s, %s, k%d);" % (wk(t), w(t), t // 5), [wk(t)], [w(t), "k%d" % (t // 5)], "add", q0 + t - 2))
        wkt = wk(t) if t != 2 and t != 3 else "k0" if t == 2 else "c3"
        if t == 0 and E1:  # SHA1H of the key's abcd: from the table
            s.append(Stmt("LDS(%s, %s, 128);" % (e(1), tab), [e(1)], [tab], "lds", q0 - 1))
        else:
            s.append(Stmt("HASH_E(%s, %s);" % (e(t + 1), a), [e(t + 1)], [a], "sha", q0 + t, True))
        op = "CHOOSE" if t < 5 else "MAJORITY" if 10 <= t < 15 else "PARITY"
        s.append(Stmt("%s(%s, %s, %s);" % (op, a, e(t), wkt), [a], [a, e(t), wkt], "sha", q0 + t, True))


def sha1_pbkdf2_feed_forward(L, h, s, q0):
    """The feed-forward of lane L's compression from key half h (pbkdf2_feed_forward)."""
    pbkdf2_feed_forward(L, h, s, q0, "a%d%s" % (L, "io"[h]), "e%d%s_20" % (L, "io"[h]), "LDQ(%s, %s, %d);")


def pbkdf2_feed_forward(L, h, s, q0, first, second, ldq):
    """The feed-forward of lane L's compression from key half h, straight into the next
    compression's message quads 0 and 1 and their W+K (its quads q0, q0 + 1) from the
    state's first and second quads (SHA-1: abcd and e; SHA-256: abcd and efgh, masked)
    and the table's, and after the outer one T ^= U; ldq: the C of one table load."""
    hn, nx, tab = "io"[h], "io"[1 - h], ("ti", "to")[h]
    ff = ["f%d%s_%d" % (L, hn, j) for j in range(4)]
    nw = lambda j: "w%d%s_%d" % (L, nx, j)
    nwk = lambda j: "wk%d%s_%d" % (L, nx, j)
    if PLD4[L] == "1":
        s.append(Stmt("LD4(%s, %s + 16);" % (", ".join(ff), tab), ff, [tab], "ld4", q0 - 2))
    else:
        for j, v in enumerate(ff):
            s.append(Stmt(ldq % (v, tab, 64 + 16 * j), [v], [tab], "ldq", q0 - 2))
    s.append(Stmt("ADD(%s, %s, %s);" % (nwk(0), first, ff[1]), [nwk(0)], [first, ff[1]], "add", q0))
    s.append(Stmt("ADD(%s, %s, %s);" % (nwk(1), second, ff[3]), [nwk(1)], [second, ff[3]], "add", q0))
    s.append(Stmt("ADD(%s, %s, %s);" % (nw(0), first, ff[0]), [nw(0)], [first, ff[0]], "add", q0))
    s.append(Stmt("ADD(%s, %s, %s);" % (nw(1), second, ff[2]), [nw(1)], [second, ff[2]], "add", q0))
    if h == 1:  # T ^= U: the outer compression's result
        s.append(Stmt("EOR(t%d_a, t%d_a, %s);" % (L, L, nw(0)), ["t%d_a" % L], ["t%d_a" % L, nw(0)], "add", q0 + 1))
        s.append(Stmt("EOR(t%d_e, t%d_e, %s);" % (L, L, nw(1)), ["t%d_e" % L], ["t%d_e" % L, nw(1)], "add", q0 + 1))


def pbkdf2_iteration(L, rounds, feed_forward, quads):
    """Lane L's statements of one iteration: the outer feed-forward of the iteration before
    (run once more after the loop: epi), the inner compression (quads of them), its
    feed-forward, the outer compression."""
    s = []
    feed_forward(L, 1, s, 0)
    for x in s:
        x.epi = True
    rounds(L, 0, s)
    feed_forward(L, 0, s, quads)
    rounds(L, 1, s)
    return s


def sha1_pbkdf2_lane(L):
    """One iteration of lane L from the outer feed-forward of the iteration before (so an
    iteration hands the next only the outer state's abcd and e: two registers a lane, not
    the four quads of a message and its W+K; the C starts the loop with abcd and e that
    the feed-forward turns into U_1, and the last one runs after the loop), and the
    statements lane 1 runs STAGGER quads early: (body list, the head alone)."""
    s = pbkdf2_iteration(L, sha1_pbkdf2_rounds, sha1_pbkdf2_feed_forward, 20)
    if L == 0 or STAGGER == 0:
        return s, []
    # The head: up to the round of quad STAGGER - 1 in the plain order.
    cut = max(i for i, x in enumerate(s) if x.chain and x.quad == STAGGER - 1 and not x.text.startswith("HASH_E")) + 1
    head, tail = s[:cut], s[cut:]
    # Window quads: lane 1's quad q lines up with lane 0's q - STAGGER.
    for x in tail:
        x.quad -= STAGGER
    moved = [Stmt(x.text, x.dst, x.src, x.cls, x.quad + 40 - STAGGER, x.chain) for x in head]
    return tail + moved, head


def sha1_pbkdf2_program():
    l0, _ = sha1_pbkdf2_lane(0)
    l1, head = sha1_pbkdf2_lane(1)
    return interleave([l0, l1]), head


def registers_loop(order):
    """registers() for a loop body: the variables read before written in the body (the
    loop's constants and what one iteration hands the next) keep a register through the
    whole loop; the others take one for their life within the body."""
    pinned, written = [], set()
    for x in order:
        for v in x.src:
            if v not in written and v not in pinned and v not in POINTER_NAMES:
                pinned.append(v)
        written |= set(x.dst)
    return registers(order, pinned), pinned


def check_registers(seq, where, live_in):
    """Runs seq (the prologue, then the body twice as the loop runs it) on registers:
    every read must find its variable where it was written. live_in: variables set
    before."""
    held = {where[v]: v for v in live_in}
    for x in seq:
        for v in x.src:
            if v in where:
                assert held.get(where[v]) == v, "%s reads %s from v%d, which holds %s" % (
                    x.text, v, where[v], held.get(where[v]))
        for v in x.dst:
            if v in where:
                held[where[v]] = v


def sha1_pbkdf2_text():
    return pbkdf2_text(sha1_pbkdf2_program, ["a1o", "e1o_20"], ["a0o", "e0o_20"],
                       ["k0", "k1", "k2", "k3", "c3"],
                       "".join("    LDQ(k%d, kp, %d);\n" % (i, 16 * i) for i in range(4)) + "    LDQ(c3, cp, 0);\n")


def sha256_pbkdf2_text():
    return pbkdf2_text(sha256_pbkdf2_program, ["x1o", "y1o"], ["x0o", "y0o"], ["c2", "c3", "mask"],
                       "    LDQ(c2, cp, 0);\n    LDQ(c3, cp, 16);\n    LDQ(mask, cp, 32);\n")


def pbkdf2_text(program, starts1, starts0, consts, preamble):
    """The generated block of a PBKDF2 entry: the declarations, the constants (preamble),
    T, each lane's start, lane 1's prologue, the loop, the last feed-forward, T out."""
    order, head = program()
    before = cycles(order)
    order = schedule_template(order) if TEMPLATE == 1 else schedule(order)
    after = cycles(order)
    where, pinned = registers_loop(order)
    # The prologue: lane 1's head in the body's order of it (a subsequence: its variables'
    # lives do not meet there where they do not in the body).
    texts = [x.text for x in head]
    pro = [x for x in order if x.text in texts]
    consts = consts + ["t0_a", "t0_e", "t1_a", "t1_e"]
    epi = [x for x in order if x.epi]
    # Before the loop: the constants, T and lane 1's start, the prologue, lane 0's start;
    # then the loop twice.
    check_registers(pro + [Stmt("START", starts0, [], "add", 0)] + order + order + epi, where, consts + starts1)
    body = declarations(order, where)
    body += preamble
    body += "    LOAD_T(t0_a, t0_e, t[0], u[0]);\n    LOAD_T(t1_a, t1_e, t[1], u[1]);\n"
    body += "    START(%s, u[1]);\n" % ", ".join(starts1)
    body += "".join("    %s\n" % x.text for x in pro)
    body += "    START(%s, u[0]);\n" % ", ".join(starts0)
    body += "    do {\n" + "".join("        %s\n" % x.text for x in order) + "    } while (--n != 0);\n"
    body += "".join("    %s\n" % x.text for x in epi)
    body += "    STORE_T(t0_a, t0_e, t[0]);\n    STORE_T(t1_a, t1_e, t[1]);\n"
    return body, len(order), before, after, len(pinned)


# ---- The PBKDF2-HMAC-SHA256/224 entry (src/arm64/sha256_pbkdf2_x2.c), as SHA-1's ----
# The message of every compression: W[0..3] = the abcd of the result before, W[4..7] its
# efgh (for SHA-224 with h replaced by the 0x80000000 of the padding: the AND with a mask,
# all ones for SHA-256, then the add of the table's quad whose last word is 0x80000000),
# W[8..11] and W[12..15] the rest of the padding (table quads 2 and 3, W+K of them the
# constants c2 and c3). A key's table: abcd, efgh, W[8..11], W[12..15] (a compression's
# start), abcd, abcd + K[0..3], efgh', efgh' + K[4..7] (the feed-forward's).
def sha256_pbkdf2_rounds(L, h, s):
    x, y, hn = "x%d%s" % (L, "io"[h]), "y%d%s" % (L, "io"[h]), "io"[h]
    w = lambda j: "w%d%s_%d" % (L, hn, j % 4)
    wk = lambda t: "wk%d%s_%d" % (L, hn, t)
    tab, q0 = ("ti", "to")[h], 16 * h
    start = [x, y, w(2), w(3)]
    if PLD4[L] == "1" and h == 0:
        s.append(Stmt("LD4(%s, %s);" % (", ".join(start), tab), start, [tab], "ld4", q0 - 1))
    else:
        for j, v in enumerate(start):
            s.append(Stmt("LDQ_IN(%s, %s, %d, 128);" % (v, tab, 16 * j), [v], [tab], "ldq", q0 - 1))
    for t in range(16):
        if t >= 4:
            # SHA256SU0 at t = 6 reads W[8..15] of the padding, W[8..11] + sigma0(W[9..12]),
            # and W[9..12] are 0 (for SHA-224 W[8] too): it leaves W[8..11] as they are.
            if t != 6 or not SKIP_SU0_6:
                s.append(Stmt("SU0(%s, %s);" % (w(t), w(t + 1)), [w(t)], [w(t), w(t + 1)], "sha", q0 + t - 4))
            s.append(Stmt("SU1(%s, %s, %s);" % (w(t), w(t + 2), w(t + 3)), [w(t)], [w(t), w(t + 2), w(t + 3)], "sha", q0 + t - 3))
            k = "k%s_%d" % (hn, t)  # loaded once for both lanes (sha256_pbkdf2_program)
            s.append(Stmt("ADD(%s, %s, %s);" % (wk(t), w(t), k), [wk(t)], [w(t), k], "add", q0 + t - 1))
        wkt = wk(t) if t not in (2, 3) else "c%d" % t
        c = "in%d%s_%d" % (L, hn, t)
        if t == 0 and LOAD_IN0:
            # The abcd SHA256H2 reads at quad 0 is the key's, in the table: loaded again
            # instead of copied (a load where a vector operation was).
            s.append(Stmt("LDQ_IN(%s, %s, 0, 128);" % (c, tab), [c], [tab], "ldq", q0 - 1))
        elif COPYX:
            s.append(Stmt("COPYX(%s, %s);" % (c, x), [c], [x], "sha", q0 + t))
        else:
            s.append(Stmt("COPY(%s, %s);" % (c, x), [c], [x], "mov", q0 + t))
        s.append(Stmt("H(%s, %s, %s);" % (x, y, wkt), [x], [x, y, wkt], "sha", q0 + t, True))
        s.append(Stmt("H2(%s, %s, %s);" % (y, c, wkt), [y], [y, c, wkt], "sha", q0 + t))


def sha256_pbkdf2_feed_forward(L, h, s, q0):
    """pbkdf2_feed_forward from abcd and efgh masked (SHA-224: h cleared for the padding's
    word, which the table's quads add)."""
    y, m = "y%d%s" % (L, "io"[h]), "m%d%s" % (L, "io"[h])
    s.append(Stmt("AND(%s, %s, mask);" % (m, y), [m], [y, "mask"], "add", q0 - 1))
    pbkdf2_feed_forward(L, h, s, q0, "x%d%s" % (L, "io"[h]), m, "LDQ_IN(%s, %s, %d, 128);")


def sha256_pbkdf2_program():
    lanes = [pbkdf2_iteration(L, sha256_pbkdf2_rounds, sha256_pbkdf2_feed_forward, 16) for L in range(2)]
    ks = [Stmt("LDQ_IN(k%s_%d, kp, %d, 256);" % (hn, t, 16 * t), ["k%s_%d" % (hn, t)], ["kp"], "ldq", 16 * h + t - 2)
          for h, hn in enumerate("io") for t in range(4, 16)]
    out = []
    for x in interleave(lanes):  # K just before the lanes' first use of it
        for k in ks:
            if k.dst[0] in x.src and k not in out:
                out.append(k)
        out.append(x)
    return out, []


KERNELS = {
    "src/arm64/sha1_ce_x2.c": sha1_program,
    "src/arm64/sha256_ce_x2.c": sha256_program,
    "src/arm64/sha1_pbkdf2_x2.c": sha1_pbkdf2_text,
    "src/arm64/sha256_pbkdf2_x2.c": sha256_pbkdf2_text,
}
PBKDF2_ENTRIES = ("src/arm64/sha1_pbkdf2_x2.c", "src/arm64/sha256_pbkdf2_x2.c")
# The PBKDF2 entry: REGS is what the loop leaves beside its 13 registers held through it;
# PLD4 per lane as LD4 above (lane 1's start by LDRs: with both by LD1, no four consecutive
# registers were free); E1 loads the first quad's e (SHA1H of the key's abcd) from the
# table, 4 SHA1H an iteration fewer and 4 loads more: no gain (A53 420 against 415). STAGGER
# 1-4 measured 444-458 cycles an iteration on the A53 against 415 unstaggered (llvm-mca-16,
# before the SHA1SU0 at t = 5 was dropped: 419-422 then): the feed-forward already leaves an
# edge of one add, which the list scheduler fills with the other lane's work, and a lane
# running ahead holds its state through the loop's end in registers the order then lacks.
OPTIONS["src/arm64/sha1_pbkdf2_x2.c"] = dict(WINDOW=1, REGS=18, STAGGER=0, PLD4="10", E1=False)
# SHA-256's entry: tried WINDOW 1-2, REGS 16-22, PLD4 00/10/11 against llvm-mca; these give
# the A55 its best with the A53 close behind (PLD4 "10": A53 428, A55 438 / 427). STAGGER is
# SHA-1's only. SKIP_SU0_6 drops the SHA256SU0 that leaves W[8..11] as they are (t = 6);
# LOAD_IN0 loads quad 0's abcd for SHA256H2 from the table instead of copying it (issue 22,
# session 13: 8 vector operations an iteration fewer, 4 loads more). SEED / JITTER: the seed
# whose order measured best on the A55 (llvm-mca-16) of those that make no row of the
# A53/A72/N1/N2 models worse (bench/RESULTS.md, session 13). BEGIN_GROUP models
# llvm-mca-16's A55 issuing a 128-bit vector operation first in its cycle (no load before it
# in the same cycle); COPYX makes the copies EXT #0 (4 cycles on that A55, as SHA256H: no
# cycle without a vector operation before it), WEIGHTS weighs the machines' delays: each
# measured no better there with this scheduler (RESULTS.md). TEMPLATE 1 orders by
# template_key instead (TPL_*: its variants; TPL_BACK=12 gave the A55 408 / 415 but N2/V1
# 238 against 234), TEMPLATE 2 takes template_key as the list scheduler's tie-break.
OPTIONS["src/arm64/sha256_pbkdf2_x2.c"] = dict(WINDOW=1, REGS=20, STAGGER=0, PLD4="00", BEGIN_GROUP=False, COPYX=False,
                                                 SKIP_SU0_6=True, LOAD_IN0=True, SEED=11, JITTER=6,
                                                 TEMPLATE=0, TPL_FF=0, TPL_XY=0, TPL_START=0, TPL_BACK=0, TPL_HFIRST=0, TPL_K=0)
BEGIN = "    /* ---- generated order (bench/gen_ce_x2_a64.py): begin ---- */\n"
END = "    /* ---- generated order: end ---- */\n"


def main():
    check = "--check" in sys.argv[1:]
    paths = [p for p in KERNELS if not os.environ.get("ONLY") or os.environ["ONLY"] in p]
    for n, path in enumerate(paths):
        globals().update(BEGIN_GROUP=False, COPYX=False, SKIP_SU0_6=False, LOAD_IN0=False, SEED=0, JITTER=0,
                         WEIGHTS=(1, 1, 1), TEMPLATE=0, TPL_FF=0, TPL_XY=0, TPL_START=0, TPL_BACK=0, TPL_HFIRST=0, TPL_K=0)
        globals().update(OPTIONS[path])
        if "WEIGHTS" in os.environ:
            globals()["WEIGHTS"] = tuple(int(v) for v in os.environ["WEIGHTS"].split(","))
        for name in OPTIONS[path]:  # tries: WINDOW=2 python3 bench/gen_ce_x2_a64.py
            if name in os.environ:
                v = os.environ[name]
                globals()[name] = v if isinstance(OPTIONS[path][name], str) else type(OPTIONS[path][name])(int(v))
        if path in PBKDF2_ENTRIES:
            body, count, before, after, npinned = KERNELS[path]()
            what = "a loop iteration (4 compressions)"
        else:
            prog = KERNELS[path]()
            before = cycles(prog)
            order = schedule(prog)
            assert sorted(map(id, order)) == sorted(map(id, prog))
            after = cycles(order)
            body = declarations(order) + "".join("    %s\n" % x.text for x in order if x.text)
            count, what = len(order), "a call"
        text = open(os.path.join(generated_file.ROOT, path)).read()
        a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
        print("%s: %d statements; modelled cycles %s, plain order -> ordered: %s" % (
            path, count, what, ", ".join("%s %d -> %d" % (k, before[k], after[k]) for k in MACHINES)), file=sys.stderr)
        generated_file.write_or_check(path, text[:a] + body + text[b:], "gen_ce_x2_a64.py", "ordered",
                                      check=check, last=n == len(paths) - 1)


if __name__ == "__main__":
    main()
