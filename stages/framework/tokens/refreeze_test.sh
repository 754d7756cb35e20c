#!/usr/bin/env bash
# refreeze.sh writes only inside the workspace and only the build output:
#  1. a normal refreeze writes a regular file (0644) with the header;
#  2. a planted "<file>.new" symlink (the old temporary name) is not followed;
#  3. a committed file that is a symlink is refused, its target untouched;
#  4. a directory that resolves outside the workspace is refused;
#  5. an argument typed after the target's own (a user file that would
#     replace the build output) is refused, the file untouched;
#  6. the target's arguments without the closing "--" are refused.
# Argument: <refreeze.sh>
set -euo pipefail
refreeze=$(readlink -f "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/refreeze.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
ws="$work/ws"
outside="$work/outside"
mkdir -p "$ws/data" "$outside"
git -C "$ws" init -q
echo "k	1" > "$work/gen.tokens.txt"
echo "precious" > "$outside/victim"
run() {  # run <log> <args>...: refreeze.sh as `bazel run` starts it
  local log=$1
  shift
  (cd "$work" && BUILD_WORKSPACE_DIRECTORY="$ws" bash "$refreeze" "$@") > "$log" 2>&1
}
expect_refused() {  # expect_refused <case> <message> <args>...
  local name=$1 message=$2
  shift 2
  if run "$work/$name.log" "$@"; then cat "$work/$name.log" >&2; fail "$name: accepted"; fi
  grep -qF -- "$message" "$work/$name.log" || { cat "$work/$name.log" >&2; fail "$name: expected '$message'"; }
  [ "$(cat "$outside/victim")" = precious ] || fail "$name: wrote outside the workspace"
  echo "ok: $name: $(tail -1 "$work/$name.log")"
}

run "$work/1.log" --tokens data/x.tokens.txt gen.tokens.txt -- || { cat "$work/1.log" >&2; fail "normal refreeze"; }
[[ -f "$ws/data/x.tokens.txt" && ! -L "$ws/data/x.tokens.txt" ]] || fail "1: no regular file written"
[ "$(stat -c %a "$ws/data/x.tokens.txt")" = 644 ] || fail "1: mode $(stat -c %a "$ws/data/x.tokens.txt")"
{ grep -q '^# Frozen tokens' "$ws/data/x.tokens.txt" && grep -q '^k	1$' "$ws/data/x.tokens.txt"; } || fail "1: content"
[ -z "$(find "$ws/data" -name '.x.tokens.txt.*')" ] || fail "1: a temporary file was left"
echo "ok: normal refreeze"

ln -s "$outside/victim" "$ws/data/x.tokens.txt.new"
run "$work/2.log" --tokens data/x.tokens.txt gen.tokens.txt -- || { cat "$work/2.log" >&2; fail "2: refreeze"; }
[ "$(cat "$outside/victim")" = precious ] || fail "2: wrote through the planted .new symlink"
[[ -f "$ws/data/x.tokens.txt" && ! -L "$ws/data/x.tokens.txt" ]] || fail "2: the frozen file is not a regular file"
echo "ok: a planted .new symlink is not followed"

ln -s "$outside/victim" "$ws/data/y.tokens.txt"
expect_refused symlink_target "data/y.tokens.txt is a symlink: refusing" --tokens data/y.tokens.txt gen.tokens.txt --
ln -s "$outside" "$ws/data/out"
expect_refused symlink_dir "data/out resolves outside the workspace" --tokens data/out/victim gen.tokens.txt --
expect_refused dotdot "expected a normalized workspace-relative path" --tokens ../outside/victim gen.tokens.txt --

echo POISON > "$work/x.tokens.txt"
before=$(sha256sum < "$ws/data/x.tokens.txt")
expect_refused extra_argument "this command takes no arguments, found: $work/x.tokens.txt" \
  --tokens data/x.tokens.txt gen.tokens.txt -- "$work/x.tokens.txt"
[ "$(sha256sum < "$ws/data/x.tokens.txt")" = "$before" ] || fail "extra_argument: the frozen file changed"
expect_refused no_terminator "the target's arguments must end with '--'" data/x.tokens.txt gen.tokens.txt "$work/x.tokens.txt"
echo "PASS: refreeze writes only its build output, only inside the workspace"
