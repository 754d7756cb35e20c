#include "stages/grid/reports/html_report.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/html_page.h"
#include "stages/framework/report/svg.h"
#include "stages/grid/reports/packing_figures.h"
#include "stages/grid/reports/svg_plot.h"

namespace repro::grid {
namespace {

using report::PlotFrame;
using report::SvgNumber;
using report::SvgTag;
using report::SvgText;
using report::XmlEscape;

std::string Num(double v) { return absl::StrFormat("%.4f", v == 0 ? 0.0 : v); }

std::string Td(absl::string_view text) { return absl::StrCat("<td>", XmlEscape(text), "</td>"); }
std::string NumCell(absl::string_view text) {
  return absl::StrCat("<td class=\"n\">", XmlEscape(text), "</td>");
}

// The CSS of this page beyond the report style: the page takes the window's
// width, and a cell of report.md's tables stays on one line (an interval
// never wraps inside its value) in a type small enough for the widest of
// them (8 or more interval columns, as the harness differences per metric
// have) at 1,280 px; the units table's commands wrap anywhere rather than
// overflow.
constexpr char kGridStyle[] =
    "body{max-width:none;margin:1em}"
    "#report table{font-size:12px}"
    "#report table:has(th:nth-child(8)){font-size:11px}"
    "#report th,#report td{padding:2px 4px}"
    "#report td{white-space:nowrap;font-variant-numeric:tabular-nums}"
    "#units details pre{margin:2px 0;overflow-wrap:anywhere}"
    "svg{max-width:100%;height:auto}";

// The packing section's tables (packing_figures.h), only on a page that has
// them: their interval cells on one line, in report.md's table type.
constexpr char kPackingStyle[] =
    "#packing table{font-size:12px}"
    "#packing th,#packing td{padding:2px 4px}"
    "#packing td{white-space:nowrap}";

// The commands of one unit, collapsed: rerun its query, show its lineage.
std::string CommandsCell(const GridReport& r, const GridUnit& u) {
  return absl::StrCat(
      "<td><details><summary>commands</summary><pre>",
      XmlEscape(absl::StrCat("bazel run //stages/grid:search -- --experiment=", r.experiment(),
                             " --harness=", u.harness(), " --task=", u.task_id())),
      "\n",
      XmlEscape(absl::StrCat("bazel run //tools/lineage -- bazel-bin/reports/", r.experiment(), " ",
                             u.unit_id())),
      "</pre></details></td>");
}

// The units table's two header rows: each Acc@k level over its cutoffs.
std::string UnitHeader() {
  std::string out = "<tr>";
  for (const char* name : {"unit", "task", "harness", "condition", "MRR", "delta MRR"}) {
    absl::StrAppend(&out, "<th rowspan=\"2\">", name, "</th>");
  }
  const std::string span = absl::StrCat(kAccuracyCutoffs.size());
  absl::StrAppend(
      &out, "<th colspan=\"", span, "\">file Acc@k</th><th colspan=\"", span,
      "\">function Acc@k</th><th rowspan=\"2\">rerun the query; lineage</th></tr>\n<tr>");
  for (int level = 0; level < 2; ++level) {
    for (int k : kAccuracyCutoffs) absl::StrAppend(&out, "<th>@", k, "</th>");
  }
  return out + "</tr>\n";
}

// A unit's Acc@k at every cutoff, 0 or 1; "n/a" when undefined (a task
// without a gold function).
std::string AccuracyCells(const std::optional<AccuracyRow>& row) {
  std::string out;
  for (size_t i = 0; i < kAccuracyCutoffs.size(); ++i) {
    absl::StrAppend(&out, row ? NumCell(absl::StrCat((*row)[i])) : Td("n/a"));
  }
  return out;
}

// One row per unit (GridReport.units): every kind, depth and dose.
std::string UnitTable(const GridReport& r, const std::vector<UnitAccuracy>& accuracy) {
  std::string out = absl::StrCat(
      "<h3>Units</h3>\n<p>Acc@k of a unit is 1 when every gold file (function) is in its top k "
      "(cells.csv's file_acc_at_k and function_acc_at_k); n/a: the task has no gold "
      "function.</p>\n<table id=\"units\">\n",
      UnitHeader());
  for (int i = 0; i < r.units_size(); ++i) {
    const GridUnit& u = r.units(i);
    absl::StrAppend(&out, "<tr>", Td(u.unit_id()), Td(u.task_id()), Td(u.harness()), Td(u.label()),
                    NumCell(Num(u.outcome().mrr())),
                    u.has_paired() ? NumCell(Num(u.paired().delta_mrr())) : Td(""),
                    AccuracyCells(accuracy[i].file), AccuracyCells(accuracy[i].function),
                    CommandsCell(r, u), "</tr>\n");
  }
  return out + "</table>\n";
}

// The scatter's colour of each perturbation kind, by its place among the
// report's conditions (kStaleColor and kDistractorColor first, as the other
// plots colour S001 and S002).
std::vector<std::pair<std::string, std::string>> KindColours(const GridReport& r) {
  static constexpr const char* kPalette[] = {kStaleColor, kDistractorColor, "#bcbd22", "#7f7f7f",
                                             "#e377c2"};
  std::vector<std::pair<std::string, std::string>> out;
  for (const Condition& c : r.conditions()) {
    if (c.paired_with().empty()) continue;
    if (std::any_of(out.begin(), out.end(), [&](const auto& k) { return k.first == c.id(); })) {
      continue;
    }
    out.emplace_back(c.id(), kPalette[out.size() % (sizeof(kPalette) / sizeof(kPalette[0]))]);
  }
  return out;
}

absl::Status CheckPlots(const NamedPlots& plots) {
  for (const auto& [name, svg] : plots) {
    if (!absl::StartsWith(svg, "<svg")) {
      return absl::InvalidArgumentError(absl::StrCat("plot '", name, "' does not start with <svg"));
    }
  }
  return absl::OkStatus();
}

// A plot inline, `caption` (text) under it when not empty.
std::string Figure(const std::pair<std::string, std::string>& plot, absl::string_view caption) {
  return absl::StrCat(
      "<figure id=\"plot-", XmlEscape(plot.first), "\">\n", plot.second,
      caption.empty() ? "" : absl::StrCat("<figcaption>", XmlEscape(caption), "</figcaption>\n"),
      "</figure>\n");
}

// The index in `plots` of the plot that `line`, "![alt](<file>.svg)", shows
// (the file's stem, '_' read as '-', is the plot's name), `alt` set; -1 when
// the line is not such an image or no plot has that name.
int PlotShown(absl::string_view line, const NamedPlots& plots, std::string* alt) {
  if (!absl::ConsumePrefix(&line, "![") || !absl::ConsumeSuffix(&line, ".svg)")) return -1;
  const size_t mid = line.find("](");
  if (mid == absl::string_view::npos) return -1;
  const std::string name = absl::StrReplaceAll(line.substr(mid + 2), {{"_", "-"}});
  for (size_t i = 0; i < plots.size(); ++i) {
    if (plots[i].first == name) {
      *alt = std::string(line.substr(0, mid));
      return static_cast<int>(i);
    }
  }
  return -1;
}

// report.md as HTML, each paragraph that is one image of a plot of `plots`
// replaced by the plot inline (marked in `shown`).
absl::StatusOr<std::string> ReportWithPlots(absl::string_view markdown, const NamedPlots& plots,
                                            std::vector<bool>* shown) {
  const std::vector<absl::string_view> lines = absl::StrSplit(markdown, '\n');
  std::string html, pending;
  for (size_t i = 0; i < lines.size(); ++i) {
    const bool paragraph =
        (i == 0 || lines[i - 1].empty()) && (i + 1 == lines.size() || lines[i + 1].empty());
    std::string alt;
    const int plot = paragraph ? PlotShown(lines[i], plots, &alt) : -1;
    if (plot < 0) {
      absl::StrAppend(&pending, lines[i], i + 1 == lines.size() ? "" : "\n");
      continue;
    }
    ASSIGN_OR_RETURN(const std::string before, report::MarkdownToHtml(pending));
    absl::StrAppend(&html, before, Figure(plots[plot], alt));
    pending.clear();
    (*shown)[plot] = true;
  }
  ASSIGN_OR_RETURN(const std::string rest, report::MarkdownToHtml(pending));
  return html + rest;
}

}  // namespace

std::string ScatterSvg(const GridReport& r) {
  constexpr double kWidth = 520, kHeight = 460;
  const PlotFrame f{0, 1, 0, 1, 60, 40, 400, 360};
  auto F = [](double v) { return SvgNumber(v, 1); };
  std::string out = report::SvgOpen(kWidth, kHeight, 1, {{"font-size", "12"}});
  absl::StrAppend(
      &out,
      SvgText({{"x", F(kWidth / 2)}, {"y", "22"}, {"text-anchor", "middle"}, {"font-size", "15"}},
              "Per unit: baseline MRR against each perturbation's MRR"));
  absl::StrAppend(&out, SvgTag("rect", {{"x", F(f.left)},
                                        {"y", F(f.top)},
                                        {"width", F(f.width)},
                                        {"height", F(f.height)},
                                        {"fill", "none"},
                                        {"stroke", "#999"}}));
  absl::StrAppend(&out, SvgTag("line", {{"x1", F(f.X(0))},
                                        {"y1", F(f.Y(0))},
                                        {"x2", F(f.X(1))},
                                        {"y2", F(f.Y(1))},
                                        {"stroke", "#bbb"},
                                        {"stroke-dasharray", "4 3"}}));
  for (double t : {0.0, 0.5, 1.0}) {
    absl::StrAppend(
        &out,
        SvgText({{"x", F(f.X(t))}, {"y", F(f.top + f.height + 16)}, {"text-anchor", "middle"}},
                SvgNumber(t, 1)));
    absl::StrAppend(&out,
                    SvgText({{"x", F(f.left - 8)}, {"y", F(f.Y(t) + 4)}, {"text-anchor", "end"}},
                            SvgNumber(t, 1)));
  }
  absl::StrAppend(
      &out,
      SvgText({{"x", F(f.X(0.5))}, {"y", F(f.top + f.height + 34)}, {"text-anchor", "middle"}},
              "baseline MRR"));
  const std::vector<std::pair<std::string, std::string>> colours = KindColours(r);
  std::vector<std::string> ids;
  for (const auto& [id, colour] : colours) ids.push_back(id);
  absl::StrAppend(
      &out, SvgText({{"transform", absl::StrCat("translate(18,", F(f.Y(0.5)), ") rotate(-90)")},
                     {"text-anchor", "middle"}},
                    absl::StrCat("perturbed MRR (", absl::StrJoin(ids, ", "), ")")));
  std::map<std::string, std::string> colour_of;
  for (size_t i = 0; i < colours.size(); ++i) {
    colour_of[colours[i].first] = colours[i].second;
    absl::StrAppend(&out, SvgText({{"x", F(f.left + f.width + 10)},
                                   {"y", F(f.top + 12 + 18 * static_cast<double>(i))},
                                   {"fill", colours[i].second}},
                                  colours[i].first));
  }
  std::map<std::pair<std::string, std::string>, double> baseline_mrr;  // (task, harness)
  for (const GridUnit& u : r.units()) {
    if (!u.has_paired()) baseline_mrr[{u.task_id(), u.harness()}] = u.outcome().mrr();
  }
  for (const GridUnit& u : r.units()) {
    const auto base = baseline_mrr.find({u.task_id(), u.harness()});
    if (!u.has_paired() || base == baseline_mrr.end()) continue;
    absl::StrAppend(&out, SvgTag("circle", {{"cx", F(f.X(base->second))},
                                            {"cy", F(f.Y(u.outcome().mrr()))},
                                            {"r", "3"},
                                            {"fill", colour_of[u.condition()]},
                                            {"fill-opacity", "0.6"}}));
  }
  return out + report::SvgClose();
}

absl::StatusOr<std::string> RenderHtmlReport(const GridReport& r, absl::string_view report_md,
                                             const std::vector<UnitAccuracy>& accuracy,
                                             const NamedPlots& plots) {
  RETURN_IF_ERROR(CheckPlots(plots));
  if (accuracy.size() != static_cast<size_t>(r.units_size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("Acc@k of ", accuracy.size(), " units, report.json has ", r.units_size()));
  }
  std::vector<bool> shown(plots.size(), false);
  ASSIGN_OR_RETURN(const std::string text, ReportWithPlots(report_md, plots, &shown));
  std::string packing;
  if (r.has_packing()) {
    ASSIGN_OR_RETURN(packing, PackingFigures(r));
  }
  std::string per_cell = "<h2>Per unit</h2>\n";
  for (size_t i = 0; i < plots.size(); ++i) {
    if (!shown[i]) absl::StrAppend(&per_cell, Figure(plots[i], ""));
  }
  absl::StrAppend(&per_cell, "<figure id=\"plot-scatter\">\n", ScatterSvg(r),
                  "<figcaption>Points above the diagonal: the perturbation raised the unit's "
                  "MRR.</figcaption>\n</figure>\n",
                  UnitTable(r, accuracy));
  return report::HtmlPage(
      absl::StrCat(r.experiment(), ": grid report"),
      absl::StrCat("<div id=\"report\">\n", text, "</div>\n", packing, per_cell),
      absl::StrCat(kGridStyle, r.has_packing() ? kPackingStyle : ""));
}

}  // namespace repro::grid
