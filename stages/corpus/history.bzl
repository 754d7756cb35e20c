"""Repository rule `git_history`: the git data of an E04 task set, as plain files.

One rule serves both corpora, so CI exercises the same path as the real run:

  git_history(name = "gitlab_runner_history", tasks = "//data/e04/tasks:tasks.textproto",
              env_var = "GITLAB_RUNNER_GIT", ...)
      reads a local GitLab Runner clone whose path is the value of GITLAB_RUNNER_GIT
      (`bazel ... --repo_env=GITLAB_RUNNER_GIT=<path>`). Unset, the repository is
      still created, with CONFIGURED = False and targets that fail with a message
      saying how to get the clone.
  git_history(name = "e04_fixture_history", tasks = "//data/e04/fixture:tasks.textproto",
              fixture_history = "//data/e04/fixture:history.txt")
      first builds a real git repository from the authored fixture history
      (build_fixture_history.sh: plumbing only, fixed authors and dates, so the
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
not fatal here; the stages then stop with the task, field and commit.

Generated in the repository:
  tasks.bzl      HISTORY (dict: see _TASKS_BZL), CONFIGURED, TASK_IDS, and
                 for the real corpus GITLAB_RUNNER_CONFIGURED.
  BUILD.bazel    exports the dumped files (or, unconfigured, a genrule that
                 fails with the how-to message in place of each of them).
No machine path is written into any generated file.

The repository is refetched when the variable, the spec, the fixture files or
this code change. After fetching new commits into the clone, refetch with
`bazel sync --only=gitlab_runner_history`.
"""

load("//stages/corpus:spec_values.bzl", "spec_value_errors")

_CLONE_HINT = ("get a clone with `git clone https://gitlab.com/gitlab-org/gitlab-runner.git` " +
               "and pass its path with --repo_env={var}=<path of the clone>")

def _unquote(value):
    v = value.strip()
    if len(v) >= 2 and v.startswith('"') and v.endswith('"'):
        return v[1:-1]
    return v

def _scan_canonical_spec(text):
    """Task ids and commits from protoc's canonical text form of a TaskSet."""
    tasks = []
    lsa = ""
    repository = ""
    current = None
    depth = 0
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.endswith("{"):
            depth += 1
            if depth == 1 and line.startswith("tasks"):
                current = {"id": "", "fix_commit": "", "base_commit": "", "stale_commit": ""}
                tasks.append(current)
            continue
        if line == "}":
            depth -= 1
            if depth == 0:
                current = None
            continue
        key, sep, value = line.partition(":")
        if not sep:
            continue
        key = key.strip()
        if depth == 0 and key == "lsa_training_commit":
            lsa = _unquote(value)
        elif depth == 0 and key == "repository":
            repository = _unquote(value)
        elif depth == 1 and current != None and key in current:
            current[key] = _unquote(value)
    return repository, lsa, tasks

def _canonical_spec(rctx):
    """Runs protoc --encode | --decode over the spec; fails on a syntax error."""
    spec = rctx.path(rctx.attr.tasks)
    root = rctx.path(Label("//:WORKSPACE")).dirname
    for proto in ["//stages/corpus:task.proto", "//stages/corpus:corpus.proto"]:
        rctx.path(Label(proto))  # watched: a schema change refetches
    protoc = rctx.which("protoc")
    if protoc == None:
        fail("protoc not found (install protobuf-compiler; run tools/setup.sh)")
    cmd = ("'{protoc}' --proto_path='{root}' --encode=repro.corpus.TaskSet stages/corpus/task.proto " +
           "< '{spec}' > spec.binpb && '{protoc}' --proto_path='{root}' " +
           "--decode=repro.corpus.TaskSet stages/corpus/task.proto < spec.binpb").format(
        protoc = protoc,
        root = root,
        spec = spec,
    )
    res = rctx.execute(["/bin/sh", "-c", cmd])
    rctx.delete("spec.binpb")
    if res.return_code != 0:
        fail("%s: not a valid repro.corpus.TaskSet text proto:\n%s" % (rctx.attr.tasks, res.stderr))
    return res.stdout

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

def _bzl_list(items):
    return "[" + ", ".join(['"%s"' % i for i in items]) + "]"

_TASKS_BZL = """# Generated by //stages/corpus:history.bzl from {spec}. Do not edit.
#
# HISTORY describes the task set and its git data in this repository:
#   repo                  the repository label prefix, e.g. "@gitlab_runner_history"
#   repository            logical name from the spec ("gitlab-runner", "fixture")
#   configured            False when the clone is not configured (env var unset)
#   tasks                 [{{id, fix_commit, base_commit, stale_commit}}] in spec order
#   snapshot_commits      sorted unique base/stale/LSA commits (one snapshot each)
#   lsa_training_commit   pinned commit of the LSA training snapshot
#   not_configured_message  why the targets fail when configured is False
CONFIGURED = {configured}
TASK_IDS = {task_ids}
HISTORY = {{
    "repo": "@{name}",
    "repository": "{repository}",
    "configured": {configured},
    "tasks": [
{tasks}    ],
    "snapshot_commits": {snapshots},
    "lsa_training_commit": "{lsa}",
    "not_configured_message": "{message}",
}}
"""

def _git_history_impl(rctx):
    canonical = _canonical_spec(rctx)
    repository, lsa, tasks = _scan_canonical_spec(canonical)

    # Commit ids become directory names and git arguments, task ids file and
    # target names: check every one before any is used (spec_values.bzl).
    errors = spec_value_errors(str(rctx.attr.tasks), tasks, lsa)
    if errors:
        fail("%d invalid value(s) in the task spec; nothing was read or written:\n  %s" % (
            len(errors),
            "\n  ".join(errors),
        ))

    snapshots = {}  # commit -> ["T01.base_commit", ...]
    commits = {}
    diffs = {}
    for t in tasks:
        for f in ["fix_commit", "base_commit", "stale_commit"]:
            if t[f]:
                commits[t[f]] = True
        for f in ["base_commit", "stale_commit"]:
            if t[f]:
                snapshots.setdefault(t[f], []).append("%s.%s" % (t["id"], f))
        if t["base_commit"] and t["fix_commit"]:
            diffs["%s\t%s" % (t["base_commit"], t["fix_commit"])] = True
    if lsa:
        snapshots.setdefault(lsa, []).append("lsa_training_commit")
        commits[lsa] = True
    snapshot_list = sorted(snapshots.keys())

    git_dir = ""
    message = ""
    if rctx.attr.fixture_history:
        history = _fixture_sources(rctx)
        builder = rctx.path(rctx.attr._build_fixture)
        res = rctx.execute(["bash", str(builder), str(history), str(history.dirname) + "/src", "fixture.git"])
        if res.return_code != 0:
            fail("building the fixture history from %s failed:\n%s" % (rctx.attr.fixture_history, res.stderr))
        rctx.file("fixture_commits.tsv", res.stdout)
        git_dir = str(rctx.path("fixture.git"))
    else:
        git_dir = rctx.os.environ.get(rctx.attr.env_var, "")
        if git_dir and not git_dir.startswith("/"):
            fail("%s=%s: give the absolute path of the clone" % (rctx.attr.env_var, git_dir))
        message = "%s is not set: the %s corpus needs a local clone; %s" % (
            rctx.attr.env_var,
            repository,
            _CLONE_HINT.format(var = rctx.attr.env_var),
        )

    configured = git_dir != ""
    outs = []
    for c in snapshot_list:
        outs += ["commits/%s/%s" % (c, f) for f in ["status", "tree.z", "blobs.batch"]]
    for d in sorted(diffs.keys()):
        base, fix = d.split("\t")
        outs += ["diffs/%s_%s/%s" % (base, fix, f) for f in ["status", "name_status.z", "u0.diff"]]
    outs += ["index.tsv", "git_version.txt"]

    if configured:
        requests = ["commit\t%s" % c for c in sorted(commits.keys())]
        requests += ["snapshot\t%s\t%s" % (c, ",".join(snapshots[c])) for c in snapshot_list]
        requests += ["diff\t%s" % d for d in sorted(diffs.keys())]
        rctx.file("requests.tsv", "\n".join(requests) + "\n")
        extract = rctx.path(rctx.attr._extract)
        res = rctx.execute(["bash", str(extract), git_dir, "requests.tsv", "."], timeout = 3600)
        if res.return_code != 0:
            fail("reading the %s history failed (%s=<the path you gave>): %s\n%s" % (
                repository,
                rctx.attr.env_var or "fixture",
                res.stderr,
                _CLONE_HINT.format(var = rctx.attr.env_var) if rctx.attr.env_var else "",
            ))
        rctx.delete("requests.tsv")
        if rctx.attr.fixture_history:
            rctx.delete("fixture.git")
        build = [
            "# Generated by //stages/corpus:history.bzl. Do not edit.",
            'package(default_visibility = ["//visibility:public"])',
            "",
            "exports_files(%s)" % repr(outs),
        ]
    else:
        build = [
            "# Generated by //stages/corpus:history.bzl: %s is not set. Do not edit." % rctx.attr.env_var,
            'package(default_visibility = ["//visibility:public"])',
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

    task_lines = "".join([
        '        {"id": "%s", "fix_commit": "%s", "base_commit": "%s", "stale_commit": "%s"},\n' % (
            t["id"],
            t["fix_commit"],
            t["base_commit"],
            t["stale_commit"],
        )
        for t in tasks
    ])
    bzl = _TASKS_BZL.format(
        spec = rctx.attr.tasks,
        name = rctx.name,
        repository = repository,
        configured = configured,
        task_ids = _bzl_list([t["id"] for t in tasks]),
        tasks = task_lines,
        snapshots = _bzl_list(snapshot_list),
        lsa = lsa,
        message = message.replace('"', "'"),
    )
    if rctx.attr.configured_constant:
        bzl += "%s = %s\n" % (rctx.attr.configured_constant, configured)
    rctx.file("tasks.bzl", bzl)

git_history = repository_rule(
    implementation = _git_history_impl,
    attrs = {
        "tasks": attr.label(mandatory = True, allow_single_file = True, doc = "TaskSet text proto"),
        "env_var": attr.string(doc = "Environment variable holding the path of the clone"),
        "configured_constant": attr.string(doc = "Extra name for CONFIGURED in tasks.bzl"),
        "fixture_history": attr.label(allow_single_file = True, doc = "history.txt of an authored fixture"),
        "_extract": attr.label(default = "//stages/corpus:extract_history.sh", allow_single_file = True),
        "_build_fixture": attr.label(default = "//stages/corpus:build_fixture_history.sh", allow_single_file = True),
    },
    environ = ["GITLAB_RUNNER_GIT"],
)
