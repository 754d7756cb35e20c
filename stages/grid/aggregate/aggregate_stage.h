// The body of stage grid_aggregate (aggregate_main.cc): the composite cells,
// the analysis and the report files.
//
// Inputs (roles):
//   grid_spec             GridSpec (grid_spec.h): title, harness configs in
//                         the report's order (comparisons from their
//                         compare_with), S001 depths, S002 doses, bootstrap
//   conditions            the experiment's ConditionTable (conditions.h)
//   tasks                 TaskSet: the tasks the experiment runs (tasks.pb of
//                         the experiment_tasks stage; task order of the report)
//   units/<k>             the grid_units shards (UnitShard, unit_shard.h),
//                         k zero-padded, consecutive tasks in report order:
//                         every unit of the grid and its ranked lists
//   corpus/<k>            the grid_corpus shards (CorpusShard,
//                         corpus_shard.h), the same runs of tasks: per task
//                         its base's files and chunks per language and its
//                         S001 effective doses
//   labels/<task>         Labels (which files and functions are gold: the
//                         units' Acc@k, localization.h)
//   training_manifest     the snapshot manifest of the task set's LSA
//                         training commit (per task: are its gold files in
//                         the snapshot the dense model trains on?)
//   rules/<language>      the task set's languages' rules (language_set.h):
//                         the report's languages, in the set's order
// Outputs: report.json (GridReport without the composite cells), rankings.pb
// (Rankings, rankings.h), report.md, cells.csv, dose_response.svg,
// rank_displacement.svg, report.tokens.txt, and with several depths staleness.svg.
#ifndef REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_
#define REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_

#include "absl/status/status.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::grid {

// Reads the inputs above, aggregates the grid (aggregate.h) and writes the
// report files (report_writer.h).
absl::Status RunAggregate(Stage& stage);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_
