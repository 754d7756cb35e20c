#!/usr/bin/env bash
# explain --since=<rev> //reports:<name> [--json | --html]: builds the report at git
# revision <rev> in a temporary worktree and the report of the workspace as it
# is, then explains the difference (explain_tool, the old bytes of changed
# files read at <rev>). When nothing moved it says so on stderr and exits 0;
# otherwise it exits as explain_tool does.
#
# Both builds use the disk cache in the output base that tools/test.sh fills
# (<output base>/nested_disk_cache), so that unchanged actions of the old
# revision are cache hits. The worktree, its own output base and its Bazel
# server live in a temporary directory under the output base and are removed
# on exit, whatever the outcome; the user's working tree is only read.
# A tool-binary root cause lists the tool's source files (bazel query deps)
# that differ between <rev> and the working tree.
#
# Signals: each build's Bazel client runs in the background and the script
# waits for it, so that a signal is handled at once. Ctrl-C reaches the
# client from the terminal; TERM and HUP are passed on to it as TERM. Either
# way the client cancels its build, the script waits for it to stop, then
# cleans up as on any exit (the temporary server shut down, the worktree and
# the temporary directory removed) and exits 128 + the signal's number.
# Further signals during the clean-up are ignored, so that it completes.
#
# Args: <explain_tool> then the command line given to //tools/explain.
# Sourced (by since_test.sh) it only defines its functions.
set -euo pipefail

die() {
  echo "explain: $*" >&2
  exit 2
}

# parse_args <command line>: sets rev, label and pass (--json, --html).
parse_args() {
  rev="" label="" pass=()
  local a
  for a in "$@"; do
    case "$a" in
      --since=*) rev="${a#--since=}" ;;
      --json | --html) pass+=("$a") ;;
      //*) [ -z "$label" ] || die "one report label, found '$label' and '$a'"; label="$a" ;;
      *) die "with --since, the arguments are --since=<rev> //reports:<name> [--json | --html]; found '$a'" ;;
    esac
  done
  [[ $label =~ ^//reports:[A-Za-z0-9_]+$ ]] || die "expected a report label //reports:<name>, found '${label:-nothing}'"
  [[ -n $rev && $rev != -* ]] || die "--since needs a git revision"
}

# tool_sources <explain tool> <commit> <report dir>: "<tool path>\t<source>"
# for each source file of a tool binary's build (bazel query deps) that
# differs between <commit> and the working tree (the current directory). A
# tool with no changed source prints nothing; the status is 0 either way.
tool_sources() {
  local tool_bin="$1" commit="$2" report_dir="$3" changed=() tools tool target found src
  mapfile -t changed < <(git diff --name-only "$commit" -- . | grep -E '^[A-Za-z0-9_./+-]+$' || true)
  ((${#changed[@]})) || return 0
  tools=$("$tool_bin" --list_tools "$report_dir") || die "could not list the tool binaries of $report_dir"
  while IFS= read -r tool; do
    [[ $tool =~ ^[A-Za-z0-9_/.-]+$ ]] || continue
    target="//$(dirname "$tool"):$(basename "$tool")"
    found=$(bazel query --keep_going "kind('source file', deps($target)) intersect set(${changed[*]})" 2> /dev/null || true)
    while IFS= read -r src; do
      if [ -n "$src" ]; then printf '%s\t%s\n' "$tool" "$(echo "${src#//}" | sed 's#:#/#; s#^/##')"; fi
    done <<< "$found"
  done <<< "$tools"
}

# in_background <log> <command...>: runs the command with its stderr in <log>,
# in the background, and waits for it; its status is the command's. While
# it runs, its pid is in $running, for on_signal.
running=""
in_background() {
  local log="$1" status=0
  shift
  "$@" 2> "$log" &
  running=$!
  wait "$running" || status=$?
  running=""
  return "$status"
}

# run_in <dir> <command...>: the command with <dir> as its working directory
# (exec, so that in_background's pid is the command's own).
run_in() {
  cd "$1"
  shift
  exec "$@"
}

# on_signal <signal> <exit status>: stops the running build (a TERM for TERM
# and HUP; the terminal already sent Ctrl-C's INT to the client), waits for
# it, then exits; the EXIT trap cleans up.
stopping=""
on_signal() {
  [ -z "$stopping" ] || return 0 # a second signal, taken before the first's trap ran
  stopping=1
  trap '' INT TERM HUP
  # stderr may be gone (HUP of a closed terminal): the clean-up goes on.
  echo "explain: caught SIG$1; stopping the build and cleaning up" >&2 2> /dev/null || true
  if [ -n "$running" ]; then
    if [ "$1" != INT ]; then kill -TERM "$running" 2> /dev/null || true; fi
    while kill -0 "$running" 2> /dev/null; do wait "$running" 2> /dev/null || true; done
  fi
  exit "$2"
}

# cleanup: the temporary worktree's Bazel server, the worktree and $tmp.
# shellcheck disable=SC2317  # invoked by the trap
cleanup() {
  trap '' INT TERM HUP
  [ -n "${tmp:-}" ] || return 0
  if [ -d "$tmp/ws" ]; then
    (cd "$tmp/ws" && bazel --output_base="$tmp/ob" shutdown > /dev/null 2>&1) || true
    git -C "$ws" worktree remove --force "$tmp/ws" > /dev/null 2>&1 || true
  fi
  git -C "$ws" worktree prune > /dev/null 2>&1 || true
  chmod -R u+w "$tmp" 2> /dev/null || true
  rm -rf "$tmp"
}

# build_both: the workspace's report, then the report at $sha in $tmp/ws.
build_both() {
  local start
  start=$(date +%s)
  echo "explain: building $label in the workspace" >&2
  in_background "$tmp/new.log" bazel build --disk_cache="$cache" "$label" \
    || { tail -n 30 "$tmp/new.log" >&2; die "the workspace's build of $label failed"; }
  echo "explain: building $label at $rev (${sha:0:12}) in a temporary worktree" >&2
  in_background "$tmp/old.log" run_in "$tmp/ws" bazel --output_base="$tmp/ob" build --disk_cache="$cache" "$label" \
    || { tail -n 30 "$tmp/old.log" >&2; die "the build of $label at $rev failed"; }
  echo "explain: both built in $(($(date +%s) - start)) s" >&2
}

main() {
  local tool_bin="$1" name output_base status=0
  shift
  parse_args "$@"
  [ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || die "run me with 'bazel run //tools/explain -- --since=<rev> //reports:<name>'"
  ws="$BUILD_WORKSPACE_DIRECTORY"
  cd "$ws"
  sha=$(git rev-parse --verify --quiet --end-of-options "$rev^{commit}") || die "'$rev' is not a commit of $ws"
  name="${label#//reports:}"
  output_base=$(bazel info output_base 2> /dev/null) || die "bazel info output_base failed in $ws"
  cache="$output_base/nested_disk_cache"
  mkdir -p "$cache"
  trap cleanup EXIT
  trap 'on_signal INT 130' INT
  trap 'on_signal HUP 129' HUP
  trap 'on_signal TERM 143' TERM
  tmp=$(mktemp -d "$output_base/explain_since.XXXXXX")
  git worktree add --detach --quiet "$tmp/ws" "$sha"
  # The cache-key salt of this machine (docs/remote_cache.md): without it no
  # action key matches.
  if [ -f "$ws/.bazelrc.salt" ]; then cp "$ws/.bazelrc.salt" "$tmp/ws/"; fi
  build_both
  tool_sources "$tool_bin" "$sha" "$ws/bazel-bin/reports/$name" > "$tmp/tool_sources.tsv"
  "$tool_bin" --workspace="$ws" --revision="$sha" --before_name="$label at $rev" --after_name="$label in the workspace" \
    --tool_sources="$tmp/tool_sources.tsv" "${pass[@]}" "$tmp/ws/bazel-bin/reports/$name" "$ws/bazel-bin/reports/$name" \
    || status=$?
  ((status != 0)) || echo "explain: nothing moved between $label at $rev and the workspace" >&2
  exit "$status"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then main "$@"; fi
