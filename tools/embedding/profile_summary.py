"""What the embedding server spends a fill on, from a py-spy profile.

summarize(path) reads py-spy's raw output (`py-spy record --format raw
--threads --idle`: one line a distinct stack, "thread (<tid>): <name>;<frame>;...
<samples>", root first) and returns the server's busy time by what it was
doing, in seconds (samples / RATE_HZ). py-spy shows a thread in C by its
innermost Python frame, so a sample counts as idle when that frame is a wait
(IDLE_LEAVES): a lock or queue wait, a sleep, one of infinity's polling
sleeps between batches, or uvicorn's event loop, which runs in C (uvloop):
its samples are socket I/O or waiting, and are counted idle, so the HTTP
server's own time is at most what the model thread leaves of the fill.
Busy samples are put in the first KINDS entry whose needle occurs in one of
their frames, searched from the innermost frame out; the rest are "other".
markdown(summary, fill_seconds) prints it as a table with each kind's share
of the fill's wall time, and the model thread's busy share: the rest of the
wall time is the model waiting for the next batch (HTTP, the fill's client,
tokenization).
"""

RATE_HZ = 100  # fill_sweep.py's py-spy --rate

IDLE_LEAVES = ("Condition.wait (", "Event.wait (", "sleep (", "_worker (concurrent/futures/thread.py",
               "send_telemetry_start (", "BatchHandler._publish_towards_model (",
               "ModelWorker._postprocess_batch (", "ModelWorker._preprocess_batch (", "Runner.run (")
KINDS = (
    ("forward: dense layers", ("Linear.forward (",)),
    ("forward: attention", ("SelfAttention.forward (", "scaled_dot_product")),
    ("forward: the rest (GELU, layer norm, embeddings, pooling, module calls)", ("encode_core (",)),
    ("tokenization", ("encode_pre (",)),
    ("length scheduling (tokenizer)", ("tokenize_lengths (",)),
    ("postprocess (normalise, to numpy)", ("encode_post (",)),
    ("HTTP handlers and JSON (Python)", ("MainThread",)),
)
FORWARD_THREAD = "the model thread, busy (all forward kinds)"


def _parse(line):
    stack, count = line.rstrip("\n").rsplit(" ", 1)
    frames = stack.split(";")
    thread = frames[0].split(": ", 1)[1] if ": " in frames[0] else frames[0]
    return thread, frames[1:], int(count)


def _kind(thread, frames):
    for name, needles in KINDS:
        for frame in reversed([thread] + frames):
            if any(n in frame for n in needles):
                return name
    return "other"


def summarize(path):
    busy, idle = {}, 0
    forward_threads = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            thread, frames, count = _parse(line)
            if not frames or any(frames[-1].startswith(leaf) for leaf in IDLE_LEAVES):
                idle += count
                continue
            kind = _kind(thread, frames)
            busy[kind] = busy.get(kind, 0) + count
            if kind.startswith("forward"):
                forward_threads[thread] = forward_threads.get(thread, 0) + count
    seconds = {k: round(v / RATE_HZ, 2) for k, v in sorted(busy.items(), key=lambda kv: -kv[1])}
    return {"busy_seconds": seconds, "idle_seconds": round(idle / RATE_HZ, 2),
            "forward_seconds": round(sum(forward_threads.values()) / RATE_HZ, 2)}


def markdown(summary, fill_seconds):
    lines = ["| the server was busy with | seconds | share of the fill's wall time |", "|---|---:|---:|"]
    for kind, s in summary["busy_seconds"].items():
        lines.append(f"| {kind} | {s:.2f} | {100 * s / fill_seconds:.0f} % |")
    lines.append(f"| {FORWARD_THREAD} | {summary['forward_seconds']:.2f} | "
                 f"{100 * summary['forward_seconds'] / fill_seconds:.0f} % |")
    return "\n".join(lines)
