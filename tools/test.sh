#!/usr/bin/env bash
# The project's test command (README, second line; .ci/run runs it): the lint
# gate (tools/lint/check.sh), then `bazel test` of every target.
#
#   tools/test.sh [bazel test arguments...]    default: //...
#   tools/test.sh --build-only [bazel build arguments...]
#                 builds what `bazel test` would (same flags, no lint, no test
#                 run): .ci/run builds while the optional set-up installs.
#
# The one addition to a plain `bazel test //...`: --disk_cache names the disk
# cache of the nested-Bazel tests, <output base>/nested_disk_cache
# (tests/remote_cache/nested_bazel.sh). The outer build leaves its compiles
# and stage results there before the nested tests run (a nested test lists
# what it builds as data, so Bazel builds that first), and their builds, which
# need the same objects, compile none of them again. The
# cache is in the output base: nothing is written outside it or the workspace,
# and `bazel clean --expunge` removes it. The nested tests that must run cold
# (remote execution, the fuzz build, verify) read no disk cache; the
# cross-machine test keeps its stage actions cold with its own salt
# (docs/ci.md).
#
# Exit status: the lint gate's when it fails, else bazel test's.
set -euo pipefail
cd "$(dirname "$0")/.."

command="test"
if [ "${1:-}" = --build-only ]; then
  command=build
  shift
else
  tools/lint/check.sh || { echo "tools/test.sh: the lint gate failed (fix: tools/lint/check.sh --fix)" >&2; exit 1; }
fi
output_base=$(bazel info output_base)
[ -d "$output_base" ] || { echo "tools/test.sh: bazel info output_base gave '$output_base'" >&2; exit 1; }
# The shared cache is emptied here, before any nested test can be using it,
# when it outgrows 4 GiB (NB_DISK_CACHE_MAX_MB).
disk_cache="$output_base/nested_disk_cache"
if [ -d "$disk_cache" ] && [ "$(du -sm "$disk_cache" | cut -f1)" -gt "${NB_DISK_CACHE_MAX_MB:-4096}" ]; then
  echo "tools/test.sh: emptying the nested tests' disk cache $disk_cache (over ${NB_DISK_CACHE_MAX_MB:-4096} MB)"
  rm -rf "$disk_cache"
fi
if (($# == 0)); then set -- //...; fi
exec bazel "$command" --disk_cache="$disk_cache" "$@"
