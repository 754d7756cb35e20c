// Stage grid_units: the units of a run of consecutive tasks (unit_shard.h),
// one shard of the aggregate's input.
//
// Inputs: "conditions" (conditions.pb, the validated ConditionTable) and
// "outcome/<cell stage>", the ConditionOutcome JSON of every cell of the
// shard's tasks. Flags: --tasks=<id>,... (the shard's tasks in report order)
// and --harnesses=<name>,... (the experiment's, in its order). Output: the
// one declared file, units_<k>.pb (a UnitShard, deterministic bytes).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/aggregate/unit_shard.h"
#include "stages/grid/grid.pb.h"

ABSL_FLAG(std::vector<std::string>, tasks, {}, "The shard's task ids, in report order.");
ABSL_FLAG(std::vector<std::string>, harnesses, {}, "The experiment's harnesses, in its order.");

namespace repro::grid {
namespace {

absl::StatusOr<std::vector<ConditionOutcome>> ReadOutcomes(const Stage& stage) {
  std::vector<ConditionOutcome> outcomes;
  for (const std::string& role : stage.Roles("outcome/")) {
    ASSIGN_OR_RETURN(const std::string json, stage.Read(role));
    ConditionOutcome o;
    RETURN_IF_ERROR(FromJson(json, role, &o));
    outcomes.push_back(std::move(o));
  }
  return outcomes;
}

absl::StatusOr<std::string> OutputName(const Stage& stage) {
  if (stage.output_paths().size() != 1 ||
      !absl::EndsWith(stage.output_paths().begin()->first, ".pb")) {
    return absl::InvalidArgumentError(absl::StrCat(
        "grid_units declares one output, units_<k>.pb; found ", stage.output_paths().size()));
  }
  return stage.output_paths().begin()->first;
}

absl::Status Run(Stage& stage) {
  const std::vector<std::string> tasks = absl::GetFlag(FLAGS_tasks);
  const std::vector<std::string> harnesses = absl::GetFlag(FLAGS_harnesses);
  if (tasks.empty() || harnesses.empty()) {
    return absl::InvalidArgumentError("--tasks and --harnesses: expected at least one each");
  }
  ConditionTable conditions;
  RETURN_IF_ERROR(ReadInputProto(stage, "conditions", &conditions));
  ASSIGN_OR_RETURN(const std::vector<ConditionOutcome> outcomes, ReadOutcomes(stage));
  ASSIGN_OR_RETURN(const UnitShard shard, BuildUnitShard(conditions, tasks, harnesses, outcomes));
  ASSIGN_OR_RETURN(const std::string name, OutputName(stage));
  return stage.Write(name, DeterministicBytes(shard));
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
