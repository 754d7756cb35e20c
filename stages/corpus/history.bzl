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

The rule parses the task spec with protoc (to a canonical one-field-a-line text
form), collects the commits it names, and runs extract_history.sh, which writes
git's own output (ls-tree, cat-file --batch, diff-tree, diff -U0) into the
repository. Nothing here interprets those bytes: selection, hashing, parsing
and every check happen in hermetic stage actions (stages/corpus/*_main.cc).
Every commit id and task id is validated first (spec_values.bzl: 40 lowercase
hex characters; [A-Za-z0-9_-]), before it reaches a path or a command: a bad
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
  BUILD.bazel    exports the dumped files (or, unconfigured, a genrule that
                 fails with the how-to message in place of each of them).
No machine path is written into any generated file.

The repository is refetched when the variable, the spec, the fixture files or
this code change. After fetching new commits into the clone, refetch with
`bazel sync --only=<set>_history`.
"""

load("//stages/corpus:authored_file.bzl", "authored_file_error")
load("//stages/corpus:history_checks.bzl", "commit_type_errors", "root_fix_errors")
load("//stages/corpus:spec_values.bzl", "all_chars_in", "language_rules_errors", "repository_error", "spec_value_errors")
load("//stages/corpus/languages:rules.bzl", "DEFAULT_LANGUAGES")
load("//tools/starlark:text_format.bzl", "canonical_text", "one", "parse_canonical")

_TASK_FIELDS = ["id", "fix_commit", "base_commit", "stale_commit"]

def _read_jsonl(rctx, errors):
    """(repository "", lsa "", [task dict]) of a JSON Lines task file.

    Read by read_task_lines.py (Python's json module, with its refusals: a
    byte order mark, a duplicate key, two objects on a line, ...), which names
    "<file>:<line>" in every error and gives each task its line; only the
    fields the fetch needs are read here. Everything else (types, unknown
    fields, values) is checked by the validate_tasks stage (task_spec.h),
    with the same messages as for a text proto.
    """
    where = _label_path(rctx.attr.tasks)
    res = rctx.execute([
        _python(rctx),
        "-I",
        "-S",
        "-B",
        str(rctx.path(rctx.attr._read_task_lines)),
        str(rctx.path(rctx.attr.tasks)),
        where,
    ])
    if res.return_code != 0:
        errors.append("%s: reading the task file failed: %s" % (where, res.stderr.strip()))
        return "", "", []
    out = json.decode(res.stdout)
    errors.extend(out["errors"])
    tasks = []
    for t in out["tasks"]:
        task = {f: t[f] for f in _TASK_FIELDS}
        task["where"] = "%s:%d" % (where, t["line"])
        tasks.append(task)
    return "", "", tasks

def _python(rctx):
    """Debian's Python (tools/setup.sh installs it): not a user's pyenv shim."""
    python = rctx.path("/usr/bin/python3")
    return python if python.exists else (rctx.which("python3") or "python3")

def _read_spec(rctx, errors):
    """(repository, lsa_training_commit, [task dict]) of the task file.

    A text proto is read via protoc; a ".jsonl" file line by line. The
    set-level values are "" when the file does not write them. Errors go to
    `errors` (then the tasks may be incomplete).
    """
    rctx.path(rctx.attr._task_proto)  # watched: a schema change refetches
    rctx.path(rctx.attr._corpus_proto)
    if rctx.attr.tasks.name.endswith(".jsonl"):
        return _read_jsonl(rctx, errors)
    text = canonical_text(
        rctx,
        "stages/corpus/task.proto",
        "repro.corpus.TaskSet",
        rctx.path(rctx.attr.tasks),
        _label_path(rctx.attr.tasks),
        errors,
    )
    if text == None:
        return "", "", []
    spec = parse_canonical(text)
    tasks = [{f: one(t, f, "") for f in _TASK_FIELDS} for t in spec.get("tasks", [])]
    return one(spec, "repository", ""), one(spec, "lsa_training_commit", ""), tasks

def _fixture_sources(rctx):
    """Watches every file the fixture history names; returns the source root."""
    history = rctx.path(rctx.attr.fixture_history)
    label = rctx.attr.fixture_history
    step = ""
    for raw in rctx.read(history).splitlines():
        parts = raw.strip().split(" ")
        if len(parts) == 2 and parts[0] == "commit":
            step = parts[1]
        elif len(parts) == 2 and parts[0] == "put":
            rctx.path(label.relative("src/%s/%s" % (step, parts[1])))
    return history

def _label_path(label):
    """"//data/e04/fixture:history.txt" -> "data/e04/fixture/history.txt" (for messages)."""
    text = str(label)
    if text.startswith("@//"):
        text = text[1:]
    pkg, _, name = text[2:].partition(":")
    return (pkg + "/" if pkg else "") + name

def _check_values(rctx, repository, lsa, tasks, errors):
    """Appends to `errors` every invalid value, before any is used.

    Commit ids become directory names and git arguments, task ids file and
    target names (spec_values.bzl). An unwritten repository name is the
    set's name (valid by construction).
    """
    repository_message = repository_error(_label_path(rctx.attr.tasks), repository) if repository else None
    if repository_message:
        errors.append(repository_message)
    errors.extend(spec_value_errors(_label_path(rctx.attr.tasks), tasks, lsa))

def _wanted(tasks, lsa, placeholders):
    """(snapshots: commit -> [why], commits: {id: True}, diffs: {"base\tfix": True})."""
    snapshots = {}  # commit -> ["T01.base_commit", ...]
    commits = {}
    diffs = {}
    for t in tasks:
        for f in ["fix_commit", "base_commit", "stale_commit"]:
            if t[f] not in placeholders:
                commits[t[f]] = True
        for f in ["base_commit", "stale_commit"]:
            snapshots.setdefault(t[f], []).append("%s.%s" % (t["id"], f))
        diffs["%s\t%s" % (t["base_commit"], t["fix_commit"])] = True
    snapshots.setdefault(lsa, []).append("lsa_training_commit")
    if lsa not in placeholders:
        commits[lsa] = True
    return snapshots, commits, diffs

def _git_dir(rctx, repository, errors):
    """(the git directory to read, or "" when not configured; the how-to message).

    A fixture that cannot be built or a relative clone path goes to `errors`.
    """
    if rctx.attr.fixture_history:
        history = _fixture_sources(rctx)
        builder = rctx.path(rctx.attr._build_fixture)
        res = rctx.execute(["bash", str(builder), str(history), str(history.dirname) + "/src", "fixture.git"])
        if res.return_code != 0:
            errors.append("building the fixture history from %s failed:\n%s" % (_label_path(rctx.attr.fixture_history), res.stderr))
            return "", ""
        rctx.file("fixture_commits.tsv", res.stdout)
        return str(rctx.path("fixture.git")), ""
    git_dir = rctx.os.environ.get(rctx.attr.env_var, "")
    if git_dir and not git_dir.startswith("/"):
        errors.append("%s=%s: give the absolute path of the clone" % (rctx.attr.env_var, git_dir))
        return "", ""
    message = "%s is not set: task set %s needs a local clone of %s; %sexport %s=<absolute path of the clone>" % (
        rctx.attr.env_var,
        rctx.attr.set_name,
        repository,
        "get one with `%s` and " % rctx.attr.clone_hint if rctx.attr.clone_hint else "",
        rctx.attr.env_var,
    )
    return git_dir, message

# Snapshots and chunks are stored against a first-parent ancestor
# (extract_history.sh, references.tsv; docs/storage.md): every KEYFRAME_K
# generations a link to the one KEYFRAME_K before, every KEYFRAME_K0 a whole
# one; a chain is at most KEYFRAME_K0 / KEYFRAME_K + 1 artifacts long.
KEYFRAME_K = 16
KEYFRAME_K0 = 256

def _references(rctx):
    """{commit: the commit its corpus is stored against} from references.tsv."""
    refs = {}
    for line in rctx.read("references.tsv").splitlines():
        c, r = line.split("\t")
        refs[c] = r
    return refs

def _outputs(snapshot_list, diffs):
    """The files the repository exports, in order."""
    outs = []
    for c in snapshot_list:
        outs += ["commits/%s/%s" % (c, f) for f in ["status", "tree.z", "blobs.batch"]]
    for d in sorted(diffs.keys()):
        base, fix = d.split("\t")
        outs += ["diffs/%s_%s/%s" % (base, fix, f) for f in ["status", "name_status.z", "u0.diff"]]
    return outs + ["index.tsv", "git_version.txt"]

def _timeout(base, per_request, requests):
    """Seconds for extract_history.sh on `requests`: `base` and `per_request` each.

    The bound grows with the work (10,000 tasks once took 6.5 minutes of a
    fixed 10 to resolve); it only stops a git that hangs.
    """
    return base + per_request * len(requests)

def _language_requests(rctx, errors):
    """The extension and excluded_directory requests of the set's languages' rules files."""
    root = rctx.path(Label("//stages/corpus/languages:BUILD")).dirname
    requests = []
    for lang in rctx.attr.languages:
        where = "stages/corpus/languages/%s/rules.textproto" % lang
        path = root.get_child(lang).get_child("rules.textproto")
        if not all_chars_in(lang, "abcdefghijklmnopqrstuvwxyz0123456789_") or not path.exists:
            errors.append("task set %s, field languages: expected the name of a folder of stages/corpus/languages with a rules.textproto, found %r" % (rctx.attr.set_name, lang))
            continue
        rctx.path(Label("//stages/corpus/languages:%s/rules.textproto" % lang))  # watched
        text = canonical_text(rctx, "stages/corpus/languages/language.proto", "repro.corpus.languages.Rules", path, where, errors)
        if text == None:
            continue
        rules = parse_canonical(text)
        bad = language_rules_errors(rctx.attr.set_name, lang, rules)
        errors.extend(bad)
        if bad:
            continue
        requests += ["extension\t%s" % e for e in rules.get("extensions", [])]
        requests += ["excluded_directory\t%s" % d for d in rules.get("excluded_directories", [])]
    return requests

def _extract(rctx, repository, git_dir, snapshots, commits, diffs, placeholders, errors):
    """Reads every requested commit, snapshot and diff from `git_dir` (extract_history.sh).

    A failure goes to `errors`, and nothing extracted is kept.
    """
    requests = _language_requests(rctx, errors)
    if errors:
        return
    requests.append("keyframes\t%d\t%d" % (KEYFRAME_K, KEYFRAME_K0))
    requests += ["commit\t%s" % c for c in sorted(commits.keys())]
    requests += ["snapshot\t%s\t%s" % (c, ",".join(snapshots[c])) for c in sorted(snapshots.keys()) if c not in placeholders]
    requests += ["diff\t%s" % d for d in sorted(diffs.keys()) if d.split("\t")[0] not in placeholders]
    rctx.file("requests.tsv", "\n".join(requests) + "\n")
    rctx.report_progress("task set %s: reading %d snapshot(s) and %d diff(s)" % (rctx.attr.set_name, len(snapshots), len(diffs)))
    if rctx.attr.env_var:
        _say_reading(rctx.attr.set_name, len(snapshots), len(diffs))
    extract = rctx.path(rctx.attr._extract)
    res = rctx.execute(["bash", str(extract), git_dir, "requests.tsv", "."], timeout = _timeout(3600, 5, requests))
    rctx.delete("requests.tsv")
    if res.return_code != 0:
        errors.append("reading the %s history of task set %s failed (%s): %s" % (
            repository,
            rctx.attr.set_name,
            "%s=<the path you gave>" % rctx.attr.env_var if rctx.attr.env_var else "fixture",
            res.stderr.strip() or "exit status %d (a timeout after %d s?)" % (res.return_code, _timeout(3600, 5, requests)),
        ))
        for partial in ["commits", "diffs", "index.tsv", "git_version.txt", "ancestors.tsv", "times.tsv", "references.tsv"]:
            rctx.delete(partial)
        return
    for c, reason in placeholders.items():  # an ancestor the history lacks: a missing commit
        rctx.file("commits/%s/status" % c, "missing\t%s%s\n" % (",".join(snapshots[c]), "\t" + reason if reason else ""))
        rctx.file("commits/%s/tree.z" % c, "")
        rctx.file("commits/%s/blobs.batch" % c, "")
    for d in diffs.keys():  # the fix's parent cannot be had: its stages name the fix
        base, fix = d.split("\t")
        if base in placeholders:
            rctx.file("diffs/%s_%s/status" % (base, fix), "missing\tbase_commit\n")
            rctx.file("diffs/%s_%s/name_status.z" % (base, fix), "")
            rctx.file("diffs/%s_%s/u0.diff" % (base, fix), "")

def _write_build(rctx, configured, outs, message):
    """BUILD.bazel: the files, or (not configured) a target that fails with `message`."""
    if configured:
        build = [
            "# Generated by //stages/corpus:history.bzl. Do not edit.",
            'package(default_visibility = ["//visibility:public"])',
            "",
            "exports_files(%s)" % repr(outs + ["set.bzl"]),
        ]
    else:
        build = [
            "# Generated by //stages/corpus:history.bzl: %s is not set. Do not edit." % rctx.attr.env_var,
            'package(default_visibility = ["//visibility:public"])',
            "",
            'exports_files(["set.bzl"])',
            "",
            "genrule(",
            '    name = "not_configured",',
            '    srcs = ["NOT_CONFIGURED.txt"],',
            "    outs = %s," % repr(outs),
            '    cmd = "cat $(location NOT_CONFIGURED.txt) >&2; exit 1",',
            '    tags = ["manual"],',
            ")",
        ]
        rctx.file("NOT_CONFIGURED.txt", message + "\n")
    rctx.file("BUILD.bazel", "\n".join(build) + "\n")
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

def _history_source(rctx):
    """Where the commits come from, as data: the stages word their messages (history_flags.h)."""
    if rctx.attr.fixture_history:
        return {
            "history_source": "fixture",
            "fixture_history": _label_path(rctx.attr.fixture_history),
            "task_file": _label_path(rctx.attr.tasks),
        }
    return {"history_source": "clone", "clone_env": rctx.attr.env_var, "history_repository": rctx.name}

# The stage tools' cold compile on a 2-core machine (docs/experiments.md,
# "How long each step takes").
_FIRST_BUILD_MINUTES = "1 to 2 minutes"

# Reading a real clone (the same section).
_SECONDS_A_SNAPSHOT = "0.7 s"
_READ_MEASURED = "90 snapshots and 15 diffs: 61 s"

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
    authored_repository, authored_lsa, authored = _read_spec(rctx, errors)
    _check_values(rctx, authored_repository, authored_lsa, authored, errors)
    lock, lock_file = _lock(rctx, errors)
    repository = authored_repository or rctx.attr.set_name
    git_dir, message = _git_dir(rctx, repository, errors) if not errors else ("", "")
    configured = git_dir != ""

    # The derived commits name targets, so git resolves them now (first
    # parents): base = fix~1, stale = fix~2, S001 depth d > 1 = base~d.
    depths = sorted({d: True for d in rctx.attr.stale_depths if d > 1}.keys())
    tasks, placeholders, times = [], {}, {}
    if not errors:
        tasks, placeholders, times = _derive_commits(rctx, git_dir, authored, authored_lsa, depths, configured, errors)
    lsa = authored_lsa or _newest_base(tasks, times, placeholders, configured)
    snapshots, commits, diffs = _wanted(tasks, lsa, placeholders)
    core_list = sorted(snapshots.keys())  # base, stale and LSA commits
    for t in tasks:
        for d, c in t["stale_at"].items():
            snapshots.setdefault(c, []).append("%s.base~%d (s001_depths)" % (t["id"], d))
            if c not in placeholders:
                commits[c] = True
    references = {}
    if configured and not errors:
        _extract(rctx, repository, git_dir, snapshots, commits, diffs, placeholders, errors)
        if not errors:
            references = _references(rctx)
    reference_only = sorted([r for r in {r: True for r in references.values()}.keys() if r not in snapshots])
    snapshot_list = sorted(snapshots.keys() + reference_only)
    if rctx.attr.fixture_history:
        rctx.delete("fixture.git")
    if errors:
        _write_errors(rctx, errors)
        return
    _write_build(rctx, configured, _outputs(snapshot_list, diffs), message)
    if configured and lock == None:
        _say_first_refreeze(rctx.attr.set_name)

    # set.bzl holds data only, every value through repr(); the set's struct
    # and every label are built from it by checked-in code (task_set.bzl).
    _write_set(rctx, {
        "name": rctx.attr.set_name,
        "errors": [],
        "repository": repository,
        "configured": configured,
        "not_configured_message": message,
        "spec": _main_label(rctx.attr.tasks),
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

def _say_reading(set_name, snapshots, diffs):
    """Says up front that a clone is read, and how long that takes.

    Bazel prints nothing of a repository rule's own progress to a terminal
    that is not interactive, and reading a real clone is the longest silent
    step of a new experiment (measured: docs/experiments.md, "How long each
    step takes").

    Args:
      set_name: the task set's name.
      snapshots: how many commits' trees are read.
      diffs: how many fix diffs are read.
    """

    # buildifier: disable=print
    print(("task set %s: reading %d snapshot(s) and %d diff(s) from its clone, about %s each " +
           "snapshot on 2 cores (GitLab Runner's %s)") %
          (set_name, snapshots, diffs, _SECONDS_A_SNAPSHOT, _READ_MEASURED))

def _say_first_refreeze(set_name):
    """Says up front what the first build of a set without a lock does and how long it takes.

    The set's first `bazel run //reports:<set>_tasks_refreeze` is where a new
    experiment waits longest with nothing of its own printed: on a cold
    output base Bazel compiles the stage tools before any stage runs
    (measured: docs/experiments.md, "How long each step takes").

    Args:
      set_name: the task set's name.
    """

    # buildifier: disable=print
    print(("task set %s has no task lock yet: building its snapshots, chunks and labels; on a cold " +
           "output base Bazel first compiles the stage tools, about %s on 2 cores (its " +
           "[done / total] action counter is the progress), then " +
           "`bazel run //reports:%s_tasks_refreeze` prints the review table and writes the lock") %
          (set_name, _FIRST_BUILD_MINUTES, set_name))

def _write_set(rctx, data):
    rctx.file("set.bzl", "\n".join([
        "# Generated by //stages/corpus:history.bzl from %s. Do not edit." % _main_label(rctx.attr.tasks),
        "# Data only: the keys are documented in //stages/corpus:task_set.bzl, which builds the set from it.",
        "SET_DATA = %s" % repr(data),
    ]) + "\n")

def _write_errors(rctx, errors):
    """set.bzl with the errors and nothing else; BUILD.bazel exporting it alone."""
    _write_set(rctx, {"name": rctx.attr.set_name, "errors": errors, "spec": _main_label(rctx.attr.tasks)})
    rctx.file("BUILD.bazel", "\n".join([
        "# Generated by //stages/corpus:history.bzl: the task set has errors (set.bzl). Do not edit.",
        'package(default_visibility = ["//visibility:public"])',
        "",
        'exports_files(["set.bzl"])',
    ]) + "\n")
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

def _lock(rctx, errors):
    """(label of the task lock or None when absent, its workspace path).

    The lock is `<tasks stem>.lock.textproto` beside the task file. Only its
    existence is read here (its content is read by the lock_check stage), so
    editing it refetches nothing; the refreeze that first writes it syncs
    this repository. It is an authored input (authored_file.bzl) and a
    regular file, never a symlink: a link to the derived lock in the output
    base would turn the lock check into a comparison of the derivation with
    itself, and a dangling one would make the refreeze write through it. Such
    a lock goes to `errors`.
    """
    label = rctx.attr.tasks
    stem = label.name.rpartition(".")[0]
    name = stem + ".lock.textproto"
    path = rctx.path(label).dirname.get_child(name.rpartition("/")[2])
    lock_label = "//%s:%s" % (label.package, name)
    lock_file = _label_path(Label(lock_label))
    is_link = rctx.execute(["/bin/sh", "-c", 'test -L "$1"', "sh", str(path)]).return_code == 0
    if not path.exists and not is_link:
        return None, lock_file
    e = "expected a regular file, found a symlink" if is_link else authored_file_error(rctx, lock_label)
    if e:
        errors.append("%s (the task lock of %s): %s; remove it, sync (bazel sync --only=%s), then bazel run //reports:%s_tasks_refreeze writes a regular file" % (
            lock_file,
            _label_path(label),
            e,
            rctx.name,
            rctx.attr.set_name,
        ))
    return lock_label, lock_file

def _ancestry(rctx, git_dir, requests, errors):
    """Runs extract_history.sh on `requests`; returns its tables as lists of rows.

    A dict: "ancestors", "times", "types", "is_ancestor" (extract_history.sh
    names each file). A failure goes to `errors` (and every list is empty).
    """
    names = ["ancestors", "times", "types", "is_ancestor"]
    rctx.file("ancestry_requests.tsv", "\n".join(requests) + "\n")
    rctx.report_progress("task set %s: resolving %d ancestor and time request(s)" % (rctx.attr.set_name, len(requests)))
    res = rctx.execute(["bash", str(rctx.path(rctx.attr._extract)), git_dir, "ancestry_requests.tsv", "ancestry"], timeout = _timeout(600, 1, requests))
    tables = {name: [] for name in names}
    if res.return_code != 0:
        errors.append("resolving the commits of task set %s failed: %s" % (
            rctx.attr.set_name,
            res.stderr.strip() or "exit status %d (a timeout after %d s?)" % (res.return_code, _timeout(600, 1, requests)),
        ))
    else:
        for name in names:
            tables[name] = [line.split("\t") for line in rctx.read("ancestry/%s.tsv" % name).splitlines()]
    rctx.delete("ancestry")
    rctx.delete("ancestry_requests.tsv")
    return tables

def _requests(authored, authored_lsa, steps, depths):
    """The extract_history.sh requests of _derive_commits, each distinct one once.

    Every fix: its first-parent ancestors at `steps`, its time and its
    object type. Every explicit base_commit: its first-parent ancestors at 1
    and each depth, whether it is an ancestor of its fix, and its object
    type. An authored LSA training commit: its object type.
    """
    requests = {}
    if authored_lsa:
        requests["type\t%s" % authored_lsa] = True
    for t in authored:
        fix, base = t["fix_commit"], t["base_commit"]
        for k in steps:
            requests["ancestor\t%s\t%d" % (fix, k)] = True
        requests["time\t%s" % fix] = True
        requests["type\t%s" % fix] = True
        if base:
            for d in [1] + depths:
                requests["ancestor\t%s\t%d" % (base, d)] = True
            requests["is_ancestor\t%s\t%s" % (base, fix)] = True
            requests["type\t%s" % base] = True
    return requests.keys()

def _derive_commits(rctx, git_dir, authored, authored_lsa, depths, configured, errors):
    """([task dict with base_commit, stale_commit, stale_at, where], placeholders, times).

    base_commit = the authored one (explicit: a fix that spans commits; it
    must be an ancestor of the fix, by any path) or fix~1; stale_commit =
    base~1 and, for every S001 depth d > 1, stale_at[d] = base~d, all
    first-parent (the validate_tasks stage checks that a fix without an
    explicit base has one parent). A placeholder stands for a commit that
    cannot be had: "unresolved_..." when the clone is not configured (its
    targets fail with the how-to message), "missing_..." when the fix is
    absent or the history too short or shallow (the stages name the task
    and the field; placeholders maps each to the reason, "" when the fix
    itself is absent). times: fix commit -> committer time (seconds).
    """
    steps = [1, 2] + [d + 1 for d in depths]
    found = {}
    available = {}  # commit -> first-parent commits before it, when too few
    times = {}
    is_ancestor = {}
    if configured:
        tables = _ancestry(rctx, git_dir, _requests(authored, authored_lsa, steps, depths), errors)
        wheres = [_task_where(rctx, t, i) for i, t in enumerate(authored)]
        errors.extend(commit_type_errors(authored, wheres, tables["types"], _label_path(rctx.attr.tasks), authored_lsa))
        errors.extend(root_fix_errors(authored, wheres, tables["ancestors"]))
        for parts in tables["ancestors"]:
            found[(parts[0], int(parts[1]))] = parts[2]
            if len(parts) > 3:
                available[parts[0]] = int(parts[3])
        times = {parts[0]: int(parts[1]) for parts in tables["times"] if parts[1] != "missing"}
        is_ancestor = {(parts[0], parts[1]): parts[2] for parts in tables["is_ancestor"]}
    tasks = []
    placeholders = {}
    for i, t in enumerate(authored):
        fix, base = t["fix_commit"], t["base_commit"]

        # at[k]: the commit k first-parent steps before the fix (fix~k), or,
        # with an explicit base, base~(k - 1).
        at = {}
        for k in steps:
            start, back = (base, k - 1) if base else (fix, k)
            anc = start if back == 0 else found.get((start, back), "")
            if not anc or anc == "missing":
                anc = "%s_%s_k%d" % ("missing" if configured else "unresolved", start[:12], back)
                placeholders[anc] = _too_short(start, back, available, "base_commit" if base else "fix_commit")
            at[k] = anc
        if base and configured and is_ancestor.get((base, fix)) == "no":
            errors.append(_not_an_ancestor(rctx, t, i))
        tasks.append({
            "id": t["id"],
            "fix_commit": fix,
            "base_commit": at[1],
            "stale_commit": at[2],
            "stale_at": {d: at[d + 1] for d in depths},
            # Where the task is written, for messages: a JSON Lines task's
            # <file>:<line>, a text proto task's position.
            "where": _task_where(rctx, t, i),
        })
    return tasks, placeholders, times

def _not_an_ancestor(rctx, t, i):
    """The error of an explicit base_commit that is not an ancestor of the fix."""
    return ("%s: task %s, field base_commit: expected an ancestor of fix_commit %s (a fix that spans " +
            "several commits is `git diff base_commit fix_commit`), found %s, which is not " +
            "(git merge-base --is-ancestor %s %s fails%s)") % (
        _task_where(rctx, t, i),
        t["id"],
        t["fix_commit"],
        t["base_commit"],
        t["base_commit"],
        t["fix_commit"],
        "; they are the same commit" if t["base_commit"] == t["fix_commit"] else "",
    )

def _task_where(rctx, t, i):
    """Where task t (the i-th) is written: a JSON Lines task's <file>:<line>, else its position."""
    return t.get("where") or "%s (tasks[%d])" % (_label_path(rctx.attr.tasks), i)

def _newest_base(tasks, times, placeholders, configured):
    """The derived LSA training commit: the base of the newest fix.

    Newest by committer time; on a tie, the last such task in file order. A
    placeholder when no fix is in the clone (or the clone is not configured).
    """
    best = None
    for t in tasks:
        when = times.get(t["fix_commit"])
        if when != None and (best == None or when >= best[0]):
            best = (when, t["base_commit"])
    if best != None:
        return best[1]
    c = "%s_lsa_training" % ("missing" if configured else "unresolved")
    placeholders[c] = "no fix commit of the task set is in the clone" if configured else ""
    return c

def _too_short(start, k, available, field):
    """Why start~k cannot be had, when the history is known to be too short ("" otherwise).

    start is the task's `field` (fix_commit, or an explicit base_commit).
    """
    if start not in available:
        return ""
    needs = ("base_commit = fix~1, stale_commit = fix~2, S001 depth d = fix~(d+1)" if field == "fix_commit" else "stale_commit = base_commit~1, S001 depth d = base_commit~d")
    return ("the history is too short: %s %s has %d first-parent commit(s) before it in " +
            "the clone (its root, or a shallow clone), and %s~%d is needed (%s); lower the S001 " +
            "depth in the experiment's s001_depths (at most %d here) or deepen the clone (git fetch --unshallow)") % (
        field,
        start,
        available[start],
        field.partition("_")[0],
        k,
        needs,
        max(available[start] - (1 if field == "fix_commit" else 0), 0),
    )

def _main_label(label):
    text = str(label)
    return text[1:] if text.startswith("@//") else text

# The attributes of git_history. The experiments generator defines the rule
# it calls with these attributes and an `environ` that lists every clone
# variable its experiments name (Bazel 4.2.3 fixes environ per rule).
GIT_HISTORY_ATTRS = {
    "set_name": attr.string(mandatory = True, doc = "Task set name ([a-z][a-z0-9_]*)"),
    "tasks": attr.label(mandatory = True, allow_single_file = True, doc = "TaskSet text proto"),
    "env_var": attr.string(doc = "Environment variable holding the path of the clone"),
    "clone_hint": attr.string(doc = "How to get the clone, for the not-configured message"),
    "fixture_history": attr.label(allow_single_file = True, doc = "history.txt of an authored fixture"),
    "frozen_snapshot_hashes": attr.string(doc = "Label of the committed snapshot_hashes.tsv, passed through to SET"),
    "languages": attr.string_list(default = DEFAULT_LANGUAGES, doc = "The set's languages: folders of stages/corpus/languages (TaskSetRef.languages)"),
    "stale_depths": attr.int_list(doc = "Stale-index depths (s001_depths) of the set's experiments (depth > 1: base~d is resolved)"),
    "chunker_explanations": attr.string(doc = "Label of the chunker DifferenceExplanations, passed through to SET"),
    "_extract": attr.label(default = Label("//stages/corpus:extract_history.sh"), allow_single_file = True),
    "_read_task_lines": attr.label(default = Label("//stages/corpus:read_task_lines.py"), allow_single_file = True),
    "_build_fixture": attr.label(default = Label("//stages/corpus:build_fixture_history.sh"), allow_single_file = True),
    "_task_proto": attr.label(default = Label("//stages/corpus:task.proto"), allow_single_file = True),
    "_corpus_proto": attr.label(default = Label("//stages/corpus:corpus.proto"), allow_single_file = True),
}
