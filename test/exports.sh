#!/bin/sh
# Checks that armsha.so exports exactly one symbol, OSSL_provider_init (the version
# script's job), so that nothing of the module can clash with the programs that load it.
# Usage: exports.sh MODULE
set -eu
module=$1
# readelf reads any ELF target, so this works on the aarch64 module too.
syms=$(readelf --dyn-syms --wide "$module" | awk '$5 != "LOCAL" && $7 != "UND" && $8 != "" && $1 ~ /^[0-9]+:$/ {print $8}' | sed 's/@.*//' | sort -u)
echo "exported: $syms"
if [ "$syms" != "OSSL_provider_init" ]; then
    echo "FAIL: armsha.so must export OSSL_provider_init and nothing else"
    exit 1
fi
echo "ok: only OSSL_provider_init is exported"
