#include "stages/grid/reports/packing_sections.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {
namespace {

using ConditionKey = std::pair<std::string, int>;  // (condition, dose)

constexpr std::pair<const char*, const char*> kQuantities[] = {
    {"function_coverage", "gold functions"},
    {"file_coverage", "gold files"},
    {"used", "used"},
    {"left", "left"},
    {"units_packed", "units"},
    {"distinct_files", "files"},
    {"redundant_pairs", "redundant pairs"},
    {"skipped_does_not_fit", "skipped: does not fit"},
    {"skipped_redundant", "skipped: redundant"},
    {"skipped_file_quota", "skipped: file quota"}};

// The rules of one budget in report order: "greedy", then the treatments.
std::vector<std::string> Rules(const experiments::Packing& p) {
  std::vector<std::string> out = {"greedy"};
  for (const experiments::PackingTreatment& t : p.treatments()) {
    out.push_back(t.has_redundancy() ? "redundancy" : "diversity");
  }
  return out;
}

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
}

void Funnel(const GridReport& r, Writer& w) {
  const experiments::Packing& p = r.packing();
  const bool rerank = r.rerank_comparisons_size() > 0;
  std::vector<std::pair<std::string, std::string>> stages = {{"funnel_in_pool", "in the pool"}};
  if (rerank) stages.emplace_back("funnel_above_cutoff_before_rerank", "top 10 before reranking");
  stages.emplace_back("funnel_above_cutoff", "top 10");
  stages.emplace_back("funnel_in_packing_pool", "in the packing pool");
  for (int64_t b : p.budgets()) {
    for (const std::string& rule : Rules(p)) {
      stages.emplace_back(absl::StrCat("funnel_packed_", b, "_", rule),
                          absl::StrCat("packed at ", b, ", ", rule));
    }
  }
  w.Line("### Where each gold function was lost (the stage diagnosis)");
  w.Line();
  w.Line(
      "Of the N gold functions of each harness and condition, the share at each stage with its "
      "task-clustered 95% bootstrap interval; top 10 is the cutoff of function recall@10. "
      "Used in an answer: not evaluated (no generation step runs).");
  w.Line();
  TableHead head;
  head.Column("Harness").Column("Condition").Column("N", "--:");
  for (const auto& [metric, title] : stages) head.Column(title);
  head.Column("used in an answer");
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    for (const auto& [c, d] : GroupsOf(r, h)) {
      const Summary* n = w.Find(h, c, d, "funnel_in_pool");
      std::string line =
          absl::StrCat("| ", h, " | ", w.Label(c, d), " | ",
                       w.Token(absl::StrCat(h, ".", w.Label(c, d), ".funnel_gold_functions"),
                               absl::StrCat(n->value().units())),
                       " |");
      for (const auto& [metric, title] : stages)
        absl::StrAppend(&line, " ", w.Cell(h, c, d, metric), " |");
      absl::StrAppend(&line, " not evaluated |");
      w.Line(line);
    }
  }
  w.Line();
}

void Budget(const GridReport& r, int64_t budget, Writer& w) {
  const bool tokens = r.packing().cost() == experiments::PACKING_COST_TOKENS;
  w.Line(absl::StrCat("### Packing under ", budget, tokens ? " tokens" : " lines"));
  w.Line();
  w.Line(
      "Per harness, condition and rule, the mean over tasks with its 95% task-bootstrap "
      "interval: the share of gold functions and of gold files the packed units cover (tasks "
      "without a gold function leave the first undefined), the cost used and left, the units "
      "packed, their distinct files, the packed pairs the pool declares near duplicates, and the "
      "units skipped by reason.");
  w.Line();
  TableHead head;
  head.Column("Harness").Column("Condition").Column("Rule");
  for (const auto& [q, title] : kQuantities) head.Column(title);
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    for (const auto& [c, d] : GroupsOf(r, h)) {
      for (const std::string& rule : Rules(r.packing())) {
        std::string line = absl::StrCat("| ", h, " | ", w.Label(c, d), " | ", rule, " |");
        for (const auto& [q, title] : kQuantities) {
          absl::StrAppend(&line, " ",
                          w.Cell(h, c, d, absl::StrCat("pack_", budget, "_", rule, "_", q)), " |");
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
