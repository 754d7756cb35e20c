#include "stages/grid/cells/outcomes.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/metrics/function_recall.h"
#include "stages/framework/metrics/qrels.h"
#include "stages/framework/metrics/ranking_metrics.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/distractors.h"

namespace repro::grid {

absl::StatusOr<double> BudgetCoverage(const std::vector<std::string>& files,
                                      const std::vector<std::string>& gold,
                                      const std::map<std::string, int64_t>& file_tokens,
                                      int64_t budget) {
  if (gold.empty()) return absl::InvalidArgumentError("budget coverage: no gold files");
  std::set<std::string> included;
  int64_t used = 0;
  for (const std::string& path : files) {
    auto it = file_tokens.find(path);
    if (it == file_tokens.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("budget coverage: no token count for ranked file '", path, "'"));
    }
    if (used + it->second > budget) break;
    used += it->second;
    included.insert(path);
  }
  int hits = 0;
  for (const std::string& g : gold) hits += included.count(g) ? 1 : 0;
  return static_cast<double>(hits) / gold.size();
}

absl::StatusOr<ConditionOutcome> ComputeOutcome(const HarnessRun& run, const GoldLabels& labels,
                                                const std::map<std::string, int64_t>& file_tokens,
                                                int candidate_limit) {
  if (labels.files.empty()) return absl::InvalidArgumentError("outcome: the task has no gold file");
  if (static_cast<int>(run.files.size()) > candidate_limit) {
    return absl::InvalidArgumentError(absl::StrCat("outcome: the harness returned ",
                                                   run.files.size(), " files, more than the limit ",
                                                   candidate_limit));
  }
  std::vector<std::pair<std::string, int>> judgments;
  for (const std::string& g : labels.files) judgments.emplace_back(g, 1);
  ASSIGN_OR_RETURN(const metrics::Qrels qrels, metrics::Qrels::Create(judgments));
  metrics::Run ranked;
  for (const auto& [path, score] : run.files) ranked.push_back(path);

  ConditionOutcome out;
  out.set_candidate_limit(candidate_limit);
  for (size_t i = 0; i < run.files.size(); ++i) {
    RankedFile* f = out.add_files();
    f->set_rank(static_cast<int>(i) + 1);
    f->set_path(run.files[i].first);
    f->set_score(run.files[i].second);
    f->set_gold(qrels.IsRelevant(run.files[i].first));
    f->set_distractor(IsDistractorPath(run.files[i].first));
  }
  struct {
    int k;
    void (ConditionOutcome::*set)(double);
  } recalls[] = {{1, &ConditionOutcome::set_recall_at_1},
                 {5, &ConditionOutcome::set_recall_at_5},
                 {10, &ConditionOutcome::set_recall_at_10}};
  for (const auto& r : recalls) {
    ASSIGN_OR_RETURN(const double v, metrics::RecallAtK(ranked, qrels, r.k));
    (out.*r.set)(v);
  }
  ASSIGN_OR_RETURN(const double rr, metrics::ReciprocalRank(ranked, qrels));
  out.set_mrr(rr);
  ASSIGN_OR_RETURN(const double ndcg, metrics::NdcgAtK(ranked, qrels, 10, metrics::Gain::kLinear));
  out.set_ndcg_at_10(ndcg);
  ASSIGN_OR_RETURN(const metrics::FirstRelevant first,
                   metrics::FirstRelevantRank(ranked, qrels, candidate_limit + 1));
  out.set_first_gold_rank(first.rank);
  out.set_first_gold_observed(first.observed);

  ASSIGN_OR_RETURN(const metrics::FunctionRecall fr,
                   metrics::FunctionRecallAtK(run.functions, labels.functions, 10));
  out.set_gold_functions(fr.gold_functions);
  for (const std::string& id : fr.top_k) out.add_top_functions(id);
  out.set_function_recall_at_10(fr.recall);

  for (auto [budget, setter] :
       {std::make_pair(kBudgetSmall, &ConditionOutcome::set_budget_coverage_13k),
        std::make_pair(kBudgetLarge, &ConditionOutcome::set_budget_coverage_27k)}) {
    ASSIGN_OR_RETURN(const double c, BudgetCoverage(ranked, labels.files, file_tokens, budget));
    (out.*setter)(c);
  }

  int distractors_top10 = 0;
  bool outranks = false;
  for (const RankedFile& f : out.files()) {
    if (!f.distractor()) continue;
    if (f.rank() <= 10) ++distractors_top10;
    if (f.rank() < out.first_gold_rank()) outranks = true;
  }
  out.set_distractors_in_top10(distractors_top10);
  out.set_distractor_outranks_first_gold(outranks);
  return out;
}

std::string S001SharedKey(const std::string& task, const std::string& harness, int depth) {
  if (depth == 1) return absl::StrCat(task, "/", harness);
  return absl::StrCat(task, "/", harness, "/base~", depth);
}

}  // namespace repro::grid
