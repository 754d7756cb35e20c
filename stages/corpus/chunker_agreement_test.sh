#!/usr/bin/env bash
# The chunker agrees with go/parser on every file of every snapshot, or each
# difference is explained in the reviewed list. Arguments: the files of the
# chunker_agreement target (report JSON and provenance).
set -euo pipefail
report=""
for f in "$@"; do
  [[ $f == *.provenance.json ]] || report=$f
done
field() { sed -n "s/^ *\"$1\": \([0-9]*\),\{0,1\}$/\1/p" "$report" | head -1; }
snapshots=$(field snapshots)
files=$(field files)
files_agreeing=$(field files_agreeing)
fn_go=$(field functions_go_parser)
fn_ts=$(field functions_tree_sitter)
fn_agree=$(field functions_agreeing)
diffs=$(field differences)
unexplained=$(field unexplained)
echo "chunker vs go/parser: $snapshots snapshots; files $files_agreeing/$files identical;" \
  "functions: $fn_agree agreeing, tree-sitter $fn_ts, go/parser $fn_go;" \
  "$diffs difference(s), $unexplained unexplained"
if [[ -z $unexplained || -z $snapshots || $snapshots == 0 ]]; then
  echo "FAIL: cannot read the report $report" >&2
  exit 1
fi
if ((unexplained != 0)); then
  echo "FAIL: $unexplained unexplained difference(s); see $report (differences with an empty explanation)" >&2
  exit 1
fi
