"""The E04 grid of one task set: every cell stage, the aggregation and timings.

e04_grid() is called once per task set, in a package of its own:

    load("@gitlab_runner_history//:tasks.bzl", "HISTORY")
    e04_grid(history = HISTORY, corpus = "//stages/corpus/real",
             lsa_model = "//stages/retrieval/real:lsa_model",
             lsa_model_file = "lsa_gitlab-runner.pb")

It defines, for every task T and harness H (one hermetic eval_stage each, so
no result is computed twice and a change to one task reruns only its cells):

  T_H_baseline     T_H_baseline.json   base snapshot, labels at base
  T_H_S001         T_H_S001.json       stale snapshot, labels at base; shared by
                                       the three cells of T x H (shared_key T/H)
  T_H_S002_d<n>    T_H_S002_d<n>.json  base snapshot + n distractors, n in 1, 5, 10

each with a `.volatile.json` of build and query times; then

  aggregate        e04.json, e04.md, cells.csv, *.svg, e04.tokens.txt
  timings          timings.volatile.csv (volatile, never hashed)

When the history is not configured, every target is tagged "manual" (so
`//...` skips it) and the corpus stages fail with the how-to message if built.
"""

load("//stages/pipeline:defs.bzl", "eval_stage")

HARNESSES = ["H000", "H008", "H010"]
DOSES = [1, 5, 10]

def e04_grid(history, corpus, lsa_model, lsa_model_file, grid_name, resamples = 10000):
    """See the module docstring."""
    tags = [] if history["configured"] else ["manual"]
    task_ids = [t["id"] for t in history["tasks"]]
    cells = []
    for tid in task_ids:
        for h in HARNESSES:
            common = {
                corpus + ":task_specs": "tasks:%s.task.pb" % tid,
                "%s:%s_labels" % (corpus, tid): "labels",
                "//data/e04/harnesses:%s.textproto" % h: "harness",
            }
            if h != "H000":
                common[lsa_model] = "model:" + lsa_model_file
            conditions = [("baseline", 0, "base"), ("S001", 0, "stale")]
            conditions += [("S002", d, "base") for d in DOSES]
            for condition, dose, corpus_role in conditions:
                n = "%s_%s_%s" % (tid, h, condition) + ("_d%d" % dose if dose else "")
                inputs = dict(common)
                inputs["%s:%s_%s_snapshot" % (corpus, tid, corpus_role)] = "snapshot"
                inputs["%s:%s_%s_chunks" % (corpus, tid, corpus_role)] = "chunks"
                eval_stage(
                    name = n,
                    tool = "//stages/e04:cell_tool",
                    stage = "e04_cell",
                    stage_version = "1",
                    inputs = inputs,
                    outs = [n + ".json", n + ".volatile.json"],
                    args = [
                        "--task=" + tid,
                        "--harness=" + h,
                        "--condition=" + condition,
                        "--dose=%d" % dose,
                    ],
                    tags = tags,
                )
                cells.append(n)

    agg_inputs = {corpus + ":task_set": "tasks"}
    for h in HARNESSES:
        agg_inputs["//data/e04/harnesses:%s.textproto" % h] = "harness/" + h
    for tid in task_ids:
        agg_inputs["%s:%s_base_manifest" % (corpus, tid)] = "base/" + tid
        agg_inputs["%s:%s_stale_manifest" % (corpus, tid)] = "stale/" + tid
        agg_inputs["%s:%s_labels" % (corpus, tid)] = "labels/" + tid
    for n in cells:
        agg_inputs[":" + n] = "outcome/" + n
    eval_stage(
        name = "aggregate",
        tool = "//stages/e04:aggregate_tool",
        stage = "e04_aggregate",
        stage_version = "1",
        inputs = agg_inputs,
        outs = [
            "e04.json",
            "e04.md",
            "cells.csv",
            "dose_response.svg",
            "rank_displacement.svg",
            "e04.tokens.txt",
        ],
        args = [
            "--grid=" + grid_name,
            "--resamples=%d" % resamples,
        ],
        tags = tags,
    )
    eval_stage(
        name = "timings",
        tool = "//stages/e04:timings_tool",
        stage = "e04_timings",
        stage_version = "1",
        inputs = {":" + n: "cell/" + n for n in cells},
        outs = ["timings.volatile.csv"],
        volatile_inputs = True,
        tags = tags,
    )
