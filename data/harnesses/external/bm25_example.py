"""An external harness: BM25 over corpus.jsonl, standard library only (docs/external_harness.md)."""
import argparse
import collections
import json
import math
import re


def tokens(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--corpus", "--queries", "--run", "--document_unit"):
        parser.add_argument(flag, required=True)
    parser.add_argument("--candidate_limit", type=int, required=True)
    args = parser.parse_args()
    with open(args.corpus, encoding="utf-8") as f:
        docs = [json.loads(line) for line in f]
    tfs = [collections.Counter(tokens(d["path"] + "\n" + d.get("text", ""))) for d in docs]
    lengths = [sum(tf.values()) for tf in tfs]
    avg_length = sum(lengths) / max(len(docs), 1)
    df = collections.Counter(t for tf in tfs for t in tf)
    k1, b = 0.9, 0.4
    with open(args.queries, encoding="utf-8") as f, open(args.run, "w", encoding="utf-8") as out:
        for query in map(json.loads, f):
            terms = sorted(set(tokens(query["text"])))
            scored = []
            for d, tf, length in zip(docs, tfs, lengths):
                score = sum(
                    math.log(1 + (len(docs) - df[t] + 0.5) / (df[t] + 0.5)) * tf[t] * (k1 + 1)
                    / (tf[t] + k1 * (1 - b + b * length / avg_length)) for t in terms if t in tf)
                if score > 0:
                    scored.append((-score, int(d["id"]), d["id"], score))
            for rank, (_, _, doc_id, score) in enumerate(sorted(scored)[:args.candidate_limit], 1):
                out.write(f"{query['id']} Q0 {doc_id} {rank} {score!r} bm25_example\n")


main()
