// Per-task measurement of one judge record: every list metric of
// list_metrics.h, the separately prompted pairwise metrics of
// pairwise_metrics.h, and the task facts used for breakdowns and bounds.
//
// Restriction (policy::kMissingOutcome): the ground order holds only the
// candidates with an observed outcome; the predicted order is restricted to
// them. A record whose predicted order lacks an observed candidate is an
// error (importers always write complete orders).
//
// Exclusion (policy::kExclusions), checked in this order:
//   "single_candidate"         one candidate in the record;
//   "fewer_than_two_observed"  fewer than two observed outcomes;
//   "no_contrast"              all observed candidates tied in the ground order.
// An excluded task has no list metric; separately prompted pairwise metrics
// are still computed for it (they need no contrast to be counted).
//
// Task facts: list size n (observed), ground group sizes, the share of the
// list in the best ground group (the expected top-1 of a uniformly random
// pick), the quality gap (value of the best ground group minus the next
// group's, on the ground's own scale), the size of the judge's first group,
// and `unplaced`: observed candidates the judge did not validly place (an
// unparsed score, an id missing from a listwise output, or every candidate
// when the whole output failed).
#ifndef REPRO_STAGES_STUDIES_JUDGE_RECORD_METRICS_H_
#define REPRO_STAGES_STUDIES_JUDGE_RECORD_METRICS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/list_metrics.h"
#include "stages/studies/judge/pairwise_metrics.h"

namespace repro::judge {

struct TaskRow {
  std::string record_id, dataset, judge_id, task_id, cluster, category;
  std::string call_form, predicted_form, input_mode;
  int candidates = 0, observed = 0, missing_outcomes = 0;
  int unplaced = 0;
  bool output_failed = false;
  std::string exclusion;  // "" when list metrics are defined
  std::vector<int> ground_group_sizes;
  double best_share = 0;
  std::optional<double> quality_gap;
  int predicted_top_group = 0;
  std::optional<double> pairwise_accuracy, top1, spearman;
  std::map<int, std::optional<double>> best_in_top_k, prefix;
  std::map<int, std::optional<PolicyValue>> policy;
  std::optional<PairwiseCallMetrics> calls;
};

// The k values measured for best-in-top-k, ordered prefix and policy value.
const std::vector<int>& MeasuredKs();

absl::StatusOr<TaskRow> MeasureRecord(const JudgeRecord& record);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_RECORD_METRICS_H_
