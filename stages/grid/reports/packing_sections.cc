#include "stages/grid/reports/packing_sections.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/grid/packing_config.h"

namespace repro::grid {
namespace {

using ConditionKey = std::pair<std::string, int>;  // (condition, dose)

// The accounting columns of a budget's table (means over tasks).
constexpr std::pair<const char*, const char*> kCounts[] = {
    {"used", "used"},
    {"left", "left"},
    {"units_packed", "units"},
    {"distinct_files", "files"},
    {"redundant_pairs", "redundant pairs"},
    {"skipped_does_not_fit", "skipped: does not fit"},
    {"skipped_redundant", "skipped: redundant"},
    {"skipped_file_quota", "skipped: file quota"}};

std::string RuleText(const experiments::PackingTreatment& t) {
  if (t.has_redundancy()) {
    const auto& r = t.redundancy();
    return absl::StrCat("redundancy (skip a unit that nearly duplicates a packed one: equal ",
                        "normalized text, or a ", r.shingle_size(),
                        "-word shingle Jaccard similarity above ", r.threshold_numerator(), "/",
                        r.threshold_denominator(), ")");
  }
  return absl::StrCat("diversity (at most ", t.diversity().per_file(),
                      " units of a file before any file's next one)");
}

// The (condition, dose) groups of harness `h`'s funnel rows, in the grid's order.
std::vector<ConditionKey> GroupsOf(const GridReport& r, const std::string& h) {
  std::vector<ConditionKey> out;
  for (const Summary& s : r.summaries()) {
    if (s.harness() == h && s.metric() == "funnel_in_pool")
      out.emplace_back(s.condition(), s.dose());
  }
  return out;
}

void Declaration(const GridReport& r, Writer& w) {
  const experiments::Packing& p = r.packing();
  const bool tokens = p.cost() == experiments::PACKING_COST_TOKENS;
  const std::string unit =
      p.unit() == experiments::PACKING_UNIT_FILE ? "whole files" : "function chunks";
  std::vector<std::string> budgets, rules;
  for (int64_t b : p.budgets()) budgets.push_back(absl::StrCat(b));
  for (const experiments::PackingTreatment& t : p.treatments()) rules.push_back(RuleText(t));
  w.Line("## Packing and the funnel");
  w.Line();
  w.Line(absl::StrCat(
      "Every cell packs the first ", p.depth(), " ", unit, " of its ranked list (after reranking ",
      "where the harness reranks) under each budget of ", absl::StrJoin(budgets, ", "), " ",
      tokens ? "tokens of the pinned tokenizer (data/tokenizer/minilm_wordpiece.textproto)"
             : "lines",
      ". The baseline is greedy by rank with skip-and-continue (a unit that does not fit is ",
      "skipped and the scan goes on); each treatment is compared alone against it on the same ",
      "units, costs and budget (a cell stops when anything else differs): ",
      absl::StrJoin(rules, "; "), ". Definitions: docs/metrics.md, \"Packing\" and ",
      "\"The funnel\"."));
  w.Line();
  if (!p.keep_units_above_every_budget()) return;
  int above = 0;
  for (const GridUnit& u : r.units()) above += u.outcome().units_above_every_budget();
  w.Line(absl::StrCat(
      "Units above every budget, kept in the pools and skipped as \"does not fit\" by every rule ",
      "(packing.keep_units_above_every_budget): ",
      w.Token("packing.units_above_every_budget", absl::StrCat(above)), " over the ",
      r.units_size(), " cells (cells.csv, column units_above_every_budget)."));
  w.Line();
}

// The funnel's stages in order: (Summary metric, row title).
std::vector<std::pair<std::string, std::string>> Stages(const GridReport& r) {
  const experiments::Packing& p = r.packing();
  std::vector<std::pair<std::string, std::string>> stages = {{"funnel_in_pool", "in the pool"}};
  if (r.rerank_comparisons_size() > 0) {
    stages.emplace_back("funnel_above_cutoff_before_rerank", "top 10 before reranking");
  }
  stages.emplace_back("funnel_above_cutoff", "top 10");
  stages.emplace_back("funnel_in_packing_pool", "in the packing pool");
  for (int64_t b : p.budgets()) {
    for (const std::string& rule : PackingRuleNames(p)) {
      stages.emplace_back(FunnelPackedName(b, rule), absl::StrCat("packed at ", b, ", ", rule));
    }
  }
  return stages;
}

// The (condition, dose) groups of the funnel rows, in the grid's order.
std::vector<ConditionKey> Groups(const GridReport& r) {
  std::vector<ConditionKey> out;
  for (const std::string& h : r.harnesses()) {
    for (const ConditionKey& k : GroupsOf(r, h)) {
      if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    }
  }
  return out;
}

// One condition group's funnel: a row per stage, a column per harness.
void FunnelTable(const GridReport& r, const ConditionKey& g, Writer& w) {
  const auto& [c, d] = g;
  w.Line(absl::StrCat("#### ", w.Label(c, d)));
  w.Line();
  TableHead head;
  head.Column("Stage");
  for (const std::string& h : r.harnesses()) head.Column(h);
  head.WriteTo(w);
  std::string n = "| gold functions (N) |";
  for (const std::string& h : r.harnesses()) {
    const Summary* s = w.Find(h, c, d, "funnel_in_pool");
    absl::StrAppend(&n, " ",
                    s == nullptr
                        ? "n/a"
                        : w.Token(absl::StrCat(h, ".", w.Label(c, d), ".funnel_gold_functions"),
                                  absl::StrCat(s->value().units())),
                    " |");
  }
  w.Line(n);
  for (const auto& [metric, title] : Stages(r)) {
    std::string line = absl::StrCat("| ", title, " |");
    for (const std::string& h : r.harnesses()) {
      absl::StrAppend(&line, " ", w.Cell(h, c, d, metric), " |");
    }
    w.Line(line);
  }
  std::string unused = "| used in an answer |";
  for (size_t i = 0; i < static_cast<size_t>(r.harnesses_size()); ++i) {
    absl::StrAppend(&unused, " not evaluated |");
  }
  w.Line(unused);
  w.Line();
}

void Funnel(const GridReport& r, Writer& w) {
  w.Line("### Where each gold function was lost (the stage diagnosis)");
  w.Line();
  w.Line(
      "Of the N gold functions of each harness and condition, the share at each stage with its "
      "task-clustered 95% bootstrap interval; top 10 is the cutoff of function recall@10. "
      "Used in an answer: not evaluated (no generation step runs).");
  w.Line();
  for (const ConditionKey& g : Groups(r)) FunnelTable(r, g, w);
}

// The table of one coverage quantity under one budget: a row per harness
// and condition, a column per rule.
void CoverageTable(const GridReport& r, int64_t budget, const char* quantity, const char* title,
                   Writer& w) {
  w.Line(absl::StrCat("Share of ", title,
                      " covered (mean over tasks [95% task-bootstrap "
                      "interval]):"));
  w.Line();
  TableHead head;
  head.Column("Harness").Column("Condition");
  for (const std::string& rule : PackingRuleNames(r.packing())) head.Column(rule);
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    for (const auto& [c, d] : GroupsOf(r, h)) {
      std::string line = absl::StrCat("| ", h, " | ", w.Label(c, d), " |");
      for (const std::string& rule : PackingRuleNames(r.packing())) {
        absl::StrAppend(&line, " ",
                        w.Cell(h, c, d, absl::StrCat(PackingRowName(budget, rule), "_", quantity)),
                        " |");
      }
      w.Line(line);
    }
  }
  w.Line();
}

// A Summary row's mean as a token (the accounting table), "n/a" if absent.
std::string Mean(Writer& w, const std::string& h, const ConditionKey& g,
                 const std::string& metric) {
  const Summary* s = w.Find(h, g.first, g.second, metric);
  if (s == nullptr) return "n/a";
  return w.Token(absl::StrCat(h, ".", w.Label(g.first, g.second), ".", metric),
                 F4(s->value().mean()));
}

void Budget(const GridReport& r, int64_t budget, Writer& w) {
  const bool tokens = r.packing().cost() == experiments::PACKING_COST_TOKENS;
  w.Line(absl::StrCat("### Packing under ", budget, tokens ? " tokens" : " lines"));
  w.Line();
  CoverageTable(r, budget, "function_coverage", "the task's gold functions", w);
  CoverageTable(r, budget, "file_coverage", "the task's gold files", w);
  w.Line(
      "What each rule spent and skipped, the mean over tasks (intervals in report.json): the "
      "cost used and left, the units packed and their distinct files, the packed pairs the pool "
      "declares near duplicates, and the units skipped by reason.");
  w.Line();
  TableHead head;
  head.Column("Harness").Column("Condition").Column("Rule");
  for (const auto& [q, title] : kCounts) head.Column(title, "--:");
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    for (const ConditionKey& g : GroupsOf(r, h)) {
      for (const std::string& rule : PackingRuleNames(r.packing())) {
        std::string line =
            absl::StrCat("| ", h, " | ", w.Label(g.first, g.second), " | ", rule, " |");
        for (const auto& [q, title] : kCounts) {
          absl::StrAppend(&line, " ",
                          Mean(w, h, g, absl::StrCat(PackingRowName(budget, rule), "_", q)), " |");
        }
        w.Line(line);
      }
    }
  }
  w.Line();
}

}  // namespace

void PackingSections(const GridReport& r, Writer& w) {
  if (!r.has_packing()) return;
  Declaration(r, w);
  Funnel(r, w);
  for (int64_t b : r.packing().budgets()) Budget(r, b, w);
}

}  // namespace repro::grid
