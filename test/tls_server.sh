# Sourced by the tests that need a TLS server (tls_handshake.sh, clients.sh): starts
# `openssl s_server` in the background on 127.0.0.1 and a free port, and waits for the
# server's own "ACCEPT 127.0.0.1:PORT" line, with every wait bounded. POSIX sh.
#
#   tls_server_start OUT CMD...   CMD: an s_server command line with -accept 127.0.0.1:0
#                                 (and a wrapper before it, qemu or env, if need be). Runs it
#                                 under `timeout` with stdout and stderr in OUT, which is
#                                 emptied first (a previous server's ACCEPT must not be read),
#                                 then waits as tls_server_wait_accept.
#   tls_server_wait_accept OUT PID
#                                 waits for PID's ACCEPT line in OUT, for a server started by
#                                 other means (under gdb, which bounds itself); OUT must have
#                                 been emptied before PID started.
#   tls_server_stop               kills the server if it still runs, and reaps it.
# Both set tls_server_pid and tls_server_port, and on failure print why and OUT, and
# return 1. The caller's EXIT trap should call tls_server_stop.
# TLS_SERVER_TIMEOUT: the server's whole life in seconds (default 120: under qemu, s_server
# takes seconds to start and each handshake seconds more).

tls_server_pid=
tls_server_port=

tls_server_start() {
    _tls_out=$1
    shift
    : >"$_tls_out"
    timeout "${TLS_SERVER_TIMEOUT:-120}" "$@" >"$_tls_out" 2>&1 </dev/null &
    tls_server_wait_accept "$_tls_out" $!
}

tls_server_wait_accept() {
    _tls_out=$1
    tls_server_pid=$2
    tls_server_port=
    # At most TLS_SERVER_TIMEOUT seconds, in steps of 0.1 s; sooner if the server died.
    _tls_tries=0
    while [ "$_tls_tries" -lt $((${TLS_SERVER_TIMEOUT:-120} * 10)) ]; do
        tls_server_port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$_tls_out" 2>/dev/null | head -n 1)
        [ -n "$tls_server_port" ] && return 0
        if ! kill -0 "$tls_server_pid" 2>/dev/null; then
            wait "$tls_server_pid" 2>/dev/null
            echo "FAIL: s_server exited (status $?) before accepting; its output:"
            cat "$_tls_out"
            tls_server_pid=
            return 1
        fi
        sleep 0.1
        _tls_tries=$((_tls_tries + 1))
    done
    echo "FAIL: s_server printed no ACCEPT line in ${TLS_SERVER_TIMEOUT:-120} s; its output:"
    cat "$_tls_out"
    tls_server_stop
    return 1
}

tls_server_stop() {
    if [ -n "$tls_server_pid" ]; then
        _tls_kill_tree "$tls_server_pid"
        wait "$tls_server_pid" 2>/dev/null
    fi
    tls_server_pid=
}

# The process and everything below it (timeout's child, or gdb and the server it runs),
# children first, so that none is left to run out its own timeout.
_tls_kill_tree() {
    for _tls_child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
        _tls_kill_tree "$_tls_child"
    done
    kill "$1" 2>/dev/null
}
