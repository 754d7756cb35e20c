#!/usr/bin/env bash
# data/swe_py/records.jsonl (docs/tasks.md, "data/swe_py/records.jsonl"),
# without any clone: 10 records of each of pytest, requests and flask, one
# repository after another; each repository's records import
# (//tools/tasks:import --repo) into a task file the JSON Lines reader
# accepts, every task id the benchmark's. Arguments: the import binary,
# read_task_lines.py, the records file.
set -euo pipefail
import=$(readlink -f "$1")
reader=$(readlink -f "$2")
records=$(readlink -f "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}/swe_py
rm -rf "$work"
mkdir -p "$work"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

want=$(printf 'pytest-dev/pytest 10\npsf/requests 10\npallets/flask 10')
[[ "$(sed 's/^{"repo":"\([^"]*\)".*/\1/' "$records" | uniq -c | awk '{print $2, $1}')" == "$want" ]] ||
  fail "expected 10 records of pytest, then of requests, then of flask"
for repo in pytest-dev/pytest psf/requests pallets/flask; do
  out=$work/${repo/\//__}.jsonl
  "$import" --format=swe-bench "--repo=$repo" "$records" "$out" 2>"$out.err" || { cat "$out.err" >&2; fail "import $repo"; }
  grep -q "^import: 10 task(s) from 30 record(s)" "$out.err" || { cat "$out.err" >&2; fail "$repo: 10 tasks"; }
  python3 -I -S -B "$reader" "$out" tasks.jsonl >"$out.read" || fail "read_task_lines.py on $repo's tasks"
  grep -q '"errors": \[\]' "$out.read" || { cat "$out.read" >&2; fail "read_task_lines.py finds errors in $repo's tasks"; }
  [[ $(grep -c "^{\"id\":\"${repo/\//__}-[0-9]*\"" "$out") == 10 ]] || { head -c 300 "$out" >&2; fail "$repo: the ids"; }
done
echo "swe_py records: 3 x 10, each repository's import read back"
