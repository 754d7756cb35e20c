// Stage experiment_spec: the experiment, validated once for its whole grid
// (grid_spec.h), split into the part each stage reads.
//
// Inputs (roles):
//   experiment   the resolved experiment text proto (@experiments//:<name>.textproto:
//                the authored file with its defaults)
//   harness/<i>  the HarnessConfig of experiment.harnesses[i], i = 0, 1, ...
// Flags (named by the grid rules): --source=data/experiments/<name>.textproto
// (for messages), --pins_file, --pins_refreeze (GridSpec.pins).
// Outputs:
//   grid_spec.pb  GridSpec (grid.proto): the experiment and its harness configs
//   cell_spec.pb  CellSpec (experiment.proto): CellPart (grid_spec.h), what
//                 the cells, the harness baseline and the pins stage read
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/grid_spec.h"
#include "stages/retrieval/harness_config.h"

ABSL_FLAG(std::string, source, "", "The experiment file, for messages.");
ABSL_FLAG(std::string, pins_file, "", "The experiment's pin file (workspace-relative).");
ABSL_FLAG(std::string, pins_refreeze, "", "The command that rewrites the pin file.");

namespace repro::grid {
namespace {

absl::StatusOr<GridSpec> ReadSpec(const Stage& stage) {
  GridSpec spec;
  spec.set_source(absl::GetFlag(FLAGS_source));
  RETURN_IF_ERROR(ReadInputProto(stage, "experiment", spec.mutable_experiment()));
  if (spec.experiment().task_set_size() > 0) {  // else CheckPins names the field
    spec.mutable_pins()->set_task_set(spec.experiment().task_set(0).name());
  }
  spec.mutable_pins()->set_file(absl::GetFlag(FLAGS_pins_file));
  spec.mutable_pins()->set_refreeze_command(absl::GetFlag(FLAGS_pins_refreeze));
  for (int i = 0; i < spec.experiment().harnesses_size(); ++i) {
    const std::string role = absl::StrCat("harness/", i);
    ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find(role));
    ASSIGN_OR_RETURN(const std::string text, stage.Read(role));
    ASSIGN_OR_RETURN(*spec.add_harnesses(), retrieval::ParseHarnessConfig(text, in->short_path));
  }
  if (stage.Roles("harness/").size() != static_cast<size_t>(spec.harnesses_size())) {
    return absl::InvalidArgumentError(absl::StrCat("expected one harness/<i> input per harness of ",
                                                   spec.source(), " (", spec.harnesses_size(),
                                                   "), found ", stage.Roles("harness/").size()));
  }
  return spec;
}

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const GridSpec spec, ReadSpec(stage));
  RETURN_IF_ERROR(ValidateGridSpec(spec));
  RETURN_IF_ERROR(WriteOutputProto(stage, "grid_spec.pb", spec));
  return WriteOutputProto(stage, "cell_spec.pb", CellPart(spec));
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
