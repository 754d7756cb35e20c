"""The engine comparison: each engine indexes the same token streams and
answers the same queries, each in its own process, in one run; prints one
Markdown table and the top-200 agreement of each engine with this project's
BM25 (tools/engines/README.md).

    python3 tools/engines/compare.py <export dir> <passes> <engine command>...

<export dir>: written by `corpus_benchmark --export_dir` (files.docs.tsv,
chunks.docs.tsv, queries.tsv, files.ours.tsv, chunks.ours.tsv). Each engine
command is "<name>=<argv prefix>", the prefix in POSIX shell words (shlex: quote
a path with spaces, '/a b/engine'; nothing is expanded); the driver is run as
<argv prefix> <docs.tsv> <queries.tsv> 0.9 0.4 200 <passes> and prints one
JSON object (engine_main.cc). Peak memory is the child's maximum resident set
(os.wait4); each driver's output is kept as <export dir>/<unit>.<name>.json.
Agreement with ours, per unit over the queries: the queries whose
top 10 is the same list, the mean share of ours' top 200 that the engine also
returns, and the queries whose top 200 is ours' order except between
documents whose scores (ours) differ by at most 1e-6 relative ("same up to
ties").
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

K1, B, TOP = "0.9", "0.4", "200"


def run(argv):
    """The driver's JSON and its resource usage (os.wait4: this child alone)."""
    with tempfile.TemporaryFile(mode="w+") as err:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            sys.exit(f"compare: {shlex.join(argv)} exited {proc.returncode}:\n{err.read()[-2000:]}")
    return json.loads(out), usage


def parse_engine(spec):
    """(name, argv prefix) of "<name>=<argv prefix>"; exits naming the spec when
    it has no name, no command or unbalanced quotes."""
    name, sep, prefix = spec.partition("=")
    try:
        argv = shlex.split(prefix)
        found = "no '='" if not sep else "no name" if not name else "no command" if not argv else None
    except ValueError as e:
        found = str(e)
    if found:
        sys.exit(f"compare: engine {spec!r}: expected <name>=<command in shell words>, found {found}")
    return name, argv


def read_ours(path):
    hits = {}
    with open(path) as f:
        for line in f:
            q, rank, doc, score = line.split("\t")
            hits.setdefault(int(q), []).append((int(doc), float(score)))
    return hits


def same_up_to_ties(ours, theirs):
    if len(ours) != len(theirs):
        return False
    listed = {d for d, _ in ours}
    for (doc, score), (other, _) in zip(ours, theirs):
        if doc == other:
            continue
        tol = 1e-6 * max(1.0, abs(score))
        tied = {d for d, s in ours if abs(s - score) <= tol}
        # A tie that reaches the cut: ours left out some of its documents.
        cut = other not in listed and abs(ours[-1][1] - score) <= tol
        if other not in tied and not cut:
            return False
    return True


def agreement(ours, hits):
    top10 = sum(1 for q, h in enumerate(hits) if [d for d, _ in h[:10]] == [d for d, _ in ours.get(q, [])[:10]])
    overlap = statistics.fmean(
        len({d for d, _ in h} & {d for d, _ in ours.get(q, [])}) / max(1, len(ours.get(q, [])))
        for q, h in enumerate(hits))
    ties = sum(1 for q, h in enumerate(hits) if same_up_to_ties(ours.get(q, []), [(d, s) for d, s in h]))
    return top10, overlap, ties


def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    export, passes = argv[1], argv[2]
    engines = [parse_engine(spec) for spec in argv[3:]]
    print("| unit | engine | version | build ms | cold build ms | index bytes | query ms, median | p95 "
          "| cold query ms, median | peak RSS MB | top-10 same | top-200 overlap | top-200 same up to ties |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for unit in ("files", "chunks"):
        ours = read_ours(os.path.join(export, f"{unit}.ours.tsv"))
        for name, prefix in engines:
            argv_ = prefix + [os.path.join(export, f"{unit}.docs.tsv"), os.path.join(export, "queries.tsv"),
                                      K1, B, TOP, passes]
            result, usage = run(argv_)
            with open(os.path.join(export, f"{unit}.{name}.json"), "w") as f:
                json.dump(result, f)
            top10, overlap, ties = agreement(ours, result["hits"])
            n = len(result["hits"])
            rss = f"{usage.ru_maxrss / 1024:.0f}"
            size = result["index_bytes"] if result["index_bytes"] >= 0 else "n/a"
            cold_build = result.get("build_cold_ms", result["build_ms"])
            print(f"| {unit} | {name} | {result['version']} | {result['build_ms']:.1f} | {cold_build:.1f} | {size} | "
                  f"{statistics.median(result['query_ms']):.3f} | {p95(result['query_ms']):.3f} | "
                  f"{statistics.median(result['cold_query_ms']):.3f} | {rss} | {top10}/{n} | {overlap:.3f} | "
                  f"{ties}/{n} |")


if __name__ == "__main__":
    main(sys.argv)
