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
//   base/<task>, stale_k<d>/<task>   snapshot manifests at base and at each
//                         S001 depth d (the S001 effective dose)
//   labels/<task>         Labels (which files are gold)
//   training_manifest     the snapshot manifest of the task set's LSA
//                         training commit (per task: are its gold files in
//                         the snapshot the dense model trains on?)
//   base_chunks/<task>    the ChunkSet of the base snapshot
//   rules/<language>      the task set's languages' rules (language_set.h):
//                         files and chunks per language of each base
// Outputs: report.json (GridReport without the composite cells), rankings.pb
// (Rankings, rankings.h), report.md, cells.csv, dose_response.svg,
// rank_displacement.svg, report.tokens.txt, and with several depths staleness.svg.
#ifndef REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_
#define REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// Reads the inputs above, aggregates the grid (aggregate.h) and writes the
// report files (report_writer.h).
absl::Status RunAggregate(Stage& stage);

// What changed between the tree of input `<stale_role><task>` (a snapshot
// manifest at base~depth) and input base/<task>, for one task: files added,
// removed and changed, and whether a gold file (input labels/<task>) changed
// or is missing at the stale tree.
absl::StatusOr<StalenessDose> EffectiveDose(const Stage& stage, const corpus::Task& task,
                                            const std::string& stale_role, int depth);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_STAGE_H_
