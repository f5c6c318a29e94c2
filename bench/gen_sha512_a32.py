#!/usr/bin/env python3
"""Writes src/arm32/sha512_a32.c, the SHA-512 kernel for 32-bit ARM cores without NEON
(armhf boards whose ARMv7 cores lack it; qemu's cortex-r5f): the block as a sequential
program in core registers and the stack, then ordered for an in-order core by
bench/a32_order.py.

    python3 bench/gen_sha512_a32.py [--check]

--check only compares the file with what it would write (the bench suite's
generated-sha512-a32 test). The comment at the top of the generated file (the template,
bench/sha512_a32.c.in) says how the block computes. LISTING=FILE also writes the ordered
block, one instruction a line.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import a32_order  # noqa: E402
import generated_file  # noqa: E402

W_AT, SLOT_AT, STATE_AT, DATA_AT, END_AT, K_AT = 0, 128, 192, 196, 200, 204
# A 64-bit value in a pair (low word, high word): LDRD and STRD in ARM state take an even
# register and the next.
PAIRS = [("r%d" % i, "r%d" % (i + 1)) for i in range(0, 12, 2)]
# Lines whose text differs on big-endian targets (the template's macros): a uint64_t of
# the state or the constants has its high word first there.
BE = {}


def I(out, s):  # noqa: E743 (one instruction)
    out.append(s)


def slot(p, k):
    """Where variable p (0 = a .. 7 = h) of round k lives when it is not in registers: a
    round renames the slots instead of moving the values."""
    return "[sp, #%d]" % (SLOT_AT + 8 * ((p - k) % 8))


def w(i):
    return "[sp, #%d]" % (W_AT + 8 * (i % 16))


def add64(out, d, s):
    I(out, "adds %s, %s, %s" % (d[0], d[0], s[0]))
    I(out, "adc %s, %s, %s" % (d[1], d[1], s[1]))


def xor_terms(out, d, terms):
    """d = the xor of terms (register, shift, amount)."""
    r, sh, n = terms[0]
    I(out, "mov %s, %s, %s #%d" % (d, r, sh, n))
    for r, sh, n in terms[1:]:
        I(out, "eor %s, %s, %s, %s #%d" % (d, d, r, sh, n))


def sigma(out, d, x, rots, shr=None):
    """d (a pair) = the xor of x rotated right by each of rots, and of x >> shr: each
    half a xor of shifted halves of x."""
    lo, hi = x
    tlo, thi = [], []
    for n in rots:
        a, b = (lo, hi) if n < 32 else (hi, lo)
        n %= 32
        tlo += [(a, "lsr", n), (b, "lsl", 32 - n)]
        thi += [(b, "lsr", n), (a, "lsl", 32 - n)]
    if shr is not None:
        tlo += [(lo, "lsr", shr), (hi, "lsl", 32 - shr)]
        thi += [(hi, "lsr", shr)]
    xor_terms(out, d[0], tlo)
    xor_terms(out, d[1], thi)


def state_word(out, op, r, p, half):
    """ldr/str of one half of state[p] (r12 points at the state)."""
    le = 8 * p + 4 * half
    t = "%s %s, [r12, #%d]" % (op, r, le)
    BE[t] = '"%-10s %s, [r12, #" LE_BE("%d", "%d") "]\\n\\t"' % (op, r, le, 8 * p + 4 * (1 - half))
    I(out, t)


def state_load(out, d, p):
    state_word(out, "ldr", d[0], p, 0)
    state_word(out, "ldr", d[1], p, 1)


def state_store(out, s, p):
    state_word(out, "str", s[0], p, 0)
    state_word(out, "str", s[1], p, 1)


def round_(out, k, A, E, BC, T, x, u):
    """Round k, T holding W[k]: T += h + Sigma1(e) + Ch(e,f,g) + K[k]; e = d + T;
    a = T + Sigma0(a) + Maj(a,b,c). Ch = ((f ^ g) & e) ^ g; Maj = ((a ^ b) & (b ^ c)) ^ b,
    where a ^ b is the next round's b ^ c. Returns the new (A, BC, free pairs)."""
    sigma(out, u, E, (14, 18, 41))
    add64(out, T, u)  # + Sigma1(e)
    I(out, "ldrd %s, %s, %s" % (u[0], u[1], slot(7, k)))
    add64(out, T, u)  # + h
    I(out, "ldrd %s, %s, %s" % (x[0], x[1], slot(5, k)))
    I(out, "ldrd %s, %s, %s" % (u[0], u[1], slot(6, k)))
    for i in (0, 1):
        I(out, "eor %s, %s, %s" % (x[i], x[i], u[i]))
    for i in (0, 1):
        I(out, "and %s, %s, %s" % (x[i], x[i], E[i]))
    for i in (0, 1):
        I(out, "eor %s, %s, %s" % (x[i], x[i], u[i]))
    add64(out, T, x)  # + Ch(e,f,g)
    t = "ldrd %s, %s, [r12], #8" % x
    BE[t] = "LDRD_K(\"%s\", \"%s\")" % x
    I(out, t)
    add64(out, T, x)  # + K[k]
    I(out, "strd %s, %s, %s" % (E[0], E[1], slot(4, k)))  # e is the next round's f
    I(out, "ldrd %s, %s, %s" % (E[0], E[1], slot(3, k)))
    add64(out, E, T)  # e = d + T
    sigma(out, u, A, (28, 34, 39))
    add64(out, T, u)  # + Sigma0(a)
    I(out, "ldrd %s, %s, %s" % (x[0], x[1], slot(1, k)))
    for i in (0, 1):
        I(out, "eor %s, %s, %s" % (u[i], A[i], x[i]))  # a ^ b
    for i in (0, 1):
        I(out, "and %s, %s, %s" % (BC[i], BC[i], u[i]))
    for i in (0, 1):
        I(out, "eor %s, %s, %s" % (BC[i], BC[i], x[i]))
    add64(out, T, BC)  # + Maj(a,b,c)
    I(out, "strd %s, %s, %s" % (A[0], A[1], slot(0, k)))  # a is the next round's b
    return T, u, [BC, A, x]  # an order whose rotation comes back after 80 rounds


# ---- the state into registers and slots, once a call (r12: the state) ------------------------
pre = []
A, E, BC = PAIRS[0], PAIRS[1], PAIRS[2]
free = PAIRS[3:]
for p in range(8):
    d = A if p == 0 else E if p == 4 else BC if p == 1 else free[0]
    state_load(pre, d, p)
    if p not in (0, 4):
        I(pre, "strd %s, %s, %s" % (d[0], d[1], slot(p, 0)))
    if p == 2:
        for i in (0, 1):
            I(pre, "eor %s, %s, %s" % (BC[i], BC[i], d[i]))  # b ^ c for the first round

# ---- the block: rounds 0-15 take the data (lr), 16-79 extend the schedule ------------------
body = ["ldr r12, [sp, #%d]" % K_AT]
for k in range(80):
    T, x, u = free
    if k < 16:
        I(body, "ldr %s, [lr], #4" % T[1])
        I(body, "ldr %s, [lr], #4" % T[0])
        for r in (T[1], T[0]):
            I(body, "rev %s, %s" % (r, r))  # dropped on big-endian targets
        if k == 15:
            I(body, "str lr, [sp, #%d]" % DATA_AT)
    else:
        # W[k] = sigma1(W[k-2]) + W[k-7] + sigma0(W[k-15]) + W[k-16]
        I(body, "ldrd %s, %s, %s" % (x[0], x[1], w(k - 15)))
        sigma(body, T, x, (1, 8), 7)
        I(body, "ldrd %s, %s, %s" % (x[0], x[1], w(k - 16)))
        add64(body, T, x)
        I(body, "ldrd %s, %s, %s" % (x[0], x[1], w(k - 7)))
        add64(body, T, x)
        I(body, "ldrd %s, %s, %s" % (x[0], x[1], w(k - 2)))
        sigma(body, u, x, (19, 61), 6)
        add64(body, T, u)
    if k < 78:  # W[k] is read at k + 2, 7, 15 and 16
        I(body, "strd %s, %s, %s" % (T[0], T[1], w(k)))
    A, BC, free = round_(body, k, A, E, BC, T, x, u)
# state += a..h, also into the slots and registers of the next block; b ^ c for its
# first round. BC's old value is dead.
I(body, "ldr r12, [sp, #%d]" % STATE_AT)
t = free[0]
for p in range(8):
    d = A if p == 0 else E if p == 4 else BC if p == 1 else free[1]
    if p not in (0, 4):
        I(body, "ldrd %s, %s, %s" % (d[0], d[1], slot(p, 80)))
    state_load(body, t, p)
    add64(body, d, t)
    state_store(body, d, p)
    if p not in (0, 4):
        I(body, "strd %s, %s, %s" % (d[0], d[1], slot(p, 0)))
    if p == 2:
        for i in (0, 1):
            I(body, "eor %s, %s, %s" % (BC[i], BC[i], d[i]))
assert (A, E, BC) == (PAIRS[0], PAIRS[1], PAIRS[2]), "the next block expects the same pairs"
for s in ["ldr lr, [sp, #%d]" % DATA_AT, "ldr r12, [sp, #%d]" % END_AT, "cmp lr, r12", "bne 1b"]:
    I(body, s)

ordered = a32_order.order(body)
if os.environ.get("LISTING"):
    open(os.environ["LISTING"], "w").write("".join(t + "\n" for t in ordered))


def cline(t):
    if t in BE:
        return "        " + BE[t] + "\n"
    mn, _, ops = t.partition(" ")
    line = '        "%-10s %s\\n\\t"\n' % (mn, ops)
    return "#if !defined(__ARMEB__)\n" + line + "#endif\n" if mn == "rev" else line


tmpl = open(os.path.join(HERE, "sha512_a32.c.in")).read()
out = tmpl.replace("@PROLOGUE@\n", "".join(cline(t) for t in pre))
out = out.replace("@BODY@\n", '        "1:\\n\\t"\n' + "".join(cline(t) for t in ordered))
generated_file.write_or_check("src/arm32/sha512_a32.c", out, "gen_sha512_a32.py",
                              "%d instructions a block" % len(ordered))
