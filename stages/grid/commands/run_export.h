// The directory `bazel run //stages/grid:export_runs` writes and
// `bazel run //stages/grid:fill_run_cache` reads (docs/run_cache.md):
//
//   <out>/manifest.tsv
//   <out>/<harness>/<task>/<condition>/corpus.jsonl
//   <out>/<harness>/<task>/<condition>/queries.jsonl
//
// manifest.tsv: a header line "# harness\ttask\tcondition\tcorpus_sha256\t
// queries_sha256\tdocuments\tcandidate_limit\tdirectory", then one line per
// cell, in the export index's order: the cell's key (harness, sha256 of
// corpus.jsonl, sha256 of queries.jsonl), the number of documents of
// corpus.jsonl, the harness's candidate_limit, and the cell's directory
// relative to <out>. The researcher's system writes each cell's run as
// `run` in that directory (or in the same place under another directory,
// the fill command's --runs).
//
// The export index (ExportIndexRow), written at analysis by
// stages/grid/run_cache.bzl: one line per cell, "harness\ttask\tcondition\t
// <config>\t<corpus.jsonl>\t<queries.jsonl>\t<the cell's flags>", runfiles
// paths, the flags space-separated.
#ifndef REPRO_STAGES_GRID_COMMANDS_RUN_EXPORT_H_
#define REPRO_STAGES_GRID_COMMANDS_RUN_EXPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/run_cache.h"

namespace repro::grid {

struct ExportIndexRow {
  std::string harness, task, condition, config, corpus, queries, flags;
};

// The rows of the export index at `path`; InvalidArgument naming the line.
absl::StatusOr<std::vector<ExportIndexRow>> ReadExportIndex(const std::string& path);

struct ManifestRow {
  retrieval::RunKey key;
  std::string task, condition;
  uint64_t documents = 0;
  uint32_t candidate_limit = 0;
  std::string directory;  // "<harness>/<task>/<condition>"
};

std::string ManifestText(const std::vector<ManifestRow>& rows);

// Parses manifest.tsv (`file` names it in messages): InvalidArgument naming
// the line and field.
absl::StatusOr<std::vector<ManifestRow>> ParseManifest(absl::string_view text,
                                                       absl::string_view file);

inline constexpr char kManifestName[] = "manifest.tsv";

// A path given on the command line of `bazel run`: relative paths are taken
// from the directory it was called in (BUILD_WORKING_DIRECTORY).
std::string CallerPath(const std::string& path);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_RUN_EXPORT_H_
