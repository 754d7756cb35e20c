"""frozen_tokens(): the test that gates a report on its frozen tokens, the
explicit refreeze command, and the command that explains what moved."""

def _state_path(frozen_path):
    """The committed explain state beside a frozen token file."""
    stem = frozen_path[:-len(".tokens.txt")] if frozen_path.endswith(".tokens.txt") else frozen_path[:-len(".txt")]
    return stem + ".explain.jsonl"

def frozen_tokens(name, report, frozen, tokens_file, markdown, skip_message = None, frozen_path = None, authored = []):
    """Defines <name>_test, <name>_refreeze and <report name>_explain.

    The frozen state that `explain` compares with (tools/explain/run_state.h)
    is committed beside the frozen tokens: <stem>.explain.jsonl for
    <stem>.tokens.txt (or <stem>.txt); <name>_refreeze rewrites both.
    `bazel run //<pkg>:<report name>_explain` prints what moved since that
    state and why (tools/explain/explanation.h); the failing test names it.

    Args:
      name: prefix of the two targets.
      report: the report target (a `report` rule) holding the two files below.
      frozen: label of the committed frozen token file, or (with frozen_path)
        of a filegroup holding it or nothing (not frozen yet: the test fails
        naming the refreeze command).
      frozen_path: workspace path of the frozen file when `frozen` is a filegroup.
      tokens_file: path of the generated token file inside the report, e.g. "w04/w04.tokens.txt".
      markdown: path of the report text inside the report, e.g. "w04/w04.md".
      authored: labels of the report's task files: the state keeps the digest
        of each of their fields, so that explain names an edited field even
        when the old file was never committed (tools/explain/run_state.h).
      skip_message: when set (the report's inputs are not configured here), the
        test prints "SKIPPED: <message>" and passes, and refreeze fails
        with the message (not_configured_refreeze).
    """
    pkg = native.package_name()
    report_name = report[1:] if report.startswith(":") else Label(report).name
    explain_command = "bazel run //%s:%s_explain" % (pkg, report_name)
    if skip_message != None:
        native.sh_test(
            name = name + "_test",
            srcs = ["//stages/framework/tokens:skip_test.sh"],
            args = ["'%s'" % skip_message.replace("'", "")],
            size = "small",
        )
        not_configured_refreeze(name + "_refreeze", skip_message)
        not_configured_refreeze(report_name + "_explain", skip_message)
        return
    committed = frozen_path or (Label(frozen).package + "/" + Label(frozen).name if frozen.startswith("//") else frozen)
    state = _state_path(committed)
    native.sh_test(
        name = name + "_test",
        srcs = ["//stages/framework/tokens:check_tokens_test.sh"],
        args = [
            "$(rootpath //stages/framework/tokens:check_tokens)",
            # A filegroup that may hold nothing yet: its file's runfiles path is
            # its workspace path; the wrapper says what to run when it is absent.
            frozen_path if frozen_path else "$(rootpath %s)" % frozen,
            "%s/%s" % (pkg, tokens_file),
            "%s/%s" % (pkg, markdown),
            "'bazel run //%s:%s_refreeze'" % (pkg, name),
            "'%s'" % explain_command,
        ],
        data = [
            "//stages/framework/tokens:check_tokens",
            frozen,
            report,
        ],
    )

    # The report's state as explain compares it: built only for the two
    # commands below. The tool is a src, not a tool, so that it is built once,
    # in the configuration <report name>_explain runs it in (a host build of it
    # would compile every explain source twice).
    native.genrule(
        name = report_name + "_explain_state",
        srcs = [report, "//tools/explain:explain_tool"] + authored,
        outs = [report_name + ".explain.jsonl"],
        cmd = " ".join(
            ["$(execpath //tools/explain:explain_tool) --write_state=$@ $(execpath %s)" % report] +
            ["$(execpath %s)" % a for a in authored],
        ),
        tags = ["manual"],
    )
    native.sh_binary(
        name = name + "_refreeze",
        srcs = ["//stages/framework/tokens:refreeze.sh"],
        args = [
            "--also",
            state,
            "$(rootpath :%s_explain_state)" % report_name,
            "--tokens",
            committed,
            "%s/%s" % (pkg, tokens_file),
            "--",  # the end of the target's arguments: refreeze.sh refuses any after it
        ],
        data = [report, ":%s_explain_state" % report_name],
    )
    native.sh_binary(
        name = report_name + "_explain",
        srcs = ["//tools/explain:explain_frozen.sh"],
        args = [
            "$(rootpath //tools/explain:explain_tool)",
            state,
            "$(rootpath :%s_explain_state)" % report_name,
            "'bazel run //%s:%s_refreeze'" % (pkg, name),
        ],
        data = ["//tools/explain:explain_tool", ":%s_explain_state" % report_name],
    )

def not_configured_refreeze(name, message):
    """A refreeze command that cannot run here: it prints `message` and fails.

    So that a refreeze target exists under its usual name whether or not its
    inputs are configured, and says why it cannot run instead of "no such
    target".

    Args:
      name: the target name, e.g. "e04_pins_refreeze".
      message: why it cannot run and how to fix that.
    """
    native.sh_binary(
        name = name,
        srcs = ["//stages/framework/tokens:not_configured.sh"],
        args = ["'%s'" % message.replace("'", ""), "--"],
    )
