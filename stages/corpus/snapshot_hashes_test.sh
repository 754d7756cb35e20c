#!/usr/bin/env bash
# The snapshot hashes built now equal the frozen ones (committed). Arguments:
# the frozen TSV, then the files of the snapshot_hashes target.
set -euo pipefail
frozen=$1
shift
built=""
for f in "$@"; do
  [[ $f == *.provenance.json ]] || built=$f
done
if ! diff -u "$frozen" "$built"; then
  echo "FAIL: snapshot hashes differ from the frozen $frozen (- frozen, + built)." >&2
  echo "If the change is intended, refreeze: bazel run ${TEST_TARGET%:*}:freeze_snapshot_hashes" >&2
  exit 1
fi
echo "$(($(wc -l <"$built") - 1)) snapshot hashes equal the frozen ones"
