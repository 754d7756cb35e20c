#include "stages/grid/reports/cells_csv.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {
namespace {

const std::vector<std::string> kCsvHeader = {"cell_id",
                                             "task_id",
                                             "harness",
                                             "seed_coordinate",
                                             "cell_dose",
                                             "condition",
                                             "shared_key",
                                             "corpus_commit",
                                             "recall_at_1",
                                             "recall_at_5",
                                             "recall_at_10",
                                             "mrr",
                                             "ndcg_at_10",
                                             "first_gold_rank",
                                             "first_gold_observed",
                                             "function_recall_at_10",
                                             "gold_functions",
                                             "budget_coverage_13k",
                                             "budget_coverage_27k",
                                             "distractors_in_top10",
                                             "distractor_outranks_first_gold",
                                             "delta_recall_at_10",
                                             "delta_mrr",
                                             "delta_ndcg_at_10",
                                             "top10_gold_retention",
                                             "loss_of_all_top10_gold",
                                             "rank_delta_uncensored",
                                             "rank_delta_censored"};

const char* Bool(bool b) { return b ? "true" : "false"; }

// One cells.csv row: the cell, one condition's outcome and, for a perturbed
// condition, its paired outcome (empty fields for the baseline).
std::vector<std::string> CsvRow(const Cell& c, const ConditionOutcome& o, const PairedOutcome* p) {
  std::vector<std::string> row = {c.cell_id(),
                                  c.task_id(),
                                  c.harness(),
                                  absl::StrCat(c.seed_coordinate()),
                                  absl::StrCat(c.dose()),
                                  o.condition(),
                                  o.shared_key(),
                                  o.corpus_commit(),
                                  F4(o.recall_at_1()),
                                  F4(o.recall_at_5()),
                                  F4(o.recall_at_10()),
                                  F4(o.mrr()),
                                  F4(o.ndcg_at_10()),
                                  absl::StrCat(o.first_gold_rank()),
                                  Bool(o.first_gold_observed()),
                                  o.gold_functions() ? F4(o.function_recall_at_10()) : "",
                                  absl::StrCat(o.gold_functions()),
                                  F4(o.budget_coverage_13k()),
                                  F4(o.budget_coverage_27k()),
                                  absl::StrCat(o.distractors_in_top10()),
                                  Bool(o.distractor_outranks_first_gold())};
  if (p == nullptr) {
    row.resize(kCsvHeader.size());
    return row;
  }
  const bool retention = p->has_top10_gold_retention();
  for (std::string field :
       {F4(p->delta_recall_at_10()), F4(p->delta_mrr()), F4(p->delta_ndcg_at_10()),
        retention ? F4(p->top10_gold_retention()) : "",
        retention ? std::string(Bool(p->loss_of_all_top10_gold())) : "",
        p->has_rank_delta_uncensored() ? absl::StrCat(p->rank_delta_uncensored()) : "",
        absl::StrCat(p->rank_delta_censored())}) {
    row.push_back(std::move(field));
  }
  return row;
}

}  // namespace

absl::StatusOr<std::string> CellsCsv(const GridReport& r) {
  report::CsvTable table("cells.csv", kCsvHeader);
  for (const Cell& c : r.cells()) {
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.baseline(), nullptr)));
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.s001(), &c.s001_paired())));
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.s002(), &c.s002_paired())));
  }
  return table.text();
}

}  // namespace repro::grid
