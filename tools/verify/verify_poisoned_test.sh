#!/usr/bin/env bash
# verify.sh on poisoned lineage.json files stops before running Bazel or
# reading a file, naming the entry and the field, and writes nothing:
#  1. a label holding a space and a Bazel flag (once passed word-split to the
#     nested `bazel build`, which wrote the flag's file outside the workspace);
#  2. an output path climbing out of bazel-bin (once hashed and reported).
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
echo "PASS: poisoned lineage entries are refused before Bazel runs"
