// Reciprocal rank fusion (Cormack, Clarke & Buettcher 2009, "Reciprocal rank
// fusion outperforms Condorcet and individual rank learning methods", SIGIR).
//
//   fused(d) = sum over legs L containing d of 1 / (k + rank_L(d))
//
// rank_L is 1-based (the first element of a leg has rank 1); a document
// absent from a leg contributes 0 for that leg. The harness configs use k = 60,
// the paper's value. Sums run over the legs in the order given (with two legs the sum
// is exact-commutative, so equal rank pairs give bit-equal scores).
// Output: every document of any leg, ordered by fused score descending, then
// id ascending (the harness's ids follow the chunk key order: path, function,
// start line).
// Errors: InvalidArgument when k < 1 or an id appears twice in one leg.
#ifndef REPRO_STAGES_RETRIEVAL_FUSION_H_
#define REPRO_STAGES_RETRIEVAL_FUSION_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "stages/retrieval/bm25.h"

namespace repro::retrieval {

// Each leg is a ranking, best first (its scores are ignored; only order
// counts). Callers cut legs to their depth before fusing.
absl::StatusOr<std::vector<ScoredId>> ReciprocalRankFusion(
    absl::Span<const std::vector<ScoredId>> legs, int k);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_FUSION_H_
