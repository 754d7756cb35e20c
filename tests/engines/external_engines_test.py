"""The shipped external harnesses X001 (bm25s) and X002 (tantivy) against the
engine comparison (docs/external_harness.md, "The shipped harnesses").

On the engine comparison's fixture export (F03's base, //stages/grid/benchmarks:
fixture_export), each program runs through the protocol: docs.tsv and
queries.tsv become corpus.jsonl (one document a line, with `tokens`) and one
queries.jsonl per query, and the program is run with the cell's command line.
Its run, ranked as the cell ranks it (score descending, then id), must give
per query the same top 200 as py_engine.py's run of the same engine (ids and
order; documents whose scores differ by at most 1e-6, relative, may swap, as
tools/engines/README.md defines ties). Every program, py_engine.py included,
runs on the wheels of tools/python/engines.lock (no virtual environment).

Determinism: each program runs twice on each query; the two runs must be
byte-equal, else the program and the first differing line are named.

Args: <export dir file> <py_engine> <bm25s harness> <tantivy harness>
"""
import json
import os
import subprocess
import sys
import tempfile

TOP = 200
# (harness, program argument index, engine, k1, b): X001 with H000's k1 and b;
# X002's are tantivy's own (its bindings take none).
HARNESSES = [("X001", 3, "bm25s", 0.9, 0.4), ("X002", 4, "tantivy", 1.2, 0.75)]


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[1] for line in f]


def write_jsonl(path, records):
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")


def canonical(rows):
    """(id, score) rows in rank order -> ids with each tie group sorted by id."""
    out, group = [], []
    for doc, score in rows:
        if group and abs(score - group[0][1]) > 1e-6 * max(abs(score), abs(group[0][1])):
            out += sorted(d for d, _ in group)
            group = []
        group.append((doc, score))
    return out + sorted(d for d, _ in group)


def run_program(program, work, query_id, n):
    run = os.path.join(work, f"{query_id}.{n}.run")
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "TMPDIR": work, "LC_ALL": "C.UTF-8",
           "LANG": "C.UTF-8", "TZ": "UTC", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
           "RUNFILES_DIR": os.environ["RUNFILES_DIR"]}
    subprocess.run([program, f"--corpus={work}/corpus.jsonl",
                    f"--queries={work}/{query_id}.queries.jsonl", f"--run={run}",
                    f"--candidate_limit={TOP}", "--document_unit=files"],
                   env=env, check=True, stdin=subprocess.DEVNULL)
    with open(run, encoding="utf-8") as f:
        return f.read()


def ranked(text, query_id):
    rows = []
    for line in text.splitlines():
        qid, _, doc, _, score, _ = line.split()
        if qid != query_id:
            fail(f"run line {line!r}: expected query id {query_id}")
        rows.append((int(doc), float(score)))
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def main(argv):
    export = os.path.dirname(argv[1])
    py_engine = argv[2]
    docs = read_tsv(os.path.join(export, "files.docs.tsv"))
    queries = read_tsv(os.path.join(export, "queries.tsv"))
    if not docs or not queries:
        fail(f"{export}: expected documents and queries, found {len(docs)} and {len(queries)}")
    with tempfile.TemporaryDirectory() as work:
        write_jsonl(os.path.join(work, "corpus.jsonl"),
                    [{"id": str(i), "path": f"d{i}.go", "language": "go", "tokens": t}
                     for i, t in enumerate(docs)])
        for q, tokens in enumerate(queries):
            write_jsonl(os.path.join(work, f"Q{q}.queries.jsonl"),
                        [{"id": f"Q{q}", "text": tokens, "tokens": tokens}])
        for harness, arg, engine, k1, b in HARNESSES:
            program = argv[arg]
            reference = json.loads(subprocess.run(
                [py_engine, engine, os.path.join(export, "files.docs.tsv"),
                 os.path.join(export, "queries.tsv"), str(k1), str(b), str(TOP), "1"],
                check=True, capture_output=True, text=True).stdout)
            for q in range(len(queries)):
                first, second = (run_program(program, work, f"Q{q}", n) for n in (1, 2))
                if first != second:
                    a, b2 = first.splitlines(), second.splitlines()
                    n = next((i for i, (x, y) in enumerate(zip(a, b2)) if x != y), min(len(a), len(b2)))
                    fail(f"{harness} ({program}), query Q{q}: two runs differ; first differing "
                         f"line {n + 1}: {a[n] if n < len(a) else '<none>'!r} against "
                         f"{b2[n] if n < len(b2) else '<none>'!r}")
                ours = canonical(ranked(first, f"Q{q}"))
                theirs = canonical([(d, s) for d, s in reference["hits"][q]])
                if ours != theirs:
                    n = next((i for i, (x, y) in enumerate(zip(ours, theirs)) if x != y),
                             min(len(ours), len(theirs)))
                    fail(f"{harness}, query Q{q}: expected py_engine.py {engine}'s top {TOP} "
                         f"({len(theirs)} documents), found {len(ours)}; first difference at "
                         f"rank {n + 1}")
                print(f"{harness} Q{q}: {len(ours)} documents, the same top {TOP} as py_engine.py "
                      f"{engine}; two runs byte-equal")


if __name__ == "__main__":
    main(sys.argv)
