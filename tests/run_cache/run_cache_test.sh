#!/usr/bin/env bash
# The pinned run cache end to end (tests/run_cache/BUILD, docs/run_cache.md).
# Arguments: <export_runs_tool> <export index> <fill_run_cache> <cell_tool>
# <bm25_example.py> <the X000 cells' directory>.
set -euo pipefail
export_tool=$1 index=$2 fill=$3 cell_tool=$4 example=$5 x000=$6
tmp=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_failure <substring> <command>...: the command fails, its stderr holds the substring.
expect_failure() {
  local want=$1
  shift
  if "$@" >"$tmp/out" 2>"$tmp/err"; then fail "expected a failure naming '$want': $*"; fi
  grep -qF -- "$want" "$tmp/err" || { cat "$tmp/err" >&2; fail "expected '$want' in the error of: $*"; }
}

# 1. Export every cell of P000; --missing against an empty cache lists them all.
"$export_tool" --export_index="$index" --experiment=e04_fixture_runs --harness=P000 \
  --out="$tmp/export" >"$tmp/export.log"
cells=$(grep -vc '^#' "$tmp/export/manifest.tsv")
((cells == 9)) || fail "expected 9 cells (3 tasks x 3 conditions), found $cells"
expect_failure "expected one of its pinned-runs harnesses (P000)" \
  "$export_tool" --export_index="$index" --experiment=e04_fixture_runs --harness=H000
expect_failure "--out=$tmp/export: expected a new directory" \
  "$export_tool" --export_index="$index" --experiment=e04_fixture_runs --harness=P000 --out="$tmp/export"

# 2. The researcher's system, run outside the build: the X000 example program on every cell.
while IFS=$'\t' read -r _ _ _ _ _ _ _ dir; do
  python3 "$example" --corpus="$tmp/export/$dir/corpus.jsonl" --queries="$tmp/export/$dir/queries.jsonl" \
    --run="$tmp/export/$dir/run" --candidate_limit=200 --document_unit=files
done < <(grep -v '^#' "$tmp/export/manifest.tsv")

# 3. Fill; a second fill of the same runs is a no-op (the same sha256).
"$fill" --export="$tmp/export" --cache="$tmp/runs.sqlite" >"$tmp/fill.log"
sha=$(sha256sum "$tmp/runs.sqlite" | cut -d' ' -f1)
"$fill" --export="$tmp/export" --cache="$tmp/runs.sqlite" >/dev/null
[[ $(sha256sum "$tmp/runs.sqlite" | cut -d' ' -f1) == "$sha" ]] || fail "a second fill changed the cache"
"$export_tool" --export_index="$index" --experiment=e04_fixture_runs --harness=P000 --missing \
  --cache="$tmp/runs.sqlite" >"$tmp/missing.log"
grep -q '^0 cells missing from the cache' "$tmp/missing.log" || fail "expected no missing cell: $(cat "$tmp/missing.log")"

# pin <cache>: a pins file holding the cache's sha256 and size.
pin() {
  printf 'run_cache {\n  sha256: "%s"\n  bytes: %s\n}\n' "$(sha256sum "$1" | cut -d' ' -f1)" "$(stat -c %s "$1")" >"$tmp/pins.textproto"
}

# run_cell <task> <condition> <cache>: the cell tool on the cell's recorded
# inputs (its export stage's manifest, outputs replaced), with the cache and
# the pins; the outcome in $tmp/outcome.json.
run_cell() {
  local task=$1 condition=$2 cache=$3 flags manifest
  manifest=$(ls stages/grid/by_experiment/e04_fixture_runs/"${task}_P000_${condition}_export.manifest")
  flags=$(awk -F'\t' -v t="$task" -v c="$condition" '$2 == t && $3 == c { print $7 }' "$index")
  { grep '^input' "$manifest" | sed -E 's#\tbazel-out/[^/]+/bin/#\t#; s#\texternal/#\t../#'
    printf 'input\trun_cache\t%s\ninput\tpins\t%s\n' "$cache" "$tmp/pins.textproto"
    printf 'output\tcell.json\t%s\noutput\tcell.volatile.json\t%s\n' "$tmp/outcome.json" "$tmp/outcome.volatile.json"
  } >"$tmp/cell.manifest"
  rm -f "$tmp/outcome.json"
  # shellcheck disable=SC2086  # the cell's flags, as the export index lists them
  "$cell_tool" --stage=grid_cell --stage_version=1 --label=//tests/run_cache:cell \
    --tool_binary="$cell_tool" --manifest="$tmp/cell.manifest" --provenance="$tmp/provenance.json" $flags
}

# 4. Every cell from the pinned cache: its outcome is X000's, harness renamed.
pin "$tmp/runs.sqlite"
while IFS=$'\t' read -r _ task condition _; do
  run_cell "$task" "$condition" "$tmp/runs.sqlite"
  expected="$x000/${task}_X000_${condition}.json"
  sed 's/"X000"/"P000"/g; s#/X000"#/P000"#g' "$expected" | diff - "$tmp/outcome.json" >&2 \
    || fail "cell $task $condition: the outcome differs from X000's ($expected)"
done < <(grep -v '^#' "$tmp/export/manifest.tsv")

# 5. Tampered caches.
cp "$tmp/runs.sqlite" "$tmp/changed.sqlite"
printf '\x01' | dd of="$tmp/changed.sqlite" bs=1 seek=3000 conv=notrunc status=none
expect_failure "harness P000, task F01, condition baseline: pinned runs: $tmp/changed.sqlite: run cache sha256 mismatch: expected $sha (pinned)" \
  run_cell F01 baseline "$tmp/changed.sqlite"

head -c 2048 "$tmp/runs.sqlite" >"$tmp/truncated.sqlite"
expect_failure "run cache sha256 mismatch" run_cell F01 baseline "$tmp/truncated.sqlite"
pin "$tmp/truncated.sqlite"  # even pinned, a truncated file is no run cache
expect_failure "harness P000, task F01, condition baseline: pinned runs: $tmp/truncated.sqlite: not a run cache" \
  run_cell F01 baseline "$tmp/truncated.sqlite"

# A foreign key: the run of another cell stored under F01 baseline's key.
cp "$tmp/runs.sqlite" "$tmp/foreign.sqlite"
python3 - "$tmp/foreign.sqlite" "$tmp/export/P000/F02/baseline/run" <<'PY'
import hashlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = open(sys.argv[2], "rb").read()
db.execute("UPDATE runs SET run = ?, run_sha256 = ? WHERE harness = 'P000'", (run, hashlib.sha256(run).hexdigest()))
db.commit()
PY
pin "$tmp/foreign.sqlite"
expect_failure "is not a run of this cell's documents and query (a foreign key): run line 1: expected query id F01, found \"F02\"" \
  run_cell F01 baseline "$tmp/foreign.sqlite"

# A missing key: a cache without F01's cells names the commands that list, export and fill them.
mkdir -p "$tmp/partial"
cp "$tmp/export/manifest.tsv" "$tmp/partial/"
cp -r "$tmp/export/P000" "$tmp/partial/"
rm "$tmp"/partial/P000/F01/*/run
"$fill" --export="$tmp/partial" --cache="$tmp/partial.sqlite" >"$tmp/partial.log"
grep -q '^no run: P000/F01/baseline$' "$tmp/partial.log" || fail "the fill did not list the cells without a run"
pin "$tmp/partial.sqlite"
expect_failure "harness P000, task F01, condition baseline: pinned runs: the run cache holds no run for harness P000" \
  run_cell F01 baseline "$tmp/partial.sqlite"
grep -qF "bazel run //stages/grid:export_runs -- --experiment=e04_fixture_runs --harness=P000 --missing" "$tmp/err" \
  || fail "the missing key's message names no export command: $(cat "$tmp/err")"
"$export_tool" --export_index="$index" --experiment=e04_fixture_runs --harness=P000 --missing \
  --cache="$tmp/partial.sqlite" --out="$tmp/missing" >"$tmp/missing.log"
[[ $(grep -vc '^#' "$tmp/missing/manifest.tsv") == 3 ]] || fail "expected the 3 cells of F01 missing"

# 6. The fill's refusals, nothing written: a bad run, a foreign run file, another run for a stored key.
cp -r "$tmp/export" "$tmp/bad"
printf 'F01 Q0 99 1 1.0 x\n' >"$tmp/bad/P000/F01/baseline/run"
before=$(sha256sum "$tmp/partial.sqlite" | cut -d' ' -f1)
expect_failure "P000/F01/baseline/run (harness P000, task F01, condition baseline): run line 1: expected the id of one of the" \
  "$fill" --export="$tmp/bad" --cache="$tmp/partial.sqlite"
cp "$tmp/export/P000/F01/baseline/run" "$tmp/bad/P000/F01/baseline/run"
mkdir -p "$tmp/bad/R001/F01/baseline" && cp "$tmp/bad/P000/F01/baseline/run" "$tmp/bad/R001/F01/baseline/run"
expect_failure "a run of a foreign key: R001/F01/baseline is no cell of the export's manifest.tsv" \
  "$fill" --export="$tmp/bad" --cache="$tmp/partial.sqlite"
rm -r "$tmp/bad/R001"
awk 'NR == 1 { $5 = 99 } { print }' "$tmp/export/P000/F02/baseline/run" >"$tmp/bad/P000/F02/baseline/run"
expect_failure "the cache holds another run" "$fill" --export="$tmp/bad" --cache="$tmp/partial.sqlite"
[[ $(sha256sum "$tmp/partial.sqlite" | cut -d' ' -f1) == "$before" ]] || fail "a refused fill changed the cache"
echo "PASS: export, fill, pin and $cells cells from the cache; tampered caches refused"
