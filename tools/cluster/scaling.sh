#!/usr/bin/env bash
# Scaling figures of a report's stage actions on the loopback BuildGrid cluster
# (docs/remote_execution.md, section 12), one row per worker count:
#
#   tools/cluster/scaling.sh <scratch dir> <report label> <workers>...
#   e.g. tools/cluster/scaling.sh /tmp/scaling //reports:e04 1 2 4
#
# 1. starts buildbox-casd (tools/remote_exec.sh) on a free port and builds the
#    report with --config=remote-exec: compiles and stages run once on casd;
# 2. for each worker count N: starts the cluster (tools/cluster.sh, N
#    workers, its cache that casd) and builds the report again with a fresh
#    --define=stage_cache_salt, so every stage action runs on the cluster and
#    every compile is a cache hit; then stops the cluster.
# Prints a markdown table: workers, stage actions run on the cluster, wall
# seconds of the build, Bazel's critical path, the CPU seconds of the workers
# (each bot with the actions it ran: buildbox-run and the stage tools are its
# children), the median seconds of one action inside the sandbox (the bots'
# logs) and the median scheduling overhead per action (Bazel's remote
# action execution time of the spawn, from --profile, minus the run inside the
# sandbox: upload, queue, lease, download). Everything lives under the
# scratch directory (removed first if it holds an earlier run of this
# script), output bases included; the servers are stopped on exit.
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd -P)
readonly ROOT
(($# >= 3)) || { sed -n '5,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
scratch="$1" label="$2"
shift 2
for n in "$@"; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "scaling: bad worker count '$n'" >&2; exit 2; }; done
if [ -e "$scratch" ]; then
  [ -f "$scratch/.scaling" ] || { echo "scaling: $scratch exists and is not a scratch directory of this script" >&2; exit 2; }
  rm -rf "$scratch"
fi
mkdir -p "$scratch" && touch "$scratch/.scaling"
scratch=$(cd "$scratch" && pwd -P)

free_port() {
  /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
cleanup() {
  [ -d "$scratch/cluster" ] && "$ROOT/tools/cluster.sh" stop "$scratch/cluster" > /dev/null 2>&1
  "$ROOT/tools/remote_exec.sh" stop "$scratch/casd" > /dev/null 2>&1 || true
}
trap cleanup EXIT

casd_port=$(free_port)
"$ROOT/tools/remote_exec.sh" start "$scratch/casd" --port "$casd_port" > /dev/null
(cd "$ROOT" && bazel --output_base="$scratch/ob" build --config=remote-exec \
  "--remote_executor=grpc://127.0.0.1:$casd_port" "$label") > "$scratch/warm.log" 2>&1 \
  || { tail -n 30 "$scratch/warm.log" >&2; echo "scaling: the build on casd failed" >&2; exit 1; }

echo "| workers | stage actions on the cluster | wall s | critical path s | worker CPU-s | median action s (sandbox) | median overhead s per action |"
echo "|---|---|---|---|---|---|---|"
for n in "$@"; do
  rm -rf "$scratch/cluster"
  port=$(free_port)
  "$ROOT/tools/cluster.sh" start "$scratch/cluster" --workers "$n" --port "$port" \
    --cache "http://127.0.0.1:$casd_port" > /dev/null
  salt=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  (cd "$ROOT" && bazel --output_base="$scratch/ob" build --config=cluster "--remote_executor=grpc://127.0.0.1:$port" \
    "--define=stage_cache_salt=$salt" --profile="$scratch/n$n.profile.gz" "$label") > "$scratch/n$n.log" 2>&1 \
    || { tail -n 30 "$scratch/n$n.log" >&2; echo "scaling: the build on $n worker(s) failed" >&2; exit 1; }
  cpu=$("$ROOT/tools/cluster.sh" status "$scratch/cluster" | awk '/bot-/ { gsub(/[(,]/, ""); for (i = 1; i <= NF; i++) if ($(i + 1) == "CPU-s)") s += $i } END { printf "%.1f", s }')
  "$ROOT/tools/cluster.sh" stop "$scratch/cluster" > /dev/null
  cat "$scratch"/cluster/worker-*/bot-*.log | sed -n 's/^lease [^ ]* action [^ ]* exit [^ ]* \([0-9.]*\)s$/\1/p' \
    > "$scratch/n$n.runs"
  /usr/bin/python3 - "$n" "$scratch/n$n.log" "$scratch/n$n.profile.gz" "$scratch/n$n.runs" "$cpu" <<'PY'
import gzip, json, re, statistics, sys
n, log, profile, runs, cpu = sys.argv[1:6]
text = open(log).read()
wall = re.findall(r"Elapsed time: ([0-9.]+)s, Critical Path: ([0-9.]+)s", text)[-1]
events = json.load(gzip.open(profile))["traceEvents"]
remote = [e["dur"] / 1e6 for e in events
          if e.get("ph") == "X" and e.get("cat") == "remote action execution"]
inside = [float(x) for x in open(runs).read().split()]
overhead = statistics.median(remote) - statistics.median(inside) if remote and inside else float("nan")
print(f"| {n} | {len(inside)} | {float(wall[0]):.1f} | {float(wall[1]):.1f} | {cpu} | "
      f"{statistics.median(inside):.2f} | {overhead:.2f} |")
PY
done
