#!/bin/sh
# armsha-doctor speed: every row, the JSON and its fields, --time bounding the run, a module
# that cannot be loaded, usage errors, and the suggested lines appended to a copy of the
# configuration through the openssl CLI (the handed-over digests from default, the others from
# armsha). Natively on x86 with SHA-NI, SHA-256 must come out slower and be handed over; under
# qemu the emulation notice must appear and no verdict be given. No timing is asserted but
# generous bounds.
# usage: doctor_speed.sh MODE MODULE_DIR CONF OPENSSL_CMD... --doctor DOCTOR_CMD...   (either
#        may start with the qemu wrapper, which holds a "--" of its own)
# MODE: "doctor" (the command alone: meson suite doctor) or "lines" (the suggested lines through
# the openssl CLI and the x86 check: suite cli, which the sanitizer build skips, since the
# openssl program cannot load a module built with ASan).
# env: ARMSHA_TEST_CPU_FAMILY: the build's host CPU family (meson's), to tell qemu from native.
set -u

if [ $# -lt 5 ]; then
    echo "usage: $0 doctor|lines MODULE_DIR CONF OPENSSL_CMD... --doctor DOCTOR_CMD..." >&2
    exit 2
fi
mode=$1
shift
module_dir=$(cd "$1" && pwd)
conf=$2
shift 2
openssl_cmd=
openssl_first=
while [ $# -gt 0 ] && [ "$1" != --doctor ]; do
    openssl_cmd="$openssl_cmd '$1'"
    [ -n "$openssl_first" ] || openssl_first=$1
    shift
done
[ "${1:-}" = --doctor ] || { echo "$0: no --doctor before the doctor command" >&2; exit 2; }
shift
# "$@" is now the doctor command.

fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-speed.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
unset OPENSSL_MODULES ARMSHA_PORTABLE ARMSHA_DISABLE ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY
ossl() { eval "env OPENSSL_CONF=\"\$c\" OPENSSL_MODULES=\"$module_dir\" $openssl_cmd \"\$@\""; }

# Under qemu user mode when the build is for another CPU than the one running this script.
case "${ARMSHA_TEST_CPU_FAMILY:-}:$(uname -m)" in
    aarch64:aarch64 | arm:arm* | arm:aarch64 | x86_64:x86_64 | x86:i?86 | :*) emulated=false ;;
    *) emulated=true ;;
esac
if [ "$emulated" = true ]; then budget=0.3 bound=120; else budget=0.3 bound=30; fi
echo "doctor-speed: emulated=$emulated (build for ${ARMSHA_TEST_CPU_FAMILY:-?} on $(uname -m))"
# The doctor is the build's program, linked against the build's libcrypto; the lines go
# through the openssl program under test. Where the two differ (the Debian 12 build in a
# newer OpenSSL's root: experimental-compat-x86, whose libcrypto.so.3 is sid's 3.6), the
# doctor's timings and verdicts would be the other OpenSSL's: skipped (77). Natively only (both
# commands are then the bare programs; ldd cannot look into qemu's).
if [ "$mode" = lines ] && [ "$emulated" = false ]; then
    "$(dirname "$0")/same_libcrypto.sh" "$openssl_first" "$1" || exit $(($? == 77 ? 77 : 1))
fi

# run NAME [ENV=VALUE...] -- ARGS: the doctor's stdout, stderr, status ($rc) and wall seconds.
run() {
    name=$1
    shift
    envs=
    while [ "$1" != -- ]; do envs="$envs $1"; shift; done
    shift
    t0=$(date +%s.%N)
    env OPENSSL_CONF="$conf" OPENSSL_MODULES="$module_dir" $envs "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
    rc=$?
    wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
}
show() { sed 's/^/    | /' "$tmp/$1.out" "$tmp/$1.err"; }
# The doctor command followed by its arguments: "$@" holds it, so each run passes it on.

sum_before=$(cksum < "$conf")

if [ "$mode" = doctor ]; then
# 1. The text report: every row, bounded, nothing on stderr (not a terminal), the notice or
# the lines.
run text -- "$@" speed --time $budget
checks=$((checks + 1))
missing=
for row in "SHA-1 16 B" "SHA-1 64 B" "SHA-1 1 KiB" "SHA-1 16 KiB" "SHA-1 1 MiB stream" \
    "SHA-256 16 B" "SHA-256 64 B" "SHA-256 1 KiB" "SHA-256 16 KiB" "SHA-256 1 MiB stream" \
    "SHA-512 16 B" "SHA-512 64 B" "SHA-512 1 KiB" "SHA-512 16 KiB" "SHA-512 1 MiB stream" \
    "HMAC-SHA256 64 B" "PBKDF2-HMAC-SHA1" "PBKDF2-HMAC-SHA256" "PBKDF2-HMAC-SHA512"; do
    grep -q "^$row  *\(call\|iteration\) " "$tmp/text.out" || missing="$missing [$row]"
done
if [ "$rc" -ne 0 ] || [ -n "$missing" ]; then
    show text
    fail "text: exit $rc, rows missing:$missing"
else
    pass "text: exit 0, all 19 rows"
fi
checks=$((checks + 1))
if [ -s "$tmp/text.err" ]; then
    show text
    fail "text: stderr is not empty (a progress line when stderr is not a terminal?)"
elif ! awk -v w="$wall" -v b="$bound" 'BEGIN { exit !(w < b) }'; then
    fail "text: --time $budget took ${wall}s, more than the generous ${bound}s"
else
    pass "text: --time $budget took ${wall}s (bound ${bound}s), nothing on stderr"
fi
checks=$((checks + 1))
if ! grep -q "^cpu:  *[^ ]" "$tmp/text.out" || ! grep -q "^armsha: .*kernels sha1=" "$tmp/text.out" \
    || ! grep -q "^default: .*OPENSSL_\(armcap\|ia32cap\)" "$tmp/text.out"; then
    show text
    fail "text: no cpu, armsha kernels or default provider line"
elif [ "$emulated" = true ]; then
    if grep -q "^emulation:   qemu user mode (.*): timings here mean nothing, no verdict is given" "$tmp/text.out" \
        && grep -q "^armsha-doctor speed: no verdict under emulation" "$tmp/text.out" \
        && ! grep -qE ' (faster|slower|no difference)$' "$tmp/text.out" \
        && ! grep -q "^hand_over = " "$tmp/text.out"; then
        pass "text: the emulation notice, no verdict on any row, no lines"
    else
        show text
        fail "text: under qemu the notice must appear and no verdict or lines"
    fi
else
    n=$(grep -cE ' (faster|slower|no difference)$' "$tmp/text.out")
    if ! grep -q "^emulation:" "$tmp/text.out" && [ "$n" -eq 19 ] \
        && grep -q '^Add these lines to /etc/ssl/openssl.cnf after the line ".include /usr/share/armsha/system.cnf"' "$tmp/text.out" \
        && grep -qx '\[armsha_sect\]' "$tmp/text.out" && grep -q '^hand_over = ' "$tmp/text.out"; then
        pass "text: no emulation notice, 19 verdicts, where the lines go, the lines"
    else
        show text
        fail "text: natively there must be 19 verdicts and the lines ($n verdicts)"
    fi
fi

# On a terminal (natively, where script(1) can give it one): the progress line on stderr.
if [ "$emulated" = false ] && [ $# -eq 1 ] && command -v script > /dev/null 2>&1 \
    && ! script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
    echo "note: script(1) cannot make a pseudo-terminal here: the progress line is not checked"
elif [ "$emulated" = false ] && [ $# -eq 1 ] && command -v script > /dev/null 2>&1; then
    checks=$((checks + 1))
    env OPENSSL_CONF="$conf" OPENSSL_MODULES="$module_dir" script -qec "'$1' speed --time 0.2" /dev/null \
        < /dev/null > "$tmp/tty.out" 2>&1
    if grep -q "armsha-doctor speed: 19/19 PBKDF2-HMAC-SHA512" "$tmp/tty.out" \
        && grep -q "^SHA-1 16 B " "$tmp/tty.out"; then
        pass "on a terminal: the progress line, then the report"
    else
        sed 's/^/    | /' "$tmp/tty.out"
        fail "on a terminal: no progress line"
    fi
fi
fi

# 2. --json: parses; 19 rows with the same fields, both sides timed; --time 1 bounds it.
# (Under qemu, ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY=1 gives lines to check in step 4.)
if [ "$emulated" = true ]; then
    run json ARMSHA_DOCTOR_SPEED_JUDGE_ANYWAY=1 -- "$@" speed --time 1 --json
else
    run json -- "$@" speed --time 1 --json
fi
checks=$((checks + 1))
if python3 - "$tmp/json.out" "$rc" "$emulated" "$wall" "$bound" > "$tmp/json.check" 2>&1 <<'PYEOF'
import json, sys
out, rc, emulated, wall, bound = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "true", float(sys.argv[4]), float(sys.argv[5])
d = json.load(open(out, encoding="utf-8"))
p = []
if rc != 0 or d["status"] != 0: p.append("status %r exit %d" % (d["status"], rc))
for k in ["doctor_version", "openssl_version", "time_asked_seconds", "time_taken_seconds", "cpu",
          "emulated", "emulated_how", "default_provider", "armsha", "rows", "hand_over", "config_lines"]:
    if k not in d: p.append("no key " + k)
rows = d["rows"]
if len(rows) != 19: p.append("%d rows" % len(rows))
keys = set(rows[0])
for r in rows:
    if set(r) != keys: p.append("row %s has fields %s, not %s" % (r["name"], sorted(r), sorted(keys)))
    for side in ("armsha", "default"):
        s = r[side]
        if not s or not (0 < s["q1_seconds"] <= s["median_seconds"] <= s["q3_seconds"]):
            p.append("row %s %s: %r" % (r["name"], side, s))
    if r["runs"] < 5: p.append("row %s: %d runs" % (r["name"], r["runs"]))
    if not r["ratio"] or r["ratio"] <= 0: p.append("row %s: ratio %r" % (r["name"], r["ratio"]))
    if r["verdict"] not in ("faster", "no difference", "slower"): p.append("row %s: verdict %r" % (r["name"], r["verdict"]))
if d["emulated"] != emulated: p.append("emulated %r, expected %r" % (d["emulated"], emulated))
if d["armsha"]["loaded"] is not True or not d["armsha"]["kernels"]: p.append("armsha %r" % d["armsha"])
if not d["cpu"]["name"]: p.append("no cpu name")
if not d["time_taken_seconds"] >= 0.9 * d["time_asked_seconds"]: p.append("took %r of %r" % (d["time_taken_seconds"], d["time_asked_seconds"]))
if wall >= bound: p.append("--time 1 took %.1f s, bound %.0f" % (wall, bound))
lines = d["config_lines"]
if not lines or lines[0] != "[armsha_sect]" or not lines[1].startswith("hand_over = "): p.append("config_lines %r" % lines)
print("\n".join(p))
sys.exit(1 if p else 0)
PYEOF
then
    pass "json: parses, 19 rows with the same fields, both sides timed, a verdict each; --time 1 took ${wall}s"
else
    show json
    cat "$tmp/json.check"
    fail "json: see above"
fi
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("\n".join(d["config_lines"] or []))' "$tmp/json.out" > "$tmp/lines" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(d["hand_over"]["digest"]) if d["hand_over"] else "")' "$tmp/json.out" > "$tmp/digest-handed" 2>/dev/null
if [ "$emulated" = true ] && [ "$mode" = doctor ]; then
    run json-plain -- "$@" speed --time 0.2 --json
    checks=$((checks + 1))
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["emulated"] and d["emulated_how"] and d["hand_over"] is None and d["config_lines"] is None and all(r["verdict"] is None for r in d["rows"])))' "$tmp/json-plain.out"; then
        pass "json under qemu: emulated, how ($(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["emulated_how"])' "$tmp/json-plain.out")), no verdict, no lines"
    else
        show json-plain
        fail "json under qemu: a verdict or lines given"
    fi
fi

if [ "$mode" = lines ]; then
# 3. Natively on x86 with SHA-NI: OpenSSL's SHA-256 beats armsha's portable C.
case $emulated:$(uname -m) in
    false:x86_64 | false:i?86)
        if grep -qw sha_ni /proc/cpuinfo; then
            checks=$((checks + 1))
            slower=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(r["verdict"] == "slower" for r in d["rows"] if r["family"] == "sha256" and r["operation"] == "digest"))' "$tmp/json.out")
            if [ "$slower" -ge 4 ] && grep -qw sha256 "$tmp/digest-handed"; then
                pass "x86 with SHA-NI: SHA-256 slower in $slower of 5 rows and handed over ($(tail -n 1 "$tmp/lines"))"
            else
                show json
                fail "x86 with SHA-NI: SHA-256 slower in $slower of 5 rows, handed over digests: $(cat "$tmp/digest-handed")"
            fi
        else
            echo "note: this x86 CPU has no SHA-NI: the SHA-256-slower check does not apply"
        fi ;;
esac

# 4. The lines appended to a copy of the configuration: openssl accepts them, armsha stays
# active, each handed-over digest comes from default and the others from armsha.
cp "$conf" "$tmp/with-lines.cnf"
cat "$tmp/lines" >> "$tmp/with-lines.cnf"
c=$tmp/with-lines.cnf
checks=$((checks + 1))
if ! ossl list -providers > "$tmp/providers" 2>&1 || ! grep -q '^  armsha$' "$tmp/providers" \
    || ! ossl list -digest-algorithms > "$tmp/digests" 2>&1; then
    sed 's/^/    | /' "$tmp/lines" "$tmp/providers"
    fail "lines: openssl does not accept the configuration with them"
else
    wrong=
    for fam in sha1:SHA1 sha256:SHA2-256 sha512:SHA2-512; do
        word=${fam%%:*} name=${fam#*:}
        case " $(cat "$tmp/digest-handed") " in *" $word "*) want=default ;; *) want=armsha ;; esac
        # Provided by armsha exactly when kept (the default provider lists all of them) ...
        got=$(sed -n '/^Provided:/,$p' "$tmp/digests" | grep "[{ ]$name[,}]" | grep -c ' @ armsha$')
        { [ "$want" = armsha ] && [ "$got" -eq 1 ]; } || { [ "$want" = default ] && [ "$got" -eq 0 ]; } \
            || wrong="$wrong $name(armsha lists it $got times, want it from $want)"
        # ... and fetched from there: armsha-doctor names the provider EVP_MD_fetch returns.
        env OPENSSL_CONF="$c" OPENSSL_MODULES="$module_dir" "$@" --json > "$tmp/served.json" 2> /dev/null
        by=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([x["provider"] for x in d["digests"] if x["name"] == sys.argv[2]][0])' "$tmp/served.json" "$name" 2>&1)
        [ "$by" = "$want" ] || wrong="$wrong $name-fetched-from-$by(want $want)"
    done
    # Every digest still right with them.
    printf 'abc' > "$tmp/abc"
    got=$(ossl dgst -sha256 -r "$tmp/abc" 2>&1 | cut -d' ' -f1)
    [ "$got" = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad ] || wrong="$wrong dgst-sha256=$got"
    # HMAC and PBKDF2 too, handed over or not (RFC 4231 case 2; RFC 7914's PBKDF2 vector).
    printf 'what do ya want for nothing?' > "$tmp/msg"
    got=$(ossl mac -digest SHA256 -macopt key:Jefe -in "$tmp/msg" HMAC 2>&1 | tr 'A-F' 'a-f')
    [ "$got" = 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843 ] || wrong="$wrong hmac=$got"
    got=$(ossl kdf -keylen 64 -kdfopt digest:SHA256 -kdfopt pass:passwd -kdfopt salt:salt -kdfopt iter:1 PBKDF2 2>&1 | tr -d ':' | tr 'A-F' 'a-f')
    [ "$got" = 55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783 ] || wrong="$wrong pbkdf2=$got"
    if [ -z "$wrong" ]; then
        pass "lines \"$(tail -n 1 "$tmp/lines")\" appended: openssl loads armsha, handed-over digests ($(cat "$tmp/digest-handed")) from default, the rest from armsha"
    else
        sed 's/^/    | /' "$tmp/lines" "$tmp/digests"
        fail "lines: wrong provider:$wrong"
    fi
fi
checks=$((checks + 1))
if [ "$(cksum < "$conf")" = "$sum_before" ]; then
    pass "the configuration in use is unchanged"
else
    fail "the configuration $conf changed"
fi

fi

if [ "$mode" = doctor ]; then
# 5. armsha not where libcrypto looks: the error names where, the default side is timed.
mkdir "$tmp/nomodules"
env OPENSSL_CONF="$conf" OPENSSL_MODULES="$tmp/nomodules" "$@" speed --time 0.2 > "$tmp/nomod.out" 2> "$tmp/nomod.err"
rc=$?
env OPENSSL_CONF="$conf" OPENSSL_MODULES="$tmp/nomodules" "$@" speed --time 0.2 --json > "$tmp/nomodj.out" 2> "$tmp/nomodj.err"
rcj=$?
checks=$((checks + 1))
if [ "$rc" -eq 1 ] && [ "$rcj" -eq 1 ] \
    && grep -q "^armsha:      cannot be loaded: looked for $tmp/nomodules/armsha.so (modules directory from OPENSSL_MODULES): " "$tmp/nomod.out" \
    && grep -q "^armsha-doctor speed: armsha cannot be loaded, only the default provider was timed" "$tmp/nomod.out" \
    && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (not d["armsha"]["loaded"] and d["armsha"]["load_error"] and len(d["rows"]) == 19 and all(r["armsha"] is None and r["default"]["median_seconds"] > 0 and r["verdict"] is None for r in d["rows"]) and d["config_lines"] is None))' "$tmp/nomodj.out"; then
    pass "no module: exit 1, names $tmp/nomodules/armsha.so, the default provider timed on all 19 rows"
else
    show nomod
    show nomodj
    fail "no module: exit $rc/$rcj"
fi

# 6. Usage errors.
for bad in "--time" "--time abc" "--time 0" "--bogus"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086 # word-split on purpose
    env OPENSSL_CONF="$conf" OPENSSL_MODULES="$module_dir" "$@" speed $bad > "$tmp/usage.out" 2>&1
    rc=$?
    if [ "$rc" -eq 3 ] && grep -q "usage: armsha-doctor speed" "$tmp/usage.out"; then
        pass "usage: speed $bad refused with status 3"
    else
        sed 's/^/    | /' "$tmp/usage.out"
        fail "usage: speed $bad gave status $rc"
    fi
done

fi

echo "doctor-speed ($mode): $checks checks, $fails failures"
[ "$fails" -eq 0 ]
