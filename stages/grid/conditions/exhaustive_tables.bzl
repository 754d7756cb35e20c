"""Every small experiment's condition table, rendered through the table of
stages/grid/conditions.bzl, as data for conditions_exhaustive_test.cc.

In the manner of RE2's exhaustive tests: the experiments are every
combination of a non-empty ascending subset of EXHAUSTIVE_DEPTHS (s001_depths),
of EXHAUSTIVE_DOSES (s002_doses) and any subset of the optional kinds (each
switch on and off). Each line of the file is one JSON object
{"experiment": <Experiment JSON>, "table": <ConditionTable JSON>}; the test
checks that the C++ validator accepts each experiment's own table and refuses
every other experiment's.
"""

load("//stages/grid:conditions.bzl", "experiment_conditions", "optional_kind_ids")

EXHAUSTIVE_DEPTHS = [1, 2, 5]
EXHAUSTIVE_DOSES = [1, 5, 10]

def _subsets(values):
    """Every subset of `values`, each in the given order (the empty one first)."""
    out = [[]]
    for v in values:
        out = out + [s + [v] for s in out]
    return out

def rendered_experiments():
    """Every small experiment with its rendered table (see above).

    Returns:
      A list of dicts {"experiment": {s001_depths, s002_doses, conditions},
      "table": {"conditions": [Condition dicts]}}.
    """
    lines = []
    for depths in _subsets(EXHAUSTIVE_DEPTHS)[1:]:
        for doses in _subsets(EXHAUSTIVE_DOSES)[1:]:
            for kinds in _subsets(optional_kind_ids()):
                e = struct(s001_depths = depths, s002_doses = doses, conditions = kinds)
                lines.append({
                    "experiment": {"s001_depths": depths, "s002_doses": doses, "conditions": kinds},
                    "table": {"conditions": experiment_conditions(e)},
                })
    return lines

def _exhaustive_tables_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".jsonl")
    ctx.actions.write(out, "".join([json.encode(line) + "\n" for line in rendered_experiments()]))
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

# Writes <name>.jsonl: data (experiments and their rendered tables), never code.
exhaustive_tables = rule(implementation = _exhaustive_tables_impl)
