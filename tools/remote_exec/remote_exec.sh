#!/usr/bin/env bash
# A Remote Execution API server on the loopback interface, for
# --config=remote-exec: one buildbox-casd (CAS, action cache and Execute)
# whose local execution service runs every action through buildbox-run in a
# bubblewrap chroot.
#
#   tools/remote_exec/remote_exec.sh start  <dir> [--jobs N] [--port P]
#   tools/remote_exec/remote_exec.sh stop   <dir>
#   tools/remote_exec/remote_exec.sh status <dir>
#
# start: buildbox-casd on 127.0.0.1:P (default 8980, the endpoint of
# .bazelrc's build:remote-exec), running at most N actions at a time (default:
# the number of cores). The binaries come from tools/remote_exec/install.sh
# (run by tools/setup.sh), bwrap from Debian's bubblewrap. Everything lives
# under <dir>: cache/ (casd's CAS and action cache), tmp/ (casd's TMPDIR),
# casd.log, casd.pid, port and jobs.
#
# The sandbox of an action: its input root (hard links from the CAS) as the
# chroot, its own PID and network namespace, /tmp a tmpfs, and read-only only
# the host directories the project's actions need (tools/lib/sandbox_mounts.sh):
# /usr (compilers, headers, libraries, bash), /bin, /lib and /lib64 (on
# Debian's merged /usr: links into /usr, bound as directories since bwrap
# cannot bind the links; /bin/bash runs every shell action, /lib64 holds the
# ELF interpreter, /lib the paths in libc.so), and /etc/alternatives (where
# libblas.so and liblapack.so point). Nothing else of the host is visible.
#
# Exit status: 0 success (status: running); 1 error; 3 status: not running.
# Waits are bounded (START_WAIT_S, STOP_WAIT_S). The server is stopped only
# through the pid in <dir>/casd.pid, and only if that process is still the
# buildbox-casd this script started (its binary and its --bind port); stop
# ends its whole process group (casd, its runners and their sandboxes). The
# start/stop/pid-check code is shared with the other loopback servers
# (tools/lib/server.sh).
set -euo pipefail
readonly SERVER_NAME=remote_exec
# This script is tools/remote_exec/remote_exec.sh: TOOLS_DIR is tools/.
TOOLS_DIR=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd -P)
readonly TOOLS_DIR
# shellcheck source=tools/lib/server.sh
source "$TOOLS_DIR/lib/server.sh"
# shellcheck source=tools/lib/sandbox_mounts.sh
source "$TOOLS_DIR/lib/sandbox_mounts.sh"

readonly DEFAULT_PORT=8980
readonly START_WAIT_S=30
readonly STOP_WAIT_S=15
readonly BIN="$TOOLS_DIR/remote_exec/bin"
readonly CASD="$BIN/buildbox-casd"
readonly RUNNER="$BIN/buildbox-run"

die() { server_die "$@"; }

usage() {
  sed -n '7,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

need_binaries() {
  "$TOOLS_DIR/remote_exec/install.sh" --check \
    || die "buildbox-casd and buildbox-run are not installed in tools/remote_exec/bin: run tools/setup.sh (or tools/remote_exec/install.sh)"
  command -v bwrap > /dev/null || die "bwrap not on PATH: install Debian's bubblewrap (tools/setup.sh)"
}

# The pid of the running server for <dir>, or nothing.
running_pid() {
  local dir="$1" pid
  # Only the casd whose cache is <dir>/cache is <dir>'s: a copy of the
  # directory (or a recycled pid) names another process.
  pid=$(server_owned_pid "$dir/casd.pid" "$dir/cache")
  [ -n "$pid" ] && [ -s "$dir/port" ] || return 0
  [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$CASD" ] || return 0
  server_cmdline "$pid" | grep -q -- "--bind=127.0.0.1:$(cat "$dir/port") " \
    || return 0
  echo "$pid"
}

cmd_start() {
  local dir="$1" jobs="$2" port="$3" pid status=0 mount args=()
  need_binaries
  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd -P)
  pid=$(running_pid "$dir")
  if [ -n "$pid" ]; then
    [ "$(cat "$dir/port")" = "$port" ] \
      || die "already running for $dir on port $(cat "$dir/port") (pid $pid); stop it first"
    echo "remote_exec: already running (pid $pid), executor grpc://127.0.0.1:$port"
    return 0
  fi
  server_port_open "$port" && die "127.0.0.1:$port is already in use by another process"
  while read -r mount; do args+=("--runner-arg=--ro-bind-mount=$mount"); done < <(sandbox_mounts)
  # casd stages each action it runs (its .action, .actionresult, stdout and
  # stderr files) in a directory it creates under $TMPDIR, left there when
  # casd is killed: kept under <dir>, never in /tmp.
  mkdir -p "$dir/cache" "$dir/tmp"
  echo "$port" > "$dir/port"
  echo "$jobs" > "$dir/jobs"
  server_launch "$dir/casd.pid" "$dir/casd.log" env TMPDIR="$dir/tmp" "$CASD" "--bind=127.0.0.1:$port" \
    "--buildbox-run=$RUNNER" "--jobs=$jobs" "${args[@]}" --log-level=warning "$dir/cache"
  pid=$(cat "$dir/casd.pid")
  server_wait "$START_WAIT_S" "$pid" server_port_open "$port" || status=$?
  case "$status" in
    0) ;;
    1)
      tail -n 20 "$dir/casd.log" >&2
      die "buildbox-casd exited during start-up (log above: $dir/casd.log)" ;;
    *)
      server_stop_pid "$pid" "$STOP_WAIT_S" || true
      die "buildbox-casd did not listen on 127.0.0.1:$port within ${START_WAIT_S}s (log: $dir/casd.log)" ;;
  esac
  echo "remote_exec: running (pid $pid), executor grpc://127.0.0.1:$port, $jobs job(s), cache in $dir/cache"
  [ "$port" = "$DEFAULT_PORT" ] \
    || echo "remote_exec: use --config=remote-exec --remote_executor=grpc://127.0.0.1:$port"
}

cmd_stop() {
  server_cmd_stop "$1" casd.pid cache 'buildbox-casd (pid {pid}) or one of its actions did not stop'
}

# The "running" line of status: the pid, the endpoint, the jobs, casd's own
# CPU seconds (its /proc rusage does not include the actions it ran;
# docs/remote_execution.md counts those with a cgroup) and the cache size.
describe() {
  local dir="$1" pid="$2"
  echo "remote_exec: running (pid $pid), executor grpc://127.0.0.1:$(cat "$dir/port"), $(cat "$dir/jobs") job(s), $(server_cpu_seconds "$pid") CPU-s (casd itself), cache $(du -sh "$dir/cache" 2>/dev/null | cut -f1)"
}

cmd_status() { server_cmd_status "$1" describe; }

[ $# -ge 2 ] || usage
action="$1"; dir="$2"
shift 2
case "$action" in
  start)
    jobs=$(nproc); port=$DEFAULT_PORT
    while [ $# -gt 0 ]; do
      case "$1" in
        --jobs) [ $# -ge 2 ] || usage; jobs="$2"; shift 2 ;;
        --port) [ $# -ge 2 ] || usage; port="$2"; shift 2 ;;
        *) usage ;;
      esac
    done
    [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "bad --jobs '$jobs' (a positive number)"
    server_check_port "$port" 1024
    cmd_start "$dir" "$jobs" "$port" ;;
  stop) [ $# -eq 0 ] || usage; cmd_stop "$dir" ;;
  status) [ $# -eq 0 ] || usage; cmd_status "$dir" ;;
  *) usage ;;
esac
