#include "stages/grid/reports/packing_figures.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/packing/packing.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/svg.h"
#include "stages/grid/cells/cell_packing.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/packing_config.h"
#include "stages/grid/reports/report_text.h"
#include "stages/grid/reports/svg_plot.h"

namespace repro::grid {
namespace {

using report::XmlEscape;

// A condition group of the summary rows: a (condition, dose) and its label.
struct Group {
  std::string condition;
  int dose = 0;
  std::string label;
};

// The groups with packing or funnel rows, in the summaries' order.
std::vector<Group> PackingGroups(const GridReport& r, const Conditions& conditions) {
  std::vector<Group> out;
  std::set<std::pair<std::string, int>> seen;
  for (const Summary& s : r.summaries()) {
    if (!absl::StartsWith(s.metric(), "pack_") && !absl::StartsWith(s.metric(), "funnel_")) {
      continue;
    }
    if (seen.insert({s.condition(), s.dose()}).second) {
      out.push_back({s.condition(), s.dose(), conditions.Label(s.condition(), s.dose())});
    }
  }
  return out;
}

std::string CostUnit(const experiments::Packing& p) {
  return p.cost() == experiments::PACKING_COST_LINES ? "lines" : "tokens";
}

// One stage of the funnel: its Summary metric, its column header and the
// words of its bars' hover text.
struct FunnelStage {
  std::string metric;
  std::vector<std::string> header;
  std::string words;
};

std::vector<FunnelStage> FunnelStages(const GridReport& r, bool reranked) {
  const std::string top = absl::StrCat("(top ", kFunnelCutoff, ")");
  std::vector<FunnelStage> out = {
      {"funnel_in_pool", {"in the", "candidate pool"}, "in the candidate pool"}};
  if (reranked) {
    out.push_back({"funnel_above_cutoff_before_rerank",
                   {"above the cutoff", "before reranking"},
                   "above the cutoff before reranking"});
  }
  out.push_back({"funnel_above_cutoff", {"above the cutoff", top}, "above the cutoff"});
  out.push_back({"funnel_in_packing_pool", {"in the", "packing pool"}, "in the packing pool"});
  const std::string unit = CostUnit(r.packing());
  for (const int64_t budget : r.packing().budgets()) {
    for (const std::string& rule : PackingRuleNames(r.packing())) {
      out.push_back({FunnelPackedName(budget, rule),
                     {"packed", absl::StrCat(budget, " ", unit), rule},
                     absl::StrCat("packed under ", budget, " ", unit, ", ", rule)});
    }
  }
  return out;
}

// One harness's bars in a group, from its summary rows.
ShareRow FunnelRow(const Summaries& s, const std::string& harness, const char* color,
                   const Group& g, const Summary& in_pool, const std::vector<FunnelStage>& stages) {
  const std::string of = absl::StrCat("of ", in_pool.value().units(), " gold functions");
  ShareRow row{harness, of, color, {}};
  for (const FunnelStage& stage : stages) {
    ShareBar bar;
    if (const Summary* x = s.Get(harness, g.condition, g.dose, stage.metric)) {
      const Interval& v = x->value();
      bar = {v.mean(), v.low(), v.high(), true,
             absl::StrCat(harness, ", ", stage.words, ": ", PercentText(v.mean()), " [",
                          PercentText(v.low()), ", ", PercentText(v.high()), "] ", of)};
    }
    row.bars.push_back(std::move(bar));
  }
  return row;
}

// The group's funnel figure; a paragraph saying so when no harness has one
// (its cells hold no gold function).
std::string FunnelFigure(const GridReport& r, const Summaries& s, const Group& g) {
  bool reranked = false;
  for (const std::string& h : r.harnesses()) {
    reranked = reranked || s.Get(h, g.condition, g.dose, "funnel_above_cutoff_before_rerank");
  }
  const std::vector<FunnelStage> stages = FunnelStages(r, reranked);
  std::vector<ShareRow> rows;
  for (int i = 0; i < r.harnesses_size(); ++i) {
    const std::string& h = r.harnesses(i);
    if (const Summary* in_pool = s.Get(h, g.condition, g.dose, "funnel_in_pool")) {
      rows.push_back(FunnelRow(s, h, kSeriesColors[i % 6], g, *in_pool, stages));
    }
  }
  if (rows.empty()) {
    return absl::StrCat("<p>", XmlEscape(g.label),
                        ": no gold function in its cells, no funnel.</p>\n");
  }
  std::vector<std::vector<std::string>> headers;
  for (const FunnelStage& stage : stages) headers.push_back(stage.header);
  return absl::StrCat(
      "<figure id=\"plot-funnel-", XmlEscape(g.label), "\">\n",
      ShareGridSvg(absl::StrCat(r.grid(), ": the funnel of the gold functions, ", g.label), headers,
                   rows, absl::StrCat("used in an answer: ", kNotEvaluated)),
      "<figcaption>", XmlEscape(g.label),
      ": the share of the gold functions of its cells at each stage, pooled over the tasks; "
      "whiskers: 95% task-clustered bootstrap interval.</figcaption>\n</figure>\n");
}

}  // namespace

absl::StatusOr<std::string> PackingFigures(const GridReport& r) {
  if (!r.has_packing()) {
    return absl::InvalidArgumentError(
        absl::StrCat("report ", r.experiment(), ": no packing block, no packing section"));
  }
  ConditionTable table;
  *table.mutable_conditions() = r.conditions();
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  const Summaries s(r);
  const std::vector<Group> groups = PackingGroups(r, conditions);
  std::string out = absl::StrCat(
      "<div id=\"packing\">\n<h2>Packing and the funnel, drawn</h2>\n<p>The funnel of report.md's ",
      "section \"Packing and the funnel\" (its definitions and numbers), one figure a condition ",
      "group.</p>\n");
  for (const Group& g : groups) absl::StrAppend(&out, FunnelFigure(r, s, g));
  return out + "</div>\n";
}

}  // namespace repro::grid
