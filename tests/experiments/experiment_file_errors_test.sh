#!/usr/bin/env bash
# Experiment files with bad task-set declarations stop every package that
# loads the experiments (those above the libraries) naming the experiment
# file and the field, while the libraries still load and build (nested Bazel
# in a workspace copy; queries only, nothing is compiled):
#  1. two experiments that declare one task set differently: the field that
#     differs, with both values;
#  2. a `tasks` label to a missing file (once Bazel's bare "Not a regular
#     file");
#  3. a `tasks` label into a package that is a symlink out of the workspace
#     (once accepted: the check read only the label's text);
#  4. an experiment file that is not a valid text proto: //reports fails
#     naming it, and every library package (corpus, retrieval, metrics,
#     stats, pipeline, schemas, report) still loads.
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
exp="$copy/data/experiments"

# expect_error <case> <experiment file to add> <expected message part>
expect_error() {
  local name=$1 file=$2 want=$3 log="$NB_WORK/$1.log"
  if (nb_bazel_cmd "$copy" errors "$log" query //reports:all) 2>/dev/null; then
    nb_fail "$name: the experiments were accepted"
  fi
  grep -qF -- "$want" "$log" || { tail -20 "$log" >&2; nb_fail "$name: expected '$want'"; }
  nb_log "ok: $name: $(grep -F -- "$want" "$log" | head -1 | sed 's/^ *//')"
  rm -f "$file"
}

experiment() {  # experiment <name> <task set name> <tasks label>: a copy of e04_fixture
  sed -e "s|^name: \"e04_fixture\"|name: \"$1\"|" -e "s|^  name: \"e04_fixture\"|  name: \"$2\"|" \
    -e "s|^  tasks: .*|  tasks: \"$3\"|" "$exp/e04_fixture.textproto" > "$exp/$1.textproto"
}

experiment zz_conflict e04_fixture //data/e04/tasks:tasks.textproto
expect_error conflict "$exp/zz_conflict.textproto" \
  "data/experiments/zz_conflict.textproto: task set \"e04_fixture\" is declared differently in data/experiments/e04_fixture.textproto (experiments that name one set must agree on every field): field task_set.tasks: \"//data/e04/tasks:tasks.textproto\" here, \"//data/e04/fixture:tasks.textproto\" in data/experiments/e04_fixture.textproto"

experiment zz_missing zz_set //data/e04/fixture:no_such_tasks.textproto
expect_error missing "$exp/zz_missing.textproto" \
  "data/experiments/zz_missing.textproto, field task_set.tasks: expected an existing file, found none at //data/e04/fixture:no_such_tasks.textproto"

mkdir -p "$NB_WORK/outside"
cp "$copy/data/e04/fixture/tasks.textproto" "$NB_WORK/outside/tasks.textproto"
echo 'exports_files(["tasks.textproto"])' > "$NB_WORK/outside/BUILD"
ln -s "$NB_WORK/outside" "$copy/data/outside"
experiment zz_outside zz_set //data/outside:tasks.textproto
expect_error outside "$exp/zz_outside.textproto" \
  "data/experiments/zz_outside.textproto, field task_set.tasks: expected a file inside the workspace, found //data/outside:tasks.textproto resolving outside it (a symlink)"
rm "$copy/data/outside"

echo 'name: "zz_bad" title: oops' > "$exp/zz_bad.textproto"
nb_bazel_cmd "$copy" errors "$NB_WORK/sync.log" sync --only=experiments
libraries="//stages/corpus/... + //stages/retrieval/... + //stages/framework/metrics/... + //stages/framework/stats/..."
libraries+=" + //stages/framework/pipeline/... + //stages/framework/schemas/... + //stages/framework/report/..."
nb_bazel_cmd "$copy" errors "$NB_WORK/libraries.log" query "deps($libraries)" --output=package
nb_log "ok: the libraries load with an invalid experiment file: $(grep -c '^stages/' "$NB_WORK/libraries.log") packages"
expect_error invalid_file "$exp/zz_bad.textproto" "data/experiments/zz_bad.textproto: not a valid repro.experiments.Experiment text proto"

nb_bazel_cmd "$copy" errors "$NB_WORK/clean.log" query //reports:all
echo "PASS: task-set declaration errors name the experiment file and the field"
