"""Loading-time test of stages/corpus/history_checks.bzl (the messages
history.bzl gives for a commit field that names a tag, and for a fix that is
a root commit).

history_checks_test(name) evaluates every case below when the package
loads (tools/testing/loading_cases.bzl judges them and defines the sh_test).
"""

load("//stages/corpus:history_checks.bzl", "commit_type_errors", "root_fix_errors")
load("//tools/testing:loading_cases.bzl", "loading_cases_test")

_SPEC = "data/x/tasks.jsonl"
_FIX = "f" * 40
_BASE = "b" * 40
_TAG = "7" * 40
_TAGGED = "c" * 40
_LSA = "a" * 40

def _task(fix = _FIX, base = ""):
    return {"id": "T01", "fix_commit": fix, "base_commit": base}

_TYPES = [[_FIX, "commit"], [_BASE, "commit"], [_TAG, "tag", _TAGGED], [_LSA, "tree"]]

# (case, task, authored lsa_training_commit, expected message or None)
_TYPE_CASES = [
    ("commits", _task(base = _BASE), "", None),
    ("an absent commit is the stages' to report", _task(fix = "0" * 40), "", None),
    (
        "a tag as fix_commit",
        _task(fix = _TAG),
        "",
        "data/x/tasks.jsonl:1: task T01, field fix_commit: %s is an annotated tag of commit %s, not a commit; give the commit's id (git rev-parse %s^{commit})" % (_TAG, _TAGGED, _TAG),
    ),
    (
        "a tag as base_commit (and so as the derived lsa_training_commit)",
        _task(base = _TAG),
        "",
        "data/x/tasks.jsonl:1: task T01, field base_commit: %s is an annotated tag of commit %s, not a commit; give the commit's id (git rev-parse %s^{commit})" % (_TAG, _TAGGED, _TAG),
    ),
    (
        "a tree as lsa_training_commit",
        _task(),
        _LSA,
        "data/x/tasks.jsonl, field lsa_training_commit: %s is a tree, not a commit" % _LSA,
    ),
]

# (case, task, rows of ancestors.tsv, expected message or None)
_ROOT_CASES = [
    ("a fix with a parent", _task(), [[_FIX, "1", _BASE], [_FIX, "2", "missing", "1"]], None),
    ("an absent fix is the stages' to report", _task(), [[_FIX, "1", "missing"]], None),
    (
        "a root commit as fix_commit",
        _task(),
        [[_FIX, "1", "missing", "0"], [_FIX, "2", "missing", "0"]],
        "data/x/tasks.jsonl:1: task T01, field fix_commit: expected a commit with a parent (base_commit = fix_commit~1), found %s, which has none in the clone (a root commit, or the edge of a shallow clone: git fetch --unshallow)" % _FIX,
    ),
    ("a root fix with an explicit base is not an ancestor (history.bzl)", _task(base = _BASE), [[_FIX, "1", "missing", "0"]], None),
]

def _no_placeholder(errors):
    """The errors, and one more for any that shows a placeholder id ("missing_...")."""
    return errors + ["placeholder in: " + e for e in errors if "missing_" in e]

def history_checks_test(name):
    """loading_cases_test over every case above.

    Args:
      name: the test's name.
    """
    wheres = ["%s:1" % _SPEC]
    loading_cases_test(
        name = name,
        cases = [
            (case, commit_type_errors([task], wheres, _TYPES, _SPEC, lsa), want)
            for case, task, lsa, want in _TYPE_CASES
        ] + [
            (case, _no_placeholder(root_fix_errors([task], wheres, rows)), want)
            for case, task, rows, want in _ROOT_CASES
        ],
    )
