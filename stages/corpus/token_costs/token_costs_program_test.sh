#!/usr/bin/env bash
# token_costs.py against hand-checked WordPiece counts, and its refusals.
# Usage: token_costs_program_test.sh <program> <vocab.txt>
#
# Each expected count was read off the vocabulary (line n holds id n-1):
#   "getRunnerToken" -> get ##runner ##tok ##en: 4 ("get" line 2132,
#     "##runner" 23196, "##tok" 18716, "##en" 2369; no "getr", "##token"
#     or "##tokens" line, so the longest matches are those)
#   "func (b *Build) Run() error {" -> fun ##c ( b * build ) run ( ) error {: 12
#     (no "func" line; "fun" 4570, "##c" 2279; punctuation splits)
#   "BuildLogger" -> build ##log ##ger: 3 ("##log" 21198, "##ger" 4591)
#   "naïve café" -> naive cafe: 2 (lower-cased, accents stripped)
#   "" and "  \n\t" -> 0; 101 letters "x" -> [UNK]: 1 (a word over 100
#   characters); "日本語" -> 3 (each CJK character a word)
set -euo pipefail
program="$1"
vocab="$2"
dir="${TEST_TMPDIR:-$(mktemp -d)}"

long=$(printf 'x%.0s' $(seq 101))
cat >"$dir/in.jsonl" <<JSON
{"id": "ident", "text": "getRunnerToken"}
{"id": "go", "text": "func (b *Build) Run() error {"}
{"id": "type", "text": "BuildLogger"}
{"id": "accents", "text": "naïve café"}
{"id": "empty", "text": ""}
{"id": "space", "text": "  \n\t"}
{"id": "long", "text": "$long"}
{"id": "cjk", "text": "日本語"}
JSON
"$program" "$vocab" "$dir/in.jsonl" "$dir/out.jsonl"
expected='{"id": "ident", "tokens": 4}
{"id": "go", "tokens": 12}
{"id": "type", "tokens": 3}
{"id": "accents", "tokens": 2}
{"id": "empty", "tokens": 0}
{"id": "space", "tokens": 0}
{"id": "long", "tokens": 1}
{"id": "cjk", "tokens": 3}'
if [ "$(cat "$dir/out.jsonl")" != "$expected" ]; then
  echo "FAIL: counts differ; expected:" >&2
  printf '%s\n' "$expected" >&2
  echo "found:" >&2
  cat "$dir/out.jsonl" >&2
  exit 1
fi

# refuses <input line> <expected message part>: exit 1, message, no output.
refuses() {
  printf '%s\n' '{"id": "ok", "text": "a"}' "$1" >"$dir/bad.jsonl"
  rm -f "$dir/bad.out"
  if "$program" "$vocab" "$dir/bad.jsonl" "$dir/bad.out" 2>"$dir/err"; then
    echo "FAIL: accepted $1" >&2
    exit 1
  fi
  grep -qF -- "$2" "$dir/err" || {
    echo "FAIL: for $1 expected a message with '$2', found: $(cat "$dir/err")" >&2
    exit 1
  }
  [ ! -e "$dir/bad.out" ] || { echo "FAIL: wrote an output for $1" >&2; exit 1; }
}
refuses '{"id": "b", "text": 3}' 'bad.jsonl:2: field "text": expected a string, found int'
refuses '{"id": "b"}' 'bad.jsonl:2: field "text": missing'
refuses '{"id": "", "text": "a"}' 'bad.jsonl:2: field "id": expected a non-empty string'
refuses '{"id": "ok", "text": "b"}' 'bad.jsonl:2: field "id": "ok" repeats line 1'
refuses '{"id": "b", "text": "a", "cost": 1}' 'bad.jsonl:2: field "cost": not a field'
refuses '["b"]' 'bad.jsonl:2: expected a JSON object, found list'
refuses '{"id": "b", "text": ' 'bad.jsonl:2: not a JSON object'
echo "PASS"
