// The page's section on packing (report.html, html_report.h): "Packing and
// the funnel", drawn from the summary rows of a grid whose cells pack
// (GridReport.packing set; docs/packing.md; docs/metrics.md, "Packing" and
// "The funnel").
//
// PackingFigures(report) returns the section's markup, <div id="packing">:
//  - a line pointing to report.md's section, which holds the declaration,
//    the definitions and the numbers;
//  - per condition group (a Summary (condition, dose) with a
//    "funnel_in_pool" row, in the summaries' order: the baseline first), a
//    funnel <figure id="plot-funnel-<label>"> drawn by ShareGridSvg
//    (svg_plot.h): one row per harness of the group (report order, its
//    series colour), labelled "of N gold functions" (N: the units of its
//    funnel_in_pool row); one column per stage, in order: in the candidate
//    pool (funnel_in_pool), above the cutoff before reranking
//    (funnel_above_cutoff_before_rerank; the column only when a harness of
//    the group has the row), above the cutoff (funnel_above_cutoff), in the
//    packing pool (funnel_in_packing_pool), then packed under each budget
//    and rule (funnel_packed_<budget>_<rule>: the budgets in declared order,
//    per budget greedy first, then the treatments as declared); each bar the
//    row's mean with its interval, "n/a" for a row the aggregate did not
//    write; under the rows, "used in an answer: not evaluated";
// The numbers themselves are report.md's (its section "Packing and the
// funnel", packing_sections.h): the page draws them, it writes no table.
// A group's label is the report's (Conditions::Label: "baseline", "S002.d5").
// Every string from the report is HTML-escaped; equal inputs give equal
// bytes.
//
// Errors: InvalidArgument when the report has no packing block;
// Conditions::Create's when its conditions are not a valid table.
#ifndef REPRO_STAGES_GRID_REPORTS_PACKING_FIGURES_H_
#define REPRO_STAGES_GRID_REPORTS_PACKING_FIGURES_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

absl::StatusOr<std::string> PackingFigures(const GridReport& report);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_PACKING_FIGURES_H_
