#!/usr/bin/env bash
# Smoke run of the engine comparison (tools/engines/README.md) on a small
# authored corpus: every driver runs, prints its JSON, and agrees with its
# model (models.py). This project's BM25 and Xapian always run; Lucene, bm25s
# and tantivy run when `tools/setup.sh --engines` installed them (found through
# the workspace; the test is tagged local), and are listed as not installed
# otherwise. Args: <engine binary> <compare.py> <models.py> <py_engine.py>
# <LuceneBm25.java> <run.sh>.
set -euo pipefail
engine="$1" compare="$2" models="$3" py_engine="$4" lucene_src="$5" run_sh=$(realpath -s "$6")
root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd -P)

# run.sh takes no option as its scratch directory, and no fourth argument.
expect_usage() {  # expect_usage <expected message part> <run.sh argument>...
  local want="$1" rc=0
  shift
  (cd "$TEST_TMPDIR" && "$run_sh" "$@") > "$TEST_TMPDIR/run_sh.log" 2>&1 || rc=$?
  if [ "$rc" -ne 2 ] || ! grep -qF -- "$want" "$TEST_TMPDIR/run_sh.log"; then
    cat "$TEST_TMPDIR/run_sh.log" >&2
    echo "FAIL: run.sh $*: expected exit 2 and '$want', got exit $rc (above)" >&2
    exit 1
  fi
}
expect_usage "run.sh: expected a scratch directory, found the option '-x'" -x
expect_usage "run.sh: expected a scratch directory, found the option '--help'" --help fixture
expect_usage "usage: tools/engines/run.sh <scratch dir> [fixture|real] [passes]" a fixture 5 extra
[ ! -e "$TEST_TMPDIR/-x" ] || { echo "FAIL: run.sh -x made a directory -x" >&2; exit 1; }

# The export directory and the engine binary in paths with spaces: an engine
# command is shell words (compare.py), so a quoted path stays one argument.
spaced="${TEST_TMPDIR:?}/a dir with spaces"
mkdir -p "$spaced"
cp "$engine" "$spaced/engine"
engine="$spaced/engine"
dir="$spaced/export"
mkdir -p "$dir"
# Six documents and three queries; a repeated query term, a tie, a term no
# document has.
printf '%s\n' $'0\tcache key branch release' $'1\tcache cache archive' $'2\tbranch release release notes' \
  $'3\tjob log password mask' $'4\tcache key branch release' $'5\tregistry password log' > "$dir/files.docs.tsv"
cp "$dir/files.docs.tsv" "$dir/chunks.docs.tsv"
printf '%s\n' $'0\tcache branch branch' $'1\tpassword log' $'2\tunknown release' > "$dir/queries.tsv"
# The reference: this project's top 200, as corpus_benchmark --export_dir writes it.
for unit in files chunks; do
  "$engine" --engine=ours "$dir/$unit.docs.tsv" "$dir/queries.tsv" 0.9 0.4 200 1 \
    | /usr/bin/python3 -c 'import json, sys
for q, hits in enumerate(json.load(sys.stdin)["hits"]):
    for r, (d, s) in enumerate(hits, 1):
        print(f"{q}\t{r}\t{d}\t{s!r}")' > "$dir/$unit.ours.tsv"
done
engines=("ours='$engine' --engine=ours" "xapian='$engine' --engine=xapian")
lib="$root/tools/engines/lib" jdk=/usr/lib/jvm/temurin-25-jdk-amd64/bin
if [ -d "$lib" ] && [ -x "$jdk/javac" ]; then
  cp="$lib/lucene-core-10.6.0.jar:$lib/lucene-analysis-common-10.6.0.jar"
  "$jdk/javac" -d "$TEST_TMPDIR/classes" -cp "$cp" "$lucene_src"
  engines+=("lucene=$jdk/java -cp '$TEST_TMPDIR/classes:$cp' LuceneBm25")
else
  echo "not installed: Lucene (tools/setup.sh --engines; a Java 21+ JDK at $jdk)"
fi
if [ -x "$root/.venv-engines/bin/python" ]; then
  engines+=("bm25s=$root/.venv-engines/bin/python $py_engine bm25s" "tantivy=$root/.venv-engines/bin/python $py_engine tantivy")
else
  echo "not installed: bm25s, tantivy (tools/setup.sh --engines)"
fi
if /usr/bin/python3 "$compare" "$dir" 3 "ours='$engine --engine=ours" 2> "$TEST_TMPDIR/quote.log" \
  || ! grep -qF "expected <name>=<command in shell words>, found No closing quotation" "$TEST_TMPDIR/quote.log"; then
  cat "$TEST_TMPDIR/quote.log" >&2
  echo "FAIL: compare.py took an engine command with an unbalanced quote (above)" >&2
  exit 1
fi
/usr/bin/python3 "$compare" "$dir" 3 "${engines[@]}" | tee "$TEST_TMPDIR/table.md"
grep -q '^| files | ours | this project |.*| 3/3 | 1.000 | 3/3 |$' "$TEST_TMPDIR/table.md" \
  || { echo "FAIL: ours does not agree with itself" >&2; exit 1; }
/usr/bin/python3 "$models" "$dir" | tee "$TEST_TMPDIR/models.txt"
if grep "model:" "$TEST_TMPDIR/models.txt" | grep -v "top 10 as [a-z0-9]*'s 3/3, top 200 as [a-z0-9]*'s up to ties 3/3$"; then
  echo "FAIL: an engine's model does not reproduce its top 200 (above)" >&2
  exit 1
fi
echo "PASS: ${#engines[@]} engines ran; every engine's model reproduces its ranking"
