"""set_command: a `bazel run` command over the experiments' or task sets' artifacts.

A command reads an index (stages/corpus/index/set_index.h: an experiment's search_index.textproto or a
task set's summary_index.textproto) and the artifacts it names, all in its runfiles.
So that a set whose stages fail (a missing gold file, a merge fix without a
base) stops only the commands over that set, each command exists once per
experiment or set, holding that one's artifacts only, and once over all:

  <name>_tool                             the cc_binary (no artifacts)
  //stages/grid/by_experiment:<e>/<name>  (experiment_commands) the tool with
                                          experiment e's index and artifacts
  //stages/grid/sets:<s>/<name>           (set_commands) the same for task set s
  //stages/grid/commands:<name>           set_command.sh: picks the experiment
                                          (--experiment) or the sets of the task
                                          ids and runs their targets with a
                                          nested `bazel run` on the caller's
                                          output base; it holds only the indexes,
                                          which are written at analysis and
                                          never fail; //stages/grid:<name> is its
                                          alias, the command's documented name.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")

# The commands over one experiment's search data, and over one task set's summary data.
EXPERIMENT_COMMANDS = ["search", "bm25_reference", "fill_vector_cache"]
SET_COMMANDS = ["summary"]

_COMMANDS = "//stages/grid/commands:"

def set_command(name, srcs, deps, indexes, unit, default = ""):
    """<name>_tool and the dispatching command <name> (see the module docstring).

    Args:
      name: the command's name, one of EXPERIMENT_COMMANDS or SET_COMMANDS.
      srcs: the sources of the tool.
      deps: its libraries (set_index among them).
      indexes: the index of every experiment (search_index) or set (summary_index).
      unit: "experiment" (the flag --experiment picks one) or "set" (the task
        ids given pick the sets that hold them).
      default: the tool's default --experiment, if any.
    """
    cc_binary(name = name + "_tool", srcs = srcs, deps = deps)

    # A filegroup puts the indexes in the runfiles (a search_index has none of its own).
    native.filegroup(name = name + "_indexes", srcs = indexes)
    package = "by_experiment" if unit == "experiment" else "sets"
    native.sh_binary(
        name = name,
        srcs = [_COMMANDS + "set_command.sh"],
        # "--" ends these arguments; the user's follow.
        args = [
            unit,
            "//stages/grid/%s:%%s/%s" % (package, name),
            default or "-",
            "$(rootpath :%s_tool)" % name,
            "$(rootpaths :%s_indexes)" % name,
            "--",
        ],
        data = [":" + name + "_tool", ":" + name + "_indexes"],
    )

def _unit_command(name, command, index, data):
    """<unit>/<command>: the tool over one index and the artifacts it names."""
    tool = _COMMANDS + command + "_tool"
    native.sh_binary(
        name = name + "/" + command,
        srcs = [_COMMANDS + "run_tool.sh"],
        args = ["$(rootpath %s)" % tool, "--indexes=$(rootpath %s)" % index],
        data = [tool, index, data],
    )

def experiment_commands(experiments):
    """<e>/<command> for every experiment and EXPERIMENT_COMMANDS (//stages/grid/by_experiment).

    Args:
      experiments: EXPERIMENTS of //stages/experiments:grid.bzl.
    """
    for e in experiments:
        for command in EXPERIMENT_COMMANDS:
            _unit_command(e.name, command, e.grid.search_index, e.grid.search_data)

def set_commands(task_sets):
    """<s>/<command> for every task set and SET_COMMANDS (//stages/grid/sets).

    Args:
      task_sets: TASK_SETS of //stages/experiments:grid.bzl.
    """
    for s in task_sets:
        for command in SET_COMMANDS:
            _unit_command(s.name, command, s.summary_index, s.summary_data)
