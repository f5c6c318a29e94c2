#!/bin/sh
# Prints the kernels armsha must choose on this ARM machine, from /proc/cpuinfo's
# Features line, in the provider's "armsha-kernels" format.
# Usage: expect_kernels.sh [CPU_FAMILY [NEON_FAMILIES...]]
#   aarch64 (default): sha1, sha2, sha512 name the armv8-ce kernels.
#   arm: sha1, sha2 the aarch32-ce ones, neon the NEON kernels of NEON_FAMILIES.
family=${1:-aarch64}
[ $# -gt 0 ] && shift
features=$(grep -m1 '^Features' /proc/cpuinfo 2>/dev/null)
has() { case " $features " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
if [ "$family" = arm ]; then
    pick() { # family, its SHA feature word (or "-")
        if [ "$2" != - ] && has "$2"; then echo aarch32-ce; return; fi
        if has neon; then
            case " $neon_families " in *" $1 "*) echo neon; return ;; esac
        fi
        echo portable
    }
    neon_families="$*"
    echo "sha1=$(pick sha1 sha1) sha256=$(pick sha256 sha2) sha512=$(pick sha512 -)"
else
    ce() { if has "$1"; then echo armv8-ce; else echo portable; fi; }
    echo "sha1=$(ce sha1) sha256=$(ce sha2) sha512=$(ce sha512)"
fi
