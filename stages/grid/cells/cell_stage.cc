#include "stages/grid/cells/cell_stage.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/experiments/model_pins.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/cells/cell_packing.h"
#include "stages/grid/cells/external_cell.h"
#include "stages/grid/cells/outcomes.h"
#include "stages/grid/cells/packing_pool.h"
#include "stages/grid/cells/pinned_runs_cell.h"
#include "stages/grid/cells/rerank_cell.h"
#include "stages/grid/cells/token_count.h"
#include "stages/grid/cells/unit_costs.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/conditions/distractor_chunks.h"
#include "stages/grid/distractors.h"
#include "stages/grid/grid.pb.h"
#include "stages/retrieval/candidate_pool.h"
#include "stages/retrieval/chunk_embeddings.pb.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/pinned_backends.h"
#include "stages/retrieval/stored_embeddings.h"

namespace repro::grid {
namespace {

absl::StatusOr<const corpus::Task*> FindTask(const corpus::TaskSet& set, const std::string& id) {
  for (const corpus::Task& t : set.tasks()) {
    if (t.id() == id) return &t;
  }
  return absl::InvalidArgumentError(absl::StrCat("no task '", id, "' in the task set"));
}

// The harness's dense backend, checked against the experiment's pin for the
// stage's task set (`task_set`, else the spec's): the LSA artifact (input "model", named like the
// config's lsa_model), or the experiment's vector cache (input "vector_cache").
absl::StatusOr<std::unique_ptr<retrieval::EmbeddingBackend>> OpenPinnedModel(
    const Stage& stage, const retrieval::HarnessConfig& config, const std::string& repository,
    const std::string& task_set) {
  ASSIGN_OR_RETURN(experiments::ModelPinSet pins, experiments::ModelPinSet::FromStage(stage));
  if (!task_set.empty()) pins = pins.ForTaskSet(task_set);
  const std::string name = retrieval::DenseInputName(config);
  const bool cache = name == retrieval::kVectorCacheInput;
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find(cache ? "vector_cache" : "model"));
  if (!cache && experiments::ModelNameOf(in->short_path) != name) {
    return absl::InvalidArgumentError(absl::StrCat("harness ", config.name(), ": input model is ",
                                                   in->short_path, ", expected the artifact of ",
                                                   config.dense().lsa_model()));
  }
  std::map<std::string, std::string> known_sha256;
  if (cache) {  // the provenance record hashes it anyway: hash the large file once
    ASSIGN_OR_RETURN(const Stage::Digest digest, stage.InputDigest("vector_cache"));
    known_sha256[name] = digest.sha256;
  }
  ASSIGN_OR_RETURN(
      retrieval::Backends backends,
      retrieval::OpenHarnessBackends({config}, repository, {{name, in->path}}, pins, known_sha256));
  return std::move(backends.begin()->second);
}

// The chunk vectors of the snapshot under `model`: for an LSA harness the
// rows of input "embeddings" (the snapshot's chunk_embeddings stage), for a
// server-cache harness, or for a transformed snapshot (S003), every chunk
// document embedded by `model` itself. The rows of the files `removed` from
// the candidate pool are dropped.
absl::StatusOr<std::unique_ptr<retrieval::ChunkVectorSource>> OpenChunkVectors(
    const Stage& stage, const retrieval::HarnessConfig& config, retrieval::EmbeddingBackend& model,
    bool chunks_changed, const std::vector<retrieval::RemovedFile>& removed) {
  if (chunks_changed || config.dense().backend() == retrieval::DENSE_BACKEND_SERVER_CACHE) {
    return std::unique_ptr<retrieval::ChunkVectorSource>(
        std::make_unique<retrieval::EmbeddedChunkVectors>(model));
  }
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find("embeddings"));
  ASSIGN_OR_RETURN(retrieval::ChunkEmbeddings artifact,
                   retrieval::ReadChunkEmbeddings(corpus::StageProtoReader(stage), "embeddings"));
  if (!removed.empty()) {
    const absl::Status cut = retrieval::DropRowsOfFiles(removed, &artifact);
    if (!cut.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(in->short_path, ": ", cut.message()));
    }
  }
  ASSIGN_OR_RETURN(
      std::unique_ptr<retrieval::StoredChunkVectors> stored,
      retrieval::StoredChunkVectors::Create(std::move(artifact), in->short_path, model));
  return std::unique_ptr<retrieval::ChunkVectorSource>(std::move(stored));
}

absl::StatusOr<std::string> OutputEndingIn(const Stage& stage, bool is_volatile) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (IsVolatile(name) == is_volatile) return name;
  }
  return absl::InternalError("the cell stage declares no such output");
}

// The cell's coordinates: the flags, and the condition its suffix names in
// the experiment's validated table (input "conditions").
struct CellFlags {
  std::string task_id, harness_name;
  Condition condition;
  std::string expected_commit;  // STALE_INDEX only
  bool Is(ConditionKind kind) const { return condition.kind() == kind; }
  int dose() const { return Is(CONDITION_KIND_DISTRACTORS) ? condition.parameter() : 0; }
  int depth() const { return Is(CONDITION_KIND_STALE_INDEX) ? condition.parameter() : 0; }
};

absl::StatusOr<CellFlags> ReadFlags(const Stage& stage, const CellRequest& request) {
  ConditionTable table;
  RETURN_IF_ERROR(ReadInputProto(stage, "conditions", &table));
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  ASSIGN_OR_RETURN(const Condition* c, conditions.ByCellSuffix(request.condition));
  return CellFlags{request.task, request.harness, *c, request.expected_commit};
}

// The corpus inputs of the cell, checked against the task and condition.
struct CellCorpus {
  corpus::TaskSet task_set;
  const corpus::Task* task = nullptr;
  corpus::Snapshot snapshot;
  corpus::ChunkSet chunks;
  corpus::Labels labels;
};

absl::Status ReadCorpus(const Stage& stage, const CellFlags& f, CellCorpus* c) {
  // The task set was validated by the corpus stage (task_set.pb).
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &c->task_set));
  ASSIGN_OR_RETURN(c->task, FindTask(c->task_set, f.task_id));
  const corpus::ProtoReader read = corpus::StageProtoReader(stage);
  ASSIGN_OR_RETURN(c->snapshot, corpus::ReadSnapshot(read, "snapshot"));
  ASSIGN_OR_RETURN(c->chunks, corpus::ReadChunks(read, "chunks", c->snapshot));
  RETURN_IF_ERROR(ReadInputProto(stage, "labels", &c->labels));
  std::string expected_commit = c->task->base_commit();
  if (f.Is(CONDITION_KIND_STALE_INDEX)) {
    expected_commit = f.expected_commit;
    if (f.depth() == 1 && expected_commit != c->task->stale_commit()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "task ", f.task_id, ": ", f.condition.id(), " at depth 1 must index stale_commit ",
          c->task->stale_commit(), ", given ", expected_commit));
    }
  }
  if (c->snapshot.commit() != expected_commit) {
    return absl::InvalidArgumentError(absl::StrCat(
        "task ", f.task_id, ", condition ", f.condition.cell_suffix(),
        ": snapshot commit expected ", expected_commit, ", found ", c->snapshot.commit()));
  }
  if (c->labels.task_id() != f.task_id || c->labels.base_commit() != c->task->base_commit()) {
    return absl::InvalidArgumentError(absl::StrCat("task ", f.task_id, ": labels are of task ",
                                                   c->labels.task_id(), " at ",
                                                   c->labels.base_commit()));
  }
  return absl::OkStatus();
}

// The harness config (input "harness", named like the flag).
absl::StatusOr<retrieval::HarnessConfig> ReadHarness(const Stage& stage, const CellFlags& f) {
  ASSIGN_OR_RETURN(const Stage::Input* harness_in, stage.Find("harness"));
  ASSIGN_OR_RETURN(const std::string harness_text, stage.Read("harness"));
  ASSIGN_OR_RETURN(retrieval::HarnessConfig config,
                   retrieval::ParseHarnessConfig(harness_text, harness_in->short_path));
  if (config.name() != f.harness_name) {
    return absl::InvalidArgumentError(
        absl::StrCat("harness config is ", config.name(), ", expected ", f.harness_name));
  }
  return config;
}

// S002: the distractors, written and chunked by the rules of input "rules"
// (the task set's first language) into `chunks`, and the extra files of the in-memory corpus.
absl::Status AddDistractors(const Stage& stage, const CellFlags& f, const corpus::Task& task,
                            corpus::ChunkSet* chunks, std::vector<DistractorFile>* distractors,
                            std::vector<retrieval::ExtraFile>* extra) {
  ASSIGN_OR_RETURN(const std::string text, DistractorText(stage, task));
  corpus::languages::Rules rules;
  RETURN_IF_ERROR(ReadInputProto(stage, "rules", &rules));
  ASSIGN_OR_RETURN(*distractors, GenerateDistractors(f.task_id, text, f.dose(), rules));
  ASSIGN_OR_RETURN(const std::unique_ptr<corpus::FunctionParser> parser,
                   corpus::FunctionParser::Create(rules));
  ASSIGN_OR_RETURN(corpus::ChunkSet distractor_chunks, DistractorChunks(*distractors, *parser));
  for (corpus::Chunk& c : *distractor_chunks.mutable_chunks()) *chunks->add_chunks() = std::move(c);
  for (const DistractorFile& d : *distractors) extra->push_back({d.path, d.source});
  return absl::OkStatus();
}

GoldLabels GoldOf(const corpus::Labels& labels) {
  GoldLabels gold;
  gold.files.assign(labels.gold_files().begin(), labels.gold_files().end());
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    gold.functions.emplace_back(g.file(), g.function());
  }
  return gold;
}

// Experiment.packing: the cell's packing pool, its costs, every packing and
// the funnel (cell_packing.h); nothing when the experiment declares none.
absl::Status AddPacking(const Stage& stage, const retrieval::HarnessRun& run,
                        const retrieval::HarnessResult* first_stage,
                        const retrieval::Corpus& corpus, const corpus::Labels& labels,
                        const std::string& where, ConditionOutcome* outcome) {
  experiments::CellSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "experiment", &spec));
  if (!spec.has_packing()) return absl::OkStatus();
  const experiments::Packing& p = spec.packing();
  const GoldLabels gold = GoldOf(labels);
  ASSIGN_OR_RETURN(std::vector<PoolEntry> pool,
                   BuildPackingPool(run.result, corpus, gold, p.unit(), p.depth(), where));
  RETURN_IF_ERROR(AddUnitCosts(stage, p.cost(), where, pool));
  return PackCell(p, std::move(pool), gold, run.result, first_stage, where, outcome);
}

// The metrics of the harness's ranking against the gold labels.
absl::StatusOr<ConditionOutcome> Measure(const retrieval::HarnessRun& run,
                                         const retrieval::Corpus& corpus,
                                         const corpus::Labels& labels, int candidate_limit) {
  HarnessRun ranked;
  for (const retrieval::RankedFile& f : run.result.files()) {
    ranked.files.emplace_back(f.path(), f.score());
  }
  for (const retrieval::RankedFunction& f : run.result.functions()) {
    ranked.functions.emplace_back(f.path(), f.function());
  }
  const GoldLabels gold = GoldOf(labels);
  std::map<std::string, int64_t> file_tokens;
  for (const retrieval::Corpus::File& f : corpus.files()) {
    file_tokens[f.path] = CountTokens(f.content);
  }
  return ComputeOutcome(ranked, gold, file_tokens, candidate_limit);
}

// The outcome's identity, index statistics and distractors.
void Describe(const CellFlags& f, const CellCorpus& c, const retrieval::IndexStats& st,
              const std::vector<DistractorFile>& distractors, ConditionOutcome* outcome) {
  outcome->set_task_id(f.task_id);
  outcome->set_harness(f.harness_name);
  outcome->set_condition(f.condition.id());
  outcome->set_dose(f.dose());
  outcome->set_corpus_commit(c.snapshot.commit());
  outcome->set_snapshot_sha256(c.snapshot.snapshot_sha256());
  outcome->set_labels_commit(c.labels.base_commit());
  if (f.condition.shared_across_doses()) {
    outcome->set_s001_depth(f.depth());
    outcome->set_shared_key(S001SharedKey(f.task_id, f.harness_name, f.depth()));
  }
  IndexStats* stats = outcome->mutable_index_stats();
  stats->set_documents(static_cast<int64_t>(st.files()));
  stats->set_chunks(static_cast<int64_t>(st.chunks()));
  stats->set_vocabulary(static_cast<int64_t>(st.vocabulary()));
  stats->set_postings(static_cast<int64_t>(st.postings()));
  stats->set_dense_dim(static_cast<int32_t>(st.dense_dim()));
  stats->set_bytes(static_cast<int64_t>(st.bytes()));
  for (const DistractorFile& d : distractors) {
    Distractor* out = outcome->add_distractors();
    out->set_index(d.index);
    out->set_path(d.path);
    out->set_sha256(Sha256Hex(d.source));
    out->set_bytes(d.source.size());
    out->set_source(d.source);
  }
}

// The harness's ranking of the cell's corpus: its program's (external), its
// pinned run (pinned_runs) or the built-in legs'.
absl::StatusOr<retrieval::HarnessRun> Rank(const Stage& stage,
                                           const retrieval::HarnessConfig& config,
                                           const retrieval::Corpus& corpus, const CellFlags& f,
                                           const std::string& query,
                                           retrieval::EmbeddingBackend* dense,
                                           retrieval::ChunkVectorSource* chunk_vectors) {
  const std::string context = absl::StrCat("harness ", f.harness_name, ", task ", f.task_id,
                                           ", condition ", f.condition.cell_suffix());
  if (config.has_external()) {
    return RunExternalCell(stage, config, corpus, context, f.task_id, query);
  }
  if (config.has_pinned_runs()) {
    experiments::CellSpec spec;
    RETURN_IF_ERROR(ReadInputProto(stage, "experiment", &spec));
    return RunPinnedRunsCell(stage, config, corpus, {context, f.task_id, query, spec.experiment()});
  }
  return retrieval::RunHarness(config, corpus, dense, query, chunk_vectors);
}

}  // namespace

// The text the S002 distractors take their words from: the task's query,
// its reformulation or both (CellSpec.distractor_vocabulary, input
// "experiment").
absl::StatusOr<std::string> DistractorText(const Stage& stage, const corpus::Task& task) {
  experiments::CellSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "experiment", &spec));
  const bool reformulation =
      spec.distractor_vocabulary() != experiments::DISTRACTOR_VOCABULARY_QUERY;
  if (reformulation && task.reformulation().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "task ", task.id(), ", field reformulation: expected the blinded reformulation the ",
        "experiment's distractor_vocabulary ",
        experiments::DistractorVocabulary_Name(spec.distractor_vocabulary()),
        " draws the distractors' words from, found none"));
  }
  switch (spec.distractor_vocabulary()) {
    case experiments::DISTRACTOR_VOCABULARY_QUERY:
      return task.query();
    case experiments::DISTRACTOR_VOCABULARY_REFORMULATION:
      return task.reformulation();
    case experiments::DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION:
      return absl::StrCat(task.query(), "\n", task.reformulation());
    default:
      return absl::InvalidArgumentError(absl::StrCat(
          "experiment ", spec.experiment(), ", field distractor_vocabulary: unknown value ",
          spec.distractor_vocabulary()));
  }
}

absl::Status RunCell(Stage& stage, const CellRequest& request) {
  ASSIGN_OR_RETURN(const CellFlags f, ReadFlags(stage, request));
  CellCorpus c;
  RETURN_IF_ERROR(ReadCorpus(stage, f, &c));
  ASSIGN_OR_RETURN(const std::vector<retrieval::RemovedFile> removed,
                   retrieval::CutStagePool(stage, c.labels, &c.snapshot, &c.chunks));
  // A transformed snapshot's chunks have no stored embeddings.
  const bool transformed = f.condition.snapshot() == kTransformedSnapshot;
  ASSIGN_OR_RETURN(const retrieval::HarnessConfig config, ReadHarness(stage, f));
  std::unique_ptr<retrieval::EmbeddingBackend> dense;
  std::unique_ptr<retrieval::ChunkVectorSource> chunk_vectors;
  if (config.has_dense()) {
    ASSIGN_OR_RETURN(dense,
                     OpenPinnedModel(stage, config, c.snapshot.repository(), request.task_set));
    ASSIGN_OR_RETURN(chunk_vectors, OpenChunkVectors(stage, config, *dense, transformed, removed));
  }
  std::vector<DistractorFile> distractors;
  std::vector<retrieval::ExtraFile> extra;
  if (f.Is(CONDITION_KIND_DISTRACTORS)) {
    RETURN_IF_ERROR(AddDistractors(stage, f, *c.task, &c.chunks, &distractors, &extra));
  }
  ASSIGN_OR_RETURN(const retrieval::Corpus corpus,
                   retrieval::Corpus::Create(c.snapshot, c.chunks, extra));
  ASSIGN_OR_RETURN(
      const absl::string_view selected,
      retrieval::SelectQuery(config, c.task->id(), c.task->query(), c.task->reformulation()));
  const std::string query(selected);
  if (request.export_inputs) {
    if (!config.has_pinned_runs()) {
      return absl::InvalidArgumentError(absl::StrCat("--export_inputs: harness ", f.harness_name,
                                                     " has no pinned_runs; expected one"));
    }
    return ExportPinnedRunInputs(stage, config, corpus, f.task_id, query);
  }
  std::optional<retrieval::RerankerRun> reranked;
  if (config.has_rerank()) {
    const std::string context = absl::StrCat("harness ", f.harness_name, ", task ", f.task_id,
                                             ", condition ", f.condition.cell_suffix());
    ASSIGN_OR_RETURN(reranked, RunRerankCell(stage, config, corpus, dense.get(),
                                             chunk_vectors.get(), context, *c.task));
  }
  ASSIGN_OR_RETURN(const retrieval::HarnessRun run,
                   reranked.has_value()
                       ? absl::StatusOr<retrieval::HarnessRun>(reranked->run)
                       : Rank(stage, config, corpus, f, query, dense.get(), chunk_vectors.get()));
  ASSIGN_OR_RETURN(ConditionOutcome outcome,
                   Measure(run, corpus, c.labels, static_cast<int>(config.candidate_limit())));
  Describe(f, c, run.result.index_stats(), distractors, &outcome);
  if (reranked.has_value()) DescribePool(config, *reranked, &outcome);
  RETURN_IF_ERROR(AddPacking(stage, run, reranked ? &reranked->first_stage : nullptr, corpus,
                             c.labels,
                             absl::StrCat("task ", f.task_id, ", harness ", f.harness_name,
                                          ", condition ", f.condition.cell_suffix()),
                             &outcome));

  ASSIGN_OR_RETURN(const std::string out_name, OutputEndingIn(stage, false));
  ASSIGN_OR_RETURN(const std::string volatile_name, OutputEndingIn(stage, true));
  RETURN_IF_ERROR(stage.Write(out_name, ToJson(outcome)));
  return stage.Write(
      volatile_name,
      absl::StrFormat("{\"task\": \"%s\", \"harness\": \"%s\", \"condition\": \"%s\", "
                      "\"dose\": %d, \"build_ms\": %.3f, \"query_ms\": %.3f}\n",
                      f.task_id, f.harness_name, f.condition.id(), f.dose(),
                      absl::ToDoubleMilliseconds(run.build_time),
                      absl::ToDoubleMilliseconds(run.query_time)));
}

}  // namespace repro::grid
