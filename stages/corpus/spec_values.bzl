"""Validation of the task-spec values that reach a path, a label or a command.

The repository rule in history.bzl turns commit ids into directory names
(commits/<id>, diffs/<base>_<fix>) and git arguments, and task ids into target
and file names. Every such value is checked here first, before it is used
anywhere, so that a spec can never make the rule create, empty or read a path
outside its own repository directory, nor pass an option to git.

Both checks return an error message (naming the spec file, the task, the
field, expected vs found) or None; the caller fails with it. They are pure
functions so that tests/corpus can exercise them at loading time.
"""

load("//stages/corpus:patch_checks.bzl", "patch_task_errors")

_HEX = "0123456789abcdef"

# A task id names targets and files (<id>.labels.pb, <set>/<id>_base_chunks):
# Bazel target names and file names take every one of these characters, and
# a first letter or digit keeps out ".", ".." and options. "." and "__" admit
# the benchmarks' ids (SWE-bench's "pytest-dev__pytest-10051",
# Multi-SWE-bench's "<org>__<repo>-<number>" with a repository such as
# "Chart.js"). The same rule in C++: stages/corpus/task_id.h.
_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
_MAX_ID = 64

def all_chars_in(value, allowed):
    """Whether every character of `value` is in `allowed`.

    Args:
      value: the string to check.
      allowed: a string of the allowed characters.

    Returns:
      True when every character of `value` is in `allowed`.
    """
    for c in value.elems():
        if c not in allowed:
            return False
    return True

def _where(spec, index, task_id):
    if index == None:
        return spec
    return "%s: task %s (tasks[%d])" % (spec, task_id if task_id else "<no id>", index)

def commit_id_error(spec, index, task_id, field, value):
    """None if `value` is 40 lowercase hex characters, else the message.

    Args:
      spec: the spec file as the user named it, e.g. "//data/e04/tasks:tasks.textproto".
      index: the task's 0-based position in the spec, or None for a set-level field.
      task_id: the task's id (may be empty or invalid itself).
      field: the field name, e.g. "stale_commit".
      value: the field's value.
    """
    if len(value) == 40 and all_chars_in(value, _HEX):
        return None
    return "%s, field %s: expected a commit id of 40 lowercase hex characters, found %r" % (
        _where(spec, index, task_id),
        field,
        value,
    )

def task_id_error(spec, index, task_id):
    """None if `task_id` is 1-64 characters of [A-Za-z0-9_.-], starting with a letter or digit."""
    if len(task_id) >= 1 and len(task_id) <= _MAX_ID and task_id[0] not in "_.-" and all_chars_in(task_id, _ID_CHARS):
        return None
    return "%s: task at tasks[%d], field id: expected 1-%d characters of [A-Za-z0-9_.-] starting with a letter or digit, found %r" % (
        spec,
        index,
        _MAX_ID,
        task_id,
    )

def spec_value_errors(spec, tasks, lsa_training_commit):
    """Every error among the tasks' ids and commit fields, in spec order.

    Args:
      spec: the spec file as the user named it.
      tasks: [{"id", "fix_commit", "base_commit", "stale_commit", "patch"}] in
        spec order, a JSON Lines task with "where" ("<file>:<line>") naming it in
        messages in place of `spec`; exactly one of fix_commit and patch is
        required, a patch with its base_commit (patch_checks.bzl; the fetch
        derives the others from them), an empty base_commit or stale_commit is
        not checked here otherwise (the validate_tasks stage names it).
      lsa_training_commit: the set-level commit, or "".
    Returns:
      A list of messages; empty when every value is safe to use.
    """
    errors = []
    first = {}
    for i, t in enumerate(tasks):
        errors.extend(patch_task_errors(_where(t.get("where", spec), i, t["id"]), t))
        e = task_id_error(t.get("where", spec), i, t["id"])
        if e:
            errors.append(e)
        elif t["id"] in first:
            errors.append("%s: field id: duplicate task id, also tasks[%d] (target and file names must be unique)" % (
                _where(t.get("where", spec), i, t["id"]),
                first[t["id"]],
            ))
        else:
            first[t["id"]] = i
        for f in ["fix_commit", "base_commit", "stale_commit"]:
            if t[f]:
                e = commit_id_error(t.get("where", spec), i, t["id"], f, t[f])
                if e:
                    errors.append(e)
    if lsa_training_commit:
        e = commit_id_error(spec, None, "", "lsa_training_commit", lsa_training_commit)
        if e:
            errors.append(e)
    return errors

_LABEL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./:"

def safe_label_error(value):
    """None if `value` is a main-repository label "//pkg/path:file" of safe characters.

    Safe: [A-Za-z0-9_./:-], exactly one ':', no empty, '.' or '..' path segment,
    no repository prefix. Such a label cannot name a file outside the workspace.

    Args:
      value: the label text to check.

    Returns:
      None, or the error message (expected vs found).
    """
    ok = value.startswith("//") and value.count(":") == 1 and all_chars_in(value, _LABEL_CHARS)
    if ok:
        pkg, name = value[2:].split(":")
        segments = (pkg.split("/") if pkg else []) + name.split("/")
        for s in segments:
            if s in ["", ".", ".."]:
                ok = False
    if ok:
        return None
    return "expected a label \"//package:file\" of [A-Za-z0-9_./:-] without '.' or '..' segments, found %r" % value

_REPOSITORY_CHARS = _ID_CHARS + "/"
_MAX_REPOSITORY = 100

def repository_error(spec, value):
    """None if TaskSet.repository is a logical repository name, else the message.

    The name reaches a stage argument (--repository=) and the generated
    set.bzl (as a repr()-quoted string): 1-100 characters of
    [A-Za-z0-9_./-], starting with a letter or digit, no '..'; e.g.
    "gitlab-runner" or "gitlab-org/gitlab-runner".

    Args:
      spec: the spec file as the user named it.
      value: the field's value.

    Returns:
      None, or "<spec>, field repository: expected ..., found ...".
    """
    if (len(value) >= 1 and len(value) <= _MAX_REPOSITORY and value[0] not in "_-./" and
        ".." not in value and all_chars_in(value, _REPOSITORY_CHARS)):
        return None
    return "%s, field repository: expected a logical repository name of 1-%d characters of [A-Za-z0-9_./-] starting with a letter or digit, without '..', found %r" % (
        spec,
        _MAX_REPOSITORY,
        value,
    )

_EXTENSION_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+-"
_DIRECTORY_CHARS = _EXTENSION_CHARS + "."

def language_rules_errors(set_name, language, rules):
    """The errors of a language's rules file that stop its task set's history.

    The rules' `extensions` and `excluded_directories` become requests of
    extract_history.sh (which checks them again, without the file's name):
    a set needs one or more extensions, each "." and [A-Za-z0-9_+-]+, and
    directory names of [A-Za-z0-9_.+-] not starting with '.'.

    Args:
      set_name: the task set that reads the language.
      language: the language's folder name.
      rules: the parsed rules file (parse_canonical of text_format.bzl).

    Returns:
      A list of "stages/corpus/languages/<language>/rules.textproto, field
      <field>: expected ..., found ... (task set <set>)" messages.
    """
    where = "stages/corpus/languages/%s/rules.textproto" % language
    extensions = rules.get("extensions", [])
    if not extensions:
        return ["%s, field extensions: expected one or more file name endings such as \".go\", found none (task set %s reads language %r: no file would be in its corpus)" % (where, set_name, language)]
    errors = []
    for e in extensions:
        if len(e) < 2 or e[0] != "." or not all_chars_in(e[1:], _EXTENSION_CHARS):
            errors.append("%s, field extensions: expected a file name ending such as \".go\" (\".\" and [A-Za-z0-9_+-]), found %r (task set %s)" % (where, e, set_name))
    for d in rules.get("excluded_directories", []):
        if d == "" or d[0] == "." or not all_chars_in(d, _DIRECTORY_CHARS):
            errors.append("%s, field excluded_directories: expected a directory name of [A-Za-z0-9_.+-] not starting with \".\", found %r (task set %s)" % (where, d, set_name))
    return errors

_OWNER_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"

def repo_error(value):
    """None if `value` is a repository as the benchmarks name it, else why not.

    `<owner>/<name>`, GitHub's form: each part 1-100 characters of
    [A-Za-z0-9_.-], neither "." nor "..". It names a clone
    (`<owner>__<name>.git`, clone_name) and reaches set.bzl through repr().

    Args:
      value: TaskSetRef.repo or Task.repo.

    Returns:
      None, or "expected ..., found ...".
    """
    parts = value.split("/")
    if len(parts) == 2 and all([
        len(p) >= 1 and len(p) <= 100 and p not in [".", ".."] and all_chars_in(p, _OWNER_NAME_CHARS)
        for p in parts
    ]):
        return None
    return "expected <owner>/<name>, each 1-100 characters of [A-Za-z0-9_.-] and neither '.' nor '..', found %r" % value

def clone_name(repo):
    """The directory name of `repo`'s clone: "<owner>__<name>.git" (SWE-bench's naming).

    Args:
      repo: a valid `<owner>/<name>` (repo_error is None).

    Returns:
      "<owner>__<name>.git".
    """
    return repo.replace("/", "__") + ".git"

def task_repo_errors(spec, tasks, set_repo):
    """A message for each task whose `repo` is not its set's.

    A task may name its repository (`repo`, as imported from a benchmark's
    record); it must be the set's (TaskSetRef.repo), so that a record of one
    repository never reaches another's clone.

    Args:
      spec: the spec file as the user named it.
      tasks: the authored tasks (read_spec), "repo" absent when not written.
      set_repo: the set's TaskSetRef.repo, or "" when it declares none.

    Returns:
      A list of messages, in spec order.
    """
    errors = []
    for i, t in enumerate(tasks):
        repo = t.get("repo", "")
        if not repo or repo == set_repo:
            continue
        expected = "%r, the task set's repo (task_set.repo)" % set_repo if set_repo else "no repo: the task set declares none (task_set.repo in the experiment)"
        errors.append("%s, field repo: expected %s, found %r" % (_where(t.get("where", spec), i, t["id"]), expected, repo))
    return errors
