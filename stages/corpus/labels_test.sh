#!/usr/bin/env bash
# Every task's labels were derived and equal the expected ones: the labels
# stage fails the build otherwise, so this test only has to find a non-empty
# Labels artifact for every task of the summary index (argument 1).
set -euo pipefail
index=$1
n=0
# The labels artifacts of the index (an ArtifactIndex text proto, one
# artifact a line: stages/corpus/index/artifact_index.bzl); tasks and
# runfiles paths hold no double quote.
while IFS=$'\t' read -r task labels; do
  if [[ ! -s $labels ]]; then
    echo "FAIL: task $task: no labels artifact ($labels)" >&2
    exit 1
  fi
  n=$((n + 1))
done < <(sed -n 's/^artifacts { task: "\([^"]*\)" role: "labels" path: "\([^"]*\)" }$/\1\t\2/p' "$index")
if ((n == 0)); then
  echo "FAIL: no task in $index" >&2
  exit 1
fi
echo "labels of $n task(s) derived from the fix diffs and equal to the expected labels"
