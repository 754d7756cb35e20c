// Selection-reliability metrics of one judged list (one task, one judge run),
// each separate, as defined in docs/judge.md (after the project's judge
// measurement contract, "distinct_metrics").
//
// Inputs: `ground`, the ground order (weak order over the candidates with an
// observed outcome, best first; group values are outcomes on the declared
// scale, higher = better after direction is applied) and `predicted`, the
// judge's order over exactly the same ids (callers restrict both orders to the
// observed candidates first: missing outcomes are never imputed). Both must
// hold the same ids (InvalidArgument otherwise) and at least one id.
//
// Tie rules, declared once here and copied into every report:
//  - Ground ties: candidates in one ground group are equally good. The "true
//    best" is every member of the first ground group; a pair inside one ground
//    group has no correct order and is left out of pairwise accuracy.
//  - Predicted ties: the judge's tie groups are broken uniformly at random, and
//    every metric is the exact expectation over that random tie-break (computed
//    in closed form, no sampling). A predicted-tied pair thus counts 1/2.
//  - Spearman uses average ranks for ties on both sides (no tie-breaking).
//
// Definitions (n = number of ids; "a random completion" = a uniformly random
// linear extension of `predicted`):
//  - ListwisePairwiseAccuracy: over pairs in different ground groups, the
//    fraction ordered as in the ground order (predicted tie = 1/2). nullopt
//    when every pair is ground-tied (no contrast), including n = 1.
//  - Top1: P(first candidate of a random completion is a true best).
//  - BestInTopK: P(a random completion's first k contain a true best).
//    nullopt when n <= k (keeping every candidate is not a selection).
//  - OrderedPrefixAccuracy(k): P(for every position i <= k, the completion's
//    candidate at i lies in the ground group covering position i of the
//    ground order), i.e. the first k positions equal the true first k in order,
//    where ground ties make either order true. nullopt when n < k.
//  - Spearman: Pearson correlation of average ranks (ground vs predicted).
//    nullopt when n < 2 or either side is entirely tied (zero variance).
//  - ExecuteTopK (policy value of "execute the first k of the predicted order,
//    ties uniformly random"): expected best executed outcome, regret = best
//    outcome in the list - that, expected mean outcome of the executed set,
//    and executions saved against running all n (n - k, fraction 1 - k/n).
//    nullopt when n <= k.
// Sources: Kendall (1938) pair counting; Spearman (1904) with average ranks as
// in Kendall & Gibbons, "Rank Correlation Methods", ch. 3.
#ifndef REPRO_STAGES_STUDIES_JUDGE_LIST_METRICS_H_
#define REPRO_STAGES_STUDIES_JUDGE_LIST_METRICS_H_

#include <optional>

#include "absl/status/statusor.h"
#include "stages/studies/judge/weak_order.h"

namespace repro::judge {

absl::StatusOr<std::optional<double>> ListwisePairwiseAccuracy(const WeakOrder& ground,
                                                               const WeakOrder& predicted);

absl::StatusOr<double> Top1(const WeakOrder& ground, const WeakOrder& predicted);

absl::StatusOr<std::optional<double>> BestInTopK(const WeakOrder& ground,
                                                 const WeakOrder& predicted, int k);

absl::StatusOr<std::optional<double>> OrderedPrefixAccuracy(const WeakOrder& ground,
                                                            const WeakOrder& predicted, int k);

absl::StatusOr<std::optional<double>> Spearman(const WeakOrder& ground, const WeakOrder& predicted);

struct PolicyValue {
  int k = 0;
  int n = 0;
  double best_outcome = 0;               // best outcome in the list
  double expected_best_executed = 0;     // E[max outcome among the executed]
  double regret = 0;                     // best_outcome - expected_best_executed
  double expected_mean_executed = 0;     // E[mean outcome of the executed]
  int executions_saved = 0;              // n - k
  double executions_saved_fraction = 0;  // 1 - k / n
};

absl::StatusOr<std::optional<PolicyValue>> ExecuteTopK(const WeakOrder& ground,
                                                       const WeakOrder& predicted, int k);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_LIST_METRICS_H_
