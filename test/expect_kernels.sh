#!/bin/sh
# Prints the kernels armsha must choose on this ARM machine, from /proc/cpuinfo's
# Features line, in the provider's "armsha-kernels" format.
# Usage: expect_kernels.sh [--no-ce] [CPU_FAMILY [KERNELS...]]
#   --no-ce: as under ARMSHA_DISABLE=ce (the SHA instructions ignored).
#   aarch64 (default): sha1, sha2, sha512 name the armv8-ce kernels; KERNELS the others
#     (src/meson.build's arm64_nosha_kernels), best first, each FAMILY=NAME:WORD[@KIND], WORD
#     the Features word it needs ("-": none), e.g. sha256=neon:asimd; KIND the kind of core
#     it is chosen on alone (a53, a55, a57), as /proc/cpuinfo's "CPU part" lines say.
#   arm: sha1, sha2 the aarch32-ce ones, neon the NEON kernels of KERNELS (family names);
#     then the ARM integer kernels, which need nothing (KERNELS' FAMILY=a32 words).
no_ce=0
if [ "${1:-}" = --no-ce ]; then no_ce=1; shift; fi
family=${1:-aarch64}
[ $# -gt 0 ] && shift
features=$(grep -m1 '^Features' /proc/cpuinfo 2>/dev/null)
# The kind of core the choice is for, from /proc/cpuinfo (the module reads sysfs or MRS):
# Arm's part numbers (their TRMs), and the rule of src/cpu_cores.c for several kinds: the
# biggest present (a57 over a55 over a53), and unknown if any core is not in this list.
core_kind() {
    awk -F: '
        /^CPU implementer/ { gsub(/[ \t]/, "", $2); impl = $2 }
        /^CPU part/ { gsub(/[ \t]/, "", $2); k = "?"
            if (impl == "0x41") {
                if ($2 == "0xd03" || $2 == "0xd04") k = "a53"
                else if ($2 == "0xd05") k = "a55"
                else if ($2 ~ /^0xd0[789abcde]$/ || $2 == "0xd41" || $2 == "0xd44") k = "a57"
            } else if (impl == "0x51") { # Qualcomm: Kryo 3xx/4xx (Arm cores), Falkor
                if ($2 == "0x803" || $2 == "0x805") k = "a55"
                else if ($2 == "0x802" || $2 == "0x804" || $2 == "0xc00") k = "a57"
            }
            seen[k] = 1 }
        END {
            if (seen["?"] || length(seen) == 0) print "-"
            else if (seen["a57"]) print "a57"
            else if (seen["a55"]) print "a55"
            else print "a53" }' /proc/cpuinfo 2>/dev/null || echo -
}
kind=$(core_kind)
has() { case " $features " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
ce_has() { [ $no_ce = 0 ] && has "$1"; }
if [ "$family" = arm ]; then
    pick() { # family, its SHA feature word (or "-")
        if [ "$2" != - ] && ce_has "$2"; then echo aarch32-ce; return; fi
        if has neon; then
            case " $neon_families " in *" $1 "*) echo neon; return ;; esac
        fi
        case " $a32_families " in *" $1=a32 "*) echo a32; return ;; esac
        echo portable
    }
    neon_families="$*"
    a32_families="$*"
    echo "sha1=$(pick sha1 sha1) sha256=$(pick sha256 sha2) sha512=$(pick sha512 -)"
else
    pick() { # family, its SHA feature word; then the list of other kernels
        fam=$1
        if ce_has "$2"; then echo armv8-ce; return; fi
        shift 2
        for k in "$@"; do
            case $k in
            "$fam="*)
                name=${k#*=} word=${name#*:} name=${name%%:*} on=-
                case $word in *@*) on=${word#*@} word=${word%@*} ;; esac
                if [ "$on" != - ] && [ "$on" != "$kind" ]; then continue; fi
                if [ "$word" = - ] || has "$word"; then echo "$name"; return; fi ;;
            esac
        done
        echo portable
    }
    echo "sha1=$(pick sha1 sha1 "$@") sha256=$(pick sha256 sha2 "$@") sha512=$(pick sha512 sha512 "$@")"
fi
