#!/usr/bin/env bash
# The chunker agrees with each checked language's independent checker
# (go/parser, Python's ast) on every file of every snapshot, or each
# difference is explained in the reviewed list. Arguments: the files of the
# chunker_agreement target (report JSON and provenance). A set with no
# checked language passes, saying which languages have no checker.
set -euo pipefail
report=""
for f in "$@"; do
  [[ $f == *.provenance.json ]] || report=$f
done
[[ -n $report ]] || { echo "FAIL: no report among the arguments" >&2; exit 1; }
# The first occurrence of a numeric field: the "total" object's (it comes
# before per_language and per_snapshot in the JSON).
field() { sed -n "s/^ *\"$1\": \([0-9]*\),\{0,1\}$/\1/p" "$report" | head -1; }
unchecked=$(tr '\n' ' ' < "$report" | sed -n 's/.*"unchecked_languages": \[\([^]]*\)\].*/\1/p' | tr -d '" ')
checked=$(sed -n 's/^ *"language": "\([a-z0-9_]*\)",\{0,1\}$/\1/p' "$report" | grep -v "^$" | sort -u | paste -sd, - || true)
checkers=$(sed -n 's/^ *"checker": "\([^0-9"][^"]*\)",\{0,1\}$/\1/p' "$report" | grep -v "^$" | sort -u | paste -sd, - || true)
if [[ -z $checked ]]; then
  echo "no language of the set has an independent checker (unchecked: ${unchecked:-none}); nothing to compare"
  exit 0
fi
snapshots=$(field snapshots)
files=$(field files)
files_agreeing=$(field files_agreeing)
fn_check=$(field functions_checker)
fn_ts=$(field functions_tree_sitter)
fn_agree=$(field functions_agreeing)
diffs=$(field differences)
unexplained=$(field unexplained)
suspects=$(field suspect_files)
unknown=$(field unknown_constructs)
echo "chunker vs the checkers of $checked ($checkers): $snapshots snapshot checks; files $files_agreeing/$files identical;" \
  "functions: $fn_agree agreeing, tree-sitter $fn_ts, checker $fn_check;" \
  "$diffs difference(s), $unexplained unexplained; $suspects suspect file(s), ${unknown:-0} of an" \
  "unknown construct; unchecked languages: ${unchecked:-none}"
if [[ -z $unexplained || -z $snapshots || $snapshots == 0 ]]; then
  echo "FAIL: cannot read the report $report" >&2
  exit 1
fi
if ((unexplained != 0)); then
  echo "FAIL: $unexplained unexplained difference(s); see $report (differences with an empty explanation)" >&2
  exit 1
fi
if ((${unknown:-0} != 0)); then
  echo "FAIL: $unknown suspect file(s) of a construct no grammar_gaps entry names; see $report" \
    "(suspects with construct \"unknown\": add the construct to the language's rules.textproto," \
    "docs/corpus.md, \"Grammar gaps\")" >&2
  exit 1
fi
