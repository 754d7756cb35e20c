"""Reading the git data of a task set for the git_history rule (history.bzl).

git_directory gives the git directory to read: the clone the rule's env_var names,
or a repository built from an authored fixture history
(build_fixture_history.sh). extract_history runs extract_history.sh on every commit,
snapshot and diff the set needs (with the set's languages' extension and
excluded-directory requests) and writes placeholders for the commits that
cannot be had; read_references reads which commit each corpus is stored against.
A failure goes to `errors` and nothing extracted is kept.
"""

load("//stages/corpus:history_spec.bzl", "label_path")
load("//stages/corpus:spec_values.bzl", "all_chars_in", "language_rules_errors")
load("//tools/starlark:text_format.bzl", "canonical_text", "parse_canonical")

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

def git_directory(rctx, repository, errors):
    """(the git directory to read, or "" when not configured; the how-to message).

    A fixture that cannot be built or a relative clone path goes to `errors`.

    Args:
      rctx: the repository context.
      repository: the set's repository name (for the how-to message).
      errors: the list that errors are appended to.

    Returns:
      (git directory or "", the not-configured message).
    """
    if rctx.attr.fixture_history:
        history = _fixture_sources(rctx)
        builder = rctx.path(rctx.attr._build_fixture)
        res = rctx.execute(["bash", str(builder), str(history), str(history.dirname) + "/src", "fixture.git"])
        if res.return_code != 0:
            errors.append("building the fixture history from %s failed:\n%s" % (label_path(rctx.attr.fixture_history), res.stderr))
            return "", ""
        rctx.file("fixture_commits.tsv", res.stdout)
        return str(rctx.path("fixture.git")), ""
    if rctx.attr.clone_name:
        return _clone_in_directory(rctx, errors)
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

def _clone_in_directory(rctx, errors):
    """(the clone <dir>/<clone_name>, or "" when the variable is unset; the how-to message).

    The variable (CorpusSource.clones_dir_env) names a directory of clones
    named `<owner>__<name>.git`; clone_name is the set's (validated by the
    experiments rule). A relative directory, or one without the set's clone,
    goes to `errors`.
    """
    env, name = rctx.attr.env_var, rctx.attr.clone_name
    directory = rctx.os.environ.get(env, "")
    message = "%s is not set: task set %s needs a directory of clones holding %s (%s); %sexport %s=<absolute path of the directory>" % (
        env,
        rctx.attr.set_name,
        name,
        rctx.attr.repo,
        "get it with `%s` and " % rctx.attr.clone_hint if rctx.attr.clone_hint else "",
        env,
    )
    if not directory:
        return "", message
    if not directory.startswith("/"):
        errors.append("%s=%s: give the absolute path of the directory of clones" % (env, directory))
        return "", ""
    git_dir = directory.rstrip("/") + "/" + name
    if not rctx.path(git_dir).exists:
        errors.append("%s=<the directory you gave>: task set %s, field task_set.repo: expected a clone of %s named %s in it, found none" % (
            env,
            rctx.attr.set_name,
            rctx.attr.repo,
            name,
        ))
        return "", ""
    return git_dir, message

# Snapshots and chunks are stored against a first-parent ancestor
# (extract_history.sh, references.tsv; docs/storage.md): every KEYFRAME_K
# generations a link to the one KEYFRAME_K before, every KEYFRAME_K0 a whole
# one; a chain is at most KEYFRAME_K0 / KEYFRAME_K + 1 artifacts long.
KEYFRAME_K = 16
KEYFRAME_K0 = 256

def read_references(rctx):
    """{commit: the commit its corpus is stored against} from references.tsv.

    Args:
      rctx: the repository context, after extract_history.

    Returns:
      {commit: reference commit}.
    """
    refs = {}
    for line in rctx.read("references.tsv").splitlines():
        c, r = line.split("\t")
        refs[c] = r
    return refs

def extract_timeout(base, per_request, requests):
    """Seconds for extract_history.sh on `requests`: `base` and `per_request` each.

    The bound grows with the work (10,000 tasks once took 6.5 minutes of a
    fixed 10 to resolve); it only stops a git that hangs.

    Args:
      base: seconds for any run.
      per_request: seconds for each request.
      requests: the requests.

    Returns:
      the timeout in seconds.
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

def extract_history(rctx, repository, git_dir, snapshots, commits, diffs, patches, placeholders, errors):
    """Reads every requested commit, snapshot and diff from `git_dir` (extract_history.sh).

    A failure goes to `errors`, and nothing extracted is kept.

    Args:
      rctx: the repository context.
      repository: the set's repository name (for messages).
      git_dir: the git directory to read.
      snapshots: commit -> [why] of every snapshot to read.
      commits: {commit id: True} of every commit to read.
      diffs: {"base\tfix": True} of every diff to read (fix: a commit, or
        the tree of a patch).
      patches: ["base\tpatch file"] of every patch to apply first, whose
        tree a diff names (history_commits.bzl: patch_file).
      placeholders: placeholder commit -> reason (derive_commits).
      errors: the list that errors are appended to.
    """
    requests = _language_requests(rctx, errors)
    if errors:
        return
    requests.append("keyframes\t%d\t%d" % (KEYFRAME_K, KEYFRAME_K0))
    requests += ["commit\t%s" % c for c in sorted(commits.keys())]
    requests += ["snapshot\t%s\t%s" % (c, ",".join(snapshots[c])) for c in sorted(snapshots.keys()) if c not in placeholders]
    requests += ["patch\t%s" % p for p in patches]
    requests += ["diff\t%s" % d for d in sorted(diffs.keys()) if not _unreadable(d, placeholders)]
    rctx.file("requests.tsv", "\n".join(requests) + "\n")
    rctx.report_progress("task set %s: reading %d snapshot(s) and %d diff(s)" % (rctx.attr.set_name, len(snapshots), len(diffs)))
    if rctx.attr.env_var:
        _say_reading(rctx.attr.set_name, len(snapshots), len(diffs))
    extract = rctx.path(rctx.attr._extract)
    res = rctx.execute(["bash", str(extract), git_dir, "requests.tsv", "."], timeout = extract_timeout(3600, 5, requests))
    rctx.delete("requests.tsv")
    if res.return_code != 0:
        errors.append("reading the %s history of task set %s failed (%s): %s" % (
            repository,
            rctx.attr.set_name,
            "%s=<the path you gave>" % rctx.attr.env_var if rctx.attr.env_var else "fixture",
            res.stderr.strip() or "exit status %d (a timeout after %d s?)" % (res.return_code, extract_timeout(3600, 5, requests)),
        ))
        for partial in ["commits", "diffs", "index.tsv", "git_version.txt", "ancestors.tsv", "times.tsv", "references.tsv"]:
            rctx.delete(partial)
        return
    for c, reason in placeholders.items():  # an ancestor the history lacks: a missing commit
        rctx.file("commits/%s/status" % c, "missing\t%s%s\n" % (",".join(snapshots[c]), "\t" + reason if reason else ""))
        rctx.file("commits/%s/tree.z" % c, "")
        rctx.file("commits/%s/blobs.batch" % c, "")
    for d in diffs.keys():  # the fix's parent (or a patch's base) cannot be had: its stages name it
        base, fix = d.split("\t")
        if _unreadable(d, placeholders):
            rctx.file("diffs/%s_%s/status" % (base, fix), "missing\tbase_commit\n")
            rctx.file("diffs/%s_%s/name_status.z" % (base, fix), "")
            rctx.file("diffs/%s_%s/u0.diff" % (base, fix), "")
            if fix.startswith("missing_patch_"):
                rctx.file("diffs/%s_%s/patch.sha256" % (base, fix), "")

def _unreadable(diff, placeholders):
    """Whether a "base\tfix" diff cannot be read: its base or its patch's tree is a placeholder."""
    base, fix = diff.split("\t")
    return base in placeholders or fix.startswith("missing_")

# Reading a real clone (the same section).
_SECONDS_A_SNAPSHOT = "0.7 s"
_READ_MEASURED = "90 snapshots and 15 diffs: 61 s"

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
