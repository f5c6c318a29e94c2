#!/usr/bin/env python3
"""bench/a64_order.py's ordering for AArch32 (A32/T32) blocks: the dependences of an
AArch32 listing, and order(lines) with them, on the calibrated in-order Cortex-A53 model
(bench/inorder_a53.py) alone (a64_order's llvm-mca-like machine models A64 code only).

Memory: a load or store addressed from sp, or from lr after `mov lr, sp` (lr followed
through its write-backs), touches a known range of the stack; any other one (the data, the
constants, the state) is kept in order with the other stores and loads of that kind.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a64_order  # noqa: E402
import inorder_a53 as M  # noqa: E402


def memrange(x, lr):
    """(region, first byte, end byte) an instruction's load or store touches, or None;
    lr: [lr's offset from sp, or None], advanced by a write-back through lr."""
    t = x.text
    mn = t.split()[0]
    if re.match(r"(ldm|stm|push|pop)", mn):
        return ("other", 0, 1 << 30)
    m = re.search(r"\[(sp|lr|r\d+)(?::\d+)?(?:,\s*#(-?[\d*+() -]+))?\](!?)", t)
    if not m or not re.match(r"(ldr|str|vld|vst)", mn):
        return None
    base, off = m.group(1), eval(m.group(2)) if m.group(2) else 0
    if mn.startswith("v"):
        size = 8 * len(M.reg_list(re.search(r"\{[^}]*\}", t).group(0), M.a32_regs))
    else:
        size = 8 if mn.startswith(("ldrd", "strd")) else 4
    if base == "sp":
        return ("sp", off, off + size)
    if base == "lr" and lr[0] is not None:
        lo = lr[0] + off
        if m.group(3) == "!":
            lr[0] += size
        return ("sp", lo, lo + size)
    return ("other", 0, 1 << 30)


def dependences(insns):
    """For each instruction, (earlier instruction, kind, operand role) it must follow."""
    preds = [[] for _ in insns]
    last_w, reads, mems, lr = {}, {}, [], [None]
    for i, x in enumerate(insns):
        for r, role in x.srcs:
            if r in last_w:
                preds[i].append((last_w[r], "raw", role))
        for r in x.dsts + x.wb:
            if r in last_w:
                preds[i].append((last_w[r], "waw", None))
            preds[i] += [(j, "war", None) for j in reads.get(r, []) if j != i]
        for r, _ in x.srcs:
            reads.setdefault(r, []).append(i)
        for r in x.dsts + x.wb:
            last_w[r] = i
            reads[r] = []
        mr = memrange(x, lr)  # before lr's own write
        if "r14" in x.dsts or ("r14" in x.wb and not (mr and mr[0] == "sp")):
            lr[0] = 0 if re.match(r"mov\s+lr,\s*sp$", x.text) else None
        st = x.text.split()[0].startswith(("st", "vst", "push"))
        if mr:
            for j, (mj, stj) in enumerate(mems):
                if mj and mj[0] == mr[0] and mj[1] < mr[2] and mr[1] < mj[2] and (st or stj):
                    preds[i].append((j, "mem", None))
        mems.append((mr, st))
        if x.cls == "br":
            preds[i] += [(j, "war", None) for j in range(i)]
    return preds


def order(lines, also=(), sched_lines=None, window=None, warm=True, machines=()):
    """lines (a valid sequential AArch32 block, ending in its branch) in a new order;
    sched_lines, window, warm and machines as a64_order.order's."""
    return a64_order.order(lines, sched_lines, weight_mca=0, also=also, isa="a32", deps=dependences,
                           window=window, warm=warm, machines=machines)
