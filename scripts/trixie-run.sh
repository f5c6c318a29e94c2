#!/usr/bin/env bash
# meson test --wrapper for trixie-compat-x86: runs one test command inside the Debian 13
# chroot that scripts/trixie.sh has made and mounted (same paths inside as outside).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/chroot-lib.sh"
mountpoint -q "$chroot$root" || { echo "trixie-run: the chroot is not mounted (run scripts/trixie.sh)"; exit 1; }
in_chroot "$@"
