#!/usr/bin/env bash
# bazel run //stages/grid:<command> -- <arguments>   (stages/grid/commands/set_command.bzl)
#
# Runs a command over the experiments or task sets on the one experiment, or
# the sets, that the arguments name, so that a set whose stages fail stops
# only the commands over that set:
#   unit "experiment" (search, bm25_reference, fill_vector_cache): the last
#     --experiment=<name> (or --experiment <name>; else the tool's default)
#     picks //stages/grid/by_experiment:<name>/<command>;
#   unit "set" (summary): each set whose index holds one of the task ids runs
#     //stages/grid/sets:<set>/<command> with its ids, in index order.
# Those run by a nested `bazel run` on the caller's output base (its server
# and build are reused) in the caller's working directory. Flags given to the
# outer `bazel run` do not reach it (it reads .bazelrc and the environment:
# export a clone variable rather than --repo_env=, or run the target above
# directly). An experiment no index names, no task id, or a task id no index
# holds runs the tool itself over the indexes alone, which lists the names or
# says why (no artifact is needed for that).
#
# Arguments (from the BUILD rule): <unit> <target pattern, %s for the name>
# <default experiment or -> <tool> <index>... --, then the user's arguments.
set -euo pipefail
fail() { echo "set_command: $*" >&2; exit 2; }
(($# >= 5)) || fail "expected <unit> <target pattern> <default> <tool> <index>... -- <arguments>"
unit=$1 pattern=$2 default=$3 tool=$4
shift 4
indexes=()
while (($#)) && [ "$1" != -- ]; do indexes+=("$1"); shift; done
(($#)) || fail "expected -- after the indexes"
shift
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || fail "run me with 'bazel run ${pattern%%:*}:...'"

# The tool over every index: it lists the experiments or tasks, or says why
# an argument names none.
run_tool() { "$tool" "--indexes=$(IFS=,; echo "${indexes[*]}")" "$@"; }

# The output base of the caller: `bazel run` starts this script in its
# runfiles tree, <output base>/execroot/<workspace>/bazel-out/...
caller_output_base() {
  local here base
  here=$(pwd -P)
  base=${here%/execroot/*}
  [[ ${here#"$base"} == /execroot/*/bazel-out/* && -d $base/execroot ]] \
    || fail "cannot tell the caller's output base from the working directory $here (expected <output base>/execroot/...)"
  echo "$base"
}

# nested_run <name> <arguments>...: the command's target for one experiment or set.
nested_run() {
  local target
  # shellcheck disable=SC2059  # the pattern is the BUILD rule's, with one %s
  target=$(printf "$pattern" "$1")
  shift
  (cd "${BUILD_WORKING_DIRECTORY:-$BUILD_WORKSPACE_DIRECTORY}" \
    && bazel --output_base="$output_base" run "$target" -- "$@")
}

# The name of an index (its `name` field), and whether a task id has an
# artifact in it (set indexes). An index is an ArtifactIndex text proto with
# one field or artifact a line (stages/corpus/index/artifact_index.bzl); names
# and task ids are validated identifiers, never quoted or escaped.
index_name() { sed -n 's/^name: "\(.*\)"$/\1/p' "$1" | head -n 1; }
index_holds() { grep -qF "artifacts { task: \"$2\" " "$1"; }

# The last --experiment of the arguments, or the default.
experiment_of() {
  local name=$default
  while (($#)); do
    case "$1" in
      --experiment=*) name=${1#--experiment=} ;;
      --experiment) (($# >= 2)) && name=$2 ;;
    esac
    shift
  done
  echo "$name"
}

run_experiment() {
  local name index
  name=$(experiment_of "$@")
  for index in "${indexes[@]}"; do
    if [ "$name" != - ] && [ "$(index_name "$index")" = "$name" ]; then
      output_base=$(caller_output_base)
      nested_run "$name" "$@"
      return
    fi
  done
  run_tool "$@"
}

# Each set that holds a task id runs with its ids; ids no set holds go to the
# tool, which says so. The status is the last failing one's.
run_sets() {
  local index id status=0 ids unknown=()
  if (($# == 0)); then
    run_tool
    return
  fi
  for id in "$@"; do
    for index in "${indexes[@]}"; do index_holds "$index" "$id" && continue 2; done
    unknown+=("$id")
  done
  ((${#unknown[@]} == 0)) || run_tool "${unknown[@]}" || status=$?
  output_base=$(caller_output_base)
  for index in "${indexes[@]}"; do
    ids=()
    for id in "$@"; do index_holds "$index" "$id" && ids+=("$id"); done
    ((${#ids[@]} == 0)) || nested_run "$(index_name "$index")" "${ids[@]}" || status=$?
  done
  return "$status"
}

case "$unit" in
  experiment) run_experiment "$@" ;;
  set) run_sets "$@" ;;
  *) fail "expected the unit experiment or set, found '$unit'" ;;
esac
