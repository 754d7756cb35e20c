// Function recall@k: how many of a task's gold functions a harness's ranked
// function list holds among its first k distinct functions. The one
// implementation, used by the grid cells (stages/grid/cells/outcomes.h) and the
// retrieval commands (stages/retrieval/task_metrics.h).
//
// Identity: a function is (path, name), name "Func" or "Receiver.Method"; its
// id in runs and qrels is FunctionId(path, name) = "<path>::<name>". In a
// language with overloads the chunker's name ends with the parameter types
// (ChunkRule.signature_field, Java: "Money.parse(String, String)"), so two
// overloads of one name in one file are two ids here and everywhere the
// name is used (the lock, the labels, the qrels).
//
// Conventions:
//  - Repeated ids: a ranked list may name one function several times (two
//    `init` functions of one file, or one name in several chunks). Only the
//    first occurrence is kept, so the list becomes a run of unique ids (as
//    trec_eval requires) and the cut at k counts distinct functions; recall
//    can never exceed 1. Gold functions are de-duplicated the same way.
//  - Recall@k = |distinct gold in the first k distinct ranked| / |distinct
//    gold| (RecallAtK of ranking_metrics.h, binary relevance).
//  - No gold function: recall 0 and gold_functions = 0 (trec_eval's recall
//    without relevant documents); callers leave such tasks out of means.
// Errors: InvalidArgument for k < 1 or an empty path or name, naming it.
#ifndef REPRO_STAGES_FRAMEWORK_METRICS_FUNCTION_RECALL_H_
#define REPRO_STAGES_FRAMEWORK_METRICS_FUNCTION_RECALL_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::metrics {

// (path, name) of one function.
using FunctionRef = std::pair<std::string, std::string>;

// "<path>::<name>".
std::string FunctionId(const std::string& path, const std::string& name);

struct FunctionRecall {
  double recall = 0;
  int gold_functions = 0;          // distinct gold functions
  std::vector<std::string> top_k;  // ids of the first k distinct ranked functions, in rank order
};

// `ranked`: the harness's function list, best first (any length, may repeat);
// `gold`: the task's gold functions (may repeat).
absl::StatusOr<FunctionRecall> FunctionRecallAtK(const std::vector<FunctionRef>& ranked,
                                                 const std::vector<FunctionRef>& gold, int k);

}  // namespace repro::metrics

#endif  // REPRO_STAGES_FRAMEWORK_METRICS_FUNCTION_RECALL_H_
