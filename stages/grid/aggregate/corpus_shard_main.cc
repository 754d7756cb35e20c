// Stage grid_corpus: the corpus facts of a run of consecutive tasks
// (corpus_shard.h: inputs), one shard of the aggregate's input.
//
// Flags: --tasks=<id>,... (the shard's tasks in report order) and
// --depths=<d>,... (the experiment's S001 depths, in its order; empty when
// it has none). Output: the one declared file, corpus_<k>.pb (a
// CorpusShard, deterministic bytes).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/aggregate/corpus_shard.h"

ABSL_FLAG(std::vector<std::string>, tasks, {}, "The shard's task ids, in report order.");
ABSL_FLAG(std::vector<std::string>, depths, {}, "The experiment's S001 depths, in its order.");

namespace repro::grid {
namespace {

absl::StatusOr<std::vector<int>> Depths() {
  std::vector<int> depths;
  for (const std::string& d : absl::GetFlag(FLAGS_depths)) {
    int depth = 0;
    if (!absl::SimpleAtoi(d, &depth) || depth < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("--depths: expected positive integers, found \"", d, "\""));
    }
    depths.push_back(depth);
  }
  return depths;
}

absl::Status Run(Stage& stage) {
  const std::vector<std::string> tasks = absl::GetFlag(FLAGS_tasks);
  if (tasks.empty()) return absl::InvalidArgumentError("--tasks: expected at least one task id");
  ASSIGN_OR_RETURN(const std::vector<int> depths, Depths());
  if (stage.output_paths().size() != 1 ||
      !absl::EndsWith(stage.output_paths().begin()->first, ".pb")) {
    return absl::InvalidArgumentError(absl::StrCat(
        "grid_corpus declares one output, corpus_<k>.pb; found ", stage.output_paths().size()));
  }
  ASSIGN_OR_RETURN(const CorpusShard shard, BuildCorpusShard(stage, tasks, depths));
  return stage.Write(stage.output_paths().begin()->first, DeterministicBytes(shard));
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
