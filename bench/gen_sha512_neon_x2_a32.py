#!/usr/bin/env python3
"""Writes src/arm32/sha512_neon_x2.c: SHA-512 on two NEON lanes for 32-bit ARM
(armsha_sha512_x2_neon32, issue 22), from the listing bench/mca_arm32_sha512_lanes.py
measures: its two-lane block in the order kept in bench/sha512_neon_x2_a32.order (found by
bench/anneal_sha512_neon_x2_a32.py; checked here to keep every dependence: no llvm-mca
needed), run there against a Python SHA-512 on both lanes, with its core registers put as
the asm statement's operands.

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

# the listing's registers -> the asm statement's operands (the template names them): the
# states, the blocks, K's pointer and W's (bench/mca_arm32_sha512_lanes.PTR_AT)
OPERANDS = {"r0": "%[sa]", "r2": "%[sb]", "r1": "%[da]", "r4": "%[db]", "r3": "%[k]",
            "r5": "%[w16]", "r10": "%[w15]", "r6": "%[w7]", "r8": "%[w2]", "r9": "%[ws]"}


def c_line(t):
    """One instruction as a line of the C string literal (the byte swap as REV64(), which
    is empty on big-endian)."""
    m = re.match(r"^vrev64\.8 (q\d+), \1$", t)
    if m:
        return '        REV64("%s")\n' % m.group(1)
    t = re.sub(r"\b(r\d+)\b", lambda m: OPERANDS[m.group(1)], t)
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
