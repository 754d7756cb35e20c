// Stage tool: every harness on every task of a set, at the base commit.
//
// Inputs (roles): task_set (binary TaskSet), harness/<i> (the harness configs,
// in the experiment's order), models/<name> (the artifact of each dense model
// the harnesses name, pinned_backends.h; models/vector_cache: the experiment's
// vector cache, for server-model harnesses), pins (the experiment's pin file,
// optional until the first refreeze), experiment (the experiment's CellSpec:
// where its pins live, model_pins.h; which candidates the harnesses index,
// candidate_pool.h, with inputs rules/<language> and queries/<language>/<name>
// for the gold candidates only), and per task T: snapshot/T, chunks/T,
// labels/T.
// Outputs: harness_baseline.json (HarnessBaseline: per task and harness the
// metrics of task_metrics.h and the HarnessResult, functions cut to 100;
// means over tasks), harness_baseline.md (tables), and
// harness_baseline.volatile.tsv (build and query times; never hashed).
// Each model must match its pin, else the stage stops with expected vs found
// and the refreeze command.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/model_pins.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/retrieval/candidate_pool.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/pinned_backends.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/task_metrics.h"

namespace repro::retrieval {
namespace {

constexpr int kFunctionsKept = 100;

using ModelPaths = std::map<std::string, std::string>;  // model name -> path

// The harness/<i> inputs, in the order of i (the experiment's).
absl::StatusOr<std::vector<HarnessConfig>> ReadHarnessConfigs(const Stage& stage) {
  std::vector<HarnessConfig> configs;
  ASSIGN_OR_RETURN(const std::vector<std::string> roles,
                   IndexedRoles(stage.Roles("harness/"), "harness/"));
  for (const std::string& role : roles) {
    ASSIGN_OR_RETURN(std::string text, stage.Read(role));
    ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find(role));
    ASSIGN_OR_RETURN(HarnessConfig c, ParseHarnessConfig(text, in->short_path));
    // An external harness's program, a reranker's first stage and scorer, and
    // a pinned-runs harness's cached runs are read or run in its grid cells
    // only (its baseline cells are its results at base).
    if (!c.has_external() && !c.has_rerank() && !c.has_pinned_runs()) {
      configs.push_back(std::move(c));
    }
  }
  if (configs.empty()) return absl::InvalidArgumentError("no built-in harness/<i> input");
  return configs;
}

// The models/<name> inputs: name -> path.
absl::StatusOr<ModelPaths> ReadModelPaths(const Stage& stage) {
  ModelPaths model_paths;
  for (const std::string& role : stage.Roles("models/")) {
    ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find(role));
    model_paths[role.substr(std::string("models/").size())] = in->path;
  }
  return model_paths;
}

// The candidate pool of `task` at its base commit (snapshot/T, chunks/T, cut
// as the experiment declares), and its labels/T into `labels`.
absl::StatusOr<Corpus> ReadTaskCorpus(const Stage& stage, const corpus::Task& task,
                                      corpus::Labels* labels) {
  const corpus::ProtoReader read = corpus::StageProtoReader(stage);
  ASSIGN_OR_RETURN(corpus::Snapshot snapshot, corpus::ReadSnapshot(read, "snapshot/" + task.id()));
  ASSIGN_OR_RETURN(corpus::ChunkSet chunks,
                   corpus::ReadChunks(read, "chunks/" + task.id(), snapshot));
  RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + task.id(), labels));
  if (snapshot.commit() != task.base_commit()) {
    return absl::FailedPreconditionError(absl::StrCat("snapshot/", task.id(), ": expected commit ",
                                                      task.base_commit(), " (base), found ",
                                                      snapshot.commit()));
  }
  RETURN_IF_ERROR(CutStagePool(stage, *labels, &snapshot, &chunks).status());
  return Corpus::Create(snapshot, chunks);
}

// One run of the baseline: the metrics and the result, functions cut to
// kFunctionsKept.
void AddRun(const corpus::Task& task, const HarnessConfig& config, const HarnessRun& run,
            const TaskMetrics& m, HarnessBaseline* baseline) {
  TaskHarnessRun* r = baseline->add_runs();
  r->set_task_id(task.id());
  r->set_harness(config.name());
  r->set_recall_at_1(m.recall_at_1);
  r->set_recall_at_5(m.recall_at_5);
  r->set_recall_at_10(m.recall_at_10);
  r->set_mrr(m.mrr);
  r->set_ndcg_at_10(m.ndcg_at_10);
  r->set_first_gold_rank(static_cast<uint32_t>(m.first_gold_rank));
  r->set_first_gold_observed(m.first_gold_observed);
  r->set_function_recall_at_10(m.function_recall_at_10);
  r->set_gold_files(static_cast<uint32_t>(m.gold_files));
  r->set_gold_functions(static_cast<uint32_t>(m.gold_functions));
  r->set_functions_total(static_cast<uint32_t>(run.result.functions_size()));
  *r->mutable_result() = run.result;
  if (r->result().functions_size() > kFunctionsKept) {
    r->mutable_result()->mutable_functions()->DeleteSubrange(
        kFunctionsKept, r->result().functions_size() - kFunctionsKept);
  }
}

// The tables of harness_baseline.md: every run, then the means.
std::string BaselineMarkdown(const corpus::TaskSet& tasks, const HarnessBaseline& baseline) {
  std::string md =
      absl::StrCat("# Harness baseline: ", tasks.repository(), " (", tasks.tasks_size(),
                   " tasks, base commits)\n\n| task | harness | recall@10 | MRR | "
                   "nDCG@10 | first-gold rank | fn recall@10 |\n|---|---|---|---|---|---|---|\n");
  for (const TaskHarnessRun& r : baseline.runs()) {
    absl::StrAppendFormat(&md, "| %s | %s | %.4f | %.4f | %.4f | %d%s | %s |\n", r.task_id(),
                          r.harness(), r.recall_at_10(), r.mrr(), r.ndcg_at_10(),
                          r.first_gold_rank(), r.first_gold_observed() ? "" : " (censored)",
                          r.gold_functions() ? absl::StrFormat("%.4f", r.function_recall_at_10())
                                             : std::string("n/a"));
  }
  absl::StrAppend(&md,
                  "\n## Means over tasks\n\n| harness | tasks | recall@1 | recall@5 | recall@10 "
                  "| MRR | nDCG@10 | fn recall@10 (tasks) |\n|---|---|---|---|---|---|---|---|\n");
  for (const HarnessMean& m : baseline.means()) {
    absl::StrAppendFormat(&md, "| %s | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f (%d) |\n",
                          m.harness(), m.tasks(), m.recall_at_1(), m.recall_at_5(),
                          m.recall_at_10(), m.mrr(), m.ndcg_at_10(), m.function_recall_at_10(),
                          m.function_tasks());
  }
  return md;
}

// The declared outputs: *.volatile.tsv (times), *.json (the baseline), *.md.
absl::Status WriteOutputs(Stage& stage, const std::string& times, const HarnessBaseline& baseline,
                          const std::string& md) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (absl::EndsWith(name, ".volatile.tsv")) {
      RETURN_IF_ERROR(stage.Write(name, times));
    } else if (absl::EndsWith(name, ".json")) {
      RETURN_IF_ERROR(stage.Write(name, ToJson(baseline)));
    } else if (absl::EndsWith(name, ".md")) {
      RETURN_IF_ERROR(stage.Write(name, md));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unexpected output ", name));
    }
  }
  return absl::OkStatus();
}

absl::Status Run(Stage& stage) {
  corpus::TaskSet tasks;
  RETURN_IF_ERROR(ReadInputProto(stage, "task_set", &tasks));
  ASSIGN_OR_RETURN(const std::vector<HarnessConfig> configs, ReadHarnessConfigs(stage));
  ASSIGN_OR_RETURN(const ModelPaths model_paths, ReadModelPaths(stage));
  ASSIGN_OR_RETURN(experiments::ModelPinSet pins, experiments::ModelPinSet::FromStage(stage));
  std::map<std::string, std::string> known_sha256;  // the large cache: hashed once
  if (model_paths.count(kVectorCacheInput)) {
    ASSIGN_OR_RETURN(const Stage::Digest d,
                     stage.InputDigest(absl::StrCat("models/", kVectorCacheInput)));
    known_sha256[kVectorCacheInput] = d.sha256;
  }
  ASSIGN_OR_RETURN(Backends backends, OpenHarnessBackends(configs, tasks.repository(), model_paths,
                                                          pins, known_sha256));

  HarnessBaseline baseline;
  baseline.set_repository(tasks.repository());
  std::map<std::string, HarnessMean> means;
  std::string times = "task\tharness\tbuild_ms\tquery_ms\n";
  for (const corpus::Task& task : tasks.tasks()) {
    corpus::Labels labels;
    ASSIGN_OR_RETURN(Corpus corpus, ReadTaskCorpus(stage, task, &labels));
    for (const HarnessConfig& config : configs) {
      EmbeddingBackend* dense = BackendFor(config, backends);
      ASSIGN_OR_RETURN(const absl::string_view query,
                       SelectQuery(config, task.id(), task.query(), task.reformulation()));
      absl::StatusOr<HarnessRun> run = RunHarness(config, corpus, dense, query);
      if (!run.ok()) {
        return absl::Status(run.status().code(),
                            absl::StrCat(task.id(), ": ", run.status().message()));
      }
      ASSIGN_OR_RETURN(
          TaskMetrics m,
          ComputeTaskMetrics(run->result, labels, static_cast<int>(config.candidate_limit())));
      AddRun(task, config, *run, m, &baseline);
      HarnessMean& mean = means[config.name()];
      mean.set_harness(config.name());
      AddToMean(m, &mean);
      absl::StrAppendFormat(&times, "%s\t%s\t%.3f\t%.3f\n", task.id(), config.name(),
                            absl::ToDoubleMilliseconds(run->build_time),
                            absl::ToDoubleMilliseconds(run->query_time));
    }
  }
  for (const HarnessConfig& c : configs) *baseline.add_means() = MeanOverTasks(means[c.name()]);
  return WriteOutputs(stage, times, baseline, BaselineMarkdown(tasks, baseline));
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::retrieval::Run); }
