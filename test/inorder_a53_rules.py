#!/usr/bin/env python3
"""The in-order Cortex-A53 model (bench/inorder_a53.py) keeps the rules it documents.

Each case is a small loop body whose steady-state cycles an iteration follow from the rules
by hand (worked out in the comment beside it), run under the default parameters and the
variants the benchmark prints. A parser slip (a register read not seen, a two-operand Thumb
form taken for a move) or a broken issue rule changes one of these numbers.
"""
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import inorder_a53  # noqa: E402

CASES = [
    # (name, isa, listing, {params: expected cycles an iteration})
    ("two independent plain ALU chains pair", "a64",
     "add x1, x1, #1\nadd x2, x2, #1\nadd x1, x1, #1\nadd x2, x2, #1\n",
     {"": 2, "gccfwd": 2}),  # each chain 1 cycle a step, two steps each
    ("shifted-operand result to a plain operand", "a64",
     "eor x1, x1, x2, ror #3\neor x1, x1, x3, ror #5\n",
     {"": 4, "gccfwd": 2}),  # chain through the plain operand: 2 cycles (GCC: 1) each
    ("result to the shifted operand is read early", "a64",
     "eor x1, x2, x1, ror #3\neor x1, x3, x1, ror #5\n",
     {"": 4, "gccfwd": 4}),  # 2 each either way
    ("load to use", "a64",
     "ldr x1, [x0]\nadd x2, x2, x1\n",
     {"": 3, "gccfwd": 2}),  # add waits for the load, the next load issues beside it
    ("one load a cycle", "a64",
     "ldr x1, [x0]\nldr x2, [x0, #8]\n",
     {"": 2}),
    ("LDP issues alone and holds slot 0 the next cycle", "a64",
     "ldp x1, x2, [x0]\nadd x3, x3, #1\nadd x4, x4, #1\n",
     {"": 3}),  # c0 LDP; c1 one add beside the held slot; c2 the other add (the next LDP needs both)
    ("shift by immediate forwards to a plain operand in the same cycle", "a64",
     "lsr x1, x2, #3\nadd x3, x3, x1\n",
     {"": 1}),  # the pair issues together; the x3 chain takes a cycle an iteration
    ("ROR by immediate reads its input early", "a64",
     "ror x1, x1, #3\nror x1, x1, #5\n",
     {"": 4, "gcc": 4}),  # an EXTR result to an EXTR input: 2 each
    ("128-bit NEON operations issue from slot 0 only", "a64",
     "add v0.4s, v0.4s, v1.4s\nadd v2.4s, v2.4s, v3.4s\n",
     {"": 2, "simd.*=4": 4}),  # one a cycle; each chain waits the NEON latency (2; GCC 4)
    ("64-bit NEON operations pair", "a64",
     "add v0.2s, v0.2s, v1.2s\nadd v2.2s, v2.2s, v3.2s\n",
     {"": 2}),  # both in one cycle, then each chain's latency of 2
    ("Thumb two-operand form reads its destination", "a32",
     "add r1, r2\nadd r1, r3\n",
     {"": 2}),  # r1 = r1 + r2 is a chain of 1-cycle steps
    ("q registers are two d registers", "a32",
     "vadd.i32 q0, q0, q1\nvadd.i32 d1, d1, d4\n",
     {"": 4}),  # d1 is half of q0: each waits for the other (2 + 2)
    ("A32 shifted operand read early", "a32",
     "eor.w r0, r1, r0, ror #2\n",
     {"": 2, "gccfwd": 2}),
]


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, isa, text, want) in enumerate(CASES):
            path = os.path.join(tmp, "case%d.s" % i)
            with open(path, "w") as f:
                f.write(text)
            for spec, cycles in want.items():
                got = inorder_a53.model(path, isa, spec)
                ok = got == cycles
                failed += not ok
                print("%s: %s [%s]: %s cycles an iteration, want %s" % (
                    "ok" if ok else "FAIL", name, spec or "default", got, cycles))
    print("%d of %d checks failed" % (failed, sum(len(c[3]) for c in CASES)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
