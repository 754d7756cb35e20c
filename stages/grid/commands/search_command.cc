#include "stages/grid/commands/search_command.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/index/set_index.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/model_pins.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/grid.pb.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/pinned_backends.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/task_metrics.h"

namespace repro::grid {
namespace {

using corpus::HarnessPaths;
using corpus::LoadSet;
using corpus::LoadTaskCorpus;
using corpus::LoadTaskSet;
using corpus::PathOf;
using corpus::ReadBinaryProto;
using corpus::SetIndex;
using corpus::TaskCorpus;
using experiments::ModelPins;
using experiments::ModelPinSet;
using experiments::ParseModelPins;
using retrieval::Backends;
using retrieval::Corpus;
using retrieval::EmbeddingBackend;
using retrieval::HarnessConfig;
using retrieval::HarnessMean;
using retrieval::HarnessRun;
using retrieval::IndexStats;
using retrieval::LoadHarnessConfig;
using retrieval::OpenHarnessBackends;
using retrieval::QueryField_Name;
using retrieval::RankedFile;
using retrieval::RankedFunction;
using retrieval::TaskMetrics;

using ModelPaths = std::map<std::string, std::string>;  // model name -> path

// The experiment's harnesses that `harness` selects, in index order, and
// the paths of its models.
absl::Status LoadHarnesses(const SetIndex& index, const std::string& harness,
                           std::vector<HarnessConfig>* configs, ModelPaths* model_paths) {
  std::vector<std::string> known;
  for (const auto& [key, path] : index.paths) {
    const auto& [task, role] = key;
    if (task == "-" && absl::StartsWith(role, "model/")) (*model_paths)[role.substr(6)] = path;
  }
  ASSIGN_OR_RETURN(const std::vector<std::string> harness_paths, HarnessPaths(index));
  for (const std::string& path : harness_paths) {
    ASSIGN_OR_RETURN(HarnessConfig c, LoadHarnessConfig(path));
    known.push_back(c.name());
    if (harness != "all" && c.name() != harness) {
      continue;
    }
    // An external harness's program, a pinned-runs harness's cache, and a
    // reranker's first stage and scorer, run in its cells only.
    if (c.has_external() || c.has_pinned_runs() || c.has_rerank()) {
      if (harness == "all") continue;
      return absl::FailedPreconditionError(absl::StrCat(
          "harness ", harness,
          c.has_external()      ? absl::StrCat(" is external (", c.external().program(), ")")
          : c.has_pinned_runs() ? std::string(" is a pinned-runs harness")
                                : absl::StrCat(" reranks ", c.rerank().first_stage()),
          ": the search command runs the built-in harnesses; build a cell of it instead, "
          "bazel build //stages/grid/by_experiment:",
          index.name, "/<task>_", harness, "_baseline"));
    }
    configs->push_back(std::move(c));
  }
  if (configs->empty()) {
    return absl::NotFoundError(absl::StrCat("experiment ", index.name, " has no harness ", harness,
                                            "; harnesses: ", absl::StrJoin(known, ", ")));
  }
  return absl::OkStatus();
}

// The dense backends of `configs`, checked against the experiment's pins
// (none before its first refreeze).
absl::StatusOr<Backends> OpenBackends(const SetIndex& index,
                                      const std::vector<HarnessConfig>& configs,
                                      const std::string& repository,
                                      const ModelPaths& model_paths) {
  ASSIGN_OR_RETURN(const std::string spec_path, PathOf(index, "-", "grid_spec"));
  grid::GridSpec spec;
  RETURN_IF_ERROR(ReadBinaryProto(spec_path, &spec));
  const experiments::PinsSource& source = spec.pins();
  ModelPins pins;
  const bool has_pins = index.paths.count({"-", "pins"}) > 0;
  if (has_pins) {
    ASSIGN_OR_RETURN(std::string text, ReadFile(index.paths.at({"-", "pins"})));
    ASSIGN_OR_RETURN(pins, ParseModelPins(text, source.file()));
  }
  const ModelPinSet pin_set(has_pins ? &pins : nullptr, source.task_set(), source.file(),
                            source.refreeze_command());
  return OpenHarnessBackends(configs, repository, model_paths, pin_set);
}

// One run: the ranked files (the first `top`, and every gold file), the
// first functions, the metrics and the volatile times.
void PrintRun(const SetIndex& index, const corpus::Task& task, const HarnessConfig& config,
              const std::string& query, const HarnessRun& run, const corpus::Labels& labels,
              const TaskMetrics& m, int top) {
  std::map<std::string, bool> gold;
  for (const std::string& g : labels.gold_files()) gold[g] = true;
  const IndexStats& st = run.result.index_stats();
  absl::PrintF("== %s on %s %s at base %s\n", config.name(), index.name, task.id(),
               task.base_commit());
  absl::PrintF("query (%s): %s\n", QueryField_Name(config.query_field()), query);
  absl::PrintF(
      "index: %d files, %d chunks; BM25 %d documents, %d terms, %d postings; dense %d x %d%s\n",
      st.files(), st.chunks(), st.documents(), st.vocabulary(), st.postings(), st.dense_vectors(),
      st.dense_dim(), run.result.dense_query_empty() ? " (query has no dense vector)" : "");
  absl::PrintF("%5s  %-14s %-4s %s\n", "rank", "score", "gold", "file");
  for (int i = 0; i < run.result.files_size(); ++i) {
    const RankedFile& f = run.result.files(i);
    const bool is_gold = gold.count(f.path()) > 0;
    if (i >= top && !is_gold) continue;
    absl::PrintF("%5d  %-14.10g %-4s %s\n", i + 1, f.score(), is_gold ? "*" : "", f.path());
  }
  absl::PrintF("functions (first %d of %d):\n", std::min(top, run.result.functions_size()),
               run.result.functions_size());
  for (int i = 0; i < run.result.functions_size() && i < top; ++i) {
    const RankedFunction& f = run.result.functions(i);
    bool is_gold = false;
    for (const corpus::GoldFunction& g : labels.gold_functions()) {
      is_gold |= g.file() == f.path() && g.function() == f.function();
    }
    absl::PrintF("%5d  %-14.10g %-4s %s %s (lines %d-%d)\n", i + 1, f.score(), is_gold ? "*" : "",
                 f.path(), f.function(), f.start_line(), f.end_line());
  }
  absl::PrintF(
      "recall@1 %.3f  recall@5 %.3f  recall@10 %.3f  MRR %.4f  nDCG@10 %.4f  first-gold rank "
      "%d%s  function recall@10 %s\n",
      m.recall_at_1, m.recall_at_5, m.recall_at_10, m.mrr, m.ndcg_at_10, m.first_gold_rank,
      m.first_gold_observed ? "" : " (censored: no gold file returned)",
      m.gold_functions > 0 ? absl::StrFormat("%.3f", m.function_recall_at_10)
                           : std::string("n/a (no gold function)"));
  absl::PrintF("volatile: build %.1f ms, query %.2f ms\n\n",
               absl::ToDoubleMilliseconds(run.build_time),
               absl::ToDoubleMilliseconds(run.query_time));
}

// The table of means over tasks, one row per harness that ran.
void PrintMeans(const SetIndex& index, const std::vector<HarnessConfig>& configs,
                const std::map<std::string, HarnessMean>& sums) {
  absl::PrintF("means over tasks (experiment %s)\n%-6s %5s %9s %9s %9s %8s %8s %14s\n", index.name,
               "harness", "tasks", "recall@1", "recall@5", "recall@10", "MRR", "nDCG@10",
               "fn recall@10");
  for (const HarnessConfig& config : configs) {
    const std::string& h = config.name();
    auto it = sums.find(h);
    if (it == sums.end() || it->second.tasks() == 0) continue;
    const HarnessMean m = MeanOverTasks(it->second);
    absl::PrintF("%-6s %5d %9.4f %9.4f %9.4f %8.4f %8.4f %9.4f (n=%d)\n", h, m.tasks(),
                 m.recall_at_1(), m.recall_at_5(), m.recall_at_10(), m.mrr(), m.ndcg_at_10(),
                 m.function_recall_at_10(), m.function_tasks());
  }
}

}  // namespace

absl::Status RunSearch(const SearchRequest& request) {
  ASSIGN_OR_RETURN(const SetIndex index, LoadSet(request.indexes, request.experiment));
  ASSIGN_OR_RETURN(const corpus::TaskSet task_set, LoadTaskSet(index));
  std::vector<HarnessConfig> configs;
  ModelPaths model_paths;
  RETURN_IF_ERROR(LoadHarnesses(index, request.harness, &configs, &model_paths));
  ASSIGN_OR_RETURN(const Backends backends,
                   OpenBackends(index, configs, task_set.repository(), model_paths));

  std::map<std::string, HarnessMean> sums;
  int runs = 0;
  for (const corpus::Task& task : task_set.tasks()) {
    if (request.task != "all" && task.id() != request.task) continue;
    ASSIGN_OR_RETURN(const TaskCorpus data, LoadTaskCorpus(index, task.id()));
    ASSIGN_OR_RETURN(const Corpus corpus, Corpus::Create(data.snapshot, data.chunks));
    for (const HarnessConfig& config : configs) {
      EmbeddingBackend* dense = BackendFor(config, backends);
      ASSIGN_OR_RETURN(const absl::string_view selected,
                       SelectQuery(config, task.id(), task.query(), task.reformulation()));
      const std::string query(selected);
      ASSIGN_OR_RETURN(const HarnessRun run, RunHarness(config, corpus, dense, query));
      ASSIGN_OR_RETURN(
          const TaskMetrics m,
          ComputeTaskMetrics(run.result, data.labels, static_cast<int>(config.candidate_limit())));
      ++runs;
      AddToMean(m, &sums[config.name()]);
      if (request.json) {
        std::fputs(ToJson(run.result).c_str(), stdout);
      } else {
        PrintRun(index, task, config, query, run, data.labels, m, request.top);
      }
    }
  }
  if (runs == 0) {
    return absl::NotFoundError(
        absl::StrCat("no task ", request.task, " in experiment ", index.name));
  }
  if (runs > 1 && !request.json) PrintMeans(index, configs, sums);
  return absl::OkStatus();
}

}  // namespace repro::grid
