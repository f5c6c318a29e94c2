#!/bin/sh
# Prints the digests armsha must offer under portable = no, given the kernels it must choose
# ("sha1=armv8-ce sha256=armv8-ce sha512=portable" -> "SHA1 SHA2-224 SHA2-256"); fails when
# a family is missing from the kernels line.
# usage: expect_offered.sh "KERNELS"
offered=
for fam in sha1 sha256 sha512; do
    case " $1 " in
        *" $fam=portable "*) ;;
        *" $fam="*)
            case $fam in
                sha1) offered="$offered SHA1" ;;
                sha256) offered="$offered SHA2-224 SHA2-256" ;;
                sha512) offered="$offered SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256" ;;
            esac ;;
        *) echo "expect_offered: \"$1\" names no $fam kernel" >&2; exit 1 ;;
    esac
done
echo "${offered# }"
