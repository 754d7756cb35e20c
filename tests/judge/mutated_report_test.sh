#!/usr/bin/env bash
# The token gate must reject a judge report whose numbers drifted: change the
# fixture's top-1 cell (in the report and its token file) and one issue count
# (in the report only) and expect check_tokens to fail listing both.
set -euo pipefail
check="$1"; frozen="$2"; tokens="$3"; report="$4"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"

"$check" "$frozen" "$tokens" "$report"  # the real report passes

sed -e 's/0\.278 \[0\.083, 0\.500\] (6)/0.279 [0.083, 0.500] (6)/' \
    -e 's/| malformed_json_line | 1 |/| malformed_json_line | 0 |/' "$report" > "$tmp/judge.md"
sed -e 's/0\.278 \[0\.083, 0\.500\] (6)/0.279 [0.083, 0.500] (6)/' "$tokens" > "$tmp/judge.tokens.txt"
if "$check" "$frozen" "$tmp/judge.tokens.txt" "$tmp/judge.md" 2> "$tmp/err"; then
  echo "FAIL: check_tokens accepted a mutated judge report" >&2
  exit 1
fi
cat "$tmp/err"
grep -q "fixture/fx-listwise/top1" "$tmp/err" || { echo "FAIL: top-1 change not listed" >&2; exit 1; }
grep -q "fixture/issues/malformed_json_line" "$tmp/err" || { echo "FAIL: issue count change not listed" >&2; exit 1; }
echo "PASS: mutated judge report rejected with every difference listed"
