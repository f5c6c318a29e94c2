#!/usr/bin/env python3
"""armsha against OpenSSL on cores without SHA instructions (Raspberry Pi 3/4): cycles a block.

    mca_nosha.py --arm64 BUILD SYSROOT --armhf BUILD SYSROOT --plugins64 DIR --plugins32 DIR
                 --armsha-env "VAR=value ..." [--mca llvm-mca-16 --mca llvm-mca-14] [--keep DIR]
                 [--plot FILE]

Run by bench/mca-nosha.sh. For each digest, one block of the instructions each side executes
in a 1 KiB `EVP_Digest` under qemu (bench/blocktrace.py: found by execution counts, the
trace's period, checked to assemble back to the traced bytes): armsha with its SHA-instruction
kernels off (--armsha-env; whichever kernel it then chooses, named by its kernels line),
under the qemu model of the core each row is for, since armsha chooses some kernels per core
(src/kernel_list.c): `-cpu cortex-a53` for the in-order rows (A53 model, llvm-mca's A53 and
A55: the A55 gets the A53's kernels), `-cpu cortex-a72` for the A57 rows,
OpenSSL's default provider as a Pi runs it (`OPENSSL_armcap=0x1`: NEON, no SHA: integer
SHA-1 and SHA-512, `sha256_block_neon`), and OpenSSL's integer SHA-256 (`OPENSSL_armcap=0`)
for reference. Each block goes through llvm-mca (cortex-a53, cortex-a55, and cortex-a57 for
the Cortex-A72 of a Pi 4; steady state (cycles of 2n blocks - cycles of n) / n) and through
bench/inorder_a53.py. armhf: armsha's NEON kernels against OpenSSL's armv4 NEON code
(`-cpu cortex-a8`: NEON, no SHA) on the in-order model only (llvm-mca has no in-order AArch32
model), and, for the cores without NEON (`-cpu cortex-r5f`), armsha's ARM integer kernels
(`sha256=a32`, `sha512=a32`) against OpenSSL's armv4 integer code as it dispatches there
(`OPENSSL_armcap=0`) on the same model. Markdown on stdout; nothing is printed that was not
measured. --plot: the picture's no-SHA panel (bench/mca-openssl.gp, drawn by
bench/mca-openssl.sh), cycles a byte of the aarch64 table's cells against OpenSSL as
dispatched, the first --mca and the in-order model.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import inorder_a53  # noqa: E402

ALGS = ["SHA1", "SHA2-256", "SHA2-512"]
NAMES = {"SHA1": "SHA-1", "SHA2-256": "SHA-256", "SHA2-512": "SHA-512"}
MCA_CPUS = [("cortex-a53", "Cortex-A53 (Pi 3, Zero 2 W)"), ("cortex-a55", "Cortex-A55"),
            ("cortex-a57", "Cortex-A72 (Pi 4, 400, CM4): llvm's Cortex-A57 model")]
# The targets, armsha / OpenSSL as dispatched, cycles a block.
TARGETS = {"cortex-a53": {"SHA1": 0.95, "SHA2-256": 0.90, "SHA2-512": 0.95},
           "cortex-a55": {"SHA1": 0.95, "SHA2-256": 0.90, "SHA2-512": 0.95},
           "cortex-a57": {"SHA1": 0.97, "SHA2-256": 0.90, "SHA2-512": 0.95}}
# The qemu model armsha is traced under for each kind of row (its kernels follow the core).
ARMSHA_CPU = {"in-order": "cortex-a53", "cortex-a57": "cortex-a72"}


def armsha_side(how):
    """The armsha trace a row reads: how = (model or llvm-mca, its cpu)."""
    return "armsha-ooo" if how[1] == "cortex-a57" else "armsha"


# armhf without NEON: the qemu model, and the digests that have an ARM integer kernel (SHA-1
# runs the portable C there; bench/insncount-armhf.sh counts it).
A32_INT_CPU = "cortex-r5f"
A32_INT_ALGS = ["SHA2-256", "SHA2-512"]
MODEL_VARIANTS = [("", "in-order model"), ("gccfwd", "in-order model, GCC's forwarding (`--params gccfwd`)")]


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit("mca-nosha: failed: %s\n%s" % (" ".join(cmd), (r.stderr or r.stdout)[-2000:]))
    return r.stdout


def trace(job):
    arch, build, sysroot, plugins, provider, alg, cpu, envs, out = job
    cmd = [sys.executable, os.path.join(HERE, "blocktrace.py"), "--arch", arch, "--sysroot", sysroot,
           "--build", build, "--plugins", plugins, "--provider", provider, "--alg", alg, "--cpu", cpu,
           "--out", out]
    for e in envs:
        cmd += ["--env", e]
    run(cmd)
    return json.load(open(out + ".json"))


def info(arch, build, sysroot, cpu, envs):
    env = {"PATH": "/usr/bin:/bin", "OPENSSL_MODULES": build, "QEMU_CPU": cpu}
    for e in envs:
        k, v = e.split("=", 1)
        env[k] = v
    out = run([os.path.join(os.path.dirname(HERE), "scripts", "qemu-run.sh"), arch, sysroot, "--",
               os.path.join(build, "bench", "armsha-bench"), "info"], env=env)
    return out.splitlines()


def mca_cycles(mca, cpu, listing, n=5):
    text = open(listing).read()

    def total(iters):
        r = subprocess.run([mca, "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-mattr=+neon,+sha2,+aes",
                            "-iterations=%d" % iters], input=text, capture_output=True, text=True)
        if r.returncode != 0 or "error:" in r.stderr:
            sys.exit("mca-nosha: %s -mcpu=%s failed on %s: %s" % (mca, cpu, listing, r.stderr[:500]))
        return int(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1))
    return (total(2 * n) - total(n)) / n


def fmt(c):
    return ("%.1f" % c).rstrip("0").rstrip(".")


def ratio_cell(a, b):
    r = a / b
    return "%s / %s = %s" % (fmt(a), fmt(b), ("**%.2f**" % r) if round(r, 2) > 1.0 else "%.2f" % r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arm64", nargs=2, required=True, metavar=("BUILD", "SYSROOT"))
    ap.add_argument("--armhf", nargs=2, metavar=("BUILD", "SYSROOT"))
    ap.add_argument("--plugins64", required=True)
    ap.add_argument("--plugins32")
    ap.add_argument("--armsha-env", default="ARMSHA_DISABLE=all")
    ap.add_argument("--mca", action="append", default=[])
    ap.add_argument("--keep", required=True)
    ap.add_argument("--label", default="")
    ap.add_argument("--plot", help="write the picture's no-SHA panel data to this file")
    a = ap.parse_args()
    mcas = a.mca or ["llvm-mca-16", "llvm-mca-14"]
    armsha_env = a.armsha_env.split()
    os.makedirs(a.keep, exist_ok=True)
    b64, s64 = a.arm64
    sides64 = {"armsha": ("armsha", armsha_env, ARMSHA_CPU["in-order"]),
               "armsha-ooo": ("armsha", armsha_env, ARMSHA_CPU["cortex-a57"]),
               "openssl": ("default", ["OPENSSL_armcap=0x1"], "max"),
               "openssl-int": ("default", ["OPENSSL_armcap=0"], "max")}
    jobs = {}
    for alg in ALGS:
        for side, (prov, envs, qcpu) in sides64.items():
            if side == "openssl-int" and alg != "SHA2-256":
                continue  # SHA-1 and SHA-512 run the integer code under 0x1 already
            jobs[("a64", side, alg)] = ("aarch64", b64, s64, a.plugins64, prov, alg, qcpu, envs,
                                        os.path.join(a.keep, "a64-%s-%s" % (side, alg)))
    if a.armhf:
        b32, s32 = a.armhf
        for alg in ALGS:
            for side, prov in (("armsha", "armsha"), ("openssl", "default")):
                jobs[("a32", side, alg)] = ("arm", b32, s32, a.plugins32, prov, alg, "cortex-a8", [],
                                            os.path.join(a.keep, "a32-%s-%s" % (side, alg)))
        for alg in A32_INT_ALGS:
            for side, prov, envs in (("armsha-int", "armsha", []), ("openssl-int", "default", ["OPENSSL_armcap=0"])):
                jobs[("a32", side, alg)] = ("arm", b32, s32, a.plugins32, prov, alg, A32_INT_CPU, envs,
                                            os.path.join(a.keep, "a32-%s-%s" % (side, alg)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        meta = dict(zip(jobs, ex.map(trace, jobs.values())))
    listing = {k: j[-1] + ".s" for k, j in jobs.items()}
    per = {k: meta[k]["blocks_per_period"] for k in jobs}  # cycles below are a block's
    for k in meta:
        meta[k]["instructions"] //= per[k]

    kern64 = info("aarch64", b64, s64, ARMSHA_CPU["in-order"], armsha_env)
    kern64_ooo = info("aarch64", b64, s64, ARMSHA_CPU["cortex-a57"], armsha_env)
    cyc = {}
    for key, path in listing.items():
        isa = key[0]
        for spec, _ in MODEL_VARIANTS:
            cyc[key + ("model", spec)] = inorder_a53.model(path, isa, spec) / per[key]
        if isa == "a64":
            for m in mcas:
                for cpu, _ in MCA_CPUS:
                    cyc[key + (m, cpu)] = mca_cycles(m, cpu, path) / per[key]

    now = datetime.datetime.now().astimezone()
    print("## Cycles a block without SHA instructions (Raspberry Pi 3/4): armsha against OpenSSL as dispatched\n")
    print("- date: %s; %s; %s (Debian libssl3)" % (now.strftime("%Y-%m-%d %H:%M %Z"), a.label, kern64[1]))
    print("- aarch64: armsha with `%s` under `qemu-aarch64 -cpu %s` for the in-order rows (kernels: `%s`) and"
          " `-cpu %s` for the A57 rows (kernels: `%s`), against the default provider (`-cpu max`) with"
          " `OPENSSL_armcap=0x1` (NEON, no SHA: what a Pi 3/4 runs: integer SHA-1 and SHA-512, `sha256_block_neon`);"
          " OpenSSL's integer SHA-256 (`OPENSSL_armcap=0`) for reference"
          % (" ".join(armsha_env), ARMSHA_CPU["in-order"], kern64[0], ARMSHA_CPU["cortex-a57"], kern64_ooo[0]))
    print("- one block of each side's executed instructions in a 1 KiB `EVP_Digest` (bench/blocktrace.py: a qemu trace,"
          " the per-block period cut out, assembled back to the traced bytes), steady state; llvm-mca"
          " (cycles of 10 blocks - cycles of 5) / 5; the in-order model: bench/inorder_a53.py, see"
          " \"In-order Cortex-A53 model\"")
    print("- instructions a block: " + "; ".join(
        "%s armsha %d%s, OpenSSL %d%s" % (NAMES[alg], meta[("a64", "armsha", alg)]["instructions"],
                                          " (A72: %d)" % meta[("a64", "armsha-ooo", alg)]["instructions"]
                                          if meta[("a64", "armsha-ooo", alg)]["instructions"]
                                          != meta[("a64", "armsha", alg)]["instructions"] else "",
                                        meta[("a64", "openssl", alg)]["instructions"],
                                        " (integer %d)" % meta[("a64", "openssl-int", alg)]["instructions"]
                                        if ("a64", "openssl-int", alg) in meta else "")
        for alg in ALGS) + "\n")
    print("| core, model | SHA-1 | SHA-256 (OpenSSL: NEON) | SHA-256 against OpenSSL's integer code | SHA-512 |")
    print("|---|---|---|---|---|")
    rows = []
    for spec, title in MODEL_VARIANTS:
        rows.append(("Cortex-A53, " + title, ("model", spec), None))
    for cpu, title in MCA_CPUS:
        for m in mcas:
            rows.append(("%s, %s" % (title, m), (m, cpu), cpu))
    plot = []
    for title, how, cpu in rows:
        cells = []
        me = armsha_side(how)
        for alg in ALGS:
            cells.append(ratio_cell(cyc[("a64", me, alg) + how], cyc[("a64", "openssl", alg) + how]))
            plot.append((alg, how, cpu, cyc[("a64", me, alg) + how], cyc[("a64", "openssl", alg) + how]))
            if alg == "SHA2-256":
                cells.append(ratio_cell(cyc[("a64", me, alg) + how], cyc[("a64", "openssl-int", alg) + how]))
        print("| %s | %s |" % (title, " | ".join(cells)))
    print()
    if a.armhf:
        kern32 = info("arm", a.armhf[0], a.armhf[1], "cortex-a8", [])
        print("armhf (`qemu-arm -cpu cortex-a8`: NEON, no SHA; armsha kernels `%s`) against OpenSSL's armv4 NEON"
              " code, on the in-order model (an ARMv8 core in AArch32, as a Pi 3 with a 32-bit system);"
              " instructions a block: %s\n" % (kern32[0], "; ".join(
                  "%s armsha %d, OpenSSL %d" % (NAMES[alg], meta[("a32", "armsha", alg)]["instructions"],
                                                meta[("a32", "openssl", alg)]["instructions"]) for alg in ALGS)))
        print("| core, model | SHA-1 | SHA-256 | SHA-512 |")
        print("|---|---|---|---|")
        for spec, title in MODEL_VARIANTS:
            print("| Cortex-A53 AArch32, %s | %s |" % (title, " | ".join(
                ratio_cell(cyc[("a32", "armsha", alg, "model", spec)], cyc[("a32", "openssl", alg, "model", spec)])
                for alg in ALGS)))
        print()
        kern_int = info("arm", a.armhf[0], a.armhf[1], A32_INT_CPU, [])
        print("armhf without NEON (`qemu-arm -cpu %s`; armsha kernels `%s`) against OpenSSL's armv4 integer code"
              " (`OPENSSL_armcap=0`, what it dispatches on a core without NEON), on the same in-order model"
              " (no model of a Cortex-R5 or of an ARMv7 core without NEON here: an A53 in AArch32 running"
              " the integer code); instructions a block: %s\n" % (A32_INT_CPU, kern_int[0], "; ".join(
                  "%s armsha %d, OpenSSL %d" % (NAMES[alg], meta[("a32", "armsha-int", alg)]["instructions"],
                                                meta[("a32", "openssl-int", alg)]["instructions"])
                  for alg in A32_INT_ALGS)))
        print("| core, model | %s |" % " | ".join(NAMES[alg] for alg in A32_INT_ALGS))
        print("|---|%s" % ("---|" * len(A32_INT_ALGS)))
        for spec, title in MODEL_VARIANTS:
            print("| Cortex-A53 AArch32, %s | %s |" % (title, " | ".join(
                ratio_cell(cyc[("a32", "armsha-int", alg, "model", spec)],
                           cyc[("a32", "openssl-int", alg, "model", spec)]) for alg in A32_INT_ALGS)))
        print()

    if a.plot:
        write_plot_data(a.plot, plot, mcas[0])

    print("### Targets (issue 21), armsha / OpenSSL as dispatched\n")
    print("| target | figures | status |")
    print("|---|---|---|")
    for cpu, title in MCA_CPUS:
        for alg in ALGS:
            lim = TARGETS[cpu][alg]
            figs = []
            hows = [(m, cpu) for m in mcas] + ([("model", "")] if cpu == "cortex-a53" else [])
            ok = True
            for how in hows:
                r = cyc[("a64", armsha_side(how), alg) + how] / cyc[("a64", "openssl", alg) + how]
                ok = ok and r <= lim
                figs.append("%s %.3f" % ("model" if how[0] == "model" else how[0].replace("llvm-mca-", "mca-"), r))
            print("| %s %s <= %.2f | %s | %s |" % (title.split(" (")[0].split(":")[0], NAMES[alg], lim,
                                                    ", ".join(figs), "met" if ok else "**not met**"))
    if a.armhf:
        for alg in ALGS:
            r = cyc[("a32", "armsha", alg, "model", "")] / cyc[("a32", "openssl", alg, "model", "")]
            print("| armhf NEON %s on the A53 model <= 1.00 | %.3f | %s |" % (NAMES[alg], r, "met" if r <= 1.0 else "**not met**"))
    print()
    print("Calibration of the model (OpenSSL's published Cortex-A53 cycles a block, sha1-armv8.pl / sha512-armv8.pl"
          " headers, against the model on the same code as traced here):\n")
    print("| loop | published | model | gccfwd |")
    print("|---|---:|---:|---:|")
    for alg, side, pub in (("SHA1", "openssl", 8.03 * 64), ("SHA2-256", "openssl-int", 15.5 * 64),
                           ("SHA2-512", "openssl", 10.0 * 128)):
        m, g = cyc[("a64", side, alg, "model", "")], cyc[("a64", side, alg, "model", "gccfwd")]
        print("| %s integer | %s | %s (%+.1f %%) | %s (%+.1f %%) |" % (
            NAMES[alg], fmt(pub), fmt(m), 100 * (m / pub - 1), fmt(g), 100 * (g / pub - 1)))


def write_plot_data(path, cells, mca_bin):
    """Cycles a byte for bench/mca-openssl.gp's no-SHA panel: one gnuplot data block, digest
    by digest, the in-order A53 model (no GCC forwarding) and mca_bin's rows of the table."""
    block = {"SHA1": 64, "SHA2-256": 64, "SHA2-512": 128}
    short = {None: "A53 model", "cortex-a53": "A53", "cortex-a55": "A55", "cortex-a57": "A72 (A57)"}
    with open(path, "w") as f:
        f.write("# no SHA instructions, %s and the in-order model: label armsha_cycles_per_byte"
                " openssl_cycles_per_byte\n" % mca_bin)
        for alg in ALGS:
            for a, how, cpu, mine, theirs in cells:
                if a != alg or how not in (("model", ""), (mca_bin, cpu)):
                    continue
                label = "%s %s" % (NAMES[alg], short.get(cpu, cpu))
                f.write('"%s" %.3f %.3f\n' % (label, mine / block[alg], theirs / block[alg]))


if __name__ == "__main__":
    main()
