#!/usr/bin/env bash
# A set's figures in an experiment over several task sets are the figures an
# experiment of that set alone gives: every "set.swe_fixture_runner.<key>"
# token of //reports:swe_fixture equals "<key>" of //reports:e04_fixture_patch
# (the same three tasks, history, harnesses, seed; keys of conditions that
# e04_fixture_patch does not run, S003, are not compared). Arguments: the
# outputs of the two aggregate stages.
set -euo pipefail
tokens_of() {  # tokens_of <experiment> <file>...: the report.tokens.txt of that experiment
  local name=$1
  shift
  for f in "$@"; do
    case "$f" in */"$name"/report.tokens.txt) echo "$f"; return ;; esac
  done
  echo "no report.tokens.txt of $name among the arguments" >&2
  exit 1
}
many=$(tokens_of swe_fixture "$@")
one=$(tokens_of e04_fixture_patch "$@")
result=$(awk -F'\t' '
  FNR == NR { if (sub(/^set\.swe_fixture_runner\./, "", $1) && $1 != "tasks") per_set[$1] = $2; next }
  { one[$1] = $2 }
  END {
    for (k in per_set) {
      if (!(k in one)) { if (k !~ /\.S003\./) { print "missing " k; bad++ } continue }
      compared++
      if (per_set[k] != one[k]) { print k ": " per_set[k] " (per set) != " one[k] " (one set)"; bad++ }
    }
    print compared " compared"
    exit bad > 0
  }' "$many" "$one") || { echo "$result" >&2; exit 1; }
echo "$result"
[[ $(echo "$result" | tail -1 | cut -d' ' -f1) -ge 20 ]] || { echo "too few keys compared" >&2; exit 1; }
