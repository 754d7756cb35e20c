"""The task file and its lock as the task set's repository rules read them.

read_spec gives the set-level values and the tasks of the task file (a text
proto through protoc, a ".jsonl" file through read_task_lines.py): only the
task_commits rule calls it (history_task_commits.bzl), so that the
git_history rule (history.bzl) never reads the task file. check_values appends every invalid value to the errors before any is used
(spec_values.bzl); find_lock finds the task lock beside the task file and checks it
is an authored regular file. label_path and main_label spell a label in
messages and generated files.
"""

load("//stages/corpus:authored_file.bzl", "authored_file_error")
load("//stages/corpus:spec_values.bzl", "repository_error", "spec_value_errors", "task_repo_errors")
load("//tools/starlark:text_format.bzl", "canonical_text", "one", "parse_canonical")

_TASK_FIELDS = ["id", "fix_commit", "base_commit", "stale_commit", "patch"]

def task_file(rctx):
    """The Label of the task file: attr.tasks, a string.

    A string, not a label attribute, in both repository rules: Bazel 4.2.3
    reads every label attribute of a repository rule before running it
    (and refetches when one changes), and the git_history rule must not
    watch the task file (history_task_commits.bzl).

    Args:
      rctx: the repository context.

    Returns:
      the Label.
    """
    return Label(rctx.attr.tasks)

def _read_jsonl(rctx, errors):
    """(repository "", lsa "", [task dict]) of a JSON Lines task file.

    Read by read_task_lines.py (Python's json module, with its refusals: a
    byte order mark, a duplicate key, two objects on a line, ...), which names
    "<file>:<line>" in every error and gives each task its line; only the
    fields the fetch needs are read here. Everything else (types, unknown
    fields, values) is checked by the validate_tasks stage (task_spec.h),
    with the same messages as for a text proto.
    """
    where = label_path(task_file(rctx))
    res = rctx.execute([
        _python(rctx),
        "-I",
        "-S",
        "-B",
        str(rctx.path(rctx.attr._read_task_lines)),
        str(rctx.path(task_file(rctx))),
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
        if "repo" in t:  # written only when set (read_task_lines.py)
            task["repo"] = t["repo"]
        task["where"] = "%s:%d" % (where, t["line"])
        tasks.append(task)
    return "", "", tasks

def _python(rctx):
    """Debian's Python (tools/setup.sh installs it): not a user's pyenv shim."""
    python = rctx.path("/usr/bin/python3")
    return python if python.exists else (rctx.which("python3") or "python3")

def read_spec(rctx, errors):
    """(repository, lsa_training_commit, [task dict]) of the task file.

    A text proto is read via protoc; a ".jsonl" file line by line. The
    set-level values are "" when the file does not write them. Errors go to
    `errors` (then the tasks may be incomplete).

    Args:
      rctx: the repository context (attr.tasks is the task file).
      errors: the list that errors are appended to.

    Returns:
      (repository, lsa_training_commit, [task dict with id, fix_commit,
      base_commit, stale_commit, patch and, for JSON Lines, where]).
    """
    rctx.path(rctx.attr._task_proto)  # watched: a schema change refetches
    rctx.path(rctx.attr._corpus_proto)
    if task_file(rctx).name.endswith(".jsonl"):
        return _read_jsonl(rctx, errors)
    text = canonical_text(
        rctx,
        "stages/corpus/task.proto",
        "repro.corpus.TaskSet",
        rctx.path(task_file(rctx)),
        label_path(task_file(rctx)),
        errors,
    )
    if text == None:
        return "", "", []
    spec = parse_canonical(text)
    tasks = [{f: one(t, f, "") for f in _TASK_FIELDS} for t in spec.get("tasks", [])]
    for task, t in zip(tasks, spec.get("tasks", [])):
        if one(t, "repo", ""):  # written only when set: other sets' data keeps its bytes
            task["repo"] = one(t, "repo", "")

    # A patch holds newlines, tabs and any byte: read as protoc escaped it.
    raw = parse_canonical(text, raw_strings = True).get("tasks", [])
    for task, r in zip(tasks, raw):
        task["patch"] = c_unescape(one(r, "patch", '""'))
    return one(spec, "repository", ""), one(spec, "lsa_training_commit", ""), tasks

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\"": "\"", "'": "'", "\\": "\\"}
_OCTAL = "01234567"

# Every byte, by value (Starlark has no chr): _BYTES[n] is the byte n.
_BYTES = "\000\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\040\041\042\043\044\045\046\047\050\051\052\053\054\055\056\057\060\061\062\063\064\065\066\067\070\071\072\073\074\075\076\077\100\101\102\103\104\105\106\107\110\111\112\113\114\115\116\117\120\121\122\123\124\125\126\127\130\131\132\133\134\135\136\137\140\141\142\143\144\145\146\147\150\151\152\153\154\155\156\157\160\161\162\163\164\165\166\167\170\171\172\173\174\175\176\177\200\201\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277\300\301\302\303\304\305\306\307\310\311\312\313\314\315\316\317\320\321\322\323\324\325\326\327\330\331\332\333\334\335\336\337\340\341\342\343\344\345\346\347\350\351\352\353\354\355\356\357\360\361\362\363\364\365\366\367\370\371\372\373\374\375\376\377"

def c_unescape(quoted):
    """The string protoc's canonical text writes as `quoted` ("..." with C escapes).

    protoc escapes a newline, tab, carriage return, quote and backslash by
    name, and every other byte outside printable ASCII as three octal digits
    (a byte each; written out with rctx.file(legacy_utf8 = False), the bytes
    are the task file's).

    Args:
      quoted: the value as protoc wrote it, quotes included.

    Returns:
      the string.
    """
    v = quoted[1:-1]
    out = []
    i = 0
    for _ in range(len(v)):
        if i >= len(v):
            break
        if v[i] != "\\":
            out.append(v[i])
            i += 1
        elif v[i + 1] in _ESCAPES:
            out.append(_ESCAPES[v[i + 1]])
            i += 2
        else:
            digits = v[i + 1:i + 4]
            if len(digits) != 3 or not all([d in _OCTAL for d in digits.elems()]):
                fail("unexpected escape in protoc's canonical output: %r" % v[i:i + 4])
            out.append(_BYTES[int(digits, 8)])
            i += 4
    return "".join(out)

def label_path(label):
    """"//data/e04/fixture:history.txt" -> "data/e04/fixture/history.txt" (for messages).

    Args:
      label: a Label of the main repository.

    Returns:
      its workspace-relative path.
    """
    text = str(label)
    if text.startswith("@//"):
        text = text[1:]
    pkg, _, name = text[2:].partition(":")
    return (pkg + "/" if pkg else "") + name

def check_values(rctx, repository, lsa, tasks, errors):
    """Appends to `errors` every invalid value, before any is used.

    Commit ids become directory names and git arguments, task ids file and
    target names (spec_values.bzl). An unwritten repository name is the
    set's name (valid by construction).

    Args:
      rctx: the repository context.
      repository: the authored repository name ("" when not written).
      lsa: the authored lsa_training_commit ("" when not written).
      tasks: the authored tasks (read_spec).
      errors: the list that errors are appended to.
    """
    repository_message = repository_error(label_path(task_file(rctx)), repository) if repository else None
    if repository_message:
        errors.append(repository_message)
    errors.extend(spec_value_errors(label_path(task_file(rctx)), tasks, lsa))
    errors.extend(task_repo_errors(label_path(task_file(rctx)), tasks, rctx.attr.repo))

def find_lock(rctx, errors):
    """(label of the task lock or None when absent, its workspace path).

    The lock is `<tasks stem>.lock.textproto` beside the task file. Only its
    existence is read here (its content is read by the lock_check stage), so
    editing it refetches nothing; the refreeze that first writes it syncs
    this repository. It is an authored input (authored_file.bzl) and a
    regular file, never a symlink: a link to the derived lock in the output
    base would turn the lock check into a comparison of the derivation with
    itself, and a dangling one would make the refreeze write through it. Such
    a lock goes to `errors`.

    Args:
      rctx: the repository context.
      errors: the list that errors are appended to.

    Returns:
      (lock label or None, its workspace path).
    """
    label = task_file(rctx)
    stem = label.name.rpartition(".")[0]
    name = stem + ".lock.textproto"
    lock_label = "//%s:%s" % (label.package, name)
    lock_file = label_path(Label(lock_label))

    # From the workspace root, not the task file's path: the history must
    # not watch the task file (history_task_commits.bzl).
    path = rctx.path("%s/%s" % (rctx.path(Label("//:WORKSPACE")).dirname, lock_file))
    is_link = rctx.execute(["/bin/sh", "-c", 'test -L "$1"', "sh", str(path)]).return_code == 0
    if not path.exists and not is_link:
        return None, lock_file
    e = "expected a regular file, found a symlink" if is_link else authored_file_error(rctx, lock_label)
    if e:
        errors.append("%s (the task lock of %s): %s; remove it, sync (bazel sync --only=%s), then bazel run //reports:%s_tasks_refreeze writes a regular file" % (
            lock_file,
            label_path(label),
            e,
            rctx.name,
            rctx.attr.set_name,
        ))
    return lock_label, lock_file

def main_label(label):
    """The task file's label as the generated files name it.

    Args:
      label: a Label of the main repository.

    Returns:
      the label as text, without a leading "@".
    """
    text = str(label)
    return text[1:] if text.startswith("@//") else text
