// Paired robustness outcomes: a perturbed condition against the baseline of
// the same task and harness (docs/grid.md, "Outcomes").
//
//  - delta_X = X(perturbed) - X(baseline) for recall@1/5/10, MRR, nDCG@10;
//  - top-10 gold retention = |gold in the top 10 of both| / |gold in the
//    baseline top 10|, absent when the baseline top 10 has no gold file;
//  - loss of all top-10 gold: the baseline top 10 had a gold file and the
//    perturbed top 10 has none;
//  - rank displacement: the censored delta uses the censored first-gold ranks
//    (candidate_limit + 1 when unobserved); the uncensored delta is present
//    only when both ranks are observed (the protocol's null otherwise);
//  - S002 only: distractors in the top 10 and whether one outranks the first
//    gold file, copied from the perturbed outcome.
#ifndef REPRO_STAGES_GRID_AGGREGATE_PAIRED_H_
#define REPRO_STAGES_GRID_AGGREGATE_PAIRED_H_

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// InvalidArgument when the two outcomes are not of the same task and harness,
// or are of the same condition. The caller finds the baseline by its id
// (conditions.h: Condition.paired_with).
absl::StatusOr<PairedOutcome> Pair(const ConditionOutcome& baseline,
                                   const ConditionOutcome& perturbed);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_PAIRED_H_
