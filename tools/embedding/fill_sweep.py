"""Times the MiniLM fill under each setting of a table, one fill each.

  .venv/bin/python tools/embedding/fill_sweep.py --fill <fill script> \
      --experiment <name> --limit N --settings <sweep.tsv> --sample <texts.jsonl> \
      --out <dir> [--profile NAME|best]

Run by tools/embedding/fill_sweep.sh, which builds <fill script>
(`bazel run --script_path` of //stages/grid/by_experiment:<experiment>/fill_vector_cache). For each row
of the settings table (settings.py), in order:
  1. starts tools/embedding_server.sh on a free loopback port with the row's
     threads, server batch size and OpenMP wait policy, and sends one warm-up
     request (a fixed text; the server keeps no cache, so no vector depends
     on it);
  2. fills an empty cache <out>/<name>/cache.sqlite with the experiment's
     first N distinct texts (--limit: the same sample for every row) in
     requests of the row's client batch, the fill recording its own wall
     time (--timing_json);
  3. reads the server's CPU seconds over the fill (/proc/<pid>/stat), the
     cache file's sha256, then stops the server it started (by its pid).
Before the fills, floor.py measures the compute floor for each thread count
of the table on the same sample (<out>/floor-t<T>.json, its stderr in
<out>/floor-t<T>.log); each row's rate is also given as a fraction of its
floor. --profile re-runs one row (or the fastest) with py-spy sampling the
server (profile_summary.py reads it). Writes <out>/results.json and prints
the tables as Markdown. Times are volatile: they go to <out>, never to an
artifact.
"""

import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import profile_summary
import settings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SERVER = os.path.join(ROOT, "tools", "embedding_server.sh")
PY_SPY = os.path.join(ROOT, ".venv", "bin", "py-spy")
MODEL_ID = "all-MiniLM-L6-v2"
DIMS = 384
PROFILE_RATE_HZ = profile_summary.RATE_HZ
FLOOR_BATCH = 32  # texts per in-process forward in floor.py


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--fill", required=True, help="the fill_vector_cache script (bazel run --script_path)")
    p.add_argument("--experiment", required=True)
    p.add_argument("--limit", type=int, required=True, help="texts in the sample")
    p.add_argument("--settings", required=True, help="the settings table (sweep.tsv)")
    p.add_argument("--sample", required=True, help="the fill's texts (fill_vector_cache --list_texts)")
    p.add_argument("--out", required=True, help="output directory (created; must be empty)")
    p.add_argument("--profile", default=None, help="a row's name, or best: profile it")
    args = p.parse_args(argv)
    if args.limit < 1:
        p.error(f"--limit: expected a positive integer, found {args.limit}")
    return args


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def model_digest():
    """The MiniLM wheel's model digest (tools/embedding_server.sh digest); when
    the server cannot give it, its own message (how to install it) as the exit."""
    done = subprocess.run([SERVER, "digest"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{SERVER} digest: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout.strip()


def run(cmd, log):
    with open(log, "a", encoding="utf-8") as out:
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode} (log: {log})")


def start_server(row, work):
    cmd = [SERVER, "start", work, "--port", str(free_port()), "--threads", str(row["threads"]),
           "--batch-size", str(row["server_batch"]), "--wait-policy", row["wait_policy"]]
    run(cmd, os.path.join(work, "sweep.log"))
    with open(os.path.join(work, "url"), encoding="utf-8") as f:
        url = f.read().strip()
    with open(os.path.join(work, "server.pid"), encoding="utf-8") as f:
        pid = int(f.read().strip())
    return url, pid


def warm_up(url):
    body = json.dumps({"model": MODEL_ID, "input": ["warm up"]}).encode()
    req = urllib.request.Request(f"{url}/v1/embeddings", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        resp.read()


def cpu_seconds(pid):
    """utime + stime of every thread of `pid` so far (proc(5), fields 14-15)."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fill(args, row, url, work, digest):
    timing = os.path.join(work, "timing.json")
    run(["bash", args.fill, f"--experiment={args.experiment}", f"--server={url}",
         f"--model_id={MODEL_ID}", f"--model_sha256={digest}", f"--dims={DIMS}",
         f"--cache={os.path.join(work, 'cache.sqlite')}", f"--batch={row['client_batch']}",
         f"--limit={args.limit}", f"--timing_json={timing}"], os.path.join(work, "fill.log"))
    with open(timing, encoding="utf-8") as f:
        record = json.load(f)
    if record["embedded"] != args.limit:
        raise SystemExit(f"{timing}: embedded {record['embedded']} texts, expected {args.limit}")
    return record


def start_profiler(pid, work):
    out = os.path.join(work, "profile.txt")
    with open(os.path.join(work, "py-spy.log"), "w", encoding="utf-8") as log:
        proc = subprocess.Popen([PY_SPY, "record", "--pid", str(pid), "--rate", str(PROFILE_RATE_HZ),
                                 "--format", "raw", "--threads", "--idle", "--output", out],
                                stdout=log, stderr=subprocess.STDOUT)
    time.sleep(1)  # attached before the first request
    return proc, out


def stop_profiler(proc):
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)


def measure(args, row, work, digest, profile=False):
    os.makedirs(work)
    with open("/proc/loadavg", encoding="utf-8") as f:
        load = float(f.read().split()[0])
    url, pid = start_server(row, work)
    profiler = None
    try:
        warm_up(url)
        if profile:
            profiler = start_profiler(pid, work)
        cpu_before = cpu_seconds(pid)
        record = fill(args, row, url, work, digest)
        cpu = cpu_seconds(pid) - cpu_before
    finally:
        if profiler:
            stop_profiler(profiler[0])
        run([SERVER, "stop", work], os.path.join(work, "sweep.log"))
    result = dict(row)
    result.update(
        texts_per_second=round(record["texts_per_second"], 2),
        fill_seconds=round(record["fill_seconds"], 2),
        server_cpu_seconds=round(cpu, 2),
        server_cores_busy=round(cpu / record["fill_seconds"], 2),
        load_before=load,
        cache_sha256=sha256_file(os.path.join(work, "cache.sqlite")),
    )
    if profiler:
        if not os.path.exists(profiler[1]):
            raise SystemExit(f"py-spy wrote no profile (log: {os.path.join(work, 'py-spy.log')})")
        result["profile"] = profile_summary.summarize(profiler[1])
    return result


def floors(args, rows):
    """floor.py's record for each thread count of the table, by thread count."""
    out = {}
    for threads in sorted({r["threads"] for r in rows}):
        path = os.path.join(args.out, f"floor-t{threads}.json")
        log = os.path.join(args.out, f"floor-t{threads}.log")  # torch's own messages
        with open(path, "w", encoding="utf-8") as f, open(log, "w", encoding="utf-8") as err:
            done = subprocess.run([sys.executable, os.path.join(HERE, "floor.py"), "--sample", args.sample,
                                   "--threads", str(threads), "--batch", str(FLOOR_BATCH)],
                                  stdout=f, stderr=err, check=False,
                                  env=dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1"))
        if done.returncode != 0:
            raise SystemExit(f"floor.py --threads {threads}: exit {done.returncode} (log: {log})")
        with open(path, encoding="utf-8") as f:
            out[threads] = json.load(f)
    return out


def floor_markdown(floor):
    lines = ["| threads | roof GFLOP/s | GFLOP per text | floor texts/s | in-process forward, sample "
             "order | in-process forward, length order | tokenization texts/s |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for threads, f in sorted(floor.items()):
        lines.append(f"| {threads} | {f['roof_gflops']:.0f} | {f['gflop_per_text']:.2f} | "
                     f"{f['floor_texts_per_second']:.1f} | {f['forward_texts_per_second']['sample_order']:.1f} | "
                     f"{f['forward_texts_per_second']['length_order']:.1f} | {f['tokenize_texts_per_second']:.0f} |")
    kinds = sorted(next(iter(floor.values()))["forward_self_cpu_by_kind"])
    lines += ["", "| threads | " + " | ".join(kinds) + " |", "|---:|" + "---:|" * len(kinds)]
    for threads, f in sorted(floor.items()):
        shares = f["forward_self_cpu_by_kind"]
        lines.append(f"| {threads} | " + " | ".join(
            f"{100 * shares.get(k, {'share': 0})['share']:.0f} %" for k in kinds) + " |")
    return "\n".join(lines)


def markdown(results):
    best = max(results, key=lambda r: r["texts_per_second"])
    groups = {}
    lines = ["| setting | threads | server batch | wait policy | fill --batch | texts/s | "
             "of the floor | server cores busy | cache |", "|---|---:|---:|---|---:|---:|---:|---:|---|"]
    for r in results:
        group = groups.setdefault(r["cache_sha256"], chr(ord("A") + len(groups)))
        mark = " (fastest)" if r is best else ""
        lines.append(f"| {r['name']}{mark} | {r['threads']} | {r['server_batch']} | {r['wait_policy']} "
                     f"| {r['client_batch']} | {r['texts_per_second']:.1f} | {100 * r['of_floor']:.0f} % "
                     f"| {r['server_cores_busy']:.2f} "
                     f"| {group} `{r['cache_sha256'][:8]}` |")
    return "\n".join(lines)


def main(argv):
    args = parse_args(argv)
    rows = settings.read_settings(args.settings)
    if args.profile not in (None, "best") and all(r["name"] != args.profile for r in rows):
        raise SystemExit(f"--profile: no setting named {args.profile!r} in {args.settings}")
    os.makedirs(args.out, exist_ok=True)
    if os.listdir(args.out):
        raise SystemExit(f"--out: {args.out} is not empty (each run writes a fresh directory)")
    digest = model_digest()
    floor = floors(args, rows)
    results = []
    for row in rows:
        result = measure(args, row, os.path.join(args.out, row["name"]), digest)
        result["of_floor"] = round(result["texts_per_second"] / floor[row["threads"]]["floor_texts_per_second"], 3)
        results.append(result)
        print(f"{row['name']}: {result['texts_per_second']:.1f} texts/s", file=sys.stderr)
    report = {"experiment": args.experiment, "limit": args.limit, "floor": floor, "settings": results}
    if args.profile:
        name = args.profile if args.profile != "best" else max(
            results, key=lambda r: r["texts_per_second"])["name"]
        row = next(r for r in rows if r["name"] == name)
        report["profile"] = measure(args, row, os.path.join(args.out, "profile-" + name), digest, True)
    with open(os.path.join(args.out, "results.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    print(floor_markdown(floor))
    print()
    print(markdown(results))
    if "profile" in report:
        print()
        print(profile_summary.markdown(report["profile"]["profile"], report["profile"]["fill_seconds"]))


if __name__ == "__main__":
    main(sys.argv[1:])
