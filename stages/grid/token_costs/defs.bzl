"""The token costs of every snapshot a task reads (docs/packing.md, "Costs").

task_set_token_costs(TASK_SETS) is called once, in //stages/grid/token_costs,
and defines for every task set s and every commit c of s that a task or the
LSA training reads (not the commits stored only as references) the target
"<s>/<c>": stage token_costs, one action per snapshot, writing
"<s>/<c>.token_costs.json" (stages/corpus/token_costs/token_costs.proto,
TokenCosts). One action per snapshot, not per task set: a commit's costs are
computed once whatever reads them, adding a task adds only its snapshots'
actions, and a cell reads only the costs of its own snapshot.
"""

load("//stages/corpus:corpus_inputs.bzl", "add_roles", "corpus_inputs")
load("//stages/framework/pipeline:defs.bzl", "eval_stage")

_PIN = "//data/tokenizer:minilm_wordpiece.textproto"
_T = "//stages/corpus/token_costs:"

def snapshot_token_costs(name, commit, tags = []):
    """One snapshot's token costs.

    Args:
      name: the target name; the output is <name>.token_costs.json.
      commit: a commit struct of a task set (stages/corpus/task_set.bzl).
      tags: the stage's tags.

    Returns:
      None.
    """
    eval_stage(
        name = name,
        tool = "//stages/grid/token_costs:token_costs_stage",
        stage = "token_costs",
        stage_version = "1",
        inputs = add_roles(
            corpus_inputs(commit, snapshot = "snapshot", chunks = "chunks"),
            {_PIN: "pin", _T + "minilm_vocab": "vocabulary"},
        ),
        programs = {_T + "token_costs": "program"},
        outs = [name + ".token_costs.json"],
        tags = tags,
    )

def task_set_token_costs(task_sets):
    """snapshot_token_costs for every commit a task or the LSA training reads.

    Args:
      task_sets: TASK_SETS of //stages/experiments:grid.bzl.

    Returns:
      None.
    """
    for s in task_sets:
        # Manual: the cells of an experiment that packs in tokens read theirs
        # and build them as dependencies (docs/packing.md, "Packing in every
        # cell"); `bazel test //...` would otherwise count every real snapshot
        # (about 8 s each on GitLab Runner), read by a cell or not.
        tags = ["manual"]
        for c in s.commits:
            if c.id not in s.reference_only:
                snapshot_token_costs("%s/%s" % (s.name, c.id), c, tags)
