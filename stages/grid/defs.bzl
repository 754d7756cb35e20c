"""The stages of every experiment: grid cells, aggregation, timings, pins,
harness baseline and the data of the search commands.

experiment_grids(EXPERIMENTS) is called once, in //stages/grid/by_experiment, with the
EXPERIMENTS of //stages/experiments:grid.bzl. Every label it uses comes from
those structs (the task set's SET, the harnesses, the dense models); it
defines, for experiment e, targets "<e>/<name>":

  spec               grid_spec.pb, cell_spec.pb: the experiment validated once
                     (grid_spec.h, from the resolved @experiments//:<e>.textproto
                     and the harness configs, roles harness/<i>); built even
                     when the experiment is not configured
  condition_table    condition_table.json: the experiment's conditions, rendered
                     from the table of stages/grid/conditions.bzl (the one
                     place a cell suffix or label is built)
  conditions         conditions.pb: that table validated against the experiment
                     (conditions.h); what the cells, aggregate and trec read

  per task T and condition C whose snapshot is "transformed" (S003, S004):
    T_C_corpus       T_C_corpus.snapshot.pb, T_C_corpus.chunks.pb: stage
                     grid_transform (stages/grid/conditions/transform_stage.h),
                     the base snapshot through C's corpus transform, once for
                     every harness, stored against the base; reads the task
                     set's rules and query files

  per task T, harness H (in the experiment's order) and condition (one
  hermetic eval_stage each, so no result is computed twice and a change to one
  task reruns only its cells):
    T_H_baseline     T_H_baseline.json   base snapshot, labels at base
    T_H_S001         T_H_S001.json       stale snapshot (base^1), labels at base; shared by
                                         the cells of T x H (shared_key T/H)
    T_H_S001_k<d>    T_H_S001_k<d>.json  the snapshot at base~d, labels at base, for
                                         every further depth d of s001_depths
    T_H_S002_d<n>    T_H_S002_d<n>.json  base snapshot + n distractors, n in the
                                         experiment's s002_doses
    T_H_S003, T_H_S004  .json            the base through the kind's transform (a
                                         condition whose snapshot is "transformed"):
                                         T_S003_corpus above, read with the base's
                                         stored artifacts as its references
    (the suffixes are the conditions' cell_suffix; a cell gets
    --condition=<suffix> and reads its kind and parameter from conditions.pb)
    each with a `.volatile.json` of build and query times, and the
    experiment's cell_spec.pb (role "experiment": where its pins live, which
    candidates it indexes; with the gold candidates only, every cell also
    reads the set's rules and query files). A harness with a
    dense leg also reads its model (stages/grid/models), the chunk
    embeddings of its snapshot under that model (dense_model.embeddings, one
    stage per commit and model, with their chain: embeddings_inputs,
    stages/retrieval/defs.bzl) and the
    experiment's pin file.
  units_<k>          .pb: the units of 64 consecutive tasks (UnitShard, stage grid_units:
                     the cells' JSON read, paired, the lists as rankings; in parallel)
  corpus_<k>         .pb: per task of the same 64, its base's files and chunks per language and its
                     S001 effective doses (CorpusShard, stage grid_corpus: snapshots only, in
                     parallel with the cells)
  aggregate          report.json, rankings.pb, report.md, cells.csv, *.svg, report.tokens.txt (reads
                     the units_<k> shards and grid_spec.pb: title, harnesses, depths, doses,
                     bootstrap)
  trec               TREC runs <H>.<C>.run and <H>.<C>.functions.run per harness H
                     and condition C (the cell suffixes above), files.qrels,
                     functions.qrels (stages/grid/reports/trec_export_main.cc)
  timings            timings.volatile.csv (volatile, never hashed)
  pins               <e>.pins.textproto: the pins of the experiment's models as
                     built (`bazel run //reports:<e>_pins_refreeze` copies it
                     into data/experiments)
  harness_baseline   every harness on every task at base (.json, .md, .volatile.tsv)
  search_index, search_data   for `bazel run //stages/grid:search`

An external harness (program: HarnessConfig.external) gives each of its
cells the program as a tool (role "program", with its runfiles: a changed
program reruns exactly its cells) and the rules of the set's languages
(rules/<language>, the language of each document it writes); no other
harness's cell changes (docs/external_harness.md).

A pinned-runs harness (HarnessConfig.pinned_runs, docs/run_cache.md) gives
each of its cells the experiment's run cache (e.run_cache.file, role
"run_cache"), the pin file and the rules of the set's languages; beside each
cell, <cell>_export (manual) writes the cell's corpus.jsonl and
queries.jsonl, which <e>/export_runs exports (stages/grid/run_cache.bzl);
the pins stage records the cache's sha256.

A harness with a server-model leg (server_cache) reads the experiment's
vector cache (e.vector_cache.file, role "vector_cache") and the pin file
instead of a model and embeddings; the pins stage records the cache's sha256
and the harness baseline reads it as models/vector_cache.

When the set's history or the experiment's vector cache is not configured
(e.configured), every target but the search index is tagged "manual" (so
`//...` skips it) and the unconfigured input fails with the how-to message if
built.
"""

load("//stages/corpus:corpus_inputs.bzl", "add_roles", "chain_commits", "corpus_inputs")
load("//stages/corpus/index:artifact_index.bzl", "artifact_index_text")
load("//stages/corpus/languages:rules.bzl", "rules_label", "rules_roles")
load("//stages/framework/pipeline:defs.bzl", "eval_stage", _name = "local_name")
load("//stages/grid:conditions.bzl", "experiment_conditions", "reads_rules")
load("//stages/grid:run_cache.bzl", "pinned_run_export", "pinned_run_export_stage")
load("//stages/retrieval:defs.bzl", "embeddings_inputs")

def _distractor_rules(s):
    """The rules file the S002 distractors of set s's tasks are written and chunked by: its first language's."""
    return rules_label(s.languages[0])

def _pool_rules(e, s):
    """The inputs a stage cuts its candidate pool by (candidate_pool.h): set s's rules, for the gold candidates only.

    Args:
      e: the experiment struct (stages/experiments/grid.bzl).
      s: the task set struct of the stage's task (or tasks).

    Returns:
      {label: role}, empty when the experiment indexes every corpus file.
    """
    return rules_roles(s.languages) if e.candidates == "CANDIDATES_GOLD_CANDIDATES_ONLY" else {}

def _models(e):
    """The distinct dense models of the experiment's harnesses, harness by harness, set by set."""
    seen = {}
    out = []
    for h in e.harnesses:
        for s in e.sets:
            m = h.dense_models.get(s.name)
            if m != None and m.target not in seen:
                seen[m.target] = True
                out.append(m)
    return out

def _languages(e):
    """The languages of the experiment's sets, each once, in set order."""
    return {lang: True for s in e.sets for lang in s.languages}.keys()

def _commit(c, t):
    """The commit struct of task t whose snapshot condition c indexes."""
    return t.stale_at[c["parameter"]].commit if c["snapshot"] == "stale_at" else t.base

def _transform_name(e, c, t):
    """The grid_transform stage of task t under transformed condition c."""
    return e.grid.prefix + "%s_%s_corpus" % (t.id, c["cell_suffix"])

def _transformed_inputs(e, c, t):
    """A cell's {label: role} of task t's base through c's transform (stored against the base)."""
    n = _transform_name(e, c, t)
    base = n[len(e.grid.prefix):]
    inputs = {":" + n: "snapshot:%s.snapshot.pb chunks:%s.chunks.pb" % (base, base)}
    return add_roles(inputs, corpus_inputs(t.base, snapshot = "snapshot@" + t.base.id, chunks = "chunks@" + t.base.id))

def _transforms(e, tags):
    """Per task and transformed condition, stage grid_transform (transform_stage.h)."""
    for c in experiment_conditions(e):
        if c["snapshot"] != "transformed":
            continue
        for t in e.tasks:
            n = _transform_name(e, c, t)
            inputs = {e.grid.conditions: "conditions:conditions.pb"}
            inputs.update(rules_roles(e.set_of[t.id].languages))
            add_roles(inputs, corpus_inputs(t.base, snapshot = "snapshot", chunks = "chunks"))
            eval_stage(
                name = n,
                tool = "//stages/grid/conditions:transform_tool",
                stage = "grid_transform",
                stage_version = "1",
                inputs = inputs,
                outs = [n + ".snapshot.pb", n + ".chunks.pb"],
                args = ["--task=" + t.id, "--base_commit=" + t.base.id, "--condition=" + c["cell_suffix"]],
                tags = tags,
            )

_TOKEN_COSTS = "//stages/grid/token_costs:%s/%s"
_COST_PROGRAM = "//stages/corpus/token_costs:token_costs"

def _cost_inputs(e, c, t):
    """A cell's {label: role} of its token costs (Experiment.packing in tokens; unit_costs.h).

    Args:
      e: the experiment struct.
      c: the condition row.
      t: the task struct.

    Returns:
      {label: role}: the costs of the snapshot the cell indexes (a
      transformed snapshot: its base's, the texts the transform kept), and,
      when its corpus holds texts that snapshot lacks (distractors, a
      transform), the pinned cost program's pin and vocabulary.
    """
    if not e.packing_tokens:
        return {}
    s = e.set_of[t.id]
    commit = t.base if c["snapshot"] == "transformed" else _commit(c, t)
    out = {_TOKEN_COSTS % (s.name, commit.id): "costs"}
    if c["snapshot"] == "transformed" or reads_rules(c) == "distractors":
        out["//data/tokenizer:minilm_wordpiece.textproto"] = "cost_pin"
        out["//stages/corpus/token_costs:minilm_vocab"] = "cost_vocabulary"
    return out

def _cell_programs(h, inputs):
    """The programs a cell runs: the harness's (external) and the cost program when it counts texts."""
    out = {h.program: "program"} if h.program else {}
    if "cost_vocabulary" in inputs.values():
        out[_COST_PROGRAM] = "cost_program"
    return out

def _cells(e, tags, exports):
    """The cells of every task, harness and condition; `exports` gets each pinned-runs cell's struct(cell, stage, flags)."""
    cells = []
    for t in e.tasks:
        s = e.set_of[t.id]

        # Several sets: the cell looks up its set's model pins (one set: the
        # spec's, and the command line every single-set cell always had).
        set_args = ["--task_set=" + s.name] if len(e.sets) > 1 else []
        for h in e.harnesses:
            dense_model = h.dense_models.get(s.name)
            common = {
                e.grid.spec: "experiment:cell_spec.pb",
                e.grid.conditions: "conditions:conditions.pb",
                s.task_specs: "tasks:" + t.spec_file,
                t.labels: "labels",
                h.config: "harness",
            }
            if dense_model != None:
                common[dense_model.target] = "model:" + dense_model.artifact
            if h.server_cache:
                common[e.vector_cache.file] = "vector_cache"
            if dense_model != None or h.server_cache:
                common[e.pins] = "pins"
            if h.first_stage:
                # A reranker runs its first stage in its cell (rerank_cell.h).
                # A name outside the grid: the spec stage, which every cell reads, says so.
                for f in [f for f in e.harnesses if f.name == h.first_stage][:1]:
                    common[f.config] = "first_stage"
            pool = _pool_rules(e, s)
            common.update(pool)
            if (h.program or h.pinned_runs) and not pool:
                # The language of each document it writes (external_cell.h).
                add_roles(common, rules_roles(s.languages))
            for c in experiment_conditions(e):
                n = e.grid.prefix + "%s_%s_%s" % (t.id, h.name, c["cell_suffix"])
                commit = _commit(c, t)
                stale = c["snapshot"] == "stale_at"
                inputs = dict(common)
                if reads_rules(c) == "distractors":
                    add_roles(inputs, {_distractor_rules(s): "rules"})
                if c["snapshot"] == "transformed":
                    add_roles(inputs, _transformed_inputs(e, c, t))
                else:
                    add_roles(inputs, corpus_inputs(commit, snapshot = "snapshot", chunks = "chunks"))
                if dense_model != None and c["snapshot"] != "transformed":
                    add_roles(inputs, embeddings_inputs(dense_model, commit, "embeddings"))
                add_roles(inputs, _cost_inputs(e, c, t))
                args = [
                    "--task=" + t.id,
                    "--harness=" + h.name,
                    "--condition=" + c["cell_suffix"],
                ] + (["--expected_commit=" + commit.id] if stale else []) + set_args
                if h.pinned_runs:
                    pinned_run_export_stage(n, inputs, args)
                    exports.append(struct(cell = "\t".join([h.name, t.id, c["cell_suffix"]]), stage = ":%s_export" % n, flags = " ".join(args)))
                    inputs = dict(inputs)
                    inputs[e.run_cache.file] = "run_cache"
                    inputs[e.pins] = "pins"
                eval_stage(
                    name = n,
                    tool = "//stages/grid/cells:cell_tool",
                    stage = "grid_cell",
                    stage_version = "1",
                    inputs = inputs,
                    outs = [n + ".json", n + ".volatile.json"],
                    args = args,
                    programs = _cell_programs(h, inputs),
                    tags = tags,
                )
                cells.append(n)
    return cells

def _grid_stage(target, tool, stage, version = "1", **kwargs):
    """eval_stage `target` (a label of e.grid) of `stage` at `version`, run by `tool`."""
    eval_stage(name = _name(target), tool = tool, stage = stage, stage_version = version, **kwargs)

def _harness_roles(e):
    """config -> "harness/<i>", i the harness's index in the experiment."""
    return {h.config: "harness/%d" % i for i, h in enumerate(e.harnesses)}

def _spec(e, tags):
    """The experiment, validated once for its grid (stages/grid/grid_spec.h)."""
    inputs = {e.spec_file: "experiment"}
    inputs.update(_harness_roles(e))
    _grid_stage(
        e.grid.spec,
        "//stages/grid:spec_tool",
        "experiment_spec",
        inputs = inputs,
        outs = [e.grid.prefix + "grid_spec.pb", e.grid.prefix + "cell_spec.pb"],
        args = ["--source=" + e.source, "--pins_file=" + e.pins_file, "--pins_refreeze=" + e.pins_refreeze],
        tags = tags,
    )

def _set_role(e, role, s):
    """The role of set s's input: `role` when the experiment has one set, "<role>/<set name>" otherwise."""
    return role if len(e.sets) == 1 else "%s/%s" % (role, s.name)

def _tasks(e, tags):
    """The sets' tasks the experiment runs: all but its exclude_tasks (experiment_tasks.h)."""
    inputs = {s.task_set: _set_role(e, "task_set", s) for s in e.sets}
    inputs[e.grid.spec] = "grid_spec:grid_spec.pb"
    _grid_stage(
        e.grid.tasks,
        "//stages/grid:experiment_tasks_tool",
        "experiment_tasks",
        inputs = inputs,
        outs = [e.grid.prefix + "tasks.pb"],
        args = ["--source=" + e.source],
        tags = tags,
    )

def _condition_table_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".json")
    ctx.actions.write(out, ctx.attr.json + "\n")
    return [DefaultInfo(files = depset([out]))]

# Writes <experiment>/condition_table.json: data (a ConditionTable), never code.
_condition_table = rule(
    implementation = _condition_table_impl,
    attrs = {"json": attr.string(mandatory = True, doc = "The table, JSON-encoded.")},
)

def _conditions(e):
    """The experiment's conditions, rendered here and validated by the grid_conditions stage."""
    table = json.encode({"conditions": experiment_conditions(e)})
    _condition_table(name = _name(e.grid.condition_table), json = table)
    _grid_stage(
        e.grid.conditions,
        "//stages/grid/conditions:conditions_tool",
        "grid_conditions",
        inputs = {e.grid.condition_table: "table", e.grid.spec: "grid_spec:grid_spec.pb"},
        outs = [e.grid.prefix + "conditions.pb"],
    )

def _outcome_roles(e, cells):
    """cell target -> "outcome/<cell name>" for every cell of the grid."""
    return {":" + n: "outcome/" + n[len(e.grid.prefix):] for n in cells}

# Tasks per grid_units shard: the aggregate's reading of the cells' JSON runs
# in parallel actions of this many consecutive tasks (docs/grid.md).
_SHARD_TASKS = 64

def _shard_index(i):
    """i zero-padded to 3 digits, so that role and name order is shard order."""
    return ("00" + str(i))[-3:] if i < 1000 else str(i)

def _task_runs(e):
    """The runs of _SHARD_TASKS consecutive tasks: (first task's index, shard index, tasks)."""
    return [(k, _shard_index(k // _SHARD_TASKS), e.tasks[k:k + _SHARD_TASKS]) for k in range(0, len(e.tasks), _SHARD_TASKS)]

def _shard_stage(name, kind, inputs, args, tags):
    """One shard stage, grid_<kind>, with tool <kind>_shard_tool and output <name>.pb."""
    eval_stage(
        name = name,
        tool = "//stages/grid/aggregate:%s_shard_tool" % ("unit" if kind == "units" else kind),
        stage = "grid_" + kind,
        stage_version = "1",
        inputs = inputs,
        outs = [name + ".pb"],
        args = args,
        tags = tags,
    )

def _unit_shards(e, cells, tags):
    """The grid_units stages over the runs of tasks; their names, in task order."""
    per_task = len(cells) // len(e.tasks) if e.tasks else 0
    shards = []
    for k, index, tasks in _task_runs(e):
        name = e.grid.prefix + "units_" + index
        inputs = {e.grid.conditions: "conditions:conditions.pb"}
        inputs.update(_outcome_roles(e, cells[k * per_task:(k + len(tasks)) * per_task]))
        _shard_stage(name, "units", inputs, [
            "--tasks=" + ",".join([t.id for t in tasks]),
            "--harnesses=" + ",".join([h.name for h in e.harnesses]),
        ], tags)
        shards.append(name)
    return shards

def _corpus_shards(e, tags):
    """The grid_corpus stages over the same runs of tasks; their names, in task order."""
    shards = []
    for _, index, tasks in _task_runs(e):
        name = e.grid.prefix + "corpus_" + index
        inputs = rules_roles(_languages(e))
        for t in tasks:  # per-task aliases: tasks may share a commit
            inputs[t.base_manifest] = "base/" + t.id
            add_roles(inputs, corpus_inputs(t.base, chunks = "base_chunks/" + t.id))
            inputs[t.labels] = "labels/" + t.id
            for d in e.s001_depths:
                inputs[t.stale_at[d].manifest] = "stale_k%d/%s" % (d, t.id)
        _shard_stage(name, "corpus", inputs, [
            "--tasks=" + ",".join([t.id for t in tasks]),
            "--depths=" + ",".join([str(d) for d in e.s001_depths]),
        ], tags)
        shards.append(name)
    return shards

def _aggregate(e, shards, corpus_shards, tags):
    inputs = {
        e.grid.tasks: "tasks",
        e.grid.spec: "grid_spec:grid_spec.pb",
        e.grid.conditions: "conditions:conditions.pb",
    }
    for t in e.tasks:
        inputs[t.labels] = "labels/" + t.id
    for s in e.sets:
        if s.lsa_training:
            inputs[s.lsa_training.manifest] = _set_role(e, "training_manifest", s)
            inputs[s.spec] = _set_role(e, "task_file", s)  # whether it names the training commit
    inputs.update(rules_roles(_languages(e)))
    for i, shard in enumerate(shards):
        inputs[":" + shard] = "units/" + _shard_index(i)
    for i, shard in enumerate(corpus_shards):
        inputs[":" + shard] = "corpus/" + _shard_index(i)
    p = e.grid.prefix
    _grid_stage(
        e.grid.aggregate,
        "//stages/grid/aggregate:aggregate_tool",
        "grid_aggregate",
        # 2: report.json holds the experiment's conditions; 3: its languages
        # and their files and chunks per base; 4: excluded tasks and tasks
        # without a gold function; 5: why the LSA training commit (the task
        # file's, or derived); 6: the ranked lists in rankings.pb, not in
        # report.json, which leaves out the composite cells; the units from
        # the grid_units shards, not the cells' JSON; 7: the corpus counts
        # and S001 doses from the grid_corpus shards.
        version = "7",
        inputs = inputs,
        outs = [p + f for f in [
            "report.json",
            "rankings.pb",
            "report.md",
            "cells.csv",
            "dose_response.svg",
            "rank_displacement.svg",
            "report.tokens.txt",
        ] + (["staleness.svg"] if len(e.s001_depths) > 1 else [])],
        tags = tags,
    )
    plots = ["dose_response", "rank_displacement"] + (["staleness"] if len(e.s001_depths) > 1 else [])
    _grid_stage(
        e.grid.html,
        "//stages/grid/reports:html_tool",
        "grid_html",
        # 2: the page is report.md's own text (its "markdown" input); 3: the
        # units table gives each unit's Acc@k, from cells.csv.
        version = "3",
        inputs = {e.grid.aggregate: " ".join(
            ["report:report.json", "markdown:report.md", "cells:cells.csv"] +
            ["plot/%s:%s.svg" % (n.replace("_", "-"), n) for n in plots],
        )},
        outs = [p + "report.html"],
        tags = tags,
    )

def _summary_role(e, m):
    """The pins stage's role of model m: summary/<model>; with several sets, summary/<set>/<model>."""
    return "summary/" + m.name if len(e.sets) == 1 else "summary/%s/%s" % (m.task_set.name, m.name)

def _pins(e, tags):
    models = _models(e)
    inputs = {m.target: "%s:%s" % (_summary_role(e, m), m.summary) for m in models}
    inputs[e.grid.spec] = "experiment:cell_spec.pb"
    if e.vector_cache != None:
        inputs[e.vector_cache.file] = "vector_cache"
    if e.run_cache != None:
        inputs[e.run_cache.file] = "run_cache"
    _grid_stage(
        e.grid.pins,
        "//stages/grid:pins_tool",
        "experiment_pins",
        inputs = inputs,
        outs = [e.grid.prefix + e.name + ".pins.textproto"],
        tags = tags,
    )

def _harness_baseline(e, tags):
    # lock_check: read by no one, it orders the baseline after the task lock
    # check, like every cell (through task_specs).
    s = e.sets[0]
    inputs = {e.grid.tasks: "task_set", s.lock_check: "lock_check", e.grid.spec: "experiment:cell_spec.pb"}
    inputs.update(_harness_roles(e))
    models = _models(e)
    for m in models:
        inputs[m.target] = "models/%s:%s" % (m.name, m.artifact)
    if e.vector_cache != None:
        inputs[e.vector_cache.file] = "models/vector_cache"
    if models or e.vector_cache != None:
        inputs[e.pins] = "pins"
    inputs.update(_pool_rules(e, s))
    for t in e.tasks:
        add_roles(inputs, corpus_inputs(t.base, snapshot = "snapshot/" + t.id, chunks = "chunks/" + t.id))
        inputs[t.labels] = "labels/" + t.id
    p = e.grid.prefix
    _grid_stage(
        e.grid.harness_baseline,
        "//stages/retrieval:run_harnesses",
        "grid_harness_baseline",
        inputs = inputs,
        outs = [p + "harness_baseline.json", p + "harness_baseline.md", p + "harness_baseline.volatile.tsv"],
        tags = tags,
    )

def _search_index_impl(ctx):
    rows = []
    if not ctx.attr.message:
        rows.append(("-", "task_set", _artifact(ctx.attr.task_set).short_path))
        rows.append(("-", "grid_spec", _artifact(ctx.attr.spec, "grid_spec.pb").short_path))
        for i, h in enumerate(ctx.files.harnesses):
            rows.append(("-", "harness/%d" % i, h.short_path))
        for name, target in zip(ctx.attr.model_names, ctx.attr.models):
            rows.append(("-", "model/%s" % name, _artifact(target, ".pb").short_path))
        for f in ctx.files.vector_cache:
            rows.append(("-", "model/vector_cache", f.short_path))
        for f in ctx.files.pins:
            rows.append(("-", "pins", f.short_path))
        for f in ctx.files.rules:
            rows.append(("-", "rules", f.short_path))
        for i, task in enumerate(ctx.attr.task_ids):
            for role, targets in [
                ("base_snapshot", ctx.attr.base_snapshots),
                ("base_chunks", ctx.attr.base_chunks),
                ("labels", ctx.attr.labels),
                ("stale_snapshot", ctx.attr.stale_snapshots),
                ("stale_chunks", ctx.attr.stale_chunks),
            ]:
                rows.append((task, role, _artifact(targets[i]).short_path))
        for c, snapshot, chunks in zip(ctx.attr.chain_ids, ctx.attr.chain_snapshots, ctx.attr.chain_chunks):
            rows.append(("-", "snapshot@%s" % c, _artifact(snapshot).short_path))
            rows.append(("-", "chunks@%s" % c, _artifact(chunks).short_path))
    out = ctx.actions.declare_file(ctx.label.name + ".textproto")
    ctx.actions.write(out, artifact_index_text(ctx.attr.experiment, rows, not_configured = ctx.attr.message))
    return [DefaultInfo(files = depset([out]))]

def _artifact(target, suffix = ""):
    files = [
        f
        for f in target.files.to_list()
        if not f.basename.endswith(".provenance.json") and f.basename.endswith(suffix)
    ]
    if len(files) != 1:
        fail("%s: expected one artifact ending in '%s', got %d" % (target.label, suffix, len(files)))
    return files[0]

search_index = rule(
    implementation = _search_index_impl,
    doc = "Index of an experiment's artifacts (runfiles paths) for the search commands (stages/corpus/index/set_index.h).",
    attrs = {
        "experiment": attr.string(mandatory = True),
        "message": attr.string(),
        "spec": attr.label(doc = "The experiment's experiment_spec stage (its grid_spec.pb)."),
        "task_ids": attr.string_list(),
        "task_set": attr.label(),
        "harnesses": attr.label_list(allow_files = True),
        "model_names": attr.string_list(),
        "models": attr.label_list(),
        "pins": attr.label_list(allow_files = True),
        "rules": attr.label_list(allow_files = True, doc = "The rules file of the S002 distractors' language (the set's first)."),
        "vector_cache": attr.label_list(allow_files = True, doc = "The experiment's vector cache, when configured."),
        "base_snapshots": attr.label_list(),
        "base_chunks": attr.label_list(),
        "labels": attr.label_list(),
        "stale_snapshots": attr.label_list(),
        "stale_chunks": attr.label_list(),
        "chain_ids": attr.string_list(doc = "The commits the tasks' corpora are stored against (corpus_inputs.bzl)."),
        "chain_snapshots": attr.label_list(),
        "chain_chunks": attr.label_list(),
    },
)

def _search_data(e):
    tasks = e.tasks

    # The sets, not the vector cache: the fill command reads this index to
    # fill the cache, so it must exist before the cache is configured.
    unconfigured = [s for s in e.sets if not s.configured]
    if unconfigured or len(e.sets) > 1:
        message = unconfigured[0].not_configured_message if unconfigured else (
            "the search commands read one task set; experiment %s has %d (%s): run them on an experiment of one of them" %
            (e.name, len(e.sets), ", ".join([s.name for s in e.sets]))
        )
        search_index(name = _name(e.grid.search_index), experiment = e.name, message = message)
        native.filegroup(name = _name(e.grid.search_data), srcs = [e.grid.search_index])
        return
    s = e.sets[0]
    models = _models(e)

    # The fill command reads this index to fill the cache, so it works before
    # the cache is configured; the search command needs the cache itself.
    cache = [e.vector_cache.file] if e.vector_cache != None and e.vector_cache.configured else []
    chain = chain_commits([t.base for t in tasks] + [t.stale for t in tasks])
    search_index(
        name = _name(e.grid.search_index),
        experiment = e.name,
        spec = e.grid.spec,
        task_ids = [t.id for t in tasks],
        task_set = s.task_set,
        harnesses = [h.config for h in e.harnesses],
        model_names = [m.name for m in models],
        models = [m.target for m in models],
        pins = [e.pins],
        rules = [_distractor_rules(s)],
        vector_cache = cache,
        base_snapshots = [t.base_snapshot for t in tasks],
        base_chunks = [t.base_chunks for t in tasks],
        labels = [t.labels for t in tasks],
        stale_snapshots = [t.stale_snapshot for t in tasks],
        stale_chunks = [t.stale_chunks for t in tasks],
        chain_ids = [c.id for c in chain],
        chain_snapshots = [c.snapshot for c in chain],
        chain_chunks = [c.chunks for c in chain],
    )
    native.filegroup(
        name = _name(e.grid.search_data),
        srcs = [e.grid.search_index, s.task_set, e.grid.spec, e.pins, _distractor_rules(s)] +
               [h.config for h in e.harnesses] +
               [m.target for m in models] + cache + [t.base_snapshot for t in tasks] +
               [t.base_chunks for t in tasks] + [t.labels for t in tasks] +
               [t.stale_snapshot for t in tasks] + [t.stale_chunks for t in tasks] +
               [c.snapshot for c in chain] + [c.chunks for c in chain],
    )

def _timings(e, cells, tags):
    """timings.volatile.csv: every cell's build and query times (volatile), by shard."""
    p = e.grid.prefix
    per_task = len(cells) // len(e.tasks) if e.tasks else 0
    shards = {}
    for k, index, tasks in _task_runs(e):
        name = p + "timings_" + index
        eval_stage(
            name = name,
            tool = "//stages/grid/aggregate:timings_tool",
            stage = "grid_timings",
            stage_version = "1",
            inputs = {":" + n: "cell/" + n[len(p):] for n in cells[k * per_task:(k + len(tasks)) * per_task]},
            outs = [name + ".volatile.csv"],
            volatile_inputs = True,
            tags = tags,
        )
        shards[":" + name] = "timings/" + index
    _grid_stage(
        e.grid.timings,
        "//stages/grid/aggregate:timings_tool",
        "grid_timings",
        # 2: the rows of the timing shards, in shard order.
        version = "2",
        inputs = shards,
        outs = [p + "timings.volatile.csv"],
        volatile_inputs = True,
        tags = tags,
    )

def _trec(e, shards, tags):
    inputs = {e.grid.tasks: "tasks"}
    for t in e.tasks:
        inputs[t.labels] = "labels/" + t.id
    for i, shard in enumerate(shards):
        inputs[":" + shard] = "units/" + _shard_index(i)
    runs = []
    for h in e.harnesses:
        for c in experiment_conditions(e):
            runs += ["%s.%s.run" % (h.name, c["cell_suffix"]), "%s.%s.functions.run" % (h.name, c["cell_suffix"])]
    _grid_stage(
        e.grid.trec,
        "//stages/grid/reports:trec_export_tool",
        "grid_trec_export",
        # 2: the lists from the grid_units shards, not the cells' JSON.
        version = "2",
        inputs = inputs,
        outs = [e.grid.prefix + f for f in runs + ["files.qrels", "functions.qrels"]],
        tags = tags,
    )

def experiment_grid(e):
    """Defines the stages of one experiment (see the module docstring).

    Args:
      e: one struct of EXPERIMENTS (//stages/experiments:grid.bzl).
    """
    tags = [] if e.configured else ["manual"]
    _spec(e, [])  # validates even an experiment whose inputs are not configured
    _tasks(e, tags)
    _conditions(e)
    _transforms(e, tags)
    exports = []
    cells = _cells(e, tags, exports)
    shards = _unit_shards(e, cells, tags)
    _aggregate(e, shards, _corpus_shards(e, tags), tags)
    _timings(e, cells, tags)
    _trec(e, shards, tags)
    _pins(e, tags)
    if len(e.sets) == 1:  # it reads one set's models and pins (run_harnesses_main.cc)
        _harness_baseline(e, tags)
    pinned_run_export(e, exports)
    _search_data(e)

def experiment_grids(experiments):
    """experiment_grid for every experiment of //stages/experiments:grid.bzl.

    Args:
      experiments: EXPERIMENTS of //stages/experiments:grid.bzl.
    """
    for e in experiments:
        experiment_grid(e)
