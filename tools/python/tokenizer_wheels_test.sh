#!/usr/bin/env bash
# tokenizer_wheels.bzl must list exactly the wheels of tokenizer.lock: the
# same names, versions and sha256, in name order, and each URL must name a
# wheel of that name and version.
# Usage: tokenizer_wheels_test.sh <tokenizer.lock> <tokenizer_wheels.bzl>
set -euo pipefail
lock="$1"
bzl="$2"

# "name version sha256" per package of the lock.
from_lock() {
  awk '/^[a-z0-9]/ { split($1, nv, "=="); name = nv[1]; version = nv[2] }
       /--hash=sha256:/ { sub(/.*--hash=sha256:/, ""); print name, version, $1 }' "$lock"
}

# "name version sha256" per struct of the .bzl list.
from_bzl() {
  awk -F'"' '/name = / { name = $2 } /version = / { version = $2 }
             /sha256 = / { print name, version, $2 }' "$bzl"
}

expected=$(from_lock)
found=$(from_bzl)
if [ "$expected" != "$found" ]; then
  echo "FAIL: $bzl disagrees with $lock (name version sha256)" >&2
  diff <(printf '%s\n' "$expected") <(printf '%s\n' "$found") >&2 || true
  exit 1
fi
[ -n "$expected" ] || { echo "FAIL: $lock lists no wheel" >&2; exit 1; }

# The wheel file name spells the name with underscores.
while read -r name version _; do
  wheel="${name//-/_}-${version}-"
  grep -q "url = \"https://files.pythonhosted.org/.*/${wheel}[^\"]*\\.whl\"" "$bzl" || {
    echo "FAIL: $bzl: no URL of a wheel ${wheel}*.whl for $name==$version" >&2
    exit 1
  }
done <<<"$expected"
echo "PASS: $(wc -l <<<"$expected") wheels agree"
