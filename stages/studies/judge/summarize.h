// Data-set level summaries of per-task measurements: task-level bootstrap
// means, exclusion and failure counts, breakdowns, identification bounds
// beside the empirical means, and paired differences between judges.
//
// Unit and weights (policy::kAveraging): every task weighs the same; the
// bootstrap resamples clusters (SharedStructure.cluster_id: a task, or one
// HumanEval problem across its four languages), never pairs or candidates.
// Every metric mean is over the tasks where the metric is defined, and its
// `n` says how many; the random-pick baseline (expected top-1 of a uniformly
// random candidate = best-group share) is averaged over the same tasks as
// top-1.
//
// Breakdowns (each a full summary per level): category (language or
// question category), list size ("n=<n>" up to 8, "n=9-19", "n>=20"),
// best-group share ("<=0.25", "0.25-0.5", "0.5-0.75", ">0.75": the share of
// the list tied at the top of the ground order), quality gap (ground value of
// the best group minus the next: "<=0.1", "0.1-0.25", "0.25-0.5", ">0.5").
//
// Bounds beside the empirical numbers (bounds.h MeanBound): over the tasks
// with list metrics, the exact range of mean top-1 (and mean best-in-top-3
// over tasks with n > 3) that any judge with the same mean listwise-implied
// pairwise accuracy could have, given these tasks' list sizes and ground
// ties. Tasks whose arrangements exceed 2,000,000 are counted, not bounded
// (the bound is then not computed).
//
// Paired differences: for two judges of one data set that rank the same
// candidates of the same tasks, the mean of (second - first) per task with a
// cluster bootstrap interval.
//
// Output: DatasetMeasurements (judge.proto), every list in a fixed order
// (what stands for a JSON object in judge_measurements.json sorted by its
// key), so the artifact is deterministic.
#ifndef REPRO_STAGES_STUDIES_JUDGE_SUMMARIZE_H_
#define REPRO_STAGES_STUDIES_JUDGE_SUMMARIZE_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/stats/cluster_bootstrap.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/record_metrics.h"

namespace repro::judge {

using stats::BootstrapConfig;
using stats::ClusterBootstrapMean;
using stats::Estimate;
using stats::Observation;

struct MetricSpec {
  std::string name;   // MetricEstimate.metric
  std::string label;  // for reports
  std::function<std::optional<double>(const TaskRow&)> get;
};

// Every summarised metric, in report order.
const std::vector<MetricSpec>& Metrics();

// Summary of one group of rows: tasks, clusters, exclusions, failures and
// the estimate of every metric defined on at least one of them.
RowSummary SummarizeRows(const std::vector<const TaskRow*>& rows, const BootstrapConfig& config);

// The whole data set: records measured, judges summarised. `rows_out`, when
// given, receives every record's TaskRow in record order.
absl::StatusOr<DatasetMeasurements> MeasureDataset(const JudgeDataset& dataset,
                                                   const BootstrapConfig& config,
                                                   std::vector<TaskRow>* rows_out);

// The values of one task as judge_tasks.csv lists them.
TaskValues ToTaskValues(const TaskRow& row);

// The estimate named `metric` in `estimates`, or nullptr.
const MetricEstimate* FindEstimate(
    const google::protobuf::RepeatedPtrField<MetricEstimate>& estimates, absl::string_view metric);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_SUMMARIZE_H_
