"""X001: bm25s's BM25 (method="lucene") with H000's k1 = 0.9, b = 0.4 over this
project's tokens (data/harnesses/external/engine_harness.py)."""
from engine_harness import run

run("bm25s", k1=0.9, b=0.4)
