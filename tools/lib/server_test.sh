#!/usr/bin/env bash
# tools/lib/server.sh on stand-in servers (sleep, a Python listener): pid
# files, liveness, bounded waits, process-group stop with TERM and, for a
# server that ignores TERM, KILL; port checks; the stop and status commands
# of a one-process server. Every process started here is stopped here.
set -euo pipefail
readonly SERVER_NAME=server_test
# shellcheck source=tools/lib/server.sh
source "$(dirname "$0")/server.sh"
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/server_test.XXXXXX")
started=()
cleanup() {
  local p
  for p in "${started[@]}"; do kill -KILL -- "-$p" 2>/dev/null || true; done
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
check() { "$@" || fail "expected success: $*"; }
refute() { if "$@"; then fail "expected failure: $*"; fi; }
launch() {  # launch <name> <command...>: a server in its own process group
  local name="$1"
  shift
  server_launch "$work/$name.pid" "$work/$name.log" "$@"
  started+=("$(cat "$work/$name.pid")")
}

# Ports: the range, then a listener that comes and goes.
(server_check_port 8980) || fail "8980 is a valid port"
refute bash -c "source '$(dirname "$0")/server.sh'; server_check_port 80 1024" 2>/dev/null
refute bash -c "source '$(dirname "$0")/server.sh'; server_check_port x" 2>/dev/null
port=$(server_free_port)
refute server_port_open "$port"
launch listener /usr/bin/python3 -c "
import socket, time
s = socket.socket(); s.bind(('127.0.0.1', $port)); s.listen(8); time.sleep(60)"
lpid=$(cat "$work/listener.pid")
check server_wait 20 "$lpid" server_port_open "$port"
check server_stop_pid "$lpid" 5
refute server_port_open "$port"
refute server_alive "$lpid"

# A group of two processes: the leader and a child; stop ends both.
launch group /bin/sh -c 'sleep 60 & exec sleep 61'
gpid=$(cat "$work/group.pid")
check server_wait 5 "" server_group_alive "$gpid"
[ "$(server_read_pid "$work/group.pid")" = "$gpid" ] || fail "server_read_pid does not name the live leader"
[ "$(server_stat_field "$gpid" 5)" = "$gpid" ] || fail "the launched server does not lead its process group"
check server_wait 5 "" server_has_child "$gpid"
[[ "$(server_cmdline "$gpid")" == "sleep 61 " ]] || fail "server_cmdline: '$(server_cmdline "$gpid")'"
check server_stop_pid "$gpid" 5
refute server_group_alive "$gpid"
refute server_has_child "$gpid"
[ -z "$(server_cmdline "$gpid")" ] || fail "server_cmdline of a stopped server is not empty"
[ -z "$(server_read_pid "$work/group.pid")" ] || fail "server_read_pid names a stopped server"

# Waits: a probe that never succeeds times out (2); a server that exits is
# seen (1); both within their bound.
launch short /bin/sleep 1
spid=$(cat "$work/short.pid")
status=0
server_wait 20 "$spid" false || status=$?
[ "$status" = 1 ] || fail "server_wait on an exiting server returned $status, expected 1"
status=0
t0=$SECONDS
server_wait 1 "" false || status=$?
[ "$status" = 2 ] || fail "server_wait on a failing probe returned $status, expected 2"
[ $((SECONDS - t0)) -le 3 ] || fail "server_wait 1 took $((SECONDS - t0)) s"

# A server that ignores TERM: KILLed after the bound.
launch stubborn /bin/sh -c "trap '' TERM; sleep 60 & wait; sleep 60"
tpid=$(cat "$work/stubborn.pid")
check server_wait 5 "" server_group_alive "$tpid"
check server_stop_pid "$tpid" 1 2> "$work/stop.err"
grep -q "sending KILL" "$work/stop.err" || fail "no KILL message for a server that ignores TERM"
refute server_group_alive "$tpid"

# A stale pid file (a number no process has) names nothing.
echo 999999999 > "$work/stale.pid"
[ -z "$(server_read_pid "$work/stale.pid")" ] || fail "a stale pid file names a server"
# The stop and status commands of a one-process server: a stand-in in <dir>
# whose command line names <dir>/own, the caller's running_pid and describe.
readonly STOP_WAIT_S=5
running_pid() { server_owned_pid "$1/s.pid" "$1/own"; }
describe() { echo "server_test: running (pid $2) for $1"; }
mkdir -p "$work/one"
server_launch "$work/one/s.pid" "$work/one/s.log" bash -c 'sleep 60; exit 0' stand-in "$work/one/own"
opid=$(cat "$work/one/s.pid")
started+=("$opid")
[ "$(server_cmd_status "$work/one" describe)" = "server_test: running (pid $opid) for $work/one" ] \
  || fail "server_cmd_status of a running server: '$(server_cmd_status "$work/one" describe)'"
[ "$(server_cmd_stop "$work/one" s.pid own 'x (pid {pid}) did not stop')" = "server_test: stopped (pid $opid)" ] \
  || fail "server_cmd_stop did not say it stopped pid $opid"
refute server_group_alive "$opid"
[ ! -e "$work/one/s.pid" ] || fail "server_cmd_stop left the pid file"
[ "$(server_cmd_stop "$work/one" s.pid own 'x')" = "server_test: not running ($work/one)" ] \
  || fail "server_cmd_stop of a stopped server does not say 'not running'"
status=0
out=$(server_cmd_status "$work/one" describe) || status=$?
{ [ "$status" = 3 ] && [ "$out" = "server_test: not running ($work/one)" ]; } \
  || fail "server_cmd_status of a stopped server: exit $status, '$out'"
refute bash -c "source '$(dirname "$0")/server.sh'; server_cmd_stop '$work/none' s.pid own x" 2>/dev/null

echo "PASS: pid files, waits, group stop (TERM, then KILL), children, command lines, ports, stop and status commands"
