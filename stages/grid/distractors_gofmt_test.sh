#!/usr/bin/env bash
# Every S002 distractor of every task (dose 10, which contains doses 1 and 5)
# is valid Go that Debian's gofmt accepts (-e: all errors) and leaves unchanged.
set -euo pipefail
writer="$1"
rules="$2"
shift 2
out="${TEST_TMPDIR:-$(mktemp -d)}/distractors"
mkdir -p "$out"
for tasks in "$@"; do
  "$writer" "$rules" "$tasks" 10 "$out"
done
n=$(find "$out" -name '*.go' | wc -l)
[ "$n" -gt 0 ] || { echo "no distractors written" >&2; exit 1; }
find "$out" -name '*.go' -print0 | xargs -0 gofmt -e >/dev/null
mapfile -t unformatted < <(find "$out" -name '*.go' -print0 | xargs -0 gofmt -l)
if ((${#unformatted[@]} > 0)); then
  echo "not gofmt-clean:" >&2; printf '%s\n' "${unformatted[@]}" >&2
  gofmt -d "${unformatted[@]}" | head -40 >&2
  exit 1
fi
echo "gofmt accepts all $n distractors"
