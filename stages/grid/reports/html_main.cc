// Stage grid_html: the report a person looks at, report.html (html_report.h).
// Inputs: "report" (the aggregate's report.json, a GridReport), "markdown"
// (its report.md, the page's text), "cells" (its cells.csv: each unit's
// Acc@k, which report.json does not carry; cells_accuracy.h) and one role
// "plot/<name>" per SVG of the aggregate (dose-response, rank-displacement,
// staleness when the experiment has it), embedded in role order.
// Output: report.html; no argument.
#include <string>
#include <vector>

#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/cells_accuracy.h"
#include "stages/grid/reports/html_report.h"

namespace repro::grid {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const std::string json, stage.Read("report"));
  GridReport report;
  RETURN_IF_ERROR(FromJson(json, "report.json", &report));
  ASSIGN_OR_RETURN(const std::string markdown, stage.Read("markdown"));
  ASSIGN_OR_RETURN(const std::string cells_csv, stage.Read("cells"));
  ASSIGN_OR_RETURN(const std::vector<UnitAccuracy> accuracy, ReadCellsAccuracy(report, cells_csv));
  NamedPlots plots;
  for (const std::string& role : stage.Roles("plot/")) {
    ASSIGN_OR_RETURN(std::string svg, stage.Read(role));
    plots.emplace_back(role.substr(5), std::move(svg));
  }
  ASSIGN_OR_RETURN(const std::string html, RenderHtmlReport(report, markdown, accuracy, plots));
  return stage.Write("report.html", html);
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
