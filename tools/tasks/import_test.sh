#!/usr/bin/env bash
# The importer's command line: a SWE-bench file becomes a task file that the
# fetch's JSON Lines reader accepts without an error; relative paths are
# taken from BUILD_WORKING_DIRECTORY; bad input and an unknown format stop
# with the file, line and field, and leave the output as it was (nothing
# partial is written); an output not named .jsonl is refused. Arguments: the
# import binary, read_task_lines.py, testdata/swe_bench.jsonl.
set -euo pipefail
import=$(readlink -f "$1")
reader=$(readlink -f "$2")
records=$(readlink -f "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}/import
rm -rf "$work"
mkdir -p "$work"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# A good file, by relative paths from the directory bazel run would start in.
cp "$records" "$work/swe_bench.jsonl"
BUILD_WORKING_DIRECTORY=$work "$import" --format=swe-bench swe_bench.jsonl tasks.jsonl \
  2>"$work/err" || { cat "$work/err" >&2; fail "import of swe_bench.jsonl"; }
grep -q '^import: 3 task(s) from 3 record(s) of swe_bench.jsonl; skipped 0 record(s) of other repositories; fields not read (records): FAIL_TO_PASS (3), PASS_TO_PASS (3), created_at (3), environment_setup_commit (3), hints_text (3), version (3)$' "$work/err" \
  || { cat "$work/err" >&2; fail "the summary on stderr"; }
[[ $(wc -l <"$work/tasks.jsonl") == 3 ]] || fail "expected 3 task lines"
python3 -I -S -B "$reader" "$work/tasks.jsonl" tasks.jsonl >"$work/read.json" || fail "read_task_lines.py"
grep -q '"errors": \[\]' "$work/read.json" || { cat "$work/read.json" >&2; fail "read_task_lines.py finds errors"; }
grep -q '"id": "example-org__runner-102"' "$work/read.json" || fail "the benchmark's id is not the task id"
! grep -q 'hints_text\|maintainer' "$work/tasks.jsonl" || fail "hints_text reached the task file"
[[ $(grep -c '"repo":"example-org/runner"' "$work/tasks.jsonl") == 3 ]] || fail "expected the record's repo on every task"

# Bad input: the output stays as it was.
cp "$work/tasks.jsonl" "$work/before.jsonl"
{ head -n 1 "$records"; echo '{"repo": "example-org/runner",'; } >"$work/bad.jsonl"
if "$import" --format=swe-bench "$work/bad.jsonl" "$work/tasks.jsonl" 2>"$work/err"; then
  fail "a file that is not JSON was imported"
fi
grep -qF "$work/bad.jsonl:2: expected JSON (a record a line), found invalid JSON" "$work/err" \
  || { cat "$work/err" >&2; fail "the message of a line that is not JSON"; }
cmp -s "$work/before.jsonl" "$work/tasks.jsonl" || fail "a failed import changed the output"
[[ ! -e $work/tasks.jsonl.tmp ]] || fail "a temporary file was left"

if "$import" --format=swebench "$records" "$work/x.jsonl" 2>"$work/err"; then
  fail "an unknown format was accepted"
fi
grep -qF -- '--format: expected one of swe-bench (SWE-bench, Lite, Verified), multi-swe-bench, swe-polybench, found "swebench"' "$work/err" \
  || { cat "$work/err" >&2; fail "the message of an unknown format"; }
if "$import" --format=swe-bench "$records" "$work/x.json" 2>"$work/err"; then
  fail "an output not named .jsonl was accepted"
fi
grep -qF "expected a name ending in .jsonl" "$work/err" || fail "the message of a bad output name"
[[ ! -e $work/x.jsonl && ! -e $work/x.json ]] || fail "a refused import wrote a file"
echo PASS
