"""The grid's condition table: one row per kind of condition.

A condition is what a cell does to the corpus it indexes: the baseline, or
a perturbation at one parameter value (S001 at a depth, S002 at a dose).
This table is where a kind is declared, once: its id (the name outcomes,
summaries, the report and its tokens use), its schema kind (ConditionKind in
stages/grid/grid.proto, which selects its C++ transform), the experiment
field that lists its parameter values, how its cell names and report rows
are spelled, which snapshot it indexes, whether one outcome is shared
across the doses of a composite cell (S001's shared_key), and what it is
paired with. experiment_conditions renders an experiment's conditions from
it; the grid rules (defs.bzl) name cells and TREC runs from that list and
write it to <experiment>/conditions.json, which the experiment_spec stage
validates (conditions.h) and every stage reads. Adding a kind that
transforms the base snapshot: a row here, its ConditionKind, its transform
(a library registered by kind, linked into
//stages/grid/conditions:transform_tool), its tests and docs.

Fields of a row:
  id                 the kind's name (S001)
  kind               ConditionKind enum name: BASELINE, STALE_INDEX,
                     DISTRACTORS, or TRANSFORMED for any kind that changes
                     the base snapshot's files (S003, S004)
  title              what it is, in the report's words
  parameter_field    the Experiment field with its parameter values
                     (ascending, validated there; the C++ validator reads
                     it by this name); None: one condition, parameter 0
                     (the baseline, S003, S004)
  optional           True: the kind is in the grid only when the experiment
                     lists its id in `conditions` (S003, S004); False:
                     always (the baseline; a parameter kind is there at each
                     of its values)
  transform          a TRANSFORMED kind's corpus transform, by the name its
                     library registers (transform_registry.h); None for
                     every other kind
  parameter_name     what the parameter is ("depth", "dose")
  cell_suffix        the cell name suffix, "{}" the parameter
  cell_suffix_at_1   the suffix at parameter 1, when it differs (S001 at
                     depth 1 is the task's stale_commit: S001)
  label              the report rows' name, "{}" the parameter
  snapshot           "base", "stale_at" (base~parameter) or "transformed":
                     the base through the kind's corpus transform
                     (registered by ConditionKind,
                     stages/grid/conditions/transform_registry.h), run once
                     per task by stage grid_transform (defs.bzl) with the
                     task set's rules and query files, and read by every
                     harness's cell of the task
  shared_across_doses  one outcome per task x harness in every composite cell
  paired_with        the id of the kind it is paired with ("" for none)
  reads_rules        which rules files its cells read (rules.textproto):
                     "distractors" (S002 writes and chunks its distractors
                     by the set's first language's, as input "rules"), or
                     None
"""

def _transformed_kind(id, title, transform):
    """The row of an optional kind that indexes the base through `transform`, paired with the baseline."""
    return struct(
        id = id,
        kind = "CONDITION_KIND_TRANSFORMED",
        title = title,
        parameter_field = None,
        parameter_name = "",
        cell_suffix = id,
        cell_suffix_at_1 = None,
        label = id,
        snapshot = "transformed",
        shared_across_doses = False,
        paired_with = "baseline",
        reads_rules = None,
        optional = True,
        transform = transform,
    )

CONDITION_KINDS = [
    struct(
        id = "baseline",
        kind = "CONDITION_KIND_BASELINE",
        title = "baseline",
        parameter_field = None,
        parameter_name = "",
        cell_suffix = "baseline",
        cell_suffix_at_1 = None,
        label = "baseline",
        snapshot = "base",
        shared_across_doses = False,
        paired_with = "",
        reads_rules = None,
        optional = False,
        transform = None,
    ),
    struct(
        id = "S001",
        kind = "CONDITION_KIND_STALE_INDEX",
        title = "stale index",
        parameter_field = "s001_depths",
        parameter_name = "depth",
        cell_suffix = "S001_k{}",
        cell_suffix_at_1 = "S001",
        label = "S001.k{}",
        snapshot = "stale_at",
        shared_across_doses = True,
        paired_with = "baseline",
        reads_rules = None,
        optional = False,
        transform = None,
    ),
    struct(
        id = "S002",
        kind = "CONDITION_KIND_DISTRACTORS",
        title = "distractors",
        parameter_field = "s002_doses",
        parameter_name = "dose",
        cell_suffix = "S002_d{}",
        cell_suffix_at_1 = None,
        label = "S002.d{}",
        snapshot = "base",
        shared_across_doses = False,
        paired_with = "baseline",
        reads_rules = "distractors",
        optional = False,
        transform = None,
    ),
    _transformed_kind("S003", "comments removed", "comments_removed"),
    _transformed_kind("S004", "identifiers renamed", "identifiers_renamed"),
]

def reads_rules(condition):
    """Which rules files the cells of `condition` (an experiment_conditions dict) read (see above)."""
    return [r for r in CONDITION_KINDS if r.id == condition["id"]][0].reads_rules

def _render(row, parameter):
    """One condition (a Condition of grid.proto, as a dict) of `row` at `parameter`."""
    if row.parameter_field == None:
        suffix, label = row.cell_suffix, row.label
    else:
        at_1 = row.cell_suffix_at_1 if parameter == 1 else None
        suffix = at_1 if at_1 != None else row.cell_suffix.format(parameter)
        label = row.label.format(parameter)
    return {
        "id": row.id,
        "kind": row.kind,
        "title": row.title,
        "parameter_name": row.parameter_name,
        "parameter": parameter,
        "cell_suffix": suffix,
        "label": label,
        "snapshot": row.snapshot,
        "shared_across_doses": row.shared_across_doses,
        "paired_with": row.paired_with,
        "parameter_field": row.parameter_field or "",
        "optional": row.optional,
        "transform": row.transform or "",
    }

def optional_kind_ids():
    """The ids an experiment may list in its `conditions` field, in table order."""
    return [r.id for r in CONDITION_KINDS if r.optional]

def experiment_conditions(e):
    """The conditions of experiment `e` in cell order: each row, at each of its parameter values.

    Args:
      e: one struct of EXPERIMENTS (//stages/experiments:grid.bzl); a row's
        parameter_field names its list of values there.

    Returns:
      A list of dicts, each a Condition of stages/grid/grid.proto.
    """
    out = []
    for row in CONDITION_KINDS:
        if row.optional and row.id not in e.conditions:
            continue
        values = [0] if row.parameter_field == None else getattr(e, row.parameter_field)
        out += [_render(row, p) for p in values]
    return out
