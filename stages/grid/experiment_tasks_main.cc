// Stage experiment_tasks: the tasks one experiment runs (experiment_tasks.h).
// Flag --source: the experiment file, for messages. Inputs (roles): task_set
// (the set's validated TaskSet), grid_spec (GridSpec: the experiment's
// exclude_tasks). Output: tasks.pb, the TaskSet without the excluded tasks,
// which the aggregate, the TREC export and the harness baseline read.
#include <string>

#include "absl/flags/flag.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/experiment_tasks.h"
#include "stages/grid/grid.pb.h"

ABSL_FLAG(std::string, source, "", "The experiment file, for messages.");

namespace repro::grid {
namespace {

absl::Status Run(Stage& stage) {
  corpus::TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "task_set", &set));
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  ASSIGN_OR_RETURN(const corpus::TaskSet tasks,
                   ExperimentTasks(set, spec.experiment(), absl::GetFlag(FLAGS_source)));
  return corpus::WriteOnlyOutputProto(stage, tasks);
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
