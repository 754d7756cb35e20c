// `bazel run //stages/grid:fill_run_cache -- --export=<dir> --cache=<file>
//     [--runs=<dir>]`: checks the runs of an export's cells and stores them
// in the run cache (fill_run_cache_command.h, docs/run_cache.md).
#include <string>

#include "absl/flags/flag.h"
#include "stages/grid/commands/fill_run_cache_command.h"
#include "stages/retrieval/run_command.h"

ABSL_FLAG(std::string, export, "", "the directory `bazel run //stages/grid:export_runs` wrote");
ABSL_FLAG(std::string, runs, "", "where the runs are, laid out as the export (default: --export)");
ABSL_FLAG(std::string, cache, "", "the SQLite run cache to create or extend");

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "fill_run_cache", [] {
    return repro::grid::FillRunCache(
        {absl::GetFlag(FLAGS_export), absl::GetFlag(FLAGS_runs), absl::GetFlag(FLAGS_cache)});
  });
}
