#!/usr/bin/env bash
# //tools/verify on the W04 report (nested Bazel in a workspace copy):
#  1. the report as built verifies: every recorded output of its stages,
#     re-executed in a fresh output base without any cache, has its bytes;
#  2. a poisoned copy (one recorded sha256 changed, as a cache entry written
#     by someone else would make it) fails, naming the stage and the file.
# Arguments: <verify.sh> <verify_plan> <report dir (runfiles)>
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/nested_bazel.sh"
nb_init
verify=$(readlink -f "$1")
plan=$(readlink -f "$2")
report=$(readlink -f "$3")
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
ob="$NB_WORK/ob-verify"

run_verify() {  # run_verify <report dir> <log>
  (cd "$copy" && HOME="$NB_WORK/home" BUILD_WORKSPACE_DIRECTORY="$copy" VERIFY_OUTPUT_BASE="$ob" \
    TEST_TMPDIR='' timeout "$NB_BUILD_TIMEOUT_S" bash "$verify" "$plan" "$1") > "$2" 2>&1
}
# verify.sh calls plain `bazel` with --output_base=$ob: give it this test's
# other startup flags through a wrapper on PATH (nb_cleanup stops the server).
mkdir -p "$NB_WORK/bin"
real_bazel=$(command -v bazel)
startup_flags=$(nb_startup_flags "$copy" verify | grep -v '^--output_base=' | sed "s/.*/'&'/" | tr '\n' ' ')
printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$real_bazel" "$startup_flags" > "$NB_WORK/bin/bazel"
chmod +x "$NB_WORK/bin/bazel"
export PATH="$NB_WORK/bin:$PATH"

mkdir -p "$NB_WORK/good" "$NB_WORK/poisoned"
cp -L "$report"/* "$NB_WORK/good/"
run_verify "$NB_WORK/good" "$NB_WORK/good.log" || { cat "$NB_WORK/good.log" >&2; nb_fail "the W04 report as built did not verify"; }
grep -q "every byte equals the report" "$NB_WORK/good.log" || nb_fail "no success line"
nb_log "$(tail -1 "$NB_WORK/good.log")"

cp -L "$report"/* "$NB_WORK/poisoned/"
# lineage.json is compact (one file entry a line, docs/pipeline.md): the one
# entry of packing.json is the one its producer and the report's stages share.
sha=$(grep '"name":"packing.json"' "$NB_WORK/poisoned/lineage.json" | sed -n 's/.*"sha256":"\([0-9a-f]*\)".*/\1/p' | head -1)
[ -n "$sha" ] || nb_fail "packing.json not found in lineage.json"
sed -i "s/$sha/$(printf '%064d' 0)/" "$NB_WORK/poisoned/lineage.json"
if run_verify "$NB_WORK/poisoned" "$NB_WORK/poisoned.log"; then
  cat "$NB_WORK/poisoned.log" >&2
  nb_fail "a poisoned report verified"
fi
grep -q "^MISMATCH //stages/studies/w04:w04_pack stages/studies/w04/packing.json: the report records 0\{64\}, re-executed gives $sha" \
  "$NB_WORK/poisoned.log" || { cat "$NB_WORK/poisoned.log" >&2; nb_fail "the mismatch does not name the stage, the file and both digests"; }
nb_log "$(grep MISMATCH "$NB_WORK/poisoned.log")"
echo "PASS: the W04 report verifies byte for byte; a poisoned record is named"
