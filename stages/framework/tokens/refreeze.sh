#!/usr/bin/env bash
# Refreezes a committed file on purpose from its generated copy, and shows the
# diff for review. Run through `bazel run //reports:<name>_refreeze` (tokens)
# or `bazel run //reports:<experiment>_pins_refreeze` (model pins).
# Args (from the target's `args`): [--also <committed path> <generated>]
# [--tokens] <committed path in the workspace> <generated>... --; with several
# generated files (a stage's outputs) the one named like the committed file is
# taken. --tokens prepends the frozen-token header. --also writes a second
# committed file from one generated file first (the explain state beside the
# frozen tokens), with the same checks. The closing `--` ends the target's own arguments:
# anything after it was typed by the user, and is refused (the command takes
# no arguments; a file given there would replace the build output).
#
# The write cannot leave the workspace: the committed file's directory must
# resolve inside the workspace, a committed file that is a symlink is
# refused, and the new bytes go to a fresh temporary file created here
# (mktemp, beside the target) that is renamed over the target atomically.
set -euo pipefail
die() { echo "refreeze: $*" >&2; exit 2; }
also=()
if [[ ${1:-} == --also ]]; then
  (($# >= 3)) || die "internal: --also takes a committed path and a generated file"
  also=("$2" "$3")
  shift 3
fi
tokens=0
if [[ ${1:-} == --tokens ]]; then
  tokens=1
  shift
fi
(($# >= 3)) || die "usage: [--tokens] <committed path> <generated>... -- (run me with 'bazel run')"
frozen="$1"
shift
generated=()
while (($#)) && [[ $1 != -- ]]; do
  generated+=("$1")
  shift
done
(($#)) || die "internal: the target's arguments must end with '--'"
shift
(($# == 0)) || die "this command takes no arguments, found: $*"
[ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] || die "run me with 'bazel run'"

pick=""
if ((${#generated[@]} == 1)); then
  pick=${generated[0]}
else
  for g in "${generated[@]}"; do
    [[ $(basename "$g") == "$(basename "$frozen")" ]] && pick=$g
  done
  [[ -n $pick ]] || die "none of ${generated[*]} is named $(basename "$frozen")"
fi

# freeze <committed path> <generated file> <1: prepend the token header>
# The target: a normalized relative path whose directory resolves inside the
# workspace, and not a symlink itself.
freeze() {
  local frozen="$1" pick="$2" header="$3" ws dir target tmp
  [[ $frozen != /* && /$frozen/ != */../* && /$frozen/ != */./* && $frozen != *//* ]] \
    || die "internal: expected a normalized workspace-relative path, found '$frozen'"
  ws=$(realpath -e -- "$BUILD_WORKSPACE_DIRECTORY")
  dir=$(realpath -e -- "$ws/$(dirname "$frozen")") || die "the directory of $frozen does not exist"
  [[ $dir == "$ws" || $dir == "$ws"/* ]] || die "$(dirname "$frozen") resolves outside the workspace ($dir): refusing to write"
  target="$dir/$(basename "$frozen")"
  [ ! -L "$target" ] || die "$frozen is a symlink: refusing to write through it (remove it, then rerun)"
  [ ! -e "$target" ] || [ -f "$target" ] || die "$frozen exists and is not a regular file"

  tmp=$(mktemp "$dir/.$(basename "$frozen").XXXXXX")
  trap 'rm -f "$tmp"' EXIT
  {
    if ((header)); then
      echo "# Frozen tokens: <key><TAB><value>; every value must appear verbatim in the report."
      echo "# Written by 'bazel run' of the report's _refreeze target; review the diff before committing."
    fi
    cat "$pick"
  } > "$tmp"
  chmod 644 "$tmp"
  mv -f -T -- "$tmp" "$target"
  trap - EXIT
}

# report <committed path> <show the diff: 1>
report() {
  local frozen="$1" show="$2"
  if ! git ls-files --error-unmatch -- "$frozen" >/dev/null 2>&1; then
    echo "refreeze: wrote new file $frozen; review and commit it"
  elif git diff --quiet -- "$frozen"; then
    echo "refreeze: $frozen unchanged"
  elif ((show)); then
    git --no-pager diff -- "$frozen" || true
    echo "refreeze: wrote $frozen; review and commit the diff above"
  else
    echo "refreeze: wrote $frozen ($(git diff --numstat -- "$frozen" | cut -f1,2 | tr '\t' '/') lines added/removed); commit it with the file below"
  fi
}

if ((${#also[@]})); then freeze "${also[0]}" "${also[1]}" 0; fi
freeze "$frozen" "$pick" "$tokens"
cd "$(realpath -e -- "$BUILD_WORKSPACE_DIRECTORY")"
if ((${#also[@]})); then report "${also[0]}" 0; fi
report "$frozen" 1
