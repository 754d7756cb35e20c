"""Checks of the commits git resolved for a task set (history.bzl).

Pure functions over the tables extract_history.sh writes (rows of its
types.tsv and ancestors.tsv, split at tabs), so that their messages can be
tested at loading time (//stages/corpus:history_checks_test). Each returns
a list of messages naming where the value is written, the task, the field,
expected versus found; [] when all is well. `wheres[i]` is where task i is
written (a JSON Lines task's <file>:<line>, a text proto task's position).

commit_type_errors: a fix_commit, an explicit base_commit or an authored
lsa_training_commit that names an object other than a commit. git resolves
an annotated tag to its commit, so the ancestors would be derived and the
stages would then call the tag "not in the clone": it is named here, with
the commit it tags. An absent object is the stages' to report.

root_fix_errors: a fix_commit without an explicit base_commit that has no
parent in the clone (a root commit, or the edge of a shallow clone), so
there is no base_commit = fix~1: named here, in the task's terms, rather
than as the placeholder that stands for the absent base.
"""

def _type_error(where, field, value, kind):
    """The message for `value` (of `field`) whose object type row is `kind` ([type, commit])."""
    what = "an annotated tag of commit %s" % kind[1] if kind[0] == "tag" and len(kind) > 1 else "a " + kind[0]
    return "%s, field %s: %s is %s, not a commit; give the commit's id (git rev-parse %s^{commit})" % (
        where,
        field,
        value,
        what,
        value,
    )

def commit_type_errors(tasks, wheres, type_rows, spec, lsa_training_commit):
    """Messages for commit fields that name another object type (see the file's docstring).

    Args:
      tasks: the authored tasks, dicts with "id", "fix_commit", "base_commit" ("" when not written).
      wheres: where each task is written, for the messages.
      type_rows: rows of types.tsv: [id, type] or, for a tag, [id, "tag", commit it tags].
      spec: the task file's path, for the set-level field.
      lsa_training_commit: the authored one, "" when not written.

    Returns:
      A list of messages.
    """
    types = {row[0]: row[1:] for row in type_rows}
    errors = []
    for i, t in enumerate(tasks):
        for field in ["fix_commit", "base_commit"]:
            kind = types.get(t[field], ["missing"]) if t[field] else ["commit"]
            if kind[0] not in ["commit", "missing"]:
                errors.append(_type_error("%s: task %s" % (wheres[i], t["id"]), field, t[field], kind))
    kind = types.get(lsa_training_commit, ["missing"]) if lsa_training_commit else ["commit"]
    if kind[0] not in ["commit", "missing"]:
        errors.append(_type_error(spec, "lsa_training_commit", lsa_training_commit, kind))
    return errors

def root_fix_errors(tasks, wheres, ancestor_rows):
    """Messages for a fix_commit, without an explicit base, that has no parent in the clone.

    Args:
      tasks: the authored tasks, dicts with "id", "fix_commit", "base_commit".
      wheres: where each task is written, for the messages.
      ancestor_rows: rows of ancestors.tsv: [id, depth, ancestor] or
        [id, depth, "missing", first-parent commits before id].

    Returns:
      A list of messages.
    """
    roots = {row[0]: True for row in ancestor_rows if row[1:] == ["1", "missing", "0"]}
    errors = []
    for i, t in enumerate(tasks):
        if t["base_commit"] or t["fix_commit"] not in roots:
            continue
        errors.append((
            "%s: task %s, field fix_commit: expected a commit with a parent (base_commit = fix_commit~1), " +
            "found %s, which has none in the clone (a root commit, or the edge of a shallow clone: " +
            "git fetch --unshallow); give the id of the commit that fixed the bug"
        ) % (wheres[i], t["id"], t["fix_commit"]))
    return errors
