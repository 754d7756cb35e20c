#!/usr/bin/env bash
# assemble_report (the action of the `report` rule): a good run copies the
# files and writes the lineage sorted by label; a bad flag, a trailing flag
# without its value, a stray argument, a bad manifest line, two files for one
# destination or a record that is not provenance each stop it with a message,
# and then nothing is written.
# Arguments: <assemble_report>
set -uo pipefail
tool=$1
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

printf 'report text\n' >"$work/src.md"
printf '{"stage": "b", "label": "//p:b"}\n' >"$work/b.provenance.json"
printf '{"stage": "a", "label": "//p:a", "args": ["--k=3"]}\n' >"$work/a.provenance.json"
printf 'not json\n' >"$work/bad.provenance.json"
good_manifest() {
  printf 'copy\t%s\t%s\n' "$work/src.md" "$work/out/r.md"
  printf 'provenance\t%s\nprovenance\t%s\n' "$work/b.provenance.json" "$work/a.provenance.json"
}
mkdir -p "$work/out"
good_manifest >"$work/m"

# A good run.
if ! "$tool" --report=//r:x --lineage="$work/out/lineage.json" --manifest="$work/m" 2>"$work/err"; then
  fail "a good run failed: $(cat "$work/err")"
else
  cmp -s "$work/src.md" "$work/out/r.md" || fail "the copy differs from its source"
  # The compact form (compact_lineage.h): one stage record a line.
  labels=$(grep -o '"label":"[^"]*"' "$work/out/lineage.json" | tr '\n' ' ')
  [[ $labels == '"label":"//p:a" "label":"//p:b" ' ]] || fail "lineage not sorted by label: $labels"
  grep -qF '{"report":"//r:x",' "$work/out/lineage.json" || fail "lineage does not name the report"
  grep -qF '"--k=3"' "$work/out/lineage.json" || fail "lineage lost the stage arguments"
  grep -qF '{"stage":"a","stage_version":"","tool":0}' "$work/out/lineage.json" ||
    fail "lineage has no kind for stage a"
  echo "ok: a good run copies the files and writes the lineage sorted by label"
fi

# expect_error <what> <message part> <args...>: exit 1, the message on
# stderr, and no file written.
expect_error() {
  local what=$1 want=$2
  shift 2
  rm -rf "$work/out" && mkdir -p "$work/out"
  if "$tool" "$@" 2>"$work/err"; then
    fail "$what: accepted"
  elif ! grep -qF -- "$want" "$work/err"; then
    fail "$what: expected in the error: $want"
    sed 's/^/    | /' "$work/err"
  elif [[ -n $(ls -A "$work/out") ]]; then
    fail "$what: wrote $(ls -A "$work/out")"
  else
    echo "ok: $what is an error: $want"
  fi
}

m=$work/m
expect_error "a trailing flag without its value" "Missing the value for the flag 'lineage'" \
  --report=//r:x --manifest="$m" --lineage
expect_error "an unknown flag" "Unknown command line flag 'copy'" \
  --report=//r:x --lineage="$work/out/lineage.json" --manifest="$m" --copy=a=b
expect_error "a stray argument" "unexpected argument 'extra' (every argument is a flag)" \
  --report=//r:x --lineage="$work/out/lineage.json" --manifest="$m" extra
expect_error "a missing --lineage" "--lineage is required" --report=//r:x --manifest="$m"

{ good_manifest; printf 'copy\t%s\n' "$work/src.md"; } >"$work/m_bad_line"
expect_error "a malformed manifest line" \
  "$work/m_bad_line line 4: expected 'copy<TAB>src<TAB>dst' or 'provenance<TAB>path', found 'copy	$work/src.md'" \
  --report=//r:x --lineage="$work/out/lineage.json" --manifest="$work/m_bad_line"

{ good_manifest; printf 'copy\t%s\t%s\n' "$work/b.provenance.json" "$work/out/r.md"; } >"$work/m_collide"
expect_error "two files for one destination" \
  "line 4: two files for $work/out/r.md ($work/src.md and $work/b.provenance.json)" \
  --report=//r:x --lineage="$work/out/lineage.json" --manifest="$work/m_collide"

{ good_manifest; printf 'provenance\t%s\n' "$work/bad.provenance.json"; } >"$work/m_not_prov"
expect_error "a record that is not provenance" \
  "$work/bad.provenance.json: invalid JSON for repro.schemas.Provenance" \
  --report=//r:x --lineage="$work/out/lineage.json" --manifest="$work/m_not_prov"

((failures == 0))
