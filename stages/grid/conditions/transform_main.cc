// Stage grid_transform: one task's base snapshot through one condition's
// corpus transform (transform_stage.h: inputs, outputs, errors). Every
// transform library is linked here and registers itself by kind
// (transform_registry.h).
//
// Flags: --task=<id> --base_commit=<40 hex> --condition=<cell suffix>.
#include <string>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/conditions/transform_stage.h"

ABSL_FLAG(std::string, task, "", "Task id.");
ABSL_FLAG(std::string, base_commit, "", "The task's base_commit: the snapshot must be of it.");
ABSL_FLAG(std::string, condition, "", "The cell suffix of a transformed condition.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) {
    return repro::grid::RunTransform(stage,
                                     {absl::GetFlag(FLAGS_task), absl::GetFlag(FLAGS_base_commit),
                                      absl::GetFlag(FLAGS_condition)});
  });
}
