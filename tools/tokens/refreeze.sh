#!/usr/bin/env bash
# Refreezes a committed file on purpose from its generated copy, and shows the
# diff for review. Run through `bazel run //reports:<name>_refreeze` (tokens)
# or `bazel run //reports:<experiment>_pins_refreeze` (model pins).
# Args: [--tokens] <committed path in the workspace> <generated>...; with
# several generated files (a stage's outputs) the one named like the committed
# file is taken. --tokens prepends the frozen-token header.
set -euo pipefail
tokens=0
if [[ ${1:-} == --tokens ]]; then
  tokens=1
  shift
fi
frozen="$1"
shift
generated="$1"
if (($# > 1)); then
  generated=""
  for g in "$@"; do
    [[ $(basename "$g") == "$(basename "$frozen")" ]] && generated=$g
  done
  [[ -n $generated ]] || { echo "refreeze: none of $* is named $(basename "$frozen")" >&2; exit 2; }
fi
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || { echo "refreeze: run me with 'bazel run'" >&2; exit 2; }
target="$BUILD_WORKSPACE_DIRECTORY/$frozen"
{
  if ((tokens)); then
    echo "# Frozen tokens: <key><TAB><value>; every value must appear verbatim in the report."
    echo "# Written by 'bazel run' of the report's _refreeze target; review the diff before committing."
  fi
  cat "$generated"
} > "$target.new"
mv "$target.new" "$target"
cd "$BUILD_WORKSPACE_DIRECTORY"
if ! git ls-files --error-unmatch -- "$frozen" >/dev/null 2>&1; then
  echo "refreeze: wrote new file $frozen; review and commit it"
elif git diff --quiet -- "$frozen"; then
  echo "refreeze: $frozen unchanged"
else
  git --no-pager diff -- "$frozen" || true
  echo "refreeze: wrote $frozen; review and commit the diff above"
fi
