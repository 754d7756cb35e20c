#!/usr/bin/env bash
# A root commit in a task set's history, on the real fixture history (its
# first commit, c01-import, is a root) rather than a hand-made index:
#  - extract_history.sh writes the root's index line with no parent field
#    (once "<id>\tpresent\t": every stage then stopped with "index.tsv:
#    line 1: expected a 40-hex parent id, found \"\"");
#  - the validate_tasks stage reads that index and names the root in the
#    task's terms: a fix whose parent is the root has no stale corpus, and a
#    fix that is the root has no parent at all.
# Arguments: <build_fixture_history.sh> <extract_history.sh> <history.txt> <validate_tasks_stage>
set -uo pipefail
build=$1 extract=$2 history=$3 validate=$4
src=$(dirname "$history")/src
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0

bash "$build" "$history" "$src" "$work/h.git" >"$work/ids.tsv" || exit 1
id() { sed -n "s/^$1\t//p" "$work/ids.tsv"; }
root=$(id c01-import)
child=$(id c02-ssh-keepalive)
printf 'extension\t.go\ncommit\t%s\ncommit\t%s\nsnapshot\t%s\tR02.base_commit\n' "$root" "$child" "$root" >"$work/requests.tsv"
bash "$extract" "$work/h.git" "$work/requests.tsv" "$work/out" || exit 1
if ! grep -qx "$root	present" "$work/out/index.tsv"; then
  echo "FAIL: the root's index line is not '<id><TAB>present':"
  grep "^$root" "$work/out/index.tsv" | cat -A
  failures=$((failures + 1))
else
  echo "ok: the root's index line has no parent field"
fi
grep -qx "$child	present	$root" "$work/out/index.tsv" || { echo "FAIL: c02's parent is not the root"; failures=$((failures + 1)); }

# expect_task_error <task id> <fix commit> <expected message part>
expect_task_error() {
  local id=$1 fix=$2 want=$3
  printf 'tasks {\n  id: "%s"\n  query: "q"\n  fix_commit: "%s"\n}\n' "$id" "$fix" >"$work/$id.textproto"
  printf 'input\tspec\t%s\ninput\tindex\t%s\ninput\ttree/%s\t%s\noutput\ttask_set.pb\t%s\n' \
    "$work/$id.textproto" "$work/out/index.tsv" "$root" "$work/out/commits/$root/tree.z" "$work/$id.pb" >"$work/$id.manifest"
  if "$validate" --stage=test --stage_version=1 --label=//tests/corpus:root_commit \
    --tool_binary="$validate" --manifest="$work/$id.manifest" --provenance="$work/$id.prov.json" \
    --history_source=clone --clone_env=H --history_repository=r 2>"$work/$id.err"; then
    echo "FAIL: task $id (fix $fix) was accepted"
    failures=$((failures + 1))
  elif ! grep -qF -- "$want" "$work/$id.err"; then
    echo "FAIL: task $id: expected in the error: $want"
    sed 's/^/    | /' "$work/$id.err"
    failures=$((failures + 1))
  else
    echo "ok: task $id: $(grep -F -- "$want" "$work/$id.err" | head -1)"
  fi
}
expect_task_error R02 "$child" "base_commit $root is a root commit: it has no parent to be the stale corpus"
expect_task_error R01 "$root" "commit $root has 0 parents; without an explicit base_commit the protocol needs a one-parent fix"
((failures == 0))
