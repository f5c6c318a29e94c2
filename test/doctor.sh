#!/bin/sh
# armsha-doctor against configurations whose outcome is known: healthy, a bad disable word, a
# missing module, no armsha, no config file, no activate, --json, each by exit status and message.
# usage: doctor.sh MODULE_DIR CONF_PATH DOCTOR_CMD...   (DOCTOR_CMD may start with qemu-aarch64)
# env: ARMSHA_EXPECT_KERNELS (required): the kernels line armsha must report here;
#      QEMU_CPU under qemu: the emulated CPU, whose SHA features the doctor must name;
#      ARMSHA_TEST_CPU_FAMILY: the build's host CPU family (aarch64, arm, ...).
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 MODULE_DIR CONF_PATH DOCTOR_CMD..." >&2
    exit 2
fi
module_dir=$(cd "$1" && pwd)
conf=$2
shift 2

fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }

if [ -z "${ARMSHA_EXPECT_KERNELS:-}" ]; then
    echo "FAIL: ARMSHA_EXPECT_KERNELS is not set"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armsha-doctor.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
unset OPENSSL_CONF OPENSSL_MODULES ARMSHA_PORTABLE

# What the OS must report, from a source other than the doctor: the emulated CPU model
# under qemu, /proc/cpuinfo on ARM hardware; x86 has no ARM SHA instructions at all.
# ARMSHA_TEST_CPU_FAMILY (meson's host cpu family) tells qemu-arm's "max" from qemu-aarch64's.
case "${ARMSHA_TEST_CPU_FAMILY:-}:${QEMU_CPU:-}" in
    arm:max) cpu_expect="sha1 yes, sha256 yes, sha512 no" ;; # AArch32 has no SHA-512 instructions
    arm:cortex-a8 | arm:cortex-r5f) cpu_expect="sha1 no, sha256 no, sha512 no" ;;
    *:max) cpu_expect="sha1 yes, sha256 yes, sha512 yes" ;;
    *:neoverse-n1) cpu_expect="sha1 yes, sha256 yes, sha512 no" ;;
    *:)
        case $(uname -m) in
            x86_64|i?86) cpu_expect="sha1 no, sha256 no, sha512 no" ;;
            aarch64|arm*)
                features=$(grep -m1 '^Features' /proc/cpuinfo 2>/dev/null)
                yn() { case " $features " in *" $1 "*) echo yes ;; *) echo no ;; esac; }
                cpu_expect="sha1 $(yn sha1), sha256 $(yn sha2), sha512 $(yn sha512)" ;;
            *) cpu_expect= ;;
        esac ;;
    *) cpu_expect= ;;
esac

# run NAME CONF MODULES [ARGS...]: the doctor's output in $tmp/NAME.out, its status in $rc.
run() {
    name=$1 c=$2 m=$3
    shift 3
    env OPENSSL_CONF="$c" OPENSSL_MODULES="$m" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
    rc=$?
}
last() { tail -n 1 "$tmp/$1.out"; }
show() { sed 's/^/    | /' "$tmp/$1.out" "$tmp/$1.err"; }

# expect NAME STATUS TEXT...: the status, and every TEXT in the output.
expect() {
    name=$1 want=$2
    shift 2
    checks=$((checks + 1))
    if [ "$rc" -ne "$want" ]; then
        show "$name"
        fail "$name: exit status $rc, want $want"
        return 1
    fi
    for text in "$@"; do
        if ! grep -qF -- "$text" "$tmp/$name.out"; then
            show "$name"
            fail "$name: output lacks \"$text\""
            return 1
        fi
    done
    pass "$name: exit $rc, $(last "$name")"
}

write_conf() { # FILE ARMSHA_SECTION_LINES (the rest as conf/armsha.cnf)
    printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\nalg_section = algorithm_sect\n[provider_sect]\ndefault = default_sect\narmsha = armsha_sect\n[default_sect]\nactivate = 1\n[algorithm_sect]\ndefault_properties = ?provider=armsha\n[armsha_sect]\n%s\n' "$2" > "$1"
}

# 1. The shipped configuration: armsha active, every digest from armsha with the right
# answer, the kernels and CPU features this machine must have.
run healthy "$conf" "$module_dir" "$@"
if expect healthy 0 "armsha-doctor: ok: armsha is active and serves" \
        "kernels:       $ARMSHA_EXPECT_KERNELS" "armsha:        active, loaded from $module_dir/armsha.so" \
        ${cpu_expect:+"SHA instructions reported: $cpu_expect"} \
        ${ARMSHA_EXPECT_LANES:+"pbkdf2 lanes:  $ARMSHA_EXPECT_LANES"}; then
    checks=$((checks + 1))
    n=$(grep -cE '^  (SHA1|SHA2-224|SHA2-256|SHA2-384|SHA2-512|SHA2-512/224|SHA2-512/256|EVP_sha256\(\)) +armsha +ok$' "$tmp/healthy.out")
    if [ "$n" -eq 8 ]; then
        pass "healthy: the 7 digests and EVP_sha256() served by armsha, known answers right"
    else
        show healthy
        fail "healthy: $n of 8 digest lines say 'armsha ok'"
    fi
fi
case $(uname -m):${QEMU_CPU:-} in
    x86_64:|i?86:) run x86 "$conf" "$module_dir" "$@"
        expect x86 0 "cpu:           x86" "x86: no ARM SHA instructions here" \
            "warning: armsha serves sha256 with portable C" ;;
esac

# 2. An unknown word in disable =: OpenSSL drops the load error; the doctor shows it.
write_conf "$tmp/bad.cnf" "activate = 1
disable = sha513"
run bad-disable "$tmp/bad.cnf" "$module_dir" "$@"
expect bad-disable 1 'armsha-doctor: problem: armsha is configured but not active: ' \
    'unknown word "sha513"' "armsha:        not active" "  SHA2-256       default    ok"

# 3. The module is not where libcrypto looks.
mkdir "$tmp/nomodules"
run missing-module "$conf" "$tmp/nomodules" "$@"
expect missing-module 1 "armsha-doctor: problem: armsha is configured but not active: no module at $tmp/nomodules/armsha.so" \
    "module file:   $tmp/nomodules/armsha.so (missing)" "cannot open shared object file"

# 4. A configuration without armsha, and none at all.
printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n[provider_sect]\ndefault = default_sect\n[default_sect]\nactivate = 1\n' > "$tmp/noarmsha.cnf"
run no-armsha "$tmp/noarmsha.cnf" "$module_dir" "$@"
expect no-armsha 2 "armsha-doctor: not configured: armsha is not configured: $tmp/noarmsha.cnf names no armsha provider"
run no-file "$tmp/absent.cnf" "$module_dir" "$@"
expect no-file 2 "armsha-doctor: not configured: no configuration file at $tmp/absent.cnf (OPENSSL_CONF)"

# 5. Named but not activated.
write_conf "$tmp/noactivate.cnf" "# activate = 1"
run no-activate "$tmp/noactivate.cnf" "$module_dir" "$@"
expect no-activate 1 "armsha-doctor: problem: armsha is configured in $tmp/noactivate.cnf but not activated: [armsha_sect] needs activate = 1"

# 6. --quiet is the verdict line alone; an unknown option is a usage error.
run quiet "$conf" "$module_dir" "$@" --quiet
expect quiet 0 "armsha-doctor: ok: " && {
    checks=$((checks + 1))
    if [ "$(wc -l < "$tmp/quiet.out")" -eq 1 ]; then pass "quiet: one line"; else show quiet; fail "quiet: more than one line"; fi
}
run usage "$conf" "$module_dir" "$@" --bogus
checks=$((checks + 1))
if [ "$rc" -eq 3 ] && grep -q 'unknown argument "--bogus"' "$tmp/usage.err"; then
    pass "usage: --bogus refused with status 3"
else
    show usage
    fail "usage: --bogus gave status $rc"
fi

# 7. --json parses, says what the text says, and escapes a path with a quote, a backslash,
# a tab and a byte that is not UTF-8.
if ! command -v python3 > /dev/null 2>&1; then
    fail "no python3 to check --json with (meson needs it, so it should be here)"
else
    weird="$tmp/we\"ird\\	$(printf '\377')dir"
    mkdir "$weird" && cp "$conf" "$weird/armsha.cnf"
    run json "$weird/armsha.cnf" "$module_dir" "$@" --json
    checks=$((checks + 1))
    if python3 - "$tmp/json.out" "$rc" "$ARMSHA_EXPECT_KERNELS" "$weird/armsha.cnf" <<'EOF'
import json, sys
out, rc, kernels, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
with open(out, "rb") as f:
    d = json.loads(f.read().decode("utf-8"))  # strict: the output must be valid UTF-8
want_path = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
problems = []
if d["status"] != 0 or rc != 0: problems.append("status %r, exit %d" % (d["status"], rc))
if d["config"]["path"] != want_path: problems.append("path %r != %r" % (d["config"]["path"], want_path))
if d["provider"]["kernels"] != kernels: problems.append("kernels %r" % d["provider"]["kernels"])
if [x["provider"] for x in d["digests"]] != ["armsha"] * 7: problems.append("digests %r" % d["digests"])
if d["legacy_sha256"]["provider"] != "armsha": problems.append("legacy %r" % d["legacy_sha256"])
if d["hmac"]["digest_provider"] != "armsha" or not d["hmac"]["known_answer_ok"]: problems.append("hmac %r" % d["hmac"])
if d["pbkdf2"]["digest_provider"] != "armsha" or not d["pbkdf2"]["known_answer_ok"]: problems.append("pbkdf2 %r" % d["pbkdf2"])
print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF
    then
        pass "json: parses; status, escaped path, kernels, providers, HMAC and PBKDF2 as expected"
    else
        show json
        fail "json: see above"
    fi
    run json-bad "$tmp/bad.cnf" "$module_dir" "$@" --json
    checks=$((checks + 1))
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["status"] == 1 and "sha513" in d["reason"] and any("sha513" in e for e in d["provider"]["load_errors"])))' "$tmp/json-bad.out" && [ "$rc" -eq 1 ]; then
        pass "json-bad: status 1, the load error in reason and load_errors"
    else
        show json-bad
        fail "json-bad: exit $rc"
    fi
fi

# 8. The fleet configuration (portable = no): armsha serves the families it runs on SHA
# instructions here, default the others; the kernels say which (ARMSHA_EXPECT_KERNELS).
fleet=$(dirname "$conf")/armsha-fleet.cnf
offered=$(sh "$(dirname "$0")/expect_offered.sh" "$ARMSHA_EXPECT_KERNELS") || exit 1
run fleet "$fleet" "$module_dir" "$@"
if expect fleet 0 "armsha-doctor: ok: " "offered:       ${offered:-nothing}" "portable = no"; then
    checks=$((checks + 1))
    wrong=
    for name in SHA1 SHA2-224 SHA2-256 SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256; do
        case " $offered " in *" $name "*) by=armsha ;; *) by=default ;; esac
        grep -qE "^  $name +$by +ok\$" "$tmp/fleet.out" || wrong="$wrong $name(want $by)"
    done
    if [ -z "$wrong" ]; then
        pass "fleet: \"${offered:-nothing}\" from armsha, the rest from default, known answers right"
    else
        show fleet
        fail "fleet: wrong provider for$wrong"
    fi
fi
run fleet-env "$conf" "$module_dir" env ARMSHA_PORTABLE=no "$@"
expect fleet-env 0 "armsha-doctor: ok: " "offered:       ${offered:-nothing}" "ARMSHA_PORTABLE=no"
write_conf "$tmp/badportable.cnf" "activate = 1
portable = maybe"
run bad-portable "$tmp/badportable.cnf" "$module_dir" "$@"
expect bad-portable 1 'armsha-doctor: problem: armsha is configured but not active: ' \
    'config key portable = "maybe": not a yes/no word; accepted: yes, no, true, false, 1, 0'

# 8b. hand_over: the key shown, the digest it hands over from default, armsha's PBKDF2 and
# HMAC cores as armsha-mac-kdf-cores reports them, still right.
write_conf "$tmp/handover.cnf" "activate = 1
hand_over = sha256:digest, sha256:pbkdf2"
run hand-over "$tmp/handover.cnf" "$module_dir" "$@"
expect hand-over 0 "armsha-doctor: ok: " ", hand_over = sha256:digest, sha256:pbkdf2" \
    "mac/kdf cores: hmac=sha1,sha256,sha512 pbkdf2=sha1,sha512" "  SHA2-256       default    ok" \
    "  SHA1           armsha     ok" "  PBKDF2         armsha     ok" \
    "armsha hands SHA-256 to the default provider's"

# 9. portable = no with a required (not preferred) provider=armsha: the digests armsha leaves
# alone then have no provider at all, which the doctor must report as the first one missing.
sed -e 's/^default_properties = ?provider=armsha/default_properties = provider=armsha/' "$fleet" > "$tmp/required.cnf"
missing=
for name in SHA1 SHA2-224 SHA2-256 SHA2-384 SHA2-512 SHA2-512/224 SHA2-512/256; do
    case " $offered " in *" $name "*) ;; *) missing=$name; break ;; esac
done
run required "$tmp/required.cnf" "$module_dir" "$@"
if [ -z "$missing" ]; then
    # Every digest from armsha; HMAC and PBKDF2 too once armsha offers them, until then
    # nothing may serve them and the doctor says so.
    n=$(grep -cE '^  (SHA1|SHA2-224|SHA2-256|SHA2-384|SHA2-512|SHA2-512/224|SHA2-512/256) +armsha +ok$' "$tmp/required.out")
    checks=$((checks + 1))
    if [ "$n" -ne 7 ]; then
        show required
        fail "required: $n of 7 digests from armsha"
    elif [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && last required | grep -qE '^armsha-doctor: problem: (HMAC|PBKDF2): no provider serves'; }; then
        pass "required: the 7 digests from armsha; $(last required)"
    else
        show required
        fail "required: exit $rc"
    fi
else
    expect required 1 "armsha required" "armsha-doctor: problem: $missing: no provider serves it"
fi

echo "doctor: $checks checks, $fails failures"
[ "$fails" -eq 0 ]
