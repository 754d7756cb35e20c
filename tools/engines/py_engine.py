"""bm25s's and tantivy's BM25 over the engine comparison's token streams, with
the command line and JSON output of every engine driver (tools/engines/README.md):

    .venv-engines/bin/python tools/engines/py_engine.py bm25s|tantivy \\
        <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>

The engines themselves are data/harnesses/external/bm25_engines.py (shared
with the external harnesses X001 and X002): a py_binary (//tools/engines:
py_engine) has it on its import path; run as a script (tools/engines/run.sh),
the file finds it in the workspace beside it.
"""
import json
import os
import statistics
import sys
import time

sys.path.append(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "data",
                             "harnesses", "external"))
from bm25_engines import ENGINES, ms  # noqa: E402


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 2 or fields[0] != str(len(rows)):
                sys.exit(f"{path}: line {n}: expected '<id {len(rows)}>\\t<tokens>'")
            rows.append(fields[1].split())
    return rows


def main(argv):
    if len(argv) != 8 or argv[1] not in ("bm25s", "tantivy"):
        sys.exit("usage: py_engine.py bm25s|tantivy <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>")
    name, docs_path, queries_path = argv[1:4]
    k1, b, top, passes = float(argv[4]), float(argv[5]), int(argv[6]), int(argv[7])
    docs, queries = read_tsv(docs_path), read_tsv(queries_path)
    info, search = ENGINES[name](docs, k1, b, top)
    cold, hits = [], []
    for q in queries:
        start = time.perf_counter()
        hits.append(search(q))
        cold.append(ms(start))
    warm = []
    for q in queries:
        runs = []
        for _ in range(passes):
            start = time.perf_counter()
            search(q)
            runs.append(ms(start))
        warm.append(statistics.median_low(runs))
    out = {"engine": name, **info, "cold_query_ms": [round(x, 4) for x in cold],
           "query_ms": [round(x, 4) for x in warm], "build_ms": round(info["build_ms"], 3),
           "hits": [[[i, float(f"{s:.9g}")] for i, s in h] for h in hits]}
    json.dump(out, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv)
