"""bm25s's and tantivy's BM25 over token lists: the ranking code shared by the
engine comparison's driver (tools/engines/py_engine.py) and the shipped
external harnesses X001 and X002 (engine_harness.py), so that both rank
with exactly the same calls (tools/engines/README.md, docs/external_harness.md).

    info, search = ENGINES[name](docs, k1, b, top)

`docs` is a list of token lists (document id = position); `search(tokens)`
returns the top `top` as (document id, score) pairs in the engine's own order,
positive scores only; a query without tokens matches nothing. `info` holds the
engine's version, the k1 and b it used, its build time in ms and its index
size in bytes (-1 when the engine does not say).

bm25s: BM25(method="lucene", k1, b) indexed from the token lists as given
(its own vocabulary of them; no stemming, no stopwords); a query is its token
list with multiplicity. index_bytes: the score matrix's arrays.
tantivy: an in-RAM index, one text field with the "whitespace" tokenizer over
the pre-joined tokens, one writer thread; a query is a boolean query with one
SHOULD term query per token occurrence. Its BM25 has k1 = 1.2 and b = 0.75
built in (the Python bindings take no parameters), so k1 and b are reported
as used, not as asked.
"""
import time


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
        if not q or not docs:
            return []
        ids, values = retriever.retrieve([q], k=min(top, len(docs)), show_progress=False, n_threads=1)
        return [(int(i), float(s)) for i, s in zip(ids[0], values[0]) if s > 0]

    return {"version": bm25s.__version__, "k1": k1, "b": b, "build_ms": build, "index_bytes": index_bytes}, search


def tantivy_engine(docs, k1, b, top):
    del k1, b  # fixed at 1.2 and 0.75 by the bindings
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
        if not q:
            return []
        query = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", t)) for t in q])
        hits = searcher.search(query, top).hits
        return [(int(searcher.doc(addr)["id"][0]), float(score)) for score, addr in hits]

    version = getattr(tantivy, "__version__", "0.27.0")
    return {"version": version, "k1": 1.2, "b": 0.75, "build_ms": build, "index_bytes": -1}, search


ENGINES = {"bm25s": bm25s_engine, "tantivy": tantivy_engine}
