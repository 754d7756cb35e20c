#!/usr/bin/env bash
# Report artifacts must be machine independent: no absolute paths, user or
# output-base directories, host names or times. Args: report files.
set -euo pipefail
status=0
for f in "$@"; do
  if grep -nE '(^|[^A-Za-z0-9_.])/(work|tmp|root|home|Users|var/folders)/|_bazel_|bazel-out/k8|execroot' "$f"; then
    echo "FAIL: $f contains a machine path (lines above)" >&2
    status=1
  fi
  if grep -nE '20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:' "$f"; then
    echo "FAIL: $f contains a timestamp (lines above)" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "PASS: $# report files are free of machine paths and times"
exit "$status"
