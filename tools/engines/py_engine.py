"""bm25s's and tantivy's BM25 over the engine comparison's token streams, with
the command line and JSON output of every engine driver (tools/engines/README.md):

    .venv-engines/bin/python tools/engines/py_engine.py bm25s|tantivy \\
        <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>

bm25s: BM25(method="lucene", k1, b) indexed from the token lists as given
(its own vocabulary of them; no stemming, no stopwords); a query is its token
list with multiplicity. index_bytes: the score matrix's arrays.
tantivy: an in-RAM index, one text field with the "whitespace" tokenizer over
the pre-joined tokens, one writer thread; a query is a boolean query with one
SHOULD term query per token occurrence. Its BM25 has k1 = 1.2 and b = 0.75
built in (the Python bindings take no parameters), so k1 and b are reported
as used, not as asked. index_bytes: -1 (an in-RAM index does not say).
"""
import json
import statistics
import sys
import time


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 2 or fields[0] != str(len(rows)):
                sys.exit(f"{path}: line {n}: expected '<id {len(rows)}>\\t<tokens>'")
            rows.append(fields[1].split())
    return rows


def ms(since):
    return (time.perf_counter() - since) * 1e3


def bm25s_engine(docs, k1, b, top):
    import bm25s
    import numpy as np

    start = time.perf_counter()
    retriever = bm25s.BM25(method="lucene", k1=k1, b=b)
    retriever.index(docs, show_progress=False)
    build = ms(start)
    scores = retriever.scores
    index_bytes = int(sum(np.asarray(scores[k]).nbytes for k in ("data", "indices", "indptr")))

    def search(q):
        ids, values = retriever.retrieve([q], k=min(top, len(docs)), show_progress=False, n_threads=1)
        return [(int(i), float(s)) for i, s in zip(ids[0], values[0]) if s > 0]

    return {"version": bm25s.__version__, "k1": k1, "b": b, "build_ms": build, "index_bytes": index_bytes}, search


def tantivy_engine(docs, k1, b, top):
    import tantivy

    start = time.perf_counter()
    builder = tantivy.SchemaBuilder()
    builder.add_unsigned_field("id", stored=True)
    builder.add_text_field("body", stored=False, tokenizer_name="whitespace")
    schema = builder.build()
    index = tantivy.Index(schema)
    writer = index.writer(heap_size=200_000_000, num_threads=1)
    for i, d in enumerate(docs):
        writer.add_document(tantivy.Document(id=i, body=" ".join(d)))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()
    build = ms(start)

    def search(q):
        query = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", t)) for t in q])
        hits = searcher.search(query, top).hits
        return [(int(searcher.doc(addr)["id"][0]), float(score)) for score, addr in hits]

    version = getattr(tantivy, "__version__", "0.27.0")
    return {"version": version, "k1": 1.2, "b": 0.75, "build_ms": build, "index_bytes": -1}, search


def main(argv):
    if len(argv) != 8 or argv[1] not in ("bm25s", "tantivy"):
        sys.exit("usage: py_engine.py bm25s|tantivy <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>")
    name, docs_path, queries_path = argv[1:4]
    k1, b, top, passes = float(argv[4]), float(argv[5]), int(argv[6]), int(argv[7])
    docs, queries = read_tsv(docs_path), read_tsv(queries_path)
    make = bm25s_engine if name == "bm25s" else tantivy_engine
    info, search = make(docs, k1, b, top)
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
