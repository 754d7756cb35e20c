#!/usr/bin/env bash
# Remote execution on a local Buildbarn cluster (tools/buildbarn.sh,
# --config=remote-exec; docs/remote_execution.md), in a workspace copy
# (tests/remote_cache/nested_bazel.sh):
#   1. start a cluster of 2 workers on free loopback ports under the test's
#      scratch directory;
#   2. build REPORTS (args) with --config=remote-exec in a fresh output base:
#      Bazel's execution log must show every stage action (EvalStage) and every
#      compile (CppCompile) run by the remote runner, none locally; every
#      non-volatile report byte must equal the local build's (the reports in
#      this test's runfiles, built by the outer Bazel without remote
#      execution);
#   3. build again in another output base with --noremote_accept_cached (every
#      spawn executes on the cluster again) and kill worker 1 (its bb_worker
#      and bb_runner) while it runs an action: the scheduler hands that action
#      to worker 2 and the build ends with the same bytes;
#   4. stop the cluster (also on failure: EXIT trap) and check that none of
#      its processes is left.
# Skips (prints SKIPPED:) only when the Buildbarn binaries are not installed
# (tools/buildbarn/install.sh --check).
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
readonly REPORTS=("$@")
[ "${#REPORTS[@]}" -gt 0 ] || nb_fail "usage: remote_exec_test.sh <report label>..."

if ! "$NB_ROOT/tools/buildbarn/install.sh" --check; then
  echo "SKIPPED: the Buildbarn binaries are not installed (tools/buildbarn/install.sh; see docs/remote_execution.md)"
  exit 0
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for base in 28980 29080 29180 29280 29380; do
  free=1
  for p in $(seq "$base" $((base + 12))); do port_open "$p" && { free=0; break; }; done
  [ "$free" = 1 ] && { port="$base"; break; }
done
[ -n "$port" ] || nb_fail "no free loopback port range for the cluster"

cluster="$NB_WORK/cluster"
stop_cluster() {
  [ -d "$cluster/pid" ] || return 0
  "$NB_ROOT/tools/buildbarn.sh" stop "$cluster" || true
}
trap 'stop_cluster; nb_cleanup' EXIT
"$NB_ROOT/tools/buildbarn.sh" start "$cluster" --workers 2 --port "$port"
pids=$(cat "$cluster"/pid/*.pid)

readonly RX=(--config=remote-exec "--remote_executor=grpc://127.0.0.1:$port")
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
nb_hash_runfiles_reports "${REPORTS[@]}" > "$NB_WORK/local.sha256"
nb_stable "$NB_WORK/local.sha256" > "$NB_WORK/local.stable"

# "mnemonic<TAB>runner<TAB>hit|miss" per spawn of an execution log.
spawn_runners() {
  awk '
    /^  "mnemonic": / { m = $0; sub(/^  "mnemonic": "/, "", m); sub(/".*$/, "", m) }
    /^  "runner": / { r = $0; sub(/^  "runner": "/, "", r); sub(/".*$/, "", r) }
    /^  "remoteCacheHit": true/ { hit = 1 }
    /^}/ { if (m != "") printf "%s\t%s\t%s\n", m, r, (hit ? "hit" : "miss"); m = ""; r = ""; hit = 0 }
  ' "$1"
}

# check_remote <name>: the stage actions and compiles of build <name> ran
# remotely, and its reports have the local build's bytes.
check_remote() {
  local name="$1" n_stage n_compile not_remote
  spawn_runners "$NB_WORK/$name.exec.json" > "$NB_WORK/$name.spawns"
  n_stage=$(awk -F'\t' '$1 == "EvalStage" && $2 == "remote"' "$NB_WORK/$name.spawns" | wc -l)
  n_compile=$(awk -F'\t' '$1 == "CppCompile" && $2 == "remote"' "$NB_WORK/$name.spawns" | wc -l)
  not_remote=$(awk -F'\t' '($1 == "EvalStage" || $1 == "CppCompile" || $1 == "CppLink") && $2 != "remote"' \
    "$NB_WORK/$name.spawns" | sort | uniq -c)
  [ -z "$not_remote" ] || { echo "$not_remote" >&2; nb_fail "$name: stage or compile actions did not run on the remote runner"; }
  [ "$n_stage" -gt 0 ] || nb_fail "$name: no stage action (EvalStage) ran remotely"
  [ "$n_compile" -gt 0 ] || nb_fail "$name: no compile (CppCompile) ran remotely"
  nb_hash_reports "$copy" "${REPORTS[@]}" > "$NB_WORK/$name.sha256"
  nb_stable "$NB_WORK/$name.sha256" > "$NB_WORK/$name.stable"
  nb_compare_hashes "$NB_WORK/local.stable" "$NB_WORK/$name.stable" "remote build '$name' vs the local build"
  nb_log "$name: $n_stage stage actions and $n_compile compiles ran remotely; $(wc -l < "$NB_WORK/$name.stable") report files equal the local build's (${NB_WALL_S}s)"
}

nb_bazel "$copy" rx "$NB_WORK/rx.log" "${RX[@]}" --execution_log_json_file="$NB_WORK/rx.exec.json" "${REPORTS[@]}"
check_remote rx

# 3. Every spawn executes again (no action cache lookup); worker 1 dies while
# it runs one.
(nb_bazel "$copy" kill "$NB_WORK/kill.log" "${RX[@]}" --noremote_accept_cached \
  --execution_log_json_file="$NB_WORK/kill.exec.json" "${REPORTS[@]}" \
  && echo "$NB_WALL_S" > "$NB_WORK/kill.wall") &
build_pid=$!
busy=0
for _ in $(seq 600); do
  # An action runs in a subdirectory of the worker's native build directory.
  if [ -n "$(ls -A "$cluster/worker-1/build" 2>/dev/null)" ]; then busy=1; break; fi
  kill -0 "$build_pid" 2>/dev/null || break
  sleep 0.5
done
[ "$busy" = 1 ] || { wait "$build_pid" || true; nb_fail "worker 1 ran no action during the second build"; }
for name in bb_worker-1 bb_runner-1; do
  pid=$(cat "$cluster/pid/$name.pid")
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
done
nb_log "killed worker 1 (bb_worker-1 and bb_runner-1) while it ran an action"
wait "$build_pid" || nb_fail "the build did not complete after worker 1 was killed (log: $NB_WORK/kill.log)"
NB_WALL_S=$(cat "$NB_WORK/kill.wall")
check_remote kill

stop_cluster
for pid in $pids; do
  # A zombie (exited, not yet reaped by its new parent) counts as gone.
  state=$(awk '{ sub(/^.*\) /, ""); print $1 }' "/proc/$pid/stat" 2>/dev/null || true)
  [ -z "$state" ] || [ "$state" = Z ] || nb_fail "cluster process $pid is still running after stop"
done
echo "PASS: stage actions and compiles ran on Buildbarn with the local build's bytes, also after a worker died mid-build; cluster stopped"
