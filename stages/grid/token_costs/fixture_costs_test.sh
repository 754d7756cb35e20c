#!/usr/bin/env bash
# The token costs of the E04 fixture's F01 base snapshot: a few frozen
# WordPiece counts, with the grid's lexical count beside each, showing they
# differ (a WordPiece splits identifiers into pieces; the lexical count takes
# a run of letters, digits and '_' as one token).
# Usage: fixture_costs_test.sh <the stage's files: <commit>.token_costs.json...>
set -euo pipefail
costs=""
for f in "$@"; do
  case "$f" in *.token_costs.json) costs="$f" ;; esac
done
[ -n "$costs" ] || { echo "FAIL: no .token_costs.json among $*" >&2; exit 1; }
/usr/bin/python3 - "$costs" <<'PY'
import json
import sys

path = sys.argv[1]
costs = json.load(open(path))
# (path, function or None for the whole file) -> (WordPiece, lexical)
frozen = {
    ("internal/version/version.go", None): (164, 141),
    ("internal/cache/key.go", None): (382, 332),
    ("internal/assets/bindata.go", None): (16313, 7338),
    ("internal/artifacts/paths.go", "ShouldUpload"): (52, 42),
    ("internal/artifacts/paths.go", "matchPaths"): (246, 209),
}
expected_header = {
    "commit": "160608c7a8c0c83f36b50bc7c73bafbd2e76a7c8",
    "snapshot_sha256": "b72259839efb6bc8ab1e8dbc8203b332474123698225f4c098ce1ec69a0c9a3d",
    "tokenizer": "minilm-wordpiece",
    "vocabulary_sha256": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
}
failures = []
for key, want in expected_header.items():
    if costs[key] != want:
        failures.append(f"{key}: expected {want}, found {costs[key]}")
if (len(costs["files"]), len(costs["chunks"])) != (41, 169):
    failures.append(f"units: expected 41 files and 169 chunks, found "
                    f"{len(costs['files'])} and {len(costs['chunks'])}")
found = {(u["path"], None): u for u in costs["files"]}
found.update({(u["path"], u["function"]): u for u in costs["chunks"] if u["function"]})
for key, (tokens, lexical) in frozen.items():
    u = found.get(key)
    if u is None:
        failures.append(f"{key}: no such unit")
        continue
    got = (int(u["tokens"]), int(u["lexical_tokens"]))
    if got != (tokens, lexical):
        failures.append(f"{key}: expected (WordPiece, lexical) = {(tokens, lexical)}, found {got}")
    if got[0] == got[1]:
        failures.append(f"{key}: the WordPiece count equals the lexical count")
if failures:
    print(f"FAIL: {path}:", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("PASS")
PY
