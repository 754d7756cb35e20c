"""set_command: a `bazel run` command over the experiments' artifacts.

The command reads each experiment's search_index.tsv (set_index.h) and the
artifacts it names, all in its runfiles; `--indexes` lists every index.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load("//stages/experiments:grid.bzl", "EXPERIMENTS")

def set_command(name, srcs, deps, **kwargs):
    """A cc_binary with every experiment's search index and data in its runfiles.

    Args:
      name: the target name.
      srcs: the sources of the binary.
      deps: its libraries (set_index among them).
      **kwargs: further cc_binary attributes.
    """
    cc_binary(
        name = name,
        srcs = srcs,
        args = ["--indexes=" + ",".join(["$(rootpath %s)" % e.grid.search_index for e in EXPERIMENTS])],
        data = [e.grid.search_data for e in EXPERIMENTS] + [e.grid.search_index for e in EXPERIMENTS],
        deps = deps,
        **kwargs
    )
