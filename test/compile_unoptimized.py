#!/usr/bin/env python3
"""Compiles every C source of the module unoptimized (-O0), each with the flags its build
target uses (the build's meson-info/intro-targets.json), as a Debian build with
DEB_BUILD_OPTIONS=noopt or `meson setup --buildtype=debug` would: GCC's register allocator
places asm operands differently there (the armhf two-lane SHA-512's ten register operands
did not fit at -O0 before its optimize attribute), and the suite otherwise builds optimized.

    compile_unoptimized.py BUILD_ROOT SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile

build, src = sys.argv[1], os.path.join(os.path.realpath(sys.argv[2]), "src") + os.sep
targets = json.load(open(os.path.join(build, "meson-info", "intro-targets.json")))
failed = done = 0
with tempfile.TemporaryDirectory() as tmp:
    for t in targets:
        for ts in t["target_sources"]:
            if ts.get("language") != "c":  # newer meson lists the link step too, without one
                continue
            # -O0 for the build's level; no LTO: each file compiled to its own object
            flags = [p for p in ts["parameters"] if not p.startswith(("-O", "-flto", "-fdiagnostics-color"))]
            for s in ts["sources"]:
                if not os.path.realpath(s).startswith(src):
                    continue
                r = subprocess.run(ts["compiler"] + flags + ["-O0", "-c", "-o", os.path.join(tmp, "x.o"), s],
                                   cwd=build, capture_output=True, text=True)
                done += 1
                if r.returncode != 0:
                    failed += 1
                    print("FAIL: %s (target %s) at -O0:\n%s" % (s, t["name"], r.stderr.strip()))
if done == 0:
    print("FAIL: no source of src/ found in %s's targets" % build)
    sys.exit(1)
print("%d compiles of src/ at -O0, %d failed" % (done, failed))
sys.exit(1 if failed else 0)
