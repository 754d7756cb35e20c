// `bazel run //stages/grid:search -- --experiment=<name> --harness=<H> --task=<T>`:
// a harness on a task, its ranked files and metrics (search_command.h).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/usage.h"
#include "stages/grid/commands/search_command.h"
#include "stages/retrieval/run_command.h"

ABSL_FLAG(std::string, experiment, "e04_fixture",
          "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::string, harness, "all", "a harness of the experiment, or all");
ABSL_FLAG(std::string, task, "all", "task id, or all");
ABSL_FLAG(int, top, 20, "ranked files (and functions) to print per run");
ABSL_FLAG(bool, json, false, "print each HarnessResult as JSON");
ABSL_FLAG(std::vector<std::string>, indexes, {},
          "search_index.textproto files (set by the BUILD rule)");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "bazel run //stages/grid:search -- --experiment=<name> --harness=<name|all> "
      "--task=<id|all>");
  return repro::retrieval::RunCommand(argc, argv, "search", [] {
    return repro::grid::RunSearch({absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_experiment),
                                   absl::GetFlag(FLAGS_harness), absl::GetFlag(FLAGS_task),
                                   absl::GetFlag(FLAGS_top), absl::GetFlag(FLAGS_json)});
  });
}
