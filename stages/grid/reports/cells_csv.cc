#include "stages/grid/reports/cells_csv.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/grid/reports/packing_columns.h"
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
                                             "file_acc_at_1",
                                             "file_acc_at_3",
                                             "file_acc_at_5",
                                             "file_acc_at_10",
                                             "first_gold_rank",
                                             "first_gold_observed",
                                             "function_recall_at_10",
                                             "gold_functions",
                                             "function_acc_at_1",
                                             "function_acc_at_3",
                                             "function_acc_at_5",
                                             "function_acc_at_10",
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

// Acc@k at every cutoff, 4 decimals; empty fields when undefined.
std::vector<std::string> AccuracyFields(const std::optional<AccuracyRow>& row) {
  std::vector<std::string> fields;
  for (size_t i = 0; i < kAccuracyCutoffs.size(); ++i) fields.push_back(row ? F4((*row)[i]) : "");
  return fields;
}

const char* Bool(bool b) { return b ? "true" : "false"; }

// One cells.csv row: a unit's outcome and accuracy and, for a perturbation,
// its paired outcome (empty fields for the baseline).
std::vector<std::string> CsvRow(const GridUnit& u, const UnitAccuracy& a) {
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
                                  F4(o.ndcg_at_10())};
  for (std::string& f : AccuracyFields(a.file)) row.push_back(std::move(f));
  for (std::string f :
       {absl::StrCat(o.first_gold_rank()), std::string(Bool(o.first_gold_observed())),
        o.gold_functions() ? F4(o.function_recall_at_10()) : "",
        absl::StrCat(o.gold_functions())}) {
    row.push_back(std::move(f));
  }
  for (std::string& f : AccuracyFields(a.function)) row.push_back(std::move(f));
  for (std::string f : {F4(o.budget_coverage_13k()), F4(o.budget_coverage_27k()),
                        absl::StrCat(o.distractors_in_top10()),
                        std::string(Bool(o.distractor_outranks_first_gold()))}) {
    row.push_back(std::move(f));
  }
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

absl::StatusOr<std::string> CellsCsv(const GridReport& r,
                                     const std::vector<UnitAccuracy>& accuracy) {
  if (accuracy.size() != static_cast<size_t>(r.units_size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("cells.csv: localization accuracy of ", accuracy.size(),
                     " units, expected one per unit (", r.units_size(), ")"));
  }
  const std::vector<std::string> packing = PackingHeader(r);
  std::vector<std::string> header = kCsvHeader;
  header.insert(header.end(), packing.begin(), packing.end());
  report::CsvTable table("cells.csv", header);
  for (int i = 0; i < r.units_size(); ++i) {
    std::vector<std::string> row = CsvRow(r.units(i), accuracy[i]);
    ASSIGN_OR_RETURN(std::vector<std::string> more, PackingFields(r.units(i), packing));
    row.insert(row.end(), more.begin(), more.end());
    RETURN_IF_ERROR(table.AddRow(std::move(row)));
  }
  return table.text();
}

}  // namespace repro::grid
