#!/usr/bin/env bash
# Incrementality of the pipeline, measured from Bazel's own execution log in a
# workspace copy (tests/remote_cache/nested_bazel.sh):
#  1. a cold build of //reports:w04 and //reports:e04_fixture;
#  2. a no-op rebuild executes no action;
#  3. rewriting the inputs with the same bytes executes no action;
#  4. changing one W04 input (a passage cost in packing.textproto) executes only
#     w04_pack, w04_report, its page (w04_page) and the report assembly;
#  5. changing one E04 task's query (fixture task F02) executes only the
#     set-level task validation and split, that task's labels and cells, the
#     aggregation, the timings and the report assembly: no cell of another task;
#     and Bazel refetches the set's task_commits repository, not its history
#     (the history reads only the fields that decide commits).
# Then, on the same builds, the cases of //tools/explain (explain_cases.sh),
# one of them with --since.
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
# shellcheck source=tests/incremental/explain_cases.sh
source "$(dirname "$(readlink -f "$0")")/explain_cases.sh"
nb_init

readonly TARGETS=(//reports:w04 //reports:e04_fixture)
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"

# The shared disk cache of the nested tests (nested_bazel.sh) holds the cold
# build's results, and maybe those of the edits below from an earlier run: so
# an action counts as rerun when Bazel had to execute it or look it up in the
# disk cache (a spawn in the execution log, hit or miss); an action the local
# action cache satisfied is no spawn.
nb_use_shared_disk_cache
build() {  # build <name>: nested build with an execution log; lists the spawns (reruns)
  local name="$1"
  nb_bazel "$copy" inc "$NB_WORK/$name.log" --execution_log_json_file="$NB_WORK/$name.exec.json" \
    "${TARGETS[@]}"
  nb_spawn_table "$NB_WORK/$name.exec.json" > "$NB_WORK/$name.executed"
  nb_log "$name: $(wc -l < "$NB_WORK/$name.executed") actions rerun, $(grep -c '^hit' "$NB_WORK/$name.executed" || true) of them from the disk cache (${NB_WALL_S}s)"
}

build cold
[ -s "$NB_WORK/cold.executed" ] || nb_fail "the first build ran no action"
explain_init

build noop
[ ! -s "$NB_WORK/noop.executed" ] || { cat "$NB_WORK/noop.executed" >&2; nb_fail "a no-op rebuild executed actions"; }

for f in data/w04/packing.textproto data/e04/fixture/tasks.textproto; do
  cp "$copy/$f" "$NB_WORK/same" && cat "$NB_WORK/same" > "$copy/$f" && touch "$copy/$f"
done
build same_bytes
[ ! -s "$NB_WORK/same_bytes.executed" ] || { cat "$NB_WORK/same_bytes.executed" >&2; nb_fail "rewriting inputs with the same bytes executed actions"; }

# 4. One W04 input: C3's cost 40 -> 45 in both packing conditions.
sed -i 's/candidate_id: "C3" cost: 40/candidate_id: "C3" cost: 45/' "$copy/data/w04/packing.textproto"
build w04_change
cut -f2,3 "$NB_WORK/w04_change.executed" | sed -E 's#^([A-Za-z]+)\tbazel-out/[^/]+/bin/#\1 #' | sort > "$NB_WORK/w04_change.list"
cat "$NB_WORK/w04_change.list"
# Bazel lists a spawn's outputs sorted, so match each stage by its output directory and names.
other=$(grep -vE '^(AssembleReport reports/w04(/.*)?|EvalStage stages/studies/w04/packing\.json|EvalStage stages/studies/w04/(w04\..*|w04_report\.provenance\.json|report\.html|w04_page\.provenance\.json))$' \
  "$NB_WORK/w04_change.list" || true)
[ -z "$other" ] || { echo "$other" >&2; nb_fail "changing packing.textproto executed other actions than w04_pack, w04_report, w04_page and the report"; }
[ "$(wc -l < "$NB_WORK/w04_change.list")" -eq 4 ] || nb_fail "expected exactly 4 actions (w04_pack, w04_report, w04_page, report)"

# fetched <repository>: the time its marker file was last written (Bazel
# rewrites a repository's marker at every fetch of it, in the nested output base).
fetched() {
  stat -c %y "$NB_WORK/ob-inc/external/@$1.marker" 2> /dev/null || nb_fail "no marker file for repository @$1"
}

# 5. One E04 task's query (F02).
history_before=$(fetched e04_fixture_history)
task_commits_before=$(fetched e04_fixture_task_commits)
grep -q '^  id: "F02"' "$copy/data/e04/fixture/tasks.textproto" || nb_fail "fixture task F02 not found"
awk '/^  id: "F02"/ { in_task = 1 } in_task && /^  query: "/ && !done { sub(/^  query: "/, "  query: \"After the upgrade, "); done = 1 } { print }' \
  "$copy/data/e04/fixture/tasks.textproto" > "$NB_WORK/tasks.new"
mv "$NB_WORK/tasks.new" "$copy/data/e04/fixture/tasks.textproto"
build query_change
[ "$(fetched e04_fixture_task_commits)" != "$task_commits_before" ] \
  || nb_fail "changing F02's query did not refetch @e04_fixture_task_commits (was the task file read?)"
[ "$(fetched e04_fixture_history)" = "$history_before" ] \
  || nb_fail "changing F02's query refetched @e04_fixture_history: it must read only the fields that decide commits (stages/corpus/history_task_commits.bzl)"
cut -f2,3 "$NB_WORK/query_change.executed" | sed -E 's#^([A-Za-z]+)\tbazel-out/[^/]+/bin/#\1 #' | sort > "$NB_WORK/query_change.list"
cat "$NB_WORK/query_change.list"
# Allowed: set-level stages (the task set, both splits, the derived task lock), F02's stages, the
# experiment's tasks (tasks.pb: the set minus exclude_tasks), the aggregation (the grid_units shard
# holding F02, one shard of 64 tasks here, and the aggregate), its page and TREC export,
# the report. Anything else (another
# task's cell or label, a snapshot, a model, a compile) fails the test.
other=$(grep -vE '^(EvalStage stages/grid/sets/e04_fixture/(task_set\.pb|task_set\.provenance\.json|(labels_in/)?F0[0-9]\.task\.pb|(labels_in/)?task_specs\.provenance\.json|task_lock(\.textproto|_review\.md)|derived_lock\.provenance\.json|F02\.labels\.pb|F02_labels\.provenance\.json)|EvalStage stages/grid/by_experiment/e04_fixture/(F02_.*|tasks\.pb|tasks\.provenance\.json|units_[0-9]+\.(pb|provenance\.json)|aggregate\.provenance\.json|html\.provenance\.json|trec\.provenance\.json|[A-Za-z0-9_]+\.[A-Za-z0-9_]+(\.functions)?\.run|(files|functions)\.qrels|cells\.csv|dose_response\.svg|e04\..*|rank_displacement\.svg|timings.*)|AssembleReport reports/e04_fixture(/.*)?)$' \
  "$NB_WORK/query_change.list" || true)
[ -z "$other" ] || { echo "$other" >&2; nb_fail "changing F02's query executed actions of other tasks or stages"; }
cells=$(grep -c '^EvalStage stages/grid/by_experiment/e04_fixture/F02_' "$NB_WORK/query_change.list" || true)
# 3 harnesses x 7 conditions: baseline, S001, S002 at 3 doses, S003, S004;
# the transforms (F02_S003_corpus, F02_S004_corpus) read no query: not rerun.
[ "$cells" -eq 21 ] || nb_fail "expected F02's 21 cells (3 harnesses x 7 conditions) to rerun, got $cells"
grep -qE 'F02(\.labels\.pb|_labels\.provenance\.json)' "$NB_WORK/query_change.list" || nb_fail "F02's labels did not rerun"
grep -qE 'stages/grid/by_experiment/e04_fixture/(aggregate\.provenance\.json|cells\.csv|dose_response\.svg|e04\.)' "$NB_WORK/query_change.list" \
  || nb_fail "the aggregation did not rerun"
explain_cases
echo "PASS: no-op and same-bytes rebuilds execute nothing; one W04 input reruns 4 actions; one task's query refetches no history and reruns $(wc -l < "$NB_WORK/query_change.list") actions, all of that task or of the report; explain named the root cause of each case"
