// Stage experiment_pins: the model pins of an experiment as built
// (pins_stage.h).
//
// Flags: --task_set_name=<set> --experiment=<name>.
#include <string>

#include "absl/flags/flag.h"
#include "stages/e04/pins_stage.h"
#include "stages/experiments/model_pins.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, experiment, "", "Experiment name, for the file header.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) {
    return repro::experiments::WritePins(stage, absl::GetFlag(FLAGS_task_set_name),
                                         absl::GetFlag(FLAGS_experiment));
  });
}
