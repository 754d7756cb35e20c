#!/usr/bin/env bash
# A file name that is not valid UTF-8 in the indexed tree, end to end on a
# crafted history (testing/build_non_utf8_history.sh): extract_history.sh
# dumps it as git writes it; the snapshot stage skips the file, records it
# escaped and counted (Snapshot.skipped), names it in its log and
# keeps the rest of the corpus, for a whole snapshot and for one stored
# against a reference (whose dump lacks the file's blob); the manifest stage
# reads both back and lists the escaped path; Go's checker (gocheck), which
# reads git's bytes, lists the file, and the agreement stage leaves it out
# as the snapshot did.
# Arguments: <build_non_utf8_history.sh> <extract_history.sh> <snapshot_stage>
#   <manifest_stage> <chunks_stage> <gocheck> <agreement_stage>
#   <go rules.textproto>
set -uo pipefail
build=$1 extract=$2 snapshot=$3 manifest=$4 chunks=$5 gocheck=$6 agreement=$7 go_rules=$8
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

bash "$build" "$work/crafted.git" >"$work/commits.tsv" || {
  echo "FAIL: the crafted history did not build"
  exit 1
}
c1=$(sed -n 's/^c1\t//p' "$work/commits.tsv")
c2=$(sed -n 's/^c2\t//p' "$work/commits.tsv")
printf 'extension\t.go\nkeyframes\t1\t2\nsnapshot\t%s\tT01.stale_commit\nsnapshot\t%s\tT01.base_commit\n' \
  "$c1" "$c2" >"$work/requests.tsv"
bash "$extract" "$work/crafted.git" "$work/requests.tsv" "$work/out" || {
  echo "FAIL: extract_history.sh stopped on the crafted history"
  exit 1
}
[[ $(cat "$work/out/references.tsv") == "$c2	$c1" ]] || fail "references.tsv: expected c2 stored against c1"

# stage <tool> <manifest> [flags...]: runs a stage tool, stderr to $work/err.
stage() {
  local tool=$1 m=$2
  shift 2
  "$tool" --stage=test --stage_version=1 --label=//stages/corpus:non_utf8_path_test \
    --tool_binary="$tool" --manifest="$m" --provenance="$work/prov.json" "$@" 2>"$work/err"
}

# snapshot_of <commit> [reference]: the commit's stored snapshot, $work/<commit>.pb.
snapshot_of() {
  local c=$1 ref=${2:-} d="$work/out/commits/$1"
  {
    printf 'input\tstatus\t%s\ninput\ttree\t%s\ninput\tblobs\t%s\n' "$d/status" "$d/tree.z" "$d/blobs.batch"
    printf 'input\trules/go\t%s\n' "$go_rules"
    [[ -z $ref ]] || printf 'input\tsnapshot@%s\t%s\n' "$ref" "$work/$ref.pb"
    printf 'output\t%s.pb\t%s\n' "$c" "$work/$c.pb"
  } >"$work/m.$c"
  stage "$snapshot" "$work/m.$c" --repository=crafted --commit="$c" ${ref:+--reference="$ref"}
}

escaped='l\xe9gacy/caf\xe9.go'
note="1 file(s) whose path is not valid UTF-8, skipped and recorded: $escaped"
for pair in "$c1:" "$c2:$c1"; do
  c=${pair%%:*} ref=${pair#*:}
  what="the snapshot of $c${ref:+ (stored against $ref)}"
  before=$failures
  if ! snapshot_of "$c" "$ref"; then
    fail "$what stopped:"
    sed 's/^/    | /' "$work/err"
    continue
  fi
  grep -qF -- "$note" "$work/err" || {
    fail "$what: the log does not name the skipped path:"
    sed 's/^/    | /' "$work/err"
  }
  printf 'input\tsnapshot\t%s\n' "$work/$c.pb" >"$work/mm.$c"
  [[ -z $ref ]] || printf 'input\tsnapshot@%s\t%s\n' "$ref" "$work/$ref.pb" >>"$work/mm.$c"
  printf 'output\t%s.manifest.json\t%s\n' "$c" "$work/$c.manifest.json" >>"$work/mm.$c"
  if ! stage "$manifest" "$work/mm.$c"; then
    fail "the manifest of $what stopped:"
    sed 's/^/    | /' "$work/err"
    continue
  fi
  json=$(tr -d ' \n' <"$work/$c.manifest.json")
  for want in '"path":"a.go"' \
    '"skipped":{"non_utf8_paths":[{"escaped_path":"l\\xe9gacy/caf\\xe9.go","blob_id":"7723f935d6bf578d2271cf21da62067a95a31555"}]}'; do
    [[ $json == *"$want"* ]] || fail "the manifest of $what lacks $want: $json"
  done
  [[ $json != *notes* ]] || fail "the manifest of $what holds a file of no language: $json"
  ((failures > before)) || echo "ok: $what skips, counts and names the non-UTF-8 path"
done

# The chunker's agreement with go/parser on c1: gocheck lists the file under
# its raw name; the agreement leaves it out, with no difference.
d="$work/out/commits/$c1"
"$gocheck" -tree "$d/tree.z" -blobs "$d/blobs.batch" >"$work/check.tsv" || fail "gocheck stopped"
grep -q $'^F\tl\xe9gacy/caf\xe9.go\tok$' "$work/check.tsv" || fail "gocheck does not list the file: $(cat -v "$work/check.tsv")"
printf 'input\tsnapshot\t%s\ninput\trules/go\t%s\noutput\tc1.chunks.pb\t%s\n' \
  "$work/$c1.pb" "$go_rules" "$work/c1.chunks.pb" >"$work/mc"
if ! stage "$chunks" "$work/mc"; then
  fail "the chunks of c1 stopped:"
  sed 's/^/    | /' "$work/err"
fi
printf 'input\tsnapshot\t%s\ninput\tchunks\t%s\ninput\tcheck\t%s\ninput\trules/go\t%s\noutput\tc1.agreement.json\t%s\n' \
  "$work/$c1.pb" "$work/c1.chunks.pb" "$work/check.tsv" "$go_rules" "$work/c1.agreement.json" >"$work/ma"
before=$failures
if ! stage "$agreement" "$work/ma" --language=go; then
  fail "the agreement of c1 stopped:"
  sed 's/^/    | /' "$work/err"
else
  json=$(tr -d ' \n' <"$work/c1.agreement.json")
  for want in '"files":1,' '"files_agreeing":1,' '"differences":[]'; do
    [[ $json == *"$want"* ]] || fail "the agreement of c1 lacks $want: $json"
  done
fi
((failures > before)) || echo "ok: the agreement with go/parser leaves the skipped file out on both sides"


((failures == 0)) || exit 1
echo "PASS"
