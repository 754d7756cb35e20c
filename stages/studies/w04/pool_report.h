// Renders the report of W04 over a pool (pool.h): Markdown and frozen tokens.
//
// Sections: the pool (id, source, cost unit, budget, cutoff, the single
// factor, topics); one row per topic (pool size, nDCG@k of both runs and the
// delta, claim coverage packed under both rules, units packed, units the rule
// skipped, unresolved pairs admitted); the metrics over topics, each as
// "mean [lo, hi]" with the bootstrap's level and resamples; the boundary (no
// answer, citation or production outcome is evaluated).
// Tokens: pool.id, pool.topics, pool.budget, pool.cost_unit, per topic
// topic.<t>.<metric> for the per-topic columns, and mean.<metric> ("mean
// [lo, hi]") for every metric over topics. Formats as the worked case:
// nDCG with 9 decimals (over topics 4), recall and coverage with 2 (over
// topics 4), counts as integers (means over topics 2).
#ifndef REPRO_STAGES_STUDIES_W04_POOL_REPORT_H_
#define REPRO_STAGES_STUDIES_W04_POOL_REPORT_H_

#include "absl/status/statusor.h"
#include "stages/studies/w04/report_writer.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

// InvalidArgument when a token could not be frozen (tokens::ValidateTokens).
absl::StatusOr<RenderedReport> RenderPoolReport(const PoolResult& result);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_POOL_REPORT_H_
