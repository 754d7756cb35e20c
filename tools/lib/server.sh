# shellcheck shell=bash
# The start/stop/pid-check code of the project's loopback servers, shared by
# tools/cache_server/cache_server.sh (nginx), tools/embedding_server.sh
# (infinity-emb) and tools/remote_exec/remote_exec.sh (buildbox-casd). Sourced,
# not run: the caller sets SERVER_NAME (the prefix of its messages) first.
#
#   server_die <message>              "<SERVER_NAME>: <message>" on stderr, exit 1
#   server_port_open <port>           true when something accepts TCP on 127.0.0.1:<port>
#   server_check_port <port> [min]    dies unless <port> is a number in [min (1), 65535]
#   server_free_port                  a loopback port no process listens on now (the kernel's
#                                     choice for a socket bound to 127.0.0.1:0)
#   server_alive <pid>                true while <pid> runs (a zombie, exited but not
#                                     yet reaped, does not count)
#   server_read_pid <pid file>        the pid in <pid file> if that process is alive
#                                     (the caller then checks that it is its server:
#                                     a stale file may name a recycled pid)
#   server_has_arg <pid> <arg>        true when <arg> is one argument of <pid>'s command
#                                     line (or, for a process that rewrote its title, as
#                                     nginx does, a space-separated word of it)
#   server_owned_pid <pid file> <arg> the pid in <pid file> if that process is alive and
#                                     has <arg>, a path under the directory that holds the
#                                     pid file: a process is a directory's only if its
#                                     command line names that directory, so a copy of the
#                                     directory never owns the original's processes
#   server_foreign_pid <pid file> <arg>
#                                     the pid in <pid file> if that process is alive and
#                                     does NOT have <arg> (another directory's process, or
#                                     a recycled pid), else nothing
#   server_launch <pid file> <log> <command> [args...]
#                                     runs the command in the background in a session
#                                     (and process group) of its own, stdin from
#                                     /dev/null, output to <log>; writes its pid
#   server_wait <seconds> <pid> <probe> [args...]
#                                     polls the probe command every 0.2 s; returns 0 when
#                                     it succeeds, 1 when <pid> (if not empty) has exited,
#                                     2 when <seconds> have passed
#   server_stop_pid <pid> <seconds>   TERM to <pid>'s process group (to <pid> alone if it
#                                     leads none), waits at most <seconds> for every
#                                     process of the group, then KILLs what is left;
#                                     returns 1 if anything survives the KILL
#   server_group_alive <pgid>         true while a live process is in process group <pgid>
#   server_has_child <pid>            true while <pid> has a live child (a job running)
#   server_cmdline <pid>              <pid>'s arguments joined by spaces ("" once gone)
#   server_cpu_seconds <pid>          CPU seconds of <pid> and of the children it has
#                                     waited for (utime + stime + cutime + cstime)
#
# The stop and status commands of a one-process server
# (tools/cache_server/cache_server.sh, tools/remote_exec/remote_exec.sh), which
# defines `running_pid <dir>` (the pid of <dir>'s server, or nothing) and
# STOP_WAIT_S first:
#   server_cmd_stop <dir> <pid file> <owner> <failure>
#                                     dies unless <dir> is a directory; dies, naming it,
#                                     when <dir>/<pid file> names a live process without
#                                     the argument <dir>/<owner> (another directory's);
#                                     else stops running_pid's process (server_stop_pid,
#                                     STOP_WAIT_S; dies with <failure>, its {pid} the pid,
#                                     if it survives), removes the pid file and says
#                                     "stopped (pid N)", or "not running (<dir>)"
#   server_cmd_status <dir> <describe>
#                                     "not running (<dir>)" and returns 3 when running_pid
#                                     names no process; else runs <describe> <dir> <pid>,
#                                     which prints the "running" line
#
# Nothing here kills by name: only pids that the calling script recorded and
# checked.

server_die() {
  echo "${SERVER_NAME:-server}: $*" >&2
  exit 1
}

server_port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

server_free_port() {
  /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

server_check_port() {
  local port="$1" min="${2:-1}"
  { [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge "$min" ] && [ "$port" -le 65535 ]; } \
    || server_die "bad port '$port' (expected $min-65535)"
}

# Field <n> (3 = state, 5 = process group, ...) of /proc/<pid>/stat, counted
# after the command name, which may hold spaces and parentheses.
server_stat_field() {
  awk -v n="$2" '{ sub(/^.*\) /, ""); print $(n - 2) }' "/proc/$1/stat" 2>/dev/null
}

server_alive() {
  local state
  kill -0 "$1" 2>/dev/null || return 1
  state=$(server_stat_field "$1" 3)
  [ -n "$state" ] && [ "$state" != Z ]
}

server_read_pid() {
  local pid
  [ -s "$1" ] || return 0
  pid=$(tr -dc '0-9' < "$1")
  [ -n "$pid" ] || return 0
  server_alive "$pid" || return 0
  echo "$pid"
}

# The command line of <pid>, its arguments joined by spaces ("" once gone).
server_cmdline() {
  tr '\0' ' ' 2> /dev/null < "/proc/$1/cmdline" || true
}

server_has_arg() {
  local arg words
  while IFS= read -r -d '' arg; do
    [ "$arg" = "$2" ] && return 0
  done 2> /dev/null < "/proc/$1/cmdline"
  words=" $(server_cmdline "$1") "
  [[ "$words" == *" $2 "* ]]
}

server_owned_pid() {
  local pid
  pid=$(server_read_pid "$1")
  [ -n "$pid" ] && server_has_arg "$pid" "$2" && echo "$pid"
  return 0
}

server_foreign_pid() {
  local pid
  pid=$(server_read_pid "$1")
  [ -n "$pid" ] && ! server_has_arg "$pid" "$2" && echo "$pid"
  return 0
}

server_launch() {
  local pidfile="$1" log="$2"
  shift 2
  # From a non-interactive script the background job is not a group leader,
  # so setsid(1) calls setsid() without forking: $! is the server itself.
  setsid "$@" < /dev/null > "$log" 2>&1 &
  echo $! > "$pidfile"
}

server_wait() {
  local seconds="$1" pid="$2" deadline
  shift 2
  deadline=$((SECONDS + seconds))
  while :; do
    "$@" && return 0
    if [ -n "$pid" ] && ! server_alive "$pid"; then return 1; fi
    [ "$SECONDS" -lt "$deadline" ] || return 2
    sleep 0.2
  done
}

# Whether some live process has <field> (the /proc/<pid>/stat field number
# counted after the command name: 4 = parent, 5 = process group) equal to
# <value>.
server_any_process_with() {
  # One line per process; cat goes on past processes that exit meanwhile.
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v n="$1" -v v="$2" '
    { sub(/^.*\) /, ""); if ($(n - 2) == v && $1 != "Z") found = 1 }
    END { exit !found }'
}

server_group_alive() { server_any_process_with 5 "$1"; }

# Whether <pid> has a child process (a server running a job).
server_has_child() { server_any_process_with 4 "$1"; }

server_stop_pid() {
  local pid="$1" seconds="$2" group=0 deadline
  [ "$(server_stat_field "$pid" 5)" = "$pid" ] && group=1
  if [ "$group" = 1 ]; then kill -TERM -- "-$pid" 2>/dev/null || true; else kill -TERM "$pid" 2>/dev/null || true; fi
  deadline=$((SECONDS + seconds))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if [ "$group" = 1 ]; then server_group_alive "$pid" || return 0; else server_alive "$pid" || return 0; fi
    sleep 0.2
  done
  echo "${SERVER_NAME:-server}: pid $pid still up after ${seconds}s; sending KILL" >&2
  if [ "$group" = 1 ]; then kill -KILL -- "-$pid" 2>/dev/null || true; else kill -KILL "$pid" 2>/dev/null || true; fi
  deadline=$((SECONDS + 5))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if [ "$group" = 1 ]; then server_group_alive "$pid" || return 0; else server_alive "$pid" || return 0; fi
    sleep 0.2
  done
  return 1
}

server_cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.1f", ($12 + $13 + $14 + $15) / hz }' \
    "/proc/$1/stat"
}

server_cmd_stop() {
  local dir="$1" pidfile="$2" owner="$3" failure="$4" pid other
  [ -d "$dir" ] || server_die "no such directory: $dir"
  dir=$(cd "$dir" && pwd -P)
  other=$(server_foreign_pid "$dir/$pidfile" "$dir/$owner")
  [ -z "$other" ] || server_die "pid $other of $dir/$pidfile is not this directory's server (its command line does not name" \
    "$dir/$owner: a copy of another server's directory?); not stopped"
  pid=$(running_pid "$dir")
  if [ -z "$pid" ]; then
    rm -f "$dir/$pidfile"
    echo "$SERVER_NAME: not running ($dir)"
    return 0
  fi
  server_stop_pid "$pid" "$STOP_WAIT_S" || server_die "${failure//\{pid\}/$pid}"
  rm -f "$dir/$pidfile"
  echo "$SERVER_NAME: stopped (pid $pid)"
}

server_cmd_status() {
  local dir="$1" pid=""
  [ -d "$dir" ] && dir=$(cd "$dir" && pwd -P) && pid=$(running_pid "$dir")
  if [ -z "$pid" ]; then
    echo "$SERVER_NAME: not running ($dir)"
    return 3
  fi
  "$2" "$dir" "$pid"
}
