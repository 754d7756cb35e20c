#!/usr/bin/env bash
# A server directory owns only the processes whose command lines name it
# (tools/lib/server.sh: server_has_arg, server_owned_pid, server_foreign_pid),
# and the stop commands built on it (tools/cluster/cluster.sh,
# tools/remote_exec/remote_exec.sh, tools/cache_server/cache_server.sh) on
# stand-in processes (no BuildGrid, casd or nginx):
#  1. `cluster.sh stop <copy>` of a running cluster's directory (cp -a) names
#     the original's bots, casd and server and leaves them running, and leaves
#     the PostgreSQL directory its pg.path names (once: the original stopped,
#     its PostgreSQL data deleted); exit 1. `stop <original>` then stops them.
#  2. `cluster.sh stop <empty dir>`: "no cluster in <dir>", exit 1 (once
#     "cluster: stopped", exit 0).
#  3. `remote_exec.sh stop` and `cache_server.sh stop` on a copy: the
#     original's process is named and left running, exit 1.
# Every process started here is stopped here, by its pid.
# Arguments: <tools/cluster/cluster.sh> <tools/remote_exec/remote_exec.sh>
#            <tools/cache_server/cache_server.sh>
set -euo pipefail
readonly SERVER_NAME=server_identity_test
cluster=$(readlink -f "$1") remote_exec=$(readlink -f "$2") cache_server=$(readlink -f "$3")
# shellcheck source=tools/lib/server.sh
source "$(dirname "$0")/server.sh"
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/identity.XXXXXX")
work=$(cd "$work" && pwd -P)
started=()
cleanup() {
  local p
  for p in "${started[@]}"; do kill -KILL -- "-$p" 2> /dev/null || true; done
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# stand_in <pid file> <arg>: a process (own group) whose command line holds <arg>.
stand_in() {
  server_launch "$1" "$1.log" bash -c 'sleep 120; exit 0' stand-in "$2"
  started+=("$(cat "$1")")
}
alive() { server_alive "$(cat "$1")"; }

# The helpers.
mkdir -p "$work/h"
stand_in "$work/h/p.pid" "$work/h/cache"
server_has_arg "$(cat "$work/h/p.pid")" "$work/h/cache" || fail "server_has_arg: the argument is not found"
! server_has_arg "$(cat "$work/h/p.pid")" "$work/h/cach" || fail "server_has_arg: a prefix matched"
[ -n "$(server_owned_pid "$work/h/p.pid" "$work/h/cache")" ] || fail "server_owned_pid: not owned"
[ -z "$(server_owned_pid "$work/h/p.pid" "$work/copy/cache")" ] || fail "server_owned_pid: a copy owns it"
[ -n "$(server_foreign_pid "$work/h/p.pid" "$work/copy/cache")" ] || fail "server_foreign_pid: not foreign"
echo "ok: helpers"

# 1. A cluster directory of stand-ins: two bots, a casd, the server, and a
# PostgreSQL directory outside it (as when run as root) that records its owner.
orig="$work/cluster"
mkdir -p "$orig/worker-1/bot-1" "$orig/server" "$work/pg-home"
stand_in "$orig/worker-1/bot-1.pid" "$orig/worker-1/bot-1"
stand_in "$orig/worker-1/casd.pid" "$orig/worker-1/casd"
stand_in "$orig/server/bgd.pid" "$orig/server/buildgrid.yml"
echo "$work/pg-home" > "$orig/pg.path"
echo "$orig" > "$work/pg-home/owner"
mkdir -p "$work/pg-home/data"
cp -a "$orig" "$work/copy"
rc=0
"$cluster" stop "$work/copy" > "$work/copy.out" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$work/copy.out" >&2; fail "stop <copy>: expected exit 1, found $rc"; }
for f in worker-1/bot-1.pid worker-1/casd.pid server/bgd.pid; do
  alive "$orig/$f" || fail "stop <copy> stopped the original's $f"
  grep -qF "cluster: pid $(cat "$orig/$f") of $work/copy/$f is not this directory's" "$work/copy.out" \
    || { cat "$work/copy.out" >&2; fail "stop <copy> did not name $f"; }
done
grep -qF "PostgreSQL's directory $work/pg-home does not record $work/copy as its owner" "$work/copy.out" \
  || { cat "$work/copy.out" >&2; fail "stop <copy> did not name the PostgreSQL directory"; }
[ -d "$work/pg-home/data" ] || fail "stop <copy> removed the original's PostgreSQL directory"
echo "ok: stop <copy>: $(tail -1 "$work/copy.out")"
"$cluster" stop "$orig" > "$work/orig.out" 2>&1 || { cat "$work/orig.out" >&2; fail "stop <original> failed"; }
for f in worker-1/bot-1.pid worker-1/casd.pid server/bgd.pid; do
  [ ! -e "$orig/$f" ] || fail "stop <original> left $f"
done
echo "ok: stop <original>: $(tail -1 "$work/orig.out")"

# 2. An empty directory.
mkdir -p "$work/empty"
rc=0
"$cluster" stop "$work/empty" > "$work/empty.out" 2>&1 || rc=$?
{ [ "$rc" -eq 1 ] && grep -qF "no cluster in $work/empty" "$work/empty.out"; } \
  || { cat "$work/empty.out" >&2; fail "stop <empty dir>: expected exit 1 and 'no cluster in'"; }
echo "ok: stop <empty dir>: $(cat "$work/empty.out")"

# 3. remote_exec.sh and cache_server.sh on copies.
# copy_refused <script> <name> <pid file name> <owner arg name> <expected part>
copy_refused() {
  local script="$1" name="$2" pidfile="$3" arg="$4" rc=0
  mkdir -p "$work/$name"
  stand_in "$work/$name/$pidfile" "$work/$name/$arg"
  cp -a "$work/$name" "$work/$name-copy"
  "$script" stop "$work/$name-copy" > "$work/$name.out" 2>&1 || rc=$?
  [ "$rc" -eq 1 ] || { cat "$work/$name.out" >&2; fail "$name stop <copy>: expected exit 1, found $rc"; }
  alive "$work/$name/$pidfile" || fail "$name stop <copy> stopped the original"
  grep -qF "pid $(cat "$work/$name/$pidfile") of $work/$name-copy/$pidfile is not this directory's server" "$work/$name.out" \
    || { cat "$work/$name.out" >&2; fail "$name stop <copy> did not name the process"; }
  echo "ok: $name stop <copy>: $(cat "$work/$name.out")"
  server_stop_pid "$(cat "$work/$name/$pidfile")" 5
}
copy_refused "$remote_exec" remote casd.pid cache
copy_refused "$cache_server" cache nginx.pid nginx.conf
echo "PASS: a directory stops only the processes and PostgreSQL data that name it"
