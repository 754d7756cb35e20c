// Ranking metrics of one query: DCG/IDCG/nDCG@k, Precision@k, Recall@k,
// reciprocal rank and the first relevant rank with censoring.
//
// Conventions (trec_eval 10.0 where it has one; see notes on metric
// conventions in docs/metrics.md):
//  - Ranks are 1-based. Cutoff k >= 1; a run shorter than k counts the missing
//    positions as non-relevant (P@k still divides by k).
//  - Gain: kExponential = 2^grade - 1 (Burges et al. 2005; the W04 case);
//    kLinear = grade (trec_eval's ndcg_cut). Grades come from the Qrels;
//    unjudged documents have grade 0 and gain 0.
//  - Discount: log2(rank + 1), so rank 1 has discount 1 (Jarvelin & Kekalainen
//    2002, as in trec_eval's ndcg_cut).
//  - IDCG@k: the DCG@k of all judged grades of the query sorted descending,
//    cut at k; it is built from the qrels, not from the run.
//  - nDCG@k = DCG@k / IDCG@k, and 0 when IDCG@k = 0 (no judged gain).
//  - Relevant = grade >= the Qrels threshold (trec_eval `-l`, default 1);
//    nDCG ignores the threshold and uses every positive gain.
//  - Recall@k = |relevant in top k| / |relevant judged|, 0 when the query has
//    no relevant document (trec_eval).
//  - Acc@k (the localization papers' accuracy: LocAgent, Chen et al., ACL
//    2025, arXiv:2503.09089, and SweRank, CoSIL after it) = 1 when every
//    relevant document is among the first k ranks, else 0; 0 when the query
//    has no relevant document (as recall; callers that average it leave such
//    queries out, as the papers do). trec_eval has no such measure.
//  - Reciprocal rank = 1 / rank of the first relevant document, 0 when none is
//    retrieved (trec_eval recip_rank, uncut).
//  - FirstRelevantRank: the 1-based rank of the first relevant document, or
//    `censored_rank` when none is in the run (the grid: candidate_limit + 1).
// Every function validates the run (non-empty unique ids) and k, and returns
// InvalidArgument otherwise.
#ifndef REPRO_STAGES_FRAMEWORK_METRICS_RANKING_METRICS_H_
#define REPRO_STAGES_FRAMEWORK_METRICS_RANKING_METRICS_H_

#include "absl/status/statusor.h"
#include "stages/framework/metrics/qrels.h"

namespace repro::metrics {

enum class Gain { kExponential, kLinear };

// Gain of one grade: 2^grade - 1 or grade.
double GainOf(int grade, Gain gain);

absl::StatusOr<double> DcgAtK(const Run& run, const Qrels& qrels, int k, Gain gain);
absl::StatusOr<double> IdealDcgAtK(const Qrels& qrels, int k, Gain gain);
absl::StatusOr<double> NdcgAtK(const Run& run, const Qrels& qrels, int k, Gain gain);

absl::StatusOr<double> PrecisionAtK(const Run& run, const Qrels& qrels, int k);
// Number of relevant documents among the first min(k, |run|) ranks.
absl::StatusOr<int> RelevantInTopK(const Run& run, const Qrels& qrels, int k);
absl::StatusOr<double> RecallAtK(const Run& run, const Qrels& qrels, int k);
absl::StatusOr<double> AccuracyAtK(const Run& run, const Qrels& qrels, int k);

absl::StatusOr<double> ReciprocalRank(const Run& run, const Qrels& qrels);

// Rank of the first relevant document, or `censored_rank` if none is in the
// run. Returns {rank, observed}.
struct FirstRelevant {
  int rank = 0;
  bool observed = false;
};
absl::StatusOr<FirstRelevant> FirstRelevantRank(const Run& run, const Qrels& qrels,
                                                int censored_rank);

}  // namespace repro::metrics

#endif  // REPRO_STAGES_FRAMEWORK_METRICS_RANKING_METRICS_H_
