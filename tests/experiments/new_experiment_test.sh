#!/usr/bin/env bash
# Experiments as data, as a researcher would use them (nested Bazel in a
# workspace copy, tests/remote_cache/nested_bazel.sh):
#  1. build the existing reports (w04, e04_fixture, judge_fixture);
#  2. add, as data files only, a second task set (the documented example
#     docs/examples/tasks.jsonl: F01 and F03 with only the authored fields id,
#     query, reformulation, fix_commit, in data/fixture_two/ with its one-line
#     BUILD export, as docs/experiments.md shows), a new harness (H000 with k1 = 1.2, compared with H000) and
#     an experiment using both plus a hybrid harness, with S001 at depths 1
#     and 2 and S002 at doses 1 and 5; `git status` shows no .bzl, .cc, .h or
#     BUILD change;
#  3. `bazel sync --only=experiments`; building the new report first says up
#     front that the set has no lock yet, what the build does and its expected
#     time on 2 cores, then stops naming the task lock refreeze;
#     `bazel run ..._tasks_refreeze` prints the
#     review table, writes the lock and names the one-time history sync; after
#     `bazel sync --only=fixture_two_history` the build stops naming the pins
#     refreeze command; after `bazel run ..._pins_refreeze` the report builds,
#     its tokens refreeze and its token test passes; a wrong locked label
#     stops the build naming the task, the field, locked vs derived and the
#     refreeze command; the corpus summary of one of its tasks finds its
#     labels equal to the lock;
#  4. rebuilding the existing reports executes no action;
#  5. with a harness and a dose taken out of the experiment, its report holds
#     no file of either (once every earlier run stayed in bazel-bin).
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
# The stage tools and the existing reports from the nested tests' shared disk cache
# (nested_bazel.sh): this test is about what the new experiment adds.
nb_use_shared_disk_cache

readonly EXISTING=(//reports:w04 //reports:e04_fixture //reports:judge_fixture)
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
git -C "$copy" init -q
git -C "$copy" add -A
git -C "$copy" -c user.name=t -c user.email=t@t commit -q -m base

nb_bazel "$copy" exp "$NB_WORK/warm.log" "${EXISTING[@]}"
nb_log "existing reports built (${NB_WALL_S}s)"

# 2. Data files only.
# The documented example task file (docs/tasks.md), in a folder of the user's
# own with the documented BUILD (docs/experiments.md, step 2).
mkdir -p "$copy/data/fixture_two"
cp "$copy/docs/examples/tasks.jsonl" "$copy/data/fixture_two/tasks.jsonl"
echo 'exports_files(glob(["*"]))' > "$copy/data/fixture_two/BUILD"
sed -e 's/^name: "H000"/name: "H001"/' -e 's/k1: 0.9/k1: 1.2/' \
  -e 's/^description: .*/description: "BM25 (Lucene variant, k1 = 1.2, b = 0.4) over whole files; query = task query"/' \
  "$copy/data/harnesses/H000.textproto" > "$copy/data/harnesses/H001.textproto"
echo 'compare_with: "H000"' >> "$copy/data/harnesses/H001.textproto"
cat > "$copy/data/experiments/fixture_two.textproto" <<'PB'
name: "fixture_two"
title: "two fixture tasks"
task_set {
  name: "fixture_two"
  tasks: "//data/fixture_two:tasks.jsonl"
  source { fixture_history: "//data/e04/fixture:history.txt" }
}
harnesses: "//data/harnesses:H000.textproto"
harnesses: "//data/harnesses:H001.textproto"
harnesses: "//data/harnesses:H008.textproto"
s001_depths: [1, 2]
s002_doses: [1, 5]
bootstrap { resamples: 1000 seed: 7 }
distractor_vocabulary: DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION
PB
changed=$(git -C "$copy" status --porcelain --untracked-files=all)
echo "$changed"
# The one BUILD file is the data folder's export line (docs/experiments.md).
code=$(echo "$changed" | awk '{print $2}' | grep -v '^data/fixture_two/BUILD$' \
  | grep -E '(\.bzl|\.cc|\.h|(^|/)BUILD(\.bazel)?)$' || true)
[ -z "$code" ] || nb_fail "the new experiment changed code or BUILD files: $code"
[ "$(echo "$changed" | grep -c '^??')" -eq 4 ] || nb_fail "expected exactly 4 new data files"

# 3. Sync, then the task lock, the pins, the report and its tokens.
nb_bazel_cmd "$copy" exp "$NB_WORK/sync.log" sync --only=experiments
(nb_bazel_cmd "$copy" exp "$NB_WORK/no_lock.log" build //reports:fixture_two) 2>/dev/null \
  && nb_fail "the new report built without a task lock"
# shellcheck disable=SC2016  # the backticks are literal text of the expected message
grep -qF 'data/fixture_two/tasks.lock.textproto (absent): task set fixture_two has no task lock; write it with `bazel run //reports:fixture_two_tasks_refreeze`' \
  "$NB_WORK/no_lock.log" || { tail -20 "$NB_WORK/no_lock.log" >&2; nb_fail "a build without a task lock did not name the refreeze command"; }
# The long first build of a set without a lock says so up front, with its expected time.
grep -qF 'task set fixture_two has no task lock yet: building its snapshots, chunks and labels; on a cold output base Bazel first compiles the stage tools, about 1 to 2 minutes on 2 cores' \
  "$NB_WORK/no_lock.log" || { tail -20 "$NB_WORK/no_lock.log" >&2; nb_fail "the first build of a set without a lock did not say what it does and how long it takes"; }
nb_bazel_cmd "$copy" exp "$NB_WORK/lock.log" run //reports:fixture_two_tasks_refreeze
grep -qF "run 'bazel sync --only=fixture_two_history' once" "$NB_WORK/lock.log" || nb_fail "the first refreeze did not name the sync"
nb_bazel_cmd "$copy" exp "$NB_WORK/sync_history.log" sync --only=fixture_two_history
grep -qF '| F03 | 8ee5041fac9d | f625a8b4412e | internal/network/backoff.go<br>internal/network/client.go |' "$NB_WORK/lock.log" \
  || { tail -20 "$NB_WORK/lock.log" >&2; nb_fail "the refreeze printed no review table"; }
lock="$copy/data/fixture_two/tasks.lock.textproto"
grep -qF 'base_end_line: 38' "$lock" || nb_fail "the lock lacks F01's gold function"
(nb_bazel_cmd "$copy" exp "$NB_WORK/no_pins.log" build //reports:fixture_two) 2>/dev/null \
  && nb_fail "the new report built without committed pins"
# shellcheck disable=SC2016  # the backticks are literal text of the expected message
grep -qF 'data/experiments/fixture_two.pins.textproto (absent): no pin for model lsa_code_256 of task set fixture_two; run `bazel run //reports:fixture_two_pins_refreeze`' \
  "$NB_WORK/no_pins.log" || { tail -20 "$NB_WORK/no_pins.log" >&2; nb_fail "a build without pins did not name the refreeze command"; }
nb_bazel_cmd "$copy" exp "$NB_WORK/pins.log" run //reports:fixture_two_pins_refreeze
grep -q 'sha256: "[0-9a-f]\{64\}"' "$copy/data/experiments/fixture_two.pins.textproto" || nb_fail "no pin written"
nb_bazel_cmd "$copy" exp "$NB_WORK/new.log" build //reports:fixture_two
nb_log "new report built (${NB_WALL_S}s)"
md="$copy/bazel-bin/reports/fixture_two/report.md"
grep -q '| H001-H000 |' "$md" || nb_fail "the report lacks the H001-H000 comparison"
grep -qF '# Robustness of retrieval harnesses: two fixture tasks' "$md" || nb_fail "the report lacks its title"
grep -qF 'synthetic distractor files whose words come from the task query and the blinded reformulation' "$md" \
  || nb_fail "the report does not record the experiment's distractor vocabulary"
grep -qF '## S001 staleness sweep (index at base~d, labels at base)' "$md" || nb_fail "the report lacks the staleness sweep"
grep -qE '^\| 2 \| 2 \| ' "$md" || nb_fail "the sweep lacks the effective dose of depth 2 over 2 tasks"
[ -s "$copy/bazel-bin/reports/fixture_two/staleness.svg" ] || nb_fail "no staleness.svg"
rows=$(($(wc -l < "$copy/bazel-bin/reports/fixture_two/cells.csv") - 1))
# One row per unit: baseline, S001 at depths 1 and 2, S002 at doses 1 and 5.
[ "$rows" -eq $((2 * 3 * 5)) ] || nb_fail "cells.csv: expected 30 rows (2 tasks x 3 harnesses x 5 conditions), found $rows"
# The summary of a task of authored fields only checks its labels against the
# lock (it once compared them with gold fields the task file need not hold).
# The set's own summary target: //stages/grid:summary runs it by a nested
# Bazel, which would restart this test's server with the default startup flags.
nb_bazel_cmd "$copy" exp "$NB_WORK/summary.log" run //stages/grid/sets:fixture_two/summary -- F03 \
  || { tail -20 "$NB_WORK/summary.log" >&2; nb_fail "the summary of F03 failed"; }
grep -qF '2 gold file(s), 2 gold function(s) - equal to the task lock data/fixture_two/tasks.lock.textproto' \
  "$NB_WORK/summary.log" || { tail -20 "$NB_WORK/summary.log" >&2; nb_fail "the summary did not check F03 against its lock"; }
nb_bazel_cmd "$copy" exp "$NB_WORK/tokens.log" run //reports:fixture_two_tokens_refreeze
nb_bazel_cmd "$copy" exp "$NB_WORK/tokens_test.log" test //reports:fixture_two_tokens_test
cp "$lock" "$NB_WORK/lock.good"
sed -i 's/base_end_line: 38/base_end_line: 39/' "$lock"
(nb_bazel_cmd "$copy" exp "$NB_WORK/wrong_lock.log" build //reports:fixture_two) 2>/dev/null \
  && nb_fail "the report built with a wrong locked label"
for want in 'data/fixture_two/tasks.lock.textproto: the task lock differs from what the pipeline derives (1 difference(s))' \
  'task F01, field gold_functions: locked [internal/cache/key.go sanitizeKey 32-39], derived [internal/cache/key.go sanitizeKey 32-38]' \
  'bazel run //reports:fixture_two_tasks_refreeze'; do
  grep -qF "$want" "$NB_WORK/wrong_lock.log" || { tail -20 "$NB_WORK/wrong_lock.log" >&2; nb_fail "a wrong lock did not say: $want"; }
done
cp "$NB_WORK/lock.good" "$lock"
code=$(git -C "$copy" status --porcelain --untracked-files=all | awk '{print $2}' | grep -v '^data/fixture_two/BUILD$' \
  | grep -E '(\.bzl|\.cc|\.h|(^|/)BUILD(\.bazel)?)$' || true)
[ -z "$code" ] || nb_fail "refreezing changed code or BUILD files: $code"

# 4. The existing reports execute nothing.
nb_bazel "$copy" exp "$NB_WORK/again.log" --execution_log_json_file="$NB_WORK/again.exec.json" "${EXISTING[@]}"
# Any spawn, executed or taken from the disk cache, is an action rerun.
nb_spawn_table "$NB_WORK/again.exec.json" > "$NB_WORK/again.executed"
[ ! -s "$NB_WORK/again.executed" ] || { cat "$NB_WORK/again.executed" >&2; nb_fail "rebuilding the existing reports after the new experiment executed actions"; }
# 5. A harness and a dose taken out: the report holds exactly what is declared.
report="$copy/bazel-bin/reports/fixture_two"
compgen -G "$report/H001.*S002_d5.*" > /dev/null || nb_fail "the first report lacks H001's dose-5 runs"
sed -i -e '/H001.textproto/d' -e 's/^s002_doses: \[1, 5\]$/s002_doses: [1]/' "$copy/data/experiments/fixture_two.textproto"
nb_bazel_cmd "$copy" exp "$NB_WORK/pins_less.log" run //reports:fixture_two_pins_refreeze
nb_bazel "$copy" exp "$NB_WORK/less.log" //reports:fixture_two
stale=$(find "$report" -mindepth 1 -maxdepth 1 \( -name 'H001.*' -o -name '*_d5.*' \) -printf '%f\n')
[ -z "$stale" ] || nb_fail "files of a harness or dose no longer declared stayed in the report: $stale"
nb_log "report after taking out H001 and dose 5: $(find "$report" -mindepth 1 -maxdepth 1 | wc -l) files, none of either"
echo "PASS: a task set (authored fields only, JSON Lines), a harness and an experiment added as data files; its task lock, pins, report and tokens built with the documented commands; a wrong locked label named; the existing reports executed 0 actions; a report holds only what its experiment declares"
