#include "stages/grid/commands/export_runs_command.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/index/set_index.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/commands/run_export.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/run_cache.h"

namespace repro::grid {
namespace {

namespace fs = std::filesystem;

struct ExportedCell {
  ManifestRow row;
  std::string corpus, queries;
};

// The experiment names of the search indexes, for the message of a
// command run without an experiment of pinned-runs harnesses.
std::string Known(const std::vector<std::string>& indexes) {
  std::vector<std::string> names;
  for (const std::string& path : indexes) {
    absl::StatusOr<corpus::SetIndex> index = corpus::ReadSetIndex(path);
    if (index.ok()) names.push_back(index->name);
  }
  return names.empty() ? "none" : absl::StrJoin(names, ", ");
}

absl::StatusOr<ExportedCell> ReadCell(const ExportIndexRow& r,
                                      std::map<std::string, uint32_t>* limits) {
  ExportedCell cell;
  ASSIGN_OR_RETURN(cell.corpus, ReadFile(r.corpus));
  ASSIGN_OR_RETURN(cell.queries, ReadFile(r.queries));
  if (!limits->count(r.config)) {
    ASSIGN_OR_RETURN(const retrieval::HarnessConfig config, retrieval::LoadHarnessConfig(r.config));
    (*limits)[r.config] = config.candidate_limit();
  }
  cell.row.key = {r.harness, Sha256Hex(cell.corpus), Sha256Hex(cell.queries)};
  cell.row.task = r.task;
  cell.row.condition = r.condition;
  cell.row.documents =
      static_cast<uint64_t>(std::count(cell.corpus.begin(), cell.corpus.end(), '\n'));
  cell.row.candidate_limit = (*limits)[r.config];
  cell.row.directory = absl::StrCat(r.harness, "/", r.task, "/", r.condition);
  return cell;
}

// Writes the cells and the manifest into a temporary sibling of `out`, then
// renames it to `out`.
absl::Status WriteExport(const std::string& out, const std::vector<ExportedCell>& cells) {
  std::error_code ec;
  if (fs::exists(out, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out=", out, ": expected a new directory, found an existing path"));
  }
  const std::string tmp = absl::StrCat(out, ".partial.", getpid());
  fs::remove_all(tmp, ec);
  absl::Status status = [&]() -> absl::Status {
    std::vector<ManifestRow> rows;
    for (const ExportedCell& c : cells) {
      const std::string dir = absl::StrCat(tmp, "/", c.row.directory);
      if (!fs::create_directories(dir, ec) && ec) {
        return absl::InternalError(absl::StrCat("cannot create ", dir, ": ", ec.message()));
      }
      RETURN_IF_ERROR(WriteFileAtomically(dir + "/corpus.jsonl", c.corpus));
      RETURN_IF_ERROR(WriteFileAtomically(dir + "/queries.jsonl", c.queries));
      rows.push_back(c.row);
    }
    if (!fs::create_directories(tmp, ec) && ec) {
      return absl::InternalError(absl::StrCat("cannot create ", tmp, ": ", ec.message()));
    }
    RETURN_IF_ERROR(WriteFileAtomically(absl::StrCat(tmp, "/", kManifestName), ManifestText(rows)));
    fs::rename(tmp, out, ec);
    if (ec) return absl::InternalError(absl::StrCat("cannot rename ", tmp, " to ", out));
    return absl::OkStatus();
  }();
  if (!status.ok()) fs::remove_all(tmp, ec);
  return status;
}

}  // namespace

absl::Status ExportRuns(const ExportRequest& request) {
  if (request.export_index.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "experiment ", request.experiment.empty() ? "(none given)" : request.experiment,
        ": expected --experiment=<an experiment with a pinned-runs harness> (",
        Known(request.indexes), ")"));
  }
  if (request.missing && request.cache.empty()) {
    return absl::InvalidArgumentError("--missing: expected --cache=<the run cache file>");
  }
  ASSIGN_OR_RETURN(const std::vector<ExportIndexRow> index, ReadExportIndex(request.export_index));
  std::set<std::string> harnesses;
  std::map<std::string, uint32_t> limits;
  std::unique_ptr<retrieval::CachedRuns> cache;
  if (request.missing) {
    ASSIGN_OR_RETURN(cache, retrieval::CachedRuns::Open(CallerPath(request.cache)));
  }
  std::vector<ExportedCell> cells;
  for (const ExportIndexRow& r : index) {
    harnesses.insert(r.harness);
    if (r.harness != request.harness) continue;
    ASSIGN_OR_RETURN(ExportedCell cell, ReadCell(r, &limits));
    if (cache != nullptr) {
      ASSIGN_OR_RETURN(const std::optional<std::string> run, cache->Get(cell.row.key));
      if (run.has_value()) continue;
    }
    cells.push_back(std::move(cell));
  }
  if (!harnesses.count(request.harness)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "experiment ", request.experiment, ": --harness=", request.harness,
        ": expected one of its pinned-runs harnesses (", absl::StrJoin(harnesses, ", "), ")"));
  }
  for (const ExportedCell& c : cells) {
    absl::PrintF("%s %s %s %s %s\n", c.row.key.harness, c.row.task, c.row.condition,
                 c.row.key.corpus_sha256, c.row.key.queries_sha256);
  }
  const std::string what = request.missing ? "cells missing from the cache" : "cells";
  if (request.out.empty()) {
    absl::PrintF("%d %s (no --out: nothing exported)\n", cells.size(), what);
    return absl::OkStatus();
  }
  const std::string out = CallerPath(request.out);
  RETURN_IF_ERROR(WriteExport(out, cells));
  absl::PrintF(
      "%d %s exported to %s; write each cell's run as <cell directory>/run, then `bazel run "
      "//stages/grid:fill_run_cache -- --export=%s --cache=<the run cache file>` "
      "(docs/run_cache.md)\n",
      cells.size(), what, out, out);
  return absl::OkStatus();
}

}  // namespace repro::grid
