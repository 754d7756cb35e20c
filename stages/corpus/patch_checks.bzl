"""Checks of a task given as base + patch, before git reads the patch (history.bzl).

A task names exactly one of fix_commit and patch (docs/tasks.md, "A task
given as a patch"). patch_task_errors is a pure function over one authored
task (the dict read_spec gives, with "patch"), so that its messages can be
tested at loading time (//stages/corpus:patch_checks_test). It returns the
messages naming where the task is written, the task, the field, expected
versus found; [] when the task may go to git apply:

  - both fix_commit and patch, or neither;
  - a patch without base_commit (the commit it applies to);
  - a patch with a CR LF line ending (git apply would read the CR as part
    of the line, and a line of the base would never match);
  - a binary patch ("GIT binary patch", "Binary files ... differ"): its
    changed lines cannot be read;
  - a mode-only patch: a file whose section changes its mode and no line
    (old mode / new mode and no hunk); no line of it could be gold.
A patch that does not apply, and one that leaves no gold file, are found
later: by git apply in the fetch, and by the labels stage.
"""

def _file_of(line):
    """The b/ path of a "diff --git a/x b/x" line."""
    return line.rpartition(" b/")[2] if " b/" in line else line[len("diff --git "):]

def _section_errors(patch):
    """The binary and mode-only sections of `patch`, with the CR LF line, as messages."""
    errors = []
    lines = patch.split("\n")
    sections = []  # [file, first line, has a mode change, has a hunk]
    for n, line in enumerate(lines):
        if line.endswith("\r"):
            errors.append("line %d of the patch ends in CR LF; a patch holds LF line endings only (as git diff writes it)" % (n + 1))
            break
    for n, line in enumerate(lines):
        if line.startswith("diff --git "):
            sections.append([_file_of(line), n + 1, False, False])
        elif line.startswith("GIT binary patch") or (line.startswith("Binary files ") and line.endswith(" differ")):
            errors.append("line %d of the patch is a binary change (%s); a patch changes text lines only" % (
                n + 1,
                sections[-1][0] if sections else line,
            ))
        elif sections and (line.startswith("old mode ") or line.startswith("new mode ")):
            sections[-1][2] = True
        elif sections and line.startswith("@@ "):
            sections[-1][3] = True
    for path, first, mode, hunk in sections:
        if mode and not hunk:
            errors.append("the section of %s (line %d of the patch) changes only its mode; a patch changes lines of text files" % (path, first))
    return errors

def patch_task_errors(where, task):
    """Messages for the fix fields of one authored task (see the file's docstring).

    Args:
      where: where the task is written, e.g. "data/x/tasks.jsonl:3: task X01".
      task: the authored task: a dict with "fix_commit", "base_commit" and "patch".

    Returns:
      A list of messages.
    """
    fix, patch = task["fix_commit"], task.get("patch", "")
    if fix and patch:
        return ["%s, field patch: expected exactly one of fix_commit and patch, found both" % where]
    if not fix and not patch:
        return ["%s, field fix_commit: expected exactly one of fix_commit (a commit id) and patch (a unified diff), found neither" % where]
    if not patch:
        return []
    if not task["base_commit"]:
        return ["%s, field base_commit: expected the commit the patch applies to, found none (a task given as a patch names its base)" % where]
    return ["%s, field patch: %s" % (where, e) for e in _section_errors(patch)]
