#!/usr/bin/env bash
# A BuildGrid cluster on the loopback interface, for --config=cluster: the
# scheduler and its storage, and N workers that run actions in the same sandbox
# as tools/remote_exec/remote_exec.sh (docs/remote_execution.md, "A cluster").
#
#   tools/cluster/cluster.sh start  <dir> [--workers N] [--jobs J] [--port P] [--cache URL]
#   tools/cluster/cluster.sh stop   <dir>
#   tools/cluster/cluster.sh status <dir>
#
# start runs, each bounded in time and checked ready before the next:
#   1. PostgreSQL, BuildGrid's job store: a private cluster (initdb) on a free
#      loopback port, its socket in its own directory; a database "bgd",
#      migrated by `bgd migrate apply`;
#   2. the BuildGrid server (execution, scheduler, CAS, ByteStream, action
#      cache, bots) on 127.0.0.1:P (default 50051), configured from
#      tools/cluster/buildgrid.yml.in; its CAS and action cache are its own
#      (on disk under <dir>) or, with --cache http://127.0.0.1:<port>, an
#      existing REAPI cache it reads and writes through (a site cache, such
#      as the buildbox-casd of tools/remote_exec/remote_exec.sh);
#   3. N workers (default 2), each a buildbox-casd on a free loopback port as
#      its local CAS (--cas-remote: a proxy to BuildGrid's) and J bots
#      (default 1), tools/cluster/worker.py, each running one action at a time
#      through buildbox-run in the bubblewrap sandbox of
#      tools/lib/sandbox_mounts.sh.
# Installed by `tools/setup.sh --cluster` (BuildGrid in .venv-buildgrid,
# Debian's postgresql); buildbox-casd and buildbox-run come from
# tools/remote_exec/install.sh. Nothing listens beyond 127.0.0.1.
#
# Everything lives under <dir>: server/ (buildgrid.yml, cas/, bgd.log),
# worker-<i>/ (casd's cache and log, each bot's log and scratch), a pid file
# per process, and pg/ (PostgreSQL's data, socket and log). Run as root,
# PostgreSQL must run as the user postgres, who cannot enter a directory under
# /root: its directory is then a mktemp directory under /tmp (named in
# <dir>/pg.path), which stop removes after copying its log to <dir>.
#
# stop ends exactly what start recorded, bots first, then casds, the server
# and PostgreSQL (pg_ctl stop on its data directory). A process is this
# directory's only while its command line names a path under it (a bot's
# --work, a casd's cache, the server's config), and PostgreSQL's directory
# only while its `owner` file names it: stop on a copy of a running
# cluster's directory names the original's processes and leaves them, and
# their PostgreSQL data, alone (exit 1); on a directory with no cluster
# record it says so (exit 1). status lists each process; exit 0 when all
# run, 3 when none does, 1 otherwise.
set -euo pipefail
readonly SERVER_NAME=cluster
# This script is tools/cluster/cluster.sh: TOOLS_DIR is tools/.
TOOLS_DIR=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd -P)
readonly TOOLS_DIR
readonly ROOT="${TOOLS_DIR%/tools}"
# shellcheck source=tools/lib/server.sh
source "$TOOLS_DIR/lib/server.sh"
# shellcheck source=tools/lib/sandbox_mounts.sh
source "$TOOLS_DIR/lib/sandbox_mounts.sh"

readonly DEFAULT_PORT=50051
readonly START_WAIT_S=60
readonly STOP_WAIT_S=20
readonly VENV="$ROOT/.venv-buildgrid"
readonly BGD="$VENV/bin/bgd"
readonly CASD="$TOOLS_DIR/remote_exec/bin/buildbox-casd"
readonly RUNNER="$TOOLS_DIR/remote_exec/bin/buildbox-run"
readonly WORKER="$TOOLS_DIR/cluster/worker.py"
readonly TEMPLATE="$TOOLS_DIR/cluster/buildgrid.yml.in"

die() { server_die "$@"; }
usage() {
  sed -n '6,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do [ -d "$d" ] && echo "$d"; done | sort -V | tail -n 1
}

need_install() {
  [ -x "$BGD" ] || die "BuildGrid is not installed in .venv-buildgrid: run tools/setup.sh --cluster"
  [ -x "$(pg_bin)/initdb" ] || die "PostgreSQL is not installed: run tools/setup.sh --cluster"
  "$TOOLS_DIR/remote_exec/install.sh" --check \
    || die "buildbox-casd and buildbox-run are not installed: run tools/setup.sh"
  command -v bwrap > /dev/null || die "bwrap not on PATH: run tools/setup.sh (Debian's bubblewrap)"
}

# As root, PostgreSQL's commands run as the user postgres (it refuses root).
as_pg() {
  # runuser is in /usr/sbin, which a test's PATH does not hold.
  if [ "$(id -u)" -eq 0 ]; then (cd / && /usr/sbin/runuser -u postgres -- "$@"); else "$@"; fi
}

# The argument that ties the process of a pid file to this directory: the
# bot's --work directory, the casd's cache directory, the server's config.
# A copy of the directory names other paths, so it owns none of them.
owner_arg() {  # <pid file>
  case "$1" in
    */worker-*/bot-*.pid) echo "${1%.pid}" ;;
    */worker-*/casd.pid) echo "$(dirname "$1")/casd" ;;
    */server/bgd.pid) echo "$(dirname "$1")/buildgrid.yml" ;;
  esac
}

# The pid in <file> if that process is alive and this directory's.
recorded_pid() { server_owned_pid "$1" "$(owner_arg "$1")"; }

# PostgreSQL's directory (data, socket, log) of <dir>, only if it records <dir>
# as its owner (start writes <home>/owner): a copy's pg.path names the
# original's directory, which it must neither stop nor delete.
pg_home() {  # <dir>
  local home
  if [ -s "$1/pg.path" ]; then home=$(cat "$1/pg.path"); else home="$1/pg"; fi
  [ "$(cat "$home/owner" 2> /dev/null)" = "$1" ] && echo "$home"
  return 0
}

postmaster_pid() {  # <dir>: the running postmaster's pid, or nothing
  local file pid home
  home=$(pg_home "$1")
  [ -n "$home" ] || return 0
  file="$home/data/postmaster.pid"
  [ -s "$file" ] || return 0
  pid=$(head -n 1 "$file" | tr -dc '0-9')
  [ -n "$pid" ] && server_alive "$pid" || return 0
  [ "$(readlink "/proc/$pid/exe" 2> /dev/null)" = "$(pg_bin)/postgres" ] || return 0
  echo "$pid"
}

start_postgres() {
  local dir="$1" pg_port="$2" home bin
  bin=$(pg_bin)
  if [ "$(id -u)" -eq 0 ]; then
    home=$(mktemp -d /tmp/cluster-pg.XXXXXX)
    chown postgres "$home"
  else
    home="$dir/pg"
    mkdir -p "$home"
  fi
  echo "$home" > "$dir/pg.path"
  echo "$dir" > "$home/owner"
  as_pg mkdir -p "$home/run"
  # Trust authentication for the superuser bgd: the server listens on
  # 127.0.0.1 only, holds nothing but BuildGrid's job queue, and lives as long
  # as the cluster.
  as_pg "$bin/initdb" -D "$home/data" -U bgd -A trust -E UTF8 --locale=C > "$dir/initdb.log" 2>&1 \
    || { tail -n 20 "$dir/initdb.log" >&2; die "initdb failed (log: $dir/initdb.log)"; }
  echo "$pg_port" > "$dir/pg.port"
  as_pg "$bin/pg_ctl" -D "$home/data" -l "$home/postgres.log" -w -t "$START_WAIT_S" start \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories=$home/run" > /dev/null \
    || { tail -n 20 "$home/postgres.log" >&2; die "PostgreSQL did not start (log: $home/postgres.log)"; }
  "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U bgd bgd \
    || die "createdb bgd failed on 127.0.0.1:$pg_port"
  "$BGD" migrate apply "postgresql://bgd@127.0.0.1:$pg_port/bgd" > "$dir/migrate.log" 2>&1 \
    || { tail -n 20 "$dir/migrate.log" >&2; die "bgd migrate apply failed (log: $dir/migrate.log)"; }
}

start_server() {
  local dir="$1" port="$2" pg_port="$3" cache="$4" pid status=0 storage
  mkdir -p "$dir/server/cas"
  storage="$TOOLS_DIR/cluster/storage_own.yml.in"
  [ -z "$cache" ] || storage="$TOOLS_DIR/cluster/storage_remote.yml.in"
  sed -e "/^# @STORAGE@\$/{r $storage" -e 'd}' "$TEMPLATE" \
    | sed -e "s#@BIND_PORT@#$port#g" -e "s#@PG_PORT@#$pg_port#g" -e "s#@CAS_DIR@#$dir/server/cas#g" \
      -e "s#@CACHE_URL@#$cache#g" > "$dir/server/buildgrid.yml"
  ! grep -q '@[A-Z_]*@' "$dir/server/buildgrid.yml" || die "a placeholder of $TEMPLATE is left unfilled"
  server_launch "$dir/server/bgd.pid" "$dir/server/bgd.log" "$BGD" server start "$dir/server/buildgrid.yml"
  pid=$(cat "$dir/server/bgd.pid")
  server_wait "$START_WAIT_S" "$pid" server_port_open "$port" || status=$?
  case "$status" in
    0) ;;
    1) tail -n 20 "$dir/server/bgd.log" >&2; die "the BuildGrid server exited during start-up (log: $dir/server/bgd.log)" ;;
    *) server_stop_pid "$pid" "$STOP_WAIT_S" || true
      die "the BuildGrid server did not listen on 127.0.0.1:$port within ${START_WAIT_S}s (log: $dir/server/bgd.log)" ;;
  esac
}

start_worker() {
  local dir="$1" port="$2" i="$3" jobs="$4" w casd_port pid status=0 j mount runner_args=()
  w="$dir/worker-$i"
  # TMPDIR under the worker: a killed casd or buildbox-run leaves its
  # temporary files there, not in /tmp.
  mkdir -p "$w/casd" "$w/tmp"
  casd_port=$(server_free_port)
  echo "$casd_port" > "$w/casd.port"
  server_launch "$w/casd.pid" "$w/casd.log" env TMPDIR="$w/tmp" "$CASD" "--cas-remote=http://127.0.0.1:$port" \
    "--bind=127.0.0.1:$casd_port" --log-level=warning "$w/casd"
  pid=$(cat "$w/casd.pid")
  server_wait "$START_WAIT_S" "$pid" server_port_open "$casd_port" || status=$?
  [ "$status" -eq 0 ] || { tail -n 20 "$w/casd.log" >&2; die "worker $i: buildbox-casd did not start (log: $w/casd.log)"; }
  while read -r mount; do runner_args+=("--runner-arg=--ro-bind-mount=$mount"); done < <(sandbox_mounts)
  for ((j = 1; j <= jobs; j++)); do
    server_launch "$w/bot-$j.pid" "$w/bot-$j.log" env TMPDIR="$w/tmp" "$VENV/bin/python" "$WORKER" \
      --server "127.0.0.1:$port" --casd "http://127.0.0.1:$casd_port" --runner "$RUNNER" \
      --work "$w/bot-$j" --bot-id "worker-$i-bot-$j" --property OSFamily=linux "${runner_args[@]}"
  done
}

# Waits until every bot has a session (its log's first line), or fails.
wait_bots() {
  local dir="$1" log
  for log in "$dir"/worker-*/bot-*.log; do
    server_wait "$START_WAIT_S" "$(cat "${log%.log}.pid")" grep -q ': session ' "$log" \
      || { tail -n 20 "$log" >&2; die "a bot did not open its session (log: $log)"; }
  done
}

cmd_start() {
  local dir="$1" workers="$2" jobs="$3" port="$4" cache="$5" pg_port i
  need_install
  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd -P)
  [[ "$dir" =~ ^/[A-Za-z0-9._/-]+$ ]] || die "the directory '$dir' has characters other than letters, digits and ._/-"
  [ -z "$(ls -A "$dir")" ] || die "$dir is not empty: stop the cluster there and remove it, or name an empty directory"
  server_port_open "$port" && die "127.0.0.1:$port is already in use by another process"
  # From here on, a failure stops what was started.
  trap 'cmd_stop "$dir" > /dev/null 2>&1 || true' ERR EXIT
  pg_port=$(server_free_port)
  start_postgres "$dir" "$pg_port"
  start_server "$dir" "$port" "$pg_port" "$cache"
  for ((i = 1; i <= workers; i++)); do start_worker "$dir" "$port" "$i" "$jobs"; done
  wait_bots "$dir"
  trap - ERR EXIT
  echo "$port" > "$dir/port"
  echo "cluster: running, executor grpc://127.0.0.1:$port, $workers worker(s) x $jobs bot(s), PostgreSQL on 127.0.0.1:$pg_port, in $dir"
  [ "$port" = "$DEFAULT_PORT" ] || echo "cluster: use --config=cluster --remote_executor=grpc://127.0.0.1:$port"
}

# Stops the process of <pid file> if it is this directory's; one that is
# alive and another's (a copy of a running cluster's directory, a recycled
# pid) is named and left running.
stop_recorded() {  # <pid file>
  local pid other
  other=$(server_foreign_pid "$1" "$(owner_arg "$1")")
  if [ -n "$other" ]; then
    echo "cluster: pid $other of $1 is not this directory's: its command line does not name" \
      "$(owner_arg "$1") ($(server_cmdline "$other" | cut -c1-160)); not stopped" >&2
    foreign=$((foreign + 1))
    return 0
  fi
  pid=$(recorded_pid "$1")
  if [ -n "$pid" ]; then
    server_stop_pid "$pid" "$STOP_WAIT_S" || echo "cluster: pid $pid ($1) did not stop" >&2
  fi
  rm -f "$1"
}

# True when <dir> holds a record of a cluster: a pid file or PostgreSQL's.
has_cluster_record() {
  compgen -G "$1/server/bgd.pid" > /dev/null || compgen -G "$1/worker-*/*.pid" > /dev/null \
    || [ -e "$1/pg.path" ] || [ -d "$1/pg" ]
}

cmd_stop() {
  local dir="$1" f home foreign=0
  [ -d "$dir" ] || die "no such directory: $dir"
  dir=$(cd "$dir" && pwd -P)
  has_cluster_record "$dir" || die "no cluster in $dir (no pid file, no PostgreSQL record): nothing to stop"
  for f in "$dir"/worker-*/bot-*.pid "$dir"/worker-*/casd.pid "$dir/server/bgd.pid"; do
    [ -e "$f" ] && stop_recorded "$f"
  done
  home=$(pg_home "$dir")
  # A pg.path naming a directory that is gone is a stale record (a copy's,
  # once the original stopped): dropped.
  if [ -s "$dir/pg.path" ] && [ ! -d "$(cat "$dir/pg.path")" ]; then rm -f "$dir/pg.path"; fi
  if [ -z "$home" ] && { [ -s "$dir/pg.path" ] || [ -d "$dir/pg" ]; }; then
    echo "cluster: PostgreSQL's directory $(cat "$dir/pg.path" 2> /dev/null || echo "$dir/pg") does not record" \
      "$dir as its owner; not stopped, not removed" >&2
    foreign=$((foreign + 1))
  fi
  if [ -n "$home" ] && [ -n "$(postmaster_pid "$dir")" ]; then
    as_pg "$(pg_bin)/pg_ctl" -D "$home/data" -m fast -w -t "$STOP_WAIT_S" stop > /dev/null \
      || echo "cluster: PostgreSQL ($home/data) did not stop" >&2
  fi
  if [[ "$home" == /tmp/cluster-pg.* ]] && [ -z "$(postmaster_pid "$dir")" ]; then
    cp "$home/postgres.log" "$dir/postgres.log" 2> /dev/null || true
    rm -rf "$home" && rm -f "$dir/pg.path"
  fi
  ((foreign == 0)) || die "$foreign process(es) or directories recorded in $dir are another directory's" \
    "(a copy of a running cluster's directory?): stop that cluster from its own directory"
  rm -f "$dir/port"
  echo "cluster: stopped ($dir)"
}

cmd_status() {
  local dir="$1" f running=0 total=0 line
  [ -d "$dir" ] || { echo "cluster: not running ($dir)"; return 3; }
  dir=$(cd "$dir" && pwd -P)
  report() {  # <name> <pid or empty>
    total=$((total + 1))
    if [ -n "$2" ]; then running=$((running + 1)); line="running (pid $2, $(server_cpu_seconds "$2") CPU-s)"; else line="not running"; fi
    printf '  %-28s %s\n' "$1" "$line"
  }
  report postgres "$(postmaster_pid "$dir")"
  report "buildgrid server" "$(recorded_pid "$dir/server/bgd.pid")"
  for f in "$dir"/worker-*/casd.pid "$dir"/worker-*/bot-*.pid; do
    [ -e "$f" ] || continue
    case "$f" in
      */casd.pid) report "$(basename "$(dirname "$f")") casd" "$(recorded_pid "$f")" ;;
      *) report "$(basename "$(dirname "$f")") $(basename "$f" .pid)" "$(recorded_pid "$f")" ;;
    esac
  done
  echo "cluster: $running of $total processes running ($dir)"
  [ "$running" -eq "$total" ] && [ "$total" -gt 0 ] && return 0
  [ "$running" -eq 0 ] && return 3
  return 1
}

[ $# -ge 2 ] || usage
action="$1"
dir="$2"
shift 2
case "$action" in
  start)
    workers=2 jobs=1 port=$DEFAULT_PORT cache=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --cache) [ $# -ge 2 ] || usage; cache="$2"; shift 2 ;;
        --workers) [ $# -ge 2 ] || usage; workers="$2"; shift 2 ;;
        --jobs) [ $# -ge 2 ] || usage; jobs="$2"; shift 2 ;;
        --port) [ $# -ge 2 ] || usage; port="$2"; shift 2 ;;
        *) usage ;;
      esac
    done
    [[ "$workers" =~ ^[1-9][0-9]*$ ]] || die "bad --workers '$workers' (a positive number)"
    [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "bad --jobs '$jobs' (a positive number)"
    server_check_port "$port" 1024
    [ -z "$cache" ] || [[ "$cache" =~ ^http://127\.0\.0\.1:[0-9]{1,5}$ ]] \
      || die "bad --cache '$cache' (expected http://127.0.0.1:<port>, a REAPI cache on loopback)"
    cmd_start "$dir" "$workers" "$jobs" "$port" "$cache" ;;
  stop) [ $# -eq 0 ] || usage; cmd_stop "$dir" ;;
  status) [ $# -eq 0 ] || usage; cmd_status "$dir" ;;
  *) usage ;;
esac
