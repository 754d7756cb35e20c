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

and, for every commit c of the set (but those only stored as references), the eval_stage m.embeddings[c]
("<set>/<name>/commit_<c>_embeddings", tool //stages/retrieval:embed_chunks),
which embeds every chunk of that commit's snapshot once with the model:

  <set>/<name>/commit_<c>_embeddings.pb   ChunkEmbeddings (chunk_embeddings.proto)

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

def _chunk_embeddings(m):
    s = m.task_set
    for c in s.commits:
        if c.id in s.reference_only:
            continue
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
            stage_version = "1",
            tags = [] if s.configured else ["manual"],
            tool = "//stages/retrieval:embed_chunks",
        )
