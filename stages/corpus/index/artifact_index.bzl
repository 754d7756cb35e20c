"""artifact_index_text(): an ArtifactIndex text proto (artifact_index.proto).

The one writer of the pipeline's artifact indexes: the summary_index rule
(stages/corpus/defs.bzl) and the search_index rule (stages/grid/defs.bzl)
give it their rows; set_index.h reads what it writes. Strings are quoted as
the text format wants them (backslash, double quote and newline escaped), so
a not-configured message may hold any character.
"""

def _quoted(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")

def artifact_index_text(name, artifacts, not_configured = "", lock_file = ""):
    """The text of one index.

    Args:
      name: the task set's or experiment's name.
      artifacts: (task or "-", role, runfiles path) tuples, in the order to write.
      not_configured: why the set is not available here ("" when it is).
      lock_file: the committed task lock's workspace path ("" for none).

    Returns:
      The text proto, ending in a newline.
    """
    lines = [
        "# proto-file: stages/corpus/index/artifact_index.proto",
        "# proto-message: repro.corpus.ArtifactIndex",
        "name: %s" % _quoted(name),
    ]
    if not_configured:
        lines.append("not_configured: %s" % _quoted(not_configured))
    if lock_file:
        lines.append("lock_file: %s" % _quoted(lock_file))
    for task, role, path in artifacts:
        lines.append("artifacts { task: %s role: %s path: %s }" % (_quoted(task), _quoted(role), _quoted(path)))
    return "\n".join(lines) + "\n"
