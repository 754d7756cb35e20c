"""The report of every experiment: experiment_reports(EXPERIMENTS).

For experiment e (data/experiments/<e>.textproto) it defines, in //reports:
  <e>                  the report: bazel-bin/reports/<e>/ (e04.md, e04.json,
                       cells.csv, plots, e04.tokens.txt, timings, lineage.json)
  <e>_tokens_test      fails when a number differs from data/experiments/<e>.tokens.txt
  <e>_tokens_refreeze  rewrites that file (review the diff)
  <e>_pins_refreeze    rewrites data/experiments/<e>.pins.textproto from the
                       models as built (review the diff)
When the experiment's clone is not configured, <e> is tagged manual and the
token test is a visible skip.
"""

load("//stages/pipeline:defs.bzl", "report")
load("//tools/tokens:defs.bzl", "frozen_tokens")

def experiment_report(e):
    """The targets of one experiment (see the module docstring)."""
    configured = e.set.configured
    report(
        name = e.name,
        srcs = [e.grid.aggregate, e.grid.timings],
        tags = [] if configured else ["manual"],
    )
    frozen_tokens(
        name = e.name + "_tokens",
        frozen = e.tokens,
        frozen_path = e.tokens_file,
        markdown = e.name + "/e04.md",
        report = ":" + e.name,
        skip_message = None if configured else e.set.not_configured_message,
        tokens_file = e.name + "/e04.tokens.txt",
    )
    if configured:
        native.sh_binary(
            name = e.name + "_pins_refreeze",
            srcs = ["//tools/tokens:refreeze.sh"],
            args = [e.pins_file, "$(rootpaths %s)" % e.grid.pins],
            data = [e.grid.pins],
        )

def experiment_reports(experiments):
    for e in experiments:
        experiment_report(e)
