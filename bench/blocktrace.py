#!/usr/bin/env python3
"""One hashed block's executed instructions, from qemu, for the cycle models.

    blocktrace.py --arch aarch64|arm --sysroot DIR --build DIR --provider armsha|default
                  --alg SHA1 [--size 1024] [--env VAR=value ...] [--cpu max] --out PREFIX

Writes PREFIX.s (the block, or the blocks_per_period blocks of a kernel that interleaves
several, as assembly, one instruction a line, `// addr` comments dropped
so that llvm-mca and bench/inorder_a53.py read it as is) and PREFIX.json (addresses,
bytes, which code it is). How, without symbols (Debian's libcrypto is stripped) and
without knowing which kernel runs (armsha's kernels line says; the trace follows it):

1. bench/qemu-tbprof.c counts every translated block's executions in two processes of
   `armsha-bench count PROVIDER ALG SIZE oneshot N`, N = 0 and N = 4: the difference is
   four calls. A call of SIZE bytes hashes SIZE / block-size blocks; the translated blocks
   that ran at least half that many times a call are the per-block code (the block loop,
   wherever it is: a kernel's loop, or a caller's loop and the function it calls).
2. bench/qemu-blocktrace.c logs the order in which those ran (N = 1) with their bytes.
3. The longest stretch of that order that repeats with one period is the call's block
   loop; its smallest period is one block: every block runs the same instructions (no
   data-dependent branch in SHA). A static cut of a loop is not one block when the loop
   has an inner loop (OpenSSL's integer SHA-256/512 run rounds 16-79 in a loop); the trace
   is. The period is rotated to start at the block loop's head: the lowest-addressed
   translated block that runs once a period.
4. The instructions are disassembled with llvm-mc and assembled back; the bytes must be
   the traced ones (in Thumb cut to the length the first halfword gives, when qemu-arm
   reports more: thumb_trimmed), so the models read exactly what ran. A failure at any step stops the
   script with what went wrong: it writes no listing it did not check.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

BLOCK_BYTES = {"SHA1": 64, "SHA2-224": 64, "SHA2-256": 64, "SHA2-384": 128, "SHA2-512": 128,
               "SHA2-512/224": 128, "SHA2-512/256": 128}
MC = "llvm-mc-16"
TRIPLES = {"aarch64": ["aarch64-linux-gnu"], "arm": ["thumbv7a-linux-gnueabihf", "armv7a-linux-gnueabihf"]}
MATTR = {"aarch64": "+neon,+sha2,+sha3,+aes,+crc", "arm": "+neon,+crypto,+vfp4"}


def die(msg):
    sys.exit("blocktrace: " + msg)


def run(cmd, env=None, check=True, input=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, input=input)
    if check and r.returncode != 0:
        die("failed: %s\n%s" % (" ".join(cmd), (r.stderr or r.stdout)[-2000:]))
    return r


class Runner:
    def __init__(self, a):
        self.a = a
        src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.qemu_run = os.path.join(src, "scripts", "qemu-run.sh")
        self.bench = os.path.join(a.build, "bench", "armsha-bench")

    def env(self):
        e = {"PATH": "/usr/bin:/bin", "OPENSSL_MODULES": self.a.build, "QEMU_CPU": self.a.cpu}
        for kv in self.a.env:
            k, v = kv.split("=", 1)
            e[k] = v
        return e

    def cmd(self, plugin, n, *extra):
        return [self.qemu_run, self.a.arch, self.a.sysroot, "-plugin", plugin, "--",
                self.bench, *extra, "count", self.a.provider, self.a.alg, str(self.a.size),
                "oneshot", "%06d" % n]

    def start(self, plugin, n):
        return subprocess.Popen(self.cmd(plugin, n), env=self.env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)


def wait(p, what):
    out, err = p.communicate()
    if p.returncode != 0:
        die("%s failed: %s" % (what, err[-1500:]))


def load_prof(path):
    d = {}
    for line in open(path):
        a, n, c = line.split()
        d[(int(a, 16), int(n))] = int(c)
    return d


def per_block_tbs(tmp, r, plugins, nblocks):
    """Translated-block start addresses that ran at least nblocks/2 times a call."""
    k = 4
    procs = [(n, r.start("%s,out=%s/prof%d.txt" % (plugins["tbprof"], tmp, n), n)) for n in (0, k)]
    for n, p in procs:
        wait(p, "profile run N=%d" % n)
    p0, pk = load_prof("%s/prof0.txt" % tmp), load_prof("%s/prof%d.txt" % (tmp, k))
    hot = {key for key in pk if pk[key] - p0.get(key, 0) >= k * max(1, nblocks // 2)}
    if not hot:
        die("no code ran once a block in the profile")
    return sorted({a for a, _ in hot}), hot


def read_trace(path):
    tbs, seq, ended = {}, [], None
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "T":
            tbs[int(f[1])] = (int(f[2], 16), [bytes.fromhex(x) for x in f[3:]])
        elif f[0] == "E":
            seq += [int(x) for x in f[1:]]
        else:
            ended = f[0]
    if ended != "END":
        die("trace incomplete (%s)" % ended)
    return tbs, seq


def thumb_length(b):
    """Bytes of the Thumb instruction that starts with b: 4 when its first halfword's top five
    bits are 0b11101, 0b11110 or 0b11111 (a 32-bit Thumb-2 encoding), else 2."""
    return 4 if len(b) >= 2 and (b[0] | b[1] << 8) >> 11 in (0x1D, 0x1E, 0x1F) else 2


def thumb_trimmed(tbs, stretch):
    """The translated blocks of stretch (keys) with each instruction cut to its Thumb length,
    or (None, why); only those, as the rest of the trace may be A32 (libc, the A32 parts of
    libcrypto). qemu-arm 7.2's
    plugin API reports as an instruction's bytes every halfword its translator read while
    translating it, and the Thumb translator reads the next instruction's first halfword
    when that one starts less than 4 bytes before a page end (to see whether it crosses the
    page), so an instruction there comes with 2 bytes too many. The bytes cut off must be
    the start of the instruction traced at the address right after, or the trace is not
    what ran and nothing is cut. That instruction is in stretch: the translator looks ahead
    only when the block goes on to the next instruction (no branch), so it ran next."""
    want, out, extras = set(stretch), {}, []
    for tid, (va, insns) in tbs.items():
        if (va, len(insns)) not in want:
            continue
        off, cut = 0, []
        for b in insns:
            n = thumb_length(b)
            if len(b) < n:
                return None, "%d-byte instruction %s at %#x" % (len(b), b.hex(), va + off)
            cut.append(b[:n])
            if len(b) > n:
                extras.append((va + off, n, b[n:]))
            off += n
        out[tid] = (va, cut)
    starts = {}
    for va, cut in out.values():
        off = 0
        for b in cut:
            starts[va + off] = b
            off += len(b)
    for addr, n, extra in extras:
        nxt = starts.get(addr + n)
        if len(extra) != 2 or nxt is None or nxt[:2] != extra:
            return None, "bytes %s traced beyond the instruction at %#x are not the start of the" \
                " instruction traced after it (%s)" % (extra.hex(), addr, nxt.hex() if nxt else "none")
    return out, ""


def one_period(keys):
    """(coverage, start, period) of the stretch of keys with one period that covers the most
    instructions (keys are (address, instruction count)), with the smallest period of that
    stretch; the stretch must hold at least three periods."""
    n = len(keys)
    pre = [0]
    for _, c in keys:
        pre.append(pre[-1] + c)
    best = (0, 0, 0)  # instructions covered, start, period
    for p in range(1, n // 3 + 1):
        run = 0
        for i in range(n - p):
            if keys[i] == keys[i + p]:
                run += 1
                s0 = i - run + 1
                if run + p >= 3 * p:
                    cover = pre[i + p + 1] - pre[s0]
                    if cover > best[0]:
                        best = (cover, s0, p)
            else:
                run = 0
    if best[2] == 0:
        die("no repeating stretch in the trace (%d translated blocks)" % n)
    return best


def flatten(tbs, stretch):
    """The instructions and their addresses of the translated blocks (keys) in stretch."""
    byaddr = {(va, len(insns)): insns for va, insns in tbs.values()}
    insns, addrs = [], []
    for va, n in stretch:
        off = 0
        for b in byaddr[(va, n)]:
            insns.append(b)
            addrs.append(va + off)
            off += len(b)
    return insns, addrs


def disassemble(arch, tbs, stretch):
    """(triple, text of each instruction (llvm-mc), bytes, addresses) of the instructions in
    stretch, trying the triples in order; the first whose text assembles back to the bytes.
    In Thumb the bytes are first cut to each instruction's length (thumb_trimmed); in A32 and
    A64 every instruction must be 4 bytes as traced."""
    errors = []
    for triple in TRIPLES[arch]:
        if triple.startswith("thumb"):
            layout, why = thumb_trimmed(tbs, stretch)
            if layout is None:
                errors.append("%s: %s" % (triple, why))
                continue
        else:
            layout = tbs
        insns, addrs = flatten(layout, stretch)
        if not triple.startswith("thumb") and any(len(b) != 4 for b in insns):
            errors.append("%s: instructions of other lengths than 4 bytes" % triple)
            continue
        hexs = "\n".join(" ".join("0x%02x" % c for c in b) for b in insns)
        r = run([MC, "--disassemble", "-triple=" + triple, "-mattr=" + MATTR[arch]], input=hexs, check=False)
        lines = [l.strip() for l in r.stdout.splitlines()
                 if l.strip() and not l.strip().startswith(".") and not l.strip().startswith("@")]
        lines = [re.sub(r"\s*(//|@).*$", "", l) for l in lines]
        if r.returncode != 0 or len(lines) != len(insns) or "warning" in r.stderr:
            errors.append("%s: %d of %d decoded %s" % (triple, len(lines), len(insns), r.stderr[:300]))
            continue
        ok, why = assembles_back(triple, arch, lines, insns)
        if ok:
            return triple, lines, insns, addrs
        errors.append("%s: %s" % (triple, why))
    die("no disassembly assembles back to the traced bytes:\n  " + "\n  ".join(errors))


def assembles_back(triple, arch, lines, insns):
    prefix = ".syntax unified\n.thumb\n" if triple.startswith("thumb") else (
        ".syntax unified\n.arm\n" if arch == "arm" else "")
    r = run([MC, "-triple=" + triple, "-mattr=" + MATTR[arch], "-show-encoding"],
            input=prefix + "\n".join(lines) + "\n", check=False)
    if r.returncode != 0:
        return False, r.stderr[:500]
    got = []
    for l in r.stdout.splitlines():
        m = re.search(r"encoding: \[([^\]]*)\]", l)
        if m:
            got.append(bytes(int(x, 16) for x in m.group(1).split(",")))
    if len(got) != len(insns):
        return False, "%d encodings for %d instructions" % (len(got), len(insns))
    for i, (g, w) in enumerate(zip(got, insns)):
        if g != w:
            return False, "instruction %d `%s`: %s assembled, %s traced" % (i, lines[i], g.hex(), w.hex())
    return True, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", required=True, choices=["aarch64", "arm"])
    ap.add_argument("--sysroot", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--provider", required=True, choices=["armsha", "default"])
    ap.add_argument("--alg", required=True)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--cpu", default="max")
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--plugins", required=True, help="DIR with tbprof.so and blocktrace.so")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    nblocks = a.size // BLOCK_BYTES[a.alg]
    r = Runner(a)
    plugins = {k: os.path.join(a.plugins, k + ".so") for k in ("tbprof", "blocktrace")}
    with tempfile.TemporaryDirectory() as tmp:
        addrs, hot = per_block_tbs(tmp, r, plugins, nblocks)
        open(tmp + "/addrs", "w").write("".join("%x\n" % x for x in addrs))
        p = r.start("%s,addrs=%s/addrs,out=%s/trace.txt" % (plugins["blocktrace"], tmp, tmp), 1)
        wait(p, "trace run")
        tbs, seq = read_trace(tmp + "/trace.txt")
    # Keys by (address, length): a block translated twice is the same code.
    keys = [(tbs[i][0], len(tbs[i][1])) for i in seq]
    cover, start, period = one_period(keys)
    stretch = keys[start:start + period]
    once = [k for k in stretch if stretch.count(k) == 1]
    head = min(once) if once else min(stretch)
    h = stretch.index(head)
    stretch = stretch[h:] + stretch[:h]
    # Instructions a period, for the count of blocks it holds (the same in every layout).
    ninsns = sum(n for _, n in stretch)
    # A kernel that hashes two blocks an iteration repeats every two blocks: the stretch
    # then repeats about half as often as the call has blocks.
    reps = cover / ninsns
    per = max(1, round(nblocks / reps)) if reps < 0.75 * nblocks else 1
    if per > 1 and abs(reps * per - nblocks) > 2.5:
        die("the repeating stretch (%d instructions, %.1f times) is not a whole number of blocks of a"
            " %d-block call" % (ninsns, reps, nblocks))
    triple, lines, insns, addrs_out = disassemble(a.arch, tbs, stretch)
    open(a.out + ".s", "w").write("\n".join("\t" + l for l in lines) + "\n")
    json.dump({"alg": a.alg, "provider": a.provider, "env": a.env, "cpu": a.cpu, "triple": triple,
               "instructions": len(insns), "translated_blocks": period, "blocks_per_period": per,
               "blocks_in_stretch": round(cover / len(insns), 2),
               "lo": min(addrs_out), "hi": max(addrs_out),
               "addrs": addrs_out, "bytes": [b.hex() for b in insns]}, open(a.out + ".json", "w"))
    print("blocktrace: %s %s: %d instructions a period of %d block(s) (%d translated blocks, repeated %.1f"
          " times), %s" % (a.provider, a.alg, len(insns), per, period, reps, triple), file=sys.stderr)


if __name__ == "__main__":
    main()
