#!/usr/bin/env bash
# Runs tests/trec/trec_parity.py on a report directory of the runfiles.
#   trec_parity_test.sh <python> <trec_parity.py> <report dir> [mutate]
# A grid report's rankings.pb is checked against its runs when the test's
# data holds //stages/grid/reports:print_rankings.
# With a 4th argument "mutate", first deletes, in a copy of the report, the
# first line of a run file whose document is relevant, and expects the check
# to fail naming that run (the parity check must notice a changed run file).
set -euo pipefail
python="$1" script="$2" report="$3" mutate="${4:-}"
[ -d "$report" ] || { echo "FAIL: no report directory $report" >&2; exit 1; }
# The rankings file's reader, when the test has it in its runfiles.
reader="stages/grid/reports/print_rankings"
if [ -x "$reader" ]; then export PRINT_RANKINGS="$PWD/$reader"; fi
if [ -z "$mutate" ]; then
  exec "$python" "$script" "$report"
fi
copy="$TEST_TMPDIR/report"
mkdir -p "$copy"
cp -L "$report"/* "$copy/"
qrels="$copy/files.qrels"
run="$copy/H000.baseline.run"
# The first run line whose (topic, docno) the qrels judge relevant.
line=$(awk 'NR == FNR { if ($4 > 0) rel[$1 " " $3] = 1; next }
            (($1 " " $3) in rel) { print FNR; exit }' "$qrels" "$run")
[ -n "$line" ] || { echo "FAIL: H000.baseline.run retrieves no relevant file to delete" >&2; exit 1; }
sed -i "${line}d" "$run"
set +e
out=$("$python" "$script" "$copy" 2>&1)
status=$?
set -e
echo "$out"
[ "$status" -ne 0 ] || { echo "FAIL: the parity check passed on a mutated run file" >&2; exit 1; }
grep -q 'H000.baseline.run' <<< "$out" || { echo "FAIL: the failure does not name the mutated run" >&2; exit 1; }
echo "PASS: deleting line $line of H000.baseline.run fails the parity check"
