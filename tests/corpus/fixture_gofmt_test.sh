#!/usr/bin/env bash
# Every Go file of the fixture code base is gofmt-clean. Arguments: the files.
set -euo pipefail
command -v gofmt >/dev/null || { echo "FAIL: gofmt not found (install golang-go: tools/setup.sh)"; exit 1; }
bad=$(gofmt -l "$@")
if [[ -n $bad ]]; then
  echo "FAIL: not gofmt-clean:"
  echo "$bad"
  exit 1
fi
echo "$# fixture Go files are gofmt-clean"
