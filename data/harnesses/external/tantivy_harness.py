"""X002: tantivy's BM25 (its bindings fix k1 = 1.2, b = 0.75) over this
project's tokens, whitespace tokenizer (data/harnesses/external/engine_harness.py)."""
from engine_harness import run

run("tantivy", k1=1.2, b=0.75)
