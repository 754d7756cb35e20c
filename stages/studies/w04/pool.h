// W04 over many topics: each topic's two comparisons by the per-topic core,
// then every metric over topics with a topic-clustered bootstrap interval.
//
// EvaluatePool(cases) runs, for each topic of ReadPoolCases (pool_cases.h),
// EvaluateRerank (rerank.h) and EvaluatePacking (packing.h) on the topic's
// cases, the topic named in every error. Over topics, each per-topic value
// below is one observation whose cluster is its topic (the topic is the
// task: stats::ClusterBootstrapMean, seed and level of
// stats::BootstrapConfig, resamples from the config or its default):
//   rerank.{baseline,treatment,delta}.ndcg@k
//   rerank.{baseline,treatment,delta}.recall@<K>  for each recall cutoff
//   pack.{baseline,treatment,delta}.coverage      claims covered / declared
//   pack.{baseline,treatment,delta}.unused        budget left, in cost units
//   pack.{baseline,treatment,delta}.clusters      dependency clusters packed
//   pack.{baseline,treatment,delta}.redundant_pairs   declared pairs admitted
// Each value comes from the core's result: one implementation per metric.
// A topic whose pool holds no relevant unit has nDCG@k and Recall@k 0
// (metrics/ranking_metrics.h); the report shows its relevant count.
// declared_relations / unresolved_relations count the near-duplicate
// relations of the ledger (each once), UNRESOLVED ones apart.
#ifndef REPRO_STAGES_STUDIES_W04_POOL_H_
#define REPRO_STAGES_STUDIES_W04_POOL_H_

#include "absl/status/statusor.h"
#include "stages/studies/w04/pool_cases.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

absl::StatusOr<PoolResult> EvaluatePool(const PoolCases& cases);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_POOL_H_
