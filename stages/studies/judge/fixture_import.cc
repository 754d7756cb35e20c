#include "stages/studies/judge/fixture_import.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/copeland.h"
#include "stages/studies/judge/json_input.h"
#include "stages/studies/judge/output_parse.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge {
namespace {

struct TaskSpec {
  int line = 0;
  JudgeRecord base;  // task fields, candidates, outcomes, ground order
  std::vector<std::string> ids;
};

struct ListwiseLine {
  int line = 0;
  std::string raw;
};

struct PairwiseLine {
  int line = 0;
  Call call;
  std::string raw;
};

std::string Where(absl::string_view file, int line) { return absl::StrCat(file, ":", line); }

absl::StatusOr<std::string> OptString(const Json& o, const char* name, absl::string_view where) {
  if (!o.contains(name)) return std::string("not recorded");
  return GetString(o, name, where);
}

// One judge log: the lines read in two passes (protocols and tasks, then the
// judge outputs that refer to them), then one record per judge and task.
class JudgeLogImporter {
 public:
  JudgeLogImporter(absl::string_view file, absl::string_view dataset_name)
      : file_(file), dataset_name_(dataset_name) {}

  absl::StatusOr<JudgeDataset> Run(absl::string_view text);

 private:
  void Protocol(const JsonLine& jl);
  absl::Status Task(const JsonLine& jl);
  // The task fields of a task line; false when one is invalid (logged).
  bool TaskFields(const JsonLine& jl, const std::string& id, JudgeRecord* r, std::string* metric,
                  std::string* direction_name, Direction* direction);
  void Candidates(const JsonLine& jl, const std::string& id, const Json& cands, TaskSpec* t);
  void CheckOutcomeKeys(const JsonLine& jl, const std::string& id, const Json& outs,
                        const TaskSpec& t);
  void Output(int line, const Json& v);
  void PairwiseOutput(int line, const Json& v, const std::string& task, const std::string& judge,
                      const std::string& raw, const TaskSpec& spec);
  absl::StatusOr<JudgeRecord> Record(const std::string& judge, const JudgeProtocol& proto,
                                     const std::string& task_id, const TaskSpec& spec);
  void ListwisePrediction(const std::string& judge, const std::string& task_id,
                          const TaskSpec& spec, PredictedOrder* p);
  void LogListwiseProblems(const ListwiseLine& lw, const std::string& task_id,
                           const ListwiseParse& lp);
  absl::Status PairwisePrediction(const std::vector<PairwiseLine>& calls, const TaskSpec& spec,
                                  JudgeRecord* r);

  const std::string file_;
  const std::string dataset_name_;
  IssueLog log_;
  std::map<std::string, JudgeProtocol> protocols_;
  std::map<std::string, TaskSpec> tasks_;
  std::map<std::pair<std::string, std::string>, ListwiseLine> listwise_;  // (judge, task)
  std::map<std::pair<std::string, std::string>, std::vector<PairwiseLine>> pairwise_;
};

absl::StatusOr<JudgeDataset> JudgeLogImporter::Run(absl::string_view text) {
  JsonLines lines = ParseJsonLines(text);
  for (const MalformedLine& m : lines.malformed) {
    log_.Add("malformed_json_line", file_, m.line, "", "",
             absl::StrCat(m.excerpt, " (", m.message, ")"));
  }
  std::vector<std::pair<int, const Json*>> outputs;
  for (const JsonLine& jl : lines.values) {
    absl::StatusOr<std::string> type = GetString(jl.value, "type", Where(file_, jl.line));
    if (!type.ok()) {
      log_.Add("invalid_field", file_, jl.line, "", "type", type.status().message());
    } else if (*type == "protocol") {
      Protocol(jl);
    } else if (*type == "task") {
      RETURN_IF_ERROR(Task(jl));
    } else if (*type == "listwise" || *type == "pairwise") {
      outputs.emplace_back(jl.line, &jl.value);
    } else {
      log_.Add("unknown_record_type", file_, jl.line, "", "type", absl::StrCat("'", *type, "'"));
    }
  }
  if (tasks_.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(file_, ": no valid task record"));
  }
  // Judge outputs, now that every task and protocol is known.
  for (const auto& [line, v] : outputs) Output(line, *v);

  JudgeDataset ds;
  ds.set_dataset(dataset_name_);
  ds.set_description(absl::StrCat("judge log ", file_));
  for (const auto& [judge, proto] : protocols_) {
    for (const auto& [task_id, spec] : tasks_) {
      if (proto.call_form() != "LISTWISE" && !pairwise_.count({judge, task_id})) continue;
      ASSIGN_OR_RETURN(*ds.add_records(), Record(judge, proto, task_id, spec));
    }
  }
  log_.WriteTo(&ds);
  return ds;
}

void JudgeLogImporter::Protocol(const JsonLine& jl) {
  const std::string where = Where(file_, jl.line);
  JudgeProtocol p;
  absl::StatusOr<std::string> judge = GetString(jl.value, "judge", where);
  absl::StatusOr<std::string> prompt = GetString(jl.value, "prompt", where);
  if (!judge.ok() || !prompt.ok()) {
    log_.Add("invalid_field", file_, jl.line, "", "judge/prompt",
             (!judge.ok() ? judge.status() : prompt.status()).message());
    return;
  }
  p.set_judge_id(*judge);
  p.set_prompt_config_hash(Sha256Ref(*prompt));
  for (auto [name, setter] :
       std::vector<std::pair<const char*, void (JudgeProtocol::*)(const std::string&)>>{
           {"model", &JudgeProtocol::set_model},
           {"model_version", &JudgeProtocol::set_model_version},
           {"input_mode", &JudgeProtocol::set_input_report_mode},
           {"temperature", &JudgeProtocol::set_temperature},
           {"seed", &JudgeProtocol::set_seed_or_run_id},
           {"retries", &JudgeProtocol::set_retries},
           {"call_form", &JudgeProtocol::set_call_form}}) {
    absl::StatusOr<std::string> v = OptString(jl.value, name, where);
    if (!v.ok()) {
      log_.Add("invalid_field", file_, jl.line, *judge, name, v.status().message());
      continue;
    }
    (p.*setter)(*v);
  }
  if (p.call_form() != "LISTWISE" && p.call_form() != "PAIRWISE_CALLS") {
    log_.Add("invalid_field", file_, jl.line, *judge, "call_form",
             absl::StrCat("expected LISTWISE or PAIRWISE_CALLS, found '", p.call_form(), "'"));
    return;
  }
  if (!protocols_.emplace(*judge, p).second) {
    log_.Add("duplicate_judge_output", file_, jl.line, *judge, "judge", "protocol given twice");
  }
}

absl::Status JudgeLogImporter::Task(const JsonLine& jl) {
  TaskSpec t;
  t.line = jl.line;
  absl::StatusOr<std::string> id = GetString(jl.value, "task_id", Where(file_, jl.line));
  if (!id.ok()) {
    log_.Add("invalid_field", file_, jl.line, "", "task_id", id.status().message());
    return absl::OkStatus();
  }
  JudgeRecord& r = t.base;
  r.set_dataset(dataset_name_);
  r.set_task_id(*id);
  std::string metric, dir;
  Direction direction = DIRECTION_UNSPECIFIED;
  bool bad = !TaskFields(jl, *id, &r, &metric, &dir, &direction);
  const Json& cands = jl.value.contains("candidates") ? jl.value["candidates"] : Json();
  const Json& outs = jl.value.contains("outcomes") ? jl.value["outcomes"] : Json();
  if (!cands.is_array() || !outs.is_object()) {
    log_.Add("invalid_field", file_, jl.line, *id, "candidates/outcomes",
             "expected an array of candidates and an object of outcomes");
    bad = true;
  }
  if (bad) return absl::OkStatus();
  Candidates(jl, *id, cands, &t);
  CheckOutcomeKeys(jl, *id, outs, t);
  for (const std::string& cid : t.ids) {
    ExecutionOutcome* o = r.add_outcomes();
    o->set_candidate_id(cid);
    o->set_metric(metric);
    o->set_direction(direction);
    o->set_execution_seed("not recorded");
    o->set_split(r.split());
    o->set_cost("not recorded");
    auto it = outs.find(cid);
    if (it != outs.end() && it->is_number()) {
      o->set_observed(true);
      o->set_value(it->get<double>());
    }
  }
  RETURN_IF_ERROR(SetGroundFromOutcomes(&r));
  r.mutable_ground_order()->set_definition(absl::StrCat(metric, ", ", dir));
  if (t.ids.size() == 1) {
    log_.Add("single_candidate_task", file_, jl.line, *id, "candidates",
             "one candidate: nothing to select; recorded, excluded from list metrics");
  }
  if (!tasks_.emplace(*id, std::move(t)).second) {
    log_.Add("duplicate_task", file_, jl.line, *id, "task_id",
             "task given twice; the first is kept");
  }
  return absl::OkStatus();
}

bool JudgeLogImporter::TaskFields(const JsonLine& jl, const std::string& id, JudgeRecord* r,
                                  std::string* metric, std::string* direction_name,
                                  Direction* direction) {
  const std::string where = Where(file_, jl.line);
  bool ok = true;
  for (auto [name, setter] :
       std::vector<std::pair<const char*, void (JudgeRecord::*)(const std::string&)>>{
           {"category", &JudgeRecord::set_category}, {"split", &JudgeRecord::set_split}}) {
    absl::StatusOr<std::string> v = GetString(jl.value, name, where);
    if (!v.ok()) {
      log_.Add("invalid_field", file_, jl.line, id, name, v.status().message());
      ok = false;
    } else {
      (r->*setter)(*v);
    }
  }
  absl::StatusOr<std::string> m = GetString(jl.value, "metric", where);
  absl::StatusOr<std::string> dir = GetString(jl.value, "direction", where);
  if (dir.ok() && *dir == "higher_is_better") *direction = HIGHER_IS_BETTER;
  if (dir.ok() && *dir == "lower_is_better") *direction = LOWER_IS_BETTER;
  if (!m.ok() || *direction == DIRECTION_UNSPECIFIED) {
    log_.Add(
        "invalid_field", file_, jl.line, id, "metric/direction",
        !m.ok() ? m.status().message() : "direction must be higher_is_better or lower_is_better");
    return false;
  }
  *metric = *m;
  *direction_name = *dir;
  return ok;
}

void JudgeLogImporter::Candidates(const JsonLine& jl, const std::string& id, const Json& cands,
                                  TaskSpec* t) {
  const std::string where = Where(file_, jl.line);
  std::set<std::string> seen;
  for (size_t i = 0; i < cands.size(); ++i) {
    const std::string at = absl::StrCat(where, " candidates[", i, "]");
    absl::StatusOr<std::string> cid = GetString(cands[i], "id", at);
    absl::StatusOr<std::string> ctext = GetString(cands[i], "text", at);
    if (!cid.ok() || !ctext.ok()) {
      log_.Add("invalid_field", file_, jl.line, id, absl::StrCat("candidates[", i, "]"),
               (!cid.ok() ? cid.status() : ctext.status()).message());
      continue;
    }
    if (!seen.insert(*cid).second) {
      log_.Add("duplicate_candidate_id", file_, jl.line, id, absl::StrCat("candidates[", i, "]"),
               absl::StrCat("'", *cid, "' listed again; the first entry is kept"));
      continue;
    }
    Candidate* c = t->base.add_candidates();
    c->set_candidate_id(*cid);
    c->set_version(Sha256Ref(*ctext));
    c->set_generator("fixture author");
    t->ids.push_back(*cid);
  }
}

// An outcome for no candidate, or one that is neither a number nor null.
void JudgeLogImporter::CheckOutcomeKeys(const JsonLine& jl, const std::string& id, const Json& outs,
                                        const TaskSpec& t) {
  const std::set<std::string> ids(t.ids.begin(), t.ids.end());
  for (const auto& [cid, v] : outs.items()) {
    if (!ids.count(cid)) {
      log_.Add("unknown_candidate_id", file_, jl.line, id, "outcomes",
               absl::StrCat("outcome for '", cid, "', which is not a candidate"));
    } else if (!v.is_null() && !v.is_number()) {
      log_.Add("invalid_field", file_, jl.line, id, absl::StrCat("outcomes.", cid),
               absl::StrCat("expected a number or null, found ", v.type_name()));
    }
  }
}

void JudgeLogImporter::Output(int line, const Json& v) {
  const std::string where = Where(file_, line);
  const bool is_listwise = *GetString(v, "type", where) == "listwise";
  absl::StatusOr<std::string> task = GetString(v, "task_id", where);
  absl::StatusOr<std::string> judge = GetString(v, "judge", where);
  absl::StatusOr<std::string> raw = GetString(v, "raw_output", where);
  if (!task.ok() || !judge.ok() || !raw.ok()) {
    log_.Add("invalid_field", file_, line, "", "task_id/judge/raw_output",
             (!task.ok()    ? task.status()
              : !judge.ok() ? judge.status()
                            : raw.status())
                 .message());
    return;
  }
  auto t = tasks_.find(*task);
  if (t == tasks_.end()) {
    log_.Add("unknown_task_id", file_, line, *task, "task_id", "no task record with this id");
    return;
  }
  auto p = protocols_.find(*judge);
  const std::string want = is_listwise ? "LISTWISE" : "PAIRWISE_CALLS";
  if (p == protocols_.end() || p->second.call_form() != want) {
    log_.Add("unknown_judge", file_, line, *task, "judge",
             absl::StrCat("no ", want, " protocol named '", *judge, "'"));
    return;
  }
  if (!is_listwise) {
    PairwiseOutput(line, v, *task, *judge, *raw, t->second);
  } else if (!listwise_.emplace(std::make_pair(*judge, *task), ListwiseLine{line, *raw}).second) {
    log_.Add("duplicate_judge_output", file_, line, *task, "raw_output",
             "second output for this task and judge; the first is kept");
  }
}

void JudgeLogImporter::PairwiseOutput(int line, const Json& v, const std::string& task,
                                      const std::string& judge, const std::string& raw,
                                      const TaskSpec& spec) {
  const std::string where = Where(file_, line);
  absl::StatusOr<std::string> first = GetString(v, "first", where);
  absl::StatusOr<std::string> second = GetString(v, "second", where);
  if (!first.ok() || !second.ok()) {
    log_.Add("invalid_field", file_, line, task, "first/second",
             (!first.ok() ? first.status() : second.status()).message());
    return;
  }
  const std::set<std::string> ids(spec.ids.begin(), spec.ids.end());
  if (!ids.count(*first) || !ids.count(*second) || *first == *second) {
    log_.Add("unknown_candidate_id", file_, line, task, "first/second",
             absl::StrCat("call on (", *first, ", ", *second, "): not two distinct candidates"));
    return;
  }
  std::vector<PairwiseLine>& calls = pairwise_[{judge, task}];
  for (const PairwiseLine& c : calls) {
    if (c.call.first == *first && c.call.second == *second) {
      log_.Add("duplicate_judge_output", file_, line, task, "first/second",
               "second call for this ordered pair; the first is kept");
      return;
    }
  }
  VerdictParse vp = ParseVerdictLine(raw);
  if (vp.verdict == Verdict::kUnparsed) {
    log_.Add("unparsable_judge_output", file_, line, task, "raw_output",
             absl::StrCat(vp.reason, ": '", Excerpt(raw, 80), "'"));
  }
  calls.push_back({line, Call{*first, *second, vp.verdict}, raw});
}

absl::StatusOr<JudgeRecord> JudgeLogImporter::Record(const std::string& judge,
                                                     const JudgeProtocol& proto,
                                                     const std::string& task_id,
                                                     const TaskSpec& spec) {
  JudgeRecord r = spec.base;
  r.set_record_id(absl::StrCat(task_id, "|", judge));
  *r.mutable_judge() = proto;
  SharedStructure* sh = r.mutable_shared();
  sh->set_cluster_id(task_id);
  sh->set_task_id(task_id);
  sh->set_judge_id(judge);
  sh->set_run_id(proto.seed_or_run_id());
  Policy* pol = r.mutable_policy();
  pol->set_rule(policy::kPolicyRule);
  for (int k : {1, 2, 3}) pol->add_k_values(k);
  pol->set_budget("k executions per task");
  pol->set_logged_execution("authored outcomes; unexecuted candidates are marked null");
  r.mutable_holdout()->set_assignment("evaluation");
  r.mutable_holdout()->set_leakage_boundary("authored fixture; nothing is selected on outcomes");
  if (proto.call_form() == "LISTWISE") {
    ListwisePrediction(judge, task_id, spec, r.mutable_predicted());
  } else {
    RETURN_IF_ERROR(PairwisePrediction(pairwise_.at({judge, task_id}), spec, &r));
  }
  return r;
}

void JudgeLogImporter::ListwisePrediction(const std::string& judge, const std::string& task_id,
                                          const TaskSpec& spec, PredictedOrder* p) {
  p->set_form(PredictedOrder::LISTWISE_CALL);
  p->set_derivation_policy(policy::kListwiseDerivation);
  p->set_failure_policy(policy::kListwiseFailure);
  auto lw = listwise_.find({judge, task_id});
  ListwiseParse lp;
  if (lw == listwise_.end()) {
    log_.Add("missing_judge_output", file_, 0, task_id, judge, "no listwise output recorded");
    lp = ParseListwise("", spec.ids);
    lp.reason = "no output recorded";
  } else {
    lp = ParseListwise(lw->second.raw, spec.ids);
    p->set_raw_ref(Where(file_, lw->second.line));
    p->set_raw_excerpt(Excerpt(lw->second.raw));
    LogListwiseProblems(lw->second, task_id, lp);
  }
  p->set_parse_failed(!lp.ok);
  p->set_parse_error(lp.reason);
  for (const std::string& s : lp.returned) p->add_returned_ids(s);
  for (const std::string& s : lp.duplicates) p->add_duplicate_ids(s);
  for (const std::string& s : lp.missing) p->add_missing_ids(s);
  for (const std::string& s : lp.unknown) p->add_unknown_ids(s);
  ToProto(lp.order, p->mutable_groups());
}

void JudgeLogImporter::LogListwiseProblems(const ListwiseLine& lw, const std::string& task_id,
                                           const ListwiseParse& lp) {
  if (!lp.ok) {
    log_.Add("unparsable_judge_output", file_, lw.line, task_id, "raw_output",
             absl::StrCat(lp.reason, ": '", Excerpt(lw.raw, 80), "'"));
    return;
  }
  for (const std::string& u : lp.unknown) {
    log_.Add("unknown_candidate_id", file_, lw.line, task_id, "raw_output",
             absl::StrCat("'", u, "' is not a candidate of the task"));
  }
  for (const std::string& d : lp.duplicates) {
    log_.Add("duplicate_id_in_output", file_, lw.line, task_id, "raw_output",
             absl::StrCat("'", d, "' returned again; first position kept"));
  }
  for (const std::string& m : lp.missing) {
    log_.Add("id_missing_from_output", file_, lw.line, task_id, "raw_output",
             absl::StrCat("'", m, "' not returned; placed last"));
  }
}

absl::Status JudgeLogImporter::PairwisePrediction(const std::vector<PairwiseLine>& calls,
                                                  const TaskSpec& spec, JudgeRecord* r) {
  std::vector<Comparison> comps;
  for (const PairwiseLine& c : calls) {
    AddPairwiseCall(c.call, Where(file_, c.line), ParseVerdictLine(c.raw).last_line,
                    Sha256Ref(c.raw), r);
    comps.push_back(ToComparison(c.call));
  }
  ASSIGN_OR_RETURN(const WeakOrder order, CopelandOrder(spec.ids, comps, Unvalued::kBottom));
  PredictedOrder* p = r->mutable_predicted();
  p->set_form(PredictedOrder::DERIVED_FROM_PAIRWISE_CALLS);
  p->set_derivation_policy(policy::kPairwiseDerivation);
  p->set_failure_policy(
      "candidates without any call are placed below every compared candidate, tied");
  ToProto(order, p->mutable_groups());
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<JudgeDataset> ImportJudgeLog(absl::string_view text, absl::string_view file,
                                            absl::string_view dataset_name) {
  return JudgeLogImporter(file, dataset_name).Run(text);
}

}  // namespace repro::judge
