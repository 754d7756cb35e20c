#!/usr/bin/env bash
# The scripts behind the git_history repository rule, outside Bazel's fetch:
#  - build_fixture_history.sh gives the same commit ids twice (and the ids the
#    fixture spec uses);
#  - extract_history.sh records absent commits as data (status files,
#    index.tsv), dumps trees, blobs (missing blobs as "missing") and diffs, and
#    never writes a machine path;
#  - it rejects any id that is not 40 lowercase hex (HEAD, a path such as
#    ../../x) before writing anything, inside or outside its output directory.
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
    echo "FAIL: commit $commit of step $step is not used by the fixture spec (with labels)"
    exit 1
  }
done <"$work/a.tsv"
echo "ok: the fixture history builds to the same $(wc -l <"$work/a.tsv") commit ids twice"

base=$(sed -n 's/^c04-artifact-expiry\t//p' "$work/a.tsv")
fix=$(sed -n 's/^c05-cache-key-separators\t//p' "$work/a.tsv")
stale=$(sed -n 's/^c03-docker-readonly\t//p' "$work/a.tsv")
absent=0123456789abcdef0123456789abcdef01234567
printf 'extension\t.go\nexcluded_directory\tvendor\ncommit\t%s\nsnapshot\t%s\tF01.base_commit\nsnapshot\t%s\tF01.stale_commit\nsnapshot\t%s\tX09.base_commit\ndiff\t%s\t%s\ndiff\t%s\t%s\n' \
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
check "$out/diffs/${absent}_${fix}/status" "missing	base_commit"
grep -q "^$absent	missing$" "$out/index.tsv"
grep -q "^$base	present	$stale$" "$out/index.tsv"
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
echo "ok: extract_history.sh records absent commits and missing blobs as data, dumps trees and diffs"

# S001 depths: the d-th first-parent ancestor, or "missing" past the root
# with the number of first-parent commits before the base (c01-c03 before c04).
printf 'ancestor\t%s\t1\nancestor\t%s\t100\n' "$base" "$base" >"$work/anc.tsv"
bash "$extract" "$work/a.git" "$work/anc.tsv" "$work/anc"
check "$work/anc/ancestors.tsv" "$base	1	$stale
$base	100	missing	3"
echo "ok: extract_history.sh resolves base~1 to the stale commit and reports base~100 as missing, 3 commits before the base"

# Ids that are not 40 lowercase hex, and bad extensions and directory names:
# refused before anything is written.
reject() {  # reject <name> <requests line> <expected message part>
  local name=$1 req=$2 want=$3 dir="$work/reject_$1"
  mkdir -p "$dir/nest/out"
  printf 'commit\t%s\n%s\n' "$fix" "$req" >"$dir/requests.tsv"
  if bash "$extract" "$work/a.git" "$dir/requests.tsv" "$dir/nest/out" 2>"$dir/err"; then
    echo "FAIL [$name]: extract_history.sh accepted '$req'"
    exit 1
  fi
  grep -qF -- "$want" "$dir/err" || {
    echo "FAIL [$name]: expected '$want' in: $(cat "$dir/err")"
    exit 1
  }
  if [[ -n "$(ls -A "$dir/nest/out")" || -e "$dir/x" || -e "$dir/nest/x" ]]; then
    echo "FAIL [$name]: files were written: $(cd "$dir" && find . -path ./requests.tsv -prune -o -path ./err -prune -o -print)"
    exit 1
  fi
  echo "ok   [$name]: $(cat "$dir/err")"
}
reject head "snapshot	HEAD	X09.stale_commit" "line 2 (snapshot): expected a commit id of 40 lowercase hex characters, found 'HEAD'"
reject traversal_snapshot "snapshot	../../x	T01.stale_commit" "found '../../x'"
reject traversal_diff "diff	$base	../../x" "line 2 (diff): expected a commit id of 40 lowercase hex characters, found '../../x'"
reject option "commit	--output=x" "found '--output=x'"
reject upper_case "snapshot	${base^^}	T01.base_commit" "found '${base^^}'"
reject depth "ancestor	$base	1e3" "line 2 (ancestor): expected a depth of 1-999999, found '1e3'"
reject extension "extension	go" "line 2 (extension): expected a file name ending such as .py or a directory name, found 'go'"
reject directory "excluded_directory	../x" "line 2 (excluded_directory): expected a file name ending such as .py or a directory name, found '../x'"
reject no_extension "snapshot	$base	T01.base_commit" "1 snapshot request(s) and no extension: no file would be in the corpus"
