"""Loading-time test of stages/corpus/patch_checks.bzl (the messages history.bzl
gives for a task given as a patch before git reads it).

patch_checks_test(name) evaluates every case below when the package loads
(tools/testing/loading_cases.bzl judges them and defines the sh_test).
"""

load("//stages/corpus:history_spec.bzl", "c_unescape")
load("//stages/corpus:patch_checks.bzl", "patch_task_errors")
load("//tools/testing:loading_cases.bzl", "loading_cases_test")

_WHERE = "data/x/tasks.jsonl:3: task X01"
_FIX = "f" * 40
_BASE = "b" * 40

_TEXT = "\n".join([
    "diff --git a/src/a.go b/src/a.go",
    "index 1111111..2222222 100644",
    "--- a/src/a.go",
    "+++ b/src/a.go",
    "@@ -1 +1 @@",
    "-old",
    "+new",
    "",
])

_MODE_ONLY = "\n".join([
    "diff --git a/run.sh b/run.sh",
    "old mode 100644",
    "new mode 100755",
    "",
])

_BINARY = "\n".join([
    "diff --git a/logo.png b/logo.png",
    "index 1111111..2222222 100644",
    "GIT binary patch",
    "literal 3",
    "",
])

def _task(fix = "", base = _BASE, patch = _TEXT):
    return {"id": "X01", "fix_commit": fix, "base_commit": base, "patch": patch}

# (case, task, expected message or None)
_CASES = [
    ("a patch on its base", _task(), None),
    ("a fix commit", _task(fix = _FIX, base = "", patch = ""), None),
    ("a mode change with a hunk", _task(patch = _TEXT.replace("index 1111111..2222222 100644\n", "old mode 100644\nnew mode 100755\n")), None),
    ("a mode-only section beside a hunk", _task(patch = _MODE_ONLY + _TEXT), _WHERE + ", field patch: the section of run.sh (line 1 of the patch) changes only its mode"),
    ("both", _task(fix = _FIX), _WHERE + ", field patch: expected exactly one of fix_commit and patch, found both"),
    ("neither", _task(patch = ""), _WHERE + ", field fix_commit: expected exactly one of fix_commit (a commit id) and patch (a unified diff), found neither"),
    ("a patch without base", _task(base = ""), _WHERE + ", field base_commit: expected the commit the patch applies to, found none"),
    ("CR LF", _task(patch = _TEXT.replace("\n", "\r\n")), _WHERE + ", field patch: line 1 of the patch ends in CR LF"),
    ("a binary patch", _task(patch = _BINARY), _WHERE + ", field patch: line 3 of the patch is a binary change (logo.png)"),
    (
        "a binary patch as git diff without --binary",
        _task(patch = "diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n"),
        _WHERE + ", field patch: line 2 of the patch is a binary change (logo.png)",
    ),
    ("a mode-only patch", _task(patch = _MODE_ONLY), _WHERE + ", field patch: the section of run.sh (line 1 of the patch) changes only its mode"),
]

# (case, a string as protoc's canonical text writes it, the string): the
# patch read from a text proto (history_spec.bzl), a character a byte.
_UNESCAPE_CASES = [
    ("named escapes", '"a\\tb\\n\\"c\\" \\\\n\\\'"', "a\tb\n\"c\" \\n'"),
    ("octal escapes are bytes", '"n\\303\\251e"', "n\303\251e"),
]

def _unescape_outcome(quoted, want):
    got = c_unescape(quoted)
    return [] if got == want else ["expected %r, found %r" % (want, got)]

def patch_checks_test(name):
    """loading_cases_test over every case above.

    Args:
      name: the test's name.
    """
    loading_cases_test(
        name = name,
        cases = [(case, patch_task_errors(_WHERE, task), want) for case, task, want in _CASES] + [
            (case, _unescape_outcome(quoted, want), None)
            for case, quoted, want in _UNESCAPE_CASES
        ],
    )
