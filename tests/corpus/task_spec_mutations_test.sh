#!/usr/bin/env bash
# Bad task specs give clear errors naming the task and the field: mutated
# copies of the fixture spec run through the real validate_tasks stage tool
# against the fixture history (index.tsv and the base trees).
#
# Arguments: <validate_tasks_stage> <tasks.textproto> <index.tsv> <tree.z>...
set -uo pipefail
tool=$1
spec=$2
index=$3
shift 3
trees=("$@")
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0

# Runs the stage on spec file $1 with index $2; stderr in $work/err.
run_stage() {
  local s=$1 idx=$2 m="$work/manifest"
  {
    printf 'input\tspec\t%s\n' "$s"
    printf 'input\tindex\t%s\n' "$idx"
    for t in "${trees[@]}"; do
      local c=${t%/tree.z}
      c=${c##*/}
      printf 'input\ttree/%s\t%s\n' "$c" "$t"
    done
    printf 'output\ttask_set.pb\t%s\n' "$work/task_set.pb"
  } >"$m"
  rm -f "$work/task_set.pb"
  "$tool" --stage=task_set --stage_version=1 --label=//tests/corpus:mutation \
    --tool_binary="$tool" --manifest="$m" --provenance="$work/prov.json" \
    --history_source=fixture --fixture_history=f --task_file=t 2>"$work/err"
}

# expect_error <name> <mutated spec> <index> <expected substring>...
expect_error() {
  local name=$1 s=$2 idx=$3
  shift 3
  if run_stage "$s" "$idx"; then
    echo "FAIL [$name]: the stage accepted the mutated spec"
    failures=$((failures + 1))
    return
  fi
  if [[ -e $work/task_set.pb ]]; then
    echo "FAIL [$name]: a task set was written despite the error"
    failures=$((failures + 1))
  fi
  for want in "$@"; do
    if ! grep -qF -- "$want" "$work/err"; then
      echo "FAIL [$name]: expected in the error: $want"
      sed 's/^/    | /' "$work/err"
      failures=$((failures + 1))
      return
    fi
  done
  echo "ok   [$name]: $(grep -F -- "$1" "$work/err" | head -1 | sed "s|$work/||" | cut -c1-200)"
}

mutate() {  # mutate <out> <sed program>
  sed -e "$2" "$spec" >"$1"
}

if ! run_stage "$spec" "$index"; then
  echo "FAIL: the unmutated fixture spec is rejected:"
  cat "$work/err"
  exit 1
fi
echo "ok   [unmutated]: the fixture spec validates"

unknown=0123456789abcdef0123456789abcdef01234567

mutate "$work/dup.textproto" 's/id: "F02"/id: "F01"/'
expect_error duplicate_id "$work/dup.textproto" "$index" \
  'task F01 (tasks[1]), field id: duplicate task id "F01", first used by tasks[0]'

mutate "$work/unknown.textproto" "s/fix_commit: \"f625a8b4412e1b40fd4a3ed8943a9a713d0b3056\"/fix_commit: \"$unknown\"/"
expect_error unknown_commit_not_extracted "$work/unknown.textproto" "$index" \
  "task F02 (tasks[1]), field fix_commit: commit $unknown is not in the history index"
cp "$index" "$work/index_missing.tsv"
printf '%s\tmissing\n' "$unknown" >>"$work/index_missing.tsv"
expect_error unknown_commit_missing_from_clone "$work/unknown.textproto" "$work/index_missing.tsv" \
  "task F02 (tasks[1]), field fix_commit: commit $unknown is not in the fixture history built from f; fix the commit id in t (the ids are listed in the repository's fixture_commits.tsv)"

mutate "$work/base.textproto" "s/base_commit: \"7dbb1c5021afd66850fda467320f0cee2350206c\"/base_commit: \"$unknown\"/"
# An explicit base_commit is the base (a fix that spans commits): one the
# history does not hold is named (one that is not an ancestor of the fix is
# the repository rule's error: experiment_file_errors_test case 11).
expect_error base_not_in_history "$work/base.textproto" "$index" \
  "task F02 (tasks[1]), field base_commit: commit $unknown is not in the history index"

mutate "$work/notahash.textproto" 's/fix_commit: "8ee5041fac9d9cf78db531e2fe74ff22a1e05dff"/fix_commit: "HEAD"/'
expect_error invalid_commit "$work/notahash.textproto" "$index" \
  'task F03 (tasks[2]), field fix_commit: expected a 40-hex commit id, found "HEAD"'

mutate "$work/absent.textproto" 's|internal/cache/key.go|internal/cache/keys.go|'
expect_error gold_file_absent_at_base "$work/absent.textproto" "$index" \
  'task F01 (tasks[0]), field gold_files[0]: gold file internal/cache/keys.go is absent at base_commit 160608c7a8c0c83f36b50bc7c73bafbd2e76a7c8'

mutate "$work/parent.textproto" 's/stale_commit: "fd47a5ef3a269b8567e76f3e347094aac4d87037"/stale_commit: "33523b6ad79fe9657348942adf28e73da1c27eb9"/'
expect_error stale_not_parent "$work/parent.textproto" "$index" \
  'task F01 (tasks[0]), field stale_commit: expected base_commit^1 = fd47a5ef3a269b8567e76f3e347094aac4d87037, found 33523b6ad79fe9657348942adf28e73da1c27eb9'

mutate "$work/syntax.textproto" 's/subsystem: "cache (key expansion)"/subsystm: "cache"/'
expect_error unknown_field "$work/syntax.textproto" "$index" \
  'syntax.textproto:28:11: Message type "repro.corpus.Task" has no field named "subsystm"'

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
