#!/usr/bin/env bash
# bazel run //reports:<set>_tasks_refreeze
#
# Writes the task lock of a task set (<tasks stem>.lock.textproto beside its
# task file) from what the pipeline derives (the set's derived_lock stage:
# base and stale commits, gold files, gold functions, gold_in_stale, the LSA
# training commit), after printing the review table, then shows the diff
# (stages/framework/tokens/refreeze.sh writes the file). Review, then commit.
#
# Args (from the target): <set> <lock path> <refreeze.sh> new|existing
# <derived_lock outputs>... -- (task_lock.textproto and task_lock_review.md
# are taken from them by name). When the lock did not exist when the set's
# history repository was fetched, it says to run
# `bazel sync --only=<set>_history` once, so that builds see the lock (Bazel
# 4.2.3 holds the output base's lock while `bazel run` runs this script, so
# it cannot run Bazel itself).
set -euo pipefail
die() { echo "tasks_refreeze: $*" >&2; exit 2; }
(($# >= 5)) || die "internal: expected <set> <lock> <refreeze.sh> new|existing <outputs>... --"
set_name=$1 lock=$2 refreeze=$3 state=$4
shift 4
derived="" review=""
while (($#)) && [[ $1 != -- ]]; do
  case $(basename "$1") in
    task_lock.textproto) derived=$1 ;;
    task_lock_review.md) review=$1 ;;
  esac
  shift
done
(($# == 1)) || die "this command takes no arguments (run me with 'bazel run //reports:${set_name}_tasks_refreeze')"
[[ -n $derived && -n $review ]] || die "internal: the derived_lock outputs are not among the arguments"
[[ $set_name =~ ^[a-z][a-z0-9_]{0,39}$ ]] || die "internal: bad set name '$set_name'"
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || die "run me with 'bazel run //reports:${set_name}_tasks_refreeze'"
cat "$review"
echo
bash "$refreeze" "$lock" "$derived" --
[[ $state == new ]] || exit 0
echo "tasks_refreeze: $lock is new: run 'bazel sync --only=${set_name}_history' once, so that builds read it"
