#!/usr/bin/env bash
# The lineage of W04 numbers on the real //reports:w04 (see BUILD).
set -euo pipefail
lineage="$1"
report="reports/w04"
out="${TEST_TMPDIR:-$(mktemp -d)}/out.txt"

expect() {  # expect <pattern>: the last output holds this line (fixed string)
  grep -qF -- "$1" "$out" || { echo "FAIL: missing: $1" >&2; cat "$out" >&2; exit 1; }
}

# nDCG@3 of the baseline: computed by w04_rerank from the authored case, carried
# by w04_report into the Markdown, the JSON and the token file.
"$lineage" --workspace="$PWD" "$report" 0.576666646 > "$out"
cat "$out"
expect "rerank.json     \$.baseline.ndcg = 0.57666664551443869  (0.57666664551443869 rounds to 0.576666646)"
expect "w04.md          line 29: | nDCG@3 | 0.576666646 |"
expect "w04.tokens.txt  token rerank.baseline.ndcg@k = 0.576666646"
expect "computed by //stages/studies/w04:w04_rerank from its inputs (authored inputs: data/w04/rerank.textproto; no input holds the value)"
expect "carried by  //stages/studies/w04:w04_report from stages/studies/w04/rerank.json"
expect "  input   * rerank/rerank.json  stages/studies/w04/rerank.json  sha256 "
expect "  input     case  data/w04/rerank.textproto  sha256 "
expect "  (matches the workspace)"
expect "version_hash (5): 41a0c1e2, 73b2e40a, f02d91c8 and 2 more"
# The path is upstream-first: w04_rerank before w04_report.
[ "$(grep -n 'computed by //stages/studies/w04:w04_rerank' "$out" | cut -d: -f1)" -lt \
  "$(grep -n 'carried by  //stages/studies/w04:w04_report' "$out" | cut -d: -f1)" ]
# Every sha256 printed for the source is the one the stage recorded.
recorded=$(sha256sum data/w04/rerank.textproto | cut -d' ' -f1)
expect "data/w04/rerank.textproto  sha256 $recorded"

# A token key stands for its value.
"$lineage" --workspace="$PWD" "$report" rerank.baseline.ndcg@k > "$out"
expect "token rerank.baseline.ndcg@k = 0.576666646 (w04.tokens.txt): tracing 0.576666646"
expect "computed by //stages/studies/w04:w04_rerank"

# The budget is authored: taken by w04_pack from packing.textproto.
"$lineage" --workspace="$PWD" "$report" 180 > "$out"
expect "taken by    //stages/studies/w04:w04_pack from the source data/w04/packing.textproto (the value is written there)"
expect "carried by  //stages/studies/w04:w04_report from stages/studies/w04/packing.json"

# A formatted value: the report stage wrote "170/180"; each number has its own path.
"$lineage" --workspace="$PWD" "$report" pack.baseline.cost > "$out"
expect "computed by //stages/studies/w04:w04_report from its inputs (authored inputs: data/w04/report.textproto; no input holds the value)"
expect "  170  (in 5 artifacts)"
expect "    computed by //stages/studies/w04:w04_pack from its inputs (authored inputs: data/w04/packing.textproto; no input holds the value)"
expect "    taken by    //stages/studies/w04:w04_pack from the source data/w04/packing.textproto (the value is written there)"

# --all lists every input of every upstream stage.
"$lineage" --workspace="$PWD" --all "$report" 0.576666646 > "$out"
expect "//stages/studies/w04:w04_pack  stage w04_pack, version 1"
expect "  input     text  data/w04/report.textproto  sha256 "

# The lineage.json itself is accepted, and a value in no artifact is an error.
"$lineage" --workspace="$PWD" "$report/lineage.json" 0.423333354 > "$out"
expect "computed by //stages/studies/w04:w04_rerank"
if "$lineage" "$report" 0.999999 > "$out" 2>&1; then
  echo "FAIL: a value in no artifact was accepted" >&2
  exit 1
fi
expect "0.999999 appears in none of the 9 artifacts of //reports:w04"
echo "PASS"
