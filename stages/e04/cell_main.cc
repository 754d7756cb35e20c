// Stage e04_cell: one harness on one task under one condition.
//
// Flags: --task=<id> --harness=<name> --condition=baseline|S001|S002 --dose=N
// (dose only for S002) --depth=D --expected_commit=<id> (S001 only: the
// snapshot must be of base~D, which the repository rule resolved).
// Inputs (roles):
//   tasks     TaskSet holding this task (<T>.task.pb of the corpus stage)
//   snapshot  Snapshot (binary) indexed: base_commit, or stale_commit for S001
//   chunks    ChunkSet of that snapshot
//   labels    Labels at base_commit
//   harness   HarnessConfig text proto
//   model     LSA model artifact (harnesses with a dense leg only)
//   pins      the experiment's model pin file (optional until the first
//             refreeze; stages/experiments/model_pins.h, flags --task_set_name,
//             --pins_file, --pins_refreeze); the model must match its pin
// Outputs: "<name>.json" (ConditionOutcome) and "<name>.volatile.json"
// (build and query times; never hashed).
//
// S002 adds GenerateDistractors(task, query, dose) to the in-memory corpus,
// chunked by the corpus stage's own chunker; the snapshot is never modified
// and every index (BM25, FAISS) is built for the perturbed corpus.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/go_functions.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/e04/distractors.h"
#include "stages/e04/e04.pb.h"
#include "stages/e04/outcomes.h"
#include "stages/e04/token_count.h"
#include "stages/experiments/model_pins.h"
#include "stages/pipeline/sha256.h"
#include "stages/pipeline/stage.h"
#include "stages/pipeline/textproto.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/pinned_backends.h"

ABSL_FLAG(std::string, task, "", "Task id.");
ABSL_FLAG(std::string, harness, "", "Harness name (must match the config).");
ABSL_FLAG(std::string, condition, "", "baseline, S001 or S002.");
ABSL_FLAG(int, dose, 0, "S002 distractor count.");
ABSL_FLAG(int, depth, 0, "S001 staleness depth (first parents back from base; 1 = stale_commit).");
ABSL_FLAG(std::string, expected_commit, "",
          "S001: the commit of base~depth (history.bzl resolved it).");

namespace repro::e04 {
namespace {

absl::StatusOr<const corpus::Task*> FindTask(const corpus::TaskSet& set, const std::string& id) {
  for (const corpus::Task& t : set.tasks()) {
    if (t.id() == id) return &t;
  }
  return absl::InvalidArgumentError(absl::StrCat("no task '", id, "' in the task set"));
}

// The harness's dense model (input "model", named like its config's
// lsa_model), checked against the experiment's pin for the stage's task set.
absl::StatusOr<std::unique_ptr<retrieval::EmbeddingBackend>> OpenPinnedModel(
    const Stage& stage, const retrieval::HarnessConfig& config, const std::string& repository) {
  absl::StatusOr<const Stage::Input*> model_in = stage.Find("model");
  if (!model_in.ok()) return model_in.status();
  absl::StatusOr<experiments::ModelPinSet> pins = experiments::ModelPinSet::FromStage(stage);
  if (!pins.ok()) return pins.status();
  const std::string name = retrieval::LsaModelName(config);
  if (experiments::ModelNameOf((*model_in)->short_path) != name) {
    return absl::InvalidArgumentError(
        absl::StrCat("harness ", config.name(), ": input model is ", (*model_in)->short_path,
                     ", expected the artifact of ", config.dense().lsa_model()));
  }
  absl::StatusOr<retrieval::Backends> backends =
      retrieval::OpenHarnessBackends({config}, repository, {{name, (*model_in)->path}}, *pins);
  if (!backends.ok()) return backends.status();
  return std::move(backends->at(name));
}

absl::StatusOr<std::string> OutputEndingIn(const Stage& stage, bool is_volatile) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (IsVolatile(name) == is_volatile) return name;
  }
  return absl::InternalError("the cell stage declares no such output");
}

absl::Status Run(Stage& stage) {
  const std::string task_id = absl::GetFlag(FLAGS_task);
  const std::string harness_name = absl::GetFlag(FLAGS_harness);
  const std::string condition = absl::GetFlag(FLAGS_condition);
  const int dose = absl::GetFlag(FLAGS_dose);
  if (condition != "baseline" && condition != "S001" && condition != "S002") {
    return absl::InvalidArgumentError(absl::StrCat("unknown condition '", condition, "'"));
  }
  if ((condition == "S002") != (dose > 0)) {
    return absl::InvalidArgumentError(absl::StrCat("condition ", condition, " with dose ", dose));
  }
  const int depth = absl::GetFlag(FLAGS_depth);
  if ((condition == "S001") != (depth > 0)) {
    return absl::InvalidArgumentError(absl::StrCat("condition ", condition, " with depth ", depth));
  }

  corpus::TaskSet task_set;  // validated by the corpus stage (task_set.pb)
  if (absl::Status s = corpus::ReadProto(stage, "tasks", &task_set); !s.ok()) return s;
  absl::StatusOr<const corpus::Task*> task = FindTask(task_set, task_id);
  if (!task.ok()) return task.status();

  corpus::Snapshot snapshot;
  corpus::ChunkSet chunks;
  corpus::Labels labels;
  if (absl::Status s = corpus::ReadProto(stage, "snapshot", &snapshot); !s.ok()) return s;
  if (absl::Status s = corpus::ReadProto(stage, "chunks", &chunks); !s.ok()) return s;
  if (absl::Status s = corpus::ReadProto(stage, "labels", &labels); !s.ok()) return s;
  std::string expected_commit = (*task)->base_commit();
  if (condition == "S001") {
    expected_commit = absl::GetFlag(FLAGS_expected_commit);
    if (depth == 1 && expected_commit != (*task)->stale_commit()) {
      return absl::InvalidArgumentError(
          absl::StrCat("task ", task_id, ": S001 at depth 1 must index stale_commit ",
                       (*task)->stale_commit(), ", given ", expected_commit));
    }
  }
  if (snapshot.commit() != expected_commit) {
    return absl::InvalidArgumentError(absl::StrCat("task ", task_id, ", condition ", condition,
                                                   ": snapshot commit expected ", expected_commit,
                                                   ", found ", snapshot.commit()));
  }
  if (labels.task_id() != task_id || labels.base_commit() != (*task)->base_commit()) {
    return absl::InvalidArgumentError(absl::StrCat("task ", task_id, ": labels are of task ",
                                                   labels.task_id(), " at ", labels.base_commit()));
  }

  absl::StatusOr<const Stage::Input*> harness_in = stage.Find("harness");
  if (!harness_in.ok()) return harness_in.status();
  absl::StatusOr<std::string> harness_text = stage.Read("harness");
  if (!harness_text.ok()) return harness_text.status();
  absl::StatusOr<retrieval::HarnessConfig> config =
      retrieval::ParseHarnessConfig(*harness_text, (*harness_in)->short_path);
  if (!config.ok()) return config.status();
  if (config->name() != harness_name) {
    return absl::InvalidArgumentError(
        absl::StrCat("harness config is ", config->name(), ", expected ", harness_name));
  }
  std::unique_ptr<retrieval::EmbeddingBackend> dense;
  if (config->has_dense()) {
    absl::StatusOr<std::unique_ptr<retrieval::EmbeddingBackend>> m =
        OpenPinnedModel(stage, *config, snapshot.repository());
    if (!m.ok()) return m.status();
    dense = *std::move(m);
  }

  // S002: distractors, chunked like real files.
  std::vector<DistractorFile> distractors;
  std::vector<retrieval::ExtraFile> extra;
  if (condition == "S002") {
    absl::StatusOr<std::vector<DistractorFile>> d =
        GenerateDistractors(task_id, (*task)->query(), dose);
    if (!d.ok()) return d.status();
    distractors = *std::move(d);
    corpus::GoFunctionParser parser;
    for (const DistractorFile& f : distractors) {
      absl::StatusOr<bool> suspect =
          corpus::ChunkFile(parser, f.path, f.source, chunks.mutable_chunks());
      if (!suspect.ok()) return suspect.status();
      if (*suspect) {
        return absl::InternalError(absl::StrCat("distractor ", f.path, " does not parse as Go"));
      }
      extra.push_back({f.path, f.source});
    }
  }
  absl::StatusOr<retrieval::Corpus> corpus = retrieval::Corpus::Create(snapshot, chunks, extra);
  if (!corpus.ok()) return corpus.status();

  const std::string query(
      retrieval::SelectQuery(*config, (*task)->query(), (*task)->reformulation()));
  absl::StatusOr<retrieval::HarnessRun> run =
      retrieval::RunHarness(*config, *corpus, dense.get(), query);
  if (!run.ok()) return run.status();

  HarnessRun ranked;
  for (const retrieval::RankedFile& f : run->result.files())
    ranked.files.emplace_back(f.path(), f.score());
  for (const retrieval::RankedFunction& f : run->result.functions()) {
    ranked.functions.emplace_back(f.path(), f.function());
  }
  GoldLabels gold;
  gold.files.assign(labels.gold_files().begin(), labels.gold_files().end());
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    gold.functions.emplace_back(g.file(), g.function());
  }
  std::map<std::string, int64_t> file_tokens;
  for (const retrieval::Corpus::File& f : corpus->files())
    file_tokens[f.path] = CountTokens(f.content);

  absl::StatusOr<ConditionOutcome> outcome =
      ComputeOutcome(ranked, gold, file_tokens, static_cast<int>(config->candidate_limit()));
  if (!outcome.ok()) return outcome.status();
  outcome->set_task_id(task_id);
  outcome->set_harness(harness_name);
  outcome->set_condition(condition);
  outcome->set_dose(dose);
  outcome->set_corpus_commit(snapshot.commit());
  outcome->set_snapshot_sha256(snapshot.snapshot_sha256());
  outcome->set_labels_commit(labels.base_commit());
  if (condition == "S001") {
    outcome->set_s001_depth(depth);
    outcome->set_shared_key(S001SharedKey(task_id, harness_name, depth));
  }
  const retrieval::IndexStats& st = run->result.index_stats();
  IndexStats* stats = outcome->mutable_index_stats();
  stats->set_documents(static_cast<int64_t>(st.files()));
  stats->set_chunks(static_cast<int64_t>(st.chunks()));
  stats->set_vocabulary(static_cast<int64_t>(st.vocabulary()));
  stats->set_postings(static_cast<int64_t>(st.postings()));
  stats->set_dense_dim(static_cast<int32_t>(st.dense_dim()));
  stats->set_bytes(static_cast<int64_t>(st.bytes()));
  for (const DistractorFile& f : distractors) {
    Distractor* d = outcome->add_distractors();
    d->set_index(f.index);
    d->set_path(f.path);
    d->set_sha256(Sha256Hex(f.source));
    d->set_bytes(f.source.size());
    d->set_source(f.source);
  }

  absl::StatusOr<std::string> out_name = OutputEndingIn(stage, false);
  absl::StatusOr<std::string> volatile_name = OutputEndingIn(stage, true);
  if (!out_name.ok()) return out_name.status();
  if (!volatile_name.ok()) return volatile_name.status();
  if (absl::Status s = stage.Write(*out_name, ToJson(*outcome)); !s.ok()) return s;
  return stage.Write(
      *volatile_name,
      absl::StrFormat("{\"task\": \"%s\", \"harness\": \"%s\", \"condition\": \"%s\", "
                      "\"dose\": %d, \"build_ms\": %.3f, \"query_ms\": %.3f}\n",
                      task_id, harness_name, condition, dose,
                      absl::ToDoubleMilliseconds(run->build_time),
                      absl::ToDoubleMilliseconds(run->query_time)));
}

}  // namespace
}  // namespace repro::e04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::e04::Run); }
