#!/usr/bin/env bash
# A remote cache that accepts connections and never answers must not stall the
# build: with .bazelrc's build:remote timeouts a nested build of a small target
# against such a server (loopback, started and stopped here) falls back to
# local execution and ends, correct, within a bound.
#   1. start a black-hole server on a free loopback port (python3, bounded by
#      `timeout`; stopped by its pid at exit);
#   2. build //blackhole:out (a genrule added to a workspace copy) with
#      --config=remote --remote_cache=http://127.0.0.1:<port> and a fresh
#      output base, so its one action looks the cache up and tries to upload;
#   3. the build must succeed within BOUND_S seconds with the genrule's bytes.
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/nested_bazel.sh"
nb_init
readonly BOUND_S=60

copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
mkdir -p "$copy/blackhole"
cat > "$copy/blackhole/BUILD" <<'B'
genrule(
    name = "out",
    outs = ["out.txt"],
    cmd = "echo black-hole-test > $@",
)
B

python3 - "$NB_WORK/port" <<'PY' &
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(64)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
s.settimeout(1.0)
held = []
deadline = time.time() + 300  # never outlives the test
while time.time() < deadline:
    try:
        c, _ = s.accept()
        held.append(c)  # accept, read nothing, answer nothing
    except socket.timeout:
        pass
PY
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; nb_cleanup' EXIT
for _ in $(seq 50); do [ -s "$NB_WORK/port" ] && break; sleep 0.1; done
port=$(cat "$NB_WORK/port")
[ -n "$port" ] || nb_fail "the black-hole server did not start"

nb_bazel "$copy" bh "$NB_WORK/bh.log" --config=remote "--remote_cache=http://127.0.0.1:$port" //blackhole:out
nb_log "build against a black-hole cache: ${NB_WALL_S}s (bound ${BOUND_S}s)"
awk -v w="$NB_WALL_S" -v b="$BOUND_S" 'BEGIN { exit !(w <= b) }' || nb_fail "the build took ${NB_WALL_S}s, more than ${BOUND_S}s"
[ "$(cat "$copy/bazel-bin/blackhole/out.txt")" = "black-hole-test" ] || nb_fail "wrong output"
echo "PASS: a black-hole remote cache cost ${NB_WALL_S}s and the build ended correct"
