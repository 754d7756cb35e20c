#include "stages/grid/cells/pinned_runs_cell.h"

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "stages/corpus/language_set.h"
#include "stages/experiments/model_pins.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/external_protocol.h"

namespace repro::grid {
namespace {

absl::Status Prefixed(const absl::Status& s, const std::string& context) {
  return absl::Status(s.code(), absl::StrCat(context, ": pinned runs: ", s.message()));
}

// The commands that list, export and fill the missing runs (docs/run_cache.md).
std::string FillCommands(const PinnedRunCell& cell, const std::string& harness,
                         const std::string& refreeze) {
  return absl::StrCat(
      "list and export what is missing with `bazel run //stages/grid:export_runs -- "
      "--experiment=",
      cell.experiment, " --harness=", harness,
      " --missing --cache=<the cache file> --out=<a new directory>`, rank it with the system, "
      "store its runs with `bazel run //stages/grid:fill_run_cache -- --export=<that directory> "
      "--cache=<the cache file>`, then `",
      refreeze, "` (docs/run_cache.md)");
}

// The cache of input "run_cache", checked against its pin.
absl::StatusOr<std::unique_ptr<retrieval::CachedRuns>> OpenPinnedCache(
    const Stage& stage, const experiments::ModelPinSet& pins) {
  if (stage.Roles("run_cache").empty()) {
    return absl::FailedPreconditionError(
        "expected the experiment's run cache as input run_cache, found none");
  }
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find("run_cache"));
  ASSIGN_OR_RETURN(const experiments::RunCachePin pin, pins.RunCache());
  ASSIGN_OR_RETURN(const Stage::Digest digest, stage.InputDigest("run_cache"));
  absl::StatusOr<std::unique_ptr<retrieval::CachedRuns>> cache =
      retrieval::CachedRuns::Open(in->path, pin.sha256(), digest.sha256);
  if (!cache.ok()) return pins.Explain(cache.status());
  return cache;
}

}  // namespace

absl::StatusOr<PinnedRunInputFiles> PinnedRunInputs(const Stage& stage,
                                                    const retrieval::HarnessConfig& config,
                                                    const retrieval::Corpus& corpus,
                                                    const std::string& task_id,
                                                    const std::string& query) {
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  PinnedRunInputFiles files;
  ASSIGN_OR_RETURN(files.corpus, retrieval::CorpusJsonLines(config, corpus, languages));
  ASSIGN_OR_RETURN(files.queries, retrieval::QueryJsonLines(config, task_id, query));
  files.key = {config.name(), Sha256Hex(files.corpus), Sha256Hex(files.queries)};
  return files;
}

absl::StatusOr<retrieval::HarnessRun> RunPinnedRunsCell(const Stage& stage,
                                                        const retrieval::HarnessConfig& config,
                                                        const retrieval::Corpus& corpus,
                                                        const PinnedRunCell& cell) {
  const absl::Time start = absl::Now();
  absl::StatusOr<PinnedRunInputFiles> files =
      PinnedRunInputs(stage, config, corpus, cell.task_id, cell.query);
  if (!files.ok()) return Prefixed(files.status(), cell.context);
  absl::StatusOr<experiments::ModelPinSet> pins = experiments::ModelPinSet::FromStage(stage);
  if (!pins.ok()) return Prefixed(pins.status(), cell.context);
  absl::StatusOr<std::unique_ptr<retrieval::CachedRuns>> cache = OpenPinnedCache(stage, *pins);
  if (!cache.ok()) return Prefixed(cache.status(), cell.context);
  const absl::Time exported = absl::Now();
  absl::StatusOr<std::optional<std::string>> run = (*cache)->Get(files->key);
  if (!run.ok()) return Prefixed(run.status(), cell.context);
  if (!run->has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat(cell.context, ": pinned runs: the run cache holds no run for ",
                     retrieval::DescribeKey(files->key), "; ",
                     FillCommands(cell, config.name(), pins->refreeze())));
  }
  absl::StatusOr<std::vector<retrieval::ScoredDocument>> rows = retrieval::ParseRun(
      **run, cell.task_id, retrieval::DocumentCount(config, corpus), config.candidate_limit());
  if (!rows.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        cell.context, ": pinned runs: the cached run of ", retrieval::DescribeKey(files->key),
        " is not a run of this cell's documents and query (a foreign key): ",
        rows.status().message()));
  }
  retrieval::HarnessRun out;
  out.result = retrieval::ExternalResult(config, corpus, *rows, cell.query);
  out.build_time = exported - start;
  out.query_time = absl::Now() - exported;
  return out;
}

absl::Status ExportPinnedRunInputs(Stage& stage, const retrieval::HarnessConfig& config,
                                   const retrieval::Corpus& corpus, const std::string& task_id,
                                   const std::string& query) {
  ASSIGN_OR_RETURN(PinnedRunInputFiles files,
                   PinnedRunInputs(stage, config, corpus, task_id, query));
  std::vector<std::pair<std::string, std::string*>> outputs = {{".corpus.jsonl", &files.corpus},
                                                               {".queries.jsonl", &files.queries}};
  for (auto& [suffix, bytes] : outputs) {
    std::string name;
    for (const auto& [output, path] : stage.output_paths()) {
      if (absl::EndsWith(output, suffix)) name = output;
    }
    if (name.empty()) {
      return absl::InternalError(absl::StrCat("the export stage declares no output *", suffix));
    }
    RETURN_IF_ERROR(stage.Write(name, std::move(*bytes)));
  }
  return absl::OkStatus();
}

}  // namespace repro::grid
