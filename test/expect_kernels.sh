#!/bin/sh
# Prints the kernels armsha must choose on this ARM machine, from /proc/cpuinfo's
# Features line, in the provider's "armsha-kernels" format.
# Usage: expect_kernels.sh [--no-ce] [CPU_FAMILY [KERNELS...]]
#   --no-ce: as under ARMSHA_DISABLE=ce (the SHA instructions ignored).
#   aarch64 (default): sha1, sha2, sha512 name the armv8-ce kernels; KERNELS the others
#     (src/meson.build's arm64_nosha_kernels), best first, each FAMILY=NAME:WORD, WORD the
#     Features word it needs ("-": none), e.g. sha256=neon:asimd.
#   arm: sha1, sha2 the aarch32-ce ones, neon the NEON kernels of KERNELS (family names).
no_ce=0
if [ "${1:-}" = --no-ce ]; then no_ce=1; shift; fi
family=${1:-aarch64}
[ $# -gt 0 ] && shift
features=$(grep -m1 '^Features' /proc/cpuinfo 2>/dev/null)
has() { case " $features " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
ce_has() { [ $no_ce = 0 ] && has "$1"; }
if [ "$family" = arm ]; then
    pick() { # family, its SHA feature word (or "-")
        if [ "$2" != - ] && ce_has "$2"; then echo aarch32-ce; return; fi
        if has neon; then
            case " $neon_families " in *" $1 "*) echo neon; return ;; esac
        fi
        echo portable
    }
    neon_families="$*"
    echo "sha1=$(pick sha1 sha1) sha256=$(pick sha256 sha2) sha512=$(pick sha512 -)"
else
    pick() { # family, its SHA feature word; then the list of other kernels
        fam=$1
        if ce_has "$2"; then echo armv8-ce; return; fi
        shift 2
        for k in "$@"; do
            case $k in
            "$fam="*)
                name=${k#*=} word=${name#*:} name=${name%%:*}
                if [ "$word" = - ] || has "$word"; then echo "$name"; return; fi ;;
            esac
        done
        echo portable
    }
    echo "sha1=$(pick sha1 sha1 "$@") sha256=$(pick sha256 sha2 "$@") sha512=$(pick sha512 sha512 "$@")"
fi
