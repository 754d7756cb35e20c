#!/usr/bin/env bash
# Refreezes a report's tokens on purpose: copies the generated token file over
# the committed frozen file and shows the diff for review.
# Run through `bazel run //reports:<name>_refreeze`; args: <generated> <frozen path in workspace>.
set -euo pipefail
generated="$1"
frozen="$2"
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || { echo "refreeze: run me with 'bazel run'" >&2; exit 2; }
target="$BUILD_WORKSPACE_DIRECTORY/$frozen"
{
  echo "# Frozen tokens: <key><TAB><value>; every value must appear verbatim in the report."
  echo "# Written by 'bazel run' of the report's _refreeze target; review the diff before committing."
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
