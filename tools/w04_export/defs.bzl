"""w04_grid_pool: a W04 pool exported from a grid's runs, and W04 over it."""

load("//stages/corpus:corpus_inputs.bzl", "add_roles", "corpus_inputs")
load("//stages/experiments:grid.bzl", "EXPERIMENTS")
load("//stages/framework/pipeline:defs.bzl", "eval_stage")

_POOL_FILES = ["pool.textproto", "baseline.run", "treatment.run", "pool.qrels", "ledger.jsonl"]

def w04_grid_pool(name, experiment, baseline, treatment, depth, budget, condition = "baseline", cutoff = 3):
    """<name>/export (pool_export.h), <name>/w04 (the pool_tool stage over it), <name>/page.

    Args:
      name: the pool's name (its stages' folder).
      experiment: the experiment whose grid runs are read.
      baseline: the baseline harness (its top `depth` files are the pool).
      treatment: the treatment harness (its order of the same pool).
      depth: pool size per task.
      budget: the packing budget, in lexical tokens.
      condition: the grid condition whose runs are read.
      cutoff: k of nDCG@k.
    """
    e = [x for x in EXPERIMENTS if x.name == experiment][0]
    run = "%s.%s.run" % ("%s", condition)
    inputs = {e.grid.trec: " ".join([
        "baseline:" + run % baseline,
        "treatment:" + run % treatment,
        "files_qrels:files.qrels",
        "functions_qrels:functions.qrels",
    ])}
    for t in e.tasks:
        add_roles(inputs, corpus_inputs(t.base, snapshot = "snapshot/" + t.id))
    eval_stage(
        name = name + "/export",
        tool = "//tools/w04_export:export_pool_tool",
        stage = "w04_pool_export",
        stage_version = "1",
        inputs = inputs,
        outs = [name + "/" + f for f in _POOL_FILES],
        args = [
            "--pool_id=" + name,
            "--baseline_name=" + baseline,
            "--treatment_name=" + treatment,
            "--depth=%d" % depth,
            "--budget=%d" % budget,
            "--cutoff=%d" % cutoff,
            "--source=%s" % _source(experiment, baseline, treatment, condition, depth),
        ],
        tags = [] if e.configured else ["manual"],
    )
    eval_stage(
        name = name + "/w04",
        tool = "//stages/studies/w04:pool_tool",
        stage = "w04_pool",
        stage_version = "1",
        inputs = {":%s/export" % name: " ".join([
            "config:pool.textproto",
            "baseline:baseline.run",
            "treatment:treatment.run",
            "qrels:pool.qrels",
            "ledger:ledger.jsonl",
        ])},
        outs = [name + "/" + f for f in ["pool.json", "pool.md", "pool.tokens.txt"]],
        tags = [] if e.configured else ["manual"],
    )

    # The page a person looks at: pool.md as report.html (report_page stage).
    eval_stage(
        name = name + "/page",
        tool = "//stages/framework/report:page_tool",
        stage_version = "1",
        args = ["--title=W04 over a pool: " + name],
        inputs = {":%s/w04" % name: "markdown:pool.md"},
        outs = [name + "/report.html"],
        tags = [] if e.configured else ["manual"],
    )

def _source(experiment, baseline, treatment, condition, depth):
    """The report's sentence on where the pool comes from.

    Returns:
      One sentence (eval_stage passes each arg as one argument).
    """
    return ("Exported by tools/w04_export from the %s grid (%s condition): per task, %s's top %d files " +
            "in %s's order (baseline) and in %s's (treatment); qrels grade a gold file 1 + its gold " +
            "functions; claims are the gold functions; costs are lexical token counts.") % (
        experiment,
        condition,
        baseline,
        depth,
        baseline,
        treatment,
    )
