// Stage experiment_pins: the model pins of an experiment as built
// (pins_stage.h).
//
// Input "experiment": the experiment's CellSpec (experiment.proto), which
// names the experiment (for the file header) and its task set.
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/pins_stage.h"

namespace {

absl::Status Run(repro::Stage& stage) {
  repro::experiments::CellSpec spec;
  RETURN_IF_ERROR(repro::ReadInputProto(stage, "experiment", &spec));
  return repro::grid::WritePins(stage, spec.pins().task_set(), spec.experiment());
}

}  // namespace

int main(int argc, char** argv) { return repro::RunStage(argc, argv, Run); }
