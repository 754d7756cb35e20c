// Grid aggregation: the composite cells (tasks x harnesses x doses) and the
// analysis over them.
//
// Input: the experiment's conditions (GridInput.conditions, conditions.h:
// every condition id the analysis writes is read from there; "S001" and
// "S002" below stand for the ids of its STALE_INDEX and DISTRACTORS kinds);
// one ConditionOutcome per (task, harness) for the baseline, one per
// (task, harness, depth) for S001 and one per (task, harness, dose) for S002;
// the S001 effective dose per task. Missing or duplicate outcomes are
// InvalidArgument naming the task, harness, condition, dose and depth. The
// report holds the conditions (GridReport.conditions) for its names.
//
// Cells: task x harness x seed coordinate (i -> doses[i]; the seeded study's
// doses are 1, 5, 10, coordinates 0, 1, 2). The
// baseline and S001 outcomes of a task x harness are copied into its cells,
// one per dose (S001 with shared_key "<task>/<harness>"); each cell has its
// own S002.
//
// Units (GridReport.units): one row per outcome of the report's tasks, of
// every kind and parameter (every S001 depth, every S002 dose, S003 and any
// other kind of the table), in report order (tasks, harnesses, the table's
// conditions), each perturbation paired with its baseline; a missing unit is
// InvalidArgument naming the task, harness and label. cells.csv, explain and
// the TREC parity check read them.
//
// Analysis (Summary rows), all from the cells:
//  - Shared outcomes are de-duplicated by key before any mean: the baseline
//    and S001 of a task x harness count once (tasks x harnesses units over
//    all harnesses, one per task per harness), never once per dose; the stage
//    fails if the copies differ.
//  - Means with 95% percentile-bootstrap intervals that resample tasks
//    (stages/framework/stats/cluster_bootstrap.h): per harness (one unit a
//    task) and over all harnesses (one unit a task x harness, clustered by
//    task).
//  - Condition metrics: recall@1/5/10, MRR, nDCG@10, function recall@10 (tasks
//    with gold functions only), budget coverage at 13k and 27k tokens, then
//    file Acc@1/3/5/10 and function Acc@1/3/5/10 (tasks with gold functions
//    only; localization.h).
//  - Paired deltas vs the baseline: recall@10, MRR, nDCG@10, top-10 gold
//    retention and loss of all top-10 gold (0/1), both over the units whose
//    baseline top 10 holds a gold file,
//    censored rank delta; S002 also distractors in the top 10 and
//    distractor-outranks-first-gold (0/1). S002 per dose = dose-response.
//  - Kinds outside the composite cells (S003, comments removed: one
//    outcome per task x harness, parameter 0): their condition metrics and
//    their paired metrics against the baseline, per harness and over all,
//    and in the harness comparisons (Summary condition = the kind's id,
//    dose 0), after every other row.
//  - Staleness sweep (more than one S001 depth): for every depth, the
//    condition and paired metrics of S001 at that depth (Summary condition
//    "S001", dose = depth), per harness and over all, the same bootstrap;
//    the composite cells keep the first depth (Summary dose 0).
//  - Harness vs harness: paired per-task differences of baseline recall@10
//    and MRR for each (A, B) of GridInput.comparisons (A - B; the harness
//    configs' compare_with), each with its task-bootstrap interval and a
//    two-sided paired randomization test (GridReport.paired_tests; exact
//    sign-flip enumeration up to 20 tasks, stages/framework/stats/randomization.h),
//    Holm-adjusted over all the tests of that table. A comparison naming a
//    harness that is not in the grid is InvalidArgument.
//  - Reranker vs first stage (docs/rerank.md): for each (R, F) of
//    GridInput.rerankers and every condition of the grid (each S001 depth,
//    S002 dose and extra kind), the per-task differences R - F of
//    kRerankMetrics (recall@1/5/10, MRR, nDCG@10: the outcome's own values)
//    with their task-bootstrap intervals: Summary harness "R-F", metric
//    "rerank_<metric>", after every other row; GridReport.rerank_comparisons
//    lists "R-F". A first stage not in the grid is InvalidArgument.
#ifndef REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_H_
#define REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_H_

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

// The metrics a reranker is paired with its first stage on (the recall
// cutoffs and nDCG@10 the outcomes declare, and MRR).
inline constexpr const char* kRerankMetrics[] = {"recall_at_1", "recall_at_5", "recall_at_10",
                                                 "mrr", "ndcg_at_10"};

// One unit of analysis: a value and the task (cluster) it belongs to.
struct Unit {
  std::string cluster;
  double value = 0;
};

struct GridInput {
  std::string grid;                    // "gitlab-runner", "fixture"
  ConditionTable conditions;           // validated (conditions.pb)
  std::vector<std::string> task_ids;   // in report order
  std::vector<std::string> harnesses;  // in report order (the experiment's)
  // (A, B): report A - B, paired by task, at baseline; from compare_with.
  std::vector<std::pair<std::string, std::string>> comparisons;
  // (R, F): reranker R of first stage F (HarnessConfig.rerank), in harness
  // order; reported R - F per task under every condition.
  std::vector<std::pair<std::string, std::string>> rerankers;
  // The experiment's S002 doses and S001 depths, each non-empty and
  // ascending (CheckAscending, grid_spec.h; the aggregate stage reads them
  // from the validated GridSpec, which holds their defaults). The cells hold
  // the first depth; with several, the sweep (staleness_doses, one per task
  // and depth).
  std::vector<int> doses;
  std::vector<int> s001_depths;
  std::vector<StalenessDose> staleness_doses;
  std::vector<ConditionOutcome> outcomes;  // the cells' outcomes (Aggregate only)
  // Per task, its gold locations (labels), for Acc@k (Aggregate only).
  std::map<std::string, GoldLocations> gold;
  std::vector<S001Dose> s001_doses;
  int resamples = 0;  // Experiment.bootstrap, >= 1
  uint64_t seed = 0;
};

// The report of the cells' outcomes (GridInput.outcomes): their units
// (BuildUnitShard over every task, unit_shard.h) and their localization
// accuracy (LocalizationAccuracy over the shard's rankings and
// GridInput.gold), then AggregateUnits.
absl::StatusOr<GridReport> Aggregate(const GridInput& input);

// The report of the grid's units (GridReport.units: every task, harness and
// condition once, in report order; what the grid_units shards wrote,
// concatenated), the analysis above over them; `input.outcomes` is not
// read. The composite cells hold the units' outcomes, without lists, and
// their paired outcomes; a unit missing or out of order is InvalidArgument
// naming it. `accuracy` holds each unit's Acc@k (localization.h), one per
// unit in their order (else InvalidArgument): the file_acc_at_<k> and
// function_acc_at_<k> condition metrics.
absl::StatusOr<GridReport> AggregateUnits(const GridInput& input,
                                          const google::protobuf::RepeatedPtrField<GridUnit>& units,
                                          const std::vector<UnitAccuracy>& accuracy);

// The de-duplication the analysis relies on: one outcome per shared key
// ("<task>/<harness>") from the cells' S001 (or baseline) copies. Fails when
// two copies of one key differ.
absl::StatusOr<std::vector<ConditionOutcome>> UniqueS001(const std::vector<Cell>& cells);
absl::StatusOr<std::vector<ConditionOutcome>> UniqueBaselines(const std::vector<Cell>& cells);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_AGGREGATE_H_
