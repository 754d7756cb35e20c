#!/usr/bin/env bash
# verify.sh on poisoned lineage.json files stops before running Bazel or
# reading a file, naming the entry and the field, and writes nothing:
#  1. a label holding a space and a Bazel flag (once passed word-split to the
#     nested `bazel build`, which wrote the flag's file outside the workspace);
#  2. an output path climbing out of bazel-bin (once hashed and reported);
# a rebuild that fails leaves no file in TMPDIR; and a differing output of an
# external harness's cell names the program and the first differing line.
# Arguments: <verify.sh> <verify_plan>
set -euo pipefail
verify=$(readlink -f "$1")
plan=$(readlink -f "$2")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/verify_poisoned.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A `bazel` on PATH that only records that it was called.
mkdir -p "$work/bin" "$work/ws"
printf '#!/bin/sh\necho "$@" >> "%s/bazel_called"\n' "$work" > "$work/bin/bazel"
chmod +x "$work/bin/bazel"

sha=$(printf '%064d' 0)
check() {  # check <case> <label> <path> <expected message>
  mkdir -p "$work/$1"
  printf '{"stages": [{"label": "%s", "outputs": [{"path": "%s", "sha256": "%s"}]}]}\n' "$2" "$3" "$sha" \
    > "$work/$1/lineage.json"
  if PATH="$work/bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" bash "$verify" "$plan" "$work/$1" \
      > "$work/$1.log" 2>&1; then
    cat "$work/$1.log" >&2
    fail "$1: a poisoned lineage.json verified"
  fi
  grep -qF -- "$4" "$work/$1.log" || { cat "$work/$1.log" >&2; fail "$1: expected '$4'"; }
  [ ! -e "$work/bazel_called" ] || fail "$1: Bazel was run with: $(cat "$work/bazel_called")"
  echo "ok: $1: $(grep -F -- "$4" "$work/$1.log")"
}
check flag "//stages/studies/w04:w04_pack --build_event_json_file=$work/injected.json" stages/studies/w04/packing.json \
  "lineage.json: stage '//stages/studies/w04:w04_pack --build_event_json_file=$work/injected.json', field label: expected a label"
[ ! -e "$work/injected.json" ] || fail "the injected flag wrote its file"
check path //stages/studies/w04:w04_pack ../../../../etc/hostname \
  "lineage.json: stage '//stages/studies/w04:w04_pack', field outputs[0].path: expected a normalized relative path under the stage's package 'stages/studies/w04/' (no leading '/', no empty, '.' or '..' segment), found '../../../../etc/hostname'"
check repo @evil//x:y x/y "field label: expected a label"

# A rebuild that fails leaves nothing in TMPDIR (once its log, tmp.XXXX.log).
mkdir -p "$work/failing_bin" "$work/tmp" "$work/valid"
# shellcheck disable=SC2016  # the stub's script, expanded when it runs
printf '#!/bin/sh
[ "$3" = build ] || [ "$2" = build ] && { echo "ERROR: a stub build failed"; exit 1; }
exit 0
' \
  > "$work/failing_bin/bazel"
chmod +x "$work/failing_bin/bazel"
printf '{"stages": [{"label": "//stages/studies/w04:w04_pack", "outputs": [{"path": "stages/studies/w04/packing.json", "sha256": "%s"}]}]}\n' \
  "$sha" > "$work/valid/lineage.json"
if PATH="$work/failing_bin:$PATH" TMPDIR="$work/tmp" BUILD_WORKSPACE_DIRECTORY="$work/ws" \
    bash "$verify" "$plan" "$work/valid" > "$work/failed.log" 2>&1; then
  cat "$work/failed.log" >&2
  fail "a failed rebuild verified"
fi
grep -qF "verify: the rebuild failed" "$work/failed.log" || { cat "$work/failed.log" >&2; fail "no 'the rebuild failed'"; }
left=$(ls -A "$work/tmp")
[ -z "$left" ] || fail "a failed rebuild left in TMPDIR: $left"
echo "ok: a failed rebuild says so and leaves nothing in TMPDIR"
# A re-executed external cell whose output differs: the program and the line.
mkdir -p "$work/stub_bin" "$work/out/stages/grid/by_experiment/e" "$work/report"
# shellcheck disable=SC2016  # the stub's script, expanded when it runs
printf '#!/bin/sh\n[ "$2" = info ] && echo "%s/out"\nexit 0\n' "$work" > "$work/stub_bin/bazel"
chmod +x "$work/stub_bin/bazel"
cell=stages/grid/by_experiment/e/F01_X000_baseline
printf '{\n "mrr": 1,\n "rank": 1\n}\n' > "$work/report/F01_X000_baseline.json"
printf '{\n "mrr": 1,\n "rank": 2\n}\n' > "$work/out/$cell.json"
printf '{\n "inputs": [\n  {\n   "role": "program",\n   "path": "data/harnesses/external/ranker",\n' \
  > "$work/out/$cell.provenance.json"
printf '{"stages": [{"label": "//stages/grid/by_experiment:e/F01_X000_baseline", "outputs": [{"path": "%s.json", "sha256": "%s"}]}]}\n' \
  "$cell" "$(sha256sum < "$work/report/F01_X000_baseline.json" | cut -d' ' -f1)" > "$work/report/lineage.json"
if PATH="$work/stub_bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" VERIFY_OUTPUT_BASE="$work/ob" \
    bash "$verify" "$plan" "$work/report" > "$work/differs.log" 2>&1; then
  cat "$work/differs.log" >&2
  fail "a differing external cell verified"
fi
expected='; external program data/harnesses/external/ranker; first differing line 3: the report has " "rank": 1", re-executed " "rank": 2"'
grep -qF -- "$expected" "$work/differs.log" || { cat "$work/differs.log" >&2; fail "expected '$expected'"; }
echo "ok: a differing external cell names its program and the first differing line"
echo "PASS: poisoned lineage entries are refused before Bazel runs; a failed rebuild leaves nothing behind"
