#include "stages/grid/html_report.h"

#include <map>
#include <string>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/report/html_page.h"
#include "stages/framework/report/svg.h"

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
std::string CodeCell(absl::string_view text) {
  return absl::StrCat("<td><code>", XmlEscape(text), "</code></td>");
}
std::string Header(const std::vector<std::string>& names) {
  std::string out = "<tr>";
  for (const std::string& n : names) absl::StrAppend(&out, "<th>", XmlEscape(n), "</th>");
  return out + "</tr>\n";
}

std::string ConditionName(const std::string& condition, int dose) {
  return condition == "S002" ? absl::StrCat("S002 d", dose) : condition;
}

std::string Intro(const GridReport& r) {
  std::string out = absl::StrCat("<h1>Experiment ", XmlEscape(r.experiment()), "</h1>\n<p>");
  absl::StrAppend(
      &out, r.tasks(), " tasks on ", XmlEscape(r.repository().empty() ? r.grid() : r.repository()),
      "; harnesses ", XmlEscape(absl::StrJoin(r.harnesses(), ", ")), "; S002 doses ",
      XmlEscape(absl::StrJoin(r.doses(), ", ")), ". Intervals: task-clustered bootstrap, ",
      r.bootstrap_resamples(), " resamples, seed ", r.bootstrap_seed(), ", 95%.");
  if (r.mined_tasks() > 0) {
    absl::StrAppend(&out, " ", r.mined_tasks(),
                    " tasks are mined: their query is a commit subject or a pull request title.");
  }
  return out + "</p>\n";
}

std::string SummaryTable(const GridReport& r) {
  const std::vector<std::string> metrics = {"mrr",       "recall_at_10",       "ndcg_at_10",
                                            "delta_mrr", "delta_recall_at_10", "delta_ndcg_at_10"};
  // (harness, condition order, dose) -> metric -> interval
  std::map<std::tuple<std::string, int, int>,
           std::pair<std::string, std::map<std::string, const Interval*>>>
      rows;
  const std::map<std::string, int> order = {{"baseline", 0}, {"S001", 1}, {"S002", 2}, {"S003", 3}};
  for (const Summary& s : r.summaries()) {
    auto o = order.find(s.condition());
    const int rank = o == order.end() ? 9 : o->second;
    auto& row = rows[{s.harness(), rank, s.dose()}];
    row.first = s.condition();
    row.second[s.metric()] = &s.value();
  }
  std::string out = "<h2>Summary</h2>\n<table id=\"summary\">\n";
  absl::StrAppend(&out, Header({"harness", "condition", "MRR", "recall@10", "nDCG@10", "ΔMRR",
                                "Δrecall@10", "ΔnDCG@10"}));
  for (const auto& [key, row] : rows) {
    absl::StrAppend(&out, "<tr>", Td(std::get<0>(key)),
                    Td(ConditionName(row.first, std::get<2>(key))));
    for (const std::string& m : metrics) {
      auto v = row.second.find(m);
      absl::StrAppend(
          &out, v == row.second.end()
                    ? NumCell("")
                    : NumCell(absl::StrCat(Num(v->second->mean()), " [", Num(v->second->low()),
                                           ", ", Num(v->second->high()), "]")));
    }
    absl::StrAppend(&out, "</tr>\n");
  }
  return out + "</table>\n";
}

std::string ComparisonTable(const GridReport& r) {
  if (r.paired_tests().empty()) return "";
  std::string out = "<h2>Harness comparisons</h2>\n<table id=\"comparisons\">\n";
  absl::StrAppend(
      &out, Header({"comparison", "metric", "mean difference", "p", "p (Holm)", "units", "test"}));
  for (const PairedTest& t : r.paired_tests()) {
    absl::StrAppend(
        &out, "<tr>", Td(t.comparison()), Td(t.metric()), NumCell(Num(t.mean_difference())),
        NumCell(absl::StrFormat("%.4g", t.p_value())), NumCell(absl::StrFormat("%.4g", t.p_holm())),
        NumCell(absl::StrCat(t.units())),
        Td(t.exact() ? "exact" : absl::StrCat("Monte Carlo, ", t.assignments())), "</tr>\n");
  }
  return out + "</table>\n";
}

std::string CellTable(const GridReport& r) {
  std::string out = "<h2>Cells</h2>\n<table id=\"cells\">\n";
  absl::StrAppend(&out, Header({"cell", "task", "harness", "dose", "baseline MRR", "S001 MRR",
                                "S002 MRR", "rerun the query", "lineage"}));
  for (const Cell& c : r.cells()) {
    absl::StrAppend(
        &out, "<tr>", Td(c.cell_id()), Td(c.task_id()), Td(c.harness()),
        NumCell(absl::StrCat(c.dose())), NumCell(Num(c.baseline().mrr())),
        NumCell(Num(c.s001().mrr())), NumCell(Num(c.s002().mrr())),
        CodeCell(absl::StrCat("bazel run //stages/grid:search -- --experiment=", r.experiment(),
                              " --harness=", c.harness(), " --task=", c.task_id())),
        CodeCell(absl::StrCat("bazel run //tools/lineage -- bazel-bin/reports/", r.experiment(),
                              " ", c.cell_id())),
        "</tr>\n");
  }
  return out + "</table>\n";
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
              "Per cell: baseline MRR against each perturbation's MRR"));
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
  absl::StrAppend(
      &out, SvgText({{"x", F(f.left + f.width + 10)}, {"y", F(f.top + 12)}, {"fill", "#1f77b4"}},
                    "S001"));
  absl::StrAppend(
      &out, SvgText({{"x", F(f.left + f.width + 10)}, {"y", F(f.top + 30)}, {"fill", "#d62728"}},
                    "S002"));
  for (const Cell& c : r.cells()) {
    const double x = c.baseline().mrr();
    if (c.seed_coordinate() == 0) {  // S001 repeats across a task's dose coordinates
      absl::StrAppend(&out, SvgTag("circle", {{"cx", F(f.X(x))},
                                              {"cy", F(f.Y(c.s001().mrr()))},
                                              {"r", "3"},
                                              {"fill", "#1f77b4"},
                                              {"fill-opacity", "0.6"}}));
    }
    absl::StrAppend(&out, SvgTag("circle", {{"cx", F(f.X(x))},
                                            {"cy", F(f.Y(c.s002().mrr()))},
                                            {"r", "3"},
                                            {"fill", "#d62728"},
                                            {"fill-opacity", "0.6"}}));
  }
  return out + report::SvgClose();
}

absl::StatusOr<std::string> RenderHtmlReport(const GridReport& r, const NamedPlots& plots) {
  std::string figures = "<h2>Plots</h2>\n";
  for (const auto& [name, svg] : plots) {
    if (!absl::StartsWith(svg, "<svg")) {
      return absl::InvalidArgumentError(absl::StrCat("plot '", name, "' does not start with <svg"));
    }
    absl::StrAppend(&figures, "<figure id=\"plot-", XmlEscape(name), "\">\n", svg, "</figure>\n");
  }
  absl::StrAppend(&figures, "<figure id=\"plot-scatter\">\n", ScatterSvg(r),
                  "<figcaption>Points above the diagonal: the perturbation raised the cell's "
                  "MRR.</figcaption>\n"
                  "</figure>\n");
  return report::HtmlPage(
      absl::StrCat(r.experiment(), ": grid report"),
      absl::StrCat(Intro(r), SummaryTable(r), ComparisonTable(r), figures, CellTable(r)));
}

}  // namespace repro::grid
