#!/usr/bin/env bash
# Scaling figures of a report's stage actions on the loopback BuildGrid cluster
# (docs/remote_execution.md, section 12), one row per worker count:
#
#   tools/cluster/scaling.sh <scratch dir> <report label> <workers>...
#   e.g. tools/cluster/scaling.sh /tmp/scaling //reports:e04 1 2 4
#
# 1. starts buildbox-casd (tools/remote_exec/remote_exec.sh) on a free port and builds the
#    report with --config=remote-exec: compiles and stages run once on casd;
# 2. for each worker count N: starts the cluster (tools/cluster/cluster.sh, N
#    workers, its cache that casd) and builds the report again with a fresh
#    --define=stage_cache_salt, so every stage action runs on the cluster and
#    every compile is a cache hit; then stops the cluster.
# Prints a markdown table: workers N, stage actions run on the cluster, wall
# seconds of the build, Bazel's critical path, the machine's CPU seconds
# during the build (/proc/stat, every process: Bazel, BuildGrid, PostgreSQL,
# casd and the actions; the actions' own CPU is not in the bots' rusage, as
# bubblewrap's PID namespace does not hand it up), the seconds the bots spent
# running actions (their logs: input staging, the action, output upload),
# their mean per action, and the bots' time outside actions per action,
# (N x wall - action seconds) / actions: with one worker, whose queue is never
# empty, that is the scheduling overhead per action (lease round trip and
# assignment); with more workers it also holds the time a bot waits for work
# the build graph has not released yet. Everything lives under the
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

# shellcheck source=tools/lib/server.sh
source "$ROOT/tools/lib/server.sh"
cleanup() {
  if [ -d "$scratch/cluster" ]; then "$ROOT/tools/cluster/cluster.sh" stop "$scratch/cluster" > /dev/null 2>&1 || true; fi
  "$ROOT/tools/remote_exec/remote_exec.sh" stop "$scratch/casd" > /dev/null 2>&1 || true
}
trap cleanup EXIT

casd_port=$(server_free_port)
"$ROOT/tools/remote_exec/remote_exec.sh" start "$scratch/casd" --port "$casd_port" > /dev/null
(cd "$ROOT" && bazel --output_base="$scratch/ob" build --config=remote-exec \
  "--remote_executor=grpc://127.0.0.1:$casd_port" "$label") > "$scratch/warm.log" 2>&1 \
  || { tail -n 30 "$scratch/warm.log" >&2; echo "scaling: the build on casd failed" >&2; exit 1; }

echo "| workers | stage actions on the cluster | wall s | critical path s | machine CPU-s | bot s in actions | mean s per action | bot s outside actions, per action |"
echo "|---|---|---|---|---|---|---|---|"
busy_jiffies() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
for n in "$@"; do
  rm -rf "$scratch/cluster"
  port=$(server_free_port)
  "$ROOT/tools/cluster/cluster.sh" start "$scratch/cluster" --workers "$n" --port "$port" \
    --cache "http://127.0.0.1:$casd_port" > /dev/null
  salt=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  before=$(busy_jiffies)
  (cd "$ROOT" && bazel --output_base="$scratch/ob" build --config=cluster "--remote_executor=grpc://127.0.0.1:$port" \
    "--define=stage_cache_salt=$salt" "$label") > "$scratch/n$n.log" 2>&1 \
    || { tail -n 30 "$scratch/n$n.log" >&2; echo "scaling: the build on $n worker(s) failed" >&2; exit 1; }
  cpu=$(awk -v a="$before" -v b="$(busy_jiffies)" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", (b - a) / hz }')
  "$ROOT/tools/cluster/cluster.sh" stop "$scratch/cluster" > /dev/null
  cat "$scratch"/cluster/worker-*/bot-*.log | sed -n 's/^lease [^ ]* action [^ ]* exit [^ ]* \([0-9.]*\)s$/\1/p' \
    > "$scratch/n$n.runs"
  /usr/bin/python3 - "$n" "$scratch/n$n.log" "$scratch/n$n.runs" "$cpu" <<'PY'
import re, sys
n, log, runs, cpu = sys.argv[1:5]
wall, critical = map(float, re.findall(r"Elapsed time: ([0-9.]+)s, Critical Path: ([0-9.]+)s", open(log).read())[-1])
inside = [float(x) for x in open(runs).read().split()]
busy = sum(inside)
print(f"| {n} | {len(inside)} | {wall:.1f} | {critical:.1f} | {cpu} | {busy:.1f} | "
      f"{busy / len(inside):.3f} | {(int(n) * wall - busy) / len(inside):.3f} |")
PY
done
