// The page a person looks at: a grid report as one self-contained HTML file.
//
// RenderHtmlReport(report, report_md, accuracy, plots) returns report.html, a
// report::HtmlPage (html_page.h: no script, nothing loaded from elsewhere,
// CSS inline). Its text is report.md's own, from one source: `report_md` (the
// aggregate's report.md, as report_writer.h writes it) rendered by
// report::MarkdownToHtml inside <div id="report">, so every section,
// definition, caveat and number reads as report.md prints it (every frozen
// token value of report.tokens.txt is on the page). A paragraph of
// report.md that is one image, `![alt](<file>.svg)`, whose file names a plot
// of `plots` (its stem with '_' read as '-': dose_response.svg is
// "dose-response") is that plot's SVG inline, in <figure id="plot-<name>">
// with `alt` as its caption; any other image is its alt text. After
// report.md's text, when the cells pack (GridReport.packing set), the
// section "Packing and the funnel" (packing_figures.h: a funnel figure per
// condition group, a coverage table per budget; a page without packing has
// neither the section nor its CSS). Then, under "Per unit":
//   - the plots of `plots` that report.md does not show, in the given order;
//   - a scatter of baseline MRR (x) against each perturbation's MRR (y), one
//     point per paired unit (GridReport.units: every kind, depth and dose),
//     the diagonal drawn, both axes labelled, each kind in its colour (by its
//     place among the report's conditions: svg_plot.h's kStaleColor and
//     kDistractorColor first, then a fixed palette), with a legend
//     (<figure id="plot-scatter">);
//   - "Units": one row per unit (id, task, harness, condition label, MRR and,
//     for a perturbation, its delta MRR against the baseline, four decimals
//     as report.md prints them; its file and function Acc@k at each cutoff
//     of kAccuracyCutoffs, 0 or 1, from `accuracy`, one per unit in their
//     order, as cells.csv holds them (cells_accuracy.h), "n/a" for a task
//     without a gold function), with the commands that rerun its query
//     (`bazel run //stages/grid:search -- --experiment=<e> --harness=<h>
//     --task=<t>`) and show its lineage (`bazel run //tools/lineage --
//     bazel-bin/reports/<e> <unit id>`) in a collapsed <details>, wrapped,
//     never clipped.
// The page's CSS keeps a table cell of report.md on one line (an interval
// "mean [low, high]" never wraps inside its value). Every string from the
// report is HTML-escaped (report::XmlEscape); an SVG of `plots` must start
// with "<svg" (the aggregate's files do) and is embedded as it is, since the
// aggregate wrote it from the same escaped primitives. Equal inputs give
// equal bytes.
//
// Errors: InvalidArgument naming the plot when an SVG does not start with
// "<svg"; InvalidArgument when `accuracy` does not hold one entry per unit;
// MarkdownToHtml's and PackingFigures' errors.
#ifndef REPRO_STAGES_GRID_REPORTS_HTML_REPORT_H_
#define REPRO_STAGES_GRID_REPORTS_HTML_REPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

// (name, SVG text), e.g. ("dose-response", "<svg ...").
using NamedPlots = std::vector<std::pair<std::string, std::string>>;

absl::StatusOr<std::string> RenderHtmlReport(const GridReport& report, absl::string_view report_md,
                                             const std::vector<UnitAccuracy>& accuracy,
                                             const NamedPlots& plots);

// The per-task scatter plot of RenderHtmlReport, as SVG.
std::string ScatterSvg(const GridReport& report);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_HTML_REPORT_H_
