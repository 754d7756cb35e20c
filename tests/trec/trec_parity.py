"""Parity of a report's numbers with trec_eval (through pytrec_eval).

  trec_parity.py <report dir>      e.g. bazel-bin/reports/e04, bazel-bin/reports/w04

The report's kind is read from the directory: a grid report holds report.json,
the W04 report w04.json, W04 over a pool pool.json. Reads the TREC runs and qrels a report exports and evaluates them with
pytrec_eval (trec_eval's own C code); compares every value with the one the
report holds (report.json or w04.json, full precision), to TOLERANCE. Where
trec_eval has no measure, the value is recomputed here, independently of the
C++ code, from the same files:

  E04, per unit (report.json "units": every harness x task x condition at
  every parameter, S003 and every S001 depth included; each exported
  <H>.<C>.run must be read by some unit):
    recall_at_1/5/10         trec_eval recall.1,5,10 on <H>.<C>.run, files.qrels
    mrr                      trec_eval recip_rank
    ndcg_at_10               trec_eval ndcg_cut.10 (binary grades: linear gain 1)
    function_recall_at_10    trec_eval recall.10 on <H>.<C>.functions.run,
                             functions.qrels; a task without gold functions has
                             no qrels line, and the report must say 0 gold
    first_gold_rank          recomputed: first rank whose docno is in the
                             qrels, else candidate_limit + 1 (censored), with
                             first_gold_observed
    file_acc_at_1/3/5/10     recomputed (trec_eval has no Acc@k): 1 when every
                             files.qrels docno of the topic is in the first k
                             lines of <H>.<C>.run, else 0; against cells.csv
    function_acc_at_1/3/5/10 the same on <H>.<C>.functions.run and
                             functions.qrels; a topic without function qrels
                             must leave the cells.csv fields empty (undefined)
    Acc@k means              each baseline Summary row of file_acc_at_k and
                             function_acc_at_k (per harness and "all"): the
                             plain mean, and the count, of the recomputed
                             values over the units where they are defined
    ranked files             rankings.pb (the report's lists, out of
                             report.json) read through its reader: each
                             unit's files in the order of its run, when
                             $PRINT_RANKINGS names the reader
                             (bazel-bin/stages/grid/reports/print_rankings;
                             the report tests set it)
  W04: ndcg_cut.3 and recall.3, recall.5 of w04.<condition>.run, w04.qrels
  W04 over a pool (pool.json): per topic ndcg_cut.k and recall of baseline.run and treatment.run
  on pool.qrels with grades 2^g - 1; both packings recomputed from ledger.jsonl; the means
  (grades 2^g - 1: trec_eval's gain is linear in the grade).

  E04 reranker rows (report.json rerank_comparisons "R-F", docs/rerank.md):
    each Summary row of R-F with metric rerank_<m> (m: recall_at_1/5/10,
    mrr, ndcg_at_10): its mean and unit count against the plain mean over
    the tasks of trec_eval's measure on R's run minus F's, under the row's
    condition (the units give its cell suffix; S001 at the first depth is
    dose 0); the bootstrap bounds are not rechecked.

  E04 funnel (report.json "packing": the cells pack, docs/metrics.md "The
    funnel"): per unit, the funnel's gold functions against functions.qrels,
    and each one's above_cutoff against "in the first 10 lines of
    <H>.<C>.functions.run for the topic", and a reranker's
    rank_before_rerank within 10 against its first stage's functions run;
    each Summary row funnel_above_cutoff and funnel_above_cutoff_before_rerank
    (per harness, per condition and dose) against the share of the recomputed
    values and their count. The packing stages need the units' costs, which
    no TREC file carries: tests/packing recomputes them.

  E04 paired randomization tests (report.json paired_tests): each p-value is
    recomputed by enumerating every sign assignment of the per-task baseline
    differences (itertools.product; above 20 units the Monte Carlo test with its
    documented seed and sample count, mt19937_64 written out here), and Holm's adjustment
    of the table from those, to 1e-12.

A unit whose harness returned nothing (no query term in its pool: TREC runs
have no row for the topic) is checked as trec_eval -c scores it: 0 on every
measure (swe_py's psf__requests-7395, "Fix remaining typos", under S003
and the gold candidates only).

Budget coverage needs the files' token counts, which no TREC file carries: it
is not rechecked here (stages/grid/cells/outcomes_test.cc covers it).

Prints the number of values compared and the largest absolute difference;
exits 1 listing every mismatch.
"""
import csv
import itertools
import json
import os
import subprocess
import sys

import pytrec_eval

TOLERANCE = 1e-12


def read_qrels(path):
    qrels = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            parts = line.split()
            if len(parts) != 4:
                sys.exit(f"{path}:{n}: expected 4 fields, found {len(parts)}")
            qrels.setdefault(parts[0], {})[parts[2]] = int(parts[3])
    return qrels


def read_run(path):
    run, order = {}, {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            parts = line.split()
            if len(parts) != 6:
                sys.exit(f"{path}:{n}: expected 6 fields, found {len(parts)}")
            qid, _, docno, rank, score, _ = parts
            run.setdefault(qid, {})[docno] = float(score)
            order.setdefault(qid, []).append((int(rank), docno))
    return run, {q: [d for _, d in sorted(v)] for q, v in order.items()}


class Checker:
    def __init__(self):
        self.compared = 0
        self.max_diff = 0.0
        self.mismatches = []

    def value(self, where, name, ours, reference):
        self.compared += 1
        diff = abs(float(ours) - float(reference))
        self.max_diff = max(self.max_diff, diff)
        if diff > TOLERANCE:
            self.mismatches.append(f"{where}: {name}: report {ours!r}, reference {reference!r}")

    def equal(self, where, name, ours, reference):
        self.compared += 1
        if ours != reference:
            self.mismatches.append(f"{where}: {name}: report {ours!r}, reference {reference!r}")

    def finish(self, what):
        print(f"{what}: {self.compared} values compared with trec_eval (pytrec_eval) or an "
              f"independent recomputation; largest absolute difference {self.max_diff:.3g}")
        if self.mismatches:
            print(f"FAIL: {len(self.mismatches)} mismatches (tolerance {TOLERANCE}):")
            for m in self.mismatches[:50]:
                print("  " + m)
            sys.exit(1)


def grid(report):
    with open(os.path.join(report, "report.json")) as f:
        e = json.load(f)
    files_qrels = read_qrels(os.path.join(report, "files.qrels"))
    function_qrels = read_qrels(os.path.join(report, "functions.qrels"))
    file_eval = pytrec_eval.RelevanceEvaluator(
        files_qrels, {"recall.1,5,10", "recip_rank", "ndcg_cut.10"})
    function_eval = pytrec_eval.RelevanceEvaluator(function_qrels, {"recall.10"})
    cache = {}
    function_orders = {}

    def evaluated(tag):
        if tag not in cache:
            run, order = read_run(os.path.join(report, tag + ".run"))
            functions, function_orders[tag] = read_run(os.path.join(report, tag + ".functions.run"))
            cache[tag] = (file_eval.evaluate(run), function_eval.evaluate(functions), order)
        return cache[tag]

    check = Checker()
    rows = 0
    for unit in e["units"]:
        o = unit["outcome"]
        rows += 1
        tag = f"{unit['harness']}.{unit['cell_suffix']}"
        where = f"{unit['unit_id']} ({tag}.run, topic {o['task_id']})"
        files, functions, order = evaluated(tag)
        m = files.get(o["task_id"])
        if m is None and o["task_id"] in files_qrels and o["task_id"] not in order:
            # The harness returned nothing (no query term in the pool): the run
            # has no row for the topic, which trec_eval -c scores 0 on every measure.
            m = EMPTY_RUN_MEASURES
        if m is None:
            check.mismatches.append(f"{where}: topic missing from the run or the qrels")
            continue
        for ours, ref in (("recall_at_1", "recall_1"), ("recall_at_5", "recall_5"),
                          ("recall_at_10", "recall_10"), ("mrr", "recip_rank"),
                          ("ndcg_at_10", "ndcg_cut_10")):
            check.value(where, ours, o.get(ours, 0), m[ref])
        if o.get("gold_functions", 0) > 0:
            check.value(where, "function_recall_at_10", o.get("function_recall_at_10", 0),
                        functions.get(o["task_id"], {"recall_10": 0.0})["recall_10"])
        else:
            check.equal(where, "gold_functions == 0 has no function qrels",
                        o["task_id"] in function_qrels, False)
        ranked = order.get(o["task_id"], [])
        gold = files_qrels[o["task_id"]]
        first = next((i + 1 for i, d in enumerate(ranked) if gold.get(d, 0) > 0), None)
        limit = o["candidate_limit"]
        check.equal(where, "first_gold_rank", o["first_gold_rank"],
                    first if first is not None else limit + 1)
        check.equal(where, "first_gold_observed", o.get("first_gold_observed", False),
                    first is not None)
    check_accuracy(report, e, files_qrels, function_qrels, cache, function_orders, check)
    check_every_run_checked(report, cache, check)
    check_rankings(report, e, cache, check)
    check_paired_tests(e, check)
    check_rerank_rows(e, files_qrels, evaluated, check)
    check_funnel(e, function_qrels, function_orders, check)
    check.finish(f"grid report, {e.get('experiment') or e['grid']}: {rows} units, "
                 f"{len(cache)} runs, "
                 f"{len(e.get('paired_tests', []))} paired tests")


CUTOFFS = (1, 3, 5, 10)

FUNNEL_CUTOFF = 10


def funnel_group(e, unit):
    """The (harness, condition, dose) of a unit's Summary rows: a distractor kind's dose, else 0."""
    kinds = {c["id"]: c.get("kind") for c in e["conditions"]}
    dose = unit.get("parameter", 0) if kinds.get(unit["condition"]) == "CONDITION_KIND_DISTRACTORS" else 0
    return unit["harness"], unit["condition"], dose


def check_funnel(e, function_qrels, function_orders, check):
    """Each unit's funnel top-10 stages from the functions runs, and their Summary rows."""
    if "packing" not in e or len(e.get("s001_depths", [])) > 1:
        return
    first_stage = dict(c.split("-", 1) for c in e.get("rerank_comparisons", []))
    shares = {}  # (harness, condition, dose, metric) -> recomputed 0/1 per gold function
    for unit in e["units"]:
        o = unit["outcome"]
        task = o["task_id"]
        gold = sorted(d for d, grade in function_qrels.get(task, {}).items() if grade > 0)
        funnel = o.get("funnel", [])
        check.equal(unit["unit_id"], "funnel gold functions", [s["function"] for s in funnel], gold)
        stages = [("funnel_above_cutoff", unit["harness"],
                   lambda s: s.get("above_cutoff", False))]
        if unit["harness"] in first_stage:
            stages.append(("funnel_above_cutoff_before_rerank", first_stage[unit["harness"]],
                           lambda s: 0 < s.get("rank_before_rerank", 0) <= FUNNEL_CUTOFF))
        for metric, ranker, reached in stages:
            tag = f"{ranker}.{unit['cell_suffix']}"
            top = set(function_orders[tag].get(task, [])[:FUNNEL_CUTOFF])
            where = f"{unit['unit_id']} ({metric}, {tag}.functions.run)"
            for s in funnel:
                check.equal(where, s["function"], reached(s), s["function"] in top)
            key = funnel_group(e, unit) + (metric,)
            shares.setdefault(key, []).extend(1.0 if g in top else 0.0 for g in gold)
    for s in e.get("summaries", []):
        key = (s["harness"], s["condition"], s.get("dose", 0), s["metric"])
        if key not in shares:
            continue
        values = shares.pop(key)
        where = f"summary {' '.join(map(str, key))}"
        check.equal(where, "units", s["value"].get("units", 0), len(values))
        check.value(where, "mean", s["value"].get("mean", 0), sum(values) / len(values))
    for key in sorted(k for k, v in shares.items() if v):
        check.mismatches.append(f"summary {' '.join(map(str, key))}: missing")


RERANK_MEASURES = {"recall_at_1": "recall_1", "recall_at_5": "recall_5",
                   "recall_at_10": "recall_10", "mrr": "recip_rank", "ndcg_at_10": "ndcg_cut_10"}


def rerank_suffixes(e):
    """(condition, Summary dose) -> cell suffix and the tasks of each, from the units."""
    stale = {c["id"] for c in e["conditions"] if c["kind"] == "CONDITION_KIND_STALE_INDEX"}
    depths = e.get("s001_depths", [])
    suffix, tasks = {}, {}
    for unit in e["units"]:
        dose = unit.get("parameter", 0)
        if unit["condition"] in stale and depths and dose == depths[0]:
            dose = 0
        suffix[(unit["condition"], dose)] = unit["cell_suffix"]
        tasks.setdefault(unit["cell_suffix"], [])
        if unit["task_id"] not in tasks[unit["cell_suffix"]]:
            tasks[unit["cell_suffix"]].append(unit["task_id"])
    return suffix, tasks


def check_rerank_rows(e, files_qrels, evaluated, check):
    """Each reranker row: the mean of R's measure minus F's over the tasks."""
    comparisons = set(e.get("rerank_comparisons", []))
    suffix, tasks = rerank_suffixes(e)
    for s in e.get("summaries", []):
        if s["harness"] not in comparisons:
            continue
        r, f = s["harness"].split("-", 1)
        ref = RERANK_MEASURES[s["metric"][len("rerank_"):]]
        cell = suffix[(s["condition"], s.get("dose", 0))]
        where = f"{s['harness']} {cell} {s['metric']}"
        differences = []
        for task in tasks[cell]:
            if task not in files_qrels:
                continue
            a = evaluated(f"{r}.{cell}")[0].get(task, EMPTY_RUN_MEASURES)[ref]
            b = evaluated(f"{f}.{cell}")[0].get(task, EMPTY_RUN_MEASURES)[ref]
            differences.append(a - b)
        check.equal(where, "units", s["value"].get("units", 0), len(differences))
        check.value(where, "mean", s["value"].get("mean", 0),
                    sum(differences) / len(differences) if differences else 0.0)

# trec_eval -c: a topic of the qrels that the run lacks scores 0 on every measure.
EMPTY_RUN_MEASURES = {"recall_1": 0.0, "recall_5": 0.0, "recall_10": 0.0, "recip_rank": 0.0,
                      "ndcg_cut_10": 0.0}


def accuracy(ranked, gold, k):
    """Acc@k: 1 when every relevant docno of the topic is in the first k, else 0."""
    relevant = {d for d, grade in gold.items() if grade > 0}
    return 1.0 if relevant and relevant <= set(ranked[:k]) else 0.0


def read_cells(report):
    with open(os.path.join(report, "cells.csv"), newline="") as f:
        return {row["unit_id"]: row for row in csv.DictReader(f)}


def check_accuracy(report, e, files_qrels, function_qrels, cache, function_orders, check):
    """Every unit's Acc@k in cells.csv, recomputed from the runs and qrels, and
    the baseline Summary means of Acc@k from those recomputed values."""
    cells = read_cells(report)
    baseline_ids = {c["id"] for c in e["conditions"] if c.get("kind") == "CONDITION_KIND_BASELINE"}
    means = {}  # (harness or "all", metric) -> recomputed values
    for unit in e["units"]:
        task = unit["outcome"]["task_id"]
        tag = f"{unit['harness']}.{unit['cell_suffix']}"
        where = f"{unit['unit_id']} (cells.csv, {tag}.run)"
        row = cells.get(unit["unit_id"])
        if row is None:
            check.mismatches.append(f"{where}: no cells.csv row")
            continue
        levels = [("file", cache[tag][2].get(task, []), files_qrels[task])]
        if task in function_qrels:
            levels.append(("function", function_orders[tag].get(task, []), function_qrels[task]))
        else:
            for k in CUTOFFS:
                check.equal(where, f"function_acc_at_{k} undefined", row[f"function_acc_at_{k}"], "")
        for level, ranked, gold in levels:
            for k in CUTOFFS:
                metric = f"{level}_acc_at_{k}"
                value = accuracy(ranked, gold, k)
                check.value(where, metric, row[metric], value)
                if unit["condition"] in baseline_ids:
                    for scope in (unit["harness"], "all"):
                        means.setdefault((scope, metric), []).append(value)
    for s in e.get("summaries", []):
        key = (s["harness"], s["metric"])
        if s["condition"] not in baseline_ids or s.get("dose", 0) or key not in means:
            continue
        values = means.pop(key)
        where = f"summary {s['harness']} {s['condition']} {s['metric']}"
        check.equal(where, "units", s["value"].get("units", 0), len(values))
        check.value(where, "mean", s["value"].get("mean", 0), sum(values) / len(values))
    for scope, metric in sorted(means):
        check.mismatches.append(f"summary {scope} baseline {metric}: missing from report.json")


def check_every_run_checked(report, cache, check):
    """Every <H>.<C>.run the report exports was read for some unit."""
    runs = sorted(n[:-len(".run")] for n in os.listdir(report)
                  if n.endswith(".run") and not n.endswith(".functions.run"))
    for tag in runs:
        check.equal(f"{tag}.run", "a unit of report.json reads it", tag in cache, True)
    check.equal(report, "runs exported", len(runs), len(cache))


def check_rankings(report, e, cache, check):
    """rankings.pb, through its reader (print_rankings, named by $PRINT_RANKINGS),
    holds each unit's ranked files in the order of the unit's TREC run."""
    tool = os.environ.get("PRINT_RANKINGS")
    if not tool or not os.path.isfile(os.path.join(report, "rankings.pb")):
        return
    out = subprocess.run([tool, report], check=True, capture_output=True, text=True).stdout
    listed = {}
    for line in out.splitlines():
        unit_id, _rank, path = line.split("\t")[:3]
        listed.setdefault(unit_id, []).append(path)
    for unit in e["units"]:
        tag = f"{unit['harness']}.{unit['cell_suffix']}"
        order = cache[tag][2].get(unit["outcome"]["task_id"], [])
        check.equal(f"{unit['unit_id']} (rankings.pb, {tag}.run)", "ranked files",
                    listed.get(unit["unit_id"], []), order)


def sign_flip_p(differences):
    observed = abs(sum(differences))
    slack = 1e-12 * sum(abs(d) for d in differences)
    count = sum(1 for signs in itertools.product((1, -1), repeat=len(differences))
                if abs(sum(s * d for s, d in zip(signs, differences))) + slack >= observed)
    return count / 2 ** len(differences)


class MT19937_64:
    """std::mt19937_64 (C++11 [rand.predef]), written out from the standard's parameters."""

    def __init__(self, seed):
        self.mt = [seed & 0xFFFFFFFFFFFFFFFF]
        for i in range(1, 312):
            prev = self.mt[-1]
            self.mt.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & 0xFFFFFFFFFFFFFFFF)
        self.index = 312

    def _twist(self):
        mt = self.mt
        for i in range(312):
            y = (mt[i] & 0xFFFFFFFF80000000) | (mt[(i + 1) % 312] & 0x7FFFFFFF)
            mt[i] = mt[(i + 156) % 312] ^ (y >> 1) ^ (0xB5026F5AA96619E9 if y & 1 else 0)
        self.index = 0

    def __call__(self):
        if self.index >= 312:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        return y ^ (y >> 43)


# The Monte Carlo test's documented defaults (stages/framework/stats/randomization.h).
MONTE_CARLO_SEED = 20261201
MONTE_CARLO_SAMPLES = 100000


def monte_carlo_p(differences, samples):
    """The sign-flip p of randomization.h above 20 units: each sign one bit of mt19937_64."""
    observed = abs(sum(differences))
    slack = 1e-12 * sum(abs(d) for d in differences)
    rng, count = MT19937_64(MONTE_CARLO_SEED), 0
    for _ in range(samples):
        s, bits = 0.0, 0
        for i, d in enumerate(differences):
            if i % 64 == 0:
                bits = rng()
            s += -d if (bits >> (i % 64)) & 1 else d
        count += abs(s) + slack >= observed
    return (count + 1) / (samples + 1)


def holm(p):
    order = sorted(range(len(p)), key=lambda i: p[i])
    adjusted, running = [0.0] * len(p), 0.0
    for j, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - j) * p[i]))
        adjusted[i] = running
    return adjusted


def check_paired_tests(e, check):
    baseline_ids = {c["id"] for c in e["conditions"] if c.get("kind") == "CONDITION_KIND_BASELINE"}
    baseline = {}
    for unit in e["units"]:
        if unit["condition"] in baseline_ids:
            baseline[(unit["task_id"], unit["harness"])] = unit["outcome"]
    tests = e.get("paired_tests", [])
    p = []
    for t in tests:
        a, b = t["comparison"].split("-")
        d = [baseline[(task, a)].get(t["metric"], 0) - baseline[(task, b)].get(t["metric"], 0)
             for task in dict.fromkeys(k[0] for k in baseline)
             if (task, a) in baseline and (task, b) in baseline]
        where = f"paired test {t['comparison']} {t['metric']}"
        check.equal(where, "units", t["units"], len(d))
        if t.get("exact", False):
            p.append(sign_flip_p(d))
        else:
            check.equal(where, "assignments", int(t.get("assignments", 0)), MONTE_CARLO_SAMPLES)
            p.append(monte_carlo_p(d, MONTE_CARLO_SAMPLES))
        check.value(where, "p_value", t.get("p_value", 0), p[-1])
    for t, ref in zip(tests, holm(p)):
        check.value(f"paired test {t['comparison']} {t['metric']}", "p_holm", t.get("p_holm", 0), ref)


def w04(report):
    with open(os.path.join(report, "w04.json")) as f:
        w = json.load(f)["rerank"]
    qrels = read_qrels(os.path.join(report, "w04.qrels"))
    ev = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.3", "recall.3,5"})
    check = Checker()
    for key in ("baseline", "treatment"):
        c = w[key]
        run, _ = read_run(os.path.join(report, f"w04.{c['condition']}.run"))
        m = ev.evaluate(run)[w["pool_id"]]
        where = f"w04 {c['condition']}"
        check.value(where, "ndcg@3", c["ndcg"], m["ndcg_cut_3"])
        for r in c["recall"]:
            check.value(where, f"recall@{r['k']}", r["recall"], m[f"recall_{r['k']}"])
    check.finish("w04")


def pack(order, units, budget, rule):
    """W04's packing recomputed: greedy by rank, skip-and-continue; with `rule`, a unit that is a
    DECLARED near duplicate (either direction) of a packed unit of its cluster, adding no claim,
    is skipped first. Returns (packed units, claims covered)."""
    declared = {frozenset((u, r["of"])) for u, p in units.items()
                for r in p.get("near_duplicates", []) if r["status"] == "DECLARED"}
    packed, claims, remaining = [], set(), budget
    for unit in order:
        p = units[unit]
        redundant = any(frozenset((unit, q)) in declared
                        and units[q]["dependency_cluster"] == p["dependency_cluster"] for q in packed)
        if rule and redundant and set(p.get("claims", [])) <= claims:
            continue
        if int(p["cost"]) <= remaining:
            remaining -= int(p["cost"])
            packed.append(unit)
            claims |= set(p.get("claims", []))
    return packed, claims


def read_ledger(path):
    """topic -> unit id -> its ledger line (JSON Lines of PoolPassage)."""
    ledger = {}
    with open(path) as f:
        for line in f:
            p = json.loads(line)
            ledger.setdefault(p["topic"], {})[p["id"]] = p
    return ledger


def pool(report):
    """W04 over a pool: per topic nDCG@k and recall (trec_eval on 2^g - 1 grades), both packings
    recomputed from the ledger, and each mean over topics."""
    with open(os.path.join(report, "pool.json")) as f:
        w = json.load(f)
    qrels = {q: {d: 2 ** g - 1 for d, g in j.items()}
             for q, j in read_qrels(os.path.join(report, "pool.qrels")).items()}
    topics = w["topics"]
    k = w["cutoff"]
    ks = [r["k"] for r in topics[0]["rerank"]["baseline"]["recall"]]
    measures = {f"ndcg_cut.{k}", "recall." + ",".join(map(str, ks))}
    ev = pytrec_eval.RelevanceEvaluator(qrels, measures)
    runs = {key: ev.evaluate(read_run(os.path.join(report, f"{key}.run"))[0])
            for key in ("baseline", "treatment")}
    ledger = read_ledger(os.path.join(report, "ledger.jsonl"))
    check = Checker()
    for t in topics:
        for key in ("baseline", "treatment"):
            c, m = t["rerank"][key], runs[key][t["topic"]]
            where = f"pool topic {t['topic']} {key}"
            check.value(where, f"ndcg@{k}", c["ndcg"], m[f"ndcg_cut_{k}"])
            for r in c["recall"]:
                check.value(where, f"recall@{r['k']}", r["recall"], m[f"recall_{r['k']}"])
        order = [e["candidate_id"] for e in t["rerank"]["treatment"]["order"]]
        for key, rule in (("baseline", False), ("treatment", True)):
            packed, claims = pack(order, ledger[t["topic"]], w["budget"], rule)
            run = t["packing"][key]
            where = f"pool topic {t['topic']} packing {key}"
            check.equal(where, "selected", run.get("selected", []), packed)
            check.value(where, "coverage", run["coverage"], len(claims) / run["claims_total"])
    means = {m["name"]: m["mean"] for m in w["metrics"]}
    for key in ("baseline", "treatment"):
        check.value("pool over topics", f"rerank.{key}.ndcg@k", means[f"rerank.{key}.ndcg@k"],
                    sum(t["rerank"][key]["ndcg"] for t in topics) / len(topics))
        check.value("pool over topics", f"pack.{key}.coverage", means[f"pack.{key}.coverage"],
                    sum(t["packing"][key]["coverage"] for t in topics) / len(topics))
    check.finish("w04 pool")


KINDS = {"report.json": grid, "w04.json": w04, "pool.json": pool}


def check_of(argv):
    """(check function, report dir) of the command line, or exit naming what is wrong."""
    usage = "usage: trec_parity.py <report dir> (e.g. bazel-bin/reports/e04)"
    if len(argv) != 2:
        sys.exit(f"trec_parity.py: expected one argument, the report directory, found {len(argv) - 1}: "
                 f"{' '.join(argv[1:]) or '(none)'}\n{usage}")
    report = argv[1]
    if not os.path.isdir(report):
        sys.exit(f"trec_parity.py: {report}: not a directory (build the report first)\n{usage}")
    found = [name for name in sorted(KINDS) if os.path.isfile(os.path.join(report, name))]
    if len(found) != 1:
        sys.exit(f"trec_parity.py: {report}: expected a report directory holding exactly one of "
                 f"{', '.join(sorted(KINDS))}, found {', '.join(found) or 'neither'}")
    return KINDS[found[0]], report


if __name__ == "__main__":
    check, report_dir = check_of(sys.argv)
    check(report_dir)
