#!/usr/bin/env python3
"""Finds the order of src/arm32/sha512_neon_x2.c's instructions and writes it to
bench/sha512_neon_x2_a32.order (issue 22), which bench/gen_sha512_neon_x2_a32.py reads.

    python3 bench/anneal_sha512_neon_x2_a32.py [--polish-only] [MOVES [FIRST_SEED]]

Needs llvm-mca-16 and -14, cc and arm-linux-gnueabihf-gcc (CC, CC32); about twenty
minutes on two cores (ten annealing, ten polishing). Deterministic for a given
MOVES, seed and llvm-mca.

Why a search: in LLVM 16's Cortex-A55 model a result is written back in program order, so
an operation of short latency (EOR 1, ADD and the shifts 2) issued behind a long one (SLI,
BSL, BIT, EXT 4; a lane load 4) waits. List schedulers (bench/a32_order.py, start_block()
here), which take the cheapest instruction at each step, leave the two-lane listing at
0.74-0.84 of two one-lane blocks there, where the pipes allow 0.60 (bench/RESULTS.md,
"AArch32 NEON SHA-512, two lanes"). From start_block()'s order, bench/anneal_order.c moves
one instruction at a time, up to 40 places, never past a dependence, and keeps a move by
the Metropolis rule on the cost:

  cycles on llvm-mca-16's Cortex-A55 (q as 128-bit)
  + 10 x the cycles over 0.69 of two one-lane blocks on llvm-mca-14's Cortex-A55 (q as
    128-bit and q as 2 x 64-bit), so that those rows stay under 0.70.

The in-order models are replayed as bench/mca_inorder.py replays them (the figures from
bench/mca-inorder-tables.json); the one-lane cycles the limits are taken from are
llvm-mca's own, of src/arm32/sha512_neon.c's block.

The Cortex-A57 (A72), the cores that run the kernel, is out-of-order: llvm-mca takes 0.2 s
an order there, too slow to score millions, and searched without it, orders as good on the
A55 measured 0.57-0.60 of two one-lane blocks on it (the start 0.547). So the search runs
in CHUNKS parts at falling temperatures, each from where the last one kept ended, and a
part's best order is kept only if llvm-mca's A57 gives it at most A57_LIMIT (or no worse
than the order kept before), else the part is run again with another seed (ATTEMPTS in
all), then left. (Also tried: an out-of-order sketch of the A57 in the search, which ranked
orders as llvm-mca does but drifted 3-7 % from it once searched against; short walks kept
one at a time when llvm-mca's A57 improved, 0.573 -> 0.564 in 100 walks.)

Then polish(): the annealing leaves the A57 slower than the order it replaced (session
14's), so the order is climbed on llvm-mca's A57 itself, a few thousand single
moves, most of them hoisting an instruction of the A57's critical path that issued later
than its operands allowed (llvm-mca's timeline says which), each kept if the A57 loses no
cycle and the in-order rows stay under LIMIT (bench/RESULTS.md, "AArch32 NEON SHA-512, two
lanes"). About ten minutes; `--polish-only` polishes the kept order without annealing anew.

llvm-mca's Cortex-A53 is not held: the A53 this project trusts is the calibrated model
(bench/inorder_a53.py), where the NEON pipe alone forbids 0.70, and held to 0.69 llvm-mca's
A53 kept the A55 from going below 0.75.
"""
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import mca_arm32_sha512_lanes as lanes  # noqa: E402
import a32_order  # noqa: E402
import a64_order  # noqa: E402
import mca_inorder  # noqa: E402

LIMIT = 0.69  # of two one-lane blocks, on the in-order rows held (the target is 0.70)
MODELS = [  # tool, cpu, q as 128-bit, weight, held to LIMIT
    ("llvm-mca-16", "cortex-a55", True, 1.0, False),
    ("llvm-mca-14", "cortex-a55", True, 0.0, True),
    ("llvm-mca-14", "cortex-a55", False, 0.0, True),
]
A57_LIMIT = 0.555  # of two one-lane blocks on llvm-mca-16's Cortex-A57 (the target is 0.60)
MOVES, SEED = 4000000, 32
CHUNKS, ATTEMPTS = 40, 3
T0, T1 = 1.0, 0.05  # the temperature, from the first chunk to the last
POLISH = [(3000, 30), (1000, 80)]  # the polish's steps (llvm-mca runs) and move distances
GUIDED = 0.7  # the share of the polish's moves that hoist a late instruction of the A57's critical path


class _Trial:
    """A bench/mca_inorder.py Machine's state, copied (its bookings as overlays) to issue
    into and try the next instruction after."""

    def __init__(self, m):
        self.__dict__.update(m.__dict__)
        self.ready = dict(m.ready)
        self.slots, self.busy = mca_inorder._Overlay(m.slots), mca_inorder._Overlay(m.busy)

    _one = mca_inorder.Machine._one
    issue = mca_inorder.Machine.issue


def start_block(beta=1.0, width=6, w14=0.5):
    """Where the search starts: the two-lane program list-scheduled on llvm-mca-16's
    Cortex-A55 (q as 128-bit) as replayed, each candidate costed by its issue delay there,
    plus beta x how far it pushes the last write-back out (what makes the instructions
    behind it wait), plus the cheapest such cost of an instruction after it (one step of
    lookahead, among the width cheapest), plus w14 x its issue delay on llvm-mca-14's A55.
    Of the list schedulers tried, the order the search did best from on the A55 with the
    A57 model kept near its best (bench/RESULTS.md)."""
    prog = lanes.program()
    P, insns = a64_order.parse(prog, "a32")
    n = len(insns)
    succ, path, need = a64_order.graph(insns, a32_order.dependences(insns), P)
    t16, t14 = (mca_inorder.Translated(tool, "cortex-a55", prog, lambda l: lanes.translate([l], True))
                for tool in ("llvm-mca-16", "llvm-mca-14"))
    m16, groups = t16.m, t16.groups

    def cost(m, group):
        before = m.lastwb
        t = m.issue(group)
        return t - m.t_prev + beta * max(0, t + m.lat[group[-1]] - before)

    done, out = [False] * n, []
    avail = [i for i in range(n) if not need[i]]
    while avail:
        ranked = sorted(((cost(m16, groups[i]) if groups[i] else 0) + w14 * (t14.issue(i) - t14.t_prev),
                         -path[i], i) for i in avail)
        best = None
        for c, p, i in ranked[:width]:
            after = 0
            if len(avail) > 1 and groups[i]:
                trial = _Trial(m16)
                trial.issue(groups[i], True)
                nxt = [j for j in avail if j != i] + [s for s, _, _ in succ[i] if not done[s] and
                                                     all(done[x] or x == i for x in need[s])]
                after = min((cost(trial, groups[j]) for j in nxt if groups[j]), default=0)
            if best is None or (c + after, p, i) < best:
                best = (c + after, p, i)
        i = best[2]
        if groups[i]:
            m16.issue(groups[i], True)
        t14.issue(i, True)
        a64_order.take(i, out, done, avail, succ, need)
    return [prog[i] for i in out]


def one_lane(tmp):
    """src/arm32/sha512_neon.c's block, compiled as bench/mca-arm32-sha512-lanes.sh does."""
    s = os.path.join(tmp, "sha512_neon.s")
    root = os.path.dirname(HERE)
    subprocess.run([os.environ.get("CC32", "arm-linux-gnueabihf-gcc"), "-O3", "-mfpu=neon", "-mfloat-abi=hard",
                    "-I" + os.path.join(root, "include"), "-I" + os.path.join(root, "src"), "-S", "-o", s,
                    os.path.join(root, "src", "arm32", "sha512_neon.c")], check=True)
    return lanes.one_lane_block(s)


def build_annealer(tmp):
    """bench/anneal_order.c compiled into tmp (CC, else cc); its path."""
    binary = os.path.join(tmp, "anneal_order")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-std=c11", "-o", binary,
                    os.path.join(HERE, "anneal_order.c"), "-lm"], check=True)
    return binary


def a57(lines):
    """Cycles of lines on llvm-mca-16's Cortex-A57 (AArch32): from 5 and 10 iterations, which
    give what 200 and 400 do on these listings, in a tenth of the time."""
    return lanes.mca("llvm-mca-16", "armv8a-linux-gnueabihf", "cortex-a57", "+neon", lines, (5, 10))[0]


def a57_block(lines):
    """Cycles of lines on llvm-mca-16's Cortex-A57: two iterations' cycles less one's, which
    on these listings is what 200 and 400 iterations give (bench/mca-arm32-sha512-lanes.sh),
    in 0.2 s."""
    return lanes.mca("llvm-mca-16", "armv8a-linux-gnueabihf", "cortex-a57", "+neon", lines, (1, 2))[0]


def late_on_critical_path(lines, deps):
    """The instructions (indices into lines) on the critical path of one block on llvm-mca-16's
    Cortex-A57, read from its timeline, that issued later than their operands were ready:
    held by a pipe an older instruction took, or dispatched late. deps: each line's
    predecessors."""
    r = subprocess.run(["llvm-mca-16", "-mtriple=armv8a-linux-gnueabihf", "-mcpu=cortex-a57", "-mattr=+neon",
                        "-iterations=1", "-timeline", "-timeline-max-cycles=0"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    rows = [l for l in r.stdout.splitlines() if l.startswith("[0,")]
    c0 = rows[0].index("D")  # the first instruction dispatches in cycle 0; a column a cycle
    issue = [min(l.find("e", c0) % len(l), l.find("E", c0)) - c0 for l in rows]
    done = [l.index("E", c0) - c0 for l in rows]
    i, late = max(range(len(lines)), key=lambda i: done[i]), []
    while True:
        if issue[i] > max([done[j] + 1 for j in deps[i]] + [0]):
            late.append(i)
        if not deps[i]:
            return late
        i = max(deps[i], key=lambda j: done[j])  # the operand it waited for last


def polish(lines, binary, model_in, limit16, seed, a57_one):
    """lines' order improved on llvm-mca-16's Cortex-A57 by hill climbing: a move takes one
    instruction up to a distance's places, never past a dependence (a share GUIDED of them
    hoists one of late_on_critical_path()'s); two moves are measured at a time (llvm-mca
    twice over); the better is kept if it gives the A57 no more cycles, and at equal cycles
    no more on llvm-mca-16's A55 (q as 128-bit), while the in-order rows stay under their
    limits (-16's A55 under limit16) as bench/anneal_order.c replays them."""
    deps = lanes.dependences(lines)
    order = list(range(len(lines)))
    rnd = random.Random(seed)
    cur_f = os.path.join(os.path.dirname(model_in), "polish")

    def inorder(o):
        """-16's A55 cycles of o, or None if a row passes its limit."""
        with open(cur_f, "w") as f:
            f.write("".join("%d\n" % i for i in o))
        out = subprocess.run([binary, model_in, cur_f + ".out", "0", "1", "1", "1", "1", cur_f],
                             check=True, capture_output=True, text=True).stdout
        cost = float(out.split("cost ")[1].split(",")[0])
        c16 = int(out.split("cycles ")[1].split()[0])
        return c16 if cost == c16 and c16 <= limit16 else None  # the cost is -16's cycles until a row's limit is passed

    def move(o, late, dist):
        pos = {i: k for k, i in enumerate(o)}
        while True:
            if late and rnd.random() < GUIDED:
                p = pos[rnd.choice(late)]
                q = p - rnd.randint(1, dist)
            else:
                p = rnd.randrange(len(o))
                q = p + rnd.randint(-dist, dist)
            if q == p or not 0 <= q < len(o):
                continue
            i = o[p]
            if (q < p and any(j in deps[i] for j in o[q:p])) or (q > p and any(i in deps[j] for j in o[p + 1:q + 1])):
                continue
            n = o[:p] + o[p + 1:]
            n.insert(q, i)
            return n

    def late_ones(o):
        pos = {i: k for k, i in enumerate(o)}
        return [o[k] for k in late_on_critical_path([lines[i] for i in o], [[pos[j] for j in deps[i]] for i in o])]

    a57 = lambda o: a57_block([lines[i] for i in o])
    cur, cur16, late = a57(order), inorder(order), late_ones(order)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for steps, dist in POLISH:
            for step in range(0, steps, 2):
                cands = []
                while len(cands) < 2:
                    n = move(order, late, dist)
                    c16 = inorder(n)
                    if c16 is not None:
                        cands.append((n, c16))
                res = list(pool.map(a57, [n for n, _ in cands]))
                k = min((0, 1), key=lambda k: (res[k], cands[k][1]))
                if (res[k], cands[k][1]) <= (cur, cur16):
                    if res[k] < cur:
                        late = late_ones(cands[k][0])
                        print("polish, distance %d, step %d: Cortex-A57 %.4f, -16's A55 %d cycles"
                              % (dist, step, res[k] / (2 * a57_one), cands[k][1]), flush=True)
                    order, cur, cur16 = cands[k][0], res[k], cands[k][1]
    return [lines[i] for i in order]


def model_input(lines, one=None):
    """bench/anneal_order.c's input (its header says the format) for lines; one: the
    one-lane block the limits are taken from (None: no limits, and no llvm-mca run)."""
    out = [str(len(lines))]
    out += [" ".join(map(str, [len(p)] + p)) for p in lanes.dependences(lines)]
    out.append(str(len(MODELS)))
    for tool, cpu, q, weight, held in MODELS:
        a64 = [lanes.translate([l], q) for l in lines]
        flat = [x for group in a64 for x in group]
        uops, lat, uses, units, width, begin = mca_inorder.tables(tool, cpu, flat)
        kinds = sorted(units)
        limit = 10 ** 9
        if held and one is not None:
            c1, _ = lanes.mca(tool, "aarch64-linux-gnu", cpu, "+neon", lanes.translate(one))
            limit = int(LIMIT * 2 * c1)
        regs = {}
        reg = lambda r: regs.setdefault(r, len(regs))
        body, k = [], 0
        for group in a64:
            body.append(str(len(group)))
            for x in group:
                dsts, srcs = mca_inorder.regs(x)
                body.append(" ".join(map(str, [lat[k], uops[k], int(begin[k]), len(srcs)] + [reg(r) for r in srcs]
                                         + [len(dsts)] + [reg(r) for r in dsts] + [len(uses[k])]
                                         + [v for name, c in uses[k] for v in (kinds.index(name), c)])))
                k += 1
        out.append("%d %d %d %d %s" % (round(1000 * weight), limit, width, len(kinds),
                                         " ".join(str(units[u]) for u in kinds)))
        out.append("%d %d" % (len(regs), len(flat)))
        out += body
    return "\n".join(out) + "\n"


def main():
    args = [a for a in sys.argv[1:] if a != "--polish-only"]
    moves = int(args[0]) if len(args) > 0 else MOVES
    seed = int(args[1]) if len(args) > 1 else SEED
    prog = lanes.program()
    with tempfile.TemporaryDirectory() as tmp:
        one = one_lane(tmp)
        a57_one = a57(one)
        binary = build_annealer(tmp)
        model_in, cur, out = (os.path.join(tmp, f) for f in ("in", "cur", "out"))
        if "--polish-only" in sys.argv:  # from the order kept, as the annealing left it
            best = lanes.kernel_block()
        else:
            best = anneal(start_block(), one, a57_one, binary, model_in, cur, out, moves, seed)
        with open(model_in, "w") as f:
            f.write(model_input(best, one))
        c1 = lanes.mca("llvm-mca-16", "aarch64-linux-gnu", "cortex-a55", "+neon", lanes.translate(one))[0]
        best = polish(best, binary, model_in, int(LIMIT * 2 * c1), seed, a57_one)
        with open(model_in, "w") as f:
            f.write(model_input(best))
        with open(cur, "w") as f:
            f.write("".join("%d\n" % i for i in range(len(best))))
        cycles = subprocess.run([binary, model_in, out, "0", "1", "1", "1", "1", cur], check=True,
                                capture_output=True, text=True).stdout.split("cycles ")[1].split()
    lanes.check(best)  # exits unless both lanes compute the reference's compression
    order = lanes.indices(best, prog)
    with open(lanes.ORDER, "w") as f:
        f.write("# src/arm32/sha512_neon_x2.c's order: program indices of bench/mca_arm32_sha512_lanes.py's\n"
                "# two-lane listing. Written by `bench/anneal_sha512_neon_x2_a32.py %d %d`: cycles %s\n"
                "# (on %s); llvm-mca-16's Cortex-A57 %.4f\n" % (
                    moves, seed, " ".join(cycles),
                    ", ".join("%s %s %s" % (t, c, "q" if q else "d") for t, c, q, _, _ in MODELS),
                    a57_block(best) / (2 * a57_one)))
        f.write("".join("%d\n" % i for i in order))


def anneal(start, one, a57_one, binary, model_in, cur, out, moves, seed):
    """start's order annealed on the in-order models, in CHUNKS parts held on the A57."""
    lanes.check(start)
    with open(model_in, "w") as f:
        f.write(model_input(start, one))
    with open(cur, "w") as f:
        f.write("".join("%d\n" % i for i in range(len(start))))
    ratio = a57(start) / (2 * a57_one)
    t = lambda k: T0 * (T1 / T0) ** (k / CHUNKS)
    for k in range(CHUNKS):
        kept = True
        for attempt in range(ATTEMPTS):
            r = subprocess.run([binary, model_in, out, str(moves // CHUNKS), "40", repr(t(k)), repr(t(k + 1)),
                                str(seed * 1000 + k * 10 + attempt), cur],
                               check=True, capture_output=True, text=True)
            a = a57([start[int(l)] for l in open(out)]) / (2 * a57_one)
            if a <= max(A57_LIMIT, ratio):  # the A57 within the limit, or no worse than before
                os.replace(out, cur)
                ratio, found, kept = a, r.stdout.strip(), False
                break
        print("chunk %d: %s, Cortex-A57 %.3f" % (k, "none taken" if kept else found, ratio), flush=True)
    return [start[int(l)] for l in open(cur)]


if __name__ == "__main__":
    main()
