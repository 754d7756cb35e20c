"""Recomputes grid cells' packing independently (docs/metrics.md, "Packing" and
"The funnel"; issue #57): Python's standard library only, none of the
project's code.

Inputs: the experiment's cell spec (cell_spec.pb: the declared packing block,
CellSpec.packing), each cell's outcome JSON (<task>_<harness>_<condition>.json),
the token costs JSON of each cell's snapshot (<commit>.token_costs.json) and
each task's labels (<task>.labels.pb). From them, for every cell:

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
  (c) Gold coverage: gold functions are the labels' "<file>::<function>",
      gold files the labels' gold files (covered: a packed unit's file).
  (d) The funnel: one state per gold function, sorted; in_packing_pool,
      one packed flag per result, used_in_answer "not evaluated",
      above_cutoff == (0 < rank <= 10), a rank within 10 naming the same
      function in top_functions, and function recall@10 agreeing.

Then it checks that the recomputation can fail: one unit's cost raised by
1000, or a near duplicate declared between two units the redundancy rule
packed, must each make the recomputed packing differ from the cell's record.

Args: --cell_spec <files> --cell <files> --token_costs <files> --labels <files>,
each the files of one or more stage targets: the test reads cell_spec.pb,
<cell>.json, <commit>.token_costs.json and <task>.labels.pb among them and
leaves the stages' side outputs (provenance, volatile, grid_spec.pb); any
other file stops it.
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
PACKING_UNIT_FUNCTION = 1
PACKING_COST_TOKENS = 1
PERTURBATION = 1000


class Failure(Exception):
    """Input this test cannot read: names the file and the field."""


# --- Protocol Buffers wire format: only what cell_spec.pb and labels.pb use.


def read_varint(data, i, where):
    value, shift = 0, 0
    while True:
        if i >= len(data):
            raise Failure(f"{where}: expected a varint, found the end of the bytes")
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i, shift = i + 1, shift + 7
        if byte < 0x80:
            return value, i


def wire_fields(data, where):
    """[(field number, value)]: an int (varint) or bytes (length-delimited)."""
    fields, i = [], 0
    sizes = {1: 8, 5: 4}
    while i < len(data):
        key, i = read_varint(data, i, where)
        number, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, i = read_varint(data, i, where)
        elif wire_type == 2:
            size, i = read_varint(data, i, where)
            value, i = data[i:i + size], i + size
            if i > len(data):
                raise Failure(f"{where}: field {number}: expected {size} bytes, found fewer")
        elif wire_type in sizes:
            value, i = data[i:i + sizes[wire_type]], i + sizes[wire_type]
        else:
            raise Failure(f"{where}: field {number}: expected wire type 0, 1, 2 or 5, found {wire_type}")
        fields.append((number, value))
    return fields


def ints(fields, number, where):
    """A repeated integer field, packed or not."""
    out = []
    for n, v in fields:
        if n != number:
            continue
        if isinstance(v, int):
            out.append(v)
            continue
        i = 0
        while i < len(v):
            x, i = read_varint(v, i, where)
            out.append(x)
    return out


def scalar(fields, number, default=0):
    values = [v for n, v in fields if n == number]
    return values[-1] if values else default


def texts(fields, number):
    return [v.decode("utf-8") for n, v in fields if n == number]


def text(fields, number):
    """A string field: its last value, "" when absent (proto3's default)."""
    return (texts(fields, number) or [""])[-1]


def read_packing(path):
    """CellSpec.packing (field 5): unit, cost, budgets, depth and the rules in report order."""
    with open(path, "rb") as f:
        spec = wire_fields(f.read(), path)
    blocks = [v for n, v in spec if n == 5]
    if not blocks:
        raise Failure(f"{path}: field packing (CellSpec 5): expected a packing block, found none")
    where = f"{path}, packing"
    p = wire_fields(blocks[-1], where)
    rules = [("greedy", 0)]
    for t in (v for n, v in p if n == 5):
        treatment = wire_fields(t, where + ".treatments")
        diversity = [v for n, v in treatment if n == 2]
        if diversity:
            rules.append(("diversity", scalar(wire_fields(diversity[-1], where), 1)))
        elif any(n == 1 for n, _ in treatment):
            rules.append(("redundancy", 0))
        else:
            raise Failure(f"{where}.treatments[{len(rules) - 1}]: expected a redundancy or a diversity "
                          "rule, found neither")
    return {"unit": scalar(p, 1), "cost": scalar(p, 2), "budgets": ints(p, 3, where),
            "depth": scalar(p, 4), "rules": rules}


def read_labels(path):
    """Labels: task_id (1), gold_files (4), gold_functions (5: file 1, function 2)."""
    with open(path, "rb") as f:
        fields = wire_fields(f.read(), path)
    functions = set()
    for v in (v for n, v in fields if n == 5):
        g = wire_fields(v, path + ", gold_functions")
        functions.add(f"{text(g, 1)}::{text(g, 2)}")
    return {"task_id": text(fields, 1), "gold_files": sorted(set(texts(fields, 4))),
            "gold_functions": sorted(functions)}


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
                              ("task_id", labels_by_task, "--labels")):
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
SIDE_OUTPUTS = (".provenance.json", ".volatile.json", "/grid_spec.pb")
# Each flag: the suffix of the files it reads.
INPUTS = {"cell_spec": "/cell_spec.pb", "cell": ".json", "token_costs": ".token_costs.json",
          "labels": ".labels.pb"}


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


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag in INPUTS:
        parser.add_argument(f"--{flag}", action="extend", nargs="+", required=True)
    args = parser.parse_args(argv[1:])
    try:
        spec, *more = inputs_of(args.cell_spec, "cell_spec")
        if more:
            raise Failure(f"--cell_spec: expected one cell_spec.pb, found {[spec] + more}")
        packing = read_packing(spec)
        if packing["unit"] != PACKING_UNIT_FUNCTION or packing["cost"] != PACKING_COST_TOKENS:
            raise Failure(f"{spec}: fields packing.unit, packing.cost: expected "
                          f"PACKING_UNIT_FUNCTION and PACKING_COST_TOKENS (1, 1), found "
                          f"{packing['unit']}, {packing['cost']}")
        costs = {c["commit"]: c for c in map(read_costs, inputs_of(args.token_costs, "token_costs"))}
        labels = {x["task_id"]: x for x in map(read_labels, inputs_of(args.labels, "labels"))}
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
