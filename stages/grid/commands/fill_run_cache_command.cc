#include "stages/grid/commands/fill_run_cache_command.h"

#include <filesystem>
#include <memory>
#include <set>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/commands/run_export.h"
#include "stages/retrieval/external_protocol.h"
#include "stages/retrieval/run_cache.h"

namespace repro::grid {
namespace {

namespace fs = std::filesystem;

// The cell's exported files must still hash to its key.
absl::Status CheckExported(const std::string& dir, const ManifestRow& row) {
  const std::pair<const char*, const std::string*> files[] = {
      {"corpus.jsonl", &row.key.corpus_sha256}, {"queries.jsonl", &row.key.queries_sha256}};
  for (const auto& [name, expected] : files) {
    const std::string path = absl::StrCat(dir, "/", row.directory, "/", name);
    ASSIGN_OR_RETURN(const std::string sha, Sha256File(path));
    if (sha != *expected) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": sha256 ", sha, ", expected ", *expected, " (", kManifestName,
          "): the export changed; export again with `bazel run //stages/grid:export_runs`"));
    }
  }
  return absl::OkStatus();
}

// A file named `run` under `runs` whose directory is no cell of the manifest.
absl::Status CheckForeign(const std::string& runs, const std::set<std::string>& cells) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(runs, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename() != "run" || !it->is_regular_file()) continue;
    const std::string dir = fs::relative(it->path().parent_path(), runs).string();
    if (!cells.count(dir)) {
      return absl::InvalidArgumentError(absl::StrCat(
          it->path().string(), ": a run of a foreign key: ", dir, " is no cell of the export's ",
          kManifestName, " (expected <harness>/<task>/<condition> of one of its lines)"));
    }
  }
  if (ec) return absl::InternalError(absl::StrCat("cannot list ", runs, ": ", ec.message()));
  return absl::OkStatus();
}

}  // namespace

absl::Status FillRunCache(const FillRunsRequest& request) {
  if (request.export_dir.empty() || request.cache.empty()) {
    return absl::InvalidArgumentError("--export=<the export directory> and --cache are required");
  }
  const std::string dir = CallerPath(request.export_dir);
  const std::string runs = request.runs_dir.empty() ? dir : CallerPath(request.runs_dir);
  const std::string manifest_path = absl::StrCat(dir, "/", kManifestName);
  ASSIGN_OR_RETURN(const std::string manifest_text, ReadFile(manifest_path));
  ASSIGN_OR_RETURN(const std::vector<ManifestRow> manifest,
                   ParseManifest(manifest_text, manifest_path));
  std::set<std::string> cells;
  std::vector<retrieval::StoredRun> stored;
  std::vector<std::string> without_run;
  for (const ManifestRow& row : manifest) {
    cells.insert(row.directory);
    RETURN_IF_ERROR(CheckExported(dir, row));
    const std::string run_path = absl::StrCat(runs, "/", row.directory, "/run");
    std::error_code ec;
    if (!fs::exists(run_path, ec)) {
      without_run.push_back(row.directory);
      continue;
    }
    ASSIGN_OR_RETURN(std::string run, ReadFile(run_path));
    const absl::Status parsed =
        retrieval::ParseRun(run, row.task, row.documents, row.candidate_limit).status();
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(run_path, " (harness ", row.key.harness,
                                                     ", task ", row.task, ", condition ",
                                                     row.condition, "): ", parsed.message()));
    }
    stored.push_back({row.key, std::move(run)});
  }
  RETURN_IF_ERROR(CheckForeign(runs, cells));
  const std::string cache_path = CallerPath(request.cache);
  {
    ASSIGN_OR_RETURN(std::unique_ptr<retrieval::RunCacheWriter> cache,
                     retrieval::RunCacheWriter::Open(cache_path));
    RETURN_IF_ERROR(cache->PutMany(stored));
  }
  for (const std::string& cell : without_run) absl::PrintF("no run: %s\n", cell);
  ASSIGN_OR_RETURN(const std::string sha, Sha256File(cache_path));
  absl::PrintF(
      "%s: %d runs stored or already there, %d cells of the export without a run\n"
      "cache sha256 %s\nto pin it: export the experiment's run_cache.path_env variable as the "
      "absolute path of this file, then `bazel run //reports:<experiment>_pins_refreeze` and "
      "review its diff\n",
      cache_path, stored.size(), without_run.size(), sha);
  return absl::OkStatus();
}

}  // namespace repro::grid
