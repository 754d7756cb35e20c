"""An external harness over an engine of bm25_engines.py (beside it): reads
the cell's corpus.jsonl and queries.jsonl with their `tokens` (the harness
config's external.tokens; docs/external_harness.md), indexes each document's
tokens, and writes the engine's top candidate_limit as a TREC run, scores
with Python's repr (shortest round-trip). The programs of X001 (bm25s) and
X002 (tantivy) call run(engine, k1, b).
"""
import argparse
import json
import os
import sys


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def token_lists(path, records):
    if records and not any("tokens" in r for r in records):
        sys.exit(f"{path}: expected a \"tokens\" field (set external {{ tokens: true }} in the "
                 "harness config), found none in any record")
    return [r.get("tokens", "").split() for r in records]


def run(engine, k1, b):
    # One thread for numpy's BLAS: a cell is one sequential process.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    parser = argparse.ArgumentParser()
    for flag in ("--corpus", "--queries", "--run", "--document_unit"):
        parser.add_argument(flag, required=True)
    parser.add_argument("--candidate_limit", type=int, required=True)
    args = parser.parse_args()
    docs = read_jsonl(args.corpus)
    if [d["id"] for d in docs] != [str(i) for i in range(len(docs))]:
        sys.exit(f"{args.corpus}: expected the ids 0, 1, ... in order")
    queries = read_jsonl(args.queries)
    from bm25_engines import ENGINES

    _, search = ENGINES[engine](token_lists(args.corpus, docs), k1, b, args.candidate_limit)
    with open(args.run, "w", encoding="utf-8") as out:
        for query, tokens in zip(queries, token_lists(args.queries, queries)):
            for rank, (doc, score) in enumerate(search(tokens), 1):
                out.write(f"{query['id']} Q0 {doc} {rank} {score!r} {engine}\n")
