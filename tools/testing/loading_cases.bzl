"""loading_cases_test: a test of Starlark checks, evaluated when its package loads.

The checks that the repository rules run before a value reaches a path, a
label or a command (stages/corpus/spec_values.bzl,
stages/experiments/experiment_values.bzl) are plain Starlark functions. A
test .bzl calls them on its cases at loading time and hands the outcomes to
loading_cases_test, which judges each and defines an sh_test that prints one
line per case and fails if any case did not give the expected message.
"""

def loading_cases_test(name, cases):
    """An sh_test over (case, errors, want) outcomes.

    Args:
      name: the test's name.
      cases: [(case name, [error messages the check returned], want)], where
        want is None (no error expected) or a substring of the one expected
        error.
    """
    lines = []
    failed = 0
    for case, errors, want in cases:
        if want == None:
            ok = errors == []
            detail = "no error" if ok else "unexpected: " + "; ".join(errors)
        else:
            ok = len(errors) == 1 and want in errors[0]
            detail = errors[0] if ok else "expected one error containing <%s>, got %r" % (want, errors)
        if not ok:
            failed += 1
        lines.append("%s [%s]: %s" % ("ok  " if ok else "FAIL", case, detail))
    native.sh_test(
        name = name,
        size = "small",
        srcs = ["//tools/testing:loading_cases_test.sh"],
        # Quoted for the shell; "$" doubled so that Bazel's Make-variable expansion leaves it alone.
        args = [name, "%d" % failed] + ["'%s'" % line.replace("'", "'\\''").replace("$", "$$") for line in lines],
    )
