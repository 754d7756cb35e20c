#!/usr/bin/env bash
# The token gate must fail on a report whose numbers drifted: mutate one digit
# of nDCG@3 and one budget in copies of the W04 report, and expect check_tokens
# to exit 1 and list both differences.
set -euo pipefail
check="$1"; frozen="$2"; tokens="$3"; report="$4"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"

"$check" "$frozen" "$tokens" "$report"  # the real report passes

sed -e 's/0\.576666646/0.576666647/' -e 's/170\/180/171\/180/' "$report" > "$tmp/w04.md"
sed -e 's/0\.576666646/0.576666647/' "$tokens" > "$tmp/w04.tokens.txt"
if "$check" "$frozen" "$tmp/w04.tokens.txt" "$tmp/w04.md" 2> "$tmp/err"; then
  echo "FAIL: check_tokens accepted a mutated report" >&2
  exit 1
fi
cat "$tmp/err"
grep -q "changed: rerank.baseline.ndcg@k: frozen '0.576666646', now '0.576666647'" "$tmp/err"
grep -q "not in report: pack.baseline.cost = '170/180'" "$tmp/err"
echo "PASS: mutated report rejected with every difference listed"
