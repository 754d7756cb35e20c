"""explained_tokens(): a report's frozen-token gate with what moved and why.

The inspect layer's macro over the framework's frozen_tokens
(stages/framework/tokens/defs.bzl): the same <name>_test and <name>_refreeze,
plus the explain state and command of the report:

- <report>_explain_state: the report's state as explain compares it
  (stages/inspect/explain/run_state.h), built only for the two commands;
- <report>_explain: `bazel run //<pkg>:<report>_explain` prints what moved
  since the committed state and why (stages/inspect/explain/explanation.h);
  the failing token test names it.

The committed state lives beside the frozen tokens: <stem>.explain.jsonl for
<stem>.tokens.txt (or <stem>.txt); <name>_refreeze rewrites both.
"""

load("//stages/framework/tokens:defs.bzl", "frozen_tokens", "frozen_tokens_path", "not_configured_refreeze")

_EXPLAIN_TOOL = "//stages/inspect/explain:explain_tool"
_SCHEMAS = "//stages/inspect/explain:authored_schemas"

def _state_path(frozen_path):
    """The committed explain state beside a frozen token file."""
    stem = frozen_path[:-len(".tokens.txt")] if frozen_path.endswith(".tokens.txt") else frozen_path[:-len(".txt")]
    return stem + ".explain.jsonl"

def explained_tokens(name, report, frozen, tokens_file, markdown, skip_message = None, frozen_path = None, authored = []):
    """frozen_tokens(name, ...) and the report's explain targets.

    Args:
      name: prefix of the token test and refreeze command.
      report: the report target (a `report` rule).
      frozen: the committed frozen token file (as frozen_tokens).
      tokens_file: the token file inside the report (as frozen_tokens).
      markdown: the report text inside the report (as frozen_tokens).
      skip_message: set when the report's inputs are not configured (as
        frozen_tokens); the explain command then fails with it too.
      frozen_path: the frozen file's workspace path (as frozen_tokens).
      authored: labels of the report's task files: the state keeps the digest
        of each of their fields, so that explain names an edited field even
        when the old file was never committed (stages/inspect/explain/run_state.h).
    """
    pkg = native.package_name()
    report_name = report[1:] if report.startswith(":") else Label(report).name
    if skip_message != None:
        frozen_tokens(name, report, frozen, tokens_file, markdown, skip_message = skip_message, frozen_path = frozen_path)
        not_configured_refreeze(report_name + "_explain", skip_message)
        return
    state = _state_path(frozen_tokens_path(frozen, frozen_path))
    state_target = ":%s_explain_state" % report_name

    # The tool is a src, not a tool, so that it is built once, in the
    # configuration <report>_explain runs it in (a host build of it would
    # compile every explain source twice).
    native.genrule(
        name = report_name + "_explain_state",
        srcs = [report, _EXPLAIN_TOOL, _SCHEMAS] + authored,
        outs = [report_name + ".explain.jsonl"],
        cmd = " ".join(
            ["$(execpath %s) --schemas=$(execpath %s) --write_state=$@ $(execpath %s)" % (_EXPLAIN_TOOL, _SCHEMAS, report)] +
            ["$(execpath %s)" % a for a in authored],
        ),
        tags = ["manual"],
    )
    frozen_tokens(
        name,
        report,
        frozen,
        tokens_file,
        markdown,
        frozen_path = frozen_path,
        also = {state: state_target},
        moved_command = "bazel run //%s:%s_explain" % (pkg, report_name),
    )
    native.sh_binary(
        name = report_name + "_explain",
        srcs = ["//stages/inspect/explain:explain_frozen.sh"],
        args = [
            "$(rootpath %s)" % _EXPLAIN_TOOL,
            state,
            "$(rootpath %s)" % state_target,
            "'bazel run //%s:%s_refreeze'" % (pkg, name),
        ],
        data = [_EXPLAIN_TOOL, state_target],
    )
