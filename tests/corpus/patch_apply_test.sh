#!/usr/bin/env bash
# extract_history.sh's patch requests on the fixture history (a task given
# as base + patch, docs/tasks.md):
#  - a patch that applies gives the tree git write-tree gives, and the diff
#    of base to that tree is read as a fix diff, with the patch's sha256
#    beside it (patch.sha256);
#  - the clone is never written: its objects, refs and index are unchanged;
#  - a patch that does not apply is "failed", and its .error file holds git
#    apply's messages naming the file and the first failing hunk;
#  - a patch on an absent base is "missing";
#  - a patch file outside patch_requests/ is refused before anything is written.
# Arguments: <build_fixture_history.sh> <extract_history.sh> <history.txt> <two_files.diff>
set -euo pipefail
build=$1
extract=$(realpath "$2")
history=$3
patch=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}

bash "$build" "$history" "$(dirname "$history")/src" "$work/fixture.git" >"$work/commits.tsv"
base=$(sed -n 's/^c06-readme\t//p' "$work/commits.tsv")
absent=0123456789abcdef0123456789abcdef01234567
fail() {
  echo "FAIL: $*"
  exit 1
}
# The clone's state: every file but the fixture's own index, with its bytes.
state() { (cd "$work/fixture.git" && find . -type f ! -name fixture.index -print0 | sort -z | xargs -0 sha256sum); }
state >"$work/before.txt"

mkdir -p "$work/run/patch_requests"
cd "$work/run"
cp "$patch" patch_requests/0.diff
# The same patch with one context line of the first hunk changed.
sed 's/^ \tvar errs \[\]error$/ \tvar problems []error/' "$patch" >patch_requests/1.diff
cmp -s patch_requests/0.diff patch_requests/1.diff && fail "the context line to change is not in $patch"
cp "$patch" patch_requests/2.diff
sha=$(sha256sum <patch_requests/0.diff | cut -d' ' -f1)

printf 'patch\t%s\tpatch_requests/0.diff\npatch\t%s\tpatch_requests/1.diff\npatch\t%s\tpatch_requests/2.diff\n' \
  "$base" "$base" "$absent" >requests.tsv
bash "$extract" "$work/fixture.git" requests.tsv out1
tree=$(GIT_DIR="$work/fixture.git" GIT_INDEX_FILE="$work/index" GIT_OBJECT_DIRECTORY="$work/objects" \
  GIT_ALTERNATE_OBJECT_DIRECTORIES="$work/fixture.git/objects" sh -c \
  'mkdir -p "$GIT_OBJECT_DIRECTORY" && git read-tree "$1" && git apply --cached "$2" && git write-tree' sh "$base" patch_requests/0.diff)
expected="patch_requests/0.diff	$base	$sha	$tree"
[[ $(sed -n 1p out1/patches.tsv) == "$expected" ]] || fail "patches.tsv line 1: expected '$expected', found '$(sed -n 1p out1/patches.tsv)'"
[[ $(sed -n 2p out1/patches.tsv | cut -f4) == failed ]] || fail "a patch that does not apply is not 'failed': $(sed -n 2p out1/patches.tsv)"
grep -q '^error: patch failed: internal/config/validate.go:9$' out1/patch_requests/1.diff.error ||
  fail "git apply's message does not name the file and the first failing hunk: $(cat out1/patch_requests/1.diff.error)"
[[ $(sed -n 3p out1/patches.tsv | cut -f4) == missing ]] || fail "a patch on an absent base is not 'missing'"
[[ ! -e out1/patch_requests/0.diff.error ]] || fail "an applied patch left an error file"
echo "ok: applied ($tree), failed (named: $(head -1 out1/patch_requests/1.diff.error)), missing"

# The diff of the base to the patch's tree, as the history stage reads it.
printf 'extension\t.go\npatch\t%s\tpatch_requests/0.diff\ndiff\t%s\t%s\n' "$base" "$base" "$tree" >requests.tsv
bash "$extract" "$work/fixture.git" requests.tsv out2
d=out2/diffs/${base}_$tree
[[ $(cat "$d/status") == present ]] || fail "$d/status: $(cat "$d/status")"
[[ $(cat "$d/patch.sha256") == "$sha" ]] || fail "$d/patch.sha256 is not the patch's sha256"
[[ $(tr '\0' ' ' <"$d/name_status.z") == "M internal/config/validate.go M internal/executor/docker/pull.go " ]] ||
  fail "name-status of the patch's tree: $(tr '\0' ' ' <"$d/name_status.z")"
grep -q '^@@ -39,0 +42,3 @@' "$d/u0.diff" || fail "the -U0 diff lacks the patch's second hunk"
if grep -q "$tree" out2/index.tsv; then fail "the patch's tree is in index.tsv (a tree is no commit)"; fi
echo "ok: the diff of base to the patch's tree, with the patch's sha256"

state >"$work/after.txt"
cmp -s "$work/before.txt" "$work/after.txt" || fail "the clone was written: $(diff "$work/before.txt" "$work/after.txt" | head -5)"
echo "ok: the clone's objects, refs and index are unchanged"

printf 'patch\t%s\t../x.diff\n' "$base" >requests.tsv
if bash "$extract" "$work/fixture.git" requests.tsv out3 2>err.txt; then fail "a patch file outside patch_requests/ was accepted"; fi
grep -q "expected a file patch_requests/<n>.diff, found '../x.diff'" err.txt || fail "message: $(cat err.txt)"
[[ ! -e out3 ]] || fail "out3 was written"
echo "ok: a patch file outside patch_requests/ is refused before anything is written"
