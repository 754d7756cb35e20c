// Per task set of an experiment over several (GridReport.task_sets): the
// analysis of aggregate.h over each set's tasks alone.
//
// TaskSetReports(input, tasks, experiment, units, accuracy) returns one
// TaskSetReport per set of `experiment` (Experiment.task_set, in its order):
// its name, its repository (TaskSetRef.repo, else the sets' TaskSet.repository
// as MergeTaskSets joined them: the set's own part is not recoverable, so the
// set name stands in), the ids of its tasks among `tasks` (the experiment's
// tasks.pb: Task.task_set names each task's set, experiment_tasks.h), and
// every Summary row and paired test of AggregateUnits over `input`, `units`
// and `accuracy` restricted to those tasks (their task ids, S001 doses and
// staleness doses; the same conditions, harnesses, comparisons, bootstrap
// resamples and seed: the bootstrap resamples the set's tasks). The LSA
// training fields are left for the aggregate stage (it reads the sets'
// training snapshots).
//
// `units` and `accuracy` are the whole grid's, one UnitAccuracy per unit
// (else InvalidArgument). A set with no task in `tasks` (all excluded) is
// InvalidArgument naming it: its figures would be empty.
#ifndef REPRO_STAGES_GRID_AGGREGATE_TASK_SET_REPORTS_H_
#define REPRO_STAGES_GRID_AGGREGATE_TASK_SET_REPORTS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/grid/aggregate/aggregate.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

absl::StatusOr<std::vector<TaskSetReport>> TaskSetReports(
    const GridInput& input, const corpus::TaskSet& tasks, const experiments::Experiment& experiment,
    const google::protobuf::RepeatedPtrField<GridUnit>& units,
    const std::vector<UnitAccuracy>& accuracy);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_TASK_SET_REPORTS_H_
