#include "stages/judge/record_metrics.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "stages/judge/record_util.h"

namespace repro::judge {

const std::vector<int>& MeasuredKs() {
  static const std::vector<int>* ks = new std::vector<int>{1, 2, 3, 5};
  return *ks;
}

absl::StatusOr<TaskRow> MeasureRecord(const JudgeRecord& r) {
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

  const WeakOrder ground = FromProto(r.ground_order().groups());
  const std::vector<std::string> observed = Flatten(ground);
  row.observed = observed.size();
  const WeakOrder full_pred = FromProto(r.predicted().groups());
  const std::vector<std::string> pred_ids = Flatten(full_pred);
  const std::set<std::string> in_pred(pred_ids.begin(), pred_ids.end());
  for (const std::string& id : observed) {
    if (!in_pred.count(id)) {
      return absl::InvalidArgumentError(
          absl::StrCat(r.record_id(), ": predicted order lacks candidate '", id, "'"));
    }
  }
  const WeakOrder pred = Restrict(full_pred, observed);

  // Unplaced candidates among the observed ones.
  const std::set<std::string> obs(observed.begin(), observed.end());
  row.output_failed = r.predicted().parse_failed();
  if (row.output_failed) {
    row.unplaced = observed.size();
  } else {
    for (const std::string& id : r.predicted().missing_ids()) row.unplaced += obs.count(id);
    for (const CandidateJudgement& j : r.predicted().judgements()) {
      row.unplaced += !j.parsed() && obs.count(j.candidate_id());
    }
  }

  if (r.pairwise_calls_size() > 0) {
    std::vector<Call> calls;
    for (const PairwiseCall& pc : r.pairwise_calls()) {
      Verdict v = Verdict::kUnparsed;
      if (pc.verdict() == PairwiseCall::FIRST_BETTER) v = Verdict::kFirstBetter;
      if (pc.verdict() == PairwiseCall::SECOND_BETTER) v = Verdict::kSecondBetter;
      if (pc.verdict() == PairwiseCall::TIE) v = Verdict::kTie;
      calls.push_back({pc.first_id(), pc.second_id(), v});
    }
    absl::StatusOr<PairwiseCallMetrics> m = ScorePairwiseCalls(ground, calls);
    if (!m.ok())
      return absl::InvalidArgumentError(absl::StrCat(r.record_id(), ": ", m.status().message()));
    row.calls = *m;
  }

  if (row.candidates == 1) {
    row.exclusion = "single_candidate";
  } else if (row.observed < 2) {
    row.exclusion = "fewer_than_two_observed";
  } else if (ground.size() < 2) {
    row.exclusion = "no_contrast";
  }
  for (const Group& g : ground) row.ground_group_sizes.push_back(g.ids.size());
  if (!ground.empty()) {
    row.best_share = static_cast<double>(ground[0].ids.size()) / row.observed;
    if (ground.size() >= 2) row.quality_gap = ground[0].value - ground[1].value;
  }
  if (!pred.empty()) row.predicted_top_group = pred[0].ids.size();
  if (!row.exclusion.empty()) return row;

  auto wrap = [&](const absl::Status& s) {
    return absl::InvalidArgumentError(absl::StrCat(r.record_id(), ": ", s.message()));
  };
  absl::StatusOr<std::optional<double>> acc = ListwisePairwiseAccuracy(ground, pred);
  if (!acc.ok()) return wrap(acc.status());
  row.pairwise_accuracy = *acc;
  absl::StatusOr<double> top1 = Top1(ground, pred);
  if (!top1.ok()) return wrap(top1.status());
  row.top1 = *top1;
  absl::StatusOr<std::optional<double>> rho = Spearman(ground, pred);
  if (!rho.ok()) return wrap(rho.status());
  row.spearman = *rho;
  for (int k : MeasuredKs()) {
    absl::StatusOr<std::optional<double>> b = BestInTopK(ground, pred, k);
    if (!b.ok()) return wrap(b.status());
    row.best_in_top_k[k] = *b;
    absl::StatusOr<std::optional<double>> p = OrderedPrefixAccuracy(ground, pred, k);
    if (!p.ok()) return wrap(p.status());
    row.prefix[k] = *p;
    absl::StatusOr<std::optional<PolicyValue>> v = ExecuteTopK(ground, pred, k);
    if (!v.ok()) return wrap(v.status());
    row.policy[k] = *v;
  }
  return row;
}

}  // namespace repro::judge
