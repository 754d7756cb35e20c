"""Repository rule `git_history`: the git data of one task set, as plain files.

One rule serves every corpus, so CI exercises the same path as the real run.
It is declared once per task set by the experiments generator
(stages/experiments/experiments.bzl, from the experiment files in
data/experiments), as @<set>_history, with either

  env_var = "GITLAB_RUNNER_GIT"   reads a local clone whose absolute path is the
                                  value of that variable. Unset, the repository
                                  is still created, with configured = False and
                                  targets that fail with a message saying how
                                  to get the clone; or
  fixture_history = "//data/e04/fixture:history.txt"
                                  first builds a real git repository from an
                                  authored fixture history (build_fixture_history.sh:
                                  plumbing only, fixed authors and dates, so the
                                  commit ids are stable), then reads it the same way.

The rule reads the fields of the task spec that decide commits from the set's
@<set>_task_commits//:commits.json (history_task_commits.bzl, which parses the
task file with protoc or read_task_lines.py), never the task file itself, so
editing a query, a reformulation or any other field that decides no commit
refetches nothing here. It collects the commits and runs extract_history.sh, which writes
git's own output (ls-tree, cat-file --batch, diff-tree, diff -U0) into the
repository. Nothing here interprets those bytes: selection, hashing, parsing
and every check happen in hermetic stage actions (stages/corpus/*_main.cc).
Every commit id and task id is validated first (spec_values.bzl: 40 lowercase
hex characters; [A-Za-z0-9_.-]), before it reaches a path or a command: a bad
value stops the fetch naming the spec, the task and the field, and nothing is
written. A well-formed commit absent from the clone is recorded as missing,
not fatal here; the stages then stop with the task, field and commit. A
commit field that names an annotated tag (or another object that is not a
commit), and a fix_commit with no parent in the clone, stop the fetch
naming the task and the field (history_checks.bzl).

Generated in the repository:
  set.bzl        SET_DATA: the task set as data only (a dict literal, every
                 value through repr()): its tasks, commits and history state.
                 //stages/corpus:task_set.bzl, checked in, builds the set's
                 struct from it, with the label of every artifact the corpus
                 stages build (package //stages/grid/sets, targets
                 "<set>/...").
  patches.tsv    for a set with a task given as a patch: "<base>\t<patch
                 sha256>\t<tree>" a line, the tree of each patch applied to
                 its base in a private index (extract_history.sh), read by
                 the validate_tasks stage.
  BUILD.bazel    exports the dumped files (or, unconfigured, a genrule that
                 fails with the how-to message in place of each of them).
No machine path is written into any generated file.

The rule's parts, one job a file: history_task_commits.bzl reads the task
file's commit fields (a repository rule of its own), history_spec.bzl checks
their values and finds the lock, history_commits.bzl derives the commits through git and
history_checks.bzl checks them, history_extract.bzl reads the clone or the
fixture, history_files.bzl writes the repository's files.

The repository is refetched when the variable, the commit-deciding fields of
the spec (the bytes of commits.json), the attributes (the set's declaration
in its experiments: an exclusion or a harness is none of them), the fixture
files or this code change. After fetching new commits into the clone, refetch with
`bazel sync --only=<set>_history`.
"""

load("//stages/corpus:history_commits.bzl", "derive_commits", "newest_base", "patch_file", "wanted_objects")
load("//stages/corpus:history_extract.bzl", "extract_history", "git_directory", "read_references")
load("//stages/corpus:history_files.bzl", "exported_files", "say_first_refreeze", "write_build", "write_errors", "write_set")
load("//stages/corpus:history_spec.bzl", "check_values", "find_lock", "label_path", "main_label", "task_file")
load("//stages/corpus:history_task_commits.bzl", "read_task_commits")
load("//stages/corpus/languages:rules.bzl", "DEFAULT_LANGUAGES")

def _history_source(rctx):
    """Where the commits come from, as data: the stages word their messages (history_flags.h)."""
    if rctx.attr.fixture_history:
        return {
            "history_source": "fixture",
            "fixture_history": label_path(rctx.attr.fixture_history),
            "task_file": label_path(task_file(rctx)),
        }
    return {"history_source": "clone", "clone_env": rctx.attr.env_var, "history_repository": rctx.name}

def _applied_patches(tasks):
    """(["base\tpatch file"] to apply, the sorted lines of patches.tsv) of the tasks given as patches.

    patches.tsv, "<base>\t<patch sha256>\t<tree>" a line, is what the
    validate_tasks stage derives each such task's fix_tree from.
    """
    patches, rows = [], {}
    for i, t in enumerate(tasks):
        if t["patch_sha256"] and not t["fix_tree"].startswith("missing_"):
            patches.append("%s\t%s" % (t["base_commit"], patch_file(i)))
            rows["%s\t%s\t%s\n" % (t["base_commit"], t["patch_sha256"], t["fix_tree"])] = True
    return patches, sorted(rows.keys())

def git_history_impl(rctx):
    """The implementation of git_history (exported for the generated rule).

    Never fails the fetch: an error (an invalid task file or value, a lock
    that is not an authored file, a history that cannot be read) is written
    into set.bzl as data, naming file and field, so that only this set's
    experiments fail (//stages/experiments:grid.bzl: INVALID_SETS); nothing
    else of the set is written.

    Args:
      rctx: the repository context.
    """
    errors = []
    authored_repository, authored_lsa, authored = read_task_commits(rctx, errors)
    check_values(rctx, authored_repository, authored_lsa, authored, errors)
    lock, lock_file = find_lock(rctx, errors)
    repository = authored_repository or rctx.attr.set_name
    git_dir, message = git_directory(rctx, repository, errors) if not errors else ("", "")
    configured = git_dir != ""

    # The derived commits name targets, so git resolves them now (first
    # parents): base = fix~1, stale = fix~2, S001 depth d > 1 = base~d.
    depths = sorted({d: True for d in rctx.attr.stale_depths if d > 1}.keys())
    tasks, placeholders, times = [], {}, {}
    if not errors:
        tasks, placeholders, times = derive_commits(rctx, git_dir, authored, authored_lsa, depths, configured, errors)
    lsa = authored_lsa or newest_base(tasks, times, placeholders, configured)
    snapshots, commits, diffs = wanted_objects(tasks, lsa, placeholders)
    core_list = sorted(snapshots.keys())  # base, stale and LSA commits
    for t in tasks:
        for d, c in t["stale_at"].items():
            snapshots.setdefault(c, []).append("%s.base~%d (s001_depths)" % (t["id"], d))
            if c not in placeholders:
                commits[c] = True
    references = {}
    patches, patch_rows = _applied_patches(tasks)
    if configured and not errors:
        extract_history(rctx, repository, git_dir, snapshots, commits, diffs, patches, placeholders, errors)
        if not errors:
            references = read_references(rctx)
    reference_only = sorted([r for r in {r: True for r in references.values()}.keys() if r not in snapshots])
    snapshot_list = sorted(snapshots.keys() + reference_only)
    if rctx.attr.fixture_history:
        rctx.delete("fixture.git")
    rctx.delete("patch_requests")
    if errors:
        write_errors(rctx, errors)
        return
    patch_trees = {t["fix_tree"]: True for t in tasks if t["fix_tree"]}
    if patch_trees and configured:
        rctx.file("patches.tsv", "".join(patch_rows))
    write_build(rctx, configured, exported_files(snapshot_list, diffs, patch_trees), message)
    if configured and lock == None:
        say_first_refreeze(rctx.attr.set_name)

    # set.bzl holds data only, every value through repr(); the set's struct
    # and every label are built from it by checked-in code (task_set.bzl).
    write_set(rctx, {
        "name": rctx.attr.set_name,
        "errors": [],
        "repository": repository,
        "configured": configured,
        "not_configured_message": message,
        "spec": main_label(task_file(rctx)),
        "lock": lock,
        "lock_file": lock_file,
        "history_source": _history_source(rctx),
        "languages": rctx.attr.languages,
        "frozen_snapshot_hashes": rctx.attr.frozen_snapshot_hashes or None,
        "chunker_explanations": rctx.attr.chunker_explanations or None,
        "commits": snapshot_list,
        "core_commits": core_list,
        "references": references,
        "reference_only": reference_only,
        "tasks": tasks,
        "lsa_training": lsa,
    })

# The attributes of git_history. The experiments generator defines the rule
# it calls with these attributes and an `environ` that lists every clone
# variable its experiments name (Bazel 4.2.3 fixes environ per rule).
GIT_HISTORY_ATTRS = {
    "set_name": attr.string(mandatory = True, doc = "Task set name ([a-z][a-z0-9_]*)"),
    "tasks": attr.string(mandatory = True, doc = "Label of the task file: named in messages and data, never read here (not a label attribute: Bazel would watch it)"),
    "task_commits": attr.label(mandatory = True, allow_single_file = True, doc = "The set's @<set>_task_commits//:commits.json (history_task_commits.bzl)"),
    "env_var": attr.string(doc = "Environment variable holding the path of the clone"),
    "clone_hint": attr.string(doc = "How to get the clone, for the not-configured message"),
    "clone_name": attr.string(doc = "With env_var naming a directory of clones (clones_dir_env): the set's clone in it, <owner>__<name>.git"),
    "repo": attr.string(doc = "The set's repository, <owner>/<name> (TaskSetRef.repo), or \"\"; a task's repo must be it"),
    "fixture_history": attr.label(allow_single_file = True, doc = "history.txt of an authored fixture"),
    "frozen_snapshot_hashes": attr.string(doc = "Label of the committed snapshot_hashes.tsv, passed through to SET"),
    "languages": attr.string_list(default = DEFAULT_LANGUAGES, doc = "The set's languages: folders of stages/corpus/languages (TaskSetRef.languages)"),
    "stale_depths": attr.int_list(doc = "Stale-index depths (s001_depths) of the set's experiments (depth > 1: base~d is resolved)"),
    "chunker_explanations": attr.string(doc = "Label of the chunker DifferenceExplanations, passed through to SET"),
    "_extract": attr.label(default = Label("//stages/corpus:extract_history.sh"), allow_single_file = True),
    "_build_fixture": attr.label(default = Label("//stages/corpus:build_fixture_history.sh"), allow_single_file = True),
}
