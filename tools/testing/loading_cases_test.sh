#!/usr/bin/env bash
# Prints the case lines that loading_cases_test (loading_cases.bzl) computed
# when its package loaded, and fails when any case failed.
# Arguments: <name> <number failed> <line>...
name=$1
failed=$2
shift 2
printf '%s\n' "$@"
echo "$name: $(($# - failed)) passed, $failed failed"
[[ $failed == 0 ]]
