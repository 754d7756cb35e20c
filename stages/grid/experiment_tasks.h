// The tasks of a task set that one experiment runs (Experiment.exclude_tasks).
//
// ExperimentTasks(set, experiment, source) returns `set` without the tasks
// the experiment excludes, in the set's order, every other field as is.
// InvalidArgument naming `source` (the experiment file) and the field,
// expected vs found, when an excluded id is not a task of the set, is
// excluded twice, has an empty reason, or when no task would remain; and
// when the experiment has an S002 dose and a remaining task's query has
// fewer than 2 usable words (retrieval::QueryVocabulary), naming every
// such task: the grid stops here, before any cell, not at the first S002
// cell of that task.
#ifndef REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_
#define REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/experiment.pb.h"

namespace repro::grid {

absl::StatusOr<corpus::TaskSet> ExperimentTasks(const corpus::TaskSet& set,
                                                const experiments::Experiment& experiment,
                                                absl::string_view source);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_
