"""task_set(data): the typed interface of one task set, built from plain data.

The git_history repository of a set (history.bzl) writes only data: its
set.bzl holds SET_DATA, a dict of strings, ints, bools, lists and dicts
(every value through repr()). This file, checked in, names every artifact of
the set from that data; no other file spells a corpus target name.

SET_DATA keys: name, errors (a list; when not empty, the set's history
could not be read, and only name and spec are set besides:
//stages/experiments:grid.bzl makes it an INVALID_SETS entry), repository, configured, not_configured_message, spec,
lock (label of the task lock, or None when absent), lock_file (its workspace
path), history_source (where the commits come from, as data: {history_source:
fixture, fixture_history, task_file} or {history_source: clone, clone_env,
history_repository}; the corpus stages' flags, history_flags.h), frozen_snapshot_hashes, chunker_explanations (labels or
None), commits (ids, sorted: the tasks' commits and every reference they are
stored against), core_commits (ids), reference_only (the ids of commits only
stored as references), references ({commit id: the id of the
commit its corpus is stored against}, stored_corpus.h), tasks ([{id, fix_commit,
base_commit, stale_commit, fix_tree and patch_sha256 (a task given as a
patch: the tree of the patch on its base, and the patch's sha256; "" for a
fix commit), stale_at: {depth: commit id} for depths > 1,
where: "<file>:<line>" or "<file> (tasks[i])"}] in spec order), lsa_training
(id or None).

task_set(data) returns a struct (every label a string):
  name, repository        set name; logical repository name from the spec
  configured              False when the clone is not configured (env var unset)
  not_configured_message  why the targets fail when configured is False
  spec                    the task file (TaskSet text proto, or JSON Lines)
  lock, lock_file         the task lock's label (None: absent) and workspace path
  history_source          where the commits come from (flags of the corpus stages)
  languages               the languages its files are read in (rules folders)
  frozen_snapshot_hashes, chunker_explanations   labels or None
  package, prefix         where the corpus targets live: <package>:<prefix><name>
  index                   the history's index.tsv
  patches                 its patches.tsv (the tree of each patch on its
                          base), or None when no task is given as a patch
  commits                 [commit struct] sorted by id: id, status, tree, blobs
                          (git dumps), snapshot, manifest, chunks (stage
                          targets), prefix (of the targets of each
                          language's independent check), reference and chain
                          (the commit structs it is stored against, nearest
                          first; corpus_inputs.bzl reads them)
  reference_only          {id: True} of the commits that are only references
                          (no task names them: no language need be present)
  core_commits            the base, stale and LSA commits among them (the
                          snapshot hashes and the chunker agreement cover
                          these; S001 depths > 1 add the others)
  tasks                   [task struct] in spec order: id, where (the task's
                          place in the task file, for messages), fix_commit,
                          fix_tree ("" unless given as a patch), base_commit,
                          stale_commit, spec_file ("<T>.task.pb" in
                          task_specs), labels, diff (status, name_status, u0,
                          patch_sha256: None unless given as a patch,
                          diffs/<base>_<fix_tree>/), base and stale (commit structs), and the
                          per-task aliases base_snapshot, base_manifest,
                          base_chunks, stale_snapshot, stale_manifest,
                          stale_chunks (one label per task and role, where
                          tasks share a commit), and stale_at: S001 depth d ->
                          struct(depth, commit, snapshot, manifest, chunks),
                          depth 1 = stale_commit, d > 1 = base~d (first
                          parent) for every depth an experiment of the set
                          names
  lsa_training            commit struct of the LSA training commit, or None
  task_set, task_specs, snapshot_hashes, chunker_agreement, summary_index,
  summary_data, all_labels, label_specs (the per-task specs the labels
  read, before the lock check), derived_lock (the lock and its review table, as
  derived), lock_check (the committed lock == the derived one; the task
  specs depend on it)   set-level targets
  refreeze                the command that writes the lock
"""

CORPUS_PACKAGE = "//stages/grid/sets"

def history_repository(set_name):
    """The name of the git_history repository of a task set: "<set>_history"."""
    return set_name + "_history"

def _chain(refs, c):
    """The references of c, nearest first, down to a whole snapshot."""
    chain = []
    start = c
    for _ in range(64):  # stored_corpus.h: kMaxChain
        c = refs.get(c)
        if c == None:
            return chain
        chain.append(c)
    fail("the chain of references of %s is longer than 64" % start)

def _commit(repo, targets, c, refs):
    chain = [_stored_commit(repo, targets, r, []) for r in _chain(refs, c)]
    return _stored_commit(repo, targets, c, chain)

def _stored_commit(repo, targets, c, chain):
    d = "@%s//:commits/%s/" % (repo, c)
    t = "%scommit_%s_" % (targets, c)
    return struct(
        id = c,
        # The commit its snapshot and chunks are stored against (None: stored
        # whole), and that one's chain (stored_corpus.h; corpus_inputs.bzl).
        reference = chain[0] if chain else None,
        chain = chain,
        status = d + "status",
        tree = d + "tree.z",
        blobs = d + "blobs.batch",
        snapshot = t + "snapshot",
        manifest = t + "manifest",
        chunks = t + "chunks",
        # Prefix of the targets of each language's independent check,
        # <prefix><language>_check and _agreement (stages/corpus/defs.bzl).
        prefix = t,
    )

def _stale(repo, targets, a, depth, commit, refs):
    k = "stale" if depth == 1 else "stale_k%d" % depth
    return struct(
        depth = depth,
        commit = _commit(repo, targets, commit, refs),
        snapshot = a + k + "_snapshot",
        manifest = a + k + "_manifest",
        chunks = a + k + "_chunks",
    )

def _task(repo, targets, t, refs):
    base, fix, stale = t["base_commit"], t["fix_commit"], t["stale_commit"]
    d = "@%s//:diffs/%s_%s/" % (repo, base, fix or t["fix_tree"])
    a = "%s%s_" % (targets, t["id"])
    at = {1: _stale(repo, targets, a, 1, stale, refs)} if stale else {}
    at.update({k: _stale(repo, targets, a, k, c, refs) for k, c in t["stale_at"].items()})
    return struct(
        id = t["id"],
        where = t["where"],
        fix_commit = fix,
        base_commit = base,
        stale_commit = stale,
        spec_file = t["id"] + ".task.pb",
        labels = a + "labels",
        fix_tree = t["fix_tree"],
        diff = struct(
            status = d + "status",
            name_status = d + "name_status.z",
            u0 = d + "u0.diff",
            patch_sha256 = d + "patch.sha256" if t["fix_tree"] else None,
        ),
        base = _commit(repo, targets, base, refs),
        stale = _commit(repo, targets, stale, refs) if stale else None,
        base_snapshot = a + "base_snapshot",
        base_manifest = a + "base_manifest",
        base_chunks = a + "base_chunks",
        stale_snapshot = a + "stale_snapshot",
        stale_manifest = a + "stale_manifest",
        stale_chunks = a + "stale_chunks",
        stale_at = at,
    )

def task_set(data):
    """The struct of one task set (module docstring) from its SET_DATA.

    Args:
      data: SET_DATA of @<set>_history//:set.bzl.

    Returns:
      The task set struct.
    """
    name = data["name"]
    repo = history_repository(name)
    prefix = name + "/"
    targets = "%s:%s" % (CORPUS_PACKAGE, prefix)
    lsa = data["lsa_training"]
    refs = data["references"]
    return struct(
        name = name,
        repository = data["repository"],
        configured = data["configured"],
        not_configured_message = data["not_configured_message"],
        spec = data["spec"],
        lock = data["lock"],
        lock_file = data["lock_file"],
        history_source = data["history_source"],
        languages = data["languages"],
        frozen_snapshot_hashes = data["frozen_snapshot_hashes"],
        chunker_explanations = data["chunker_explanations"],
        package = CORPUS_PACKAGE,
        prefix = prefix,
        index = "@%s//:index.tsv" % repo,
        patches = "@%s//:patches.tsv" % repo if [t for t in data["tasks"] if t["fix_tree"]] else None,
        commits = [_commit(repo, targets, c, refs) for c in data["commits"]],
        core_commits = [_commit(repo, targets, c, refs) for c in data["core_commits"]],
        reference_only = {c: True for c in data["reference_only"]},
        tasks = [_task(repo, targets, t, refs) for t in data["tasks"]],
        lsa_training = _commit(repo, targets, lsa, refs) if lsa else None,
        task_set = targets + "task_set",
        task_specs = targets + "task_specs",
        snapshot_hashes = targets + "snapshot_hashes",
        chunker_agreement = targets + "chunker_agreement",
        summary_index = targets + "summary_index",
        summary_data = targets + "summary_data",
        all_labels = targets + "all_labels",
        label_specs = targets + "labels_in/task_specs",
        derived_lock = targets + "derived_lock",
        lock_check = targets + "lock_check",
        refreeze = "bazel run //reports:%s_tasks_refreeze" % name,
    )
