#!/usr/bin/env bash
# A Bazel HTTP cache on the loopback interface: Debian's nginx with WebDAV PUT.
#
#   tools/cache_server/cache_server.sh start  <dir> [port | 127.0.0.1:port]   (default port 9092)
#   tools/cache_server/cache_server.sh stop   <dir>
#   tools/cache_server/cache_server.sh status <dir>
#
# Everything lives under <dir>: nginx.conf, data/ (the cache: ac/<sha256> and
# cas/<sha256>, written by Bazel with PUT), tmp/, log/ and nginx.pid. The server
# listens on 127.0.0.1 only; any other address is refused, since this cache has
# no authentication and a client trusts every action result it serves. nginx
# runs as the current user (also when that user is root), so the data directory
# stays owned by whoever started it.
#
# Exit status: 0 success (status: running); 1 error; 3 status: not running.
# Every wait is bounded (START_WAIT_S, STOP_WAIT_S). nginx is stopped only
# through the pid in <dir>/nginx.pid, and only if that pid is an nginx process.
# The start/stop/pid-check code is shared with the other loopback servers
# (tools/lib/server.sh).
set -euo pipefail
readonly SERVER_NAME=cache_server
# shellcheck source=tools/lib/server.sh
source "$(dirname "$(readlink -f "$0")")/../lib/server.sh"

readonly DEFAULT_PORT=9092
readonly START_WAIT_S=10
readonly STOP_WAIT_S=10

die() { server_die "$@"; }

usage() {
  sed -n '4,6p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

find_nginx() {
  local n
  for n in "$(command -v nginx 2>/dev/null || true)" /usr/sbin/nginx /sbin/nginx; do
    [ -n "$n" ] && [ -x "$n" ] && { echo "$n"; return; }
  done
  die "nginx not found (install Debian's nginx: tools/setup.sh)"
}

# The pid of the running server for <dir>, or nothing.
running_pid() {
  local pid
  # Only the nginx started with <dir>/nginx.conf is <dir>'s: a copy of the
  # directory, a recycled pid or any other nginx names another process.
  pid=$(server_owned_pid "$1/nginx.pid" "$1/nginx.conf")
  [ -n "$pid" ] || return 0
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "nginx" ] || return 0
  echo "$pid"
}

port_open() { server_port_open "$1"; }

# True when the server for <dir> runs and listens on <port>.
up() {
  [ -n "$(running_pid "$1")" ] && port_open "$2"
}

# Sends one HTTP request over bash's /dev/tcp and prints the status code.
http_status() {
  local method="$1" port="$2" path="$3" body="${4:-}" line
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf '%s %s HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n\r\n%s' \
    "$method" "$path" "${#body}" "$body" >&3
  IFS=' ' read -r -t "$START_WAIT_S" _ line _ <&3 || true
  exec 3<&- 3>&-
  echo "$line"
}

parse_listen() {
  local arg="${1:-$DEFAULT_PORT}" addr port
  if [[ "$arg" == *:* ]]; then
    addr="${arg%:*}"; port="${arg##*:}"
  else
    addr="127.0.0.1"; port="$arg"
  fi
  case "$addr" in
    127.0.0.1|localhost) ;;
    *) die "refusing address '$addr': the cache has no authentication, so it listens on 127.0.0.1 only" ;;
  esac
  server_check_port "$port"
  echo "$port"
}

write_config() {
  local dir="$1" port="$2" user_line=""
  # As root, nginx would hand its workers to 'nobody', who cannot write <dir>.
  if [ "$(id -u)" -eq 0 ]; then
    user_line="user $(id -un) $(id -gn);"
  fi
  cat > "$dir/nginx.conf" <<EOF
# Written by tools/cache_server/cache_server.sh; rewritten on every start.
$user_line
worker_processes 1;
pid "$dir/nginx.pid";
error_log "$dir/log/error.log" warn;
events { worker_connections 512; }
http {
  access_log "$dir/log/access.log";
  default_type application/octet-stream;
  client_body_temp_path "$dir/tmp/client_body";
  proxy_temp_path "$dir/tmp/proxy";
  fastcgi_temp_path "$dir/tmp/fastcgi";
  uwsgi_temp_path "$dir/tmp/uwsgi";
  scgi_temp_path "$dir/tmp/scgi";
  server {
    listen 127.0.0.1:$port;
    root "$dir/data";
    client_max_body_size 0;
    # A cache miss is a 404, not an error worth a log line.
    log_not_found off;
    location / {
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw;
    }
  }
}
EOF
}

cmd_start() {
  local dir="$1" port="$2" nginx pid code bad='["$;{}\\[:space:]]'
  [[ "$dir" =~ $bad ]] && die "directory '$dir' has characters nginx.conf cannot hold"
  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd -P)
  [[ "$dir" =~ $bad ]] && die "directory '$dir' has characters nginx.conf cannot hold"
  pid=$(running_pid "$dir")
  if [ -n "$pid" ]; then
    local was; was=$(cat "$dir/port" 2>/dev/null || true)
    [ "$was" = "$port" ] || die "already running for $dir on port $was (pid $pid); stop it first"
    echo "cache_server: already running (pid $pid) on http://127.0.0.1:$port"
    return 0
  fi
  port_open "$port" && die "127.0.0.1:$port is already in use by another process"
  mkdir -p "$dir/data" "$dir/tmp" "$dir/log"
  rm -f "$dir/nginx.pid"
  write_config "$dir" "$port"
  echo "$port" > "$dir/port"
  nginx=$(find_nginx)
  "$nginx" -p "$dir" -e "$dir/log/error.log" -c "$dir/nginx.conf" -t -q \
    || die "nginx rejected $dir/nginx.conf (see $dir/log/error.log)"
  "$nginx" -p "$dir" -e "$dir/log/error.log" -c "$dir/nginx.conf" \
    || die "nginx failed to start (see $dir/log/error.log)"
  # nginx daemonizes: its master's pid comes from nginx.pid once it is up.
  server_wait "$START_WAIT_S" "" up "$dir" "$port" \
    || die "nginx did not come up on 127.0.0.1:$port within ${START_WAIT_S}s (see $dir/log/error.log)"
  pid=$(running_pid "$dir")
  # Self-check: a PUT must be stored (201/204) and read back (200).
  code=$(http_status PUT "$port" /_probe/ok ok || true)
  [[ "$code" == 20[14] ]] || { cmd_stop "$dir" >/dev/null; die "PUT probe answered '$code', expected 201/204 (see $dir/log/error.log)"; }
  code=$(http_status GET "$port" /_probe/ok || true)
  [ "$code" = 200 ] || { cmd_stop "$dir" >/dev/null; die "GET probe answered '$code', expected 200"; }
  rm -rf "$dir/data/_probe"
  echo "cache_server: running (pid $pid) on http://127.0.0.1:$port, data in $dir/data"
}

# The master leads the process group of its workers (nginx daemonizes with
# setsid): the group is stopped, and waited for, as a whole.
cmd_stop() { server_cmd_stop "$1" nginx.pid nginx.conf 'nginx (pid {pid}) did not stop'; }

# The "running" line of status: the port, the entries and the size of data/.
describe() {
  local dir="$1" pid="$2" port entries size
  port=$(cat "$dir/port" 2>/dev/null || echo "?")
  entries=$(find "$dir/data" -type f 2>/dev/null | wc -l)
  size=$(du -sh "$dir/data" 2>/dev/null | cut -f1)
  echo "cache_server: running (pid $pid) on http://127.0.0.1:$port, $entries entries, $size in $dir/data"
}

cmd_status() { server_cmd_status "$1" describe; }

[ $# -ge 2 ] || usage
action="$1"; dir="$2"
case "$action" in
  start)
    [ $# -le 3 ] || usage
    port=$(parse_listen "${3:-}")
    cmd_start "$dir" "$port" ;;
  stop)   [ $# -eq 2 ] || usage; cmd_stop "$dir" ;;
  status) [ $# -eq 2 ] || usage; cmd_status "$dir" ;;
  *) usage ;;
esac
