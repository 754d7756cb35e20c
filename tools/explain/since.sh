#!/usr/bin/env bash
# explain --since=<rev> //reports:<name> [--json | --html]: builds the report at git
# revision <rev> in a temporary worktree and the report of the workspace as it
# is, then explains the difference (explain_tool, the old bytes of changed
# files read at <rev>).
#
# Both builds use the disk cache in the output base that tools/test.sh fills
# (<output base>/nested_disk_cache), so that unchanged actions of the old
# revision are cache hits. The worktree, its own output base and its Bazel
# server live in a temporary directory under the output base and are removed
# on exit, whatever the outcome; the user's working tree is only read.
# A tool-binary root cause lists the tool's source files (bazel query deps)
# that differ between <rev> and the working tree.
# Args: <explain_tool> then the command line given to //tools/explain.
set -euo pipefail
die() { echo "explain: $*" >&2; exit 2; }
tool_bin="$1"
shift
rev="" label="" pass=()
for a in "$@"; do
  case "$a" in
    --since=*) rev="${a#--since=}" ;;
    --json | --html) pass+=("$a") ;;
    //*) [ -z "$label" ] || die "one report label, found '$label' and '$a'"; label="$a" ;;
    *) die "with --since, the arguments are --since=<rev> //reports:<name> [--json | --html]; found '$a'" ;;
  esac
done
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || die "run me with 'bazel run //tools/explain -- --since=<rev> //reports:<name>'"
[[ $label =~ ^//reports:[A-Za-z0-9_]+$ ]] || die "expected a report label //reports:<name>, found '${label:-nothing}'"
[[ -n $rev && $rev != -* ]] || die "--since needs a git revision"
ws="$BUILD_WORKSPACE_DIRECTORY"
cd "$ws"
sha=$(git rev-parse --verify --quiet "$rev^{commit}") || die "'$rev' is not a commit of $ws"
name="${label#//reports:}"
output_base=$(bazel info output_base 2>/dev/null) || die "bazel info output_base failed in $ws"
cache="$output_base/nested_disk_cache"
mkdir -p "$cache"
tmp=$(mktemp -d "$output_base/explain_since.XXXXXX")
# shellcheck disable=SC2317  # invoked by the trap
cleanup() {
  if [ -d "$tmp/ws" ]; then
    (cd "$tmp/ws" && bazel --output_base="$tmp/ob" shutdown > /dev/null 2>&1) || true
    git -C "$ws" worktree remove --force "$tmp/ws" > /dev/null 2>&1 || true
  fi
  git -C "$ws" worktree prune > /dev/null 2>&1 || true
  chmod -R u+w "$tmp" 2> /dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# tool_sources <report dir>: "<tool path>\t<source>" for each source file of
# a tool binary's build (bazel query deps) that differs between <rev> and the
# working tree.
tool_sources() {
  local changed=() tool label found
  mapfile -t changed < <(git diff --name-only "$sha" -- . | grep -E '^[A-Za-z0-9_./+-]+$' || true)
  ((${#changed[@]})) || return 0
  while IFS= read -r tool; do
    [[ $tool =~ ^[A-Za-z0-9_/.-]+$ ]] || continue
    label="//$(dirname "$tool"):$(basename "$tool")"
    found=$(bazel query --keep_going "kind('source file', deps($label)) intersect set(${changed[*]})" 2> /dev/null || true)
    while IFS= read -r src; do
      [ -n "$src" ] && printf '%s\t%s\n' "$tool" "$(echo "${src#//}" | sed 's#:#/#; s#^/##')"
    done <<< "$found"
  done < <("$tool_bin" --list_tools "$1")
}

git worktree add --detach --quiet "$tmp/ws" "$sha"
# The cache-key salt of this machine (docs/remote_cache.md): without it no
# action key matches.
if [ -f "$ws/.bazelrc.salt" ]; then cp "$ws/.bazelrc.salt" "$tmp/ws/"; fi
start=$(date +%s)
echo "explain: building $label in the workspace" >&2
bazel build --disk_cache="$cache" "$label" 2> "$tmp/new.log" || { tail -n 30 "$tmp/new.log" >&2; die "the workspace's build of $label failed"; }
echo "explain: building $label at $rev (${sha:0:12}) in a temporary worktree" >&2
(cd "$tmp/ws" && bazel --output_base="$tmp/ob" build --disk_cache="$cache" "$label") 2> "$tmp/old.log" \
  || { tail -n 30 "$tmp/old.log" >&2; die "the build of $label at $rev failed"; }
echo "explain: both built in $(($(date +%s) - start)) s" >&2
tool_sources "$ws/bazel-bin/reports/$name" > "$tmp/tool_sources.tsv"
status=0
"$tool_bin" --workspace="$ws" --revision="$sha" --before_name="$label at $rev" --after_name="$label in the workspace" \
  --tool_sources="$tmp/tool_sources.tsv" "${pass[@]}" "$tmp/ws/bazel-bin/reports/$name" "$ws/bazel-bin/reports/$name" \
  || status=$?
exit "$status"
