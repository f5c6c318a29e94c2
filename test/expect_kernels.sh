#!/bin/sh
# Prints the kernels armsha must choose on this ARM machine, from /proc/cpuinfo's
# Features line (sha1, sha2, sha512), in the provider's "armsha-kernels" format.
features=$(grep -m1 '^Features' /proc/cpuinfo 2>/dev/null)
has() { case " $features " in *" $1 "*) echo armv8-ce ;; *) echo portable ;; esac; }
echo "sha1=$(has sha1) sha256=$(has sha2) sha512=$(has sha512)"
