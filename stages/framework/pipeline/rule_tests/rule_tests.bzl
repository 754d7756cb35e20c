"""Analysis tests of eval_stage and report (stages/framework/pipeline/defs.bzl).

pipeline_rule_tests() defines, in the calling package, the targets under test
(tagged manual: some of them fail analysis on purpose) and one test each:

  role_syntax_test        the stage manifest: a single file is its role, a
                          multi-file target gives "<role>/<basename>",
                          "<role>:<basename>" picks one file; upstream
                          provenance and volatile files are not inputs; the
                          outputs of "<dir>/<name>" lose "<dir>/"
  role_pick_missing_test  "<role>:<basename>" naming no file fails analysis
  output_collision_test   two outputs with one name fail analysis
  report_manifest_test    the report's manifest: one copy line a file
                          (volatile ones too), one provenance line a record
  report_collision_test   two report files with one basename fail analysis

The two test rules are analysis tests (no action runs): written_lines_test
compares the lines of a file the target writes at analysis time,
analysis_failure_test expects the target's analysis to fail with a message.
"""

load("//stages/framework/pipeline:defs.bzl", "eval_stage", "report")

_ActionsInfo = provider(doc = "The actions of a target under test.", fields = ["actions"])

def _actions_aspect_impl(target, _ctx):
    return [_ActionsInfo(actions = target.actions)]

_actions_aspect = aspect(implementation = _actions_aspect_impl)

_allow_analysis_failures = analysis_test_transition(
    settings = {"//command_line_option:allow_analysis_failures": "True"},
)

def _single(target):
    # An attribute with a transition is a list of one target.
    return target[0] if type(target) == "list" else target

def _result(ok, message):
    return [AnalysisTestResultInfo(success = ok, message = "" if ok else message)]

def _written_lines_test_impl(ctx):
    target = ctx.attr.target_under_test
    for action in target[_ActionsInfo].actions:
        outputs = action.outputs.to_list()
        if action.mnemonic == "FileWrite" and outputs and outputs[0].basename.endswith(ctx.attr.suffix):
            got = []
            for line in action.content.split("\n"):
                if line:
                    # Paths (fields from `keep` on) depend on the configuration: basenames.
                    fields = line.split("\t")
                    got.append("\t".join(fields[:ctx.attr.keep] + [f.split("/")[-1] for f in fields[ctx.attr.keep:]]))
            return _result(got == ctx.attr.expected, "%s: expected the lines\n  %s\nfound\n  %s" % (
                outputs[0].short_path,
                "\n  ".join(ctx.attr.expected),
                "\n  ".join(got),
            ))
    return _result(False, "%s writes no file named *%s" % (target.label, ctx.attr.suffix))

written_lines_test = rule(
    implementation = _written_lines_test_impl,
    attrs = {
        "target_under_test": attr.label(aspects = [_actions_aspect], mandatory = True),
        "suffix": attr.string(mandatory = True, doc = "How the written file's name ends."),
        "keep": attr.int(mandatory = True, doc = "Leading fields kept; the rest cut to basenames."),
        "expected": attr.string_list(mandatory = True),
    },
    test = True,
    analysis_test = True,
)

def _analysis_failure_test_impl(ctx):
    target = _single(ctx.attr.target_under_test)
    if AnalysisFailureInfo not in target:
        return _result(False, "%s: expected an analysis failure, found success" % target.label)
    errors = "\n".join([c.message for c in target[AnalysisFailureInfo].causes.to_list()])
    return _result(ctx.attr.message in errors, "expected an error containing '%s', found:\n%s" % (
        ctx.attr.message,
        errors,
    ))

analysis_failure_test = rule(
    implementation = _analysis_failure_test_impl,
    attrs = {
        "target_under_test": attr.label(cfg = _allow_analysis_failures, mandatory = True),
        "message": attr.string(mandatory = True),
    },
    test = True,
    analysis_test = True,
)

def pipeline_rule_tests():
    """Defines the targets under test and the five tests (see the module docstring)."""
    _targets_under_test()
    _tests()

def _targets_under_test():
    tool = "//stages/framework/pipeline:stage_test_tool"
    common = {"tags": ["manual"], "testonly": True}
    native.filegroup(name = "defs_test_pair", srcs = ["one.txt", "two.txt"], **common)
    native.filegroup(name = "defs_test_pair_again", srcs = ["one.txt", "two.txt"], **common)
    eval_stage(
        name = "defs_test_upstream",
        tool = tool,
        stage_version = "1",
        outs = ["defs_test_upstream/u.json", "defs_test_upstream/u.volatile.json"],
        **common
    )
    eval_stage(
        name = "defs_test_dir/roles",
        tool = tool,
        stage_version = "1",
        inputs = {
            ":defs_test_pair": "pair",
            ":defs_test_pair_again": "pick:two.txt",
            "one.txt": "single",
            ":defs_test_upstream": "up",
        },
        outs = ["defs_test_dir/r.json", "defs_test_dir/t.volatile.json"],
        **common
    )
    eval_stage(
        name = "defs_test_pick_missing",
        tool = tool,
        stage_version = "1",
        inputs = {":defs_test_pair": "pick:nope.txt"},
        outs = ["defs_test_pick_missing.json"],
        **common
    )
    eval_stage(
        name = "defs_test_out/collide",
        tool = tool,
        stage_version = "1",
        outs = ["defs_test_out/x.json", "x.json"],
        **common
    )
    eval_stage(
        name = "defs_test_other",
        tool = tool,
        stage_version = "1",
        outs = ["defs_test_other/u.json"],
        **common
    )
    report(name = "defs_test_report", srcs = [":defs_test_upstream"], **common)
    report(
        name = "defs_test_report_collide",
        srcs = [":defs_test_upstream", ":defs_test_other"],
        **common
    )

def _tests():
    written_lines_test(
        name = "role_syntax_test",
        target_under_test = ":defs_test_dir/roles",
        suffix = ".manifest",
        keep = 2,
        expected = [
            "input\tpair/one.txt\tone.txt",
            "input\tpair/two.txt\ttwo.txt",
            "input\tpick\ttwo.txt",
            "input\tsingle\tone.txt",
            "input\tup\tu.json",
            "output\tr.json\tr.json",
            "output\tt.volatile.json\tt.volatile.json",
        ],
    )
    analysis_failure_test(
        name = "role_pick_missing_test",
        target_under_test = ":defs_test_pick_missing",
        message = "input //stages/framework/pipeline/rule_tests:defs_test_pair has no single file named nope.txt",
    )
    analysis_failure_test(
        name = "output_collision_test",
        target_under_test = ":defs_test_out/collide",
        message = "two outputs named x.json",
    )
    written_lines_test(
        name = "report_manifest_test",
        target_under_test = ":defs_test_report",
        suffix = ".report_manifest",
        keep = 1,
        expected = [
            "copy\tu.json\tu.json",
            "copy\tu.volatile.json\tu.volatile.json",  # copied, never hashed
            "provenance\tdefs_test_upstream.provenance.json",
        ],
    )
    analysis_failure_test(
        name = "report_collision_test",
        target_under_test = ":defs_test_report_collide",
        message = "two inputs named u.json",
    )
