"""Targets of a task set's corpus: snapshots, chunks, labels, checks, for every task.

task_set_corpora(TASK_SETS) is called once, in //stages/grid/sets, with the task
set structs of //stages/experiments:grid.bzl (built by task_set.bzl from the
data each set's git_history repository writes, stages/corpus/history.bzl).
For each set it defines the targets whose labels the struct names, "<set>/<name>" (every artifact an
eval_stage with provenance; outputs under bazel-bin/stages/grid/sets/<set>/):

  per snapshot commit <c> (base and stale commits of all tasks, and the LSA
  training commit; a commit shared by several tasks is built once):
    commit_<c>_snapshot   commit_<c>.snapshot.pb    Snapshot, with content
    commit_<c>_manifest   commit_<c>.manifest.json  Snapshot without content
    commit_<c>_chunks     commit_<c>.chunks.pb      ChunkSet
  and per snapshot commit and language <l> of the set that has a checker
  (its grammar.textproto's `checker`: Go's go/parser, Python's ast):
    commit_<c>_<l>_check      commit_<c>.<l>.check.tsv        the checker's functions
    commit_<c>_<l>_agreement  commit_<c>.<l>.agreement.json   ChunkerAgreement
  per task <T>:
    <T>_labels            <T>.labels.pb             Labels (== expected ones the task
                                                    file writes, or the build fails)
    <T>_base_snapshot, <T>_base_manifest, <T>_base_chunks, <T>_stale_...
                          aliases of the commit targets, for people
  per set:
    task_set              task_set.pb               the validated TaskSet, commits derived
    derived_lock          task_lock.textproto, task_lock_review.md
                                                    the task lock as derived, and its review table
    lock_check            task_lock_check.txt       the committed lock == derived_lock, or the
                                                    build fails (no lock: fails naming the refreeze)
    labels_in/task_specs  labels_in/<T>.task.pb     the same, before the lock check (the labels read it)
    task_specs            <T>.task.pb               one TaskSet per task (per-task invalidation);
                                                    depends on lock_check, so every stage
                                                    after the labels waits for the lock
    lsa_training_snapshot, lsa_training_manifest, lsa_training_chunks (aliases)
    snapshot_hashes       snapshot_hashes.tsv       one line per snapshot
    chunker_agreement     chunker_agreement.json    ChunkerAgreementReport
    summary_index         summary_index.textproto   for //stages/grid:summary
    all_labels            filegroup of every <T>_labels
  tests:
    labels_test, chunker_agreement_test, snapshot_hashes_test (against the
    frozen hashes, when given; `bazel run :<set>/freeze_snapshot_hashes` refreezes).

When the history is not configured (a clone variable unset), the artifact
targets still exist under the same names, tagged "manual" (so `//...` skips
them) and failing with the how-to message if built; the tests become stubs
that print "SKIPPED: ..." and pass; a DEBUG line says so when the package loads.
"""

load("@languages//:data.bzl", "GRAMMARS")
load("//stages/corpus:corpus_inputs.bzl", "add_roles", "chain_commits", "corpus_inputs")
load("//stages/corpus/index:artifact_index.bzl", "artifact_index_text")
load("//stages/corpus/languages:rules.bzl", "rules_roles")
load("//stages/framework/pipeline:defs.bzl", "eval_stage", _name = "local_name")
load("//stages/framework/tokens:defs.bzl", "message_arg", "not_configured_refreeze")

_C = "//stages/corpus:"

# language -> the label of its independent checker (grammar.textproto).
_CHECKERS = {g["language"]: g["checker"] for g in GRAMMARS if g["checker"]}

def _checked(s):
    """The set's languages that have an independent checker, in the set's order."""
    return [lang for lang in s.languages if lang in _CHECKERS]

def _artifact(target):
    """The one file of a stage target that is not its provenance record."""
    files = [f for f in target.files.to_list() if not f.basename.endswith(".provenance.json")]
    if len(files) != 1:
        fail("%s: expected one artifact besides the provenance, got %d" % (target.label, len(files)))
    return files[0]

def _summary_index_impl(ctx):
    # The one index format of the pipeline (index/artifact_index.proto,
    # written by index/artifact_index.bzl, read by index/set_index.h).
    rows = []
    if ctx.attr.task_set:
        rows.append(("-", "task_set", _artifact(ctx.attr.task_set).short_path))
    if ctx.attr.derived_lock:
        derived = [f for f in ctx.attr.derived_lock.files.to_list() if f.basename.endswith("task_lock.textproto")]
        rows.append(("-", "derived_lock", derived[0].short_path))
    if ctx.file.lock:
        rows.append(("-", "lock", ctx.file.lock.short_path))
    kinds = ["base_snapshot", "base_manifest", "base_chunks", "stale_manifest", "stale_chunks", "labels"]
    for i, task in enumerate(ctx.attr.task_ids):
        for kind in kinds:
            files = getattr(ctx.attr, kind)
            if files:
                rows.append((task, kind, _artifact(files[i]).short_path))
    for c, snapshot, chunks in zip(ctx.attr.chain_ids, ctx.attr.chain_snapshots, ctx.attr.chain_chunks):
        rows.append(("-", "snapshot@%s" % c, _artifact(snapshot).short_path))
        rows.append(("-", "chunks@%s" % c, _artifact(chunks).short_path))
    out = ctx.actions.declare_file(ctx.label.name + ".textproto")
    ctx.actions.write(out, artifact_index_text(
        ctx.attr.set_name,
        rows,
        not_configured = ctx.attr.message,
        lock_file = ctx.attr.lock_file,
    ))
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

summary_index = rule(
    implementation = _summary_index_impl,
    doc = "Index of a set's artifacts (runfiles paths) for the summary command.",
    attrs = {
        "set_name": attr.string(mandatory = True),
        "message": attr.string(),
        "task_ids": attr.string_list(),
        "task_set": attr.label(),
        "derived_lock": attr.label(doc = "The set's derived_lock stage (its task_lock.textproto)."),
        "lock": attr.label(allow_single_file = True, doc = "The committed task lock, if any."),
        "lock_file": attr.string(doc = "The lock's workspace path, for messages."),
        "base_snapshot": attr.label_list(),
        "base_manifest": attr.label_list(),
        "base_chunks": attr.label_list(),
        "stale_manifest": attr.label_list(),
        "stale_chunks": attr.label_list(),
        "labels": attr.label_list(),
        "chain_ids": attr.string_list(doc = "The commits the tasks' corpora are stored against (corpus_inputs.bzl)."),
        "chain_snapshots": attr.label_list(),
        "chain_chunks": attr.label_list(),
    },
)

def _skip_test(name, message):
    native.sh_test(
        name = name,
        srcs = [_C + "skip_test.sh"],
        args = [message_arg(message)],
        size = "small",
    )

def _commit_stages(s, c, tags, hist_args):
    # Stored against c.reference (stored_corpus.h): the reference's whole
    # snapshot gives the content of the blobs c's dump leaves out.
    snapshot_inputs = dict({c.status: "status", c.tree: "tree", c.blobs: "blobs"}, **rules_roles(s.languages))
    reference_args = []
    if c.reference:
        add_roles(snapshot_inputs, {m.snapshot: "snapshot@" + m.id for m in c.chain})
        reference_args = ["--reference=" + c.reference.id]
    eval_stage(
        name = _name(c.snapshot),
        tool = _C + "snapshot_stage",
        stage = "corpus_snapshot",
        stage_version = "3",  # 2: stored against a reference; 3: content compressed (zlib)
        inputs = snapshot_inputs,
        outs = [_name(c.snapshot)[:-len("_snapshot")] + ".snapshot.pb"],
        args = ["--repository=" + s.repository, "--commit=" + c.id] + reference_args + hist_args +
               (["--require_languages=false"] if c.id in s.reference_only else []),
        tags = tags,
    )
    p = _name(c.snapshot)[:-len("_snapshot")]
    eval_stage(
        name = _name(c.chunks),
        tool = _C + "chunks_stage",
        stage = "corpus_chunks",
        stage_version = "2",  # 2: stored form, no text, only the stored snapshot's files
        inputs = dict(corpus_inputs(c, snapshot = "snapshot"), **rules_roles(s.languages)),
        outs = [p + ".chunks.pb"],
        tags = tags,
    )
    if c.id in s.reference_only:
        return  # no task reads it: stored for the commits stored against it
    eval_stage(
        name = _name(c.manifest),
        tool = _C + "manifest_stage",
        stage = "corpus_manifest",
        stage_version = "1",
        inputs = corpus_inputs(c, snapshot = "snapshot"),
        outs = [p + ".manifest.json"],
        tags = tags,
    )
    for lang in _checked(s):
        check = c.prefix + lang + "_check"

        # The dumps of c and its chain hold every blob of c's corpus once or
        # more (the checkers keep one copy of an object id).
        blobs = [c.blobs] + [m.blobs for m in c.chain]
        native.genrule(
            name = _name(check),
            srcs = [c.tree] + blobs,
            outs = ["%s.%s.check.tsv" % (p, lang)],
            tools = [_CHECKERS[lang]],
            cmd = "cat %s > $@.blobs && $(location %s) -tree $(location %s) -blobs $@.blobs > $@ && rm $@.blobs" % (
                " ".join(["$(location %s)" % b for b in blobs]),
                _CHECKERS[lang],
                c.tree,
            ),
            message = "%s checker functions of %s" % (lang, c.id),
            tags = tags,
        )
        eval_stage(
            name = _name(c.prefix + lang + "_agreement"),
            tool = _C + "agreement_stage",
            stage = "chunker_agreement",
            stage_version = "3",  # 2: one language, any checker; 3: suspect files' constructs
            args = ["--language=" + lang],
            inputs = dict(add_roles(corpus_inputs(c, snapshot = "snapshot", chunks = "chunks"), {check: "check"}), **rules_roles(s.languages)),
            outs = ["%s.%s.agreement.json" % (p, lang)],
            tags = tags,
        )

def _task_stages(s, t, tags, hist_args):
    prefix = s.prefix
    for role, c in [("base", t.base), ("stale", t.stale)]:
        if c == None:
            continue
        for kind in ["snapshot", "manifest", "chunks"]:
            native.alias(
                name = _name(getattr(t, "%s_%s" % (role, kind))),
                actual = getattr(c, kind),
                tags = tags,
            )
    for depth, st in t.stale_at.items():
        if depth == 1:
            continue  # the stale_* aliases above
        for kind in ["snapshot", "manifest", "chunks"]:
            native.alias(name = _name(getattr(st, kind)), actual = getattr(st.commit, kind), tags = tags)
    inputs = {
        s.label_specs: "tasks:" + t.spec_file,
        t.diff.status: "diff_status",
        t.diff.name_status: "name_status",
        t.diff.u0: "diff",
    }
    if t.diff.patch_sha256:
        inputs[t.diff.patch_sha256] = "patch_sha256"
    add_roles(inputs, corpus_inputs(t.base, snapshot = "base_snapshot", chunks = "base_chunks"))
    inputs.update(rules_roles(s.languages))
    if t.stale != None:
        inputs[t.stale_manifest] = "stale_manifest"
    eval_stage(
        name = _name(t.labels),
        tool = _C + "labels_stage",
        stage = "labels",
        stage_version = "1",
        inputs = inputs,
        outs = [prefix + t.id + ".labels.pb"],
        args = ["--task=" + t.id, "--task_where=" + t.where] + hist_args,
        tags = tags,
    )

def _set_stages(s, tags, hist_args):
    prefix = s.prefix
    task_set_inputs = {s.spec: "spec", s.index: "index"}
    if s.patches:
        task_set_inputs[s.patches] = "patches"
    for t in s.tasks:
        task_set_inputs[t.base.tree] = "tree/" + t.base.id
    eval_stage(
        name = _name(s.task_set),
        tool = _C + "validate_tasks_stage",
        stage = "task_set",
        stage_version = "1",
        inputs = task_set_inputs,
        outs = [prefix + "task_set.pb"],
        args = hist_args + ["--repository=" + s.repository, "--lsa_training_commit=" + s.lsa_training.id],
        tags = tags,
    )

    # One TaskSet per task, so a change to one task's spec reruns only the
    # stages of that task (and the set-level ones). Split twice: unchecked
    # for the labels (which the lock check reads), and after the lock check
    # for everything the grid reads.
    _split_tasks(s, s.label_specs, prefix + "labels_in/", {s.task_set: "tasks"}, tags)
    _lock_stages(s, tags)
    _split_tasks(s, s.task_specs, prefix, {s.task_set: "tasks", s.lock_check: "lock_check"}, tags)
    if s.lsa_training != None:
        for kind in ["snapshot", "manifest", "chunks"]:
            native.alias(
                name = prefix + "lsa_training_" + kind,
                actual = getattr(s.lsa_training, kind),
                tags = tags,
            )
    eval_stage(
        name = _name(s.snapshot_hashes),
        tool = _C + "snapshot_hashes_stage",
        stage = "snapshot_hashes",
        stage_version = "1",
        inputs = dict([(s.task_set, "tasks")] + [(c.manifest, "manifest/" + c.id) for c in s.core_commits]),
        outs = [prefix + "snapshot_hashes.tsv"],
        tags = tags,
    )
    agreement_inputs = dict(rules_roles(s.languages))
    for lang in _checked(s):
        agreement_inputs.update({c.prefix + lang + "_agreement": "agreement/%s/%s" % (lang, c.id) for c in s.core_commits})
    if s.chunker_explanations:
        agreement_inputs[s.chunker_explanations] = "explanations"
    eval_stage(
        name = _name(s.chunker_agreement),
        tool = _C + "agreement_report_stage",
        stage = "chunker_agreement_report",
        stage_version = "2",  # 2: per language
        inputs = agreement_inputs,
        outs = [prefix + "chunker_agreement.json"],
        tags = tags,
    )
    native.filegroup(name = _name(s.all_labels), srcs = [t.labels for t in s.tasks], tags = tags)

def _split_tasks(s, target, out_dir, inputs, tags):
    """One <T>.task.pb per task of s under out_dir (split_tasks_main.cc)."""
    eval_stage(
        name = _name(target),
        tool = _C + "split_tasks_stage",
        stage = "task_specs",
        stage_version = "1",
        inputs = inputs,
        outs = [out_dir + t.spec_file for t in s.tasks],
        tags = tags,
    )

def _lock_stages(s, tags):
    """derived_lock (from the labels, never from the lock) and lock_check."""
    labels = {t.labels: "labels/%d" % i for i, t in enumerate(s.tasks)}
    eval_stage(
        name = _name(s.derived_lock),
        tool = _C + "derived_lock_stage",
        stage = "derived_task_lock",
        stage_version = "1",
        inputs = dict([(s.task_set, "tasks")] + labels.items()),
        outs = [s.prefix + "task_lock.textproto", s.prefix + "task_lock_review.md"],
        args = ["--set_name=" + s.name],
        tags = tags,
    )
    check_inputs = {s.derived_lock: "derived:task_lock.textproto"}
    if s.lock:
        check_inputs[s.lock] = "locked"
    eval_stage(
        name = _name(s.lock_check),
        tool = _C + "lock_check_stage",
        stage = "task_lock_check",
        stage_version = "1",
        inputs = check_inputs,
        outs = [s.prefix + "task_lock_check.txt"],
        args = ["--refreeze=" + s.refreeze, "--lock_file=" + s.lock_file],
        tags = tags,
    )

def _configured_checks(s):
    prefix = s.prefix
    labels = [t.labels for t in s.tasks]
    stale = [t for t in s.tasks if t.stale != None]
    chain = chain_commits([t.base for t in s.tasks] + [t.stale for t in stale])
    summary_index(
        name = _name(s.summary_index),
        set_name = s.name,
        task_ids = [t.id for t in s.tasks],
        task_set = s.task_set,
        derived_lock = s.derived_lock,
        lock = s.lock,
        lock_file = s.lock_file,
        base_manifest = [t.base_manifest for t in s.tasks],
        base_chunks = [t.base_chunks for t in s.tasks],
        stale_manifest = [t.stale_manifest for t in stale] if len(stale) == len(s.tasks) else [],
        stale_chunks = [t.stale_chunks for t in stale] if len(stale) == len(s.tasks) else [],
        labels = labels,
        base_snapshot = [t.base_snapshot for t in s.tasks],
        chain_ids = [c.id for c in chain],
        chain_snapshots = [c.snapshot for c in chain],
        chain_chunks = [c.chunks for c in chain],
    )
    native.filegroup(
        name = _name(s.summary_data),
        srcs = [s.summary_index, s.task_set, s.derived_lock] + ([s.lock] if s.lock else []) + labels +
               [t.base_manifest for t in s.tasks] + [t.base_chunks for t in s.tasks] +
               [t.stale_manifest for t in stale] + [t.stale_chunks for t in stale] +
               [t.base_snapshot for t in s.tasks] + [c.snapshot for c in chain] + [c.chunks for c in chain],
    )
    native.sh_test(
        name = prefix + "labels_test",
        srcs = [_C + "labels_test.sh"],
        data = labels + [s.summary_index],
        args = ["$(rootpath %s)" % s.summary_index],
        size = "small",
    )
    native.sh_test(
        name = prefix + "chunker_agreement_test",
        srcs = [_C + "chunker_agreement_test.sh"],
        data = [s.chunker_agreement],
        args = ["$(rootpaths %s)" % s.chunker_agreement],
        size = "small",
    )
    if s.frozen_snapshot_hashes:
        frozen = Label(s.frozen_snapshot_hashes)
        native.sh_binary(
            name = prefix + "freeze_snapshot_hashes",
            # The one refreeze command (no symlink followed, no extra argument
            # taken; "--" ends the target's arguments).
            srcs = ["//stages/framework/tokens:refreeze.sh"],
            data = [s.snapshot_hashes],
            args = ["%s/%s" % (frozen.package, frozen.name), "$(rootpaths %s)" % s.snapshot_hashes, "--"],
        )
        native.sh_test(
            name = prefix + "snapshot_hashes_test",
            srcs = [_C + "snapshot_hashes_test.sh"],
            data = [s.snapshot_hashes, s.frozen_snapshot_hashes],
            args = ["$(rootpath %s)" % s.frozen_snapshot_hashes, "$(rootpaths %s)" % s.snapshot_hashes],
            size = "small",
        )

def _unconfigured_stubs(s):
    # No load-time print: the set's tests say "SKIPPED: <message>" when run,
    # and .ci/run lists them.
    message = s.not_configured_message
    summary_index(name = _name(s.summary_index), set_name = s.name, message = message, task_ids = [t.id for t in s.tasks])
    native.filegroup(name = _name(s.summary_data), srcs = [s.summary_index])
    for test in ["labels_test", "chunker_agreement_test"] + (["snapshot_hashes_test"] if s.frozen_snapshot_hashes else []):
        _skip_test(s.prefix + test, message)
    if s.frozen_snapshot_hashes:
        not_configured_refreeze(s.prefix + "freeze_snapshot_hashes", message)

def task_set_corpus(s):
    """Defines the corpus targets of one task set (see the module docstring).

    Args:
      s: one struct of TASK_SETS (//stages/experiments:grid.bzl).
    """
    tags = [] if s.configured else ["manual"]
    hist_args = ["--%s=%s" % kv for kv in sorted(s.history_source.items())]
    for c in s.commits:
        _commit_stages(s, c, tags, hist_args)
    for t in s.tasks:
        _task_stages(s, t, tags, hist_args)
    _set_stages(s, tags, hist_args)
    if s.configured:
        _configured_checks(s)
    else:
        _unconfigured_stubs(s)

def task_set_corpora(task_sets):
    """task_set_corpus for every SET of //stages/experiments:grid.bzl.

    Args:
      task_sets: TASK_SETS of //stages/experiments:grid.bzl.
    """
    for s in task_sets:
        task_set_corpus(s)
