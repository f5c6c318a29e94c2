#!/bin/sh
# The NIST SHAVS files the suites read (test_shavs, test/bigendian) are there and are the
# repository's, byte for byte: each listed in SUMS (test/vectors/shavs/SHA256SUMS) present in
# DIR with that SHA-256. A missing file, or one that git or an editor turned to CRLF, fails.
# Usage: shavs_files.sh DIR SUMS
set -eu
dir=$1 sums=$2
[ -d "$dir" ] || { echo "FAIL: no SHAVS folder $dir (-Dshavs_dir)"; exit 1; }
n=$(grep -c '\.rsp$' "$sums")
if (cd "$dir" && sha256sum --check --strict --quiet "$sums"); then
    echo "ok: the $n SHAVS files in $dir match $sums"
else
    echo "FAIL: the SHAVS files in $dir differ from $sums (above)"
    exit 1
fi
