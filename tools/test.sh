#!/usr/bin/env bash
# The project's test command (README, second line; .ci/run runs it): the lint
# gate (tools/lint/check.sh), then `bazel test` of every target.
#
#   tools/test.sh [bazel test arguments...]    default: //...
#
# The one addition to a plain `bazel test //...`: --disk_cache names the disk
# cache of the nested-Bazel tests, <output base>/nested_disk_cache
# (tests/remote_cache/nested_bazel.sh). The outer build leaves its compiles
# there before the nested tests run (they are exclusive, so they run last), and
# their builds, which need the same objects, compile none of them again. The
# cache is in the output base: nothing is written outside it or the workspace,
# and `bazel clean --expunge` removes it. The nested tests that must run cold
# (remote execution, the fuzz build, verify) read no disk cache; the
# cross-machine test keeps its stage actions cold with its own salt
# (docs/ci.md).
#
# Exit status: the lint gate's when it fails, else bazel test's.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/lint/check.sh || { echo "tools/test.sh: the lint gate failed (fix: tools/lint/check.sh --fix)" >&2; exit 1; }
output_base=$(bazel info output_base)
[ -d "$output_base" ] || { echo "tools/test.sh: bazel info output_base gave '$output_base'" >&2; exit 1; }
if (($# == 0)); then set -- //...; fi
exec bazel test --disk_cache="$output_base/nested_disk_cache" "$@"
