#!/usr/bin/env bash
# bazel run //tools/verify -- <report dir> [--sample=N] [--seed=S]
#
# Re-executes the stage actions behind a report locally, without any cache,
# and compares every output byte (sha256) with what the report's lineage.json
# records; exits 1 naming each stage and file that differs. Anyone who can
# write the remote cache can change a report; the token gate catches numbers
# only; this catches any byte. See docs/remote_cache.md.
#
# How: the stages of lineage.json (all, or a fixed-seed sample:
# verify_plan.h) are built in a fresh output base (a temporary directory, or
# $VERIFY_OUTPUT_BASE) with --noremote_accept_cached and
# --noremote_upload_local_results, so every action of their closure runs
# here; then each recorded output path is hashed in that build's bazel-bin.
# The output base is removed afterwards unless VERIFY_OUTPUT_BASE was given.
# Runs Bazel itself: only through `bazel run` (BUILD_WORKSPACE_DIRECTORY) or
# with BUILD_WORKSPACE_DIRECTORY set by a test.
set -euo pipefail
plan_tool="$1"
shift
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || { echo "verify: run me with 'bazel run //tools/verify -- <report dir>'" >&2; exit 2; }
(($#)) || { echo "usage: bazel run //tools/verify -- <report dir> [--sample=N] [--seed=S]" >&2; exit 2; }
report=$1
shift
case $report in /*) ;; *) report="${BUILD_WORKING_DIRECTORY:-$BUILD_WORKSPACE_DIRECTORY}/$report" ;; esac
[ -f "$report/lineage.json" ] || { echo "verify: $report/lineage.json not found (build the report first)" >&2; exit 2; }

# Scratch files (the plan and the rebuild's log) in a directory of their own,
# removed on every exit, a failed rebuild's included.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/verify-scratch.XXXXXX")
plan="$scratch/plan.tsv"
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
# The plan tool checks every entry of lineage.json (a report from a poisoned
# cache is untrusted): labels of this workspace, output paths inside their
# stage's package (verify_plan.h). Labels reach Bazel as one array element
# each, after `--`, never word-split.
"$plan_tool" "$report/lineage.json" "$@" > "$plan"
mapfile -t labels < <(cut -f1 "$plan" | sort -u)
((${#labels[@]})) || { echo "verify: nothing to verify" >&2; exit 2; }

ob=${VERIFY_OUTPUT_BASE:-}
if [ -z "$ob" ]; then
  ob=$(mktemp -d "${TMPDIR:-/tmp}/verify.XXXXXX")
  cleanup() {
    rm -rf "$scratch"
    (cd "$BUILD_WORKSPACE_DIRECTORY" && bazel --output_base="$ob" shutdown >/dev/null 2>&1)
    rm -rf "$ob"
  }
fi
cd "$BUILD_WORKSPACE_DIRECTORY"
echo "verify: re-executing ${#labels[@]} stage(s) and their inputs in a fresh output base, without the cache"
if ! bazel --output_base="$ob" build --noremote_accept_cached --noremote_upload_local_results \
    --show_result=0 -- "${labels[@]}" > "$scratch/rebuild.log" 2>&1; then
  tail -30 "$scratch/rebuild.log" >&2
  echo "verify: the rebuild failed" >&2
  exit 1
fi
bin=$(bazel --output_base="$ob" info bazel-bin 2>/dev/null)

# What a mismatch adds: the external program the stage ran (input "program"
# of its rebuilt provenance record: an external harness's cell, whose program
# is then not deterministic) and the first line where the report's copy and
# the rebuilt file differ.
mismatch_detail() {  # <label> <path>
  local label=$1 path=$2 prov program old line
  prov="$bin/${label#//}"
  prov="${prov/://}.provenance.json"
  if [ -f "$prov" ]; then
    program=$(grep -A1 '"role": "program"' "$prov" | sed -n 's/.*"path": "\(.*\)".*/\1/p' | head -1)
    [ -z "$program" ] || printf '; external program %s' "$program"
  fi
  old="$report/$(basename "$path")"
  [ -f "$old" ] && [ -f "$bin/$path" ] || return 0
  line=$(cmp "$old" "$bin/$path" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
  [ -n "$line" ] || return 0
  printf '; first differing line %s: the report has "%s", re-executed "%s"' "$line" \
    "$(sed -n "${line}p" "$old" | cut -c1-200)" "$(sed -n "${line}p" "$bin/$path" | cut -c1-200)"
}

checked=0
bad=0
while IFS=$'\t' read -r label path sha; do
  checked=$((checked + 1))
  got=""
  # A stage output is a regular file; never follow a symlink.
  [ -f "$bin/$path" ] && [ ! -L "$bin/$path" ] && got=$(sha256sum < "$bin/$path" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    echo "MISMATCH $label $path: the report records $sha, re-executed gives ${got:-no file}$(mismatch_detail "$label" "$path")"
    bad=$((bad + 1))
  fi
done < "$plan"
if ((bad)); then
  echo "verify: $bad of $checked output(s) differ from the report: do not trust it (rebuild without the cache)"
  exit 1
fi
echo "verify: $checked output(s) of ${#labels[@]} stage(s) re-executed locally: every byte equals the report"
