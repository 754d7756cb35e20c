"""Reads a JSON Lines task file for the git_history repository rule.

    python3 -I -S -B read_task_lines.py <task file> <name in messages>

Prints one JSON object to stdout:
    {"errors": ["<name>:<line>: ...", ...],
     "tasks": [{"id", "fix_commit", "base_commit", "stale_commit", "patch", "line"
                [, "repo"]}, ...]}

Each non-blank line must be exactly one JSON object (RFC 8259, as Python's
json module reads it, with these refusals): no byte order mark, UTF-8 only, no
duplicate key, no NaN or Infinity, nothing after the object. Only the fields
the fetch needs are taken (each a string when present, "" when absent; the
patch as its UTF-8 bytes, one character a byte; "repo" only when written,
so that a set without it reads the same data as before); every
other check (unknown fields, the other fields' types and values) is the
validate_tasks stage's (stages/corpus/task_spec.h), with the same messages as
for a text proto. Exit status 0 whenever the file could be read, errors or
not (the rule records them); 2 for a usage error or an unreadable file.
"""

import json
import sys

FIELDS = ("id", "fix_commit", "base_commit", "stale_commit", "patch")
BOM = b"\xef\xbb\xbf"


class LineError(Exception):
    """A message about one line, without the file and line prefix."""


def no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise LineError('key "%s" appears twice in the object (keep one)' % key)
        seen[key] = value
    return seen


def no_constant(name):
    raise LineError("expected a JSON value, found %s (not JSON)" % name)


def parse_line(raw):
    """The line's object, or LineError."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise LineError("expected UTF-8, found byte 0x%02x at column %d" % (raw[e.start], e.start + 1))
    try:
        obj = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except json.JSONDecodeError as e:
        if e.msg == "Extra data":
            raise LineError("expected one JSON object a line, found more after column %d" % e.colno)
        hint = ""
        if e.msg.startswith("Expecting property name") or e.msg == "Expecting value":
            before = text[:e.pos].rstrip()
            if before.endswith(","):
                hint = " (a trailing comma?)"
        raise LineError("not valid JSON: %s at column %d%s" % (e.msg, e.colno, hint))
    if not isinstance(obj, dict):
        raise LineError("expected one JSON object a line ({...}), found %s" % type(obj).__name__)
    return obj


def task_of(obj):
    task = {}
    for field in FIELDS:
        value = obj.get(field, "")
        if not isinstance(value, str):
            raise LineError("field %s: expected a string, found %s" % (field, json.dumps(value)))
        task[field] = value
    # The patch as the repository rules hold file bytes: one character a byte
    # of its UTF-8 (U+0000-U+00FF), so that the rule writes the task file's
    # bytes back (history_task_commits.bzl, history_commits.bzl).
    task["patch"] = utf8_bytes_as_chars(task["patch"])
    repo = obj.get("repo", "")
    if not isinstance(repo, str):
        raise LineError("field repo: expected a string, found %s" % json.dumps(repo))
    if repo:
        task["repo"] = repo
    return task


def utf8_bytes_as_chars(text):
    try:
        return text.encode("utf-8").decode("latin-1")
    except UnicodeEncodeError as e:
        raise LineError("field patch: expected UTF-8 text, found an unpaired surrogate at character %d" % e.start)


def read(data, name):
    errors, tasks = [], []
    if data.startswith(BOM):
        errors.append("%s:1: the file starts with a UTF-8 byte order mark (bytes EF BB BF): "
                      "save it as UTF-8 without one" % name)
        data = data[len(BOM):]
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            task = task_of(parse_line(raw))
        except LineError as e:
            errors.append("%s:%d: %s" % (name, number, e))
            continue
        task["line"] = number
        tasks.append(task)
    return {"errors": errors, "tasks": tasks}


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: read_task_lines.py <task file> <name in messages>\n")
        return 2
    try:
        with open(argv[1], "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write("%s: cannot read: %s\n" % (argv[2], e.strerror))
        return 2
    json.dump(read(data, argv[2]), sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
