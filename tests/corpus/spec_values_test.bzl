"""Loading-time test of stages/corpus/spec_values.bzl (the checks history.bzl runs
before any commit or task id reaches a path or a command).

spec_values_test(name) evaluates every case below when the package loads
(tools/testing/loading_cases.bzl judges them and defines the sh_test).
"""

load("//stages/corpus:spec_values.bzl", "language_rules_errors", "repository_error", "spec_value_errors")
load("//tools/testing:loading_cases.bzl", "loading_cases_test")

_SPEC = "//data/x:tasks.textproto"
_A = "0123456789abcdef0123456789abcdef01234567"

def _task(id = "T01", fix = _A, base = _A, stale = _A):
    return {"id": id, "fix_commit": fix, "base_commit": base, "stale_commit": stale}

# (case, tasks, lsa_training_commit, expected message or None)
_CASES = [
    ("valid", [_task()], _A, None),
    ("empty commit fields are left to the stage", [_task(stale = "")], "", None),
    (
        "traversal in stale_commit",
        [_task(stale = "../../../../../../../../../../tmp/x")],
        "",
        "//data/x:tasks.textproto: task T01 (tasks[0]), field stale_commit: expected a commit id of 40 lowercase hex characters, found \"../../../../../../../../../../tmp/x\"",
    ),
    (
        "symbolic ref in base_commit",
        [_task(), _task(id = "T02", base = "HEAD")],
        "",
        "task T02 (tasks[1]), field base_commit: expected a commit id of 40 lowercase hex characters, found \"HEAD\"",
    ),
    (
        "git option in fix_commit",
        [_task(fix = "--output=/tmp/x")],
        "",
        "field fix_commit: expected a commit id of 40 lowercase hex characters, found \"--output=/tmp/x\"",
    ),
    (
        "upper-case hex",
        [_task(base = _A.upper())],
        "",
        "field base_commit: expected a commit id of 40 lowercase hex characters",
    ),
    (
        "41 characters",
        [_task(fix = _A + "0")],
        "",
        "field fix_commit: expected a commit id of 40 lowercase hex characters",
    ),
    (
        "lsa_training_commit",
        [_task()],
        "../x",
        "//data/x:tasks.textproto, field lsa_training_commit: expected a commit id of 40 lowercase hex characters, found \"../x\"",
    ),
    (
        "task id with a slash",
        [_task(id = "../T01")],
        "",
        "task at tasks[0], field id: expected 1-64 characters of [A-Za-z0-9_.-] starting with a letter or digit, found \"../T01\"",
    ),
    ("a SWE-bench task id", [_task(id = "pytest-dev__pytest-10051")], "", None),
    ("a Multi-SWE-bench task id with a dot", [_task(id = "chartjs__Chart.js-11116")], "", None),
    ("a task id of 64 characters", [_task(id = "a" * 64)], "", None),
    ("a task id of 65 characters", [_task(id = "a" * 65)], "", "field id: expected 1-64 characters"),
    ("task id starting with a dot", [_task(id = ".T01")], "", "found \".T01\""),
    ("task id \"..\"", [_task(id = "..")], "", "found \"..\""),
    ("task id starting with an underscore", [_task(id = "__T01")], "", "found \"__T01\""),
    ("task id with a space", [_task(id = "T 01")], "", "found \"T 01\""),
    ("task id with a colon", [_task(id = "a:b")], "", "found \"a:b\""),
    ("task id with a comma", [_task(id = "a,b")], "", "found \"a,b\""),
    ("task id with a plus", [_task(id = "a+b")], "", "found \"a+b\""),
    ("task id with a non-ASCII letter", [_task(id = "té")], "", "field id: expected 1-64 characters"),
    ("empty task id", [_task(id = "")], "", "task at tasks[0], field id: expected 1-64 characters"),
    ("task id starting with a dash", [_task(id = "-T01")], "", "found \"-T01\""),
    (
        "duplicate task id",
        [_task(), _task(id = "T02"), _task()],
        "",
        "//data/x:tasks.textproto: task T01 (tasks[2]): field id: duplicate task id, also tasks[0]",
    ),
]

def spec_values_test(name):
    """loading_cases_test over every case of _CASES through spec_value_errors.

    Args:
      name: the test's name.
    """
    loading_cases_test(
        name = name,
        cases = [(case, spec_value_errors(_SPEC, tasks, lsa), want) for case, tasks, lsa, want in _CASES] +
                [(case, _errors(repository_error(_SPEC, value)), want) for case, value, want in _REPOSITORY_CASES] +
                [(case, language_rules_errors("e04_x", "go", rules), want) for case, rules, want in _LANGUAGE_CASES],
    )

def _errors(message):
    return [message] if message else []

# (case, TaskSet.repository, expected message or None). The value reaches a
# stage argument and the generated set.bzl: a quote once broke that file, and
# a crafted value ran Starlark in it.
_REPOSITORY_CASES = [
    ("repository: a logical name", "gitlab-runner", None),
    ("repository: owner/name", "gitlab-org/gitlab-runner", None),
    (
        "repository: Starlark code",
        "fix\" + \"ture_\" + str(len(\"abc\")) + \"",
        "//data/x:tasks.textproto, field repository: expected a logical repository name of 1-100 characters of [A-Za-z0-9_./-] starting with a letter or digit, without '..', found ",
    ),
    ("repository: a quote", "a\"b", "field repository: expected a logical repository name"),
    ("repository: empty", "", "field repository: expected a logical repository name"),
    ("repository: an option", "--output=x", "found \"--output=x\""),
    ("repository: a traversal", "a/../../b", "found \"a/../../b\""),
    ("repository: a newline", "a\nb", "field repository: expected"),
]

# (case, parsed rules file of language "go", expected message or None): the
# values of a rules file that reach extract_history.sh's requests.
_LANGUAGE_CASES = [
    ("rules: Go's", {"extensions": [".go"], "excluded_directories": ["vendor"]}, None),
    ("rules: two extensions", {"extensions": [".c", ".c++"]}, None),
    (
        "rules: no extensions",
        {"excluded_directories": ["vendor"]},
        "stages/corpus/languages/go/rules.textproto, field extensions: expected one or more file name endings such as \".go\", found none (task set e04_x reads language \"go\"",
    ),
    (
        "rules: an extension without its dot",
        {"extensions": ["go"]},
        "stages/corpus/languages/go/rules.textproto, field extensions: expected a file name ending such as \".go\" (\".\" and [A-Za-z0-9_+-]), found \"go\" (task set e04_x)",
    ),
    ("rules: a request in an extension", {"extensions": [".go\nsnapshot\tx"]}, "field extensions: expected a file name ending"),
    (
        "rules: a hidden excluded directory",
        {"extensions": [".go"], "excluded_directories": [".git"]},
        "stages/corpus/languages/go/rules.textproto, field excluded_directories: expected a directory name",
    ),
]
