#!/usr/bin/env bash
# The MiniLM fill's rate under each server setting, one fill each:
#   tools/embedding/fill_sweep.sh <out dir> [--experiment NAME] [--limit N]
#       [--settings FILE] [--profile NAME|best]
# Checks the settings table (default tools/embedding/sweep.tsv), builds the
# fill command once (//stages/grid/by_experiment:<experiment>/fill_vector_cache, as the script
# <out dir>/build/fill.sh that runs without Bazel), lists the experiment's
# first N distinct texts (default 1024 of e04: needs GITLAB_RUNNER_GIT) into
# <out dir>/build/sample.jsonl, then fill_sweep.py measures the floor and
# times a fill of that sample under each row of the table, writing
# <out dir>/runs/ (results.json, floor-t<T>.json, a directory per row) and
# printing the tables (docs/embedding.md, section 6). Needs
# tools/setup.sh --embedding-server and a quiet machine: every rate is of
# one fill. Writes only under <out dir>, which must be new or empty.
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd -P)
usage() { sed -n '3,4p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out="${1:-}"
if [ -z "$out" ] || [ "${out:0:1}" = - ]; then usage; fi
shift
experiment=e04 limit=1024 settings="$ROOT/tools/embedding/sweep.tsv" profile=()
while [ $# -gt 0 ]; do
  case "$1" in
    --experiment) experiment="${2:?--experiment needs a value}"; shift 2 ;;
    --limit) limit="${2:?--limit needs a value}"; shift 2 ;;
    --settings) settings="${2:?--settings needs a value}"; shift 2 ;;
    --profile) profile=(--profile "${2:?--profile needs a value}"); shift 2 ;;
    *) usage ;;
  esac
done
[[ $experiment =~ ^[a-z0-9_]+$ ]] || { echo "fill_sweep: --experiment: expected [a-z0-9_]+, found '$experiment'" >&2; exit 2; }
[[ $limit =~ ^[1-9][0-9]*$ ]] || { echo "fill_sweep: --limit: expected a positive integer, found '$limit'" >&2; exit 2; }
if [ ! -x "$ROOT/.venv/bin/py-spy" ] || [ ! -x "$ROOT/.venv/bin/infinity_emb" ]; then
  echo "fill_sweep: run tools/setup.sh --embedding-server first" >&2
  exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd -P)
[ -z "$(ls -A "$out")" ] || { echo "fill_sweep: $out is not empty" >&2; exit 2; }
settings=$(readlink -f "$settings")
"$ROOT/.venv/bin/python" "$ROOT/tools/embedding/settings.py" "$settings" > /dev/null
cd "$ROOT"
mkdir "$out/build"
bazel run --script_path="$out/build/fill.sh" "//stages/grid/by_experiment:$experiment/fill_vector_cache" 2> "$out/build/bazel.log" \
  || { tail -20 "$out/build/bazel.log" >&2; exit 1; }
bash "$out/build/fill.sh" --experiment="$experiment" --list_texts --limit="$limit" \
  > "$out/build/sample.jsonl" 2> "$out/build/list.log" \
  || { tail -20 "$out/build/list.log" >&2; exit 1; }
exec "$ROOT/.venv/bin/python" "$ROOT/tools/embedding/fill_sweep.py" --fill "$out/build/fill.sh" \
  --experiment "$experiment" --limit "$limit" --settings "$settings" \
  --sample "$out/build/sample.jsonl" --out "$out/runs" "${profile[@]}"
