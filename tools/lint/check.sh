#!/usr/bin/env bash
# The lint gate CI runs before `bazel test //...` (the compiler's own gate,
# -Wall -Wextra -Werror on project code, is in .bazelrc):
#   1. clang-format-14 --dry-run --Werror on every tracked .cc/.h/.proto file
#      (.clang-format: Google style, 100 columns);
#   2. buildifier (tools/lint/package.json, installed by tools/setup.sh)
#      --mode=check and --lint=warn on every tracked BUILD, .bzl and WORKSPACE
#      file, with the warnings that do not apply to Bazel 4.2.3 turned off;
#   3. shellcheck (Debian's) on every tracked shell script (each .sh file and
#      each other file whose first line is a bash or sh shebang, such as
#      .ci/run and tools/bazel), following sourced files (-x; each `source`
#      of a computed path names its file with a `# shellcheck source=`
#      directive). Zero findings; an exception is a
#      `# shellcheck disable=SCnnnn  # <reason>` on the line it concerns;
#   4. no function of those shell scripts over MAX_SHELL_FUNCTION_LINES (60)
#      lines (tools/lint/long_functions.awk): split it into named steps;
#   5. the layers (tools/lint/layers.sh over tools/lint/layers.tsv, with
#      `bazel query`): no package depends on or loads from a layer above its
#      own, and none below //reports and //tests on them.
# Prints each violation with its file; exits 1 if there is any, 0 otherwise.
# --fix rewrites what the formatters can (not shellcheck's findings).
#
#   tools/lint/check.sh          check
#   tools/lint/check.sh --fix    rewrite the files in place, then check
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

fix=0
case "${1:-}" in
  "") ;;
  --fix) fix=1 ;;
  *) echo "usage: tools/lint/check.sh [--fix]" >&2; exit 2 ;;
esac

clang_format=clang-format-14
buildifier=tools/lint/node_modules/@bazel/buildifier/buildifier-linux_amd64
command -v "$clang_format" >/dev/null || { echo "lint: $clang_format not found: run tools/setup.sh" >&2; exit 2; }
command -v shellcheck >/dev/null || { echo "lint: shellcheck not found: run tools/setup.sh" >&2; exit 2; }
[ -x "$buildifier" ] || { echo "lint: $buildifier not found: run tools/setup.sh" >&2; exit 2; }

# Off: warnings about rules that Bazel 4.2.3 still provides natively (sh_test,
# sh_binary, proto_library, py_binary, py_runtime: there is no rules_shell or
# rules_python offline, and the system protobuf repository has no
# //bazel:proto_library.bzl); unnamed-macro, because the
# macros it names (experiment_reports, experiment_grids, task_set_corpora, lsa_models, ...)
# expand a generated list (@experiments) into the targets of every entry, each
# named by its entry, so there is no one target a `name` could name.
BUILDIFIER_WARNINGS=-native-sh-test,-native-sh-binary,-native-proto,-native-py,-unnamed-macro

readonly MAX_SHELL_FUNCTION_LINES=60

mapfile -t cxx < <(git ls-files '*.cc' '*.h' '*.proto')
mapfile -t starlark < <(git ls-files '*BUILD' '*.bzl' 'WORKSPACE' '*.BUILD' | grep -v '^data/e04/fixture/')
# Every tracked shell script: *.sh, and the files whose first line is a bash
# or sh shebang (git grep finds the candidates, awk reads their first line).
shebang_scripts() {
  git grep -lzI -e '^#!' -- ':!*.sh' \
    | xargs -0r awk 'FNR == 1 && /^#!.*[\/ ](ba)?sh([ \t]|$)/ { print FILENAME } { nextfile }'
}
mapfile -t shell < <({ git ls-files '*.sh'; shebang_scripts; } | LC_ALL=C sort -u)

if ((fix)); then
  "$clang_format" -i "${cxx[@]}"
  "$buildifier" --lint=fix --warnings="$BUILDIFIER_WARNINGS" "${starlark[@]}"
fi

status=0
if ! "$clang_format" --dry-run --Werror "${cxx[@]}" 2>/tmp/lint-clang-format.$$; then
  grep -o '^[^:]*:[0-9]*:[0-9]*' /tmp/lint-clang-format.$$ | sort -u -t: -k1,1 | \
    sed 's/^/lint: not clang-formatted (first difference): /'
  echo "lint: fix with: clang-format-14 -i <file> (or tools/lint/check.sh --fix)"
  status=1
fi
rm -f /tmp/lint-clang-format.$$
if ! out=$("$buildifier" --mode=check --lint=warn --warnings="$BUILDIFIER_WARNINGS" "${starlark[@]}" 2>&1); then
  # One line a finding (buildifier explains each warning over many lines).
  printf '%s\n' "$out" | grep -E '^[^ ]+:[0-9]+: [a-z-]+: |^[^ ]+ # ' | sed -E 's/ \(https:[^)]*\)$//; s/^/lint: buildifier: /'
  echo "lint: fix formatting with: $buildifier <file> (or tools/lint/check.sh --fix)"
  status=1
fi
if ! out=$(shellcheck -x -f gcc "${shell[@]}" 2>&1); then
  printf '%s\n' "$out" | sed 's/^/lint: shellcheck: /'
  status=1
fi
out=$(awk -v max="$MAX_SHELL_FUNCTION_LINES" -f tools/lint/long_functions.awk "${shell[@]}")
if [ -n "$out" ]; then
  printf '%s\n' "$out" | sed 's/^/lint: shell function too long: /'
  status=1
fi
tools/lint/layers.sh || status=1
((status == 0)) && echo "lint: ${#cxx[@]} C++/proto files clang-formatted, ${#starlark[@]} Starlark files buildifier-clean, ${#shell[@]} shell files shellcheck-clean with no function over $MAX_SHELL_FUNCTION_LINES lines, every layer uses only those below it"
exit "$status"
