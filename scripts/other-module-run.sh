#!/usr/bin/env bash
# meson test --wrapper for osroot.sh's experimental-compat-x86: runs one test program of the
# root's own build (OpenSSL 4.0 headers) against the armsha.so in ARMSHA_OTHER_MODULE_DIR
# (the host's Debian 12 build, OpenSSL 3.0 headers) instead of the one its test names.
set -euo pipefail
exec env OPENSSL_MODULES="${ARMSHA_OTHER_MODULE_DIR:?set by scripts/osroot.sh}" "$@"
