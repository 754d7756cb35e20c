#!/usr/bin/env bash
# Remote execution on buildbox-casd (tools/remote_exec.sh, --config=remote-exec;
# docs/remote_execution.md), in a workspace copy (tests/remote_cache/nested_bazel.sh):
#   1. start casd on a free loopback port under the test's scratch directory;
#   2. cold: build REPORTS (args) with --config=remote-exec in a fresh output
#      base; Bazel's execution log must show every stage action (EvalStage),
#      compile (CppCompile) and link (CppLink) run `remote`, and every
#      non-volatile report byte must equal the local build's (the reports in
#      this test's runfiles, built by the outer Bazel without remote
#      execution: no nested local build);
#   3. warm: the same build from another fresh output base against the same
#      casd: every spawn is a remote cache hit, none executes, same bytes;
#   4. killed: a build that must execute (one more platform property, so no
#      action key matches) while casd and its actions are KILLed as soon as one action
#      runs: the build must fail within KILL_BOUND_S seconds naming
#      `tools/remote_exec.sh start`; a build with the server down must fail
#      at once, naming it too;
#   5. stop: no process of casd's process group is left (also on failure:
#      the EXIT trap stops casd).
# Prints the remote/total spawn counts per mnemonic of the cold build.
# Usage: remote_exec_test.sh <report label>...   (tests/remote_cache/reports.bzl)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
readonly REPORTS=("$@")
[ "${#REPORTS[@]}" -gt 0 ] || nb_fail "usage: remote_exec_test.sh <report label>..."
readonly KILL_BOUND_S=60
readonly SERVER="$NB_ROOT/tools/remote_exec.sh"
# shellcheck source=tools/lib/server.sh
source "$NB_ROOT/tools/lib/server.sh"

"$NB_ROOT/tools/remote_exec/install.sh" --check \
  || nb_fail "buildbox-casd is not installed in tools/remote_exec/bin: run tools/setup.sh"
command -v bwrap > /dev/null || nb_fail "bwrap not on PATH: run tools/setup.sh (Debian's bubblewrap)"

port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
casd_dir="$NB_WORK/casd"
casd_pid=""
cleanup() {
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
# remote cache hit, linux-sandbox, local, ...).
spawn_runners() {
  awk '
    /^  "mnemonic": / { m = $0; sub(/^  "mnemonic": "/, "", m); sub(/".*$/, "", m) }
    /^  "runner": / { r = $0; sub(/^  "runner": "/, "", r); sub(/".*$/, "", r) }
    /^}/ { if (m != "") printf "%s\t%s\n", m, r; m = ""; r = "" }
  ' "$1"
}

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

# 4. Killed mid-build. One more platform property (Bazel refuses a second
# cache-salt): no action key of the cold build matches,
# so the build must execute; casd is killed once it runs an action (one of its
# children is a buildbox-run).
runs_action() {
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } \
    | awk -v p="$casd_pid" '{ sub(/^.*\) /, ""); if ($2 == p) f = 1 } END { exit !f }'
}
(
  status=0
  cd "$copy" && HOME="$NB_WORK/home" timeout "$NB_BUILD_TIMEOUT_S" \
    bazel --batch --nohome_rc --output_user_root="$NB_WORK/user_root" --output_base="$NB_WORK/ob-kill" \
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
grep -q 'tools/remote_exec.sh start' "$NB_WORK/kill.log" \
  || { tail -n 20 "$NB_WORK/kill.log" >&2; nb_fail "the failed build does not name tools/remote_exec.sh start"; }
nb_log "the build failed (exit $status) ${after}s after the kill, naming: $(grep -m1 'Start it with' "$NB_WORK/kill.log")"

# The server is down now: a build fails at once, naming the start command.
status=0
(cd "$copy" && HOME="$NB_WORK/home" timeout "$KILL_BOUND_S" \
  bazel --batch --nohome_rc --output_user_root="$NB_WORK/user_root" --output_base="$NB_WORK/ob-kill" \
  build "${RX[@]}" "${REPORTS[@]}") > "$NB_WORK/down.log" 2>&1 || status=$?
[ "$status" -ne 0 ] && [ "$status" -ne 124 ] || nb_fail "a build with the server down did not fail in ${KILL_BOUND_S}s (exit $status)"
grep -q 'tools/remote_exec.sh start' "$NB_WORK/down.log" \
  || { cat "$NB_WORK/down.log" >&2; nb_fail "a build with the server down does not name tools/remote_exec.sh start"; }

# 5. Nothing of casd is left.
"$SERVER" stop "$casd_dir" > /dev/null
if server_group_alive "$casd_pid"; then
  ps -eo pid,pgid,stat,args | awk -v g="$casd_pid" '$2 == g' >&2
  nb_fail "processes of casd's group $casd_pid are still running"
fi
echo "PASS: stage actions, compiles and links ran on buildbox-casd with the local build's bytes; a fresh output base took every spawn from its cache; a killed server failed the build in ${after}s naming its start command; nothing left running"
