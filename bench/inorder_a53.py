#!/usr/bin/env python3
"""Cycles of a straight-line instruction listing on an in-order, dual-issue Cortex-A53.

    inorder_a53.py [--isa auto|a64|a32] [--params k=v,...] [--trace N] LISTING.s [...]

LISTING: one block of executed instructions, one a line, as llvm-mc / llvm-objdump print
them (bench/blocktrace.py writes such listings from a qemu trace); labels, directives and
comments are skipped, branches are just instructions (the trace is the path taken). Prints
the steady-state cycles a block: the listing is run 8 and 16 times back to back (the next
block's first instructions may issue beside this block's last) and (c16 - c8) / 8 is the
figure, with the instructions and instructions a cycle.

The rules are those of the Cortex-A53 pipeline description ARM contributed to GCC
(gcc/config/arm/cortex-a53.md, its 2013-2020 version: issue slots, units, latencies and
bypasses between instruction classes), with the entries OpenSSL's published Cortex-A53
figures contradict changed (bench/RESULTS.md, "In-order Cortex-A53 model", has the
figures and what each change does):

- Issue in program order, at most two instructions a cycle, an instruction never before
  the one ahead of it; the second of a pair needs a free slot and free units. One
  load/store address a cycle, one load, one store, one branch, one multiply, one
  register-shifted ALU op; NEON: two 64-bit ALU halves (a 128-bit operation takes both).
- Slot rules: LDP/LDRD/LDM and NEON loads of 128 bits or more issue alone and hold slot 0
  and the load pipe the next cycle too; a 128-bit NEON operation issues only first in a
  pair or alone; NEON stores of 128 bits or more hold slot 0 the next cycle.
- Latencies, issue to issue, by producer class and how the consumer reads the operand
  ("n": a plain ALU operand; "s": read early: the shifted operand of a shifted-operand op,
  any input of a shift, rotate or bitfield op; "a": an address; "d": store data; "v": a
  NEON operand): PARAMS below.
- Changed from GCC's description: a shifted-operand op's, ROR/EXTR's, bitfield op's and
  REV's result reaches a plain operand after 2 cycles (GCC: 1), a load's after 3 (GCC: 2);
  NEON arithmetic 2 cycles (GCC: 4); GCC's "ROR/EXTR only second in a pair" dropped.
  `--params gcc` runs GCC's own values, `--params gccfwd` only its 1- and 2-cycle
  forwarding (the two first changes undone).
--params k=v,... overrides entries; --trace N prints the issue cycle of the first N, and
for each that issues later than the one before it what held it (an operand, or a slot or
unit).
"""
import argparse
import re
import sys

# producer class -> {consumer role: cycles}; "*" the default (the reservation's latency)
PARAMS = {
    "shift.n": 0, "shift.s": 1, "shift.a": 2, "shift.d": 0, "shift.*": 2,   # LSL/LSR/ASR #imm, MOV imm, ADR
    "alu.n": 1, "alu.s": 2, "alu.a": 3, "alu.d": 0, "alu.*": 3,             # plain ALU, MOV reg, CSEL, CLZ
    "alus.n": 2, "alus.s": 2, "alus.a": 3, "alus.d": 0, "alus.*": 3,        # shifted operand, ROR/EXTR, BFM/UBFX, extend, REV
    "ld.n": 3, "ld.s": 3, "ld.a": 3, "ld.d": 1, "ld.*": 4,                  # LDR
    "ld2.n": 3, "ld2.s": 4, "ld2.a": 4, "ld2.d": 1, "ld2.*": 4,             # LDP, LDRD, LDM
    "mul.n": 2, "mul.s": 3, "mul.d": 1, "mul.*": 4,
    "wb.*": 1,                                                                # written-back base register
    "simd.*": 2, "fld64.*": 3, "fldmany.*": 4, "f2r.*": 5, "r2f.*": 4, "r2f.v": 4,
    "st.*": 1, "br.*": 1,
    "extr.slot1": 0,   # GCC: ROR/EXTR #imm only second in a pair or alone; refuted, see RESULTS.md
    "simdq.fpalu": 2,  # 64-bit ALU halves a 128-bit NEON operation takes (of 2)
    "rev.alus": 1,     # REV/RBIT in the shifted-operand class (GCC: plain ALU)
}
PRESETS = {
    "gcc": {"alus.n": 1, "ld.n": 2, "simd.*": 4, "extr.slot1": 1, "rev.alus": 0},
    "gccfwd": {"alus.n": 1, "ld.n": 2, "rev.alus": 0},
}

COND = ("eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al")


def split_ops(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


# ---- registers -----------------------------------------------------------------------

def a64_reg(tok):
    tok = tok.strip()
    m = re.match(r"^[xw](\d+)$", tok)
    if m:
        return "x" + m.group(1)
    if tok in ("sp", "wsp"):
        return "sp"
    if tok in ("xzr", "wzr"):
        return None
    m = re.match(r"^v(\d+)(\.|$)", tok) or re.match(r"^[qdsbh](\d+)$", tok)
    if m:
        return "v" + m.group(1)
    return None


def a32_regs(tok):
    """The architectural registers a token names (q registers as their two d halves)."""
    tok = tok.strip().rstrip("!")
    alias = {"sp": "r13", "lr": "r14", "pc": "r15", "ip": "r12", "fp": "r11", "sb": "r9", "sl": "r10"}
    tok = alias.get(tok, tok)
    m = re.match(r"^r(\d+)$", tok)
    if m:
        return ["r" + m.group(1)]
    m = re.match(r"^q(\d+)$", tok)
    if m:
        n = int(m.group(1))
        return ["d%d" % (2 * n), "d%d" % (2 * n + 1)]
    m = re.match(r"^d(\d+)(\[\d*\])?$", tok)
    if m:
        return ["d" + m.group(1)]
    m = re.match(r"^s(\d+)$", tok)
    if m:
        return ["d%d" % (int(m.group(1)) // 2)]
    return []


def reg_list(tok, one):
    """{a, b}, {a-b} register lists."""
    body = tok.strip()[1:-1]
    regs = []
    for part in body.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-")
            m1 = re.match(r"^([a-z]+)(\d+)", lo.strip())
            m2 = re.match(r"^([a-z]+)(\d+)", hi.strip())
            suffix = lo.strip()[len(m1.group(0)):]
            for n in range(int(m1.group(2)), int(m2.group(2)) + 1):
                regs += one("%s%d%s" % (m1.group(1), n, suffix))
        else:
            regs += one(part)
    return regs


# ---- instruction classes ---------------------------------------------------------------

class Insn:
    __slots__ = ("text", "mn", "cls", "dsts", "srcs", "wb", "single", "neon_q", "ls_cycles", "hazard")

    def __init__(self, text):
        self.text = text
        self.dsts = []      # registers written by the instruction's result
        self.srcs = []      # (register, role): n plain, s shifted/extended, a address, d store data
        self.wb = []        # base registers written back (post/pre-index)
        self.single = False
        self.neon_q = False
        self.ls_cycles = 1
        self.hazard = False


SHIFT_TOK = re.compile(r"^(lsl|lsr|asr|ror|rrx|[us]xt[bhwx])\b")


def mem_regs(tok, regs_of):
    inner = tok.strip()
    wb = inner.endswith("!")
    inner = inner.rstrip("!").strip()[1:-1]
    parts = split_ops(inner)
    regs = []
    for p in parts:
        p = re.sub(r":\d+$", "", p.strip())  # a32 alignment hints [r1:128]
        regs += regs_of(p)
    base = regs_of(re.sub(r":\d+$", "", parts[0].strip())) if parts else []
    return regs, base, wb


def parse_a64(line):
    f = line.split(None, 1)
    mn = f[0].lower()
    ops = split_ops(f[1]) if len(f) > 1 else []
    x = Insn(line)
    x.mn = mn
    one = lambda t: [r for r in [a64_reg(t)] if r]
    is_neon = any(re.match(r"^(v\d+\.|[qdsbh]\d+$|\{v)", o.strip()) for o in ops)
    mem_i = next((i for i, o in enumerate(ops) if o.startswith("[")), None)
    if mn.startswith(("ld", "st")) and mem_i is not None and not mn.startswith(("ldadd", "stadd")):
        addr, base, wb = mem_regs(ops[mem_i], one)
        post = mem_i + 1 < len(ops)
        if wb or post:
            x.wb = base
            if post:
                addr += one(ops[mem_i + 1])
        data = []
        for o in ops[:mem_i]:
            data += reg_list(o, one) if o.startswith("{") else one(o)
        x.srcs += [(r, "a") for r in addr]
        nregs = len(data)
        if mn.startswith("ld"):
            x.dsts = data
            x.cls = "ldq" if is_neon and any(o.startswith("q") or ".16b" in o or ".4s" in o or ".2d" in o or ".8h" in o for o in ops[:mem_i]) else ("ldd" if is_neon else "ld")
            if is_neon and mn.startswith("ld1") and re.search(r"\[\d+\]", ",".join(ops[:mem_i])):
                x.srcs += [(r, "n") for r in data]  # lane load merges
        else:
            x.cls = "st"
            x.srcs += [(r, "d") for r in data]
        if mn in ("ldp", "stp", "ldnp", "stnp", "ldpsw") and not is_neon:
            x.single = True
        if nregs >= 3 and is_neon:
            x.single = True
            x.ls_cycles = (nregs + 1) // 2
        elif nregs == 2 and is_neon:
            x.ls_cycles = 2
        return x
    if mn in ("b", "bl", "br", "blr", "ret") or mn.startswith("b.") or mn in ("cbz", "cbnz", "tbz", "tbnz"):
        x.cls = "br"
        if mn in ("cbz", "cbnz", "tbz", "tbnz", "br", "blr"):
            x.srcs += [(r, "n") for r in one(ops[0])]
        if mn.startswith("b."):
            x.srcs.append(("nzcv", "n"))
        if mn == "ret":
            x.srcs.append(("x30", "n"))
        return x
    if mn in ("nop", "hint", "prfm", "isb", "dmb", "dsb", "paciasp", "autiasp", "bti"):
        x.cls = "alu"
        return x
    # data processing
    dst_ops, src_ops = ops[:1], ops[1:]
    if mn in ("cmp", "cmn", "tst", "fcmp", "ccmp", "ccmn"):
        dst_ops, src_ops = [], ops
    reads_dst = mn in ("movk", "bfi", "bfxil", "bfm", "sli", "sri", "mla", "mls", "fmla", "fmls",
                       "bsl", "bit", "bif", "sha1c", "sha1p", "sha1m", "sha256h", "sha256h2",
                       "sha256su0", "sha256su1", "sha1su0", "sha1su1", "sha512h", "sha512h2",
                       "sha512su0", "sha512su1", "usra", "ssra", "ins")
    if mn == "mov" and ops and re.search(r"\.[bhsd]\[\d+\]$", ops[0]):
        reads_dst = True  # lane insert
    for o in dst_ops:
        x.dsts += one(o)
    if reads_dst:
        x.srcs += [(r, "n") for r in x.dsts]
    for i, o in enumerate(src_ops):
        if SHIFT_TOK.match(o) or o.startswith("#"):
            continue
        role = "s" if i + 1 < len(src_ops) and SHIFT_TOK.match(src_ops[i + 1]) and not is_neon else "n"
        x.srcs += [(r, role) for r in one(o)]
    if mn in ("cmp", "cmn", "tst", "ccmp", "ccmn", "fcmp") or (mn.endswith("s") and mn[:-1] in (
            "add", "sub", "and", "bic", "adc", "sbc", "neg", "ngc")):
        x.dsts.append("nzcv")
    if mn in ("csel", "csinc", "csinv", "csneg", "cset", "csetm", "cinc", "cinv", "cneg", "adc", "adcs",
              "sbc", "sbcs", "ccmp", "ccmn", "fcsel"):
        x.srcs.append(("nzcv", "n"))
    if mn in ("mul", "madd", "msub", "smull", "umull", "umulh", "smulh", "mneg", "smaddl", "umaddl") and not is_neon:
        x.cls = "mul"
        x.single = True
        return x
    gpr_dst = any(d.startswith("x") for d in x.dsts)
    simd_src = any(r.startswith("v") for r, _ in x.srcs)
    if is_neon:
        if gpr_dst:
            x.cls = "f2r"
        elif not simd_src and any(r.startswith("x") for r, _ in x.srcs):
            x.cls = "r2f"
        else:
            x.cls = "simd"
            x.neon_q = bool(re.search(r"\.(16b|8h|4s|2d)\b", f[1] if len(f) > 1 else "")) or \
                bool(re.match(r"^q\d+$", ops[0] if ops else ""))
        return x
    x.cls = "alu"
    return x


A64_SHIFT = ("lsl", "lsr", "asr", "mov", "movz", "movk", "movn", "adr", "adrp")
A64_BITFIELD = ("ubfx", "sbfx", "ubfiz", "sbfiz", "bfi", "bfxil", "bfm", "ubfm", "sbfm", "uxtb", "uxth",
                "sxtb", "sxth", "sxtw", "uxtw", "bfc")
A32_SHIFT = ("lsl", "lsr", "asr", "ror", "rrx", "mov", "mvn", "movw", "movt", "adr")


def classify(x, isa, P):
    """GCC's cortex-a53.md class of a parsed instruction, and the early-read roles."""
    mn = x.mn.lower()
    shifted = any(role == "s" for _, role in x.srcs)
    imm = "#" in x.text
    if x.cls == "ld":
        x.cls = "ld2" if x.single else "ld"
    elif x.cls in ("ldq", "ldd"):
        x.cls = "fldmany" if x.cls == "ldq" or x.ls_cycles > 1 else "fld64"
        x.single = x.cls == "fldmany"
    elif x.cls == "st":
        many = sum(1 for _, r in x.srcs if r == "d")
        vec = any(reg.startswith(("v", "d")) for reg, r in x.srcs if r == "d")
        x.cls = "stmany" if (vec and (x.neon_q or many >= 2 or ".16b" in x.text or "q" in x.text.split()[1][:2]))                 or (isa == "a32" and many > 2) else "st"
        x.single = False
    elif x.cls in ("alu", "alux"):
        reg_shift = isa == "a32" and re.search(r"\b(lsl|lsr|asr|ror)\s+(r\d+|lr|ip)\b", x.text)
        if isa == "a64":
            if mn in ("ror", "extr") and imm:
                x.cls = "extr"
            elif mn in A64_SHIFT and not shifted and (imm or mn.startswith(("adr", "movz", "movk", "movn"))):
                x.cls = "shift"
            elif shifted or mn in A64_BITFIELD or (P["rev.alus"] and mn.startswith(("rev", "rbit"))):
                x.cls = "alus"
            else:
                x.cls = "alu"
        else:
            if mn.rstrip("s") in A32_SHIFT and (imm or shifted or reg_shift or mn.rstrip("s") in ("lsl", "lsr", "asr", "ror")):
                x.cls = "shift"
            elif shifted or mn.startswith(("ubfx", "sbfx", "bfi", "bfc", "uxt", "sxt")) or (
                    P["rev.alus"] and mn.startswith(("rev", "rbit"))):
                x.cls = "alus"
            else:
                x.cls = "alu"
        x.hazard = bool(reg_shift)
    elif x.cls == "simd" and x.neon_q:
        x.cls = "simdq"
    # shifts, rotates and bitfield moves read every input early (GCC: consumers
    # cortex_a53_shift*, cortex_a53_alu_extr); shifted-operand ops only the shifted one
    if x.cls in ("shift", "extr"):
        x.srcs = [(r, "s" if role == "n" else role) for r, role in x.srcs]
    if x.cls in ("simd", "simdq", "f2r", "fld64", "fldmany"):
        x.srcs = [(r, "v" if role == "n" else role) for r, role in x.srcs]
    if x.cls == "r2f":
        x.srcs = [(r, "d" if role == "n" else role) for r, role in x.srcs]
    if x.cls in ("st", "stmany"):
        x.srcs = [(r, "v" if role == "d" and r[0] in "vd" and r != "d" else role) for r, role in x.srcs]
    return x


def strip_a32(mn):
    """Base mnemonic of an A32/T32 instruction: no .w/.n, no condition, no data type."""
    mn = mn.lower()
    mn = re.sub(r"\.(w|n)$", "", mn)
    cond = False
    if mn.startswith("v"):
        base = mn.split(".")[0]
        m = re.match(r"^(v[a-z0-9]+?)(%s)?$" % COND, base)
        return base, False
    m = re.match(r"^(it[te]{0,3})$", mn)
    if m:
        return "it", False
    for stem in ("ldrd", "strd", "ldrb", "strb", "ldrh", "strh", "ldrsb", "ldrsh", "ldr", "str", "ldm", "stm",
                 "push", "pop", "mov", "mvn", "add", "adc", "sub", "sbc", "rsb", "and", "orr", "orn", "eor",
                 "bic", "cmp", "cmn", "tst", "teq", "lsl", "lsr", "asr", "ror", "rev16", "rev", "mul", "mla",
                 "umull", "uxt", "sxt", "ubfx", "bfi", "adr", "bx", "bl", "b", "cbz", "cbnz", "nop", "movw",
                 "movt", "ldmia", "stmia", "stmdb", "ldmdb", "clz", "bfc"):
        m = re.match(r"^(%s)(ia|db|ib|da|fd|ea)?(s)?(%s)?(s)?(ia|db)?$" % (stem, COND), mn)
        if m:
            cond = bool(m.group(4))
            s = m.group(3) or m.group(5)
            return m.group(1) + ("s" if s and stem not in ("cmp", "cmn", "tst", "teq") else ""), cond
    return mn, False


def parse_a32(line):
    f = line.split(None, 1)
    mn, cond = strip_a32(f[0])
    ops = split_ops(f[1]) if len(f) > 1 else []
    x = Insn(line)
    x.mn = mn
    one = a32_regs
    is_neon = mn.startswith("v")
    if cond:
        x.srcs.append(("cpsr", "n"))
    if mn in ("ldm", "ldmia", "ldmdb", "stm", "stmia", "stmdb", "push", "pop"):
        if mn in ("push", "pop"):
            base, lst, wb = ["r13"], ops[0], True
        else:
            base, lst, wb = one(ops[0]), ops[1], ops[0].endswith("!")
        regs = reg_list(lst, one)
        x.srcs += [(r, "a") for r in base]
        if wb:
            x.wb = base
        if mn.startswith(("ld", "pop")):
            x.cls = "ld"
            x.dsts = regs
        else:
            x.cls = "st"
            x.srcs += [(r, "d") for r in regs]
        x.single = len(regs) > 1
        x.ls_cycles = max(1, (len(regs) + 1) // 2)
        return x
    mem_i = next((i for i, o in enumerate(ops) if o.startswith("[")), None)
    if mem_i is not None and (mn.startswith(("ldr", "str", "vld", "vst")) or mn in ("pld",)):
        addr, base, wb = mem_regs(ops[mem_i], one)
        post = mem_i + 1 < len(ops)
        if wb or post:
            x.wb = base
            if post:
                addr += one(ops[mem_i + 1])
        data = []
        for o in ops[:mem_i]:
            data += reg_list(o, one) if o.startswith("{") else one(o)
        x.srcs += [(r, "a") for r in addr]
        if mn.startswith(("ldr", "vld")):
            x.dsts = data
            if is_neon:
                x.cls = "ldq" if len(data) >= 2 else "ldd"
                if re.search(r"\[\d*\]", ",".join(ops[:mem_i])):
                    x.srcs += [(r, "n") for r in data]
            else:
                x.cls = "ld"
        else:
            x.cls = "st"
            x.srcs += [(r, "d") for r in data]
        if mn in ("ldrd", "strd"):
            x.single = True
        if is_neon and len(data) > 2:
            x.single = True
        x.ls_cycles = max(1, (len(data) + 1) // 2) if is_neon else 1
        return x
    if mn in ("b", "bl", "bx", "cbz", "cbnz", "blx"):
        x.cls = "br"
        if mn in ("cbz", "cbnz", "bx", "blx"):
            x.srcs += [(r, "n") for r in one(ops[0])]
        return x
    if mn in ("it", "nop"):
        x.cls = "alu"
        if mn == "it":
            x.srcs.append(("cpsr", "n"))
        return x
    if mn.startswith("ldr") and mem_i is None:  # literal loads: ldr r0, [pc, #n] printed as label
        x.cls = "ld"
        x.dsts = one(ops[0])
        return x
    dst_ops, src_ops = ops[:1], ops[1:]
    if mn in ("cmp", "cmn", "tst", "teq"):
        dst_ops, src_ops = [], ops
    if mn in ("umull", "smull", "umlal", "smlal", "vmov") and len(ops) >= 2 and not is_neon:
        pass
    if is_neon and mn == "vmov" and len(ops) == 3 and all(one(o) and one(o)[0].startswith("r") for o in ops[:2]):
        dst_ops, src_ops = ops[:2], ops[2:]   # vmov rX, rY, dZ
    for o in dst_ops:
        x.dsts += one(o)
    plain = [o for o in src_ops if not (SHIFT_TOK.match(o) or o.startswith("#"))]
    if not is_neon and len(plain) == 1 and len(src_ops) == 1 and mn.rstrip("s") in (
            "add", "adc", "sub", "sbc", "and", "orr", "eor", "bic", "orn", "lsl", "lsr", "asr", "ror", "mul"):
        x.srcs += [(r, "n") for r in x.dsts]  # two-operand Thumb form: rd = rd OP rm
    if mn in ("movt", "bfi", "bfc", "mla", "vsli", "vsri", "vbsl", "vbit", "vbif", "vmla", "vsra", "vtrn",
              "vzip", "vuzp", "vswp") or (is_neon and mn == "vmov" and re.search(r"\[\d\]$", ops[0])):
        x.srcs += [(r, "n") for r in x.dsts]
    if mn in ("vtrn", "vzip", "vuzp", "vswp"):
        for o in src_ops:
            x.dsts += one(o)
    for i, o in enumerate(src_ops):
        if SHIFT_TOK.match(o) or o.startswith("#"):
            m = re.match(r"^(lsl|lsr|asr|ror)\s+(r\d+|lr|ip|sp)$", o)
            if m:  # register-controlled shift
                x.srcs += [(r, "s") for r in one(m.group(2))]
            continue
        role = "s" if i + 1 < len(src_ops) and SHIFT_TOK.match(src_ops[i + 1]) and not is_neon else "n"
        x.srcs += [(r, role) for r in one(o)]
    if mn.endswith("s") and mn[:-1] in ("add", "sub", "and", "orr", "eor", "bic", "mov", "adc", "sbc", "rsb",
                                        "lsl", "lsr", "asr", "ror", "mvn") or mn in ("cmp", "cmn", "tst", "teq"):
        x.dsts.append("cpsr")
    if mn in ("adc", "adcs", "sbc", "sbcs"):
        x.srcs.append(("cpsr", "n"))
    if mn in ("mul", "mla", "umull", "smull", "umlal"):
        x.cls = "mul"
        x.single = True
        return x
    if is_neon:
        gpr_dst = any(d.startswith("r") for d in x.dsts)
        simd_src = any(r.startswith("d") for r, _ in x.srcs)
        if gpr_dst:
            x.cls = "f2r"
        elif not simd_src:
            x.cls = "r2f"
        else:
            x.cls = "simd"
            x.neon_q = any(o.strip().startswith("q") for o in ops)
        return x
    x.cls = "alu"
    return x


PRODUCER = {"extr": "alus", "simdq": "simd", "st": "wb", "stmany": "wb", "fldmany": "fldmany"}


def latency(prod, role, P):
    prod = PRODUCER.get(prod, prod)
    v = P.get(prod + "." + role)
    return P.get(prod + ".*", 1) if v is None else v


def parse_listing(path, isa, P):
    insns = []
    for raw in open(path):
        line = re.sub(r"\s*(//|@|;).*$", "", raw).strip()
        if not line or line.endswith(":") or line.startswith("."):
            continue
        insns.append(classify(parse_a64(line) if isa == "a64" else parse_a32(line), isa, P))
    return insns


def held_slot0(t, n):
    """Slot 0 (one of the two issue slots) held in the n - 1 cycles after t."""
    return [(t + k, u, 1) for k in range(1, n) for u in ("slot0", "slots")]


def uses(x, t):
    """(cycle, unit, amount) a instruction issued at cycle t takes, beyond its issue slot."""
    c = x.cls
    u = []
    if c in ("ld", "fld64"):
        u += [(t, "agen", 1), (t + 1, "load", 1)]
    elif c in ("ld2", "fldmany"):
        n = max(2, x.ls_cycles)
        u += [(t, "agen", 1)] + [(t + k, "load", 1) for k in range(1, n + 1)] + held_slot0(t, n)
    elif c == "st":
        u += [(t, "agen", 1), (t + 1, "store", 1)]
    elif c == "stmany":
        n = max(2, x.ls_cycles)
        u += [(t, "agen", 1)] + [(t + k, "store", 1) for k in range(1, n + 1)] + held_slot0(t, n)
    elif c == "br":
        u.append((t, "branch", 1))
    elif c == "mul":
        u.append((t, "imul", 1))
    elif c in ("simd", "f2r", "r2f"):
        u.append((t + 1, "fpalu", 1))
    elif c == "simdq":
        u.append((t + 1, "fpalu", P_Q[0]))  # set from P["simdq.fpalu"] by simulate
    if x.hazard:
        u.append((t, "hazard", 1))
    return u


P_Q = [2]
LIMIT = {"agen": 1, "load": 1, "store": 1, "branch": 1, "imul": 1, "hazard": 1, "fpalu": 2, "slot0": 1, "slots": 2}


def simulate(insns, reps, P, trace=0):
    P_Q[0] = P["simdq.fpalu"]
    ready = {}      # register -> (issue cycle of its producer, producer class)
    res = {}        # (cycle, unit) -> amount taken; "slots": issue slots, "slot0": slot 0
    t_prev = 0
    last = 0
    for rep in range(reps):
        for k, x in enumerate(insns):
            t = t_prev
            why = ""
            for r, role in x.srcs:
                if r in ready:
                    c, cls = ready[r]
                    if c + latency(cls, role, P) > t:
                        t = c + latency(cls, role, P)
                        why = "waits for %s (%s, %s operand, %d)" % (r, cls, role, latency(cls, role, P))
            t_ready = t
            held = ""
            while True:
                n = res.get((t, "slots"), 0)
                s0 = res.get((t, "slot0"), 0)
                extr = x.cls == "extr" and P["extr.slot1"]
                if x.single or (extr and n == 0):
                    ok, take = n == 0, [(t, "slots", 2), (t, "slot0", 1)]
                elif extr:  # second in the pair
                    ok, take = n == 1, [(t, "slots", 1)]
                elif x.cls == "simdq":  # slot 0 only
                    ok, take = s0 == 0, [(t, "slots", 1), (t, "slot0", 1)]
                else:
                    ok, take = n < 2, [(t, "slots", 1)] + ([] if s0 else [(t, "slot0", 1)])
                if ok:
                    more = uses(x, t)
                    busy = [u for c, u, a in more if res.get((c, u), 0) + a > LIMIT[u]]
                    if not busy:
                        break
                    held = held or "%s busy" % busy[0]
                else:
                    held = held or ("both slots taken" if n == 2 else "issues alone" if x.single else
                                    "slot 0 only" if x.cls == "simdq" else "slot 1 only" if extr else "slot taken")
                t += 1
            for c, u, a in take + uses(x, t):
                res[(c, u)] = res.get((c, u), 0) + a
            for r in x.dsts:
                ready[r] = (t, x.cls)
            for r in x.wb:
                ready[r] = (t, "wb")
            if rep == 0 and k < trace:
                if t > t_ready and (held != "both slots taken" or t > t_ready + 1):
                    why = held + (" (+%d)" % (t - t_ready))
                elif t == t_prev or t > t_ready:
                    why = ""
                print("%5d  %-7s %-40s %s" % (t, x.cls, x.text, why))
            t_prev = t
            last = t
    return last + 1


def cycles_per_block(insns, P=None, lo=8, hi=16):
    P = P or PARAMS
    return (simulate(insns, hi, P) - simulate(insns, lo, P)) / (hi - lo)


def guess_isa(path):
    """a64 when the listing names more x/w registers than r ones, else a32."""
    text = open(path).read()
    a64 = len(re.findall(r"\b[xw]([12]?\d|3[01])\b", text))
    a32 = len(re.findall(r"\b(r\d{1,2}|lr|ip)\b", text))
    return "a64" if a64 >= a32 else "a32"


def params(spec):
    """PARAMS with a --params string's presets and k=v entries applied."""
    P = dict(PARAMS)
    for kv in filter(None, spec.split(",")):
        if kv in PRESETS:
            P.update(PRESETS[kv])
            continue
        k, v = kv.split("=")
        if k not in P:
            sys.exit("unknown parameter %s (have: %s, %s)" % (k, ", ".join(PRESETS), ", ".join(P)))
        P[k] = int(v)
    return P


def model(path, isa, spec=""):
    """Cycles a block of the listing at path under PARAMS changed by spec."""
    P = params(spec)
    return cycles_per_block(parse_listing(path, isa, P), P)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--isa", choices=["auto", "a64", "a32"], default="auto")
    ap.add_argument("--params", default="")
    ap.add_argument("--trace", type=int, default=0)
    ap.add_argument("listing", nargs="+")
    a = ap.parse_args()
    P = params(a.params)
    for path in a.listing:
        isa = guess_isa(path) if a.isa == "auto" else a.isa
        insns = parse_listing(path, isa, P)
        if a.trace:
            simulate(insns, 1, P, a.trace)
        c = cycles_per_block(insns, P)
        print("%s: %.1f cycles a block, %d instructions, %.2f a cycle" % (path, c, len(insns), len(insns) / c))


if __name__ == "__main__":
    main()
