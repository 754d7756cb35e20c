// The plots of the grid report, drawn with svg_plot.h:
//  - DoseResponseSvg: mean MRR per harness at the baseline and at each
//    distractor dose, with 95% task-bootstrap intervals;
//  - StalenessSvg: mean S001 delta MRR per harness and over all, by
//    staleness depth (the sweep; drawn only with several depths);
//  - RankDisplacementSvg: each harness's first-gold rank deltas under S001
//    and under the highest distractor dose, one dot a cell.
// Titles name the grid and the conditions by the ids of the experiment's table.
#ifndef REPRO_STAGES_GRID_REPORTS_REPORT_PLOTS_H_
#define REPRO_STAGES_GRID_REPORTS_REPORT_PLOTS_H_

#include <string>

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

std::string DoseResponseSvg(const GridReport& r, const Summaries& s, const Names& n);

// Mean delta MRR of S001 by depth (the sweep), per harness and over all.
std::string StalenessSvg(const GridReport& r, const Summaries& s, const Names& n);

std::string RankDisplacementSvg(const GridReport& r, const Names& n);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_REPORT_PLOTS_H_
