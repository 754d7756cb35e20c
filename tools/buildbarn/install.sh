#!/usr/bin/env bash
# Installs the Buildbarn binaries of a local remote-execution cluster
# (tools/buildbarn.sh) at pinned versions, with `go install` from the Go module
# proxy, into tools/buildbarn/bin (git- and Bazel-ignored). Skips the install
# when bin/VERSIONS already records the pinned versions.
#
#   tools/buildbarn/install.sh [--check]
#
# --check: exit 0 if the pinned binaries are installed, 3 if not; install nothing.
#
# The pins are the pair that buildbarn/bb-deployments tested together (its
# MODULE.bazel): bb-storage for bb_storage, bb-remote-execution for
# bb_scheduler, bb_worker and bb_runner (which link the bb-storage of its own
# go.mod). Both modules carry no semver tags, so these are pseudo-versions.
#
# Exit status: 0 installed; 1 error; 3 (--check) not installed; 4 the Go module
# proxy refused the pinned versions (then nothing is installed and
# tests/remote_exec skips; docs/remote_execution.md, "Status").
set -euo pipefail
cd "$(dirname "$0")"

readonly BB_STORAGE=github.com/buildbarn/bb-storage
readonly BB_STORAGE_VERSION=v0.0.0-20260609094425-10acc76a8295
readonly BB_REMOTE_EXECUTION=github.com/buildbarn/bb-remote-execution
readonly BB_REMOTE_EXECUTION_VERSION=v0.0.0-20260527162223-c48dcda5e792
readonly TOOLS=(
  "$BB_STORAGE/cmd/bb_storage@$BB_STORAGE_VERSION"
  "$BB_REMOTE_EXECUTION/cmd/bb_scheduler@$BB_REMOTE_EXECUTION_VERSION"
  "$BB_REMOTE_EXECUTION/cmd/bb_worker@$BB_REMOTE_EXECUTION_VERSION"
  "$BB_REMOTE_EXECUTION/cmd/bb_runner@$BB_REMOTE_EXECUTION_VERSION"
)
readonly BIN="$PWD/bin"

die() { echo "buildbarn/install: $*" >&2; exit 1; }

usage() {
  sed -n '7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

stamp() { printf '%s\n' "${TOOLS[@]}"; }

installed() {
  local t
  [ "$(cat "$BIN/VERSIONS" 2>/dev/null)" = "$(stamp)" ] || return 1
  for t in bb_storage bb_scheduler bb_worker bb_runner; do
    [ -x "$BIN/$t" ] || return 1
  done
}

case "${1:-}" in
  --check) [ $# -eq 1 ] || usage; installed && exit 0; exit 3 ;;
  "") ;;
  *) usage ;;
esac

if installed; then
  echo "buildbarn/install: pinned binaries already in tools/buildbarn/bin"
  exit 0
fi
command -v go >/dev/null || die "go not on PATH (tools/setup.sh installs golang-go)"
mkdir -p "$BIN"
rm -f "$BIN/VERSIONS"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for tool in "${TOOLS[@]}"; do
  echo "buildbarn/install: go install $tool"
  if ! GOBIN="$BIN" go install "$tool" > "$log" 2>&1; then
    tail -n 20 "$log" >&2
    if grep -q '403 Forbidden\|not available' "$log"; then
      echo "buildbarn/install: the Go module proxy refused $tool; remote execution is unavailable on this machine" >&2
      rmdir "$BIN" 2>/dev/null || true
      exit 4
    fi
    die "go install $tool failed"
  fi
done
stamp > "$BIN/VERSIONS"
echo "buildbarn/install: installed bb_storage, bb_scheduler, bb_worker, bb_runner into tools/buildbarn/bin"
