#!/usr/bin/env bash
# refreeze_pins.sh runs its nested Bazel commands on the caller's output base
# (the one `bazel run` started it from), never on the default one (which
# started a second server and a cold build), and refuses extra arguments.
# Argument: <refreeze_pins.sh>
set -euo pipefail
script=$(readlink -f "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/refreeze_pins.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work/bin" "$work/ws/data/experiments"
touch "$work/ws/data/experiments/e1.textproto"
printf '#!/bin/sh\necho "$@" >> "%s/calls"\n' "$work" > "$work/bin/bazel"
chmod +x "$work/bin/bazel"
ob="$work/some output base"
runfiles="$ob/execroot/__main__/bazel-out/k8-opt/bin/reports/pins_refreeze.runfiles/__main__"
mkdir -p "$runfiles"

(cd "$runfiles" && PATH="$work/bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" bash "$script" e1) \
  || fail "the refreeze did not run"
expected="--output_base=$ob sync --only=experiments
--output_base=$ob run //reports:e1_pins_refreeze"
[ "$(cat "$work/calls")" = "$expected" ] || fail "nested calls: expected
$expected
found
$(cat "$work/calls")"
echo "ok: both nested commands on the caller's output base"

rm "$work/calls"
if (cd "$runfiles" && PATH="$work/bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" bash "$script" e1 POISON) 2>"$work/err"; then
  fail "an extra argument was accepted"
fi
grep -q "usage: bazel run //reports:pins_refreeze -- <experiment>" "$work/err" || fail "no usage line: $(cat "$work/err")"
if (cd "$work" && PATH="$work/bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$work/ws" bash "$script" e1) 2>"$work/err"; then
  fail "ran outside a runfiles tree"
fi
grep -q "cannot tell the caller's output base" "$work/err" || fail "no output-base message: $(cat "$work/err")"
[ ! -e "$work/calls" ] || fail "Bazel was called: $(cat "$work/calls")"
echo "PASS: nested commands reuse the caller's output base; extra arguments refused"
