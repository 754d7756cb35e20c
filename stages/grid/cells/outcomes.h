// The outcomes of one harness run on one task (docs/grid.md, "Outcomes"; metric conventions:
// docs/metrics.md).
//
// Input shapes:
//  - files: the harness's ranked file list, best first, at most
//    candidate_limit entries, unique paths.
//  - functions: the harness's ranked function list, best first, as
//    (path, function) with function "Func" or "Receiver.Method".
//  - labels: gold files and gold functions at the base commit.
//  - file_tokens: CountTokens of every indexed file's content (token_count.h),
//    including distractors; a ranked file missing from it is InvalidArgument.
//
// Outcomes (binary relevance: gold file = relevant):
//  - recall@k = |gold in top k| / |gold| for k = 1, 5, 10;
//  - MRR = 1 / rank of the first gold file, 0 if none is returned;
//  - nDCG@10 with gain 1 for gold, discount log2(rank + 1), IDCG from |gold|;
//  - first-gold rank, censored at candidate_limit + 1 when no gold is returned;
//  - function recall@10 = |gold functions among the first 10 distinct
//    functions| / |distinct gold functions|, by metrics::FunctionRecallAtK
//    (stages/framework/metrics/function_recall.h: match by path and name, a repeated id
//    counts once); 0 with gold_functions = 0 when the task has none (the
//    report says "undefined"); top_functions = ids "<path>::<name>" of the
//    first 10 distinct functions;
//  - token-budget coverage at 13,000 and 27,000 tokens: ranked files are taken in order while
//    the next whole file still fits (the prefix, as in SWE-bench's retrieval baselines); coverage
//    = share of gold files fully included. Kept only because frozen budget_coverage_* tokens are
//    defined by it: new packing outcomes use stages/framework/packing (docs/packing.md);
//  - distractors in the top 10, and whether a distractor ranks above the first
//    gold file (when no gold file is returned, any returned distractor counts).
#ifndef REPRO_STAGES_GRID_CELLS_OUTCOMES_H_
#define REPRO_STAGES_GRID_CELLS_OUTCOMES_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

inline constexpr int kBudgetSmall = 13000;
inline constexpr int kBudgetLarge = 27000;

struct HarnessRun {
  std::vector<std::pair<std::string, double>> files;           // (path, score)
  std::vector<std::pair<std::string, std::string>> functions;  // (path, function)
};

struct GoldLabels {
  std::vector<std::string> files;
  std::vector<std::pair<std::string, std::string>> functions;  // (path, function)
};

// Fills the metric fields, `files` and `top_functions` of a ConditionOutcome;
// identity fields (task, harness, condition...) are the caller's.
absl::StatusOr<ConditionOutcome> ComputeOutcome(const HarnessRun& run, const GoldLabels& labels,
                                                const std::map<std::string, int64_t>& file_tokens,
                                                int candidate_limit);

// Share of gold files fully inside the budget prefix of `files`.
absl::StatusOr<double> BudgetCoverage(const std::vector<std::string>& files,
                                      const std::vector<std::string>& gold,
                                      const std::map<std::string, int64_t>& file_tokens,
                                      int64_t budget);

// The shared_key of an S001 outcome: "<task>/<harness>" at depth 1 (the
// seeded protocol's), "<task>/<harness>/base~<depth>" deeper.
std::string S001SharedKey(const std::string& task, const std::string& harness, int depth);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_OUTCOMES_H_
