// The packing section of report.md (docs/packing.md, "Packing in every
// cell"; definitions: docs/metrics.md, "Packing" and "The funnel"), written
// with report_text.h; nothing when the cells do not pack (no
// GridReport.packing).
//
// 1. What every cell packs: the unit, the cost, the budgets, the depth, the
//    baseline and the treatments, each alone against the baseline.
// 2. The funnel: per condition group (the grid's order) a table with a row
//    per stage and a column per harness: the number of gold functions
//    (token "<H>.<condition label>.funnel_gold_functions") and the share of
//    them at each stage with its task-clustered 95% interval (token
//    "<H>.<label>.funnel_<stage>"): in the candidate pool, above the cutoff
//    before reranking (rerankers), above the cutoff, in the packing pool,
//    packed under each budget and rule; and "used in an answer": not
//    evaluated.
// 3. Per budget: the gold function coverage and the gold file coverage,
//    each a table of harness x condition rows and a column per rule (task
//    means with their intervals), then the accounting per harness,
//    condition and rule: cost used and left, units packed, distinct files,
//    redundant pairs admitted and the skips by reason, their task means
//    only (tokens "<H>.<label>.pack_<budget>_<rule>_<quantity>"; the
//    intervals are in report.json), so that every table fits the page.
#ifndef REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

void PackingSections(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_PACKING_SECTIONS_H_
