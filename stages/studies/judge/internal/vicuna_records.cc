#include "stages/studies/judge/internal/vicuna_records.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/copeland.h"
#include "stages/studies/judge/policies.h"

namespace repro::judge::internal {

JudgeRecord RecordBuilder::BaseRecord(int q, const std::vector<std::string>& models,
                                      const std::string& judge_id) {
  JudgeRecord r;
  const std::string task = absl::StrCat("vicuna80/q", q);
  r.set_record_id(absl::StrCat(task, "|", judge_id));
  r.set_dataset(kVicunaDataset);
  r.set_split("Vicuna-80 (single split; no official dev/test)");
  r.set_task_id(task);
  r.set_category(data_.questions[q].category);
  for (const std::string& m : models) {
    Candidate* c = r.add_candidates();
    c->set_candidate_id(m);
    auto a = data_.answers.find({q, m});
    if (a != data_.answers.end()) {
      c->set_version(a->second.version);
      c->set_upstream_id(a->second.answer_id);
    }
    c->set_generator(m);
  }
  SharedStructure* sh = r.mutable_shared();
  sh->set_cluster_id(task);
  sh->set_task_id(task);
  sh->set_judge_id(judge_id);
  sh->set_run_id("not recorded");
  sh->add_notes("the same answers recur in every pair of the question; one judge model");
  Policy* p = r.mutable_policy();
  p->set_rule(
      "review the first k answers of the predicted order (ties uniformly random); value = human "
      "Copeland win rate of the best reviewed answer");
  for (int k : {1, 2, 3}) p->add_k_values(k);
  p->set_budget("k human reviews per question");
  p->set_logged_execution(
      "no execution: the human reference covers every answer, so the policy is replayed offline");
  r.mutable_holdout()->set_assignment("evaluation");
  r.mutable_holdout()->set_leakage_boundary(
      "no outcome-based selection in this stage; Vicuna-80 is public (2023) and may be known to "
      "the judge");
  return r;
}

absl::Status RecordBuilder::SetHumanGround(JudgeRecord* r, int q,
                                           const std::vector<std::string>& models) {
  std::vector<Comparison> comps;
  for (size_t i = 0; i < models.size(); ++i) {
    for (size_t j = i + 1; j < models.size(); ++j) {
      const std::string& a = std::min(models[i], models[j]);
      const std::string& b = std::max(models[i], models[j]);
      auto v = data_.votes.find({q, a, b});
      if (v == data_.votes.end()) {
        log_.Add("missing_reference_votes", "", 0, r->task_id(), absl::StrCat(a, " vs ", b),
                 "no human votes for this pair");
        continue;
      }
      PairVotes* pv = r->add_reference_votes();
      pv->set_a_id(a);
      pv->set_b_id(b);
      pv->set_a_wins(v->second.a);
      pv->set_b_wins(v->second.b);
      pv->set_ties(v->second.tie);
      pv->set_source_ref(v->second.ref);
      ASSIGN_OR_RETURN(const double pts, MajorityOfVotes(v->second.a, v->second.b, v->second.tie));
      comps.push_back({a, b, pts});
    }
  }
  ASSIGN_OR_RETURN(const WeakOrder order, CopelandOrder(models, comps, Unvalued::kExclude));
  GroundOrder* g = r->mutable_ground_order();
  ToProto(order, g->mutable_groups());
  for (const std::string& m : models) {
    bool in = false;
    for (const std::string& id : Flatten(order)) in = in || id == m;
    if (!in) g->add_missing_ids(m);
  }
  g->set_definition(
      "human crowd votes (PRD ratings-human, 3 MTurk votes per pair): majority per pair, then "
      "Copeland win rate over the list");
  g->set_tie_policy(policy::kHumanMajority);
  g->set_missing_policy(policy::kMissingOutcome);
  if (MajorityCycle(models, comps)) g->add_notes("the human majority relation has a cycle");
  if (!CondorcetWinner(models, comps))
    g->add_notes("no Condorcet winner among the human majorities");
  return absl::OkStatus();
}

// J1: pairwise calls.
absl::StatusOr<JudgeRecord> RecordBuilder::PairwiseRecord(int q,
                                                          const std::vector<std::string>& all) {
  JudgeRecord r = BaseRecord(q, all, "gpt-4/pairwise-threeclass");
  RETURN_IF_ERROR(SetHumanGround(&r, q, all));
  std::vector<Comparison> comps;
  std::set<int> reviewer_ids;
  for (const RawCall& c : data_.calls[q]) {
    AddPairwiseCall(c.call, c.ref, Excerpt(c.last_line), c.sha, &r)
        ->set_parse_note("verdict = upstream 'score' field (QLoRA's parse of the last line)");
    comps.push_back(ToComparison(c.call));
    reviewer_ids.insert(c.reviewer_id);
  }
  const int expected_calls = all.size() * (all.size() - 1);
  if (r.pairwise_calls_size() != expected_calls) {
    log_.Add("missing_judge_output", "", 0, r.task_id(), "gpt-4/pairwise-threeclass",
             absl::StrCat(r.pairwise_calls_size(), " of ", expected_calls, " calls present"));
  }
  if (reviewer_ids.size() > 1) {
    log_.Add("inconsistent_reviewer_id", "", 0, r.task_id(), "reviewer_id",
             "calls of one question use several prompts");
  }
  const int prompt = reviewer_ids.empty() ? 0 : *reviewer_ids.begin();
  SetGpt4Protocol("gpt-4/pairwise-threeclass", prompt, data_.prompt_hash_threeclass,
                  "vicuna_prompt_threeclass.jsonl", r.mutable_judge());
  r.mutable_judge()->set_input_report_mode("pairwise, both presentation orders");
  r.mutable_judge()->set_call_form("PAIRWISE_CALLS");
  ASSIGN_OR_RETURN(const WeakOrder order, CopelandOrder(all, comps, Unvalued::kBottom));
  PredictedOrder* p = r.mutable_predicted();
  p->set_form(PredictedOrder::DERIVED_FROM_PAIRWISE_CALLS);
  p->set_derivation_policy(policy::kPairwiseDerivation);
  p->set_failure_policy("an unparsed call gives 1/2 to each side; it is counted");
  ToProto(order, p->mutable_groups());
  return r;
}

// J2: relative scores against the fixed gpt-3.5 reference.
absl::StatusOr<JudgeRecord> RecordBuilder::RelativeRecord(int q,
                                                          const std::vector<std::string>& seven) {
  JudgeRecord r = BaseRecord(q, seven, "gpt-4/relative-to-gpt-3.5");
  RETURN_IF_ERROR(SetHumanGround(&r, q, seven));
  PredictedOrder* p = r.mutable_predicted();
  for (const std::string& m : seven) RelativeJudgement(q, m, r.task_id(), p->add_judgements());
  RETURN_IF_ERROR(SetPredictedFromJudgements(&r));
  p->set_derivation_policy(absl::StrCat(
      policy::kPointwiseDerivation,
      "; score = mean of the answer's 1-10 score over the two presentation orders against "
      "the gpt-3.5 reference (an unparsed order is left out of the mean)"));
  const int prompt = data_.calls[q].empty() ? 0 : data_.calls[q].front().reviewer_id;
  SetGpt4Protocol("gpt-4/relative-to-gpt-3.5", prompt, data_.prompt_hash_relative,
                  "vicuna_prompt_relative.jsonl", r.mutable_judge());
  r.mutable_judge()->set_input_report_mode(
      "relative 1-10 score against a fixed gpt-3.5 answer, both orders");
  r.mutable_judge()->set_call_form("POINTWISE_SCORES");
  return r;
}

// The score of model `m` on question `q`: the mean over the presentation
// orders that parsed.
void RecordBuilder::RelativeJudgement(int q, const std::string& m, const std::string& task_id,
                                      CandidateJudgement* j) {
  j->set_candidate_id(m);
  const Relative& rel = data_.relative[{q, m}];
  j->set_raw_ref(absl::StrJoin(rel.refs, "; "));
  j->set_raw_excerpt(absl::StrJoin(rel.excerpts, " | "));
  if (!rel.seen_first || !rel.seen_second) {
    log_.Add("missing_judge_output", "", 0, task_id, m,
             absl::StrCat("relative review missing in ", !rel.seen_first ? "model-first" : "",
                          !rel.seen_first && !rel.seen_second ? " and " : "",
                          !rel.seen_second ? "reference-first" : "", " order"));
  }
  double sum = 0;
  int n = 0;
  for (const auto& s : {rel.as_first, rel.as_second}) {
    if (s) {
      sum += *s;
      ++n;
    }
  }
  j->set_parsed(n > 0);
  if (n > 0) {
    j->set_score(sum / n);
    if (n == 1) j->set_parse_error("one order unparsed or missing: mean of the other");
  } else {
    j->set_parse_error("no parsed score in either order");
  }
}

// What both GPT-4 judges share; `prompt_file` names where `prompt_hashes`
// came from.
void RecordBuilder::SetGpt4Protocol(const std::string& judge_id, int prompt,
                                    const std::map<int, std::string>& prompt_hashes,
                                    const std::string& prompt_file, JudgeProtocol* jp) const {
  jp->set_judge_id(judge_id);
  jp->set_model("gpt-4 (OpenAI API)");
  jp->set_model_version("not pinned (mid-2023); reviewer.jsonl names gpt-4-0328");
  auto hash = prompt_hashes.find(prompt);
  jp->set_prompt_config_hash(hash != prompt_hashes.end()
                                 ? hash->second
                                 : absl::StrCat("not available: prompt id not in ", prompt_file));
  auto temperature = data_.reviewer_temperature.find(prompt);
  jp->set_temperature(temperature != data_.reviewer_temperature.end() ? temperature->second
                                                                      : "not recorded");
  jp->set_seed_or_run_id("not recorded");
  jp->set_retries("retried on API errors (count not recorded)");
}

}  // namespace repro::judge::internal
