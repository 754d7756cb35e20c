#!/usr/bin/env bash
# bazel run //reports:pins_refreeze -- <experiment>
#
# Rewrites data/experiments/<experiment>.pins.textproto from the dense models
# as built, for a new experiment as well as an existing one: it first runs
# `bazel sync --only=experiments` (Bazel 4.2.3 cannot see a new file in
# data/experiments by itself), then `bazel run //reports:<experiment>_pins_refreeze`,
# which shows the diff to review. Runs Bazel itself, so only through `bazel run`.
#
# The nested commands use the caller's output base (so its server and its
# build are reused: `bazel --output_base=X run ...` works on X). `bazel run`
# starts this script in its runfiles tree, <output base>/execroot/<workspace>/
# bazel-out/..., which names it.
set -euo pipefail
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || { echo "pins_refreeze: run me with 'bazel run //reports:pins_refreeze -- <experiment>'" >&2; exit 2; }
(($# == 1)) || { echo "usage: bazel run //reports:pins_refreeze -- <experiment>" >&2; exit 2; }
name=$1
[[ $name =~ ^[a-z][a-z0-9_]{0,39}$ ]] || { echo "pins_refreeze: expected an experiment name [a-z][a-z0-9_]*, found '$name'" >&2; exit 2; }
here=$(pwd -P)
output_base=${here%/execroot/*}
if [[ ${here#"$output_base"} != /execroot/*/bazel-out/* || ! -d $output_base/execroot ]]; then
  echo "pins_refreeze: cannot tell the caller's output base from the working directory $here (expected" \
    "<output base>/execroot/...): run me with 'bazel run //reports:pins_refreeze -- <experiment>'" >&2
  exit 2
fi
cd "$BUILD_WORKSPACE_DIRECTORY"
[ -f "data/experiments/$name.textproto" ] || { echo "pins_refreeze: data/experiments/$name.textproto does not exist" >&2; exit 2; }
bazel --output_base="$output_base" sync --only=experiments
exec bazel --output_base="$output_base" run "//reports:${name}_pins_refreeze"
