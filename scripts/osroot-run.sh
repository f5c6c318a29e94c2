#!/usr/bin/env bash
# meson test --wrapper for osroot.sh's NAME-compat-x86: runs one test command inside the root
# named by ARMSHA_OSROOT (trixie, sid, experimental) that scripts/osroot.sh has made and
# mounted (same paths inside as outside).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/chroot-lib.sh"
osroot_select "${ARMSHA_OSROOT:?set by scripts/osroot.sh}"
mountpoint -q "$chroot$root" || { echo "osroot-run: the $osroot_name root is not mounted (run scripts/osroot.sh)"; exit 1; }
in_chroot "$@"
