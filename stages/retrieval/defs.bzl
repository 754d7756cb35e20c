"""The dense models the pipeline trains itself, one per (task set, LSA config).

lsa_models(DENSE_MODELS) is called once, in //stages/grid/models, with
the DENSE_MODELS of //stages/experiments:grid.bzl (one entry per task set and
LsaTrainingConfig that some experiment's harness names in dense.lsa_model).
For each model m it defines the eval_stage m.target, "<set>/<name>", which
trains the model on the function chunks of the set's LSA training snapshot
(the TaskSet's lsa_training_commit) and writes

  <set>/<name>.pb            the model artifact (LsaModel); its sha256 is
                             pinned per experiment (data/experiments/<e>.pins.textproto)
  <set>/<name>.summary.json  LsaModelSummary, with that sha256

and, for every commit c of the set (references included), the eval_stage m.embeddings[c]
("<set>/<name>/commit_<c>_embeddings", tool //stages/retrieval:embed_chunks),
which embeds the chunks of that commit's stored chunk set once with the model:

  <set>/<name>/commit_<c>_embeddings.pb   ChunkEmbeddings (chunk_embeddings.proto),
                                          stored against the chunk set's reference
                                          (stored_embeddings.h)

A stage reading them takes embeddings_inputs(m, c, role): the commit's
artifact and every reference's down the chain.

so that the grid cells of every experiment of the set read the chunk vectors
instead of embedding the corpus again (a report builds the stages its cells
read; `bazel build //...` builds them all).

Tagged manual when the set's history is not configured. The per-experiment
retrieval targets (harness_baseline, search data) are defined with the grid
(stages/grid/defs.bzl).
"""

load("//stages/corpus:corpus_inputs.bzl", "corpus_inputs")
load("//stages/framework/pipeline:defs.bzl", "eval_stage", _name = "local_name")

def lsa_models(models):
    """See the module docstring.

    Args:
      models: DENSE_MODELS of //stages/experiments:grid.bzl.
    """
    for m in models:
        s = m.task_set
        if s.lsa_training == None:
            fail("%s: a harness needs the LSA model %s, but task set %s has no lsa_training_commit (%s)" % (
                m.config,
                m.name,
                s.name,
                s.spec,
            ))
        prefix = _name(m.target)[:-len(m.name)]
        eval_stage(
            name = _name(m.target),
            outs = [prefix + m.artifact, prefix + m.summary],
            inputs = dict(
                {m.config: "config"},
                **corpus_inputs(s.lsa_training, snapshot = "snapshot", chunks = "chunks")
            ),
            args = ["--training_commit=" + s.lsa_training.id],
            stage = "lsa_model",
            stage_version = "1",
            tags = [] if s.configured else ["manual"],
            tool = "//stages/retrieval:train_lsa",
        )
        _chunk_embeddings(m)

def embeddings_inputs(model, commit, role):
    """{label: role} of a commit's stored chunk embeddings, with their chain.

    Args:
      model: a DENSE_MODELS entry (stages/experiments/grid.bzl).
      commit: a commit struct of the model's task set.
      role: the role of the commit's own artifact.

    Returns:
      A dict from label to role: the commit's under `role`, each reference's
      under "embeddings@<id>" (stored_embeddings.h, EmbeddingsRole).
    """
    out = {model.embeddings[commit.id]: role}
    for m in commit.chain:
        out[model.embeddings[m.id]] = "embeddings@" + m.id
    return out

def _chunk_embeddings(m):
    s = m.task_set
    for c in s.commits:
        name = _name(m.embeddings[c.id])
        eval_stage(
            name = name,
            outs = [name + ".pb"],
            inputs = dict(
                {m.target: "model:" + m.artifact},
                **corpus_inputs(c, snapshot = "snapshot", chunks = "chunks")
            ),
            args = ["--commit=" + c.id],
            stage = "chunk_embeddings",
            # 2: a row the reference holds is stored as a shared row
            # (stored_embeddings.h), no longer as its vector again.
            stage_version = "2",
            tags = [] if s.configured else ["manual"],
            tool = "//stages/retrieval:embed_chunks",
        )
