"""Retrieval targets of one E04 corpus set (used by stages/retrieval/real and fixture).

harness_baseline(...): see its docstring.

search_data(history, corpus, lsa_model) defines, in the calling package:
  search_index   search_index.tsv: rows "<task or ->\t<role>\t<runfiles path>" for
                 the set's task_set, lsa_model and every task's base_snapshot,
                 base_chunks, labels and stale_chunks; "# set" and, when the history is not
                 configured, "# not_configured" header lines.
  search_data    filegroup of the index and every file it names (runfiles of
                 //stages/retrieval:search).
When the history is not configured, only the index (with the message) exists,
so the search command builds without the clone and explains what is missing.
"""

load("//stages/pipeline:defs.bzl", "eval_stage")

def _artifact(target, suffix = ""):
    files = [
        f
        for f in target.files.to_list()
        if not f.basename.endswith(".provenance.json") and f.basename.endswith(suffix)
    ]
    if len(files) != 1:
        fail("%s: expected one artifact ending in '%s', got %d" % (target.label, suffix, len(files)))
    return files[0]

def _search_index_impl(ctx):
    lines = ["# set\t%s" % ctx.attr.set_name]
    if ctx.attr.message:
        lines.append("# not_configured\t%s" % ctx.attr.message)
    else:
        lines.append("-\ttask_set\t%s" % _artifact(ctx.attr.task_set).short_path)
        lines.append("-\tlsa_model\t%s" % _artifact(ctx.attr.lsa_model, ".pb").short_path)
        for i, task in enumerate(ctx.attr.task_ids):
            lines.append("%s\tbase_snapshot\t%s" % (task, _artifact(ctx.attr.base_snapshots[i]).short_path))
            lines.append("%s\tbase_chunks\t%s" % (task, _artifact(ctx.attr.base_chunks[i]).short_path))
            lines.append("%s\tlabels\t%s" % (task, _artifact(ctx.attr.labels[i]).short_path))
            lines.append("%s\tstale_chunks\t%s" % (task, _artifact(ctx.attr.stale_chunks[i]).short_path))
    out = ctx.actions.declare_file(ctx.label.name + ".tsv")
    ctx.actions.write(out, "\n".join(lines) + "\n")
    return [DefaultInfo(files = depset([out]))]

search_index = rule(
    implementation = _search_index_impl,
    attrs = {
        "set_name": attr.string(mandatory = True),
        "message": attr.string(),
        "task_ids": attr.string_list(),
        "task_set": attr.label(),
        "lsa_model": attr.label(),
        "base_snapshots": attr.label_list(),
        "base_chunks": attr.label_list(),
        "labels": attr.label_list(),
        "stale_chunks": attr.label_list(),
    },
)

def search_data(history, corpus, lsa_model):
    """See the module docstring. corpus: package of the set's e04_corpus targets."""
    ids = [t["id"] for t in history["tasks"]]
    if history["configured"]:
        snapshots = ["%s:%s_base_snapshot" % (corpus, i) for i in ids]
        chunks = ["%s:%s_base_chunks" % (corpus, i) for i in ids]
        labels = ["%s:%s_labels" % (corpus, i) for i in ids]
        stale_chunks = ["%s:%s_stale_chunks" % (corpus, i) for i in ids]
        search_index(
            name = "search_index",
            set_name = history["repository"],
            task_ids = ids,
            task_set = corpus + ":task_set",
            lsa_model = lsa_model,
            base_snapshots = snapshots,
            base_chunks = chunks,
            labels = labels,
            stale_chunks = stale_chunks,
        )
        native.filegroup(
            name = "search_data",
            srcs = [":search_index", corpus + ":task_set", lsa_model] + snapshots + chunks + labels +
                   stale_chunks,
        )
    else:
        search_index(
            name = "search_index",
            set_name = history["repository"],
            message = history["not_configured_message"],
            task_ids = ids,
        )
        native.filegroup(name = "search_data", srcs = [":search_index"])

def harness_baseline(history, corpus, lsa_model, lsa_model_file):
    """The eval_stage `harness_baseline`: every harness on every task at base.

    Outputs harness_baseline.json, harness_baseline.md and
    harness_baseline.volatile.tsv (times). Tagged manual when the history is
    not configured. lsa_model_file: the .pb basename of the lsa_model stage.
    """
    ids = [t["id"] for t in history["tasks"]]
    inputs = {
        corpus + ":task_set": "task_set",
        lsa_model: "lsa_model:" + lsa_model_file,
        "//data/e04/harnesses:harness_configs": "configs",
    }
    for i in ids:
        inputs["%s:%s_base_snapshot" % (corpus, i)] = "snapshot/" + i
        inputs["%s:%s_base_chunks" % (corpus, i)] = "chunks/" + i
        inputs["%s:%s_labels" % (corpus, i)] = "labels/" + i
    eval_stage(
        name = "harness_baseline",
        tool = "//stages/retrieval:run_harnesses",
        stage = "e04_harness_baseline",
        stage_version = "1",
        inputs = inputs,
        outs = [
            "harness_baseline.json",
            "harness_baseline.md",
            "harness_baseline.volatile.tsv",
        ],
        tags = [] if history["configured"] else ["manual"],
    )
