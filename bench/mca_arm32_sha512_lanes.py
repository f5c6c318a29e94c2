#!/usr/bin/env python3
"""A two-lane SHA-512 block on 32-bit ARM NEON, measured, not built (issue 22).

    mca_arm32_sha512_lanes.py ONE_LANE.s DIR MCA...

ONE_LANE.s: src/arm32/sha512_neon.c compiled for armhf as src/meson.build compiles it.
Writes into DIR the listings it measures and prints a markdown table.

One lane: the block GCC's compile of src/arm32/sha512_neon.c executes, cut from the
listing: from its block label `1:` to its `bne 1b`, the sixteen-round loop (`2:` ... `bne 2b`)
written out the four times it runs. Its state stays in d16-d23 from block to block.

Two lanes: written here, in the one-lane kernel's program (bench/gen_sha512_neon_a32.py's
round: K + W + g made a round ahead, g overwritten by Ch and then T1, h by Sigma0) with
every operation on q registers, lane A in the low d half, lane B in the high, but for two
forms chosen for the A57's two NEON pipes, where every shift goes to F1 alone: Sigma1's
rotations as VSHL + VSRA (on the rounds' chain; VSRA has the shorter latency there) and
sigma0's ROTR 8 as a VEXT.8 #1 of each d half (either pipe):

  q8-q15 (d16-d31)  a..h of both lanes, renamed by the rounds as in the one-lane kernel
  q0-q7  (d0-d15)   temporaries (virtual registers, given a q register each in program
                    order, the one freed longest ago)
  W                 a ring of 16 16-byte slots, W[s] of lane A at 16 (s mod 16), of lane B
                    8 bytes on. Eight state and sixteen W registers do not fit beside the
                    temporaries, so every W value is stored once and loaded back for the
                    schedule (W[s-16], W[s-15], W[s-7], W[s-2]), each a 128-bit
                    `vld1.64 {dN, dN+1}`/`vst1.64` through its own pointer (vld1 takes no
                    offset): r5 and r10 in turn W[s-16], r6 W[s-7], r8 W[s-2], r9 the
                    stores, each advanced by an integer add a round, or a sub back to
                    the ring's start (PTR_AT, advance())
  K                 r3: armsha_sha512_k_pairs, each K[i] twice (AArch32 has no 64-bit
                    load to all lanes): one 128-bit load, one 128-bit add makes both lanes'
                    K + W
  r0/r2             lane A's / lane B's state, r1/r4 their blocks (64-bit vldr/vstr)

One call: both states loaded (r0 lane A, r2 lane B), both blocks' data (r1, r4), 80
rounds, the feed-forward from the states in memory, both states stored. Until session 15
W and K were loaded a 64-bit half at a time (vldr from sp), since the in-order A53 issues a
128-bit load alone; on llvm-mca's Cortex-A55, the listing's reading as 128-bit operations
makes each half a lane load (4 cycles, merging into the register) that the short
operations behind it wait on to write back (the kernel runs only on the A57/A72, whose
model the change leaves about where it was, and the A53 runs one lane). The instructions are ordered two ways, every dependence
kept (W's by address): the kernel's ("kernel", src/arm32/sha512_neon_x2.c), kept in
bench/sha512_neon_x2_a32.order (bench/anneal_sha512_neon_x2_a32.py: a search on the
in-order models from a list scheduler's order), and that list scheduler's ("start",
anneal_sha512_neon_x2_a32.start_block()).
Each order is run through a small
interpreter of its instructions against a Python SHA-512 compression (check()): the
listing computes both lanes' blocks, so it is a kernel's body that fits the registers.

Models: llvm-mca's Cortex-A57 AArch32 model reads both listings as written (the A72 shares
it); the Cortex-A53 and A55 models have no AArch32 side, so the listings are rewritten
instruction by instruction as AArch64, two ways:
  "q = 2 x 64-bit", both listings: dN -> vN, a 128-bit operation on qK -> the same
    operation on v(2K) and v(2K+1), 64 bits each. It keeps every dependence between a q
    register and its halves, which the one-lane kernel mixes, and it is what the cores do
    (a 128-bit NEON operation takes both 64-bit halves of the NEON pipe), but LLVM's A53
    model charges a 64-bit operation as much as a 128-bit one, so there it costs the q
    operations twice.
  "two lanes' q = 128-bit", the two-lane listing alone (the one-lane block stays as
    above): qK -> vK, one 128-bit operation, a q pair's vld1/vst1 as a q load or store,
    the states' and blocks' d halves' loads and stores as loads and stores of a lane of
    vK; exact, since that listing operates on whole q registers only.
The calibrated model reads the AArch32 listings. cycles = (cycles of 400 iterations - of
200) / 200 (llvm-mca), (16 blocks - 8) / 8 (the model); ratio = two lanes / (2 x one lane),
pipe bound = llvm-mca's Block RThroughput of the two-lane listing / (2 x one lane).
"""
import datetime
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import a32_order  # noqa: E402
import a64_order  # noqa: E402
import inorder_a53  # noqa: E402
import mca_inorder  # noqa: E402

# ---- the one-lane block, cut from GCC's listing ------------------------------------------


def one_lane_block(path):
    """The instructions one block of armsha_sha512_blocks_neon executes (AArch32 text)."""
    lines = [re.sub(r"@.*$", "", l).strip() for l in open(path)]
    lines = [l for l in lines if l and not l.startswith(".")]
    a = lines.index("1:")
    b = next(i for i in range(a, len(lines)) if re.match(r"bne\s+1b$", lines[i]))
    blk = lines[a + 1:b + 1]
    i2 = blk.index("2:")
    e2 = next(i for i in range(i2, len(blk)) if re.match(r"bne\s+2b$", blk[i]))
    inner = blk[i2 + 1:e2 + 1]
    out = blk[:i2] + inner * 4 + blk[e2 + 1:]
    # llvm-mca assembles its input: the branches to named labels of their own
    return [re.sub(r"^bne\s+([12])b$", r"bne .Lloop\1", l) for l in out]


# ---- the two-lane block ----------------------------------------------------------------

STATE = list(range(8, 16))   # q registers of a..h at round 0
POOL = list(range(0, 8))     # the temporaries' q registers


class Prog:
    """Program order; "V<n>" a virtual q register, "V<n>.lo"/"V<n>.hi" its d halves."""

    def __init__(self):
        self.insns = []
        self.nv = 0

    def new(self):
        self.nv += 1
        return "V%d" % (self.nv - 1)

    def emit(self, text):
        self.insns.append(text)


def lo(v):
    return v + ".lo" if v.startswith("V") else "d%d" % (2 * int(v[1:]))


def hi(v):
    return v + ".hi" if v.startswith("V") else "d%d" % (2 * int(v[1:]) + 1)


def big_sigma(p, acc, x, rs, sra=False):
    """acc = ROTR(x, rs[0]) ^ ROTR(x, rs[1]) ^ ROTR(x, rs[2]), each rotation a shift right
    then a shift-insert of the left part, or with sra a shift left then a shift-right-and-
    accumulate (the two parts have no bit in common, so their sum is their OR)."""
    t1, t2 = p.new(), p.new()
    ds = (acc, t1, t2)
    for d, r in zip(ds, rs):
        p.emit("vshl.i64 %s, %s, #%d" % (d, x, 64 - r) if sra else "vshr.u64 %s, %s, #%d" % (d, x, r))
    for d, r in zip(ds, rs):
        p.emit("vsra.u64 %s, %s, #%d" % (d, x, r) if sra else "vsli.64 %s, %s, #%d" % (d, x, 64 - r))
    p.emit("veor %s, %s, %s" % (acc, acc, t1))
    p.emit("veor %s, %s, %s" % (acc, acc, t2))


def small_sigma(p, x, r1, r2, s):
    """x = ROTR(x, r1) ^ ROTR(x, r2) ^ (x >> s), x a temporary (overwritten). ROTR 8 (sigma0's)
    is a byte rotation: a VEXT.8 #1 of each d half, which the A57 issues on either NEON pipe,
    where every shift takes F1 alone."""
    a, b = p.new(), p.new()
    if r2 == 8:
        p.emit("vext.8 %s, %s, %s, #1" % (lo(b), lo(x), lo(x)))
        p.emit("vext.8 %s, %s, %s, #1" % (hi(b), hi(x), hi(x)))
        p.emit("vshr.u64 %s, %s, #%d" % (a, x, r1))
        p.emit("vsli.64 %s, %s, #%d" % (a, x, 64 - r1))
    else:
        p.emit("vshr.u64 %s, %s, #%d" % (a, x, r1))
        p.emit("vshr.u64 %s, %s, #%d" % (b, x, r2))
        p.emit("vsli.64 %s, %s, #%d" % (a, x, 64 - r1))
        p.emit("vsli.64 %s, %s, #%d" % (b, x, 64 - r2))
    p.emit("vshr.u64 %s, %s, #%d" % (x, x, s))
    p.emit("veor %s, %s, %s" % (x, x, a))
    p.emit("veor %s, %s, %s" % (x, x, b))


# W's ring and the pointers that walk it. Every W load and store is one 128-bit vld1/vst1
# of a q register's two d halves (W[s] of both lanes: the 16 bytes at W + 16 (s mod 16),
# lane A's word, then lane B's), which takes an address register and no offset; so each
# stream of them has its pointer, advanced 16 bytes a round by an integer add, or taken
# back to the ring's start by a sub of 240 instead (so the ring costs no instruction, and
# the wipe after the call 256 bytes; the post-incrementing form `[rN]!` is a two-micro-op
# load or store that issues first in its cycle on llvm-mca's Cortex-A55, where the add
# pairs with the vector operations).
# where each starts: W[s-16], W[s-7] and W[s-2] of round 16, and the stores' W[0]
RING = 16 * 16
PTR_AT = {"r5": 0, "r6": 16 * 9, "r8": 16 * 14, "r9": 0}


def pair(v):
    return "{%s, %s}" % (lo(v), hi(v))


def advance(p, dst, src):
    """dst = src's pointer one slot on, round the ring (p.at: each pointer's offset)."""
    at = p.at[src] + 16
    if at < RING:
        p.emit("add %s, %s, #16" % (dst, src))
    else:
        p.emit("sub %s, %s, #%d" % (dst, src, RING - 16))
    p.at[dst] = at % RING


def ld_w(p, v, ptr):
    p.emit("vld1.64 %s, [%s:128]" % (pair(v), ptr))
    advance(p, ptr, ptr)


def st_w(p, v):
    p.emit("vst1.64 %s, [r9:128]" % pair(v))
    advance(p, "r9", "r9")


def make_kw(p, s):
    """K[s] + W[s] of both lanes, in a new temporary."""
    w = p.new()
    if s < 16:
        p.emit("vldr %s, [r1, #%d]" % (lo(w), 8 * s))
        p.emit("vldr %s, [r4, #%d]" % (hi(w), 8 * s))
        p.emit("vrev64.8 %s, %s" % (w, w))
        st_w(p, w)
    else:
        x = p.new()
        # W[s-15] is the next round's W[s-16]: r5 and r10 take turns holding W[s-16]'s
        # address, each set from the other, so one add a round serves both loads
        a, b = ("r5", "r10") if s % 2 == 0 else ("r10", "r5")
        p.emit("vld1.64 %s, [%s:128]" % (pair(w), a))
        advance(p, b, a)
        p.emit("vld1.64 %s, [%s:128]" % (pair(x), b))
        small_sigma(p, x, 1, 8, 7)
        p.emit("vadd.i64 %s, %s, %s" % (w, w, x))
        y = p.new()
        ld_w(p, y, "r8")
        small_sigma(p, y, 19, 61, 6)
        p.emit("vadd.i64 %s, %s, %s" % (w, w, y))
        z = p.new()
        ld_w(p, z, "r6")
        p.emit("vadd.i64 %s, %s, %s" % (w, w, z))
        if s + 2 <= 79:  # read again by a later schedule step
            st_w(p, w)
    k = p.new()
    p.emit("vld1.64 %s, [r3:128]" % pair(k))  # K[s] twice (armsha_sha512_k_pairs)
    p.emit("add r3, r3, #16")
    p.emit("vadd.i64 %s, %s, %s" % (w, w, k))
    return w


def round_(p, i, kw, kwn):
    r = ["q%d" % STATE[(k - i) % 8] for k in range(8)]
    a, b, c, dd, e, f, g, h = r
    if kwn is not None:
        p.emit("vadd.i64 %s, %s, %s" % (kwn, kwn, g))
        p.emit("vbit %s, %s, %s" % (g, f, e))
        t = g
    else:
        t = p.new()
        p.emit("vmov %s, %s" % (t, e))
        p.emit("vbsl %s, %s, %s" % (t, f, g))
    if i == 0:
        p.emit("vadd.i64 %s, %s, %s" % (t, t, h))
    p.emit("vadd.i64 %s, %s, %s" % (t, t, kw))
    s1 = p.new()
    # Sigma1 is on the rounds' chain e -> e: its rotations by VSHL and VSRA, which the A57
    # model completes sooner than VSHR and VSLI (Sigma0 keeps those: bench/RESULTS.md)
    big_sigma(p, s1, e, (14, 18, 41), sra=True)
    p.emit("vadd.i64 %s, %s, %s" % (t, t, s1))
    p.emit("vadd.i64 %s, %s, %s" % (dd, dd, t))
    big_sigma(p, h, a, (28, 34, 39))
    m = p.new()
    p.emit("veor %s, %s, %s" % (m, a, b))
    p.emit("vbsl %s, %s, %s" % (m, c, b))
    p.emit("vadd.i64 %s, %s, %s" % (h, h, m))
    p.emit("vadd.i64 %s, %s, %s" % (h, h, t))


def two_lane_program():
    p = Prog()
    p.at = dict(PTR_AT)
    for j in range(8):  # both states: a..h of lane A in the low halves, lane B's in the high
        p.emit("vldr d%d, [r0, #%d]" % (2 * STATE[j], 8 * j))
        p.emit("vldr d%d, [r2, #%d]" % (2 * STATE[j] + 1, 8 * j))
    kw = make_kw(p, 0)
    for i in range(80):
        kwn = make_kw(p, i + 1) if i < 79 else None
        round_(p, i, kw, kwn)
        kw = kwn
    for j in range(8):  # the feed-forward from the states in memory, then the stores
        v = p.new()
        p.emit("vldr %s, [r0, #%d]" % (lo(v), 8 * j))
        p.emit("vldr %s, [r2, #%d]" % (hi(v), 8 * j))
        p.emit("vadd.i64 q%d, q%d, %s" % (STATE[j], STATE[j], v))
        p.emit("vstr d%d, [r0, #%d]" % (2 * STATE[j], 8 * j))
        p.emit("vstr d%d, [r2, #%d]" % (2 * STATE[j] + 1, 8 * j))
    return p


def allocate(p):
    """Each virtual register the pool's q register freed longest ago; the program text."""
    last = {}
    for k, t in enumerate(p.insns):
        for v in re.findall(r"V(\d+)", t):
            last[int(v)] = k
    since = {r: -1 for r in POOL}
    free, base, out = set(POOL), {}, []
    for k, t in enumerate(p.insns):
        vs = sorted(set(int(v) for v in re.findall(r"V(\d+)", t)))
        for v in vs:
            if v not in base:
                assert free, "out of temporaries at %d: %s" % (k, t)
                r = min(free, key=lambda r: (since[r], r))
                base[v] = r
                free.discard(r)
        t = re.sub(r"V(\d+)\.lo", lambda m: "d%d" % (2 * base[int(m.group(1))]), t)
        t = re.sub(r"V(\d+)\.hi", lambda m: "d%d" % (2 * base[int(m.group(1))] + 1), t)
        t = re.sub(r"V(\d+)", lambda m: "q%d" % base[int(m.group(1))], t)
        out.append(t)
        for v in vs:
            if last[v] == k:
                free.add(base[v])
                since[base[v]] = k
    return out


# a32_order's memory ranges: W's loads and stores by their pointers' offsets into W (followed
# through the adds from PTR_AT in program order: dependences() asks once an instruction, in
# order, with a new lr list each pass); K's loads touch nothing stored; the states' and
# blocks' vldr/vstr are one region, kept in order with its stores
_memrange = a32_order.memrange
_ptrs = {}


def memrange(x, lr):
    if _ptrs.get("pass") is not lr:
        _ptrs.clear()
        _ptrs.update(PTR_AT, **{"pass": lr})
    a = re.match(r"(add|sub) (r\d+), (r\d+), #(\d+)$", x.text)
    if a:
        if a.group(3) in _ptrs:
            step = int(a.group(4)) if a.group(1) == "add" else -int(a.group(4))
            _ptrs[a.group(2)] = _ptrs[a.group(3)] + step
        return None
    m = re.match(r"v(ld1|st1)\.64\s+\{[^}]*\},\s*\[(r\d+):128\]$", x.text)
    if m and m.group(2) == "r3":
        return None
    if m:
        off = _ptrs[m.group(2)]
        return ("w", off, off + 16)
    if re.match(r"v(ldr|str)\s", x.text):  # the states and the blocks
        return ("other", 0, 1 << 30)
    return _memrange(x, lr)


a32_order.memrange = memrange


def program():
    """The two-lane listing in program order, registers allocated."""
    return allocate(two_lane_program())


ORDER = os.path.join(HERE, "sha512_neon_x2_a32.order")


def dependences(prog):
    """For each instruction of prog, the indices of those it must follow."""
    _, insns = a64_order.parse(prog, "a32")
    return [sorted(set(j for j, _, _ in p)) for p in a32_order.dependences(insns)]


def crossed(order, prog):
    """The dependences of prog (earlier, later) that order, a permutation of its indices,
    puts the other way round."""
    pos = {i: k for k, i in enumerate(order)}
    return [(j, i) for i, ps in enumerate(dependences(prog)) for j in ps if pos[j] > pos[i]]


def kernel_block():
    """The body of src/arm32/sha512_neon_x2.c (bench/gen_sha512_neon_x2_a32.py writes it): the
    program in the order kept in bench/sha512_neon_x2_a32.order (program indices, a line
    each; bench/anneal_sha512_neon_x2_a32.py finds it), which must keep every dependence."""
    prog = program()
    order = [int(l) for l in open(ORDER) if l.strip() and not l.startswith("#")]
    if sorted(order) != list(range(len(prog))) or crossed(order, prog):
        raise SystemExit("%s is not an order of the two-lane program that keeps its dependences: the program "
                         "changed? Run bench/anneal_sha512_neon_x2_a32.py" % ORDER)
    return [prog[i] for i in order]


def indices(lines, prog):
    """The program index of each of lines (an order of prog): the k-th instance of a text is
    the program's k-th (two equal instructions write the same registers, so keep their order)."""
    seen, where = {}, {}
    for i, t in enumerate(prog):
        where.setdefault(t, []).append(i)
    out = []
    for t in lines:
        k = seen.get(t, 0)
        seen[t] = k + 1
        out.append(where[t][k])
    return out


# ---- the two-lane listing checked: it computes both lanes' compressions -----------------

M64 = (1 << 64) - 1


def sha512_k():
    """The 80 constants: the first 64 bits of the fractional parts of the primes' cube roots."""
    primes, n = [], 2
    while len(primes) < 80:
        if all(n % q for q in primes if q * q <= n):
            primes.append(n)
        n += 1

    def icbrt(x):
        r = int(round(x ** (1.0 / 3)))
        while r ** 3 > x:
            r -= 1
        while (r + 1) ** 3 <= x:
            r += 1
        return r
    return [icbrt(q << 192) & M64 for q in primes]


def compress(st, block, K):
    """SHA-512's compression in Python (FIPS 180-4), the reference."""
    ror = lambda x, n: ((x >> n) | (x << (64 - n))) & M64
    w = [int.from_bytes(block[8 * i:8 * i + 8], "big") for i in range(16)]
    for t in range(16, 80):
        s0 = ror(w[t - 15], 1) ^ ror(w[t - 15], 8) ^ (w[t - 15] >> 7)
        s1 = ror(w[t - 2], 19) ^ ror(w[t - 2], 61) ^ (w[t - 2] >> 6)
        w.append((w[t - 16] + s0 + w[t - 7] + s1) & M64)
    a, b, c, d, e, f, g, h = st
    for t in range(80):
        t1 = (h + (ror(e, 14) ^ ror(e, 18) ^ ror(e, 41)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) & M64
        t2 = ((ror(a, 28) ^ ror(a, 34) ^ ror(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))) & M64
        a, b, c, d, e, f, g, h = (t1 + t2) & M64, a, b, c, (d + t1) & M64, e, f, g
    return [(x + y) & M64 for x, y in zip(st, (a, b, c, d, e, f, g, h))]


def run_a32(lines, mem):
    """Executes the two-lane listing's instructions (64-bit words; mem: (base register, or
    "w" for W's array, byte offset) -> word, little-endian loads of the data bytes done by
    the caller)."""
    d = [0] * 32
    ptr = dict((r, ("w", off)) for r, off in PTR_AT.items())
    ptr["r3"] = ("r3", 0)

    def regs(r):
        return [2 * int(r[1:]), 2 * int(r[1:]) + 1] if r[0] == "q" else [int(r[1:])]
    for line in lines:
        mn, ops = line.split(None, 1)
        a = [x.strip() for x in re.split(r",(?![^\[]*\])(?![^{]*\})", ops)]
        m = re.match(r"\{d(\d+), d(\d+)\}$", a[0])
        if mn in ("vld1.64", "vst1.64") and m:
            base, off = ptr[re.match(r"\[(r\d+):128\]$", a[1]).group(1)]
            for k, n in enumerate(m.groups()):
                if mn == "vld1.64":
                    d[int(n)] = mem[(base, off + 8 * k)]
                else:
                    mem[(base, off + 8 * k)] = d[int(n)]
            continue
        if mn in ("add", "sub"):  # a pointer advanced, or taken back to W's ring's start
            base, off = ptr[a[1]]
            ptr[a[0]] = (base, off + (1 if mn == "add" else -1) * int(a[2][1:]))
            assert base != "w" or 0 <= ptr[a[0]][1] < RING, line
            continue
        if mn in ("vldr", "vstr"):
            m = re.match(r"\[(\w+)(?:,\s*#(\d+))?\]$", a[1])
            key = (m.group(1), int(m.group(2) or 0))
            if mn == "vldr":
                d[regs(a[0])[0]] = mem[key]
            else:
                mem[key] = d[regs(a[0])[0]]
            continue
        for k, dst in enumerate(regs(a[0])):
            src = [regs(x)[k] for x in a[1:] if x[0] in "qd"]
            x = d[src[0]]
            imm = int(a[-1][1:]) if a[-1].startswith("#") else None
            if mn == "vadd.i64":
                v = (x + d[src[1]]) & M64
            elif mn == "vshr.u64":
                v = x >> imm
            elif mn == "vshl.i64":
                v = (x << imm) & M64
            elif mn == "vsra.u64":
                v = (d[dst] + (x >> imm)) & M64
            elif mn == "vext.8":
                v = ((x >> (8 * imm)) | (d[src[1]] << (64 - 8 * imm))) & M64
            elif mn == "vsli.64":
                v = ((x << imm) & M64) | (d[dst] & ((1 << imm) - 1))
            elif mn == "veor":
                v = x ^ d[src[1]]
            elif mn == "vbsl":
                v = (d[dst] & x) | (~d[dst] & d[src[1]] & M64)
            elif mn == "vbit":
                v = (x & d[src[1]]) | (d[dst] & ~d[src[1]] & M64)
            elif mn == "vmov":
                v = x
            elif mn == "vrev64.8":
                v = int.from_bytes(x.to_bytes(8, "little"), "big")
            else:
                raise SystemExit("run_a32: `%s`" % line)
            d[dst] = v
    return mem


def check(lines):
    """Runs the listing on two states and blocks; exits unless both lanes match the reference."""
    import random
    rnd = random.Random(22)
    K = sha512_k()
    sts = [[rnd.getrandbits(64) for _ in range(8)] for _ in range(2)]
    blks = [bytes(rnd.getrandbits(8) for _ in range(128)) for _ in range(2)]
    mem = {}
    for j in range(8):
        mem[("r0", 8 * j)], mem[("r2", 8 * j)] = sts[0][j], sts[1][j]
    for j in range(16):  # vldr reads the data's bytes little-endian; vrev64.8 swaps them
        mem[("r1", 8 * j)] = int.from_bytes(blks[0][8 * j:8 * j + 8], "little")
        mem[("r4", 8 * j)] = int.from_bytes(blks[1][8 * j:8 * j + 8], "little")
    for t in range(80):  # armsha_sha512_k_pairs: each constant twice
        mem[("r3", 16 * t)] = mem[("r3", 16 * t + 8)] = K[t]
    mem = run_a32(lines, mem)
    for lane, base in ((0, "r0"), (1, "r2")):
        got = [mem[(base, 8 * j)] for j in range(8)]
        if got != compress(sts[lane], blks[lane], K):
            raise SystemExit("mca_arm32_sha512_lanes.py: the two-lane listing computes lane %d wrong" % lane)


# ---- AArch32 -> AArch64, for the in-order llvm-mca models -----------------------------

def halves(r):
    """q/d register -> the A64 v registers of its 64-bit halves."""
    if r[0] == "q":
        return ["v%d" % (2 * int(r[1:])), "v%d" % (2 * int(r[1:]) + 1)]
    return ["v%d" % int(r[1:])]


def xr(r):
    return {"ip": "x12", "sp": "sp", "lr": "x30"}.get(r, re.sub(r"^r(\d+)$", r"x\1", r))


def dregs(lst):
    out = []
    for part in lst.strip("{} ").split(","):
        m = re.match(r"\s*d(\d+)(?:-d(\d+))?\s*$", part)
        out += ["v%d" % n for n in range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1)]
    return out


SHIFTS = {"vshr.u64": "ushr", "vsli.64": "sli", "vshl.i64": "shl", "vsra.u64": "usra"}


def a64_q(line):
    """The two-lane listing's instruction as one AArch64 instruction: a q operation as the
    same 128-bit operation on vK, a d half's load or store as a load or store of that lane
    of vK (which merges: every dependence kept, since the listing names no d register in
    its operations)."""
    mn, ops = (line.split(None, 1) + [""])[:2]
    args = [a.strip() for a in re.split(r",(?![^{]*\})(?![^\[]*\])", ops)] if ops else []
    if mn in ("add", "sub"):  # W's pointers
        return ["%s %s" % (mn, ", ".join(xr(a) for a in args))]
    if mn in ("vld1.64", "vst1.64"):  # a q register's pair of d halves: the 128-bit load/store
        m = re.match(r"\{d(\d+), d(\d+)\}$", args[0])
        a = re.match(r"\[(\w+)(?::\d+)?\]$", args[1])
        assert m and a and int(m.group(1)) % 2 == 0 and int(m.group(2)) == int(m.group(1)) + 1, line
        return ["%s q%d, [%s]" % ("ldr" if mn == "vld1.64" else "str", int(m.group(1)) // 2, xr(a.group(1)))]
    if mn in ("vldr", "vstr"):
        n = int(args[0][1:])
        m = re.match(r"\[(\w+)(?:,\s*#-?\d+)?\]$", args[1])
        return ["%s {v%d.d}[%d], [%s]" % ("ld1" if mn == "vldr" else "st1", n // 2, n % 2, xr(m.group(1)))]
    if mn == "vext.8" and args[0][0] == "d":
        # a d half's byte rotation (ROTR 8 of one lane): a 64-bit EXT into its q register's
        # v register, as the core does it (the other half's EXT writes the same register)
        return ["ext v%d.8b, v%d.8b, v%d.8b, %s" % (int(args[0][1:]) // 2, int(args[1][1:]) // 2,
                                                     int(args[2][1:]) // 2, args[3])]
    v = ["v%d" % int(a[1:]) for a in args if a[0] == "q"]
    assert len(v) == sum(1 for a in args if a[0] in "qd"), line
    if mn in SHIFTS:
        return ["%s %s.2d, %s.2d, %s" % (SHIFTS[mn], v[0], v[1], args[2])]
    if mn == "vadd.i64":
        return ["add %s.2d, %s.2d, %s.2d" % tuple(v)]
    if mn in ("veor", "vbsl", "vbit"):
        return ["%s %s.16b, %s.16b, %s.16b" % ((mn[1:],) + tuple(v))]
    if mn == "vmov":
        return ["mov %s.16b, %s.16b" % tuple(v)]
    if mn == "vrev64.8":
        return ["rev64 %s.16b, %s.16b" % tuple(v)]
    raise SystemExit("mca_arm32_sha512_lanes.py: no 128-bit AArch64 form for `%s`" % line)


def a64(line):
    mn, ops = (line.split(None, 1) + [""])[:2]
    args = [a.strip() for a in re.split(r",(?![^{]*\})(?![^\[]*\])", ops)] if ops else []
    if mn in SHIFTS:
        return ["%s d%s, d%s, %s" % (SHIFTS[mn], a[1:], b[1:], args[2]) for a, b in zip(halves(args[0]), halves(args[1]))]
    if mn == "vadd.i64":
        return ["add d%s, d%s, d%s" % (a[1:], b[1:], c[1:])
                for a, b, c in zip(halves(args[0]), halves(args[1]), halves(args[2]))]
    if mn in ("veor", "vbsl", "vbit"):
        return ["%s %s.8b, %s.8b, %s.8b" % (mn[1:], a, b, c)
                for a, b, c in zip(halves(args[0]), halves(args[1]), halves(args[2]))]
    if mn == "vmov":
        return ["mov %s.8b, %s.8b" % (a, b) for a, b in zip(halves(args[0]), halves(args[1]))]
    if mn == "vrev64.8":
        return ["rev64 %s.8b, %s.8b" % (a, b) for a, b in zip(halves(args[0]), halves(args[1]))]
    if mn == "vext.8" and args[0][0] == "d":
        return ["ext %s.8b, %s.8b, %s.8b, %s" % (halves(args[0])[0], halves(args[1])[0], halves(args[2])[0], args[3])]
    if mn == "vext.8":  # #8 of q registers: the low half from the first's high, the high from the second's low
        assert args[3] == "#8"
        d, a, b = halves(args[0]), halves(args[1]), halves(args[2])
        return ["mov %s.8b, %s.8b" % (d[0], a[1]), "mov %s.8b, %s.8b" % (d[1], b[0])]
    if mn in ("vldr", "vstr"):
        m = re.match(r"\[(\w+)(?:,\s*(#-?\d+))?\]$", args[1])
        return ["%s d%s, [%s, %s]" % ("ldr" if mn == "vldr" else "str", args[0][1:], xr(m.group(1)), m.group(2) or "#0")]
    if mn in ("vld1.64", "vst1.64", "vldmia", "vstmia"):
        if mn.startswith("vldm") or mn.startswith("vstm"):
            regs, addr, post = dregs(args[1]), xr(args[0]), False
        else:
            m = re.match(r"\[(\w+)(?::\d+)?\](!?)$", args[1])
            regs, addr, post = dregs(args[0]), xr(m.group(1)), m.group(2) == "!"
        op = "ld1" if mn.startswith("vld") else "st1"
        out = []
        for k in range(0, len(regs), 4):  # ld1/st1 take four registers at most
            grp = regs[k:k + 4]
            out.append("%s {%s}, [%s]%s" % (op, ", ".join(r + ".1d" for r in grp), addr,
                                            ", #%d" % (8 * len(grp)) if post else ""))
        return out
    if mn in ("mov", "sub", "subs", "add"):
        return ["%s %s" % (mn, ", ".join(xr(a) for a in args))]
    if mn in ("bne", "b"):
        return []  # the loops' branches, as bench/mca_arm32_lanes.py drops them
    raise SystemExit("mca_arm32_sha512_lanes.py: no AArch64 form for `%s`" % line)


def translate(lines, q=False):
    """lines as AArch64: q=False each q operation as two 64-bit ones (any listing), q=True
    as one 128-bit one (the two-lane listing alone)."""
    return [t for l in lines for t in (a64_q(l) if q else a64(l))]


# ---- measuring --------------------------------------------------------------------------

MODELS = [  # label, triple, cpu, mattr, translation (None: AArch32 as written; "d": q as two
    # 64-bit operations for both listings; "q": the two-lane listing's q as one 128-bit one)
    ("Cortex-A57 (AArch32 model; A72 shares it)", "armv8a-linux-gnueabihf", "cortex-a57", "+neon", None),
    ("Cortex-A53 (A64 rewrite, q = 2 x 64-bit)", "aarch64-linux-gnu", "cortex-a53", "+neon", "d"),
    ("Cortex-A53 (A64 rewrite, two lanes' q = 128-bit)", "aarch64-linux-gnu", "cortex-a53", "+neon", "q"),
    ("Cortex-A55 (A64 rewrite, q = 2 x 64-bit)", "aarch64-linux-gnu", "cortex-a55", "+neon", "d"),
    ("Cortex-A55 (A64 rewrite, two lanes' q = 128-bit)", "aarch64-linux-gnu", "cortex-a55", "+neon", "q"),
]


def mca(tool, triple, cpu, mattr, lines, iterations=(200, 400)):
    """cycles an iteration of lines ((cycles of the second count of iterations - of the
    first) / their difference), and the Block RThroughput."""
    def run(n):
        r = subprocess.run([tool, "-mtriple=" + triple, "-mcpu=" + cpu, "-mattr=" + mattr, "-iterations=%d" % n],
                           input="\n".join(lines) + "\n", capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("llvm-mca failed (%s %s): %s" % (tool, cpu, r.stderr[:600]))
        return r.stdout
    a, b = run(iterations[0]), run(iterations[1])
    cyc = lambda o: int(re.search(r"Total Cycles:\s+(\d+)", o).group(1))
    return ((cyc(b) - cyc(a)) / (iterations[1] - iterations[0]),
            float(re.search(r"Block RThroughput:\s+([\d.]+)", a).group(1)))


def neon_floor(lines):
    """Cycles the in-order A53's NEON pipe needs at least: two 64-bit halves a cycle, a
    128-bit operation (a q register named) both (inorder_a53.py's simdq.fpalu)."""
    ops = [l for l in lines if l.startswith("v") and not re.match(r"v(ldr|str|ld1|st1|ldm|stm)", l)]
    return sum(2 if re.search(r"\bq\d+", l) else 1 for l in ops) / 2


def main():
    args = sys.argv[1:]
    one_s, out, tools = args[0], args[1], args[2:]
    one = one_lane_block(one_s)
    # two orders: the kernel's (bench/sha512_neon_x2_a32.order) and the list scheduler's its
    # search started from
    import anneal_sha512_neon_x2_a32 as search  # (it imports this module)
    orders = [("kernel", kernel_block()), ("start", search.start_block())]
    files = {"one-lane.s": one, "one-lane.a64.s": translate(one)}
    for w, two in orders:
        check(two)
        files["two-lane-%s.s" % w] = two
        files["two-lane-%s.a64.s" % w] = translate(two)
        files["two-lane-%s.a64q.s" % w] = translate(two, True)
    for name, l in files.items():
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(l) + "\n")
    two = orders[0][1]
    nmem = lambda l: sum(1 for x in l if re.match(r"v(ldr|str|ld1|st1|ldm|stm)", x))
    ver = lambda t: re.search(r"LLVM version ([\d.]+)", subprocess.run([t, "--version"], capture_output=True,
                                                                     text=True).stdout).group(1)
    print("### SHA-512 on two NEON lanes, AArch32 (armhf): a two-lane block measured against two one-lane blocks\n")
    print("- date: %s; %s" % (datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                              ", ".join("%s (LLVM %s)" % (t, ver(t)) for t in tools)))
    print("- one lane: the block src/arm32/sha512_neon.c runs, as GCC compiles it (%d instructions, %d of them NEON"
          " loads and stores); two lanes: bench/mca_arm32_sha512_lanes.py's listing (%d instructions, %d of them NEON"
          " loads and stores, W's and K's 128-bit; checked in Python to compute both lanes' compressions), in the"
          " order of bench/sha512_neon_x2_a32.order (\"kernel\": the body of src/arm32/sha512_neon_x2.c, which test"
          " generated-sha512-neon-x2-arm32 keeps equal to it; found by bench/anneal_sha512_neon_x2_a32.py) and in"
          " the order that search starts from (\"start\": a list schedule on llvm-mca-16's Cortex-A55 as"
          " bench/mca_inorder.py replays it, with a cost on pushing the write-back out and one step of"
          " lookahead, anneal_sha512_neon_x2_a32.start_block())" % (len(one), nmem(one), len(two), nmem(two)))
    print("- ratio = two lanes / (2 x one lane) (< 1: a gain); pipe bound = llvm-mca's Block RThroughput of the"
          " two-lane listing / (2 x one lane), for the calibrated model its NEON pipe's floor (two 64-bit halves a"
          " cycle, a q operation both) / (2 x one lane); the Cortex-A53/A55 llvm-mca rows read the listings"
          " rewritten as AArch64, each q operation as two 64-bit ones, or the two-lane listing's as one"
          " 128-bit one (the one-lane block as before)\n")
    print("| model | one lane | two lanes kernel | ratio | two lanes start | ratio | pipe bound |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for t in tools:
        for label, triple, cpu, mattr, tr in MODELS:
            c1, _ = mca(t, triple, cpu, mattr, translate(one) if tr else one)
            cells = []
            for _, l in orders:
                c2, r2 = mca(t, triple, cpu, mattr, translate(l, tr == "q") if tr else l)
                cells.append("%.1f | %.3f" % (c2, c2 / (2 * c1)))
            print("| %s %s | %.1f | %s | %.3f |" % (t, label, c1, " | ".join(cells), r2 / (2 * c1)))
    c1 = inorder_a53.model(os.path.join(out, "one-lane.s"), "a32")
    cells = []
    for w, l in orders:
        c2 = inorder_a53.model(os.path.join(out, "two-lane-%s.s" % w), "a32")
        cells.append("%.1f | %.3f" % (c2, c2 / (2 * c1)))
    print("| calibrated Cortex-A53 model (bench/inorder_a53.py, AArch32) | %.1f | %s | %.3f |"
          % (c1, " | ".join(cells), neon_floor(two) / (2 * c1)))
    print()
    print("(NEON pipe floor on the A53: one lane %.1f cycles, two lanes %.1f)\n" % (neon_floor(one), neon_floor(two)))


if __name__ == "__main__":
    main()
