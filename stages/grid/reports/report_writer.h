// Renders an experiment's grid report from an aggregated GridReport:
//  - report.md: summary first (what moved, by how much, with 95% intervals), then
//    the tables, then what the grid does not evaluate;
//  - cells.csv: one row per unit (GridReport.units and their localization
//    accuracy, `accuracy`, one per unit in their order; cells_csv.h);
//  - dose_response.svg and rank_displacement.svg; with several S001 depths
//    the staleness sweep section and staleness.svg;
//  - tokens ("<key>\t<value>", sorted; every value verbatim in report.md) for the
//    frozen-token gate (stages/framework/tokens/tokens.h).
// cells.csv is written with report::CsvTable (RFC 4180 quoting), the plots
// with stages/grid/svg_plot.h. The experiment's prose (its title, each
// exclude_tasks reason, each harness's description) enters report.md through
// report::MarkdownText (markdown.h): shown as written, on one line, it adds no
// Markdown. RenderReport fails (InvalidArgument) only when a
// token could not be frozen (a repeated key with another value, a value not in
// report.md) or a CSV row has another width than the header: both are bugs of the
// writer, not of the data.
// Formats: means and interval bounds with 4 decimals, "m [low, high]";
// censored first-gold ranks as ">200" (candidate_limit 200).
#ifndef REPRO_STAGES_GRID_REPORTS_REPORT_WRITER_H_
#define REPRO_STAGES_GRID_REPORTS_REPORT_WRITER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

struct RenderedReport {
  std::string markdown;
  std::string cells_csv;
  std::string dose_response_svg;
  std::string rank_displacement_svg;
  std::string staleness_svg;  // with several S001 depths only (the sweep)
  tokens::TokenList tokens;
};

absl::StatusOr<RenderedReport> RenderReport(const GridReport& report,
                                            const std::vector<UnitAccuracy>& accuracy);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_REPORT_WRITER_H_
