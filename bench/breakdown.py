#!/usr/bin/env python3
"""Per-call guest instructions by function: the difference of two qemu-tbprof profiles
(N=0 and N=k runs of `armsha-bench count`) divided by k, put back on symbols through the
guest's /proc/self/maps (ARMSHA_BENCH_MAPS). Prints a markdown table.

Stripped libraries (Debian's libcrypto, libc) have only dynamic symbols: an address
inside a function that is not exported is shown by the CFI (.eh_frame) function that
holds it, as `fn@0xADDR`, after the nearest exported symbol before it; code without CFI
(OpenSSL's perlasm) under the nearest exported symbol before it.
"""
import argparse
import bisect
import collections
import re
import subprocess

NM = "aarch64-linux-gnu-nm"
READELF = "aarch64-linux-gnu-readelf"


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout


class Image:
    """Symbols, CFI function ranges and load segments of one ELF file."""

    def __init__(self, path):
        self.path = path
        self.short = path.rsplit("/", 1)[-1]
        self.loads = []  # (p_offset, p_vaddr, p_filesz)
        for line in run([READELF, "-lW", path]).splitlines():
            f = line.split()
            if f and f[0] == "LOAD":
                self.loads.append((int(f[1], 16), int(f[2], 16), int(f[4], 16)))
        syms = self._nm([NM, "-n", "--defined-only", path])
        self.stripped = not syms
        if self.stripped:
            syms = self._nm([NM, "-D", "-n", "--defined-only", path])
        self.sym_addr = [a for a, _ in syms]
        self.sym_name = [n for _, n in syms]
        self.fdes = []
        if self.stripped:
            for m in re.finditer(r"FDE cie=\S+ pc=([0-9a-f]+)\.\.([0-9a-f]+)",
                                 run([READELF, "--debug-dump=frames", path])):
                self.fdes.append((int(m.group(1), 16), int(m.group(2), 16)))
            self.fdes.sort()
        self.fde_start = [s for s, _ in self.fdes]
        self.plt = []
        for m in re.finditer(r"\]\s+(\.plt\S*)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)",
                             run([READELF, "-SW", path])):
            start = int(m.group(2), 16)
            self.plt.append((start, start + int(m.group(3), 16)))

    @staticmethod
    def _nm(cmd):
        out = []
        for line in run(cmd).splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "TtWwi":
                out.append((int(f[0], 16), f[2]))
        # Prefer the first name at an address (aliases share it).
        seen, uniq = set(), []
        for a, n in out:
            if a not in seen:
                seen.add(a)
                uniq.append((a, n))
        return uniq

    def vaddr(self, offset):
        for off, va, sz in self.loads:
            if off <= offset < off + sz:
                return offset - off + va
        return offset

    def _near(self, va):
        i = bisect.bisect_right(self.sym_addr, va) - 1
        return (self.sym_name[i], va - self.sym_addr[i]) if i >= 0 else ("?", va)

    def name(self, va):
        if any(s <= va < e for s, e in self.plt):
            return "(PLT stubs)"
        name, off = self._near(va)
        if not self.stripped:
            return name
        i = bisect.bisect_right(self.fde_start, va) - 1
        if i >= 0 and self.fdes[i][0] <= va < self.fdes[i][1]:
            start = self.fdes[i][0]
            j = bisect.bisect_left(self.sym_addr, start)
            if j < len(self.sym_addr) and self.sym_addr[j] == start:
                return self.sym_name[j]
            pname, poff = self._near(start)
            return "fn@0x%x (after %s+0x%x)" % (start, pname, poff)
        return "no-CFI code after %s" % name


class Maps:
    def __init__(self, path):
        self.ranges = []  # (start, end, offset, Image)
        images = {}
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) < 6 or "x" not in p[1] or not p[5].startswith("/"):
                    continue
                start, end = (int(x, 16) for x in p[0].split("-"))
                img = images.get(p[5]) or images.setdefault(p[5], Image(p[5]))
                self.ranges.append((start, end, int(p[2], 16), img))
        self.ranges.sort(key=lambda r: r[0])

    def lookup(self, addr):
        for start, end, off, img in self.ranges:
            if start <= addr < end:
                return img, img.vaddr(addr - start + off)
        return None, addr


def load_profile(path):
    prof = collections.Counter()
    with open(path) as f:
        for line in f:
            va, n, c = line.split()
            prof[(int(va, 16), int(n))] += int(c)
    return prof


SHA_OPS = re.compile(r"\t(sha1[chmp]|sha256h2?|sha512h2?)\b")


def sha_ops(img, addrs):
    """The SHA instructions among the executed addresses of an unnamed piece of code:
    tells OpenSSL's hardware block functions from its integer ones."""
    lo, hi = min(addrs), max(addrs) + 4
    dis = run(["aarch64-linux-gnu-objdump", "-d", "--start-address=0x%x" % lo,
               "--stop-address=0x%x" % hi, img.path])
    return sorted(set(SHA_OPS.findall(dis)))


def annotate(out, where):
    """Adds the SHA instructions found to the names of no-CFI groups."""
    res = collections.Counter()
    for key, v in out.items():
        lib, fn = key
        if fn.startswith("no-CFI") and key in where:
            img, addrs = where[key]
            ops = sha_ops(img, addrs)
            if ops:
                fn = "%s [%s]" % (fn, ", ".join(ops))
        res[(lib, fn)] += v
    return res


def per_symbol(prof, maps, cache):
    """Instructions per (library, function): every instruction of a block is 4 bytes,
    so a block that runs across a symbol boundary is split exactly."""
    out = collections.Counter()
    where = {}
    for (va, n), count in prof.items():
        for i in range(n):
            a = va + 4 * i
            hit = cache.get(a)
            if hit is None:
                img, v = maps.lookup(a)
                key = (img.short, img.name(v)) if img else ("[other]", "0x%x" % a)
                hit = cache[a] = (key, img, v)
            key, img, v = hit
            out[key] += count
            if img is not None and key[1].startswith("no-CFI"):
                where.setdefault(key, (img, []))[1].append(v)
    return annotate(out, where)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", type=int, required=True, help="calls in the second run of each pair")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--min", type=float, default=0.5, help="hide rows below this many per call")
    ap.add_argument("runs", nargs="+", metavar="LABEL:MAPS:PROF0:PROFK",
                    help="one column per pair of profiles (N=0 and N=k) with its guest maps")
    a = ap.parse_args()

    labels, cols = [], []
    for spec in a.runs:
        label, mpath, p0, pk = spec.split(":")
        maps, cache = Maps(mpath), {}
        s0 = per_symbol(load_profile(p0), maps, cache)
        sk = per_symbol(load_profile(pk), maps, cache)
        labels.append(label)
        cols.append({key: (sk[key] - s0.get(key, 0)) / a.k for key in set(sk) | set(s0)})

    keys = set().union(*cols)
    rows = sorted(keys, key=lambda key: -max(abs(c.get(key, 0)) for c in cols))
    print("| library | function | " + " | ".join(labels) + " |")
    print("|---|---|" + "---:|" * len(labels))
    shown = [r for r in rows[:a.top] if max(abs(c.get(r, 0)) for c in cols) >= a.min]
    for lib, fn in shown:
        print("| %s | `%s` | " % (lib, fn) + " | ".join("%.1f" % c.get((lib, fn), 0) for c in cols) + " |")
    rest = [sum(c.values()) - sum(c.get(r, 0) for r in shown) for c in cols]
    if any(abs(r) >= 0.05 for r in rest):
        print("| | (the rest) | " + " | ".join("%.1f" % r for r in rest) + " |")
    print("| **total** | | " + " | ".join("**%.1f**" % sum(c.values()) for c in cols) + " |")
    print()
    print("By library (insns/call):")
    print()
    libs = sorted({lib for lib, _ in keys})
    print("| library | " + " | ".join(labels) + " |")
    print("|---|" + "---:|" * len(labels))
    for lib in libs:
        vals = [sum(v for (l, _), v in c.items() if l == lib) for c in cols]
        if any(abs(v) >= 0.05 for v in vals):
            print("| %s | " % lib + " | ".join("%.1f" % v for v in vals) + " |")


if __name__ == "__main__":
    main()
