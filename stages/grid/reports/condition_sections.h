// The sections of report.md per condition, written with report_text.h, each
// a table of one metric a row and a column per harness and over all:
//  - BaselineAndS001: the baseline's condition metrics (and why a file-level
//    harness's function recall is low by construction), S001's paired and
//    condition metrics and its effective dose per task, the staleness sweep
//    when the experiment has several S001 depths (effective dose and paired
//    deltas per depth), and one section per kind outside the composite cells;
//  - S002DoseResponse: S002's paired metrics at each dose, and the two plots
//    (dose_response.svg, rank_displacement.svg).
#ifndef REPRO_STAGES_GRID_REPORTS_CONDITION_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_CONDITION_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

// Baseline and S001 tables, the S001 effective dose, and the sweep if any.
void BaselineAndS001(const GridReport& r, Writer& w);

// S002 per dose and the plots.
void S002DoseResponse(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_CONDITION_SECTIONS_H_
