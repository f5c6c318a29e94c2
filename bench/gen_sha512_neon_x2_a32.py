#!/usr/bin/env python3
"""Writes src/arm32/sha512_neon_x2.c: SHA-512 on two NEON lanes for 32-bit ARM
(armsha_sha512_x2_neon32, issue 22), from the listing bench/mca_arm32_sha512_lanes.py
measures: its two-lane block in the "kernel" order (bench/a32_order.py anywhere, on the
calibrated A53 model and llvm-mca-14's Cortex-A55 as bench/mca_inorder.py replays it from
bench/mca-inorder-tables.json: no llvm-mca needed), checked there against a Python SHA-512
on both lanes, with its registers r0-r4 and sp put as the asm statement's operands.

Run from the repository:

    python3 bench/gen_sha512_neon_x2_a32.py [--check]

--check only compares the file with what it would write (the test suite's
generated-sha512-neon-x2-arm32 test). Deterministic: the same script writes the same file.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import generated_file  # noqa: E402
import mca_arm32_sha512_lanes as lanes  # noqa: E402

# the listing's registers -> the asm statement's operands (the template names them)
OPERANDS = {"r0": "%[sa]", "r2": "%[sb]", "r1": "%[da]", "r4": "%[db]", "r3": "%[k]", "sp": "%[w]"}


def c_line(t):
    """One instruction as a line of the C string literal (the byte swap as REV64(), which
    is empty on big-endian)."""
    m = re.match(r"^vrev64\.8 (q\d+), \1$", t)
    if m:
        return '        REV64("%s")\n' % m.group(1)
    t = re.sub(r"\[(r[0-4]|sp)\b", lambda m: "[" + OPERANDS[m.group(1)], t)
    assert not re.search(r"\b(r\d+|sp)\b", t), t
    mn, rest = t.split(None, 1)
    return '        "%s %s\\n\\t"\n' % (mn.ljust(10), rest)


def main():
    body = lanes.kernel_block()
    lanes.check(body)  # exits unless both lanes compute the reference's compression
    tmpl = open(os.path.join(HERE, "sha512_neon_x2_a32.c.in")).read()
    out = tmpl.replace("@BODY@\n", "".join(c_line(t) for t in body))
    generated_file.write_or_check("src/arm32/sha512_neon_x2.c", out, "gen_sha512_neon_x2_a32.py",
                                  "%d instructions, both lanes checked" % len(body))


if __name__ == "__main__":
    main()
