#!/usr/bin/env python3
"""bench/anneal_order.c replays llvm-mca's in-order models as bench/mca_inorder.py does.

The search that orders src/arm32/sha512_neon_x2.c (bench/anneal_sha512_neon_x2_a32.py)
scores each order with the C replay; bench/mca_inorder.py's Python replay is the one
checked against llvm-mca itself (bench/RESULTS.md). So: the kernel's own order, and the
order the annealer makes from the program order in a few thousand moves, must get from the
C replay the cycles the Python replay gives, on each model the search uses, and the
annealer's order must keep every dependence of the program and still compute SHA-512 on
both lanes.
Needs a C compiler (CC, else cc); no llvm-mca.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench")
sys.path.insert(0, BENCH)
import anneal_sha512_neon_x2_a32 as search  # noqa: E402
import mca_arm32_sha512_lanes as lanes  # noqa: E402
import mca_inorder  # noqa: E402


def python_cycles(lines):
    return [mca_inorder.cycles(tool, cpu, lanes.translate(lines, q)) for tool, cpu, q, _, _ in search.MODELS]


def main():
    prog = lanes.program()
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        binary = search.build_annealer(tmp)
        for start, moves in ((lanes.kernel_block(), 0), (prog, 3000)):
            with open(os.path.join(tmp, "in"), "w") as f:
                f.write(search.model_input(start))
            out = os.path.join(tmp, "out")
            r = subprocess.run([binary, os.path.join(tmp, "in"), out, str(moves), "40", "1.0", "0.05", "7"],
                               check=True, capture_output=True, text=True)
            c_cycles = [int(x) for x in re.search(r"cycles ([\d ]+)$", r.stdout.strip()).group(1).split()]
            lines = [start[int(l)] for l in open(out)]
            lanes.check(lines)  # exits unless both lanes compute the reference's compression
            broken = lanes.crossed(lanes.indices(lines, prog), prog)
            py_cycles = python_cycles(lines)
            ok = c_cycles == py_cycles and not broken and (moves == 0 or lines != start)
            failures += not ok
            print("%s: %d moves: C replay %s, Python replay %s, %d dependences crossed%s" % (
                "ok" if ok else "FAIL", moves, c_cycles, py_cycles, len(broken),
                ", the order unchanged" if moves and lines == start else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
