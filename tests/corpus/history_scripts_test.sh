#!/usr/bin/env bash
# The scripts behind the git_history repository rule, outside Bazel's fetch:
#  - build_fixture_history.sh gives the same commit ids twice (and the ids the
#    fixture spec uses);
#  - extract_history.sh records absent and invalid commits as data (status
#    files, index.tsv), dumps trees, blobs (missing blobs as "missing") and
#    diffs, and never writes a machine path.
# Arguments: <build_fixture_history.sh> <extract_history.sh> <history.txt> <tasks.textproto>
set -euo pipefail
build=$1
extract=$2
history=$3
spec=$4
src=$(dirname "$history")/src
work=${TEST_TMPDIR:-$(mktemp -d)}

bash "$build" "$history" "$src" "$work/a.git" >"$work/a.tsv"
bash "$build" "$history" "$src" "$work/b.git" >"$work/b.tsv"
cmp "$work/a.tsv" "$work/b.tsv"
while IFS=$'\t' read -r step commit; do
  grep -q "$commit" "$spec" || [[ $step != c0[3-8]* ]] || {
    echo "FAIL: commit $commit of step $step is not used by the fixture spec"
    exit 1
  }
done <"$work/a.tsv"
echo "ok: the fixture history builds to the same $(wc -l <"$work/a.tsv") commit ids twice"

base=$(sed -n 's/^c04-artifact-expiry\t//p' "$work/a.tsv")
fix=$(sed -n 's/^c05-cache-key-separators\t//p' "$work/a.tsv")
stale=$(sed -n 's/^c03-docker-readonly\t//p' "$work/a.tsv")
absent=0123456789abcdef0123456789abcdef01234567
printf 'commit\t%s\nsnapshot\t%s\tF01.base_commit\nsnapshot\t%s\tF01.stale_commit\nsnapshot\t%s\tX09.base_commit\nsnapshot\tHEAD\tX09.stale_commit\ndiff\t%s\t%s\ndiff\t%s\t%s\n' \
  "$fix" "$base" "$stale" "$absent" "$base" "$fix" "$absent" "$fix" >"$work/requests.tsv"
bash "$extract" "$work/a.git" "$work/requests.tsv" "$work/out"
out=$work/out

check() {  # check <file> <expected content>
  if [[ "$(cat "$1")" != "$2" ]]; then
    echo "FAIL: $1: expected '$2', found '$(cat "$1")'"
    exit 1
  fi
}
check "$out/commits/$base/status" present
check "$out/commits/$absent/status" "missing	X09.base_commit"
check "$out/commits/HEAD/status" "invalid	X09.stale_commit"
check "$out/diffs/${absent}_${fix}/status" "missing	base_commit"
grep -q "^$absent	missing$" "$out/index.tsv"
grep -q "^$base	present	$stale$" "$out/index.tsv"
grep -q "^HEAD	invalid$" "$out/index.tsv"
[[ -s $out/commits/$absent/tree.z || -s $out/commits/$absent/blobs.batch ]] && {
  echo "FAIL: dumps of an absent commit are not empty"
  exit 1
}
grep -q ' missing$' "$out/commits/$stale/blobs.batch" || {
  echo "FAIL: the dropped blob is not recorded as missing at the stale commit"
  exit 1
}
if grep -q ' missing$' "$out/commits/$base/blobs.batch"; then
  echo "FAIL: a blob is missing at the base commit"
  exit 1
fi
tr '\0' '\n' <"$out/diffs/${base}_${fix}/name_status.z" | paste - - | grep -q "^M	internal/cache/key.go$"
grep -q '^@@ -34,2 +36,0 @@' "$out/diffs/${base}_${fix}/u0.diff"
if grep -rqF "$work" "$out"; then
  echo "FAIL: a machine path was written into the dump"
  exit 1
fi
echo "ok: extract_history.sh records absent/invalid commits and missing blobs as data, dumps trees and diffs"
