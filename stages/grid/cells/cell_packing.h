// Packing on every cell and the stage diagnosis of every gold function
// (docs/packing.md, "Packing in every cell"; outcomes: docs/metrics.md,
// "Packing" and "The funnel").
//
// PackCell(packing, pool, gold, ranked, first_stage, where, outcome) takes a
// checked Experiment.packing (packing_config.h), the cell's packing pool in
// rank order with every cost set (packing_pool.h, unit_costs.h), the gold
// labels, the harness's ranked result and, for a reranker's cell, its first
// stage's result (else null). It fills the outcome's packing_pool, packing
// and funnel:
//  1. A unit costing more than the largest budget is counted
//     (units_above_every_budget); unless the block declares
//     keep_units_above_every_budget it stops the cell (it could never be
//     packed under any rule): InvalidArgument naming `where`, the unit, its
//     rank and the field cost, expected vs found. A kept one is skipped
//     "does not fit" by every rule.
//  2. With a redundancy treatment, the near duplicates among the pool's
//     texts (near_duplicates.h, the treatment's shingle size and threshold);
//     the later-ranked unit names the earlier. The relations are data on
//     every unit, so every rule packs the same units.
//  3. Per budget (ascending): the baseline (greedy by rank, skip-and-
//     continue) and each treatment, each compared alone against the
//     baseline (single_factor.h: the order, costs, labels and budget must
//     be the same besides the declared rule).
//  4. Per distinct gold function (sorted): its rank among the distinct
//     functions the harness ranked (the order function recall@10 reads),
//     its rank in the first stage's list, whether it is above the cutoff 10,
//     in the packing pool, and packed by each result; "used in an answer:
//     not evaluated".
#ifndef REPRO_STAGES_GRID_CELLS_CELL_PACKING_H_
#define REPRO_STAGES_GRID_CELLS_CELL_PACKING_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/grid/cells/outcomes.h"
#include "stages/grid/cells/packing_pool.h"
#include "stages/grid/grid.pb.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::grid {

inline constexpr int kFunnelCutoff = 10;
inline constexpr char kNotEvaluated[] = "not evaluated";

absl::Status PackCell(const experiments::Packing& packing, std::vector<PoolEntry> pool,
                      const GoldLabels& gold, const retrieval::HarnessResult& ranked,
                      const retrieval::HarnessResult* first_stage, const std::string& where,
                      ConditionOutcome* outcome);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_CELL_PACKING_H_
