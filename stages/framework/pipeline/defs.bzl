"""Build rules of the pipeline: stages and reports.

eval_stage: one hermetic action that runs a stage tool (a cc_binary whose main
  is repro::RunStage, see stage.h) over declared inputs and writes the declared
  outputs plus `<name>.provenance.json`. Inputs are given as a dict from label
  to role; a label with several files (a filegroup, another eval_stage) gives
  roles "<role>/<file basename>", or, written "<role>:<basename>", passes only
  that file as <role>. Several roles of one label are separated by spaces
  ("base/T01 snapshot@<commit>": stages/corpus/corpus_inputs.bzl). Extra tool flags go in `args`.
  `programs` ({executable target: role}) gives the tool programs to run (an
  external harness's): the executable as <role>, its runfiles as tools of the
  action and as inputs <role>_runfiles/<short path> (so provenance hashes
  them), and the action then runs without network.

Outputs are declared by path relative to the package; a target named
"<dir>/<name>" declares them under "<dir>/" and its tool sees them without
that directory ("e04/report.json" is "report.json" to the tool).

Volatile outputs (query times...) have ".volatile." in their name: they are
never hashed into provenance, never passed on as inputs of a later stage, and
the determinism comparison skips them.

report: copies every artifact of the listed stages into `<name>/` (file names
  must not collide) and writes `<name>/lineage.json`, the provenance of every
  stage below it (the build graph is the lineage).

Both propagate StageInfo.provenance, a depset of provenance files.

Tools are built in the target configuration (cfg = "target"), not the exec
one: the project builds and runs on one platform (linux x86-64, locally and on
the remote executors, whose sandbox binds the host's /usr), so a tool and its
tests share one compile of every source (with .bazelrc's --force_pic). With
cfg = "exec", a cold `bazel test //...` compiled 120 sources twice, once per
configuration: 375 compiles then, 241 now (docs/ci.md).
"""

StageInfo = provider(
    doc = "Provenance records of a stage and everything it depends on.",
    fields = {"provenance": "depset of provenance JSON files"},
)

def local_name(label):
    """The target name of a label in the calling package ("//pkg:a/b" -> "a/b").

    Macros that define targets whose labels come from a struct of
    //stages/experiments:grid.bzl name them with it.

    Args:
      label: a label string of the calling package.

    Returns:
      The target name; fails if `label` is not in the calling package.
    """
    pkg = "//%s:" % native.package_name()
    if not label.startswith(pkg):
        fail("%s is not a target of %s" % (label, pkg))
    return label[len(pkg):]

def _is_volatile(f):
    return ".volatile." in f.basename

def _transitive_provenance(targets):
    return [t[StageInfo].provenance for t in targets if StageInfo in t]

def _runfiles_path(ctx, program, f):
    """Where a program's runfile is in the action: in its runfiles tree.

    The tree is what a tool's runfiles stage (an external repository's file,
    a wheel's of toolchain/python_wheels.bzl, is not at its exec path there).

    Args:
      ctx: the rule context.
      program: the program's FilesToRunProvider.
      f: a File of its runfiles.

    Returns:
      The file's path in the execroot, under <executable>.runfiles/.
    """
    tree = f.short_path[3:] if f.short_path.startswith("../") else ctx.workspace_name + "/" + f.short_path
    return program.executable.path + ".runfiles/" + tree

def _eval_stage_impl(ctx):
    manifest_lines = []
    input_files = []
    for target, roles in ctx.attr.inputs.items():
        all_files = target.files.to_list()
        if StageInfo in target:
            # Upstream provenance files are not inputs by role.
            all_files = [
                f
                for f in all_files
                if not f.basename.endswith(".provenance.json") and
                   (ctx.attr.volatile_inputs or not _is_volatile(f))
            ]
        for role in roles.split(" "):
            files = all_files
            if ":" in role:
                # "role:basename" picks one file of a multi-file target.
                role, wanted = role.split(":", 1)
                files = [f for f in files if f.basename == wanted]
                if len(files) != 1:
                    fail("%s: input %s has no single file named %s" % (ctx.label, target.label, wanted))
            if len(files) == 1:
                manifest_lines.append("input\t%s\t%s" % (role, files[0].path))
            else:
                for f in files:
                    manifest_lines.append("input\t%s/%s\t%s" % (role, f.basename, f.path))
            input_files.extend(files)

    # A target named "<dir>/<name>" (the stages of several experiments or task
    # sets share one package) declares its outputs under "<dir>/"; the tool
    # sees them without that directory ("e04/report.json" -> "report.json").
    outs = [ctx.actions.declare_file(o) for o in ctx.attr.outs]
    target_dir = ctx.label.name.rpartition("/")[0]
    names = {}
    for o, f in zip(ctx.attr.outs, outs):
        name = o[len(target_dir) + 1:] if target_dir and o.startswith(target_dir + "/") else o
        if name in names:
            fail("%s: two outputs named %s" % (ctx.label, name))
        names[name] = True
        manifest_lines.append("output\t%s\t%s" % (name, f.path))
    provenance = ctx.actions.declare_file(ctx.label.name + ".provenance.json")
    tools = []
    for target, role in ctx.attr.programs.items():
        program = target[DefaultInfo].files_to_run
        if program.executable == None:
            fail("%s: program %s is not an executable target" % (ctx.label, target.label))
        tools.append(program)
        manifest_lines.append("input\t%s\t%s" % (role, program.executable.path))
        for f in target[DefaultInfo].default_runfiles.files.to_list():
            if f != program.executable:
                manifest_lines.append("input\t%s_runfiles/%s\t%s" % (role, f.short_path, _runfiles_path(ctx, program, f)))

    manifest = ctx.actions.declare_file(ctx.label.name + ".manifest")
    ctx.actions.write(manifest, "\n".join(manifest_lines) + "\n")

    args = ctx.actions.args()
    args.add("--stage", ctx.attr.stage or ctx.label.name)
    args.add("--stage_version", ctx.attr.stage_version)
    args.add("--label", str(ctx.label))
    args.add("--tool_binary", ctx.executable.tool.path)
    args.add("--manifest", manifest.path)
    args.add("--provenance", provenance.path)
    args.add_all(ctx.attr.args)

    ctx.actions.run(
        executable = ctx.executable.tool,
        arguments = [args],
        inputs = input_files + [manifest],
        tools = tools,
        outputs = outs + [provenance],
        mnemonic = "EvalStage",
        progress_message = "Stage %s" % ctx.label,
        env = _stage_env(ctx),
        # A program runs inside the action: no network (linux-sandbox).
        execution_requirements = {"block-network": ""} if tools else None,
    )
    prov = depset([provenance], transitive = _transitive_provenance(ctx.attr.inputs.keys()))
    return [
        DefaultInfo(
            files = depset(outs + [provenance]),
            runfiles = ctx.runfiles(files = outs + [provenance]),
        ),
        StageInfo(provenance = prov),
        # replay: the action's manifest and inputs, so a test can run the tool
        # again on them (tests/run_cache replays the cells of a pinned-runs harness).
        OutputGroupInfo(provenance = prov, replay = depset([manifest] + input_files)),
    ]

def _stage_env(ctx):
    """{} normally; with --define=stage_cache_salt=<s>, {"STAGE_CACHE_SALT": s}.

    The variable reaches no stage tool (none reads its environment, nor does
    provenance record it); it is in the action key only, so a build given a
    fresh salt executes every stage while other actions (compiles) still hit
    a cache. tests/remote_cache/cross_machine_test.sh uses it to keep its
    stage executions cold while taking compiles from the nested tests' shared
    disk cache.
    """
    salt = ctx.var.get("stage_cache_salt", "")
    return {"STAGE_CACHE_SALT": salt} if salt else {}

eval_stage = rule(
    implementation = _eval_stage_impl,
    attrs = {
        "tool": attr.label(executable = True, cfg = "target", mandatory = True),
        "inputs": attr.label_keyed_string_dict(allow_files = True),
        "outs": attr.string_list(mandatory = True),
        "args": attr.string_list(),
        "stage": attr.string(doc = "Stage name; defaults to the target name."),
        "stage_version": attr.string(mandatory = True),
        "programs": attr.label_keyed_string_dict(
            cfg = "target",
            doc = "Executable targets the stage tool runs (role -> the executable's exec path; " +
                  "its runfiles are tools of the action and inputs <role>_runfiles/<short path>).",
        ),
        "volatile_inputs": attr.bool(
            default = False,
            doc = "Pass upstream *.volatile.* files too (a timing collector); never hashed.",
        ),
    },
)

def _report_impl(ctx):
    # One tree artifact: Bazel empties it before the action runs, so the
    # report holds exactly the files its sources declare now, never those of
    # a harness or dose an earlier build declared.
    out = ctx.actions.declare_directory(ctx.label.name)
    copies = []
    seen = {}
    for target in ctx.attr.srcs:
        for f in target.files.to_list():
            if f.basename.endswith(".provenance.json"):
                continue
            if f.basename in seen:
                fail("report %s: two inputs named %s (%s and %s)" % (ctx.label, f.basename, seen[f.basename], target.label))
            seen[f.basename] = target.label
            copies.append((f, "%s/%s" % (out.path, f.basename)))
    prov = depset(transitive = _transitive_provenance(ctx.attr.srcs))

    # The files to copy and the records to collect, one a line (a list that
    # grows with the report stays off the command line).
    lines = ctx.actions.args()
    lines.set_param_file_format("multiline")
    lines.add_all(["copy\t%s\t%s" % (s.path, d) for s, d in copies])
    lines.add_all(prov, format_each = "provenance\t%s")
    manifest = ctx.actions.declare_file(ctx.label.name + ".report_manifest")
    ctx.actions.write(manifest, lines)

    args = ctx.actions.args()
    args.add("--report", str(ctx.label))
    args.add("--lineage", out.path + "/lineage.json")
    args.add("--manifest", manifest.path)
    ctx.actions.run(
        executable = ctx.executable._assemble,
        arguments = [args],
        inputs = depset([s for s, _ in copies] + [manifest], transitive = [prov]),
        outputs = [out],
        mnemonic = "AssembleReport",
        progress_message = "Report %s" % ctx.label,
    )
    return [
        DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out])),
        StageInfo(provenance = prov),
    ]

report = rule(
    implementation = _report_impl,
    doc = "Copies every artifact of `srcs` (stages or files) into the directory <name>/ (a tree " +
          "artifact: nothing else is ever in it) and writes <name>/lineage.json.",
    attrs = {
        "srcs": attr.label_list(allow_files = True, mandatory = True),
        "_assemble": attr.label(
            default = "//stages/framework/pipeline:assemble_report",
            executable = True,
            cfg = "target",
        ),
    },
)
