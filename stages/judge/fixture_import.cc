#include "stages/judge/fixture_import.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/judge/copeland.h"
#include "stages/judge/json_input.h"
#include "stages/judge/output_parse.h"
#include "stages/judge/policies.h"
#include "stages/judge/record_util.h"

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

}  // namespace

absl::StatusOr<JudgeDataset> ImportJudgeLog(absl::string_view text, absl::string_view file,
                                            absl::string_view dataset_name) {
  IssueLog log;
  JsonLines lines = ParseJsonLines(text);
  for (const MalformedLine& m : lines.malformed) {
    log.Add("malformed_json_line", file, m.line, "", "",
            absl::StrCat(m.excerpt, " (", m.message, ")"));
  }
  std::map<std::string, JudgeProtocol> protocols;
  std::map<std::string, TaskSpec> tasks;
  std::map<std::pair<std::string, std::string>, ListwiseLine> listwise;  // (judge, task)
  std::map<std::pair<std::string, std::string>, std::vector<PairwiseLine>> pairwise;
  std::vector<std::pair<int, const Json*>> outputs;

  for (const JsonLine& jl : lines.values) {
    const std::string where = Where(file, jl.line);
    absl::StatusOr<std::string> type = GetString(jl.value, "type", where);
    if (!type.ok()) {
      log.Add("invalid_field", file, jl.line, "", "type", type.status().message());
      continue;
    }
    if (*type == "protocol") {
      JudgeProtocol p;
      absl::StatusOr<std::string> judge = GetString(jl.value, "judge", where);
      absl::StatusOr<std::string> prompt = GetString(jl.value, "prompt", where);
      if (!judge.ok() || !prompt.ok()) {
        log.Add("invalid_field", file, jl.line, "", "judge/prompt",
                (!judge.ok() ? judge.status() : prompt.status()).message());
        continue;
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
          log.Add("invalid_field", file, jl.line, *judge, name, v.status().message());
          continue;
        }
        (p.*setter)(*v);
      }
      if (p.call_form() != "LISTWISE" && p.call_form() != "PAIRWISE_CALLS") {
        log.Add("invalid_field", file, jl.line, *judge, "call_form",
                absl::StrCat("expected LISTWISE or PAIRWISE_CALLS, found '", p.call_form(), "'"));
        continue;
      }
      if (!protocols.emplace(*judge, p).second) {
        log.Add("duplicate_judge_output", file, jl.line, *judge, "judge", "protocol given twice");
      }
    } else if (*type == "task") {
      TaskSpec t;
      t.line = jl.line;
      absl::StatusOr<std::string> id = GetString(jl.value, "task_id", where);
      if (!id.ok()) {
        log.Add("invalid_field", file, jl.line, "", "task_id", id.status().message());
        continue;
      }
      JudgeRecord& r = t.base;
      r.set_dataset(std::string(dataset_name));
      r.set_task_id(*id);
      bool bad = false;
      for (auto [name, setter] :
           std::vector<std::pair<const char*, void (JudgeRecord::*)(const std::string&)>>{
               {"category", &JudgeRecord::set_category}, {"split", &JudgeRecord::set_split}}) {
        absl::StatusOr<std::string> v = GetString(jl.value, name, where);
        if (!v.ok()) {
          log.Add("invalid_field", file, jl.line, *id, name, v.status().message());
          bad = true;
        } else {
          (r.*setter)(*v);
        }
      }
      absl::StatusOr<std::string> metric = GetString(jl.value, "metric", where);
      absl::StatusOr<std::string> dir = GetString(jl.value, "direction", where);
      Direction direction = DIRECTION_UNSPECIFIED;
      if (dir.ok() && *dir == "higher_is_better") direction = HIGHER_IS_BETTER;
      if (dir.ok() && *dir == "lower_is_better") direction = LOWER_IS_BETTER;
      if (!metric.ok() || direction == DIRECTION_UNSPECIFIED) {
        log.Add("invalid_field", file, jl.line, *id, "metric/direction",
                !metric.ok() ? metric.status().message()
                             : "direction must be higher_is_better or lower_is_better");
        bad = true;
      }
      const Json& cands = jl.value.contains("candidates") ? jl.value["candidates"] : Json();
      const Json& outs = jl.value.contains("outcomes") ? jl.value["outcomes"] : Json();
      if (!cands.is_array() || !outs.is_object()) {
        log.Add("invalid_field", file, jl.line, *id, "candidates/outcomes",
                "expected an array of candidates and an object of outcomes");
        bad = true;
      }
      if (bad) continue;
      std::set<std::string> seen;
      for (size_t i = 0; i < cands.size(); ++i) {
        absl::StatusOr<std::string> cid =
            GetString(cands[i], "id", absl::StrCat(where, " candidates[", i, "]"));
        absl::StatusOr<std::string> ctext =
            GetString(cands[i], "text", absl::StrCat(where, " candidates[", i, "]"));
        if (!cid.ok() || !ctext.ok()) {
          log.Add("invalid_field", file, jl.line, *id, absl::StrCat("candidates[", i, "]"),
                  (!cid.ok() ? cid.status() : ctext.status()).message());
          continue;
        }
        if (!seen.insert(*cid).second) {
          log.Add("duplicate_candidate_id", file, jl.line, *id, absl::StrCat("candidates[", i, "]"),
                  absl::StrCat("'", *cid, "' listed again; the first entry is kept"));
          continue;
        }
        Candidate* c = r.add_candidates();
        c->set_candidate_id(*cid);
        c->set_version(Sha256Ref(*ctext));
        c->set_generator("fixture author");
        t.ids.push_back(*cid);
      }
      for (const auto& [cid, v] : outs.items()) {
        if (!seen.count(cid)) {
          log.Add("unknown_candidate_id", file, jl.line, *id, "outcomes",
                  absl::StrCat("outcome for '", cid, "', which is not a candidate"));
        } else if (!v.is_null() && !v.is_number()) {
          log.Add("invalid_field", file, jl.line, *id, absl::StrCat("outcomes.", cid),
                  absl::StrCat("expected a number or null, found ", v.type_name()));
        }
      }
      for (const std::string& cid : t.ids) {
        ExecutionOutcome* o = r.add_outcomes();
        o->set_candidate_id(cid);
        o->set_metric(*metric);
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
      if (absl::Status s = SetGroundFromOutcomes(&r); !s.ok()) return s;
      r.mutable_ground_order()->set_definition(absl::StrCat(*metric, ", ", *dir));
      if (t.ids.size() == 1) {
        log.Add("single_candidate_task", file, jl.line, *id, "candidates",
                "one candidate: nothing to select; recorded, excluded from list metrics");
      }
      if (!tasks.emplace(*id, std::move(t)).second) {
        log.Add("duplicate_task", file, jl.line, *id, "task_id",
                "task given twice; the first is kept");
      }
    } else if (*type == "listwise" || *type == "pairwise") {
      outputs.emplace_back(jl.line, &jl.value);
    } else {
      log.Add("unknown_record_type", file, jl.line, "", "type", absl::StrCat("'", *type, "'"));
    }
  }
  if (tasks.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(file, ": no valid task record"));
  }

  // Judge outputs, now that every task and protocol is known.
  for (const auto& [line, v] : outputs) {
    const std::string where = Where(file, line);
    const std::string type = (*v)["type"].get<std::string>();
    absl::StatusOr<std::string> task = GetString(*v, "task_id", where);
    absl::StatusOr<std::string> judge = GetString(*v, "judge", where);
    absl::StatusOr<std::string> raw = GetString(*v, "raw_output", where);
    if (!task.ok() || !judge.ok() || !raw.ok()) {
      log.Add("invalid_field", file, line, "", "task_id/judge/raw_output",
              (!task.ok()    ? task.status()
               : !judge.ok() ? judge.status()
                             : raw.status())
                  .message());
      continue;
    }
    auto t = tasks.find(*task);
    if (t == tasks.end()) {
      log.Add("unknown_task_id", file, line, *task, "task_id", "no task record with this id");
      continue;
    }
    auto p = protocols.find(*judge);
    const std::string want = type == "listwise" ? "LISTWISE" : "PAIRWISE_CALLS";
    if (p == protocols.end() || p->second.call_form() != want) {
      log.Add("unknown_judge", file, line, *task, "judge",
              absl::StrCat("no ", want, " protocol named '", *judge, "'"));
      continue;
    }
    if (type == "listwise") {
      if (!listwise.emplace(std::make_pair(*judge, *task), ListwiseLine{line, *raw}).second) {
        log.Add("duplicate_judge_output", file, line, *task, "raw_output",
                "second output for this task and judge; the first is kept");
      }
      continue;
    }
    absl::StatusOr<std::string> first = GetString(*v, "first", where);
    absl::StatusOr<std::string> second = GetString(*v, "second", where);
    if (!first.ok() || !second.ok()) {
      log.Add("invalid_field", file, line, *task, "first/second",
              (!first.ok() ? first.status() : second.status()).message());
      continue;
    }
    const std::set<std::string> ids(t->second.ids.begin(), t->second.ids.end());
    if (!ids.count(*first) || !ids.count(*second) || *first == *second) {
      log.Add("unknown_candidate_id", file, line, *task, "first/second",
              absl::StrCat("call on (", *first, ", ", *second, "): not two distinct candidates"));
      continue;
    }
    auto& calls = pairwise[{*judge, *task}];
    bool dup = false;
    for (const PairwiseLine& c : calls)
      dup = dup || (c.call.first == *first && c.call.second == *second);
    if (dup) {
      log.Add("duplicate_judge_output", file, line, *task, "first/second",
              "second call for this ordered pair; the first is kept");
      continue;
    }
    VerdictParse vp = ParseVerdictLine(*raw);
    if (vp.verdict == Verdict::kUnparsed) {
      log.Add("unparsable_judge_output", file, line, *task, "raw_output",
              absl::StrCat(vp.reason, ": '", Excerpt(*raw, 80), "'"));
    }
    calls.push_back({line, Call{*first, *second, vp.verdict}, *raw});
  }

  JudgeDataset ds;
  ds.set_dataset(std::string(dataset_name));
  ds.set_description(absl::StrCat("judge log ", file));
  for (const auto& [judge, proto] : protocols) {
    for (const auto& [task_id, spec] : tasks) {
      const bool is_list = proto.call_form() == "LISTWISE";
      auto pw = pairwise.find({judge, task_id});
      if (!is_list && pw == pairwise.end()) continue;
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
      r.mutable_holdout()->set_leakage_boundary(
          "authored fixture; nothing is selected on outcomes");
      PredictedOrder* p = r.mutable_predicted();
      if (is_list) {
        p->set_form(PredictedOrder::LISTWISE_CALL);
        p->set_derivation_policy(policy::kListwiseDerivation);
        p->set_failure_policy(policy::kListwiseFailure);
        auto lw = listwise.find({judge, task_id});
        ListwiseParse lp;
        if (lw == listwise.end()) {
          log.Add("missing_judge_output", file, 0, task_id, judge, "no listwise output recorded");
          lp = ParseListwise("", spec.ids);
          lp.reason = "no output recorded";
        } else {
          lp = ParseListwise(lw->second.raw, spec.ids);
          p->set_raw_ref(Where(file, lw->second.line));
          p->set_raw_excerpt(Excerpt(lw->second.raw));
          if (!lp.ok) {
            log.Add("unparsable_judge_output", file, lw->second.line, task_id, "raw_output",
                    absl::StrCat(lp.reason, ": '", Excerpt(lw->second.raw, 80), "'"));
          } else {
            for (const std::string& u : lp.unknown) {
              log.Add("unknown_candidate_id", file, lw->second.line, task_id, "raw_output",
                      absl::StrCat("'", u, "' is not a candidate of the task"));
            }
            for (const std::string& d : lp.duplicates) {
              log.Add("duplicate_id_in_output", file, lw->second.line, task_id, "raw_output",
                      absl::StrCat("'", d, "' returned again; first position kept"));
            }
            for (const std::string& m : lp.missing) {
              log.Add("id_missing_from_output", file, lw->second.line, task_id, "raw_output",
                      absl::StrCat("'", m, "' not returned; placed last"));
            }
          }
        }
        p->set_parse_failed(!lp.ok);
        p->set_parse_error(lp.reason);
        for (const std::string& s : lp.returned) p->add_returned_ids(s);
        for (const std::string& s : lp.duplicates) p->add_duplicate_ids(s);
        for (const std::string& s : lp.missing) p->add_missing_ids(s);
        for (const std::string& s : lp.unknown) p->add_unknown_ids(s);
        ToProto(lp.order, p->mutable_groups());
      } else {
        std::vector<Comparison> comps;
        for (const PairwiseLine& c : pw->second) {
          PairwiseCall* pc = r.add_pairwise_calls();
          pc->set_first_id(c.call.first);
          pc->set_second_id(c.call.second);
          pc->set_verdict(c.call.verdict == Verdict::kFirstBetter    ? PairwiseCall::FIRST_BETTER
                          : c.call.verdict == Verdict::kSecondBetter ? PairwiseCall::SECOND_BETTER
                          : c.call.verdict == Verdict::kTie          ? PairwiseCall::TIE
                                                                     : PairwiseCall::UNPARSED);
          pc->set_raw_ref(Where(file, c.line));
          pc->set_raw_excerpt(ParseVerdictLine(c.raw).last_line);
          pc->set_raw_sha256(Sha256Ref(c.raw));
          const double a = c.call.verdict == Verdict::kFirstBetter    ? 1
                           : c.call.verdict == Verdict::kSecondBetter ? 0
                                                                      : 0.5;
          comps.push_back({c.call.first, c.call.second, a});
        }
        absl::StatusOr<WeakOrder> order = CopelandOrder(spec.ids, comps, Unvalued::kBottom);
        if (!order.ok()) return order.status();
        p->set_form(PredictedOrder::DERIVED_FROM_PAIRWISE_CALLS);
        p->set_derivation_policy(policy::kPairwiseDerivation);
        p->set_failure_policy(
            "candidates without any call are placed below every compared candidate, tied");
        ToProto(*order, p->mutable_groups());
      }
      *ds.add_records() = std::move(r);
    }
  }
  log.WriteTo(&ds);
  return ds;
}

}  // namespace repro::judge
