#!/usr/bin/env bash
# since.sh without Bazel: a fake `bazel` on PATH (it records its calls,
# "builds" a report directory, answers `query` for one tool only, and can
# block in a build until it is sent TERM) and a fake explain tool, in a git
# repository made here. Cases:
#  - tool_sources, sourced: a tool whose sources did not change (the last one
#    listed) prints nothing and the function succeeds;
#  - --since=HEAD with a tracked file changed: both builds, then the explain
#    tool's output and its exit status 1;
#  - --since=HEAD~1 on a clean tree where nothing moved: exit 0 and
#    "nothing moved";
#  - TERM during the temporary build, HUP during the workspace's build, TERM
#    then HUP: the build is cancelled at once, the temporary server shut
#    down, the worktree and the temporary directory removed, exit 128+signal.
set -euo pipefail

SINCE="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/stages/inspect/explain/since.sh"
[ -f "$SINCE" ] || SINCE="$(dirname "$(readlink -f "$0")")/since.sh"
T=$(mktemp -d "${TEST_TMPDIR:-/tmp}/since_test.XXXXXX")
export FAKE_DIR="$T/fake" FAKE_OB="$T/output_base"
mkdir -p "$FAKE_DIR" "$FAKE_OB" "$T/bin"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
stop_fakes() {  # the fake builds still running (since.sh did not stop them)
  local pid
  cat "$FAKE_DIR"/*.pid 2> /dev/null | while read -r pid; do kill "$pid" 2> /dev/null || true; done
}
trap stop_fakes EXIT

cat > "$T/bin/bazel" << 'FAKE'
#!/usr/bin/env bash
set -euo pipefail
echo "$*" >> "$FAKE_DIR/calls"
ob=main
case "$1" in --output_base=*) ob="${1#--output_base=}"; shift ;; esac
command="$1"
shift
case "$command" in
  info) echo "$FAKE_OB" ;;
  build)
    which=inner
    [ "$ob" != main ] || which=main
    if [ "${FAKE_BLOCK:-}" = "$which" ]; then
      trap 'echo "cancelled $which" >> "$FAKE_DIR/calls"; exit 8' TERM
      echo $$ > "$FAKE_DIR/$which.pid"
      for _ in $(seq 600); do sleep 0.2; done
    fi
    label="${*: -1}"
    mkdir -p "bazel-bin/reports/${label#//reports:}"
    ;;
  query) case "$*" in *"//stages/a:tool_a"*) echo "//data:h.textproto" ;; esac ;;
  shutdown) echo "shutdown $ob" >> "$FAKE_DIR/calls" ;;
  *) exit 2 ;;
esac
FAKE
cat > "$T/bin/explain_tool" << 'FAKE'
#!/usr/bin/env bash
if [ "$1" = --list_tools ]; then printf 'stages/a/tool_a\nstages/b/tool_b\n'; exit 0; fi
echo "explained $*"
exit "${FAKE_EXPLAIN_RC:-1}"
FAKE
chmod +x "$T/bin/bazel" "$T/bin/explain_tool"
export PATH="$T/bin:$PATH"

repo="$T/repo"
mkdir -p "$repo/data"
git -C "$repo" init -q
echo "rrf_k: 60" > "$repo/data/h.textproto"
echo "first" > "$repo/data/other.txt"
git -C "$repo" add -A
git -C "$repo" -c user.name=t -c user.email=t@localhost commit -qm one
echo "second" > "$repo/data/other.txt"
git -C "$repo" -c user.name=t -c user.email=t@localhost commit -qam two
sed -i 's/60/30/' "$repo/data/h.textproto"

# tool_sources, sourced, in $repo against HEAD.
tool_sources_here() {
  # shellcheck source=stages/inspect/explain/since.sh
  cd "$repo" && source "$SINCE" && tool_sources explain_tool HEAD "$repo/none"
}
# tool_b (listed last) has no changed source.
got=$(tool_sources_here) || fail "tool_sources failed when the last tool has no changed source"
[ "$got" = "$(printf 'stages/a/tool_a\tdata/h.textproto')" ] || fail "tool_sources printed '$got'"
git -C "$repo" stash -q
got=$(tool_sources_here) || fail "tool_sources failed with no changed file"
[ -z "$got" ] || fail "tool_sources printed '$got' with no changed file"
git -C "$repo" stash pop -q
echo "PASS: tool_sources"

# since <name> <args>: since.sh in $repo; stdout, stderr and status in $T/<name>.*
since() {
  local name="$1" rc=0
  shift
  BUILD_WORKSPACE_DIRECTORY="$repo" "$SINCE" explain_tool "$@" //reports:r > "$T/$name.out" 2> "$T/$name.err" || rc=$?
  echo "$rc" > "$T/$name.rc"
}

# no_leftovers <case>: in the output base only the disk cache, no worktree but
# the main one.
no_leftovers() {
  [ "$(ls -A "$FAKE_OB")" = nested_disk_cache ] || fail "$1: left in the output base: $(ls -A "$FAKE_OB")"
  [ "$(git -C "$repo" worktree list | wc -l)" = 1 ] || fail "$1: worktrees left: $(git -C "$repo" worktree list)"
}

since changed --since=HEAD
[ "$(cat "$T/changed.rc")" = 1 ] || { cat "$T/changed.err" >&2; fail "--since=HEAD with a change: exit $(cat "$T/changed.rc"), expected 1"; }
grep -q "^explained --workspace=$repo --revision=$(git -C "$repo" rev-parse HEAD) " "$T/changed.out" \
  || { cat "$T/changed.err" >&2; fail "--since=HEAD with a change: the explain tool did not run"; }
grep -q "^shutdown $FAKE_OB/explain_since\." "$FAKE_DIR/calls" || fail "the temporary server was not shut down"
no_leftovers changed
echo "PASS: --since=HEAD with a change"

git -C "$repo" stash -q
FAKE_EXPLAIN_RC=0 since clean --since=HEAD~1
[ "$(cat "$T/clean.rc")" = 0 ] || { cat "$T/clean.err" >&2; fail "--since=HEAD~1, nothing moved: exit $(cat "$T/clean.rc"), expected 0"; }
grep -q "nothing moved" "$T/clean.err" || fail "--since=HEAD~1, nothing moved: not said"
no_leftovers clean
echo "PASS: --since=HEAD~1 with nothing moved"

# signal_case <name> <build to block: main|inner> <expected status> <signals...>
signal_case() {
  local name="$1" block="$2" expected="$3" pid n=0 sig
  shift 3
  rm -f "$FAKE_DIR"/*.pid
  : > "$FAKE_DIR/calls"
  FAKE_BLOCK="$block" BUILD_WORKSPACE_DIRECTORY="$repo" "$SINCE" explain_tool --since=HEAD //reports:r \
    > "$T/$name.out" 2> "$T/$name.err" &
  pid=$!
  until [ -f "$FAKE_DIR/$block.pid" ]; do
    ((++n < 100)) || fail "$name: the $block build did not start"
    sleep 0.1
  done
  for sig in "$@"; do kill "-$sig" "$pid"; done
  n=0
  while kill -0 "$pid" 2> /dev/null; do
    ((++n < 100)) || fail "$name: since.sh still running 10 s after $*"
    sleep 0.1
  done
  rc=0
  wait "$pid" || rc=$?
  [ "$rc" = "$expected" ] || { cat "$T/$name.err" >&2; fail "$name: exit $rc, expected $expected"; }
  grep -q "^cancelled $block" "$FAKE_DIR/calls" || fail "$name: the $block build was not cancelled"
  grep -q "^shutdown $FAKE_OB/explain_since\." "$FAKE_DIR/calls" || fail "$name: the temporary server was not shut down"
  ! grep -q "^explained" "$T/$name.out" || fail "$name: the explain tool ran after the signal"
  no_leftovers "$name"
  echo "PASS: $name"
}
signal_case term_inner inner 143 TERM
signal_case hup_main main 129 HUP
signal_case term_then_hup inner 143 TERM HUP
