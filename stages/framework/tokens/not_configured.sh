#!/usr/bin/env bash
# Stand-in for a refreeze command whose inputs cannot be built here (e.g. the
# GitLab Runner clone is not configured): the target exists under its usual
# name, says why it cannot run and how to fix that, and fails.
# Args (from the target): <message> --; it fails whatever follows.
echo "cannot refreeze: $1" >&2
exit 2
