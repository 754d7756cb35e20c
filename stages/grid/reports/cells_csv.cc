#include "stages/grid/reports/cells_csv.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {
namespace {

const std::vector<std::string> kCsvHeader = {"unit_id",
                                             "task_id",
                                             "harness",
                                             "condition",
                                             "parameter",
                                             "label",
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

// One cells.csv row: a unit's outcome and, for a perturbation, its paired
// outcome (empty fields for the baseline).
std::vector<std::string> CsvRow(const GridUnit& u) {
  const ConditionOutcome& o = u.outcome();
  std::vector<std::string> row = {u.unit_id(),
                                  u.task_id(),
                                  u.harness(),
                                  u.condition(),
                                  absl::StrCat(u.parameter()),
                                  u.label(),
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
  if (!u.has_paired()) {
    row.resize(kCsvHeader.size());
    return row;
  }
  const PairedOutcome* p = &u.paired();
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
  for (const GridUnit& u : r.units()) RETURN_IF_ERROR(table.AddRow(CsvRow(u)));
  return table.text();
}

}  // namespace repro::grid
