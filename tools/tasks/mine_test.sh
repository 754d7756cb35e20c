#!/usr/bin/env bash
# The task miner on the fixture histories (built here from their scripts):
# the same clone and flags give the same bytes; the leak filter drops a
# commit whose subject names a changed file, directory or function; only the
# given languages' files can be gold; every line is a task line the JSON
# Lines reader accepts; a commit message is never read as another commit's
# record; a query with a control or directional formatting character is
# skipped and counted. Arguments: the mine binary, build_fixture_history.sh,
# the two fixtures' history.txt, read_task_lines.py,
# testdata/crafted_history.sh.
set -euo pipefail
mine=$(readlink -f "$1")
build=$2
polyglot_history=$3
e04_history=$4
reader=$5
crafted=$6
work=${TEST_TMPDIR:-$(mktemp -d)}/mine
rm -rf "$work"
mkdir -p "$work"
bash "$build" "$polyglot_history" "$(dirname "$polyglot_history")/src" "$work/poly.git" >/dev/null
bash "$build" "$e04_history" "$(dirname "$e04_history")/src" "$work/e04.git" >/dev/null
export POLY_GIT=$work/poly.git E04_GIT=$work/e04.git

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# run <out> <flags...>: the miner from the runfiles root (its language folders).
run() {
  local out=$1
  shift
  "$mine" "$@" >"$out" 2>"$out.err" || { cat "$out.err" >&2; fail "mine $*"; }
}

run "$work/a.jsonl" --clone_env=POLY_GIT --languages=python,javascript --max=10
run "$work/b.jsonl" --clone_env=POLY_GIT --languages=python,javascript --max=10
cmp -s "$work/a.jsonl" "$work/b.jsonl" || fail "two runs differ"
# c12's subject names no changed file, directory or function; the other
# fixes say "parser:", "units:", "web:", "shopping:"; c02's base is the root
# (no stale commit), c01 is the root itself.
want='{"id":"M0001","query":"Say \"2 cups\", not \"2 cup\", for amounts above one","fix_commit":"3be7ad63d6040045ef904088cf1399b7436b427b","notes":"mined by //tools/tasks:mine: the query is the commit subject, not a bug report a person wrote"}'
[[ "$(cat "$work/a.jsonl")" == "$want" ]] || { cat "$work/a.jsonl" >&2; fail "expected the one task of c12"; }
grep -q "1 by parents, 1 whose base is the root, 0 not matching --grep, 0 with a query of fewer than 2 words, 1 with 0 or more than 3 gold files, 8 naming a changed file, directory or function" \
  "$work/a.jsonl.err" || { cat "$work/a.jsonl.err" >&2; fail "the summary"; }
# Only the given languages: c12 changes a JavaScript file only.
run "$work/py.jsonl" --clone_env=POLY_GIT --languages=python --max=10
[[ ! -s "$work/py.jsonl" ]] || fail "python alone proposed a JavaScript-only fix"
# The Go fixture: every fix subject names its area ("cache:", "ssh:", ...).
run "$work/go.jsonl" --clone_env=E04_GIT --languages=go --max=10
[[ ! -s "$work/go.jsonl" ]] || fail "a Go fixture subject leaked through"
# The crafted commits of testdata/crafted_history.sh, on top of c12: a
# branch commit that edits web/src/cart.js, merged back by a two-parent
# commit; fixes whose subjects hold ESC and U+202E; a body holding a fake
# log record for c05.
bash "$crafted" "$POLY_GIT" >"$work/crafted.tsv"
crafted_id() { sed -n "s/^$1\t//p" "$work/crafted.tsv"; }
head=$(crafted_id c12)
branch=$(crafted_id branch)
merge=$(crafted_id merge)
c05=$(crafted_id c05)
# Its query is the body's first paragraph (the pull request's title), which
# --grep reads too.
run "$work/m.jsonl" --clone_env=POLY_GIT --languages=javascript --max=1 --merges --grep='^keep'
grep -q "\"query\":\"Keep the larger serving number on a second add\",\"fix_commit\":\"$merge\",\"base_commit\":\"$head\"" "$work/m.jsonl" ||
  { cat "$work/m.jsonl" "$work/m.jsonl.err" >&2; fail "the merge with its first parent as base, its title as query"; }
grep -q "the merge's first body paragraph" "$work/m.jsonl" || fail "the notes of a merge"
run "$work/nm.jsonl" --clone_env=POLY_GIT --languages=javascript --max=1
grep -q "\"fix_commit\":\"$branch\"" "$work/nm.jsonl" || { cat "$work/nm.jsonl" >&2; fail "without --merges, the branch commit"; }
# ... which is also the first task: the commits above it hold no change
# (injected) or a query a task file may not hold (escape, override): skipped
# and counted, never written.
grep -q "1 with 0 or more than 3 gold files, 0 naming a changed file, directory or function, 0 not UTF-8, 2 with a control or directional formatting character" \
  "$work/nm.jsonl.err" || { cat "$work/nm.jsonl.err" >&2; fail "the summary of ESC and U+202E"; }
# A commit message is never read as a record: the fake record for c05 in
# injected's body proposes nothing, with or without --merges.
# 17 commits (16 without the merge); the root is skipped by parents.
for merges in true:17 false:16; do
  run "$work/inj.jsonl" --clone_env=POLY_GIT --languages=python,javascript --max=10 --grep=INJECTED "--merges=${merges%:*}"
  [[ ! -s "$work/inj.jsonl" ]] || { cat "$work/inj.jsonl" >&2; fail "a task read out of a commit body (--merges=$merges)"; }
  grep -q "0 task(s) from ${merges#*:} commit(s) read; skipped: 1 by parents, 0 whose base is the root, $((${merges#*:} - 1)) not matching --grep" \
    "$work/inj.jsonl.err" || { cat "$work/inj.jsonl.err" >&2; fail "the summary (--merges=$merges)"; }
done
run "$work/all.jsonl" --clone_env=POLY_GIT --languages=python,javascript --max=10 --merges
if grep -q "$c05\|INJECTED" "$work/all.jsonl"; then cat "$work/all.jsonl" >&2; fail "c05 or the injected query proposed"; fi

# A JSON Lines task file the pipeline reads.
cat "$work/a.jsonl" "$work/all.jsonl" >"$work/both.jsonl"
python3 -I -S -B "$reader" "$work/both.jsonl" mined.jsonl >"$work/read.json" || fail "read_task_lines.py"
grep -q '"errors": \[\]' "$work/read.json" || { cat "$work/read.json" >&2; fail "read_task_lines.py finds errors"; }
# Bad flags stop with a message.
if "$mine" --clone_env=NO_SUCH_VAR --languages=go --max=1 2>"$work/err" >/dev/null; then fail "an unset variable"; fi
grep -q "expected the name of a variable holding the absolute path of a clone, found it unset" "$work/err" || fail "message"
if "$mine" --clone_env=POLY_GIT --languages=cobol --max=1 2>"$work/err" >/dev/null; then fail "an unknown language"; fi
grep -q "cobol/rules.textproto" "$work/err" || { cat "$work/err" >&2; fail "message"; }
echo "mine: deterministic, leak filter, languages and merges as expected on the fixtures"
