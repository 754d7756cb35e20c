// Accuracy of separately prompted pairwise judge calls (contract metric
// "separately_prompted_pairwise"): each call shows two candidates in one
// presentation order and returns a verdict. Calls are never imputed from a
// listwise order, and a listwise order is never imputed from them here.
//
// Input: the ground weak order of the task (see list_metrics.h; candidates
// without an observed outcome are absent from it) and the calls, at most one
// per ordered pair (InvalidArgument otherwise, naming the pair).
//
// Credit of one call on a pair whose candidates lie in different ground groups
// (declared tie rule): 1 if it prefers the ground-better candidate, 1/2 for a
// TIE verdict (a selection policy would break it at random), 0 if it prefers
// the ground-worse one, and 0 for an UNPARSED output (a failure is never
// credited; it is also counted in `unparsed`). Calls on ground-tied pairs, or
// involving a candidate absent from the ground order, earn no credit and are
// counted separately.
//
// Outputs (nullopt when the denominator is 0):
//  - accuracy: mean credit over ground-decisive calls;
//  - accuracy_better_first / accuracy_better_second: the same, split by
//    whether the ground-better candidate was presented first or second;
//  - position_consistency: over unordered pairs called in both orders
//    (whatever the ground), the fraction whose two verdicts agree after
//    un-swapping (same preferred candidate, or TIE both times); a pair with an
//    UNPARSED verdict in either order counts as inconsistent.
#ifndef REPRO_STAGES_STUDIES_JUDGE_PAIRWISE_METRICS_H_
#define REPRO_STAGES_STUDIES_JUDGE_PAIRWISE_METRICS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/judge/weak_order.h"

namespace repro::judge {

enum class Verdict { kFirstBetter, kSecondBetter, kTie, kUnparsed };

struct Call {
  std::string first;
  std::string second;
  Verdict verdict = Verdict::kUnparsed;
};

struct PairwiseCallMetrics {
  int calls = 0;
  int calls_ground_decisive = 0;
  int calls_ground_tied = 0;
  int calls_without_ground = 0;
  int unparsed = 0;
  int judge_ties = 0;
  std::optional<double> accuracy;
  std::optional<double> accuracy_better_first;
  std::optional<double> accuracy_better_second;
  int pairs_both_orders = 0;
  std::optional<double> position_consistency;
};

absl::StatusOr<PairwiseCallMetrics> ScorePairwiseCalls(const WeakOrder& ground,
                                                       const std::vector<Call>& calls);

// The preferred candidate of a call ("" for TIE, "?" for UNPARSED).
std::string Preferred(const Call& call);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_PAIRWISE_METRICS_H_
