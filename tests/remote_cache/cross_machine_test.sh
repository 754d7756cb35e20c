#!/usr/bin/env bash
# Cross-machine claim (docs/remote_cache.md): with a shared HTTP cache, a second
# machine reruns the whole pipeline with every action a remote cache hit and
# byte-identical artifacts; with the cache down, the build is still correct.
#
#   1. Start tools/cache_server/cache_server.sh on a free loopback port, empty.
#   2. Machine A: a workspace copy with its own output base builds the reports
#      with --config=remote (executes locally, uploads), under another time
#      zone and the Turkish locale (whose dotless i once broke Bazel's BUILD
#      parsing: 'medium' is not a valid size). Its stage actions are cold: a
#      fresh stage salt (--define=stage_cache_salt, in the key of every
#      EvalStage action only) makes every one of them execute, and none may
#      be a hit. Its compiles come from a snapshot of the nested tests' shared
#      disk cache (nested_bazel.sh), so the test does not pay for a cold
#      compile of the project; they are not this test's claim.
#   3. Machine B: another copy at another path, another output base, builds
#      again, with its own disk cache: another snapshot of the shared one
#      taken with A's, so it holds no stage result of this salt and every stage
#      must come from A through the HTTP cache (compiles come from the
#      snapshot, or from the HTTP cache when A compiled them). Bazel's own
#      output must show every non-internal process as a "remote cache hit"
#      (the process summary line) and every spawn of the execution log as
#      remoteCacheHit; every report file must have A's sha256.
#   4. Stop the server. Machine B changes one stage tool's source (a comment
#      appended to stages/studies/w04/report_main.cc) and builds again with
#      --config=remote against the dead port: the changed actions must execute
#      locally, none may come from a cache, and every report file except the
#      volatile ones (*.volatile.*, timings) must have A's sha256.
# Determinism claim: the reports this test depends on (data, built by the outer
# Bazel: in CI a cold build in the clean clone's output base) and A's (a cold
# build at another workspace path, in another output base, time zone and
# locale, with other actions scheduled beside it) must be byte-identical,
# volatile files aside. (It had its own test, which built two more cold builds;
# an earlier version of this test built a third cold build for step 4.)
#
# Usage: cross_machine_test.sh <report label>...   (the labels come from
# tests/remote_cache/reports.bzl). Hit counts and wall times are volatile and
# go to the test log only. Only 127.0.0.1 is ever contacted.
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/nested_bazel.sh"

(($#)) || nb_fail "usage: $0 <report label>..."
REPORTS=("$@")

nb_init
nb_use_shared_disk_cache
SERVER="$NB_ROOT/tools/cache_server/cache_server.sh"
CACHE_DIR="$NB_WORK/cache"
cleanup() {
  "$SERVER" stop "$CACHE_DIR" >/dev/null 2>&1 || true
  nb_cleanup
}
trap cleanup EXIT

# A free port: pick at random from the dynamic range, let the server refuse a
# busy one, try a few times.
port=""
for _ in 1 2 3 4 5 6 7 8; do
  candidate=$((20000 + RANDOM % 40000))
  if "$SERVER" start "$CACHE_DIR" "$candidate" > "$NB_WORK/server.log" 2>&1; then
    port="$candidate"
    break
  fi
done
[ -n "$port" ] || { cat "$NB_WORK/server.log" >&2; nb_fail "could not start the cache server"; }
nb_log "$(cat "$NB_WORK/server.log")"
REMOTE=(--config=remote "--remote_cache=http://127.0.0.1:$port")
# A salt no earlier build used: A's stages execute, B's come from A.
SALT=(--define="stage_cache_salt=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')")
# A's and B's disk caches: the shared one as it is before A runs, one copy
# each (hard links: entries are never rewritten in place). A takes from it
# only what B has too, so everything A executes is in the HTTP cache for B;
# entries that other tests write into the shared cache meanwhile (when the
# outer build did not fill it, e.g. after `bazel build //reports:e04`) are in
# neither copy.
DISK_A="$NB_WORK/disk-a"
DISK_B="$NB_WORK/disk-b"
cp -al "$NB_DISK_CACHE" "$DISK_A"
cp -al "$NB_DISK_CACHE" "$DISK_B"

COPY_A="$NB_WORK/machine-a/ws"
COPY_B="$NB_WORK/machine-b/home/user/src/checkout"
nb_copy_workspace "$COPY_A"
nb_copy_workspace "$COPY_B"

# --- A: cold, uploading, in another time zone and locale.
locale -a | grep -qi '^tr_TR\.utf-\?8$' || nb_fail "the tr_TR.UTF-8 locale is not generated here (tools/setup.sh does it)"
TZ=Pacific/Kiritimati LANG=tr_TR.UTF-8 LC_ALL=tr_TR.UTF-8 \
  nb_bazel "$COPY_A" a "$NB_WORK/a.log" "${REMOTE[@]}" "${SALT[@]}" --disk_cache="$DISK_A" \
  --execution_log_json_file="$NB_WORK/exec-a.json" "${REPORTS[@]}"
wall_a="$NB_WALL_S"
nb_spawn_table "$NB_WORK/exec-a.json" > "$NB_WORK/a.spawns"
stage_hits_a=$(awk -F'\t' '$2 == "EvalStage" && $1 == "hit"' "$NB_WORK/a.spawns" | wc -l)
stages_a=$(awk -F'\t' '$2 == "EvalStage"' "$NB_WORK/a.spawns" | wc -l)
[ "$stages_a" -gt 0 ] || nb_fail "machine A ran no stage action"
[ "$stage_hits_a" -eq 0 ] || nb_fail "machine A took $stage_hits_a stage results from a cache; its stages must be cold"
nb_hash_reports "$COPY_A" "${REPORTS[@]}" > "$NB_WORK/a.sha256"
entries=$(find "$CACHE_DIR/data" -type f | wc -l)
[ "$entries" -gt 0 ] || nb_fail "machine A uploaded nothing to the cache"

# --- B: another path, another output base: everything from the cache.
nb_bazel "$COPY_B" b "$NB_WORK/b.log" "${REMOTE[@]}" "${SALT[@]}" --disk_cache="$DISK_B" \
  --execution_log_json_file="$NB_WORK/exec-b.json" "${REPORTS[@]}"
wall_b="$NB_WALL_S"
nb_hash_reports "$COPY_B" "${REPORTS[@]}" > "$NB_WORK/b.sha256"

hits_b=$(nb_processes "$NB_WORK/b.log" "remote cache hit")
# Disk cache hits count as hits (Bazel 4.2.3 reports them as remote cache hits).
others_b=$(($(nb_non_internal_other_than "$NB_WORK/b.log" "remote cache hit") - $(nb_processes "$NB_WORK/b.log" "disk cache hit")))
nb_spawn_table "$NB_WORK/exec-b.json" > "$NB_WORK/b.spawns"
misses_b=$(awk -F'\t' '$1 == "miss"' "$NB_WORK/b.spawns" | wc -l)
stages_b=$(awk -F'\t' '$2 == "EvalStage" && $1 == "hit"' "$NB_WORK/b.spawns" | wc -l)
compiles_b=$(awk -F'\t' '$2 == "CppCompile" && $1 == "hit"' "$NB_WORK/b.spawns" | wc -l)

# --- C: the server is down; B changes one stage tool's source and rebuilds.
"$SERVER" stop "$CACHE_DIR" > /dev/null
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  nb_fail "port $port still answers after the server stopped"
fi
readonly CHANGED=stages/studies/w04/report_main.cc
[ -f "$COPY_B/$CHANGED" ] || nb_fail "$CHANGED not found in the workspace copy"
echo "// A change for the cache-down rebuild (tests/remote_cache/cross_machine_test.sh)." >> "$COPY_B/$CHANGED"
nb_bazel "$COPY_B" b "$NB_WORK/c.log" "${REMOTE[@]}" "${SALT[@]}" --disk_cache= "${REPORTS[@]}"
wall_c="$NB_WALL_S"
nb_hash_reports "$COPY_B" "${REPORTS[@]}" > "$NB_WORK/c.sha256"
hits_c=$(nb_processes "$NB_WORK/c.log" "remote cache hit")
local_c=$(nb_non_internal_other_than "$NB_WORK/c.log" "remote cache hit")

# --- The outer build's reports (this test's data): the other cold build.
nb_hash_runfiles_reports "${REPORTS[@]}" > "$NB_WORK/outer.sha256"

echo "== cross-machine remote cache (volatile numbers: this log only)"
echo "reports: ${REPORTS[*]}"
echo "cache: http://127.0.0.1:$port, $entries entries after A"
printf 'A cold stages (%d), uploading, tr_TR: %6ss  %s\n' "$stages_a" "$wall_a" "$(nb_summary_line "$NB_WORK/a.log")"
echo "A spawns by mnemonic (hits/total):"
awk -F'\t' '{ t[$2]++; if ($1 == "hit") h[$2]++ } END { for (m in t) printf "  %-16s %d/%d\n", m, h[m], t[m] }' \
  "$NB_WORK/a.spawns" | sort
printf 'B other path, cached:   %6ss  %s\n' "$wall_b" "$(nb_summary_line "$NB_WORK/b.log")"
printf 'C server down, one tool changed: %6ss  %s\n' "$wall_c" "$(nb_summary_line "$NB_WORK/c.log")"
echo "B spawns by mnemonic (hits/total):"
awk -F'\t' '{ t[$2]++; if ($1 == "hit") h[$2]++ } END { for (m in t) printf "  %-16s %d/%d\n", m, h[m], t[m] }' \
  "$NB_WORK/b.spawns" | sort
echo "report files compared: $(wc -l < "$NB_WORK/a.sha256")"

fail=0
if [ "$others_b" -ne 0 ] || [ "$misses_b" -ne 0 ]; then
  echo "FAIL: machine B executed $others_b process(es) instead of taking them from the cache; misses:" >&2
  awk -F'\t' '$1 == "miss" { print "  " $2 "  " $3 }' "$NB_WORK/b.spawns" >&2
  fail=1
fi
if [ "$hits_b" -eq 0 ] || [ "$stages_b" -eq 0 ] || [ "$compiles_b" -eq 0 ]; then
  echo "FAIL: machine B shows $hits_b remote cache hits ($stages_b EvalStage, $compiles_b CppCompile); expected all" >&2
  fail=1
fi
if [ "$hits_c" -ne 0 ] || [ "$local_c" -eq 0 ]; then
  echo "FAIL: with the server down, the changed actions should execute locally (got $hits_c hits, $local_c local)" >&2
  fail=1
fi
((fail == 0)) || exit 1
# B took everything from the cache: even volatile files (timings) are A's.
# C and the outer build executed again: their volatile files differ by design
# and are skipped.
nb_compare_hashes "$NB_WORK/a.sha256" "$NB_WORK/b.sha256" "A (cold) vs B (cached, other path)"
nb_stable "$NB_WORK/a.sha256" > "$NB_WORK/a.stable.sha256"
nb_stable "$NB_WORK/c.sha256" > "$NB_WORK/c.stable.sha256"
nb_stable "$NB_WORK/outer.sha256" > "$NB_WORK/outer.stable.sha256"
nb_compare_hashes "$NB_WORK/a.stable.sha256" "$NB_WORK/c.stable.sha256" "A (cold) vs C (server down, one tool rebuilt locally)"
nb_compare_hashes "$NB_WORK/outer.stable.sha256" "$NB_WORK/a.stable.sha256" "the outer build vs A (cold: other path, output base, time zone, tr_TR)"
echo "PASS: every action of B was a remote cache hit; with the server down the changed actions ran locally; the outer build, A (cold, other path, tr_TR), B and C give byte-identical report files"
