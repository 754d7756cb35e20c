"""frozen_tokens(): the test that gates a report on its frozen tokens and the
explicit refreeze command. A layer above may wrap it: `also` names the
files its refreeze writes too, `moved_command` what the failing test names."""

def message_arg(message):
    """`message` as one argument of a test or binary target, printed as written.

    Single-quoted for the shell (its own single quotes dropped), every `$`
    doubled: Bazel expands Make variables in `args`, so a message holding
    `$SWE_REPOS` (a clone hint) would otherwise fail the analysis of the
    target, and with it `bazel test //...`.

    Args:
      message: the text, e.g. a not-configured message.

    Returns:
      the argument.
    """
    return "'%s'" % message.replace("'", "").replace("$", "$$")

def frozen_tokens(name, report, frozen, tokens_file, markdown, skip_message = None, frozen_path = None, also = {}, moved_command = None):
    """Defines <name>_test and <name>_refreeze.

    Args:
      name: prefix of the two targets.
      report: the report target (a `report` rule) holding the two files below.
      frozen: label of the committed frozen token file, or (with frozen_path)
        of a filegroup holding it or nothing (not frozen yet: the test fails
        naming the refreeze command).
      frozen_path: workspace path of the frozen file when `frozen` is a filegroup.
      tokens_file: path of the generated token file inside the report, e.g. "w04/w04.tokens.txt".
      markdown: path of the report text inside the report, e.g. "w04/w04.md".
      also: {committed workspace path: label of one generated file}: files
        <name>_refreeze writes beside the frozen tokens.
      moved_command: the command the failing test names to say what moved
        (None: it names none).
      skip_message: when set (the report's inputs are not configured here), the
        test prints "SKIPPED: <message>" and passes, and refreeze fails
        with the message (not_configured_refreeze).
    """
    pkg = native.package_name()
    if skip_message != None:
        native.sh_test(
            name = name + "_test",
            srcs = ["//stages/framework/tokens:skip_test.sh"],
            args = [message_arg(skip_message)],
            size = "small",
        )
        not_configured_refreeze(name + "_refreeze", skip_message)
        return
    committed = frozen_tokens_path(frozen, frozen_path)
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
        ] + (["'%s'" % moved_command] if moved_command else []),
        data = [
            "//stages/framework/tokens:check_tokens",
            frozen,
            report,
        ],
    )
    also_args = []
    for path, label in sorted(also.items()):
        also_args += ["--also", path, "$(rootpath %s)" % label]
    native.sh_binary(
        name = name + "_refreeze",
        srcs = ["//stages/framework/tokens:refreeze.sh"],
        args = also_args + [
            "--tokens",
            committed,
            "%s/%s" % (pkg, tokens_file),
            "--",  # the end of the target's arguments: refreeze.sh refuses any after it
        ],
        data = [report] + sorted(also.values()),
    )

def frozen_tokens_path(frozen, frozen_path = None):
    """The workspace path of a committed frozen token file (see frozen_tokens)."""
    if frozen_path:
        return frozen_path
    return Label(frozen).package + "/" + Label(frozen).name if frozen.startswith("//") else frozen

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
        args = [message_arg(message), "--"],
    )
