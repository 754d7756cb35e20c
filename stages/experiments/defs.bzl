"""Loading-time helpers of the experiment data package (//data/experiments).

experiment_files(EXPERIMENTS, EXPERIMENT_FILES) defines, for every experiment,
the filegroups of its committed pin file and frozen tokens (empty until the
first refreeze, so that a new experiment builds and then says which refreeze
command to run), and fails loading, naming `bazel sync --only=experiments`,
when the experiment files on disk are not the ones the experiments
repository read (Bazel 4.2.3 does not refetch a repository rule when a file
is added to a directory it listed).
"""

def experiment_files(experiments, files_on_disk, invalid_experiments = []):
    """See the module docstring.

    Args:
      experiments: EXPERIMENTS of //stages/experiments:grid.bzl.
      files_on_disk: glob(["*.textproto"], exclude = ["*.pins.textproto"]) of the package.
      invalid_experiments: INVALID_EXPERIMENTS of the same file (read, but
        not built: no filegroups).
    """
    read = sorted([e.name + ".textproto" for e in experiments] +
                  [e.source.rpartition("/")[2] for e in invalid_experiments])
    disk = sorted(files_on_disk)
    if read != disk:
        new = [f for f in disk if f not in read]
        gone = [f for f in read if f not in disk]
        fail(("data/experiments changed since the experiments repository read it (new: %s; removed: %s). " +
              "Run `bazel sync --only=experiments` (Bazel 4.2.3 cannot watch a directory), then build again.") % (
            ", ".join(new) or "none",
            ", ".join(gone) or "none",
        ))
    for e in experiments:
        native.filegroup(name = e.name + "_pins", srcs = native.glob([e.name + ".pins.textproto"]))
        native.filegroup(name = e.name + "_tokens", srcs = native.glob([e.name + ".tokens.txt"]))
