"""Targets of an E04 corpus: snapshots, chunks, labels, checks, for every task.

e04_corpus() is called once per task set, in a package of its own, with the
HISTORY dict of that set's git_history repository (history.bzl):

    load("@gitlab_runner_history//:tasks.bzl", "HISTORY")
    load("//stages/corpus:defs.bzl", "e04_corpus")
    e04_corpus(history = HISTORY, spec = "//data/e04/tasks:tasks.textproto", ...)

It defines, in that package (every artifact is an eval_stage with provenance):

  per snapshot commit <c> (base and stale commits of all tasks, and the LSA
  training commit; a commit shared by several tasks is built once):
    commit_<c>_snapshot   commit_<c>.snapshot.pb    Snapshot, with content
    commit_<c>_manifest   commit_<c>.manifest.json  Snapshot without content
    commit_<c>_chunks     commit_<c>.chunks.pb      ChunkSet
    commit_<c>_gofuncs    commit_<c>.gofuncs.tsv    go/parser functions (gocheck)
    commit_<c>_agreement  commit_<c>.agreement.json ChunkerAgreement
  per task <T> (aliases of the commit targets, plus the labels):
    <T>_base_snapshot, <T>_base_manifest, <T>_base_chunks,
    <T>_stale_snapshot, <T>_stale_manifest, <T>_stale_chunks,
    <T>_labels            <T>.labels.pb             Labels (== expected, or the build fails)
  per set:
    task_set              task_set.pb               the validated TaskSet
    task_specs            <T>.task.pb               one TaskSet per task (per-task invalidation)
    lsa_training_snapshot, lsa_training_manifest, lsa_training_chunks (aliases)
    snapshot_hashes       snapshot_hashes.tsv       one line per snapshot
    chunker_agreement     chunker_agreement.json    ChunkerAgreementReport
    summary_index         summary_index.tsv         for //stages/corpus:summary
    all_labels            filegroup of every <T>_labels
  tests:
    labels_test, chunker_agreement_test, snapshot_hashes_test (against the
    frozen hashes, when given; `bazel run :freeze_snapshot_hashes` refreezes).

When the history is not configured (the real corpus without GITLAB_RUNNER_GIT),
the artifact targets still exist under the same names, tagged "manual" (so
`//...` skips them) and failing with the how-to message if built; the tests
become stubs that print "SKIPPED: ..." and pass; a DEBUG line says so when the
package loads.
"""

load("//stages/pipeline:defs.bzl", "eval_stage")

_C = "//stages/corpus:"
_GOCHECK = "//stages/corpus/gocheck:gocheck"

def _artifact(target):
    """The one file of a stage target that is not its provenance record."""
    files = [f for f in target.files.to_list() if not f.basename.endswith(".provenance.json")]
    if len(files) != 1:
        fail("%s: expected one artifact besides the provenance, got %d" % (target.label, len(files)))
    return files[0]

def _summary_index_impl(ctx):
    lines = ["# set\t%s" % ctx.attr.set_name]
    if ctx.attr.message:
        lines.append("# not_configured\t%s" % ctx.attr.message)
    if ctx.attr.task_set:
        lines.append("# task_set\t%s" % _artifact(ctx.attr.task_set).short_path)
    kinds = ["base_manifest", "base_chunks", "stale_manifest", "stale_chunks", "labels"]
    for i, task in enumerate(ctx.attr.task_ids):
        row = [task]
        for kind in kinds:
            files = getattr(ctx.attr, kind)
            if files:
                row.append(_artifact(files[i]).short_path)
            else:
                row.append("-")
        lines.append("\t".join(row))
    out = ctx.actions.declare_file(ctx.label.name + ".tsv")
    ctx.actions.write(out, "\n".join(lines) + "\n")
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

summary_index = rule(
    implementation = _summary_index_impl,
    doc = "Index of a set's artifacts (runfiles paths) for the summary command.",
    attrs = {
        "set_name": attr.string(mandatory = True),
        "message": attr.string(),
        "task_ids": attr.string_list(),
        "task_set": attr.label(),
        "base_manifest": attr.label_list(),
        "base_chunks": attr.label_list(),
        "stale_manifest": attr.label_list(),
        "stale_chunks": attr.label_list(),
        "labels": attr.label_list(),
    },
)

def _commit_file(repo, commit, name):
    return "%s//:commits/%s/%s" % (repo, commit, name)

def _skip_test(name, message):
    native.sh_test(
        name = name,
        srcs = [_C + "skip_test.sh"],
        args = ["'%s'" % message.replace("'", "")],
        size = "small",
    )

def e04_corpus(history, spec, description, remedy, frozen_hashes = None, explanations = None):
    """Defines the corpus targets of one task set (see the module docstring).

    Args:
      history: HISTORY from the set's git_history repository (tasks.bzl).
      spec: label of the TaskSet text proto (the one the repository read).
      description: where commits come from, for messages.
      remedy: what to do when a commit is missing, for messages.
      frozen_hashes: committed snapshot_hashes.tsv to compare with, or None.
      explanations: DifferenceExplanations text proto for the agreement, or None.
    """
    repo = history["repo"]
    configured = history["configured"]
    tags = [] if configured else ["manual"]
    hist_args = ["--history=" + description, "--remedy=" + remedy]

    for c in history["snapshot_commits"]:
        p = "commit_" + c
        eval_stage(
            name = p + "_snapshot",
            tool = _C + "snapshot_stage",
            stage = "e04_corpus_snapshot",
            stage_version = "1",
            inputs = {
                _commit_file(repo, c, "status"): "status",
                _commit_file(repo, c, "tree.z"): "tree",
                _commit_file(repo, c, "blobs.batch"): "blobs",
            },
            outs = [p + ".snapshot.pb"],
            args = ["--repository=" + history["repository"], "--commit=" + c] + hist_args,
            tags = tags,
        )
        eval_stage(
            name = p + "_manifest",
            tool = _C + "manifest_stage",
            stage = "e04_corpus_manifest",
            stage_version = "1",
            inputs = {":" + p + "_snapshot": "snapshot"},
            outs = [p + ".manifest.json"],
            tags = tags,
        )
        eval_stage(
            name = p + "_chunks",
            tool = _C + "chunks_stage",
            stage = "e04_corpus_chunks",
            stage_version = "1",
            inputs = {":" + p + "_snapshot": "snapshot"},
            outs = [p + ".chunks.pb"],
            tags = tags,
        )
        native.genrule(
            name = p + "_gofuncs",
            srcs = [_commit_file(repo, c, "tree.z"), _commit_file(repo, c, "blobs.batch")],
            outs = [p + ".gofuncs.tsv"],
            tools = [_GOCHECK],
            cmd = "$(location %s) -tree $(location %s) -blobs $(location %s) > $@" % (
                _GOCHECK,
                _commit_file(repo, c, "tree.z"),
                _commit_file(repo, c, "blobs.batch"),
            ),
            message = "go/parser functions of " + c,
            tags = tags,
        )
        eval_stage(
            name = p + "_agreement",
            tool = _C + "agreement_stage",
            stage = "e04_chunker_agreement",
            stage_version = "1",
            inputs = {
                ":" + p + "_manifest": "manifest",
                ":" + p + "_chunks": "chunks",
                ":" + p + "_gofuncs": "gofuncs",
            },
            outs = [p + ".agreement.json"],
            tags = tags,
        )

    base_commits = sorted({t["base_commit"]: True for t in history["tasks"]}.keys())
    task_set_inputs = {spec: "spec", repo + "//:index.tsv": "index"}
    for c in base_commits:
        task_set_inputs[_commit_file(repo, c, "tree.z")] = "tree/" + c
    eval_stage(
        name = "task_set",
        tool = _C + "validate_tasks_stage",
        stage = "e04_task_set",
        stage_version = "1",
        inputs = task_set_inputs,
        outs = ["task_set.pb"],
        args = hist_args,
        tags = tags,
    )

    # One TaskSet per task, so a change to one task's spec reruns only the
    # stages of that task (and the set-level validation above).
    eval_stage(
        name = "task_specs",
        tool = _C + "split_tasks_stage",
        stage = "e04_task_specs",
        stage_version = "1",
        inputs = {":task_set": "tasks"},
        outs = [t["id"] + ".task.pb" for t in history["tasks"]],
        tags = tags,
    )

    labels = []
    for t in history["tasks"]:
        tid = t["id"]
        for role in ["base", "stale"]:
            c = t[role + "_commit"]
            for kind in ["snapshot", "manifest", "chunks"]:
                native.alias(
                    name = "%s_%s_%s" % (tid, role, kind),
                    actual = ":commit_%s_%s" % (c, kind),
                    tags = tags,
                )
        d = "%s//:diffs/%s_%s/" % (repo, t["base_commit"], t["fix_commit"])
        eval_stage(
            name = tid + "_labels",
            tool = _C + "labels_stage",
            stage = "e04_labels",
            stage_version = "1",
            inputs = {
                ":task_specs": "tasks:%s.task.pb" % tid,
                d + "status": "diff_status",
                d + "name_status.z": "name_status",
                d + "u0.diff": "diff",
                ":%s_base_chunks" % tid: "base_chunks",
                ":%s_stale_manifest" % tid: "stale_manifest",
            },
            outs = [tid + ".labels.pb"],
            args = ["--task=" + tid] + hist_args,
            tags = tags,
        )
        labels.append(":%s_labels" % tid)

    lsa = history["lsa_training_commit"]
    for kind in ["snapshot", "manifest", "chunks"]:
        native.alias(
            name = "lsa_training_" + kind,
            actual = ":commit_%s_%s" % (lsa, kind),
            tags = tags,
        )

    hash_inputs = {":task_set": "tasks"}
    for c in history["snapshot_commits"]:
        hash_inputs[":commit_%s_manifest" % c] = "manifest/" + c
    eval_stage(
        name = "snapshot_hashes",
        tool = _C + "snapshot_hashes_stage",
        stage = "e04_snapshot_hashes",
        stage_version = "1",
        inputs = hash_inputs,
        outs = ["snapshot_hashes.tsv"],
        tags = tags,
    )

    agreement_inputs = {":commit_%s_agreement" % c: "agreement/" + c for c in history["snapshot_commits"]}
    if explanations:
        agreement_inputs[explanations] = "explanations"
    eval_stage(
        name = "chunker_agreement",
        tool = _C + "agreement_report_stage",
        stage = "e04_chunker_agreement_report",
        stage_version = "1",
        inputs = agreement_inputs,
        outs = ["chunker_agreement.json"],
        tags = tags,
    )

    native.filegroup(name = "all_labels", srcs = labels, tags = tags)

    ids = [t["id"] for t in history["tasks"]]
    if configured:
        summary_index(
            name = "summary_index",
            set_name = history["repository"],
            task_ids = ids,
            task_set = ":task_set",
            base_manifest = [":%s_base_manifest" % i for i in ids],
            base_chunks = [":%s_base_chunks" % i for i in ids],
            stale_manifest = [":%s_stale_manifest" % i for i in ids],
            stale_chunks = [":%s_stale_chunks" % i for i in ids],
            labels = labels,
        )
        native.filegroup(
            name = "summary_data",
            srcs = [":summary_index", ":task_set"] + labels +
                   [":%s_%s_%s" % (i, r, k) for i in ids for r in ["base", "stale"] for k in ["manifest", "chunks"]],
        )
        native.sh_test(
            name = "labels_test",
            srcs = [_C + "labels_test.sh"],
            data = labels + [":summary_index"],
            args = ["$(rootpath :summary_index)"],
            size = "small",
        )
        native.sh_test(
            name = "chunker_agreement_test",
            srcs = [_C + "chunker_agreement_test.sh"],
            data = [":chunker_agreement"],
            args = ["$(rootpaths :chunker_agreement)"],
            size = "small",
        )
        if frozen_hashes:
            frozen = Label(frozen_hashes)
            native.sh_binary(
                name = "freeze_snapshot_hashes",
                srcs = [_C + "freeze_snapshot_hashes.sh"],
                data = [":snapshot_hashes"],
                args = ["%s/%s" % (frozen.package, frozen.name), "$(rootpaths :snapshot_hashes)"],
            )
            native.sh_test(
                name = "snapshot_hashes_test",
                srcs = [_C + "snapshot_hashes_test.sh"],
                data = [":snapshot_hashes", frozen_hashes],
                args = ["$(rootpath %s)" % frozen_hashes, "$(rootpaths :snapshot_hashes)"],
                size = "small",
            )
    else:
        message = history["not_configured_message"]
        print("SKIPPED: %s (real-corpus targets of %s are tagged manual; its tests pass without checking)" % (
            message,
            native.package_name(),
        ))
        summary_index(
            name = "summary_index",
            set_name = history["repository"],
            message = message,
            task_ids = ids,
        )
        native.filegroup(name = "summary_data", srcs = [":summary_index"])
        for test in ["labels_test", "chunker_agreement_test"] + (["snapshot_hashes_test"] if frozen_hashes else []):
            _skip_test(test, message)
