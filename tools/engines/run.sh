#!/usr/bin/env bash
# The engine comparison in one run (tools/engines/README.md):
#   tools/engines/run.sh <scratch dir> [fixture|real] [passes]
# 1. exports T29's base (real, needs GITLAB_RUNNER_GIT) or the fixture's F03
#    base (fixture): the project's token streams of files and chunks, the 15
#    (or 3) task queries and the project's BM25 top 200 (corpus_benchmark
#    --export_dir);
# 2. compiles the Lucene driver with the Temurin 25 JDK against the jars of
#    tools/setup.sh --engines;
# 3. runs ours, Xapian, Lucene, bm25s and tantivy on files and on chunks, each
#    in its own process, and prints compare.py's table;
# 4. prints models.py's check that each engine's differences from ours are
#    the ones named (its model reproduces its top 200).
# Needs tools/setup.sh --engines. Writes only under <scratch dir>.
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd -P)
usage="usage: tools/engines/run.sh <scratch dir> [fixture|real] [passes]"
(($# >= 1 && $# <= 3)) || { echo "$usage" >&2; exit 2; }
scratch=$1
if [[ $scratch == -* ]]; then
  echo "run.sh: expected a scratch directory, found the option '$scratch' (to name a directory" \
    "that starts with '-', write ./$scratch); $usage" >&2
  exit 2
fi
corpus="${2:-real}"
passes="${3:-50}"
case "$corpus" in
  real) target=//stages/grid/benchmarks:real_corpus_benchmark ;;
  fixture) target=//stages/grid/benchmarks:fixture_benchmark ;;
  *) echo "run.sh: corpus must be fixture or real, found '$corpus'" >&2; exit 2 ;;
esac
[[ $passes =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: passes must be a positive integer" >&2; exit 2; }
jdk=/usr/lib/jvm/temurin-25-jdk-amd64/bin
lib="$ROOT/tools/engines/lib"
if [ ! -x "$ROOT/.venv-engines/bin/python" ] || [ ! -d "$lib" ]; then
  echo "run.sh: run tools/setup.sh --engines first" >&2
  exit 2
fi
[ -x "$jdk/javac" ] || { echo "run.sh: Lucene 10 needs Java 21+: $jdk/javac not found" >&2; exit 2; }
mkdir -p "$scratch/export" "$scratch/classes"
scratch=$(cd "$scratch" && pwd -P)
cd "$ROOT"
bazel build "$target" //tools/engines:engine 2> "$scratch/build.log" || { tail -20 "$scratch/build.log" >&2; exit 1; }
bazel run "$target" -- --export_dir="$scratch/export" 2>> "$scratch/build.log"
cp="$lib/lucene-core-10.6.0.jar:$lib/lucene-analysis-common-10.6.0.jar"
"$jdk/javac" -d "$scratch/classes" -cp "$cp" tools/engines/lucene/LuceneBm25.java
# compare.py reads each engine's command as shell words: every path is one
# quoted word, whatever it holds (a space, a quote).
word() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
engine=$(word "$ROOT/bazel-bin/tools/engines/engine")
py="$(word "$ROOT/.venv-engines/bin/python") $(word "$ROOT/tools/engines/py_engine.py")"
/usr/bin/python3 tools/engines/compare.py "$scratch/export" "$passes" \
  "ours=$engine --engine=ours" \
  "xapian=$engine --engine=xapian" \
  "lucene=$(word "$jdk/java") --add-modules jdk.incubator.vector -cp $(word "$scratch/classes:$cp") LuceneBm25" \
  "bm25s=$py bm25s" \
  "tantivy=$py tantivy"
echo
/usr/bin/python3 tools/engines/models.py "$scratch/export"
