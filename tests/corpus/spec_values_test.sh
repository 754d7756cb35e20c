#!/usr/bin/env bash
# Prints the case lines computed at loading time by spec_values_test.bzl and
# fails when any failed. Arguments: <number failed> <line>...
failed=$1
shift
printf '%s\n' "$@"
echo "spec_values: $(($# - failed)) passed, $failed failed"
[[ $failed == 0 ]]
