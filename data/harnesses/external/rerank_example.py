"""A reranker's external scorer: every document of the pool, by query-term coverage (docs/rerank.md).

corpus.jsonl is the pool; each document scores the share of the query's distinct terms it holds
(ties: more occurrences first). Every document is returned, as a scorer must. Standard library only.
"""
import argparse
import json
import re


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--corpus", "--queries", "--run"):
        parser.add_argument(flag, required=True)
    args, _ = parser.parse_known_args()  # --candidate_limit, --document_unit: the pool fits
    with open(args.corpus, encoding="utf-8") as f:
        docs = [json.loads(line) for line in f]
    words = [re.findall(r"[a-z0-9]+", (d["path"] + "\n" + d.get("text", "")).lower()) for d in docs]
    with open(args.queries, encoding="utf-8") as f, open(args.run, "w", encoding="utf-8") as out:
        for query in map(json.loads, f):
            terms = set(re.findall(r"[a-z0-9]+", query["text"].lower()))
            for rank, (d, w) in enumerate(zip(docs, words), 1):
                hits = sum(1 for x in w if x in terms)
                score = len(terms.intersection(w)) / max(len(terms), 1) + hits / (1 + hits) / 1000
                out.write(f"{query['id']} Q0 {d['id']} {rank} {score!r} rerank_example\n")


main()
