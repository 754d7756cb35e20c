"""build_info: the volatile build-information file of a report.

    build_info(name = "w04_build_info", report = ":w04")

writes `<report name>.build_info.txt` beside the report (e.g.
bazel-bin/reports/w04.build_info.txt): the commit and tree state, the cache-key
salt and the build time from Bazel's workspace status
(tools/workspace_status.sh, --workspace_status_command in .bazelrc), and the
sha256 of every file of the report, which ties this volatile record to the
content-hashed artifacts it describes.

The file is never inside a report, never an input of a stage, and never
uploaded to the remote cache ("no-remote"): only this one action reads the
status files, so stamping reruns nothing else. Bazel reruns it when a STABLE_
key (commit, tree state, salt) or a report file changes; the time it records
is that of the build that last wrote it.
"""

def _named(f):
    return "%s=%s" % (f.short_path, f.path)

def _build_info_impl(ctx):
    report = ctx.attr.report
    out = ctx.actions.declare_file(report.label.name + ".build_info.txt")
    files = report.files.to_list()
    args = ctx.actions.args()
    args.add(out)
    args.add(ctx.info_file)
    args.add(ctx.version_file)
    args.add(str(report.label))

    # The report is a directory (a tree artifact): one argument per file in it.
    args.add_all(files, map_each = _named, expand_directories = True)
    ctx.actions.run(
        executable = ctx.executable._writer,
        arguments = [args],
        inputs = [ctx.info_file, ctx.version_file] + files,
        outputs = [out],
        mnemonic = "BuildInfo",
        progress_message = "Build info of %s" % report.label,
        execution_requirements = {"no-remote": "1"},
    )
    return [DefaultInfo(files = depset([out]))]

build_info = rule(
    implementation = _build_info_impl,
    doc = "Writes <report>.build_info.txt: volatile build information of one report.",
    attrs = {
        "report": attr.label(mandatory = True, doc = "A `report` target (//stages/framework/pipeline:defs.bzl)."),
        "_writer": attr.label(
            default = "//tools/build_info:write_build_info",
            executable = True,
            cfg = "target",
        ),
    },
)
