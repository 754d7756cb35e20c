#!/usr/bin/env bash
# SWE-bench records from a history (mine --format=swe-bench,
# pull_requests.h) on the polyglot fixture with crafted pull requests
# (testdata/pull_request_history.sh): the same clone and flags give the
# same bytes; both merge forms and a squash are read, a merge's base is the
# merge-base, not its first parent; patch and test_patch split by the
# languages' non-gold globs; the pull requests changing tests only, no test,
# a binary or CR LF file, or a mode only are skipped and counted; --until
# and --languages bound the walk and the labels; every patch applies to its
# base (git apply --cached in a private index); the importer turns the
# records into a task file the JSON Lines reader accepts; bad flags stop.
# Arguments: the mine and import binaries, build_fixture_history.sh, the
# polyglot fixture's history.txt, read_task_lines.py,
# testdata/pull_request_history.sh.
set -euo pipefail
mine=$(readlink -f "$1")
import=$(readlink -f "$2")
build=$3
history=$4
reader=$5
crafted=$6
work=${TEST_TMPDIR:-$(mktemp -d)}/pull_requests
rm -rf "$work"
mkdir -p "$work"
bash "$build" "$history" "$(dirname "$history")/src" "$work/poly.git" >/dev/null
bash "$crafted" "$work/poly.git" >"$work/crafted.tsv"
export POLY_GIT=$work/poly.git
id_of() { sed -n "s/^$1\t//p" "$work/crafted.tsv"; }

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# run <out> <flags...>: the miner from the runfiles root (its language folders).
run() {
  local out=$1
  shift
  "$mine" --format=swe-bench --repo=example-org/kitchen --clone_env=POLY_GIT "$@" >"$out" 2>"$out.err" ||
    { cat "$out.err" >&2; fail "mine $*"; }
}
# field <file> <line> <field>: one field of one record.
field() {
  python3 -I -S -B -c 'import json, sys
print(json.loads(open(sys.argv[1]).read().splitlines()[int(sys.argv[2]) - 1])[sys.argv[3]], end="")' "$@"
}

run "$work/a.jsonl" --languages=python,javascript --max=10
run "$work/b.jsonl" --languages=python,javascript --max=10
cmp -s "$work/a.jsonl" "$work/b.jsonl" || fail "two runs differ"
[[ "$(cut -d, -f2 "$work/a.jsonl" | tr '\n' ' ')" == '"instance_id":"example-org__kitchen-28" "instance_id":"example-org__kitchen-22" "instance_id":"example-org__kitchen-21" ' ]] ||
  { cat "$work/a.jsonl" "$work/a.jsonl.err" >&2; fail "expected #28, #22, #21, newest first"; }
grep -q "3 record(s) from 21 first-parent commit(s) read; skipped: 13 not a pull request's merge, 0 with a number seen before, 0 whose base is the root, 0 with a problem statement of fewer than 2 words, 0 with one over 64 KiB, 0 with text a task file may not hold, 1 changing tests only (empty patch), 1 changing no test (empty test_patch), 1 with CR LF lines, 1 with a binary patch, 1 with a mode-only section, 0 with 0 or more than 3 gold files" \
  "$work/a.jsonl.err" || { cat "$work/a.jsonl.err" >&2; fail "the summary"; }
# The bases: a "(#N)" merge's and a "Merge pull request" merge's merge-base
# (c12 for #21, whose first parent is the README commit), a squash's parent.
[[ "$(field "$work/a.jsonl" 1 base_commit)" == "$(id_of mode27)" ]] || fail "#28's base"
[[ "$(field "$work/a.jsonl" 2 base_commit)" == "$(id_of merge21)" ]] || fail "#22's base"
[[ "$(field "$work/a.jsonl" 3 base_commit)" == "$(id_of c12)" ]] || fail "#21's base is the merge-base"
[[ "$(field "$work/a.jsonl" 3 problem_statement)" == "$(printf 'A plural unit is not recognised\n\n"2 cups" and "3 tbsps" stay unknown.')" ]] ||
  fail "#21's problem statement: the merge's body"
[[ "$(field "$work/a.jsonl" 2 problem_statement)" == "$(printf 'Scale to whole servings\n\nA recipe for 2.5 people asked for half an egg.')" ]] ||
  fail "#22's problem statement: the title without (#22), then the body"
field "$work/a.jsonl" 3 patch | grep -q '^diff --git a/kitchen/units.py b/kitchen/units.py$' || fail "#21's patch"
if field "$work/a.jsonl" 3 patch | grep -q test_units; then fail "a test file in #21's patch"; fi
field "$work/a.jsonl" 3 test_patch | grep -q '^diff --git a/tests/test_units.py b/tests/test_units.py$' || fail "#21's test_patch"
[[ "$(field "$work/a.jsonl" 3 created_at)" == 2024-07-01T00:00:00Z ]] || fail "created_at"
# Each patch applies to its base, in a private index (the clone untouched).
for n in 1 2 3; do
  field "$work/a.jsonl" "$n" patch >"$work/p$n.diff"
  GIT_DIR=$POLY_GIT GIT_INDEX_FILE=$work/index git read-tree "$(field "$work/a.jsonl" "$n" base_commit)"
  GIT_DIR=$POLY_GIT GIT_INDEX_FILE=$work/index git apply --cached "$work/p$n.diff" || fail "record $n's patch does not apply"
done
# Python alone: #28 changes JavaScript only, so no gold file.
run "$work/py.jsonl" --languages=python --max=10
[[ $(wc -l <"$work/py.jsonl") == 2 ]] || { cat "$work/py.jsonl" >&2; fail "python alone: 2 records"; }
grep -q "2 record(s) .* 1 with 0 or more than 3 gold files" "$work/py.jsonl.err" ||
  { cat "$work/py.jsonl.err" >&2; fail "python alone: #28 has no gold file"; }
# --until: the walk starts at squash22; --max stops it.
run "$work/until.jsonl" --languages=python --max=10 "--until=$(id_of squash22)"
[[ "$(cut -d, -f2 "$work/until.jsonl" | tr '\n' ' ')" == '"instance_id":"example-org__kitchen-22" "instance_id":"example-org__kitchen-21" ' ]] ||
  { cat "$work/until.jsonl" >&2; fail "--until"; }
run "$work/max.jsonl" --languages=python,javascript --max=1
[[ $(wc -l <"$work/max.jsonl") == 1 ]] || fail "--max=1"

# The importer reads the records into a task file the JSON Lines reader accepts.
"$import" --format=swe-bench --repo=example-org/kitchen "$work/a.jsonl" "$work/tasks.jsonl" 2>"$work/import.err" ||
  { cat "$work/import.err" >&2; fail "import"; }
python3 -I -S -B "$reader" "$work/tasks.jsonl" tasks.jsonl >"$work/read.json" || fail "read_task_lines.py"
grep -q '"errors": \[\]' "$work/read.json" || { cat "$work/read.json" >&2; fail "read_task_lines.py finds errors"; }

# Bad flags stop with a message.
bad() {
  local want=$1
  shift
  if "$mine" --clone_env=POLY_GIT --languages=python --max=1 "$@" 2>"$work/err" >/dev/null; then fail "accepted: $*"; fi
  grep -qF -- "$want" "$work/err" || { cat "$work/err" >&2; fail "message of $*"; }
}
bad '--repo: expected <owner>/<name>' --format=swe-bench --repo=kitchen
bad '--repo: expected <owner>/<name>' --format=swe-bench --repo=a/b/c
bad '--merges and --grep are the task format' --format=swe-bench --repo=a/b --merges
bad '--format: expected tasks or swe-bench, found "swebench"' --format=swebench
echo "pull requests: records, skips, bases and the import as expected on the fixture"
