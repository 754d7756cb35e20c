#!/usr/bin/env bash
# Copies a freshly built snapshot_hashes.tsv over the frozen one in the
# workspace (run with `bazel run`; review the diff before committing).
# Arguments: the workspace-relative path of the frozen file, then the files
# of the snapshot_hashes target.
set -euo pipefail
dest=$1
shift
for f in "$@"; do
  [[ $f == *.provenance.json ]] || built=$f
done
: "${BUILD_WORKSPACE_DIRECTORY:?run me with bazel run}"
cp "$built" "$BUILD_WORKSPACE_DIRECTORY/$dest"
chmod 644 "$BUILD_WORKSPACE_DIRECTORY/$dest"
echo "froze $(($(wc -l <"$built") - 1)) snapshot hashes into $dest; review with git diff"
