#!/usr/bin/env bash
# pycheck.py on a hand-made git dump: functions of module and class bodies
# (decorators excluded, nested classes named Outer.Inner.f, a function in a
# function listed after it as Outer.f.inner, a def under `try`), the corpus
# rule (.py only, no __pycache__), a blob missing from the clone, and files
# Python cannot parse: a Python 2 file and a file whose bytes are not UTF-8
# are "F <path> error <message>".
set -euo pipefail
pycheck=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}/pycheck
mkdir -p "$dir"
: > "$dir/tree.z"
: > "$dir/blobs.batch"
n=0
# add <path> <content>: one tree record and one blob.
add() {
  n=$((n + 1))
  local oid
  oid=$(printf '%040d' "$n")
  printf '100644 blob %s\t%s\0' "$oid" "$1" >> "$dir/tree.z"
  printf '%s blob %d\n%s\n' "$oid" "$(printf '%s' "$2" | wc -c)" "$2" >> "$dir/blobs.batch"
}
add "pkg/queue.py" $'import functools\n\n\n@functools.cache\ndef top():\n    return 1\n\n\nclass Queue:\n    class Item:\n        def weight(self):\n            return 2\n\n    async def push(self, x):\n        def inner():\n            return x\n        return inner()\n\n\ntry:\n    import fast\nexcept ImportError:\n    def fast():\n        pass\n'
add "pkg/__pycache__/queue.py" $'def cached():\n    pass\n'
add "README.md" $'# not python\n'
add "legacy/py2.py" $'def old():\n    print "hello"\n'
add "legacy/latin1.py" $'x = "caf\xe9"\n'
printf '100644 blob %s\t%s\0' "$(printf '%040d' 99)" "big/generated.py" >> "$dir/tree.z"
printf '%s missing\n' "$(printf '%040d' 99)" >> "$dir/blobs.batch"

python3 "$pycheck" -tree "$dir/tree.z" -blobs "$dir/blobs.batch" > "$dir/out.tsv"
expect() {
  grep -qxF -- "$1" "$dir/out.tsv" || { cat "$dir/out.tsv" >&2; echo "FAIL: expected the line: $1" >&2; exit 1; }
}
head -1 "$dir/out.tsv" | grep -q '^# check v1 python ast 3\.' || { echo "FAIL: header" >&2; exit 1; }
expect $'M\tbig/generated.py'
expect $'F\tpkg/queue.py\tok'
expect $'D\tpkg/queue.py\ttop\t5\t6'
expect $'D\tpkg/queue.py\tQueue.Item.weight\t11\t12'
expect $'D\tpkg/queue.py\tQueue.push\t14\t17'
expect $'D\tpkg/queue.py\tQueue.push.inner\t15\t16'
expect $'D\tpkg/queue.py\tfast\t23\t24'
grep -q $'^F\tlegacy/py2.py\terror\t' "$dir/out.tsv" || { echo "FAIL: a Python 2 file must be an error" >&2; exit 1; }
grep -q $'^F\tlegacy/latin1.py\terror\t' "$dir/out.tsv" || { echo "FAIL: a non-UTF-8 file must be an error" >&2; exit 1; }
if grep -q "cached\|README" "$dir/out.tsv"; then
  echo "FAIL: a __pycache__ file or a non-Python file was listed" >&2
  exit 1
fi
[[ $(grep -c '^D' "$dir/out.tsv") == 5 ]] || { echo "FAIL: expected 5 functions" >&2; exit 1; }
echo "pycheck: $(grep -c '^F' "$dir/out.tsv") files, 5 functions, 2 parse errors as expected"
