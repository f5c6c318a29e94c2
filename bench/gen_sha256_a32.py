#!/usr/bin/env python3
"""Writes src/arm32/sha256_a32.c, the SHA-256 kernel for 32-bit ARM cores without NEON
(armhf boards whose ARMv7 cores lack it; qemu's cortex-r5f): the block as a sequential
program in core registers alone, then ordered for an in-order core by bench/a32_order.py.

    python3 bench/gen_sha256_a32.py [--check]

--check only compares the file with what it would write (the bench suite's
generated-sha256-a32 test). The comment at the top of the generated file (the template,
bench/sha256_a32.c.in) says how the block computes. LISTING=FILE also writes the ordered
block, one instruction a line.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import a32_order  # noqa: E402
import generated_file  # noqa: E402

body = []
W_AT, K_AT, STATE_AT, DATA_AT, END_AT = 0, 64, 320, 324, 328


def I(s):  # noqa: E743 (one instruction)
    body.append(s)


R = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]


def regs(k):
    """a..h of round k: a round renames the registers instead of moving them."""
    return [R[(p - k) % 8] for p in range(8)]


def w(i):
    return "[sp, #%d]" % (W_AT + 4 * (i % 16))


def round_(k, x, t):
    """Round k once h holds h + W[k] + K[k]: h += Sigma1(e) + Ch(e,f,g); d += h;
    h += Sigma0(a) + Maj(a,b,c). Sigma1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6) and
    Sigma0(a) = ror(a ^ ror(a, 11) ^ ror(a, 20), 2), their last rotations folded into
    the adds; Ch = ((f ^ g) & e) ^ g; Maj = ((a ^ b) & (b ^ c)) ^ b, where a ^ b is the
    next round's b ^ c: r3 and r12 swap roles every round. x, t: free registers."""
    a, b, c, d, e, f, g, h = regs(k)
    ab, bc = ("r3", "r12") if k % 2 == 0 else ("r12", "r3")
    I("eor %s, %s, %s" % (x, f, g))
    I("eor %s, %s, %s, ror #5" % (t, e, e))
    I("and %s, %s, %s" % (x, x, e))
    I("eor %s, %s, %s, ror #19" % (t, t, e))
    I("eor %s, %s, %s" % (x, x, g))
    I("add %s, %s, %s, ror #6" % (h, h, t))  # + Sigma1(e)
    I("add %s, %s, %s" % (h, h, x))  # + Ch(e,f,g)
    I("eor %s, %s, %s, ror #11" % (t, a, a))
    I("add %s, %s, %s" % (d, d, h))
    I("eor %s, %s, %s" % (ab, a, b))
    I("eor %s, %s, %s, ror #20" % (t, t, a))
    I("and %s, %s, %s" % (bc, bc, ab))
    I("add %s, %s, %s, ror #2" % (h, h, t))  # + Sigma0(a)
    I("eor %s, %s, %s" % (bc, bc, b))
    I("add %s, %s, %s" % (h, h, bc))  # + Maj(a,b,c)


# ---- the block -----------------------------------------------------------------------------
# Rounds 0-15: lr the data, r0-r2 the words and temporaries; 16-63: r0-r2 and lr, so that
# sigma0 and sigma1 of a schedule step run side by side. Keeping W[i-2] and W[i-1] in two
# of them instead saves a load a step but leaves the step one chain, which costs more
# cycles than the load on the calibrated A53 model (bench/RESULTS.md, "32-bit ARM").
I("eor r12, r5, r6")  # b ^ c for the first round
free = ["r0", "r1", "r2"]
for k in range(16):
    h = regs(k)[7]
    wr = free.pop(0)
    I("ldr %s, [lr], #4" % wr)
    I("rev %s, %s" % (wr, wr))  # dropped on big-endian targets (the template says how)
    I("str %s, %s" % (wr, w(k)))
    if k == 15:  # the data pointer of the next block
        I("str lr, [sp, #%d]" % DATA_AT)
    I("add %s, %s, %s" % (h, h, wr))
    I("ldr %s, [sp, #%d]" % (free[0], K_AT + 4 * k))
    I("add %s, %s, %s" % (h, h, free[0]))
    free.append(wr)
    round_(k, free[0], free[1])
# Rounds 16-63: W[i] = W[i-16] + sigma0(W[i-15]) + W[i-7] + sigma1(W[i-2]), with
# sigma0(x) = ror(x, 7) ^ ror(x, 18) ^ (x >> 3), sigma1(x) = ror(x, 17) ^ ror(x, 19) ^ (x >> 10).
x, s, y, u = "r0", "r1", "r2", "lr"
for k in range(16, 64):
    h = regs(k)[7]
    I("ldr %s, %s" % (x, w(k - 15)))
    I("ldr %s, %s" % (y, w(k - 2)))
    I("mov %s, %s, ror #7" % (s, x))
    I("mov %s, %s, ror #17" % (u, y))
    I("eor %s, %s, %s, ror #18" % (s, s, x))
    I("eor %s, %s, %s, ror #19" % (u, u, y))
    I("eor %s, %s, %s, lsr #3" % (s, s, x))
    I("eor %s, %s, %s, lsr #10" % (u, u, y))
    I("ldr %s, %s" % (x, w(k - 16)))
    I("ldr %s, %s" % (y, w(k - 7)))
    I("add %s, %s, %s" % (s, s, u))
    I("add %s, %s, %s" % (x, x, y))
    I("add %s, %s, %s" % (s, s, x))  # W[k]
    if k < 62:  # W[62] and W[63] are read by no later round (W[k] is read at k + 2, 7, 15, 16)
        I("str %s, %s" % (s, w(k)))
    I("add %s, %s, %s" % (h, h, s))
    I("ldr %s, [sp, #%d]" % (x, K_AT + 4 * k))
    I("add %s, %s, %s" % (h, h, x))
    round_(k, x, y)
# state += a..h; then the next block, if any.
for s in ["ldr lr, [sp, #%d]" % STATE_AT,
          "ldm lr, {r0, r1, r2, r3}",
          "add r4, r4, r0", "add r5, r5, r1", "add r6, r6, r2", "add r7, r7, r3",
          "stm lr!, {r4, r5, r6, r7}",
          "ldm lr, {r0, r1, r2, r3}",
          "add r8, r8, r0", "add r9, r9, r1", "add r10, r10, r2", "add r11, r11, r3",
          "stm lr, {r8, r9, r10, r11}",
          "ldr lr, [sp, #%d]" % DATA_AT, "ldr r0, [sp, #%d]" % END_AT, "cmp lr, r0", "bne 1b"]:
    I(s)

ordered = a32_order.order(body)
if os.environ.get("LISTING"):
    open(os.environ["LISTING"], "w").write("".join(t + "\n" for t in ordered))


def cline(t):
    mn, _, ops = t.partition(" ")
    line = '        "%-10s %s\\n\\t"\n' % (mn, ops)
    return "#if !defined(__ARMEB__)\n" + line + "#endif\n" if mn == "rev" else line


tmpl = open(os.path.join(HERE, "sha256_a32.c.in")).read()
out = tmpl.replace("@BODY@\n", '        "1:\\n\\t"\n' + "".join(cline(t) for t in ordered))
generated_file.write_or_check("src/arm32/sha256_a32.c", out, "gen_sha256_a32.py",
                              "%d instructions a block" % len(ordered))
