"""Targets that stand for an experiment or task set that cannot be built.

An invalid experiment file, or a task set whose history repository has
errors, is left out of the experiments (//stages/experiments:grid.bzl:
INVALID_EXPERIMENTS, INVALID_SETS), so none of its stages exist. Its usual
target names still exist, as these rules, so that building, testing or
running one fails at analysis with every error (each naming file and field)
instead of "no such target", while every other target of the package builds.
They are not tagged manual: `bazel build //...` and `bazel test //...` fail
with the errors. invalid_target is an executable rule, so that `bazel run` of a
refreeze command reaches analysis and prints the errors too (Bazel refuses to
run a rule that is not executable before analysing it: "Not executable").
"""

def _invalid_impl(ctx):
    fail(ctx.attr.message)

_ATTRS = {"message": attr.string(mandatory = True, doc = "Every error, each naming file and field.")}

invalid_target = rule(
    implementation = _invalid_impl,
    attrs = _ATTRS,
    executable = True,
    doc = "Fails at analysis with `message` (a report or refreeze that cannot be built or run).",
)

invalid_test = rule(
    implementation = _invalid_impl,
    attrs = _ATTRS,
    test = True,
    doc = "Fails at analysis with `message` (a test of a report that cannot be built).",
)
