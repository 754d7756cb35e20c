"""The run cache's targets of an experiment's pinned-runs harnesses (docs/run_cache.md).

A pinned-runs harness (HarnessConfig.pinned_runs) reads each cell's run from
the experiment's run cache. Its cells are defined by stages/grid/defs.bzl
(_cells), which calls pinned_run_export_stage beside each one; this file adds:

  <cell>_export        (manual) the cell tool with --export_inputs over the
                       cell's inputs but the cache and the pins: the cell's
                       corpus.jsonl and queries.jsonl, as an external
                       program would get them (pinned_runs_cell.h)
  <e>/export_index     (manual) the experiment's export index, one line per
                       cell (stages/grid/commands/run_export.h); its output
                       group "replay" holds the export stages' manifests and
                       inputs (tests/run_cache runs the cells on them)
  <e>/export_runs      (manual) export_runs_tool over that index, which
                       `bazel run //stages/grid:export_runs` runs
"""

load("//stages/framework/pipeline:defs.bzl", "eval_stage")

_TOOL = "//stages/grid/commands:export_runs_tool"

def pinned_runs_harnesses(e):
    """The experiment's pinned-runs harnesses.

    Args:
      e: an experiment struct of //stages/experiments:grid.bzl.

    Returns:
      The harness structs whose runs come from the run cache, in report order.
    """
    return [h for h in e.harnesses if h.pinned_runs]

def pinned_run_export_stage(cell, inputs, args):
    """<cell>_export: the files of the cell's key (see the module docstring).

    Args:
      cell: the cell's target name (in the calling package).
      inputs: the cell's inputs ({label: role}) without the cache and the pins.
      args: the cell's flags.
    """
    eval_stage(
        name = cell + "_export",
        tool = "//stages/grid/cells:cell_tool",
        stage = "grid_cell_export",
        stage_version = "1",
        inputs = inputs,
        outs = [cell + "_export.corpus.jsonl", cell + "_export.queries.jsonl"],
        args = args + ["--export_inputs"],
        tags = ["manual"],
    )

def _ending(target, suffix):
    files = [f for f in target.files.to_list() if f.basename.endswith(suffix)]
    if len(files) != 1:
        fail("%s: expected one output ending in %s, found %d" % (target.label, suffix, len(files)))
    return files[0]

def _export_index_impl(ctx):
    config_of = {name: target.files.to_list()[0] for target, name in ctx.attr.configs.items()}
    lines = []
    files = []
    for cell, stage, flags in zip(ctx.attr.cells, ctx.attr.stages, ctx.attr.flags):
        harness = cell.split("\t")[0]
        corpus = _ending(stage, ".corpus.jsonl")
        queries = _ending(stage, ".queries.jsonl")
        files += [corpus, queries]
        lines.append("\t".join([cell, config_of[harness].short_path, corpus.short_path, queries.short_path, flags]))
    out = ctx.actions.declare_file(ctx.label.name + ".tsv")
    ctx.actions.write(out, "".join([line + "\n" for line in lines]))
    runfiles = ctx.runfiles(files = [out] + files + config_of.values())
    replay = depset(transitive = [s[OutputGroupInfo].replay for s in ctx.attr.stages])
    return [DefaultInfo(files = depset([out]), runfiles = runfiles), OutputGroupInfo(replay = replay)]

_export_index = rule(
    implementation = _export_index_impl,
    doc = "The export index of an experiment's pinned-runs cells (stages/grid/commands/run_export.h).",
    attrs = {
        "cells": attr.string_list(doc = "harness, task and condition of each cell, tab-separated"),
        "stages": attr.label_list(doc = "each cell's export stage, in the order of cells"),
        "flags": attr.string_list(doc = "each cell's flags, space-separated, in the order of cells"),
        "configs": attr.label_keyed_string_dict(allow_files = True, doc = "config -> harness name"),
    },
)

def pinned_run_export(e, exports):
    """<e>/export_index and <e>/export_runs, for an experiment with a pinned-runs harness.

    Args:
      e: an experiment struct of //stages/experiments:grid.bzl.
      exports: struct(cell, stage, flags) of each pinned-runs cell, in cell order
        (stages/grid/defs.bzl: the cell as "harness\ttask\tcondition", its
        export stage's label and its flags).
    """
    harnesses = pinned_runs_harnesses(e)
    if not harnesses:
        return
    index = e.grid.prefix + "export_index"
    _export_index(
        name = index,
        cells = [x.cell for x in exports],
        stages = [x.stage for x in exports],
        flags = [x.flags for x in exports],
        configs = {h.config: h.name for h in harnesses},
        tags = ["manual"],
    )
    native.sh_binary(
        name = e.grid.prefix + "export_runs",
        srcs = ["//stages/grid/commands:run_tool.sh"],
        args = ["$(rootpath %s)" % _TOOL, "--export_index=$(rootpath :%s)" % index],
        data = [_TOOL, ":" + index],
        tags = ["manual"],
    )
