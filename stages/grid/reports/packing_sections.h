// The packing section of report.md (docs/packing.md, "Packing in every
// cell"; definitions: docs/metrics.md, "Packing" and "The funnel"), written
// with report_text.h; nothing when the cells do not pack (no
// GridReport.packing).
//
// 1. What every cell packs: the unit, the cost, the budgets, the depth, the
//    baseline and the treatments, each alone against the baseline.
// 2. The funnel: per harness and condition (the grid's order), the number
//    of gold functions (token "<H>.<condition label>.funnel_gold_functions")
//    and the share of them at each stage with its task-clustered 95%
//    interval (token "<H>.<label>.funnel_<stage>"): in the candidate pool,
//    above the cutoff before reranking (rerankers), above the cutoff, in
//    the packing pool, packed under each budget and rule; and "used in an
//    answer": not evaluated.
// 3. Per budget: per harness, condition and rule, the task means of gold
//    function and gold file coverage, cost used and left, units packed,
//    distinct files, redundant pairs admitted and the skips by reason
//    (tokens "<H>.<label>.pack_<budget>_<rule>_<quantity>").
#ifndef REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

void PackingSections(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_
