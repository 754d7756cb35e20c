#!/usr/bin/env bash
# The command line of tests/trec/trec_parity.py (see BUILD, usage_test).
#   trec_parity_usage_test.sh <python> <trec_parity.py> <a grid report dir>
set -euo pipefail
python="$1" script="$2" report="$3"

# expect_error <expected part of the last line> <arguments...>
expect_error() {
  local want="$1" out status
  shift
  set +e
  out=$("$python" "$script" "$@" 2>&1)
  status=$?
  set -e
  [ "$status" -ne 0 ] || { echo "FAIL: trec_parity.py $* passed" >&2; exit 1; }
  grep -qF -- "$want" <<< "$out" || { echo "$out" >&2; echo "FAIL: trec_parity.py $*: expected '$want'" >&2; exit 1; }
  echo "ok: trec_parity.py $*: $(grep -F -- "$want" <<< "$out" | head -1)"
}

expect_error "expected one argument, the report directory, found 2: e04 $report" e04 "$report"
expect_error "expected one argument, the report directory, found 2: cobra $report" cobra "$report"
expect_error "expected one argument, the report directory, found 0: (none)"
expect_error "no/such/dir: not a directory (build the report first)" no/such/dir
mkdir -p "$TEST_TMPDIR/empty"
expect_error "expected a report directory holding exactly one of pool.json, report.json, w04.json, found neither" "$TEST_TMPDIR/empty"
"$python" "$script" "$report" > "$TEST_TMPDIR/out.txt"
echo "ok: trec_parity.py $report: $(tail -1 "$TEST_TMPDIR/out.txt")"
echo "PASS: the report directory alone is the command line; every other one is named"
