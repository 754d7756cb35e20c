#!/usr/bin/env bash
# A local Buildbarn cluster on the loopback interface, for --config=remote-exec.
#
#   tools/buildbarn.sh start  <dir> [--workers N] [--concurrency C] [--port P]
#   tools/buildbarn.sh stop   <dir>
#   tools/buildbarn.sh status <dir>
#
# start runs bb_storage (CAS, action cache and the frontend Bazel calls, on
# 127.0.0.1:P, default 8980 as in .bazelrc), bb_scheduler (P+2 clients, P+3
# workers, P+4 admin HTTP) and N workers (default 2), each a bb_worker and a
# bb_runner (P+10+i) that runs C actions at a time (default 1). The binaries
# come from tools/buildbarn/install.sh (run by tools/setup.sh), the
# configuration from tools/buildbarn/*.jsonnet, the workers' cache-salt
# platform property from .bazelrc.salt. Everything lives under <dir>:
# storage/, worker-<i>/, log/<process>.log and pid/<process>.pid.
#
# Every process runs in a session of its own; stop sends TERM to exactly the
# process groups recorded in <dir>/pid (each checked to still be that binary),
# waits at most STOP_WAIT_S, then KILLs. Start waits at most START_WAIT_S for
# every port; if anything fails to come up it stops what it started.
#
# Exit status: 0 success (status: running); 1 error; 3 status: not running.
set -euo pipefail

readonly START_WAIT_S=30
readonly STOP_WAIT_S=15
readonly ROOT="$(cd "$(dirname "$0")/.." && pwd -P)"
readonly CONFIG="$ROOT/tools/buildbarn"
readonly BIN="$CONFIG/bin"

die() { echo "buildbarn: $*" >&2; exit 1; }

usage() {
  sed -n '4,6p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# True while <pid> runs (a zombie, exited but not yet reaped by its new
# parent, does not count).
alive() {
  kill -0 "$1" 2>/dev/null && [ "$(awk '{ sub(/^.*\) /, ""); print $1 }' "/proc/$1/stat" 2>/dev/null)" != Z ]
}

# The pid recorded for <process> in <dir>, if it is still that binary.
live_pid() {
  local dir="$1" name="$2" pid
  pid=$(tr -dc '0-9' < "$dir/pid/$name.pid" 2>/dev/null || true)
  [ -n "$pid" ] && alive "$pid" || return 0
  # A stale pid file may name a recycled pid: only our binary counts.
  [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$BIN/${name%%-*}" ] || return 0
  echo "$pid"
}

# Processes in start order (stop goes in reverse).
process_names() {
  local dir="$1"
  [ -d "$dir/pid" ] || return 0
  (cd "$dir/pid" && ls -1 -- *.pid 2>/dev/null | sed 's/\.pid$//' \
    | awk '/^bb_storage/ { print 0, $0; next } /^bb_scheduler/ { print 1, $0; next }
           /^bb_runner/ { print 2, $0; next } { print 3, $0 }' | sort -k1,1n -k2,2V | cut -d' ' -f2)
}

# launch <dir> <process name> <config>: one binary in its own session, with
# the cluster's variables in its environment (Buildbarn reads them with
# std.extVar).
launch() {
  local dir="$1" name="$2" config="$3" pid
  setsid "$BIN/${name%%-*}" "$CONFIG/$config" < /dev/null > "$dir/log/$name.log" 2>&1 &
  pid=$!
  echo "$pid" > "$dir/pid/$name.pid"
}

wait_ports() {
  local dir="$1" what="$2" i p ok
  shift 2
  for ((i = 0; i < START_WAIT_S * 10; i++)); do
    ok=1
    for p in "$@"; do port_open "$p" || { ok=0; break; }; done
    [ "$ok" = 1 ] && return 0
    sleep 0.1
  done
  cmd_stop "$dir" >/dev/null 2>&1 || true
  die "$what did not listen on 127.0.0.1:$* within ${START_WAIT_S}s (see $dir/log/)"
}

cmd_start() {
  local dir="$1" workers="$2" concurrency="$3" port="$4" salt p i name
  [ -x "$BIN/bb_storage" ] && "$CONFIG/install.sh" --check \
    || die "the Buildbarn binaries are not installed in tools/buildbarn/bin: run tools/setup.sh (or tools/buildbarn/install.sh)"
  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd -P)
  for name in $(process_names "$dir"); do
    [ -z "$(live_pid "$dir" "$name")" ] || die "a cluster is already running for $dir ($name); stop it first"
  done
  local ports=("$port" $((port + 2)) $((port + 3)) $((port + 4)))
  for ((i = 1; i <= workers; i++)); do ports+=($((port + 10 + i))); done
  for p in "${ports[@]}"; do
    port_open "$p" && die "127.0.0.1:$p is already in use by another process"
  done
  salt=$(sed -n 's/.*--remote_default_exec_properties=cache-salt=//p' "$ROOT/.bazelrc.salt" 2>/dev/null | tail -n 1)
  [ -n "$salt" ] || echo "buildbarn: no .bazelrc.salt (run tools/setup.sh): the workers get no cache-salt property" >&2
  rm -rf "$dir/pid" "$dir/log"
  mkdir -p "$dir/pid" "$dir/log" "$dir/storage/cas" "$dir/storage/ac"
  export BB_DIR="$dir" BB_CACHE_SALT="$salt" BB_CONCURRENCY="$concurrency" \
    BB_STORAGE_PORT="$port" BB_SCHEDULER_CLIENT_PORT=$((port + 2)) \
    BB_SCHEDULER_WORKER_PORT=$((port + 3)) BB_SCHEDULER_ADMIN_PORT=$((port + 4))
  echo "$port $workers $concurrency" > "$dir/cluster"

  launch "$dir" bb_storage storage.jsonnet
  wait_ports "$dir" bb_storage "$port"
  launch "$dir" bb_scheduler scheduler.jsonnet
  wait_ports "$dir" bb_scheduler $((port + 2)) $((port + 3)) $((port + 4))
  for ((i = 1; i <= workers; i++)); do
    rm -rf "$dir/worker-$i"
    mkdir -p "$dir/worker-$i/build" "$dir/worker-$i/cache"
    BB_WORKER=$i BB_RUNNER_PORT=$((port + 10 + i)) launch "$dir" "bb_runner-$i" runner.jsonnet
  done
  for ((i = 1; i <= workers; i++)); do
    wait_ports "$dir" "bb_runner-$i" $((port + 10 + i))
    BB_WORKER=$i BB_RUNNER_PORT=$((port + 10 + i)) launch "$dir" "bb_worker-$i" worker.jsonnet
  done
  # A worker listens on no port: it is up when it is still running after it
  # has read its configuration and dialled the scheduler.
  sleep 2
  for name in $(process_names "$dir"); do
    [ -n "$(live_pid "$dir" "$name")" ] || {
      tail -n 20 "$dir/log/$name.log" >&2
      cmd_stop "$dir" >/dev/null 2>&1 || true
      die "$name exited during start-up (log above: $dir/log/$name.log)"
    }
  done
  echo "buildbarn: running, $workers worker(s) x $concurrency; executor grpc://127.0.0.1:$port, state in $dir"
  [ "$port" = 8980 ] || echo "buildbarn: use --config=remote-exec --remote_executor=grpc://127.0.0.1:$port"
}

cmd_stop() {
  local dir="$1" name pid i running stopped=()
  [ -d "$dir" ] || die "no such directory: $dir"
  local names
  names=$(process_names "$dir" | tac)
  for name in $names; do
    pid=$(live_pid "$dir" "$name")
    [ -n "$pid" ] || continue
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    stopped+=("$name:$pid")
  done
  for ((i = 0; i < STOP_WAIT_S * 10; i++)); do
    running=0
    for name in "${stopped[@]}"; do alive "${name#*:}" && running=1; done
    [ "$running" = 0 ] && break
    sleep 0.1
  done
  for name in "${stopped[@]}"; do
    pid="${name#*:}"
    if alive "$pid"; then
      echo "buildbarn: ${name%%:*} (pid $pid) still up after ${STOP_WAIT_S}s; sending KILL" >&2
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$dir/pid"
  if ((${#stopped[@]})); then
    echo "buildbarn: stopped ${stopped[*]}"
  else
    echo "buildbarn: not running ($dir)"
  fi
}

# CPU seconds of a process and of its waited-for children (a runner's
# actions): utime + stime + cutime + cstime of /proc/<pid>/stat.
cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.1f", ($12 + $13 + $14 + $15) / hz }' "/proc/$1/stat"
}

cmd_status() {
  local dir="$1" name pid cpu total=0 up=0 down=0
  [ -d "$dir/pid" ] || { echo "buildbarn: not running ($dir)"; return 3; }
  for name in $(process_names "$dir"); do
    pid=$(live_pid "$dir" "$name")
    if [ -n "$pid" ]; then
      cpu=$(cpu_seconds "$pid")
      echo "  $name: pid $pid, ${cpu} CPU-s"
      total=$(awk -v a="$total" -v b="$cpu" 'BEGIN { printf "%.1f", a + b }')
      up=$((up + 1))
    else
      echo "  $name: down"
      down=$((down + 1))
    fi
  done
  if [ "$up" = 0 ]; then echo "buildbarn: not running ($dir)"; return 3; fi
  echo "buildbarn: $up process(es) up, $down down, ${total} CPU-s; $(awk '{ print "executor grpc://127.0.0.1:" $1 ", " $2 " worker(s) x " $3 }' "$dir/cluster")"
}

[ $# -ge 2 ] || usage
action="$1"; dir="$2"
shift 2
case "$action" in
  start)
    workers=2; concurrency=1; port=8980
    while [ $# -gt 0 ]; do
      case "$1" in
        --workers) [ $# -ge 2 ] || usage; workers="$2"; shift 2 ;;
        --concurrency) [ $# -ge 2 ] || usage; concurrency="$2"; shift 2 ;;
        --port) [ $# -ge 2 ] || usage; port="$2"; shift 2 ;;
        *) usage ;;
      esac
    done
    [[ "$workers" =~ ^[1-9][0-9]*$ ]] || die "bad --workers '$workers' (a positive number)"
    [[ "$concurrency" =~ ^[1-9][0-9]*$ ]] || die "bad --concurrency '$concurrency' (a positive number)"
    [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge 1024 ] && [ "$port" -le $((65535 - 10 - workers)) ] \
      || die "bad --port '$port'"
    cmd_start "$dir" "$workers" "$concurrency" "$port" ;;
  stop) [ $# -eq 0 ] || usage; cmd_stop "$dir" ;;
  status) [ $# -eq 0 ] || usage; cmd_status "$dir" ;;
  *) usage ;;
esac
