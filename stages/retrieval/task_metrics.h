// The per-task outcomes the search command and the baseline stage print for
// one harness result, computed with the lead's metrics library
// (stages/framework/metrics: trec_eval conventions).
//
//  - Files: run = ranked file paths (<= candidate_limit), qrels = gold files
//    with grade 1. recall@k = |gold in top k| / |gold|; MRR = 1 / first gold
//    rank, 0 when none is returned; nDCG@10 with binary (linear) gain;
//    first-gold rank censored at candidate_limit + 1 when no gold file is
//    returned (observed = false).
//  - Functions: function recall@10 of the harness's ranked function list
//    against the gold functions, by metrics::FunctionRecallAtK
//    (stages/framework/metrics/function_recall.h: ids "<path>::<function>", repeated
//    ids kept once, 0 with `gold_functions` = 0 for a task without gold
//    functions; readers should skip it).
//
// Means over tasks of one harness: AddToMean adds a task's metrics to the
// running sums in a HarnessMean (tasks, recall@1/5/10, MRR, nDCG@10, and
// function recall@10 with function_tasks over the tasks with gold
// functions); MeanOverTasks divides the sums by tasks (function recall by
// function_tasks, left 0 when there are none). Sums start at 0 and add in
// call order.
#ifndef REPRO_STAGES_RETRIEVAL_TASK_METRICS_H_
#define REPRO_STAGES_RETRIEVAL_TASK_METRICS_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

struct TaskMetrics {
  double recall_at_1 = 0;
  double recall_at_5 = 0;
  double recall_at_10 = 0;
  double mrr = 0;
  double ndcg_at_10 = 0;
  int first_gold_rank = 0;  // censored at candidate_limit + 1
  bool first_gold_observed = false;
  double function_recall_at_10 = 0;
  int gold_files = 0;
  int gold_functions = 0;
};

absl::StatusOr<TaskMetrics> ComputeTaskMetrics(const HarnessResult& result,
                                               const corpus::Labels& labels, int candidate_limit);

void AddToMean(const TaskMetrics& m, HarnessMean* sums);
HarnessMean MeanOverTasks(HarnessMean sums);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_TASK_METRICS_H_
