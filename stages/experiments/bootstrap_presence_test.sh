#!/usr/bin/env bash
# The experiments repository rule reads an experiment through protoc's
# --encode | --decode round trip (text_format.bzl). Without field presence a
# written `resamples: 0` or `seed: 0` vanished there and the default replaced
# it; with `optional` fields both survive, so the validator sees them as
# written (experiment_values.bzl: bootstrap_values).
# Arguments: <protoc> <experiment.proto>
set -euo pipefail
protoc=$(readlink -f "$1")
proto=$2  # runfiles-relative: stages/experiments/experiment.proto
out=$(printf 'name: "x"\nbootstrap { resamples: 0 seed: 0 }\n' \
  | "$protoc" --proto_path=. --encode=repro.experiments.Experiment "$proto" \
  | "$protoc" --proto_path=. --decode=repro.experiments.Experiment "$proto")
for field in "resamples: 0" "seed: 0"; do
  grep -qx "  $field" <<< "$out" || { echo "FAIL: '$field' lost in protoc's round trip:" >&2; echo "$out" >&2; exit 1; }
done
echo "PASS: a written 0 survives the round trip"
