"""The inputs a stage needs to read a commit's corpus (stages/corpus/stored_corpus.h).

A commit's snapshot and chunks are stored against a reference commit, and
that one against its own, down to a whole one (docs/storage.md). A stage that
reads them gets the commit's artifact under the role it names and every
reference's under "snapshot@<commit>" / "chunks@<commit>", the roles the
readers (ReadSnapshot, ReadChunks) look for. One label may carry several
roles (space-separated, stages/framework/pipeline/defs.bzl): a commit's
artifact may be another commit's reference in the same stage.
"""

def add_roles(inputs, more):
    """Adds the {label: role} entries of `more` to `inputs`, joining roles of one label.

    Args:
      inputs: a dict from label to space-separated roles, changed in place.
      more: a dict from label to role.

    Returns:
      `inputs`.
    """
    for label, role in more.items():
        have = inputs.get(label)
        if have == None:
            inputs[label] = role
        elif role not in have.split(" "):
            inputs[label] = have + " " + role
    return inputs

def corpus_inputs(commit, snapshot = None, chunks = None):
    """{label: role} of a commit's stored snapshot and/or chunks, with their chain.

    Args:
      commit: a commit struct of a task set (stages/corpus/task_set.bzl).
      snapshot: the role of the commit's snapshot, or None when not read.
      chunks: the role of the commit's chunks, or None when not read.

    Returns:
      A dict from label to role (roles of one label space-separated).
    """
    out = {}
    if snapshot:
        add_roles(out, {commit.snapshot: snapshot})
        add_roles(out, {m.snapshot: "snapshot@" + m.id for m in commit.chain})
    if chunks:
        add_roles(out, {commit.chunks: chunks})
        add_roles(out, {m.chunks: "chunks@" + m.id for m in commit.chain})
    return out

def chain_commits(commits):
    """Every commit the given commits' corpora are stored against, each once, by id.

    Args:
      commits: commit structs (None entries are skipped).

    Returns:
      A list of commit structs sorted by id: the artifacts "-" "snapshot@<id>" and
      "-" "chunks@<id>" of an index (stages/corpus/index/set_index.h).
    """
    by_id = {}
    for c in commits:
        if c != None:
            for m in c.chain:
                by_id[m.id] = m
    return [by_id[k] for k in sorted(by_id.keys())]
