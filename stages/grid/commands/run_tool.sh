#!/usr/bin/env bash
# //stages/grid/by_experiment:<e>/<command> and //stages/grid/sets:<s>/summary
# (stages/grid/commands/set_command.bzl): runs the tool, the first argument, with the
# rest: the index of that one experiment or set, then the user's arguments.
# The tool finds its artifacts in this script's runfiles (RUNFILES_DIR, else
# the working directory), never in those of a process that ran `bazel run`
# (a test), whose RUNFILES_DIR it would inherit.
set -euo pipefail
if [ -d "$0.runfiles" ]; then
  export RUNFILES_DIR="$0.runfiles"
else
  unset RUNFILES_DIR
fi
exec "$@"
