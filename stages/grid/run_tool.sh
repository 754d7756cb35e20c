#!/usr/bin/env bash
# //stages/grid/by_experiment:<e>/<command> and //stages/grid/sets:<s>/summary
# (stages/grid/set_command.bzl): runs the tool, the first argument, with the
# rest: the index of that one experiment or set, then the user's arguments.
set -euo pipefail
exec "$@"
