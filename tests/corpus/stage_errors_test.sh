#!/usr/bin/env bash
# Stop conditions of the corpus stages, end to end on the fixture:
#  - labels: expected labels that differ from the derived ones stop the
#    labels stage, listing every difference; so does a diff of other commits
#    than the task's base and fix, and a fix that leaves no gold file;
#  - snapshot: a commit missing from the clone stops the snapshot stage,
#    naming the tasks and fields that use it and the remedy.
# Arguments: <validate_tasks_stage> <labels_stage> <snapshot_stage> <spec>
#   <index.tsv> <diff status> <name_status.z> <u0.diff> <F01 base chunks files>
#   <F01 stale manifest files> <F01 base snapshot files>
#   [--chain <commit> <snapshot files> <chunks files>]... -- <base trees...>
#   (the chain: the commits F01's base corpus is stored against,
#   stages/corpus/stored_corpus.h)
set -uo pipefail
validate=$1 labels=$2 snapshot=$3 spec=$4 index=$5 dstatus=$6 ns=$7 diff=$8
pick() { for f in $1; do [[ $f == *.provenance.json ]] || echo "$f"; done; }
chunks=$(pick "$9")
# Go's rules (the fixture is Go), a data file in the runfiles root.
go_rules=$(readlink -f stages/corpus/languages/go/rules.textproto)
stale=$(pick "${10}")
base_snapshot=$(pick "${11}")
shift 11
chain_lines=""
while [[ $1 == --chain ]]; do
  chain_lines+=$(printf 'input\tsnapshot@%s\t%s\ninput\tchunks@%s\t%s\n' "$2" "$(pick "$3")" "$2" "$(pick "$4")")
  chain_lines+=$'\n'
  shift 4
done
shift  # --
trees=("$@")
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0

stage() {  # stage <tool> <manifest> [flags...]
  local tool=$1 m=$2
  shift 2
  "$tool" --stage=test --stage_version=1 --label=//tests/corpus:stage_errors \
    --tool_binary="$tool" --manifest="$m" --provenance="$work/prov.json" "$@" 2>"$work/err"
}

expect_in_err() {
  for want in "$@"; do
    if ! grep -qF -- "$want" "$work/err"; then
      echo "FAIL: expected in the error: $want"
      sed 's/^/    | /' "$work/err"
      failures=$((failures + 1))
      return 1
    fi
  done
}

# labels_manifest <diff status> <name_status.z> <u0.diff>: the labels stage's
# manifest for F01 of the validated spec, with the given diff files.
labels_manifest() {
  printf 'input\ttasks\t%s\ninput\tdiff_status\t%s\ninput\tname_status\t%s\ninput\tdiff\t%s\ninput\tbase_chunks\t%s\ninput\tbase_snapshot\t%s\ninput\tstale_manifest\t%s\ninput\trules/go\t%s\noutput\tF01.labels.pb\t%s\n' \
    "$work/task_set.pb" "$1" "$2" "$3" "$chunks" "$base_snapshot" "$stale" "$go_rules" "$work/F01.labels.pb"
  printf '%s' "$chain_lines"
}

# A spec whose F01 labels are wrong in two ways.
sed -e 's/base_end_line: 38/base_end_line: 39/' \
  -e '0,/exists: true/s//exists: false/' "$spec" >"$work/wrong.textproto"
{
  printf 'input\tspec\t%s\ninput\tindex\t%s\n' "$work/wrong.textproto" "$index"
  for t in "${trees[@]}"; do
    c=${t%/tree.z}
    printf 'input\ttree/%s\t%s\n' "${c##*/}" "$t"
  done
  printf 'output\ttask_set.pb\t%s\n' "$work/task_set.pb"
} >"$work/m1"
if ! stage "$validate" "$work/m1" --history_source=clone --clone_env=H --history_repository=r; then
  echo "FAIL: the wrong labels should still validate:"
  cat "$work/err"
  exit 1
fi
labels_manifest "$dstatus" "$ns" "$diff" >"$work/m2"
if stage "$labels" "$work/m2" --task=F01 --history_source=clone --clone_env=H --history_repository=r; then
  echo "FAIL: the labels stage accepted wrong expected labels"
  failures=$((failures + 1))
elif expect_in_err "differ from the expected labels the task file writes (3 difference(s))" \
  "gold function expected, not derived: internal/cache/key.go sanitizeKey [32-39]" \
  "gold function derived, not expected: internal/cache/key.go sanitizeKey [32-38]" \
  "gold_in_stale of internal/cache/key.go: expected false, derived true"; then
  [[ -e $work/F01.labels.pb ]] && { echo "FAIL: labels written despite the mismatch"; failures=$((failures + 1)); }
  echo "ok: a label mismatch stops the labels stage and lists the differences"
fi

# The diff of other commits than the task's (a task file read two ways once
# gave the lock one fix and the labels another): the labels stage refuses it.
# The wrong spec above validated to task_set.pb; F01's own diff, copied under
# the directory of another pair of commits.
other="$work/diffs/$(printf '%040d' 1)_$(printf '%040d' 2)"
mkdir -p "$other"
cp "$dstatus" "$other/status"
cp "$ns" "$other/name_status.z"
cp "$diff" "$other/u0.diff"
labels_manifest "$other/status" "$other/name_status.z" "$other/u0.diff" >"$work/m4"
if stage "$labels" "$work/m4" --task=F01 --history_source=clone --clone_env=H --history_repository=r; then
  echo "FAIL: the labels stage read the diff of other commits than the task's"
  failures=$((failures + 1))
elif expect_in_err "task F01: the diff read, $other/status, is not the diff of its base_commit" \
  "(expected a file under diffs/"; then
  echo "ok: a diff of other commits than the task's stops the labels stage"
fi

# A fix that only renames files has no gold file: the labels stage stops on
# it, naming where the task is written, the field and what the fix changed
# (once it passed the lock and every cell failed much later).
pair=$(basename "$(dirname "$dstatus")")
renames="$work/renames/diffs/$pair"
mkdir -p "$renames"
cp "$dstatus" "$renames/status"
printf 'R100\0internal/cache/key.go\0internal/cache/keys.go\0R097\0a.go\0b.go\0M\0internal/cache/key_test.go\0' >"$renames/name_status.z"
: >"$renames/u0.diff"
labels_manifest "$renames/status" "$renames/name_status.z" "$renames/u0.diff" >"$work/m5"
if stage "$labels" "$work/m5" --task=F01 --task_where=data/x/tasks.jsonl:3 --history_source=clone --clone_env=H --history_repository=r; then
  echo "FAIL: the labels stage accepted a fix without a gold file"
  failures=$((failures + 1))
elif expect_in_err "data/x/tasks.jsonl:3: task F01, field fix_commit: the fix changes no indexed source line (2 files renamed, 1 file changed outside the indexed sources (tests, vendored, generated or other-language files), 0 indexed source lines changed)" \
  "give the commit that changes the code as fix_commit, or remove the task"; then
  echo "ok: a fix without a gold file stops the labels stage, naming the task file, the task and the field"
fi

printf 'missing\tF09.base_commit,F10.stale_commit\n' >"$work/status"
: >"$work/empty"
printf 'input\tstatus\t%s\ninput\ttree\t%s\ninput\tblobs\t%s\ninput\trules/go\t%s\noutput\tx.snapshot.pb\t%s\n' \
  "$work/status" "$work/empty" "$work/empty" "$go_rules" "$work/x.snapshot.pb" >"$work/m3"
c=0123456789abcdef0123456789abcdef01234567
if stage "$snapshot" "$work/m3" --repository=fixture --commit=$c \
  --history_source=fixture --fixture_history=f --task_file=t; then
  echo "FAIL: the snapshot stage accepted a missing commit"
  failures=$((failures + 1))
elif expect_in_err "task F09, field base_commit; task F10, field stale_commit: commit $c is not in the fixture history built from f; fix the commit id in t (the ids are listed in the repository's fixture_commits.tsv)"; then
  echo "ok: a commit missing from the clone stops the snapshot stage, naming task, field and commit"
fi
((failures == 0))
