// `bazel run //stages/grid:export_runs -- --experiment=<name> --harness=<name>
//     --out=<new directory> [--missing --cache=<file>]`: the inputs of every
// cell of a pinned-runs harness, for a system that runs outside the build
// (export_runs_command.h, docs/run_cache.md).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/grid/commands/export_runs_command.h"
#include "stages/retrieval/run_command.h"

ABSL_FLAG(std::string, experiment, "", "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::string, harness, "", "a pinned-runs harness of the experiment");
ABSL_FLAG(std::string, out, "", "the directory to write (must not exist); none: only list");
ABSL_FLAG(bool, missing, false, "only the cells whose key --cache lacks");
ABSL_FLAG(std::string, cache, "", "the run cache file (with --missing)");
ABSL_FLAG(std::vector<std::string>, indexes, {},
          "search_index.textproto files (set by the BUILD rule)");
ABSL_FLAG(std::string, export_index, "", "the experiment's export index (set by the BUILD rule)");

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "export_runs", [] {
    return repro::grid::ExportRuns({absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_export_index),
                                    absl::GetFlag(FLAGS_experiment), absl::GetFlag(FLAGS_harness),
                                    absl::GetFlag(FLAGS_out), absl::GetFlag(FLAGS_cache),
                                    absl::GetFlag(FLAGS_missing)});
  });
}
