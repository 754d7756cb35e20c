"""Checks the explanation of each engine's ranking differences from this
project's BM25: a reference BM25 with the differences named (below) switched
on must give the engine's own top 200, query by query.

    python3 tools/engines/models.py <export dir>

Reads <unit>.docs.tsv, queries.tsv and <unit>.<engine>.json (compare.py keeps
them). For each engine and unit, prints how many queries have the same top 10
and the same top 200 (up to ties within 1e-6) as the engine, first for this
project's formula (stages/retrieval/bm25.h) and then for the engine's model:
  lucene   document lengths as Lucene stores them (one byte,
           SmallFloat.intToByte4: exact below 24 tokens, then 4 significant
           bits), float32 sums;
  tantivy  the same one-byte lengths, k1 = 1.2, b = 0.75 (fixed in its
           Python bindings), float32 sums;
  bm25s    float32 scores, exact ties with the larger document id first;
  xapian   Robertson-Sparck Jones idf ln(r), r = (N - df + 0.5) / (df + 0.5),
           with r < 2 replaced by r / 2 + 1 (Xapian's BM25Weight, so that no
           weight is negative), each query term once (k3 = 0 makes the
           query-frequency factor 1), the (k1 + 1) factor.
"""
import json
import math
import os
import struct
import sys
from collections import Counter

K1, B, TOP = 0.9, 0.4, 200
NUM_FREE_VALUES = 24  # 255 - longToInt4(Integer.MAX_VALUE)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def long_to_int4(i):
    bits = i.bit_length()
    if bits < 4:
        return i
    shift = bits - 4
    return ((i >> shift) & 0x07) | ((shift + 1) << 3)


def int4_to_long(i):
    bits, shift = i & 0x07, (i >> 3) - 1
    return bits if shift == -1 else (bits | 0x08) << shift


def lucene_length(dl):
    """SmallFloat.byte4ToInt(SmallFloat.intToByte4(dl))."""
    if dl < NUM_FREE_VALUES:
        return dl
    return NUM_FREE_VALUES + int4_to_long(long_to_int4(dl - NUM_FREE_VALUES))


def read_tsv(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t")[1].split() for line in f]


def rank(docs, query, model):
    k1, b = model.get("k1", K1), model.get("b", B)
    n = len(docs)
    avgdl = sum(len(d) for d in docs) / n
    tfs = [Counter(d) for d in docs]
    df = Counter(t for tf in tfs for t in tf)
    lengths = [lucene_length(len(d)) if model.get("byte_lengths") else len(d) for d in docs]
    f = f32 if model.get("f32") else float
    terms = sorted(set(query)) if model.get("unique_terms") else query
    scores = {}
    for t in terms:
        if t not in df:
            continue
        if model.get("rsj_idf"):
            ratio = (n - df[t] + 0.5) / (df[t] + 0.5)
            idf = math.log(ratio * 0.5 + 1 if ratio < 2 else ratio)  # BM25Weight::init: no negative weights
        else:
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
        scale = (k1 + 1) if model.get("k1_plus_1") else 1
        for i, tf in enumerate(tfs):
            if t in tf:
                s = idf * scale * tf[t] / (tf[t] + k1 * (1 - b + b * lengths[i] / avgdl))
                scores[i] = f(scores.get(i, 0.0) + f(s))
    larger_first = -1 if model.get("ties_larger_id_first") else 1
    return sorted(scores.items(), key=lambda x: (-x[1], larger_first * x[0]))[:TOP]


MODELS = {
    "lucene": {"byte_lengths": True, "f32": True},
    "tantivy": {"byte_lengths": True, "f32": True, "k1": 1.2, "b": 0.75},
    "bm25s": {"f32": True, "ties_larger_id_first": True},
    "xapian": {"rsj_idf": True, "unique_terms": True, "k1_plus_1": True},
}


def same_up_to_ties(a, b):
    """b is a's order except between documents whose scores in a differ by at
    most 1e-6 relative (float32 engines round tied sums apart by an ulp)."""
    if len(a) != len(b):
        return False
    listed = {d for d, _ in a}
    for (doc, score), (other, _) in zip(a, b):
        tol = 1e-6 * max(1.0, abs(score))
        tied = {d for d, s in a if abs(s - score) <= tol}
        # A tie that reaches the cut: a left out some of its documents.
        cut = other not in listed and abs(a[-1][1] - score) <= tol
        if doc != other and other not in tied and not cut:
            return False
    return True


def main(export):
    queries = read_tsv(os.path.join(export, "queries.tsv"))
    for engine, model in MODELS.items():
        for unit in ("files", "chunks"):
            path = os.path.join(export, f"{unit}.{engine}.json")
            if not os.path.exists(path):
                continue
            docs = read_tsv(os.path.join(export, f"{unit}.docs.tsv"))
            hits = json.load(open(path))["hits"]
            for label, m in (("ours", {}), (f"{engine}'s model", model)):
                top10 = ties = 0
                for q, query in enumerate(queries):
                    ranked = rank(docs, query, m)
                    theirs = [(d, s) for d, s in hits[q]]
                    top10 += [d for d, _ in ranked[:10]] == [d for d, _ in theirs[:10]]
                    ties += same_up_to_ties(theirs, ranked)
                print(f"{engine} {unit}: {label}: top 10 as {engine}'s {top10}/{len(queries)}, "
                      f"top 200 as {engine}'s up to ties {ties}/{len(queries)}")


if __name__ == "__main__":
    main(sys.argv[1])
