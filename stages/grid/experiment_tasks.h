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
//
// MergeTaskSets(sets, experiment) is the one TaskSet of an experiment over
// several task sets (Experiment.task_set, in its order; `sets` holds each
// set's validated TaskSet, same order and size, else InvalidArgument): the
// sets' tasks one set after another, each with Task.task_set = its set's
// name; repository the sets' repositories (TaskSetRef.repo, else the task
// file's repository) joined by ", "; no lsa_training_commit (each set
// trains its own model). A task id found in two sets is InvalidArgument
// naming both (the loading checks it first, grid.bzl).
#ifndef REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_
#define REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/experiment.pb.h"

namespace repro::grid {

absl::StatusOr<corpus::TaskSet> ExperimentTasks(const corpus::TaskSet& set,
                                                const experiments::Experiment& experiment,
                                                absl::string_view source);

absl::StatusOr<corpus::TaskSet> MergeTaskSets(const std::vector<corpus::TaskSet>& sets,
                                              const experiments::Experiment& experiment);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_EXPERIMENT_TASKS_H_
