#!/usr/bin/env python3
"""Writes src/arm32/sha256_neon.c, the SHA-256 kernel for 32-bit ARM with NEON: its block as
a sequential program, then ordered for the in-order Cortex-A53 (a Pi 3 running a 32-bit
system) by bench/a32_order.py.

    python3 bench/gen_sha256_neon_arm32.py [--check]

--check only compares the file with what it would write (the bench suite's
generated-sha256-neon-arm32 test).

The program (the comment at the top of the generated file says how it computes): the rounds
in the core registers, two rounds' W[i] + K[i] loaded by two LDRs into r2 and r3, the NEON
message schedule four words at a time cut into eight parts between each round's
instructions. Its order is only a valid one; the order written is a32_order.order()'s, on
the calibrated model (the figures: bench/RESULTS.md, "32-bit ARM kernel code choices").
LISTING=FILE also writes the ordered block, one instruction a line, for the models.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import a32_order  # noqa: E402
import generated_file  # noqa: E402
import inorder_a53  # noqa: E402

body = []


def I(s):  # noqa: E743 (one instruction)
    if s:
        body.append(s)


# ---- the rounds --------------------------------------------------------------------------
R = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]


def regs(k):
    """a..h of round k: a round renames the registers instead of moving them."""
    return [R[(p - k) % 8] for p in range(8)]


def round_(k, neon, last=False):
    """Round k: h += Sigma1(e) + Ch(e,f,g) + K[k] + W[k]; d += h; h += Sigma0(a) + Maj(a,b,c).
    Sigma1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6), its last rotation folded into the add
    (started in r0 by the round before); Sigma0 likewise in r2 after Ch; Maj = ((a ^ b) &
    (b ^ c)) ^ b, where a ^ b is the next round's b ^ c: r3 and r12 swap roles every round.
    An even round loads its own and the next round's K + W into r2 and r3 (r3, its a ^ b
    register, is free until its Maj) and adds the odd round's to g, the odd round's h, once
    Ch(e,f,g) has read g. neon: the round's eight NEON parts, placed between its steps."""
    a, b, c, d, e, f, g, h = regs(k)
    ab, bc = ("r3", "r12") if k % 2 == 0 else ("r12", "r3")
    n = list(neon) + [""] * (8 - len(neon))
    if k % 2 == 0:
        I("ldr r2, [sp, #%d]" % (4 * k))
        I("ldr r3, [sp, #%d]" % (4 * k + 4))
    I(n[0])
    if k % 2 == 0:
        I("add %s, %s, r2" % (h, h))
    I("eor r2, %s, %s" % (f, g))
    I(n[1])
    I("and r2, r2, %s" % e)
    I(n[2])
    I("eor r2, r2, %s" % g)
    if k % 2 == 0:
        I("add %s, %s, r3" % (g, g))
    I("add %s, %s, r2" % (h, h))  # + Ch(e,f,g)
    I(n[3])
    I("add %s, %s, r0, ror #6" % (h, h))  # + Sigma1(e)
    I("eor r2, %s, %s, ror #11" % (a, a))
    I(n[4])
    I("add %s, %s, %s" % (d, d, h))
    I("eor %s, %s, %s" % (ab, a, b))
    I(n[5])
    I("eor r2, r2, %s, ror #20" % a)
    I("and %s, %s, %s" % (bc, bc, ab))
    I(n[6])
    if not last:  # the next round's Sigma1 starts, on its e (this round's d)
        I("eor r0, %s, %s, ror #5" % (d, d))
    I("eor %s, %s, %s" % (bc, bc, b))
    I("add %s, %s, r2, ror #2" % (h, h))  # + Sigma0(a)
    I(n[7])
    if not last:
        I("eor r0, r0, %s, ror #19" % d)
    I("add %s, %s, %s" % (h, h, bc))  # + Maj(a,b,c)


# ---- the message schedule ------------------------------------------------------------------
def sched1(x0, x1, x2, x3):
    """W[t..t+3] (x0) += sigma0(W[t+1..t+4]) + W[t+9..t+12]; x0..x3 hold W[t..t+15]."""
    return ["vext.8 q8, %s, %s, #4" % (x0, x1),  # W[t+1..t+4]
            "vext.8 q9, %s, %s, #4\nvshr.u32 q10, q8, #7" % (x2, x3),  # W[t+9..t+12]
            "vadd.i32 %s, %s, q9\nvshr.u32 q9, q8, #18" % (x0, x0),
            "vsli.32 q10, q8, #25\nvshr.u32 q11, q8, #3",
            "vsli.32 q9, q8, #14",
            "veor q10, q10, q11",
            "veor q10, q10, q9",  # sigma0(W[t+1..t+4])
            "vadd.i32 %s, %s, q10" % (x0, x0)]


def sched_sigma1(dst, src):
    """sigma1 of the two words in src added to the two in dst: sigma1 needs W[t+16..t+17]
    for the upper half, so it runs on two words at a time."""
    return ["vshr.u32 d24, %s, #17\nvshr.u32 d25, %s, #19" % (src, src),
            "vshr.u32 d26, %s, #10" % src,
            "vsli.32 d24, %s, #15" % src,
            "vsli.32 d25, %s, #13" % src,
            "veor d26, d26, d24",
            "veor d26, d26, d25",
            "vadd.i32 %s, %s, d26" % (dst, dst)]


def sched4(x0, kw, load_k):
    """W[t+16..t+19] + K to the stack (kw: q14 or q15, K loaded for eight rounds at once)."""
    return ["vld1.32 {d28-d31}, [r1:128]!" if load_k else "", "", "",
            "vadd.i32 %s, %s, %s" % (kw, kw, x0), "", "vst1.32 {%s}, [lr]!" % kw]


def d(q, half):
    return "d%d" % (2 * int(q[1:]) + half)


# ---- the block -----------------------------------------------------------------------------
# vld1.8 puts byte i in byte lane i whatever the CPU's byte order, so the big-endian words
# need vrev32 on both. No alignment needed.
for s in ["vld1.8 {d0-d3}, [r0]!", "vld1.8 {d4-d7}, [r0]!", "str r0, [sp, #260]", "mov lr, sp",
          "vrev32.8 q0, q0", "vrev32.8 q1, q1", "vrev32.8 q2, q2", "vrev32.8 q3, q3",
          "vld1.32 {d16-d19}, [r1:128]!", "vld1.32 {d20-d23}, [r1:128]!",
          "vadd.i32 q8, q8, q0", "vadd.i32 q9, q9, q1", "vadd.i32 q10, q10, q2", "vadd.i32 q11, q11, q3",
          "vst1.32 {d16-d19}, [lr]!", "vst1.32 {d20-d23}, [lr]!",
          "eor r12, r5, r6",  # b ^ c for the first round
          "eor r0, r8, r8, ror #5", "eor r0, r0, r8, ror #19"]:  # the first round's Sigma1 starts
    I(s)
Q = ["q0", "q1", "q2", "q3"]
for k in range(0, 48, 4):
    g = k // 4
    x = [Q[(g + j) % 4] for j in range(4)]
    round_(k, sched1(*x))
    round_(k + 1, sched_sigma1(d(x[0], 0), d(x[3], 1)))
    round_(k + 2, sched_sigma1(d(x[0], 1), d(x[0], 0)))
    round_(k + 3, sched4(x[0], "q14" if g % 2 == 0 else "q15", g % 2 == 0))
for k in range(48, 64):
    round_(k, [], last=k == 63)
# state += a..h: the state read with LDRD and LDRs, not with an LDM of four, which stalls
# Swift's issue (bench/RESULTS.md, "32-bit ARM kernel code choices"); ARM state's LDRD
# takes an even register and the next only.
for s in ["ldr r0, [sp, #256]", "sub r1, r1, #256",
          "ldrd r2, r3, [r0]", "ldr r12, [r0, #8]", "ldr lr, [r0, #12]",
          "add r4, r4, r2", "add r5, r5, r3", "add r6, r6, r12", "add r7, r7, lr", "stm r0!, {r4-r7}",
          "ldrd r2, r3, [r0]", "ldr r12, [r0, #8]", "ldr lr, [r0, #12]",
          "add r8, r8, r2", "add r9, r9, r3", "add r10, r10, r12", "add r11, r11, lr", "stm r0, {r8-r11}",
          "ldr r0, [sp, #260]", "ldr r2, [sp, #264]", "cmp r0, r2", "bne 1b"]:
    I(s)
body = [line for s in body for line in s.split("\n")]

ordered = a32_order.order(body)


def cycles(lines):
    P = inorder_a53.params("")
    return inorder_a53.cycles_per_block([inorder_a53.classify(inorder_a53.parse_a32(l), "a32", P)
                                         for l in lines], P)


if os.environ.get("LISTING"):
    open(os.environ["LISTING"], "w").write("".join(t + "\n" for t in ordered))


def cline(t):
    mn, _, ops = t.partition(" ")
    return '        "%-10s %s\\n\\t"\n' % (mn, ops)


tmpl = open(os.path.join(HERE, "sha256_neon_arm32.c.in")).read()
out = tmpl.replace("@BODY@\n", '        "1:\\n\\t"\n' + "".join(cline(t) for t in ordered))
generated_file.write_or_check("src/arm32/sha256_neon.c", out, "gen_sha256_neon_arm32.py",
                              "%d instructions a block; calibrated A53 model %d -> %d cycles"
                              % (len(ordered), cycles(body), cycles(ordered)))
