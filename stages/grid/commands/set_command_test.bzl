"""set_commands_test: each `bazel run` command needs the stages of its own set only.

A task set whose stages fail (a missing gold file, a merge fix without a base)
must stop only the commands over that set. The test reads, at analysis time,
the runfiles of each command (nothing is built) and fails listing every
runfile that comes from the stages of another experiment or task set:
  - the commands over every experiment (//stages/grid/commands:search, ...) may hold
    the indexes (*_index.textproto, written at analysis) and no stage output;
  - //stages/grid/by_experiment:<e>/<command> may hold the stage outputs of
    experiment e, of its task set and of that set's models only;
  - //stages/grid/sets:<s>/summary those of task set s only.
"""

load("//stages/grid/commands:set_command.bzl", "EXPERIMENT_COMMANDS", "SET_COMMANDS")

# The packages whose targets are the stages of an experiment or a task set.
_GENERATED = ["stages/grid/by_experiment/", "stages/grid/sets/", "stages/grid/models/"]

def _foreign(path, own):
    """True when `path` is the output of a stage outside the prefixes `own`."""
    if not [p for p in _GENERATED if path.startswith(p)]:
        return False
    if not own and path.endswith("_index.textproto"):
        return False
    return not [p for p in own if path.startswith(p)]

def _set_commands_test_impl(ctx):
    lines = []
    failed = 0
    for target, own in ctx.attr.commands.items():
        prefixes = [p for p in own.split(",") if p]
        foreign = sorted([
            f.short_path
            for f in target[DefaultInfo].default_runfiles.files.to_list()
            if _foreign(f.short_path, prefixes)
        ])
        if foreign:
            failed += 1
            lines.append("FAIL [%s]: %d runfiles of other stages, e.g. %s" % (target.label, len(foreign), ", ".join(foreign[:3])))
        else:
            lines.append("ok   [%s]: only %s" % (target.label, own or "indexes"))
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    body = "\n".join(["echo '%s'" % line.replace("'", "") for line in lines])
    ctx.actions.write(script, "#!/bin/sh\n%s\nexit %d\n" % (body, 1 if failed else 0), is_executable = True)
    return [DefaultInfo(executable = script)]

_set_commands_test = rule(
    implementation = _set_commands_test_impl,
    attrs = {"commands": attr.label_keyed_string_dict(doc = "Command -> its own prefixes, comma-separated.")},
    test = True,
)

def set_commands_test(name, experiments, task_sets):
    """The test above over every command.

    Args:
      name: the test's name.
      experiments: EXPERIMENTS of //stages/experiments:grid.bzl.
      task_sets: TASK_SETS of the same file.
    """
    commands = {"//stages/grid/commands:" + c: "" for c in EXPERIMENT_COMMANDS + SET_COMMANDS}
    for e in experiments:
        own = ",".join(["stages/grid/by_experiment/%s/" % e.name] + ["stages/grid/%s/%s/" % (d, s.name) for s in e.sets for d in ["sets", "models"]])
        for c in EXPERIMENT_COMMANDS:
            commands["//stages/grid/by_experiment:%s/%s" % (e.name, c)] = own
    for s in task_sets:
        for c in SET_COMMANDS:
            commands["//stages/grid/sets:%s/%s" % (s.name, c)] = "stages/grid/sets/%s/" % s.name
    _set_commands_test(name = name, commands = commands, size = "small")
