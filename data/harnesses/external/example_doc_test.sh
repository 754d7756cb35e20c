#!/usr/bin/env bash
# The example program printed in docs/external_harness.md (its one
# ```python block) is the file the example harness runs.
# Arguments: <docs/external_harness.md> <bm25_example.py>
set -euo pipefail
# shellcheck disable=SC2016  # sed addresses, not expansions
block=$(sed -n '/^```python$/,/^```$/p' "$1" | sed '1d;$d')
if ! diff <(printf '%s\n' "$block") "$2"; then
  echo "FAIL: the example in $1 differs from $2 (above: < the page, > the file)" >&2
  exit 1
fi
echo "PASS: the page's example is $2"
