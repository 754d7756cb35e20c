#include "stages/retrieval/task_metrics.h"

#include <utility>
#include <vector>

#include "stages/framework/metrics/function_recall.h"
#include "stages/framework/metrics/qrels.h"
#include "stages/framework/metrics/ranking_metrics.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {

absl::StatusOr<TaskMetrics> ComputeTaskMetrics(const HarnessResult& result,
                                               const corpus::Labels& labels, int candidate_limit) {
  TaskMetrics m;
  std::vector<std::pair<std::string, int>> gold;
  for (const std::string& f : labels.gold_files()) gold.emplace_back(f, 1);
  ASSIGN_OR_RETURN(metrics::Qrels qrels, metrics::Qrels::Create(gold));
  metrics::Run run;
  for (const RankedFile& f : result.files()) run.push_back(f.path());
  m.gold_files = qrels.NumRelevant();

  ASSIGN_OR_RETURN(m.recall_at_1, metrics::RecallAtK(run, qrels, 1));
  ASSIGN_OR_RETURN(m.recall_at_5, metrics::RecallAtK(run, qrels, 5));
  ASSIGN_OR_RETURN(m.recall_at_10, metrics::RecallAtK(run, qrels, 10));
  ASSIGN_OR_RETURN(m.mrr, metrics::ReciprocalRank(run, qrels));
  ASSIGN_OR_RETURN(m.ndcg_at_10, metrics::NdcgAtK(run, qrels, 10, metrics::Gain::kLinear));
  ASSIGN_OR_RETURN(const metrics::FirstRelevant first,
                   metrics::FirstRelevantRank(run, qrels, candidate_limit + 1));
  m.first_gold_rank = first.rank;
  m.first_gold_observed = first.observed;

  std::vector<metrics::FunctionRef> gold_fns, ranked_fns;
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    gold_fns.emplace_back(g.file(), g.function());
  }
  for (const RankedFunction& f : result.functions())
    ranked_fns.emplace_back(f.path(), f.function());
  ASSIGN_OR_RETURN(metrics::FunctionRecall fr,
                   metrics::FunctionRecallAtK(ranked_fns, gold_fns, 10));
  m.gold_functions = fr.gold_functions;
  m.function_recall_at_10 = fr.recall;
  return m;
}

void AddToMean(const TaskMetrics& m, HarnessMean* sums) {
  sums->set_tasks(sums->tasks() + 1);
  sums->set_recall_at_1(sums->recall_at_1() + m.recall_at_1);
  sums->set_recall_at_5(sums->recall_at_5() + m.recall_at_5);
  sums->set_recall_at_10(sums->recall_at_10() + m.recall_at_10);
  sums->set_mrr(sums->mrr() + m.mrr);
  sums->set_ndcg_at_10(sums->ndcg_at_10() + m.ndcg_at_10);
  if (m.gold_functions > 0) {
    sums->set_function_tasks(sums->function_tasks() + 1);
    sums->set_function_recall_at_10(sums->function_recall_at_10() + m.function_recall_at_10);
  }
}

HarnessMean MeanOverTasks(HarnessMean m) {
  const double n = m.tasks();
  m.set_recall_at_1(m.recall_at_1() / n);
  m.set_recall_at_5(m.recall_at_5() / n);
  m.set_recall_at_10(m.recall_at_10() / n);
  m.set_mrr(m.mrr() / n);
  m.set_ndcg_at_10(m.ndcg_at_10() / n);
  if (m.function_tasks() > 0) {
    m.set_function_recall_at_10(m.function_recall_at_10() / m.function_tasks());
  }
  return m;
}

}  // namespace repro::retrieval
