#!/usr/bin/env bash
# `bazel run //reports:<name>_explain`: what moved in the report since its
# committed state, and why.
# Args (from the target): <explain binary> <committed state, workspace path>
# <the report's state as built> <refreeze command>.
set -euo pipefail
(($# == 4)) || { echo "explain: this command takes no arguments" >&2; exit 2; }
explain="$1" committed="$2" built="$3" refreeze="$4"
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || { echo "explain: run me with 'bazel run'" >&2; exit 2; }
if [ ! -f "$BUILD_WORKSPACE_DIRECTORY/$committed" ]; then
  echo "explain: no committed state $committed to compare with; run '$refreeze' and commit it" >&2
  exit 2
fi
status=0
"$explain" --before_name="$committed" --after_name="the report as built now" \
  "$BUILD_WORKSPACE_DIRECTORY/$committed" "$PWD/$built" || status=$?
((status != 0)) || echo "explain: nothing moved since $committed"
exit "$status"
