"""The end of every bench/gen_*.py that writes one file of src/: write it, or with --check
(the bench suite's generated-* tests) only say whether the committed file is what the
generator writes."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_or_check(rel, text, generator, summary, check=None, last=True):
    """rel: the file's path below the source root; summary: printed after a write; check:
    whether to check, not write (None: when --check is the only argument; a generator that
    parses other options too says it); last: False for all but the last file of a
    generator that writes several (a check of the others returns instead of exiting)."""
    dest = os.path.join(ROOT, rel)
    if check is None:
        check = sys.argv[1:] == ["--check"]
    if check:
        if open(dest).read() != text:
            sys.exit("%s differs from what bench/%s writes" % (dest, generator))
        print("%s: as generated" % dest)
        if last:
            sys.exit(0)
        return
    open(dest, "w").write(text)
    print("%s: %s" % (rel, summary))
