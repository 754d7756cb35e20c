// W04 reranking comparison over one fixed candidate pool.
//
// EvaluateRerank takes the authored RerankCase (two conditions, each with its
// own copy of every candidate record) and returns the RerankResult:
//  1. The fixed-pool proof. Within each condition, ids are unique and gains lie
//     in [0, max_gain]; across conditions, the id sets and counts are equal and
//     each id has the same version hash and gain. Any failure is a stop
//     condition: InvalidArgument "<file>: condition '<c>', record <i>
//     (candidate <id>), field <f>: expected <x>, found <y>".
//  2. Each condition's order: score descending, ties by candidate id ascending
//     (metrics::OrderByScore).
//  3. DCG@k and nDCG@k with exponential gain 2^g - 1 and discount log2(i + 1);
//     IDCG@k from all judged gains of the pool; Recall@k for each recall cutoff
//     with relevant = gain > 0 (metrics/ranking_metrics.h).
//  4. Deltas (treatment - baseline) and the candidate movement table.
#ifndef REPRO_STAGES_STUDIES_W04_RERANK_H_
#define REPRO_STAGES_STUDIES_W04_RERANK_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

// `file` names the input in error messages.
absl::StatusOr<RerankResult> EvaluateRerank(const RerankCase& rerank_case, const std::string& file);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_RERANK_H_
