#!/usr/bin/env bash
# set_command.sh picks the one experiment (--experiment, the last one, else
# the default) or the sets holding the task ids, and runs their targets by a
# nested `bazel run` on the caller's output base in the caller's working
# directory; an unknown experiment or task id, or no task id, goes to the tool
# over the indexes alone. A fake bazel and tool record their calls.
# Arguments: <set_command.sh> <run_tool.sh>
set -euo pipefail
script=$(readlink -f "$1") run_tool=$(readlink -f "$2")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/set_command.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work/bin" "$work/ws/sub"
# shellcheck disable=SC2016  # the fake bazel expands $(pwd) and $* itself
printf '#!/bin/sh\necho "bazel $(pwd) $*" >> "%s/calls"\n' "$work" > "$work/bin/bazel"
ob="$work/an output base"
runfiles="$ob/execroot/__main__/bazel-out/k8-opt/bin/stages/grid/x.runfiles/__main__"
mkdir -p "$runfiles"
printf '#!/bin/sh\necho "tool $*" >> "%s/calls"\n' "$work" > "$runfiles/tool"
chmod +x "$work/bin/bazel" "$runfiles/tool"
index() {  # index <file> <name> [<task>...]: an ArtifactIndex text proto
  local file=$1 name=$2 task
  shift 2
  printf 'name: "%s"\n' "$name" > "$file"
  for task in "$@"; do printf 'artifacts { task: "%s" role: "labels" path: "x" }\n' "$task" >> "$file"; done
}
index "$runfiles/e1.textproto" e1 -
index "$runfiles/e2.textproto" e2 -
index "$runfiles/s1.textproto" s1 A1 A2
index "$runfiles/s2.textproto" s2
printf 'not_configured: "set S2_GIT"\n' >> "$runfiles/s2.textproto"
index "$runfiles/s3.textproto" s3 A2 B1
# expect <expected calls> <unit> <pattern> <default> <indexes> -- <arguments>...
expect() {
  local want=$1 unit=$2 pattern=$3 default=$4 indexes=$5
  shift 5
  rm -f "$work/calls"
  # shellcheck disable=SC2086  # the indexes are words
  (cd "$runfiles" && PATH="$work/bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" \
    BUILD_WORKING_DIRECTORY="$work/ws/sub" bash "$script" "$unit" "$pattern" "$default" ./tool $indexes "$@") \
    || fail "set_command.sh $* failed"
  [ "$(cat "$work/calls")" = "$want" ] || fail "set_command.sh $*: expected
$want
found
$(cat "$work/calls")"
  echo "ok: $unit $default | $*"
}
e=//stages/grid/by_experiment:%s/search
s=//stages/grid/sets:%s/summary
expect "bazel $work/ws/sub --output_base=$ob run //stages/grid/by_experiment:e2/search -- --experiment=e2 --task=T1" \
  experiment "$e" e1 "e1.textproto e2.textproto" -- --experiment=e2 --task=T1
expect "bazel $work/ws/sub --output_base=$ob run //stages/grid/by_experiment:e1/search -- --task=T1" \
  experiment "$e" e1 "e1.textproto e2.textproto" -- --task=T1
expect "bazel $work/ws/sub --output_base=$ob run //stages/grid/by_experiment:e1/search -- --experiment=e2 --experiment e1" \
  experiment "$e" - "e1.textproto e2.textproto" -- --experiment=e2 --experiment e1
expect "tool --indexes=e1.textproto,e2.textproto --experiment=e1/../e2" experiment "$e" e1 "e1.textproto e2.textproto" -- --experiment=e1/../e2
expect "tool --indexes=e1.textproto,e2.textproto --server=x" experiment "$e" - "e1.textproto e2.textproto" -- --server=x
expect "tool --indexes=s1.textproto,s2.textproto,s3.textproto" set "$s" - "s1.textproto s2.textproto s3.textproto" --
expect "tool --indexes=s1.textproto,s2.textproto,s3.textproto Z9
bazel $work/ws/sub --output_base=$ob run //stages/grid/sets:s1/summary -- A1 A2
bazel $work/ws/sub --output_base=$ob run //stages/grid/sets:s3/summary -- B1 A2" \
  set "$s" - "s1.textproto s2.textproto s3.textproto" -- B1 Z9 A1 A2
# run_tool.sh runs the tool with its own runfiles, not an inherited RUNFILES_DIR.
cp "$run_tool" "$work/summary"
chmod +x "$work/summary"
mkdir -p "$work/summary.runfiles"
# shellcheck disable=SC2016  # the fake tool expands $RUNFILES_DIR itself
printf '#!/bin/sh\necho "$RUNFILES_DIR $*"\n' > "$work/tool"
chmod +x "$work/tool"
found=$(RUNFILES_DIR=/a/test/runfiles "$work/summary" "$work/tool" --indexes=i F01)
[ "$found" = "$work/summary.runfiles --indexes=i F01" ] || fail "run_tool.sh: expected its own runfiles, found $found"
echo "ok: run_tool.sh: the tool's RUNFILES_DIR is the command's own runfiles"
echo "PASS: each command runs the target of its own experiment or sets only"
