#!/usr/bin/env bash
# The repository rules write data only: no file they generate defines a
# function or a rule (`def `, `rule(`), so no authored string can become
# code there; the checked-in .bzl files build every struct and label from the
# data (stages/experiments/grid.bzl, stages/corpus/task_set.bzl).
# Arguments: the generated .bzl files.
set -euo pipefail
(($#)) || { echo "FAIL: no generated file given" >&2; exit 1; }
bad=0
for f in "$@"; do
  if grep -nE '(^|[^A-Za-z0-9_])def |rule\(|lambda ' "$f"; then
    echo "FAIL: $f defines code" >&2
    bad=1
  fi
  # Only comments, loads and NAME = <literal> assignments at the top level.
  if grep -nvE '^(#.*|load\(".*"\)|[A-Z_]+ = .*|)$' "$f"; then
    echo "FAIL: $f has a top-level statement other than a load or an assignment" >&2
    bad=1
  fi
done
((bad == 0)) || exit 1
echo "PASS: $# generated files hold data only"
