#!/usr/bin/env bash
# JUDGE_DATA_DIR set to a directory that does not exist must stop the build
# with a message naming the variable; unset, @judge_data still exists and says
# it is not configured. Runs nested Bazel (query only) in a workspace copy.
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$0")/../remote_cache/nested_bazel.sh"
nb_init
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"

run_query() {  # <log> <extra startup-free args...>
  local log="$1"
  shift
  set +e
  local startup=()
  mapfile -t startup < <(nb_startup_flags "$copy" query)
  (cd "$copy" && HOME="$NB_WORK/home" timeout "$NB_BUILD_TIMEOUT_S" \
    bazel "${startup[@]}" query "$@" '@judge_data//:all') > "$log" 2>&1
  local status=$?
  set -e
  return "$status"
}

if run_query "$NB_WORK/bad.log" --repo_env=JUDGE_DATA_DIR=does/not/exist; then
  cat "$NB_WORK/bad.log" >&2
  nb_fail "a missing JUDGE_DATA_DIR directory was accepted"
fi
grep -q "JUDGE_DATA_DIR=does/not/exist: directory .* does not exist" "$NB_WORK/bad.log" \
  || { cat "$NB_WORK/bad.log" >&2; nb_fail "the error does not name JUDGE_DATA_DIR and the directory"; }
nb_log "missing directory: clear error naming JUDGE_DATA_DIR"

mkdir -p "$NB_WORK/empty_data"
if run_query "$NB_WORK/empty.log" --repo_env=JUDGE_DATA_DIR="$NB_WORK/empty_data"; then
  nb_fail "a data directory without the expected files was accepted"
fi
grep -q "expected file(s) missing" "$NB_WORK/empty.log" \
  || { cat "$NB_WORK/empty.log" >&2; nb_fail "the error does not list the missing files"; }
nb_log "empty directory: clear error listing missing files"

# Two candidates for one input (a plain file beside the .gz): an error, never a silent pick.
he=$(grep -o '"%s/humaneval/data/humaneval_%s_sample.json"' "$NB_ROOT/stages/studies/judge/data_repository.bzl" | head -1 | tr -d '"')
root=$(sed -n 's/^_HE_ROOT = "\(.*\)"$/\1/p' "$NB_ROOT/stages/studies/judge/data_repository.bzl")
[[ -n "$he" && -n "$root" ]] || nb_fail "cannot read the HumanEval sample layout from data_repository.bzl"
# shellcheck disable=SC2059  # $he is the format string, read from data_repository.bzl above
sample=$(printf "$he" "$root" cpp)
mkdir -p "$NB_WORK/two/$(dirname "$sample")"
echo '[]' > "$NB_WORK/two/$sample"
echo '[]' | gzip -n > "$NB_WORK/two/$sample.gz"
if run_query "$NB_WORK/two.log" --repo_env=JUDGE_DATA_DIR="$NB_WORK/two"; then
  nb_fail "a plain file beside its .gz was accepted"
fi
{ grep -qF "exist both plain and as .gz" "$NB_WORK/two.log" && grep -qF "$sample and $sample.gz" "$NB_WORK/two.log"; } \
  || { cat "$NB_WORK/two.log" >&2; nb_fail "the error does not name both candidates"; }
nb_log "plain file beside its .gz: clear error naming both"

run_query "$NB_WORK/unset.log" || { cat "$NB_WORK/unset.log" >&2; nb_fail "query failed with JUDGE_DATA_DIR unset"; }
grep -q "@judge_data//:he_samples" "$NB_WORK/unset.log" || nb_fail "@judge_data has no filegroups when unset"
grep -q "JUDGE_DATA_CONFIGURED = False" "$NB_WORK/ob-query/external/judge_data/config.bzl" \
  || nb_fail "config.bzl does not say JUDGE_DATA_CONFIGURED = False"
echo "PASS: JUDGE_DATA_DIR errors are clear; unset gives the fixture-only configuration"
