// The grid's units from the cells' outcomes: the first half of the
// aggregate, run per shard of consecutive tasks (stage grid_units,
// unit_shard_main.cc) so that reading every cell's JSON is spread over
// parallel actions, and the analysis (aggregate.h) reads small binary rows.
//
// BuildUnitShard takes the experiment's conditions (validated,
// conditions.pb), the shard's tasks and the grid's harnesses, each in report
// order, and the cells' outcomes of exactly those tasks and harnesses. It
// returns one GridUnit per (task, harness, condition) in report order (tasks,
// harnesses, the table's conditions), each perturbation paired with the
// baseline of its task and harness (paired.h), gold_returned counted, the
// outcome without its lists; and the lists as a Rankings (rankings.h).
//
// Errors (InvalidArgument): an outcome whose condition is not the table's;
// an outcome of a task or harness outside the lists; two outcomes of one
// task, harness and label ("duplicate outcome: task T, harness H, label
// L"); a missing one ("missing outcome: task T, harness H, label L"); ranks
// out of order (rankings.h).
#ifndef REPRO_STAGES_GRID_AGGREGATE_UNIT_SHARD_H_
#define REPRO_STAGES_GRID_AGGREGATE_UNIT_SHARD_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

absl::StatusOr<UnitShard> BuildUnitShard(const ConditionTable& conditions,
                                         const std::vector<std::string>& task_ids,
                                         const std::vector<std::string>& harnesses,
                                         const std::vector<ConditionOutcome>& outcomes);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_UNIT_SHARD_H_
