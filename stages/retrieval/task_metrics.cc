#include "stages/retrieval/task_metrics.h"

#include <utility>
#include <vector>

#include "stages/metrics/function_recall.h"
#include "stages/metrics/qrels.h"
#include "stages/metrics/ranking_metrics.h"

namespace repro::retrieval {

absl::StatusOr<TaskMetrics> ComputeTaskMetrics(const HarnessResult& result,
                                               const corpus::Labels& labels, int candidate_limit) {
  TaskMetrics m;
  std::vector<std::pair<std::string, int>> gold;
  for (const std::string& f : labels.gold_files()) gold.emplace_back(f, 1);
  absl::StatusOr<metrics::Qrels> qrels = metrics::Qrels::Create(gold);
  if (!qrels.ok()) return qrels.status();
  metrics::Run run;
  for (const RankedFile& f : result.files()) run.push_back(f.path());
  m.gold_files = qrels->NumRelevant();

  absl::StatusOr<double> r1 = metrics::RecallAtK(run, *qrels, 1);
  absl::StatusOr<double> r5 = metrics::RecallAtK(run, *qrels, 5);
  absl::StatusOr<double> r10 = metrics::RecallAtK(run, *qrels, 10);
  absl::StatusOr<double> rr = metrics::ReciprocalRank(run, *qrels);
  absl::StatusOr<double> ndcg = metrics::NdcgAtK(run, *qrels, 10, metrics::Gain::kLinear);
  absl::StatusOr<metrics::FirstRelevant> first =
      metrics::FirstRelevantRank(run, *qrels, candidate_limit + 1);
  for (const absl::Status& s :
       {r1.status(), r5.status(), r10.status(), rr.status(), ndcg.status(), first.status()}) {
    if (!s.ok()) return s;
  }
  m.recall_at_1 = *r1;
  m.recall_at_5 = *r5;
  m.recall_at_10 = *r10;
  m.mrr = *rr;
  m.ndcg_at_10 = *ndcg;
  m.first_gold_rank = first->rank;
  m.first_gold_observed = first->observed;

  std::vector<metrics::FunctionRef> gold_fns, ranked_fns;
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    gold_fns.emplace_back(g.file(), g.function());
  }
  for (const RankedFunction& f : result.functions())
    ranked_fns.emplace_back(f.path(), f.function());
  absl::StatusOr<metrics::FunctionRecall> fr = metrics::FunctionRecallAtK(ranked_fns, gold_fns, 10);
  if (!fr.ok()) return fr.status();
  m.gold_functions = fr->gold_functions;
  m.function_recall_at_10 = fr->recall;
  return m;
}

}  // namespace repro::retrieval
