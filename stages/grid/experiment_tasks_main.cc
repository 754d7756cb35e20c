// Stage experiment_tasks: the tasks one experiment runs (experiment_tasks.h).
// Flag --source: the experiment file, for messages. Inputs (roles): task_set
// (the set's validated TaskSet; with several sets, task_set/<set name> each,
// merged by MergeTaskSets), grid_spec (GridSpec: the experiment's
// exclude_tasks). Output: tasks.pb, the TaskSet without the excluded tasks,
// which the aggregate, the TREC export and the harness baseline read.
#include <string>
#include <vector>

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

// The experiment's one TaskSet: input task_set, or with several sets each
// set's task_set/<name>, merged (MergeTaskSets).
absl::StatusOr<corpus::TaskSet> ReadTaskSets(const Stage& stage, const GridSpec& spec) {
  corpus::TaskSet set;
  if (spec.experiment().task_set_size() == 1) {
    RETURN_IF_ERROR(ReadInputProto(stage, "task_set", &set));
    return set;
  }
  std::vector<corpus::TaskSet> sets;
  for (const experiments::TaskSetRef& ref : spec.experiment().task_set()) {
    RETURN_IF_ERROR(ReadInputProto(stage, "task_set/" + ref.name(), &sets.emplace_back()));
  }
  return MergeTaskSets(sets, spec.experiment());
}

absl::Status Run(Stage& stage) {
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  ASSIGN_OR_RETURN(const corpus::TaskSet set, ReadTaskSets(stage, spec));
  ASSIGN_OR_RETURN(const corpus::TaskSet tasks,
                   ExperimentTasks(set, spec.experiment(), absl::GetFlag(FLAGS_source)));
  return corpus::WriteOnlyOutputProto(stage, tasks);
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
