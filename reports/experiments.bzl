"""The report of every experiment: experiment_reports(EXPERIMENTS).

For experiment e (data/experiments/<e>.textproto) it defines, in //reports:
  <e>                  the report: bazel-bin/reports/<e>/ (report.md, report.json,
                       cells.csv, plots, report.tokens.txt, TREC runs and qrels,
                       timings, lineage.json)
  <e>_tokens_test      fails when a number differs from data/experiments/<e>.tokens.txt
  <e>_tokens_refreeze  rewrites that file (review the diff)
  <e>_trec_parity_test every per-cell recall, RR, nDCG and function recall
                       against pytrec_eval on the report's TREC files
  <e>_html_test        report.html in headless Chromium at 1,280 px: no console
                       error, every figure and token value present, no value
                       wrapped or clipped, a screenshot as test output
  <e>_pins_refreeze    rewrites data/experiments/<e>.pins.textproto from the
                       models as built (review the diff)
and for task set s (every set an experiment names):
  <s>_tasks_refreeze   rewrites the set's task lock (<tasks stem>.lock.textproto)
                       from what the pipeline derives, after printing the
                       review table (review the diff)
When the experiment's clone or vector cache is not configured, <e> is tagged
manual, the token, parity and page tests are visible skips, and the refreeze
commands exist but fail saying what to configure. When the experiment file or
its task set has errors, each of these names fails at analysis with them
(stages/framework/pipeline/invalid.bzl); an invalid file name gives //reports:invalid_experiment_files.
"""

load("//stages/framework/pipeline:defs.bzl", "report")
load("//stages/framework/pipeline:invalid.bzl", "invalid_target", "invalid_test")
load("//stages/framework/tokens:defs.bzl", "message_arg", "not_configured_refreeze")
load("//stages/inspect:defs.bzl", "explained_tokens")

def experiment_report(e):
    """The targets of one experiment (see the module docstring).

    Args:
      e: one struct of EXPERIMENTS (//stages/experiments:grid.bzl).
    """
    configured = e.configured
    report(
        name = e.name,
        srcs = [e.grid.aggregate, e.grid.html, e.grid.trec, e.grid.timings],
        tags = [] if configured else ["manual"],
    )
    explained_tokens(
        name = e.name + "_tokens",
        authored = [s.spec for s in e.sets],
        frozen = e.tokens,
        frozen_path = e.tokens_file,
        markdown = e.name + "/report.md",
        report = ":" + e.name,
        skip_message = None if configured else e.not_configured_message,
        tokens_file = e.name + "/report.tokens.txt",
    )
    _trec_parity_test(e)
    _html_test(e)
    if configured:
        native.sh_binary(
            name = e.name + "_pins_refreeze",
            srcs = ["//stages/framework/tokens:refreeze.sh"],
            # "--" ends the target's arguments: refreeze.sh refuses any after it.
            args = [e.pins_file, "$(rootpaths %s)" % e.grid.pins, "--"],
            data = [e.grid.pins],
        )
    else:
        not_configured_refreeze(e.name + "_pins_refreeze", e.not_configured_message)

def _skip_test(name, e):
    """A test that prints "SKIPPED: <why e is not configured>" and passes."""
    native.sh_test(
        name = name,
        srcs = ["//stages/framework/tokens:skip_test.sh"],
        args = [message_arg(e.not_configured_message)],
        size = "small",
    )

def _trec_parity_test(e):
    """<e>_trec_parity_test: every per-cell value against pytrec_eval (tests/trec)."""
    if not e.configured:
        _skip_test(e.name + "_trec_parity_test", e)
        return
    native.sh_test(
        name = e.name + "_trec_parity_test",
        srcs = ["//tests/trec:trec_parity_test.sh"],
        args = [
            "$(rootpath @python_venv//:python)",
            "$(rootpath //tests/trec:trec_parity.py)",
            "%s/%s" % (native.package_name(), e.name),
        ],
        data = [
            ":" + e.name,
            "//stages/grid/reports:print_rankings",
            "//tests/trec:trec_parity.py",
            "@python_venv//:python",
        ],
        # Runs the .venv Python by its workspace path, outside a remote sandbox.
        tags = ["no-remote-exec"],
    )

def _html_test(e):
    """<e>_html_test: report.html in headless Chromium (tests/html)."""
    if not e.configured:
        _skip_test(e.name + "_html_test", e)
        return
    native.sh_test(
        name = e.name + "_html_test",
        size = "medium",
        srcs = ["//tests/html:report_html_test.sh"],
        args = ["grid:%s=$(rootpath :%s)" % (e.name, e.name)],
        data = [
            ":" + e.name,
            "//tests/html:check_pages.mjs",
        ],
        # node and chromium run outside the sandbox; the driver is found through the workspace.
        tags = ["local"],
    )

def tasks_refreeze(s):
    """<s>_tasks_refreeze for one configured task set (stages/corpus/refreeze_tasks.sh).

    Args:
      s: one struct of TASK_SETS (//stages/experiments:grid.bzl).
    """
    refreeze = "//stages/framework/tokens:refreeze.sh"
    native.sh_binary(
        name = s.name + "_tasks_refreeze",
        srcs = ["//stages/corpus:refreeze_tasks.sh"],
        # "--" ends the target's arguments: the script refuses any after it.
        args = [
            s.name,
            s.lock_file,
            "$(rootpath %s)" % refreeze,
            "existing" if s.lock else "new",
            "$(rootpaths %s)" % s.derived_lock,
            "--",
        ],
        data = [refreeze, s.derived_lock],
    )

def invalid_experiment(e):
    """The names of experiment_report for an experiment that cannot be built.

    Args:
      e: one struct of INVALID_EXPERIMENTS (//stages/experiments:grid.bzl).
    """
    name = e.name or "invalid_experiment_files"
    invalid_target(name = name, message = e.message)
    if not e.name:
        return
    for suffix in ["_pins_refreeze", "_tokens_refreeze"]:
        invalid_target(name = name + suffix, message = e.message)
    for suffix in ["_tokens_test", "_trec_parity_test"]:
        invalid_test(name = name + suffix, message = e.message)

def experiment_reports(experiments, task_sets, invalid_experiments = [], invalid_sets = []):
    """experiment_report for every experiment, tasks_refreeze for every set.

    Args:
      experiments: EXPERIMENTS of //stages/experiments:grid.bzl.
      task_sets: TASK_SETS of the same file.
      invalid_experiments: INVALID_EXPERIMENTS of the same file.
      invalid_sets: INVALID_SETS of the same file.
    """
    for e in experiments:
        experiment_report(e)
    unnamed = [e.message for e in invalid_experiments if not e.name]
    for e in [e for e in invalid_experiments if e.name]:
        invalid_experiment(e)
    if unnamed:
        invalid_experiment(struct(name = "", message = "\n".join(unnamed)))
    for s in invalid_sets:
        invalid_target(name = s.name + "_tasks_refreeze", message = s.message)
    for s in task_sets:
        if s.configured:
            tasks_refreeze(s)
        else:
            not_configured_refreeze(s.name + "_tasks_refreeze", s.not_configured_message)
