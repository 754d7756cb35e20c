#include "stages/studies/judge/record_metrics.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge {

const std::vector<int>& MeasuredKs() {
  static const std::vector<int>* ks = new std::vector<int>{1, 2, 3, 5};
  return *ks;
}

namespace {

// Identification of the record's task and judge.
TaskRow Identify(const JudgeRecord& r) {
  TaskRow row;
  row.record_id = r.record_id();
  row.dataset = r.dataset();
  row.judge_id = r.judge().judge_id();
  row.task_id = r.task_id();
  row.cluster = r.shared().cluster_id().empty() ? r.task_id() : r.shared().cluster_id();
  row.category = r.category();
  row.call_form = r.judge().call_form();
  row.predicted_form = PredictedOrder::Form_Name(r.predicted().form());
  row.input_mode = r.judge().input_report_mode();
  row.candidates = r.candidates_size();
  row.missing_outcomes = r.ground_order().missing_ids_size();
  return row;
}

// The predicted order restricted to the observed candidates, each of which
// it must place.
absl::StatusOr<WeakOrder> RestrictedPrediction(const JudgeRecord& r,
                                               const std::vector<std::string>& observed) {
  const WeakOrder full_pred = FromProto(r.predicted().groups());
  const std::vector<std::string> pred_ids = Flatten(full_pred);
  const std::set<std::string> in_pred(pred_ids.begin(), pred_ids.end());
  for (const std::string& id : observed) {
    if (!in_pred.count(id)) {
      return absl::InvalidArgumentError(
          absl::StrCat(r.record_id(), ": predicted order lacks candidate '", id, "'"));
    }
  }
  return Restrict(full_pred, observed);
}

// Observed candidates the judge did not validly place.
int Unplaced(const JudgeRecord& r, const std::vector<std::string>& observed) {
  if (r.predicted().parse_failed()) return observed.size();
  const std::set<std::string> obs(observed.begin(), observed.end());
  int unplaced = 0;
  for (const std::string& id : r.predicted().missing_ids()) unplaced += obs.count(id);
  for (const CandidateJudgement& j : r.predicted().judgements()) {
    unplaced += !j.parsed() && obs.count(j.candidate_id());
  }
  return unplaced;
}

absl::StatusOr<PairwiseCallMetrics> CallMetrics(const JudgeRecord& r, const WeakOrder& ground) {
  std::vector<Call> calls;
  for (const PairwiseCall& pc : r.pairwise_calls()) {
    calls.push_back({pc.first_id(), pc.second_id(), FromProto(pc.verdict())});
  }
  absl::StatusOr<PairwiseCallMetrics> m = ScorePairwiseCalls(ground, calls);
  if (!m.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(r.record_id(), ": ", m.status().message()));
  }
  return m;
}

// policy::kExclusions, in its order; "" when the list metrics are defined.
std::string Exclusion(const TaskRow& row, const WeakOrder& ground) {
  if (row.candidates == 1) return "single_candidate";
  if (row.observed < 2) return "fewer_than_two_observed";
  if (ground.size() < 2) return "no_contrast";
  return "";
}

// Every list metric of list_metrics.h; an error names the record.
absl::Status ListMetrics(const JudgeRecord& r, const WeakOrder& ground, const WeakOrder& pred,
                         TaskRow* row) {
  auto wrap = [&](const absl::Status& s) {
    return absl::InvalidArgumentError(absl::StrCat(r.record_id(), ": ", s.message()));
  };
  absl::StatusOr<std::optional<double>> acc = ListwisePairwiseAccuracy(ground, pred);
  if (!acc.ok()) return wrap(acc.status());
  row->pairwise_accuracy = *acc;
  absl::StatusOr<double> top1 = Top1(ground, pred);
  if (!top1.ok()) return wrap(top1.status());
  row->top1 = *top1;
  absl::StatusOr<std::optional<double>> rho = Spearman(ground, pred);
  if (!rho.ok()) return wrap(rho.status());
  row->spearman = *rho;
  for (int k : MeasuredKs()) {
    absl::StatusOr<std::optional<double>> b = BestInTopK(ground, pred, k);
    if (!b.ok()) return wrap(b.status());
    row->best_in_top_k[k] = *b;
    absl::StatusOr<std::optional<double>> p = OrderedPrefixAccuracy(ground, pred, k);
    if (!p.ok()) return wrap(p.status());
    row->prefix[k] = *p;
    absl::StatusOr<std::optional<PolicyValue>> v = ExecuteTopK(ground, pred, k);
    if (!v.ok()) return wrap(v.status());
    row->policy[k] = *v;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<TaskRow> MeasureRecord(const JudgeRecord& r) {
  TaskRow row = Identify(r);
  const WeakOrder ground = FromProto(r.ground_order().groups());
  const std::vector<std::string> observed = Flatten(ground);
  row.observed = observed.size();
  ASSIGN_OR_RETURN(const WeakOrder pred, RestrictedPrediction(r, observed));
  row.output_failed = r.predicted().parse_failed();
  row.unplaced = Unplaced(r, observed);
  if (r.pairwise_calls_size() > 0) {
    ASSIGN_OR_RETURN(row.calls, CallMetrics(r, ground));
  }
  row.exclusion = Exclusion(row, ground);
  for (const Group& g : ground) row.ground_group_sizes.push_back(g.ids.size());
  if (!ground.empty()) {
    row.best_share = static_cast<double>(ground[0].ids.size()) / row.observed;
    if (ground.size() >= 2) row.quality_gap = ground[0].value - ground[1].value;
  }
  if (!pred.empty()) row.predicted_top_group = pred[0].ids.size();
  if (!row.exclusion.empty()) return row;
  RETURN_IF_ERROR(ListMetrics(r, ground, pred, &row));
  return row;
}

}  // namespace repro::judge
