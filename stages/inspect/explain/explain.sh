#!/usr/bin/env bash
# `bazel run //tools/explain -- ...`: what moved between two runs of a report,
# and why (docs/explain.md).
#   <old> <new> [--json | --html]   explain_tool on two report directories,
#                                     labels or state files
#   --since=<rev> //reports:<name> [--json | --html]
#                                     since.sh: that revision's report against
#                                     the workspace's
set -euo pipefail
runfiles="${RUNFILES_DIR:-$0.runfiles}/retrieval_repro/stages/inspect/explain"
for a in "$@"; do
  if [[ $a == --since=* ]]; then exec "$runfiles/since.sh" "$runfiles/explain_tool" "$@"; fi
done
exec "$runfiles/explain_tool" "$@"
