#!/usr/bin/env bash
# Remote execution on buildbox-casd (tools/remote_exec/remote_exec.sh,
# --config=remote-exec; docs/remote_execution.md), in a workspace copy
# (tests/remote_cache/nested_bazel.sh):
#   1. start casd on a free loopback port under the test's scratch directory;
#   2. cold: build REPORTS (args) with --config=remote-exec in a fresh output
#      base; Bazel's execution log must show every stage action (EvalStage),
#      compile (CppCompile) and link (CppLink) run `remote`, and every
#      non-volatile report byte must equal the local build's (the reports in
#      this test's runfiles, built by the outer Bazel without remote
#      execution: no nested local build);
#   3. warm: the same build from another fresh output base against the same
#      casd: every spawn is a remote cache hit, none executes, same bytes;
#   4. cluster: BuildGrid with 2 workers (tools/cluster/cluster.sh), its cache
#      this casd; the same reports with a fresh stage salt: every stage action
#      runs `remote` on a worker, every compile and link is a cache hit; worker
#      2 is killed while it runs an action, BuildGrid re-queues it, worker 1
#      runs it, the build completes with the local build's bytes; stop leaves no
#      process, port or PostgreSQL directory (skipped, saying so, when the
#      cluster is not installed: tools/setup.sh --cluster);
#   5. killed: a build that must execute (one more platform property, so no
#      action key matches) while casd and its actions are KILLed as soon as one
#      action runs: the build must fail within KILL_BOUND_S seconds naming
#      `tools/remote_exec/remote_exec.sh start`; a build with the server down
#      must fail at once, naming it too;
#   6. stop: no process of casd's process group is left (also on failure:
#      the EXIT trap stops casd).
# Prints the remote/total spawn counts per mnemonic of the cold build.
# Usage: remote_exec_test.sh <report label>...   (tests/remote_cache/reports.bzl)
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
readonly REPORTS=("$@")
[ "${#REPORTS[@]}" -gt 0 ] || nb_fail "usage: remote_exec_test.sh <report label>..."
readonly KILL_BOUND_S=60
# The cluster's worker 2 is killed after this many actions (of about 90).
readonly KILL_AFTER_LEASES=10
readonly SERVER="$NB_ROOT/tools/remote_exec/remote_exec.sh"
# shellcheck source=tools/lib/server.sh
source "$NB_ROOT/tools/lib/server.sh"

"$NB_ROOT/tools/remote_exec/install.sh" --check \
  || nb_fail "buildbox-casd is not installed in tools/remote_exec/bin: run tools/setup.sh"
command -v bwrap > /dev/null || nb_fail "bwrap not on PATH: run tools/setup.sh (Debian's bubblewrap)"

port=$(server_free_port)
casd_dir="$NB_WORK/casd"
casd_pid=""
readonly CLUSTER="$NB_ROOT/tools/cluster/cluster.sh"
cluster_dir="$NB_WORK/cluster"
cleanup() {
  if [ -d "$cluster_dir" ]; then "$CLUSTER" stop "$cluster_dir" > /dev/null 2>&1 || true; fi
  "$SERVER" stop "$casd_dir" > /dev/null 2>&1 || true
  nb_cleanup
}
trap cleanup EXIT
"$SERVER" start "$casd_dir" --port "$port" --jobs "$(nproc)"
casd_pid=$(cat "$casd_dir/casd.pid")

readonly RX=(--config=remote-exec "--remote_executor=grpc://127.0.0.1:$port")
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
nb_hash_runfiles_reports "${REPORTS[@]}" > "$NB_WORK/local.sha256"
nb_stable "$NB_WORK/local.sha256" > "$NB_WORK/local.stable"

# "mnemonic<TAB>runner" per spawn of an execution log (runner: remote,
# remote cache hit, linux-sandbox, local, ...), read by the one checked
# reader of Bazel's structured outputs (tools/bep/bep.py).
spawn_runners() { python3 -B "$NB_ROOT/tools/bep/bep.py" spawns "$1"; }

# same_bytes <name>: the reports of the copy equal the local build's.
same_bytes() {
  nb_hash_reports "$copy" "${REPORTS[@]}" > "$NB_WORK/$1.sha256"
  nb_stable "$NB_WORK/$1.sha256" > "$NB_WORK/$1.stable"
  nb_compare_hashes "$NB_WORK/local.stable" "$NB_WORK/$1.stable" "remote build '$1' vs the local build"
}

# 2. Cold.
nb_bazel "$copy" cold "$NB_WORK/cold.log" "${RX[@]}" --execution_log_json_file="$NB_WORK/cold.json" "${REPORTS[@]}"
spawn_runners "$NB_WORK/cold.json" > "$NB_WORK/cold.spawns"
nb_log "cold build (${NB_WALL_S}s): remote / total spawns per mnemonic"
awk -F'\t' '{ t[$1]++; if ($2 == "remote") r[$1]++ } END { for (m in t) printf "  %-16s %4d / %d\n", m, r[m], t[m] }' \
  "$NB_WORK/cold.spawns" | sort
not_remote=$(awk -F'\t' '($1 == "EvalStage" || $1 == "CppCompile" || $1 == "CppLink") && $2 != "remote"' \
  "$NB_WORK/cold.spawns" | sort | uniq -c)
[ -z "$not_remote" ] || { echo "$not_remote" >&2; nb_fail "cold: stage, compile or link spawns did not run remote"; }
for m in EvalStage CppCompile CppLink; do
  grep -q "^$m	remote$" "$NB_WORK/cold.spawns" || nb_fail "cold: no $m spawn ran remote"
done
same_bytes cold
nb_log "cold: $(wc -l < "$NB_WORK/cold.stable") report files equal the local build's"

# 3. Warm: another output base, the same casd.
nb_bazel "$copy" warm "$NB_WORK/warm.log" "${RX[@]}" --execution_log_json_file="$NB_WORK/warm.json" "${REPORTS[@]}"
spawn_runners "$NB_WORK/warm.json" > "$NB_WORK/warm.spawns"
n_warm=$(wc -l < "$NB_WORK/warm.spawns")
not_hit=$(awk -F'\t' '$2 != "remote cache hit"' "$NB_WORK/warm.spawns" | sort | uniq -c)
[ -z "$not_hit" ] || { echo "$not_hit" >&2; nb_fail "warm: spawns that were not remote cache hits"; }
[ "$n_warm" -gt 0 ] || nb_fail "warm: the execution log has no spawn"
same_bytes warm
nb_log "warm build (${NB_WALL_S}s): $n_warm of $n_warm spawns remote cache hits, 0 executed; same bytes"

# Steps 4 and 5 reuse the warm build's Bazel server and output base (its
# start-up, repositories and loaded packages: about 9 CPU-s each). Nothing of
# the warm build carries over to their spawns: step 4 starts with `bazel
# clean` (no output, no action cache left), so every spawn is looked up again
# and each compile and link of step 2 shows as a cache hit (counted below);
# step 5 starts with `bazel clean` too, and its extra platform property
# changes every action key.
#
# 4. The cluster (tools/cluster/cluster.sh; docs/remote_execution.md, "A
# cluster"): BuildGrid with 2 workers, its CAS and action cache this casd
# (--cache), so the compiles of step 2 are cache hits and need no third cold
# compile; a fresh stage salt keeps every stage action cold, so the scheduler
# must hand each to a worker. Once both workers have run an action, one worker
# (its bot and its casd) is killed while it runs one: BuildGrid hears nothing
# more from that bot and queues its lease again (keepalive timeout,
# tools/cluster/buildgrid.yml.in); the build must complete with the local
# build's bytes, the killed action run again by the other worker. Skipped,
# saying so, when the cluster is not installed (tools/setup.sh --cluster).
# The cluster phase's state, shared by its steps.
cluster_start_s="" cport="" salt="" bot_group="" digest="" killed_bot=""

# Starts the cluster, then in the background the build on it, from a clean
# output base with a fresh stage salt (its exit status goes to cluster.end).
cluster_start_build() {
  local startup=()
  cport=$(server_free_port)
  "$CLUSTER" start "$cluster_dir" --workers 2 --port "$cport" --cache "http://127.0.0.1:$port"
  salt=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  mapfile -t startup < <(nb_startup_flags "$copy" warm)
  nb_bazel_cmd "$copy" warm "$NB_WORK/cluster-clean.log" clean
  (
    status=0
    cd "$copy" && HOME="$NB_WORK/home" timeout "$NB_BUILD_TIMEOUT_S" bazel "${startup[@]}" \
      build --config=cluster "--remote_executor=grpc://127.0.0.1:$cport" "--define=stage_cache_salt=$salt" \
      --execution_log_json_file="$NB_WORK/cluster.json" "${REPORTS[@]}" > "$NB_WORK/cluster.log" 2>&1 || status=$?
    echo "$status" > "$NB_WORK/cluster.end"
  ) &
  build_pid=$!
}

# Worker 2 is killed in the middle of the grid: once worker 1 has run an
# action, worker 2 KILL_AFTER_LEASES, and worker 2's bot runs one now (a
# buildbox-run child). The bot's process group is stopped (SIGSTOP) before
# that is checked, so the action cannot finish between the check and the
# kill: the action in action.pb must have no line in the bot's log yet (the
# bot writes it before it returns the result to BuildGrid). Otherwise the
# group continues and the wait goes on.
bot_runs_action() { server_has_child "$bot_group"; }
stopped_in_action() {
  kill -STOP -- "-$bot_group"
  if bot_runs_action; then
    digest=$(sha256sum "$cluster_dir/worker-2/bot-1/action.pb" | cut -c1-64)
    grep -q "^lease [^ ]* action $digest/" "$cluster_dir/worker-2/bot-1.log" || return 0
  fi
  kill -CONT -- "-$bot_group"
  return 1
}
ready_to_kill() {
  grep -q '^lease ' "$cluster_dir/worker-1/bot-1.log" \
    && [ "$(grep -c '^lease ' "$cluster_dir/worker-2/bot-1.log")" -ge "$KILL_AFTER_LEASES" ] \
    && bot_runs_action && stopped_in_action
}

# Kills worker 2 (its bot and its casd) while it runs an action.
cluster_kill_worker() {
  local w pid
  bot_group=$(cat "$cluster_dir/worker-2/bot-1.pid")
  if ! server_wait 600 "$build_pid" ready_to_kill; then
    wait "$build_pid" || true
    tail -n 20 "$NB_WORK/cluster.log" >&2
    nb_fail "cluster: the build ended before worker 1 ran an action and worker 2 $KILL_AFTER_LEASES"
  fi
  for w in bot-1 casd; do
    pid=$(cat "$cluster_dir/worker-2/$w.pid")
    kill -KILL -- "-$pid"
  done
  killed_bot=$(grep -c '^lease ' "$cluster_dir/worker-2/bot-1.log")
  nb_log "cluster: killed worker 2 (bot and casd) after $killed_bot actions, while it ran action $digest"
}

# The build with the killed worker: it completes, worker 1 runs the killed
# action again, every stage action runs on the cluster, every compile and
# link of the cold build is a cache hit, and the bytes are the local build's.
cluster_check_build() {
  local status not_remote not_hit m
  wait "$build_pid" || true
  status=$(cat "$NB_WORK/cluster.end")
  [ "$status" -eq 0 ] || { tail -n 30 "$NB_WORK/cluster.log" >&2; nb_fail "cluster: the build failed (exit $status) after a worker was killed"; }
  grep -q "^lease [^ ]* action $digest/" "$cluster_dir/worker-1/bot-1.log" \
    || nb_fail "cluster: the killed worker's action $digest was not run again by worker 1"
  spawn_runners "$NB_WORK/cluster.json" > "$NB_WORK/cluster.spawns"
  nb_log "cluster build ($((SECONDS - cluster_start_s))s with start-up): remote / cache hit / total spawns per mnemonic"
  awk -F'\t' '{ t[$1]++; if ($2 == "remote") r[$1]++; if ($2 == "remote cache hit") h[$1]++ }
    END { for (m in t) printf "  %-16s %4d / %4d / %d\n", m, r[m], h[m], t[m] }' "$NB_WORK/cluster.spawns" | sort
  not_remote=$(awk -F'\t' '$1 == "EvalStage" && $2 != "remote"' "$NB_WORK/cluster.spawns" | sort | uniq -c)
  [ -z "$not_remote" ] || { echo "$not_remote" >&2; nb_fail "cluster: stage actions that did not run on the cluster"; }
  not_hit=$(awk -F'\t' '($1 == "CppCompile" || $1 == "CppLink") && $2 != "remote cache hit"' "$NB_WORK/cluster.spawns" | sort | uniq -c)
  [ -z "$not_hit" ] || { echo "$not_hit" >&2; nb_fail "cluster: compiles or links that were not cache hits from casd"; }
  # As many as the cold build ran: none skipped as already built.
  for m in CppCompile CppLink; do
    [ "$(grep -c "^$m	" "$NB_WORK/cluster.spawns")" -eq "$(grep -c "^$m	" "$NB_WORK/cold.spawns")" ] \
      || nb_fail "cluster: $(grep -c "^$m	" "$NB_WORK/cluster.spawns") $m spawns, the cold build had $(grep -c "^$m	" "$NB_WORK/cold.spawns")"
  done
  same_bytes cluster
  nb_log "cluster: worker 1 ran $(grep -c '^lease ' "$cluster_dir/worker-1/bot-1.log") actions, worker 2 $killed_bot before the kill; the killed action ran again on worker 1; $(wc -l < "$NB_WORK/cluster.stable") report files equal the local build's"
}

# The next build after the kill: what the killed worker left (its casd's
# partial uploads, its lost lease) must not reach the action cache. From
# a clean output base, with the same salt, every spawn is a cache hit of
# the cluster whose blobs all download ("errors during bulk transfer"
# otherwise), and the bytes are the local build's.
cluster_check_next_build() {
  local not_hit
  nb_bazel_cmd "$copy" warm "$NB_WORK/cluster-again-clean.log" clean
  nb_bazel "$copy" warm "$NB_WORK/cluster-again.log" --config=cluster "--remote_executor=grpc://127.0.0.1:$cport" \
    "--define=stage_cache_salt=$salt" --execution_log_json_file="$NB_WORK/cluster-again.json" "${REPORTS[@]}"
  spawn_runners "$NB_WORK/cluster-again.json" > "$NB_WORK/cluster-again.spawns"
  not_hit=$(awk -F'\t' '$2 != "remote cache hit"' "$NB_WORK/cluster-again.spawns" | sort | uniq -c)
  [ -z "$not_hit" ] || { echo "$not_hit" >&2; nb_fail "cluster: after the kill, spawns of the next build that were not cache hits"; }
  same_bytes cluster-again
  nb_log "cluster: the next build (${NB_WALL_S}s): $(wc -l < "$NB_WORK/cluster-again.spawns") spawns, all cache hits; same bytes"
}

# Stops the cluster: no process group, PostgreSQL directory or port is left.
cluster_stop_check() {
  local started pid
  started=$(cat "$cluster_dir"/worker-*/*.pid "$cluster_dir/server/bgd.pid")
  "$CLUSTER" stop "$cluster_dir" > /dev/null
  for pid in $started; do
    if server_group_alive "$pid"; then nb_fail "cluster: process group $pid is still running after stop"; fi
  done
  [ ! -e "$cluster_dir/pg.path" ] || nb_fail "cluster: PostgreSQL's directory $(cat "$cluster_dir/pg.path") is left"
  if server_port_open "$cport"; then nb_fail "cluster: 127.0.0.1:$cport still answers after stop"; fi
  nb_log "cluster: stopped, no process, port or PostgreSQL directory left"
}

cluster_phase() {
  cluster_start_s=$SECONDS
  cluster_start_build
  cluster_kill_worker
  cluster_check_build
  cluster_check_next_build
  cluster_stop_check
}
cluster_result="the cluster phase was skipped (BuildGrid not installed)"
if [ -x "$NB_ROOT/.venv-buildgrid/bin/bgd" ]; then
  cluster_phase
  cluster_result="BuildGrid's 2 workers ran every stage action with the same bytes, one of them killed mid-build"
else
  echo "SKIPPED (cluster phase only): BuildGrid is not installed in .venv-buildgrid: run tools/setup.sh --cluster"
fi

# 5. Killed mid-build. One more platform property (Bazel refuses a second
# cache-salt): no action key of the cold build matches,
# so the build must execute; casd is killed once it runs an action (one of its
# children is a buildbox-run).
runs_action() { server_has_child "$casd_pid"; }
mapfile -t kill_startup < <(nb_startup_flags "$copy" warm)
nb_bazel_cmd "$copy" warm "$NB_WORK/kill-clean.log" clean
(
  status=0
  cd "$copy" && HOME="$NB_WORK/home" timeout "$NB_BUILD_TIMEOUT_S" bazel "${kill_startup[@]}" \
    build "${RX[@]}" --remote_default_exec_properties=remote-exec-test=kill "${REPORTS[@]}" \
    > "$NB_WORK/kill.log" 2>&1 || status=$?
  echo "$status $(date +%s.%N)" > "$NB_WORK/kill.end"
) &
build_pid=$!
if ! server_wait 600 "$build_pid" runs_action; then
  wait "$build_pid" || true
  tail -n 20 "$NB_WORK/kill.log" >&2
  nb_fail "casd ran no action during the kill build"
fi
killed_at=$(date +%s.%N)
kill -KILL -- "-$casd_pid"
nb_log "killed casd (process group $casd_pid) while it ran an action"
wait "$build_pid" || true
read -r status ended_at < "$NB_WORK/kill.end"
after=$(awk -v a="$killed_at" -v b="$ended_at" 'BEGIN { printf "%.1f", b - a }')
[ "$status" -ne 0 ] || nb_fail "the build succeeded although casd was killed"
awk -v s="$after" -v b="$KILL_BOUND_S" 'BEGIN { exit !(s <= b) }' \
  || nb_fail "the build ended ${after}s after casd was killed, more than ${KILL_BOUND_S}s"
grep -q 'tools/remote_exec/remote_exec.sh start' "$NB_WORK/kill.log" \
  || { tail -n 20 "$NB_WORK/kill.log" >&2; nb_fail "the failed build does not name tools/remote_exec/remote_exec.sh start"; }
nb_log "the build failed (exit $status) ${after}s after the kill, naming: $(grep -m1 'Start it with' "$NB_WORK/kill.log")"

# The server is down now: a build fails at once, naming the start command.
status=0
(cd "$copy" && HOME="$NB_WORK/home" timeout "$KILL_BOUND_S" bazel "${kill_startup[@]}" \
  build "${RX[@]}" "${REPORTS[@]}") > "$NB_WORK/down.log" 2>&1 || status=$?
[[ "$status" -ne 0 && "$status" -ne 124 ]] || nb_fail "a build with the server down did not fail in ${KILL_BOUND_S}s (exit $status)"
grep -q 'tools/remote_exec/remote_exec.sh start' "$NB_WORK/down.log" \
  || { cat "$NB_WORK/down.log" >&2; nb_fail "a build with the server down does not name tools/remote_exec/remote_exec.sh start"; }

# 6. Nothing of casd is left.
"$SERVER" stop "$casd_dir" > /dev/null
if server_group_alive "$casd_pid"; then
  ps -eo pid,pgid,stat,args | awk -v g="$casd_pid" '$2 == g' >&2
  nb_fail "processes of casd's group $casd_pid are still running"
fi
echo "PASS: stage actions, compiles and links ran on buildbox-casd with the local build's bytes; a fresh output base took every spawn from its cache; ${cluster_result}; a killed server failed the build in ${after}s naming its start command; nothing left running"
