"""authored_file_error: the rule every authored input file read by a repository rule obeys.

An authored input (an experiment's task file, harness configs, a task set's
lock) is read from inside the workspace only: the file must exist, and it
and every directory above it must resolve inside the workspace, outside
Bazel's convenience links (bazel-out, bazel-bin, ...), which point into the
output base. A symlink out of the workspace (or into the output base, where
a lock would be compared with the pipeline's own derivation of it) is
refused before Bazel reads the file; Bazel's own message would name neither
the file that names it nor the field.
"""

def authored_file_error(rctx, label):
    """None if the file of the safe label `label` is an authored input, else why not.

    Args:
      rctx: the repository context.
      label: "//package:file", already checked by safe_label_error (spec_values.bzl).

    Returns:
      None, or "expected ..., found ..." naming the label.
    """
    root = rctx.path(Label("//:WORKSPACE")).dirname
    pkg, name = label[2:].split(":")
    path = rctx.path("%s/%s%s" % (root, pkg + "/" if pkg else "", name))
    if not path.exists:
        return "expected an existing file, found none at %s" % label
    real_root = str(root.realpath)
    real = str(path.realpath)
    if not real.startswith(real_root + "/") or real[len(real_root) + 1:].startswith("bazel-"):
        return "expected a file inside the workspace, found %s resolving outside it (a symlink): authored inputs are read from inside the workspace only" % label
    return None
