"""Recomputes grid cells' packing independently (docs/metrics.md, "Packing" and
"The funnel"; issue #57): Python's standard library only, none of the
project's code.

Inputs: the experiment's report.json (its "packing" field: the declared
block), each cell's outcome JSON (<task>_<harness>_<condition>.json), the
token costs JSON of each cell's snapshot (<commit>.token_costs.json) and the
experiment's exported qrels (files.qrels, functions.qrels: the gold labels).
From them, for every cell:

  (a) The packing pool. Each unit's cost is the token count the snapshot's
      costs give its text's sha256, and the snapshot lists a chunk of the
      same path, function, start line and sha256. The units the snapshot does
      not list are exactly the S002 distractors' (a path under
      __harness_distractors__/, one of the cell's distractor files), whose
      cost the cell counted itself and which this test takes as recorded.
      A unit's claims are the gold function of its path and name; the pool's
      distinct functions begin with the cell's top_functions.
  (b) Every PackingResult (every budget, then the greedy baseline and each
      treatment in the declared order), packed again from the pool: the
      packed ids in packing order, used, left, units_packed, distinct_files,
      redundant_pairs, the skip counts by reason and the skipped list (every
      skipped unit in rank order, "<id>\\t<reason>").
  (c) Gold coverage: gold functions are the topic's functions.qrels docnos
      ("<file>::<function>"), gold files its files.qrels docnos (covered: a
      packed unit's file).
  (d) The funnel: one state per gold function, sorted; in_packing_pool,
      one packed flag per result, used_in_answer "not evaluated",
      above_cutoff == (0 < rank <= 10), a rank within 10 naming the same
      function in top_functions, and function recall@10 agreeing.

Then it checks that the recomputation can fail: one unit's cost raised by
1000, or a near duplicate declared between two units the redundancy rule
packed, must each make the recomputed packing differ from the cell's record.

Args: --report <files> --cell <files> --token_costs <files> --qrels <files>,
each the files of one or more stage targets: the test reads report.json,
<cell>.json, <commit>.token_costs.json, files.qrels and functions.qrels among
them; --cell and --token_costs take only those files and the stages' side
outputs (provenance, volatile), any other file stops them.
Exit 0 and a summary when everything agrees; else exit 1 and every
difference, naming the file, the unit or result and the field, expected
(recomputed) vs found (recorded).
"""
import argparse
import copy
import json
import os
import sys

DISTRACTOR_DIR = "__harness_distractors__/"
FUNNEL_CUTOFF = 10
NOT_EVALUATED = "not evaluated"
PACKING_UNIT_FUNCTION = "PACKING_UNIT_FUNCTION"
PACKING_COST_TOKENS = "PACKING_COST_TOKENS"
PERTURBATION = 1000


class Failure(Exception):
    """Input this test cannot read: names the file and the field."""


# --- The declared packing block and the gold labels.


def read_packing(path):
    """report.json's packing block: unit, cost, budgets, depth and the rules in report order."""
    p = read_json(path).get("packing")
    if not p:
        raise Failure(f"{path}: field packing: expected the declared packing block, found none")
    rules = [("greedy", 0)]
    for i, t in enumerate(p.get("treatments", [])):
        if "diversity" in t:
            rules.append(("diversity", int(t["diversity"]["per_file"])))
        elif "redundancy" in t:
            rules.append(("redundancy", 0))
        else:
            raise Failure(f"{path}: field packing.treatments[{i}]: expected a redundancy or a "
                          "diversity rule, found neither")
    return {"unit": p.get("unit"), "cost": p.get("cost"),
            "budgets": [int(b) for b in p.get("budgets", [])], "depth": int(p.get("depth", 0)),
            "rules": rules}


def read_qrels(path):
    """{topic: sorted docnos of grade > 0} of a TREC qrels file ("topic 0 docno grade")."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            fields = line.split()
            if len(fields) != 4:
                raise Failure(f"{path}:{number}: expected 'topic 0 docno grade', found {line!r}")
            if int(fields[3]) > 0:
                out.setdefault(fields[0], set()).add(fields[2])
    return {topic: sorted(docnos) for topic, docnos in out.items()}


def read_labels(files_qrels, functions_qrels):
    """{task: its gold files and gold functions}, from the two qrels files."""
    files, functions = read_qrels(files_qrels), read_qrels(functions_qrels)
    return {task: {"task_id": task, "gold_files": gold, "gold_functions": functions.get(task, [])}
            for task, gold in files.items()}


# --- The snapshot's token costs and the cells.


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise Failure(f"{path}: expected a JSON file, found: {e}") from e


def read_costs(path):
    """{sha256: tokens} over files and chunks, and the chunks' (path, function, start) -> sha256."""
    costs = read_json(path)
    tokens, chunks = {}, {}
    for kind in ("files", "chunks"):
        for u in costs.get(kind, []):
            count = int(u.get("tokens", 0))
            if tokens.setdefault(u["sha256"], count) != count:
                raise Failure(f"{path}: {kind} {u['path']}, field tokens: expected one count per "
                              f"sha256 ({tokens[u['sha256']]}), found {count}")
            if kind == "chunks":
                chunks[(u["path"], u.get("function", ""), int(u.get("start_line", 0)))] = u["sha256"]
    return {"commit": costs.get("commit", ""), "tokens": tokens, "chunks": chunks, "path": path}


class Diffs:
    """Differences between the recomputation and a cell's record."""

    def __init__(self, where):
        self.where = where
        self.found = []
        self.compared = 0

    def check(self, what, field, expected, found):
        if isinstance(expected, list) and isinstance(found, list) and expected != found:
            i = next((i for i, (e, f) in enumerate(zip(expected, found)) if e != f), None)
            if i is None:
                i = min(len(expected), len(found))

            def at(values):
                return repr(values[i]) if i < len(values) else "nothing"

            self.require(what, f"{field} (at [{i}] of {len(expected)} recomputed, {len(found)} recorded)",
                         False, at(expected), at(found))
            return
        self.require(what, field, expected == found, repr(expected), repr(found))

    def require(self, what, field, ok, expected, found):
        self.compared += 1
        if not ok:
            self.found.append(f"{self.where}, {what}, field {field}: expected {expected}, found {found}")


def split_id(unit_id):
    """"<path>::<function>@<start line>" -> (path, function, start line)."""
    head, _, start = unit_id.rpartition("@")
    path, sep, function = head.partition("::")
    if not sep or not start.isdigit():
        raise Failure(f"unit id {unit_id!r}: expected <path>::<function>@<start line>")
    return path, function, int(start)


def unit_cost(u, path, function, start, costs, distractors, diffs):
    """The snapshot's count of the unit's text; a distractor's (not listed) as the cell recorded it."""
    what = f"unit rank {u['rank']} ({u['id']})"
    listed = u["sha256"] in costs["tokens"]
    diffs.check(what, "sha256 listed in " + os.path.basename(costs["path"]),
                not path.startswith(DISTRACTOR_DIR), listed)
    if not listed:
        diffs.check(what, "file (a distractor of the cell)", True, path in distractors)
        return int(u["cost"])
    diffs.check(what, "sha256 (the snapshot's chunk of that path, function and line)",
                costs["chunks"].get((path, function, start)), u["sha256"])
    diffs.check(what, "cost", costs["tokens"][u["sha256"]], int(u["cost"]))
    return costs["tokens"][u["sha256"]]


def pool_units(cell, costs, labels, packing, diffs):
    """Check (a) and return the pool's units: id, file, function, cost, claims, near duplicates."""
    pool = cell.get("packing_pool", [])
    diffs.require("packing_pool", "size", 0 < len(pool) <= packing["depth"],
                  f"1 to {packing['depth']} units (the depth)", len(pool))
    distractors = {d["path"] for d in cell.get("distractors", [])}
    units = []
    for u in pool:
        what = f"unit rank {u['rank']} ({u['id']})"
        path, function, start = split_id(u["id"])
        previous = units[-1]["rank"] if units else 0
        diffs.require(what, "rank", u["rank"] > previous, f"a rank above {previous}", u["rank"])
        diffs.check(what, "file", path, u["file"])
        claims = [c for c in [f"{path}::{function}"] if c in labels["gold_functions"]]
        diffs.check(what, "claims", claims, u.get("claims", []))
        near = u.get("near_duplicate_of", [])
        for d in near:
            diffs.require(what, "near_duplicate_of", d in {x["id"] for x in units}, "a unit ranked before it", d)
        diffs.check(what, "similarity (one per near duplicate)", len(near), len(u.get("similarity", [])))
        units.append({"rank": u["rank"], "id": u["id"], "file": path, "function": function, "claims": claims,
                      "cost": unit_cost(u, path, function, start, costs, distractors, diffs), "near": list(near)})
    check_top_functions(units, cell, diffs)
    return units


def check_top_functions(units, cell, diffs):
    """The pool's distinct functions, in rank order, begin with the cell's top_functions."""
    ranked = list(dict.fromkeys(f"{u['file']}::{u['function']}" for u in units))
    top = cell.get("top_functions", [])
    if len(ranked) >= len(top):
        diffs.check("packing_pool", "distinct functions in rank order (the first ones)", ranked[:len(top)], top)


# --- (b) Packing, rewritten from the rules' definitions (docs/packing.md).


def pack(units, budget, rule, per_file):
    left, packed, files = budget, [], {}
    reasons = [None] * len(units)
    pairs = 0

    def admit(i):
        nonlocal left, pairs
        u = units[i]
        pairs += sum(1 for d in u["near"] if d in packed)
        left -= u["cost"]
        files[u["file"]] = files.get(u["file"], 0) + 1
        packed.append(u["id"])
        reasons[i] = None

    deferred = []
    for i, u in enumerate(units):
        duplicate = next((d for d in u["near"] if d in packed), None) if rule == "redundancy" else None
        if duplicate is not None:
            reasons[i] = f"redundant with {duplicate}"
        elif rule == "diversity" and files.get(u["file"], 0) >= per_file:
            reasons[i] = "file quota"
            deferred.append(i)
        elif u["cost"] > left:
            reasons[i] = "does not fit"
        else:
            admit(i)
    for i in deferred:  # pass 2: no quota; a unit that does not fit keeps "file quota"
        if units[i]["cost"] <= left:
            admit(i)
    return {"packed": packed, "used": budget - left, "left": left, "units_packed": len(packed),
            "distinct_files": len(files), "redundant_pairs": pairs, "reasons": reasons,
            "skipped": [f"{units[i]['id']}\t{reasons[i]}" for i in range(len(units)) if reasons[i]]}


def expected_results(units, packing, labels):
    out = []
    by_id = {u["id"]: u for u in units}
    for budget in packing["budgets"]:
        for rule, per_file in packing["rules"]:
            r = pack(units, budget, rule, per_file)
            reasons = [x for x in r.pop("reasons") if x]
            claims = {c for i in r["packed"] for c in by_id[i]["claims"]}
            files = {by_id[i]["file"] for i in r["packed"]}
            r.update({
                "budget": budget, "rule": rule, "condition": "baseline" if rule == "greedy" else "treatment",
                "gold_functions": len(labels["gold_functions"]),
                "gold_functions_covered": len(claims & set(labels["gold_functions"])),
                "gold_files": len(labels["gold_files"]),
                "gold_files_covered": len(files & set(labels["gold_files"])),
                "skipped_does_not_fit": reasons.count("does not fit"),
                "skipped_redundant": sum(1 for x in reasons if x.startswith("redundant with ")),
                "skipped_file_quota": reasons.count("file quota"),
            })
            out.append(r)
    return out


def recorded(result, field):
    value = result.get(field, [] if field in ("packed", "skipped") else 0)
    return int(value) if field in ("budget", "used", "left") else value


def compare_results(expected, cell, diffs):
    records = cell.get("packing", [])
    diffs.check("packing", "results (budgets x rules)", len(expected), len(records))
    for e, r in zip(expected, records):
        what = f"packing {e['budget']}/{e['rule']}"
        for field, value in e.items():
            diffs.check(what, field, value, recorded(r, field))


# --- (c) and (d) The funnel.


def compare_funnel(expected, units, cell, labels, diffs):
    funnel = cell.get("funnel", [])
    diffs.check("funnel", "function (sorted gold functions)", labels["gold_functions"],
                [s.get("function") for s in funnel])
    in_pool = {c for u in units for c in u["claims"]}
    claims = {u["id"]: u["claims"] for u in units}

    def covered(result):
        return {c for i in result["packed"] for c in claims[i]}

    top = cell.get("top_functions", [])
    for s in funnel:
        g, rank = s.get("function"), s.get("rank", 0)
        what = f"funnel {g}"
        diffs.check(what, "in_packing_pool", g in in_pool, s.get("in_packing_pool", False))
        diffs.check(what, "packed", [g in covered(e) for e in expected], s.get("packed", []))
        diffs.check(what, "above_cutoff", 0 < rank <= FUNNEL_CUTOFF, s.get("above_cutoff", False))
        if 0 < rank <= len(top):
            diffs.check(what, f"rank {rank} (top_functions[{rank - 1}])", g, top[rank - 1])
        else:
            diffs.check(what, f"rank {rank} (in top_functions)", False, g in top)
        diffs.check(what, "used_in_answer", NOT_EVALUATED, s.get("used_in_answer"))
        if "rerank_pool" not in cell:
            diffs.check(what, "rank_before_rerank (not a reranker's cell)", 0, s.get("rank_before_rerank", 0))
    if funnel:
        above = sum(1 for s in funnel if s.get("above_cutoff"))
        diffs.check("funnel", "function_recall_at_10 (share above the cutoff)", above / len(funnel),
                    cell.get("function_recall_at_10", 0))


# --- The self-check: a real change must show.


def perturbed_cost(units, packing, labels, cell):
    first = cell["packing"][0]["packed"][0]
    units = copy.deepcopy(units)
    next(u for u in units if u["id"] == first)["cost"] += PERTURBATION
    diffs = Diffs("self-check")
    compare_results(expected_results(units, packing, labels), cell, diffs)
    return first, diffs.found


def perturbed_duplicate(units, packing, labels, cell):
    """Declare the redundancy rule's second packed unit a near duplicate of its first."""
    for r in cell["packing"]:
        if r["rule"] == "redundancy" and len(r.get("packed", [])) >= 2:
            earlier, later = r["packed"][0], r["packed"][1]
            units = copy.deepcopy(units)
            next(u for u in units if u["id"] == later)["near"].append(earlier)
            diffs = Diffs("self-check")
            compare_results(expected_results(units, packing, labels), cell, diffs)
            return f"{later} -> {earlier}", diffs.found
    return None, []


def self_check(name, units, packing, labels, cell):
    """Errors when a perturbed input still agrees with the record."""
    errors = []
    unit, found = perturbed_cost(units, packing, labels, cell)
    if not found:
        errors.append(f"{name}: self-check: the cost of {unit} raised by {PERTURBATION} should change "
                      "the recomputed packing, found it equal to the record")
    pair, found = perturbed_duplicate(units, packing, labels, cell)
    if pair and not any("/redundancy" in f for f in found):
        errors.append(f"{name}: self-check: the near duplicate {pair} should change the redundancy "
                      "rule's packing, found it equal to the record")
    return errors, pair is not None


def check_cell(path, packing, costs_by_commit, labels_by_task):
    cell = read_json(path)
    name = os.path.basename(path)
    for field, table, key in (("corpus_commit", costs_by_commit, "--token_costs"),
                              ("task_id", labels_by_task, "--qrels")):
        if cell.get(field) not in table:
            raise Failure(f"{path}: field {field}: expected one of {sorted(table)} (the {key} given), "
                          f"found {cell.get(field)!r}")
    costs, labels = costs_by_commit[cell["corpus_commit"]], labels_by_task[cell["task_id"]]
    diffs = Diffs(name)
    diffs.check("outcome", "gold_functions", len(labels["gold_functions"]), cell.get("gold_functions", 0))
    units = pool_units(cell, costs, labels, packing, diffs)
    expected = expected_results(units, packing, labels)
    compare_results(expected, cell, diffs)
    compare_funnel(expected, units, cell, labels, diffs)
    errors, duplicate_checked = self_check(name, units, packing, labels, cell)
    listed = sum(1 for u in units if not u["file"].startswith(DISTRACTOR_DIR))
    print(f"{name}: {len(units)} pool units ({listed} costed from {os.path.basename(costs['path'])}, "
          f"{len(units) - listed} distractors), {len(expected)} packings, {len(cell.get('funnel', []))} gold "
          f"functions, {diffs.compared} values compared; self-check: cost"
          f"{' and near duplicate' if duplicate_checked else ''} perturbation detected")
    return diffs.found + errors


# The stages' outputs this test does not read.
SIDE_OUTPUTS = (".provenance.json", ".volatile.json")
# Each flag: the suffix of the files it reads.
INPUTS = {"cell": ".json", "token_costs": ".token_costs.json"}
# Each flag of a stage with many outputs: the file names it picks among them.
PICKS = {"report": ("report.json",), "qrels": ("files.qrels", "functions.qrels")}


def inputs_of(paths, flag):
    """The files of `paths` that --flag reads: one or more, never an unknown file."""
    out = []
    for path in paths:
        if path.endswith(SIDE_OUTPUTS):
            continue
        if not path.endswith(INPUTS[flag]):
            raise Failure(f"--{flag} {path}: expected a file ending {INPUTS[flag]} (or a side output "
                          f"{', '.join(SIDE_OUTPUTS)}), found another file")
        out.append(path)
    if not out:
        raise Failure(f"--{flag}: expected a file ending {INPUTS[flag]}, found none in {paths}")
    return out


def picked(paths, flag):
    """The files PICKS[flag] names among `paths`, in that order: each exactly once."""
    out = []
    for name in PICKS[flag]:
        found = [p for p in paths if os.path.basename(p) == name]
        if len(found) != 1:
            raise Failure(f"--{flag}: expected one {name}, found {len(found)} among {len(paths)} files")
        out.append(found[0])
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag in list(INPUTS) + list(PICKS):
        parser.add_argument(f"--{flag}", action="extend", nargs="+", required=True)
    args = parser.parse_args(argv[1:])
    try:
        (report,) = picked(args.report, "report")
        packing = read_packing(report)
        if packing["unit"] != PACKING_UNIT_FUNCTION or packing["cost"] != PACKING_COST_TOKENS:
            raise Failure(f"{report}: fields packing.unit, packing.cost: expected "
                          f"{PACKING_UNIT_FUNCTION} and {PACKING_COST_TOKENS}, found "
                          f"{packing['unit']}, {packing['cost']}")
        costs = {c["commit"]: c for c in map(read_costs, inputs_of(args.token_costs, "token_costs"))}
        labels = read_labels(*picked(args.qrels, "qrels"))
        cells = inputs_of(args.cell, "cell")
        errors = [e for path in cells for e in check_cell(path, packing, costs, labels)]
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    if errors:
        print("FAIL: the recomputed packing differs from the cells' records:", file=sys.stderr)
        for e in errors:
            print(f"  {e}", file=sys.stderr)
        return 1
    print(f"OK: {len(cells)} cells' packing recomputed, budgets {packing['budgets']}, rules "
          f"{[r for r, _ in packing['rules']]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
