#!/usr/bin/env bash
# The experiments repository rule reads an experiment through protoc's
# --encode | --decode round trip and merges it over the defaults
# (text_format.bzl: canonical_text, merged_text; experiment_values.bzl:
# defaults_text). Without field presence a written `resamples: 0` or
# `seed: 0` vanished there and the default replaced it; with `optional`
# fields both survive, so the validator (stages/grid/grid_spec.h) sees them as
# written, and a field the file leaves out takes its default.
# Arguments: <protoc> <experiment.proto>
set -euo pipefail
protoc=$(readlink -f "$1")
proto=$2  # runfiles-relative: stages/experiments/experiment.proto
msg=repro.experiments.Experiment
encode() { "$protoc" --proto_path=. --encode=$msg "$proto"; }
decode() { "$protoc" --proto_path=. --decode=$msg "$proto"; }
expect() {  # <text> <line>...
  local out=$1
  shift
  for field in "$@"; do
    grep -qx "$field" <<< "$out" || { echo "FAIL: '$field' expected in:" >&2; echo "$out" >&2; exit 1; }
  done
}

out=$(printf 'name: "x"\nbootstrap { resamples: 0 seed: 0 }\n' | encode | decode)
expect "$out" "  resamples: 0" "  seed: 0"

# The merge: defaults first, the file over them.
merged=$( (printf 'bootstrap { resamples: 10000 seed: 20260704 }\n' | encode
           printf 'name: "x"\nbootstrap { resamples: 0 }\n' | encode) | decode)
expect "$merged" "  resamples: 0" "  seed: 20260704"
echo "PASS: a written 0 survives the round trip and the merge over the defaults"
