#!/usr/bin/env python3
"""llvm-mca's in-order machine (its InOrderIssueStage, the Cortex-A53/A55 models), replayed
in Python one instruction at a time, so a list scheduler can ask it what an instruction
costs where it stands (bench/a64_order.py's `machines`).

The figures are llvm-mca's own: each kind of instruction's micro-ops, latency and the
resource units it holds (and for how many cycles), from `llvm-mca -instruction-info
-resource-pressure` of one instance, kept in bench/mca-inorder-tables.json (so a generator
ordering with them needs no llvm-mca and gives the same order whatever LLVM is installed).
The rules are the stage's (llvm/lib/MCA/Stages/InOrderIssueStage.cpp):
  - at most the model's dispatch width issued a cycle, in program order;
  - a source register ready `latency` cycles after its producer issued (no forwarding:
    these models give NEON none);
  - a unit held for its cycles from issue (one unit of a group, any free one);
  - an instruction the model marks BeginGroup (the A53/A55's 128-bit NEON operations, which
    take both 64-bit halves of the pipe) issues first in its cycle or waits for the next;
    llvm-mca does not print the flag, so each kind of instruction is probed: after a
    `nop`, does it issue in the same cycle?
  - results written back in program order: an instruction may not issue if its results
    would be ready before those of the instruction issued just before it (LLVM's
    LastWriteBackCycle, which holds the last issued one's, not the latest).
Memory dependences are not modelled (llvm-mca assumes none by default). On the two-lane
SHA-512 listings (bench/mca_arm32_sha512_lanes.py) it gives llvm-mca-16's and -14's
Cortex-A55 cycles exactly with q read as 128-bit, within 0.4 % (-16) and 4-6 % (-14, over:
some rule of its 64-bit forms is missing here) with q read as 2 x 64-bit.

    mca_inorder.py TOOL CPU FILE.s           # cycles a block, model and llvm-mca side by side
                                             # (a shape new to the tables is added to them)
    mca_inorder.py tables TOOL CPU FILE.s...  # the figures kept in mca-inorder-tables.json

`cycles` = (issue cycle of the block's last instruction, third run) - (second run), against
llvm-mca's (400 iterations - 200) / 200.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inorder_a53  # noqa: E402


def regs(line):
    """(registers written, registers read) of an AArch64 line: bench/inorder_a53.py's parse
    (a lane load, SLI, USRA, BSL ... read their destination; a post-index writes its base)."""
    x = inorder_a53.parse_a64(line)
    return x.dsts + x.wb, [r for r, _ in x.srcs]


def shape(line):
    """An instruction's kind, all llvm-mca's figures depend on: mnemonic, arrangements, a
    lane, a post-index."""
    mn, ops = (line.split(None, 1) + [""])[:2]
    return " ".join([mn] + re.findall(r"\.\d*[bhsd]\b|\}\s*\[\d\]|\b[dqwx](?=\d)|\],\s*#|\]!", ops))


def begins_group(tool, cpu, line):
    """Whether llvm-mca issues line only first in a cycle (probed after a nop: latency 1, the
    least, so the write-back rule never holds it)."""
    r = subprocess.run([tool, "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-iterations=1", "-timeline"],
                       input="nop\n" + line + "\n", capture_output=True, text=True, check=True)
    rows = [l for l in r.stdout.split("Timeline view:", 1)[1].splitlines() if l.startswith("[0,")]
    col = lambda l: l.index("D", 10)
    return col(rows[1]) > col(rows[0])


def probe(tool, cpu, line):
    """llvm-mca's figures for one instruction: (micro-ops, latency, [(resource, cycles)],
    BeginGroup), and the model's (dispatch width, {resource: units})."""
    r = subprocess.run([tool, "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-iterations=1",
                        "-instruction-info", "-resource-pressure", "-timeline=false"],
                       input=line + "\n", capture_output=True, text=True, check=True)
    out = r.stdout
    width = int(re.search(r"Dispatch Width:\s+(\d+)", out).group(1))
    info = out.split("Instructions:\n", 1)[1].split("\n\n", 1)[0].splitlines()[0].split()
    names = dict(re.findall(r"^\[([\d.]+)\]\s+- (\w+)$", out, re.M))
    table = out.split("Resource pressure by instruction:\n", 1)[1].splitlines()
    cols = re.findall(r"\[([\d.]+)\]", table[0])
    uses, units = {}, {}
    for c, v in zip(cols, table[1].split()[:len(cols)]):
        units[names[c]] = units.get(names[c], 0) + 1
        if v != "-":
            uses[names[c]] = uses.get(names[c], 0) + int(round(float(v)))
    return (int(info[0]), int(info[1]), sorted(uses.items()), begins_group(tool, cpu, line)), (width, units)


TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mca-inorder-tables.json")


def tables(tool, cpu, lines, path=TABLES, refresh=False):
    """Each line's (micro-ops, latency, [(resource, cycles)], BeginGroup) and the model's
    (width, units), from path (bench/mca-inorder-tables.json: what `mca_inorder.py tables`
    probed, so the generators that order with it run without llvm-mca and give the same
    order whatever LLVM is installed), or, with refresh, probed now and added to path."""
    store = json.load(open(path)) if os.path.exists(path) else {}
    key = "%s %s" % (tool, cpu)
    model = store.setdefault(key, {"shapes": {}})
    missing = sorted(set(shape(l) for l in lines) - set(model["shapes"]))
    if missing and not refresh:
        raise SystemExit("mca_inorder.py: %s has no figures for %s in %s (run `bench/mca_inorder.py tables %s %s"
                         " FILE.s`)" % (key, missing, path, tool, cpu))
    for l in lines:
        if shape(l) in missing:
            model["shapes"][shape(l)], (model["width"], model["units"]) = probe(tool, cpu, l)
            missing.remove(shape(l))
    if refresh:
        model["llvm"] = re.search(r"LLVM version ([\d.]+)", subprocess.run(
            [tool, "--version"], capture_output=True, text=True).stdout).group(1)
        with open(path, "w") as f:  # a line a shape, for diffs
            f.write("{\n%s\n}\n" % ",\n".join(
                '%s: {%s,\n  "shapes": {\n%s}}' % (json.dumps(k), ", ".join(
                    "%s: %s" % (json.dumps(a), json.dumps(b)) for a, b in sorted(v.items()) if a != "shapes"),
                    ",\n".join("   %s: %s" % (json.dumps(sh), json.dumps(f)) for sh, f in sorted(v["shapes"].items())))
                for k, v in sorted(store.items())))
    rows = [model["shapes"][shape(l)] for l in lines]
    return ([r[0] for r in rows], [r[1] for r in rows], [[tuple(u) for u in r[2]] for r in rows],
            model["units"], model["width"], [r[3] for r in rows])


class Machine:
    """The in-order stage over lines (AArch64), one instruction at a time: issue(group), a
    list of indices into lines issued in turn, -> the cycle the last of them issues (with
    commit, the machine keeps that state; without, a trial)."""

    def __init__(self, tool, cpu, lines, refresh=False):
        self.uops, self.lat, self.uses, self.units, self.width, self.begin = tables(tool, cpu, lines, refresh=refresh)
        self.rw = [regs(l) for l in lines]
        self.ready, self.busy, self.slots = {}, {}, {}
        self.t_prev, self.lastwb = 0, 0

    def _one(self, k, commit):
        dsts, srcs = self.rw[k]
        lat = self.lat[k]
        first = self.t_prev + (1 if self.slots.get(self.t_prev, 0) >= self.width else 0)
        t = first
        for r in srcs:
            t = max(t, self.ready.get(r, 0))
        t = max(t, self.lastwb - lat)
        while True:
            n = self.slots.get(t, 0)
            if n + min(self.uops[k], self.width) <= self.width and not (self.begin[k] and n):
                pick = []
                for name, c in self.uses[k]:
                    free = [u for u in range(self.units[name])
                            if all(not self.busy.get((name, u, t + d)) for d in range(c))]
                    if not free:
                        break
                    pick.append((name, free[0], c))
                else:
                    break
            t += 1
        if commit:
            self.slots[t] = self.slots.get(t, 0) + self.uops[k]
            for name, u, c in pick:
                for d in range(c):
                    self.busy[(name, u, t + d)] = True
            for r in dsts:
                self.ready[r] = t + lat
            self.t_prev, self.lastwb = t, t + lat
        return t

    def issue(self, group, commit=False):
        if not commit:  # a trial: issue on a copy of the state that matters
            saved = (self.t_prev, self.lastwb, dict(self.ready), self.slots, self.busy)
            self.slots, self.busy = _Overlay(self.slots), _Overlay(self.busy)
            try:
                for k in group:
                    t = self._one(k, True)
            finally:
                self.t_prev, self.lastwb, self.ready, self.slots, self.busy = saved
            return t
        for k in group:
            t = self._one(k, True)
        return t


class _Overlay(dict):
    """Writes kept apart from the dict beneath (a trial issue)."""

    def __init__(self, base):
        super().__init__()
        self.base = base

    def get(self, k, d=None):
        return super().get(k, self.base.get(k, d))


class Translated:
    """A Machine for a listing in another form (AArch32 read as AArch64): translate(line) ->
    the AArch64 lines of one instruction; issue(i) takes the index of a source line."""

    def __init__(self, tool, cpu, lines, translate):
        groups, a64 = [], []
        for l in lines:
            t = translate(l)
            groups.append(list(range(len(a64), len(a64) + len(t))))
            a64 += t
        self.m, self.groups = Machine(tool, cpu, a64), groups

    @property
    def t_prev(self):
        return self.m.t_prev

    def issue(self, i, commit=False):
        return self.m.issue(self.groups[i], commit) if self.groups[i] else self.m.t_prev


def cycles(tool, cpu, lines, runs=3, refresh=False):
    m = Machine(tool, cpu, lines, refresh)
    ends = []
    for _ in range(runs):
        for k in range(len(lines)):
            m._one(k, True)
        ends.append(m.t_prev)
    return ends[-1] - ends[-2]


def main():
    args = sys.argv[1:]
    if args[:1] == ["tables"]:  # add the figures of every instruction in the files
        for path in args[3:]:
            tables(args[1], args[2], [l.strip() for l in open(path) if l.strip()], refresh=True)
        return
    import mca_arm32_sha512_lanes as lanes  # its llvm-mca runner (it imports this module)
    tool, cpu, path = args
    lines = [l.strip() for l in open(path) if l.strip()]
    mca, _ = lanes.mca(tool, "aarch64-linux-gnu", cpu, "+neon", lines)
    print("model %d, llvm-mca %.1f" % (cycles(tool, cpu, lines, refresh=True), mca))


if __name__ == "__main__":
    main()
