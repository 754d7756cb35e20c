#include "stages/judge/humaneval_import.h"

#include <algorithm>
#include <set>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/judge/json_input.h"
#include "stages/judge/list_metrics.h"
#include "stages/judge/output_parse.h"
#include "stages/judge/policies.h"
#include "stages/judge/record_util.h"

namespace repro::judge {
namespace {

constexpr const char* kLangs[] = {"cpp", "java", "js", "python"};
constexpr const char* kModes[] = {"no_ref", "with_ref"};

bool AllDigits(absl::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return absl::ascii_isdigit(c); });
}

long Numeric(absl::string_view s) {
  long v = 0;
  return absl::SimpleAtoi(s, &v) ? v : -1;
}

struct Task {
  std::string id;                  // upstream task_id
  int index = 0;                   // position in the sample list
  std::vector<std::string> cands;  // sample indices, numeric order
  std::map<std::string, std::string> text;
  std::map<std::string, std::optional<int>> execution;
};

std::string F3(double v) { return absl::StrFormat("%.3f", v); }

}  // namespace

absl::StatusOr<JudgeDataset> ImportHumanEval(const std::map<std::string, std::string>& files,
                                             const std::map<std::string, std::string>& paths) {
  auto get = [&](const std::string& name) -> absl::StatusOr<std::pair<std::string, std::string>> {
    auto f = files.find(name);
    if (f == files.end()) {
      return absl::NotFoundError(
          absl::StrCat("humaneval_icescore: input file ", name, " (plain or .gz) is missing"));
    }
    auto p = paths.find(name);
    return std::make_pair(f->second, p == paths.end() ? name : p->second);
  };
  IssueLog log;
  JudgeDataset ds;
  ds.set_dataset("humaneval_icescore");
  ds.set_description(
      "ICE-Score (Zhuo 2024): 161 HumanEval problems x 4 languages, about 20 sampled programs "
      "each (code-davinci-002, T=0.8, MultiPL-E) with pass/fail execution, judged one program "
      "per call by gpt-3.5-turbo (0-4 functional correctness) without and with the reference "
      "solution");
  ds.add_source_notes("terryyz/ice-score at 4e45c6dcd0a31cf62488619ce23cecc032263d8b (MIT)");
  ds.add_source_notes(
      "pointwise judge: the predicted order is derived from scores, never a listwise call; "
      "there are no pairwise calls");
  ds.add_source_notes("execution labels as recorded by MultiPL-E/CodeBERTScore, not re-run");

  for (const char* lang : kLangs) {
    absl::StatusOr<std::pair<std::string, std::string>> sample =
        get(absl::StrCat("humaneval_", lang, "_sample.json"));
    if (!sample.ok()) return sample.status();
    const std::string& sample_path = sample->second;
    absl::StatusOr<Json> sj = ParseJsonDocument(sample->first, sample_path);
    if (!sj.ok()) return sj.status();
    if (!sj->is_array()) {
      return absl::InvalidArgumentError(
          absl::StrCat(sample_path, ": expected a JSON list of tasks"));
    }
    std::vector<Task> tasks;
    std::set<std::string> task_ids;
    long n_cands = 0, n_pass = 0, mixed = 0, all_pass = 0, none_pass = 0;
    for (size_t i = 0; i < sj->size(); ++i) {
      const Json& t = (*sj)[i];
      const std::string where = absl::StrCat(sample_path, "#", i);
      absl::StatusOr<std::string> id = GetString(t, "task_id", where);
      if (!id.ok()) {
        log.Add("invalid_field", sample_path, i, "", "task_id", id.status().message());
        tasks.push_back({});
        continue;
      }
      Task task;
      task.id = *id;
      task.index = i;
      if (!task_ids.insert(*id).second) {
        log.Add("duplicate_task", sample_path, i, *id, "task_id",
                "task listed twice; the first is kept");
        tasks.push_back({});
        continue;
      }
      for (const auto& [key, value] : t.items()) {
        if (AllDigits(key)) {
          if (!value.is_string()) {
            log.Add("invalid_field", sample_path, i, *id, key, "program text is not a string");
            continue;
          }
          task.cands.push_back(key);
          task.text[key] = value.get<std::string>();
        }
      }
      std::sort(task.cands.begin(), task.cands.end(),
                [](const std::string& a, const std::string& b) { return Numeric(a) < Numeric(b); });
      for (const auto& [key, value] : t.items()) {
        if (!absl::StartsWith(key, "grade-")) continue;
        const std::string cid = key.substr(6);
        if (!task.text.count(cid)) {
          log.Add("unknown_candidate_id", sample_path, i, *id, key, "grade for no candidate");
          continue;
        }
        if (value.is_object() && value.contains("execution") &&
            value["execution"].is_number_integer() &&
            (value["execution"] == 0 || value["execution"] == 1)) {
          task.execution[cid] = value["execution"].get<int>();
        } else {
          log.Add("invalid_field", sample_path, i, *id, key, "expected {\"execution\": 0|1}");
        }
      }
      int pass = 0, observed = 0;
      for (const std::string& c : task.cands) {
        if (!task.execution.count(c)) {
          log.Add("missing_outcome", sample_path, i, *id, c, "no execution label; kept missing");
          continue;
        }
        ++observed;
        pass += *task.execution[c];
      }
      n_cands += task.cands.size();
      n_pass += pass;
      if (pass == 0)
        ++none_pass;
      else if (pass == observed)
        ++all_pass;
      else
        ++mixed;
      tasks.push_back(std::move(task));
    }
    AddLoaderCheck(&ds, absl::StrCat(lang, ": tasks / candidates / passing"),
                   std::map<std::string, std::string>{{"python", "161 / 3220 / 1342"},
                                                      {"java", "161 / 3219 / 1055"},
                                                      {"cpp", "161 / 3220 / 1243"},
                                                      {"js", "161 / 3160 / 1217"}}[lang],
                   absl::StrCat(task_ids.size(), " / ", n_cands, " / ", n_pass));
    AddLoaderCheck(&ds, absl::StrCat(lang, ": tasks mixed / all pass / none pass"),
                   std::map<std::string, std::string>{{"python", "138 / 1 / 22"},
                                                      {"java", "116 / 2 / 43"},
                                                      {"cpp", "120 / 6 / 35"},
                                                      {"js", "133 / 2 / 26"}}[lang],
                   absl::StrCat(mixed, " / ", all_pass, " / ", none_pass));

    std::vector<std::string> no_digit;
    for (const char* mode : kModes) {
      absl::StatusOr<std::pair<std::string, std::string>> judge =
          get(absl::StrCat(lang, "_humaneval_no_step_", mode, "_gpt35.json"));
      if (!judge.ok()) return judge.status();
      const std::string& judge_path = judge->second;
      absl::StatusOr<Json> jj = ParseJsonDocument(judge->first, judge_path);
      if (!jj.ok()) return jj.status();
      if (!jj->is_array()) {
        return absl::InvalidArgumentError(absl::StrCat(judge_path, ": expected a JSON list"));
      }
      if (jj->size() != tasks.size()) {
        log.Add("misaligned_file", judge_path, 0, "", "",
                absl::StrCat(jj->size(), " elements for ", tasks.size(), " sample tasks"));
      }
      long replies_without_digit = 0;
      // Python reference numbers (SOURCE.md), over mixed tasks.
      double sum_random = 0, sum_top1 = 0;
      int n_mixed = 0, top_tied = 0;
      for (size_t i = 0; i < tasks.size(); ++i) {
        const Task& task = tasks[i];
        if (task.id.empty()) continue;
        const Json empty = Json::object();
        const bool present = i < jj->size() && (*jj)[i].is_object();
        if (i < jj->size() && !present) {
          log.Add("invalid_field", judge_path, i, task.id, "", "expected an object per task");
        }
        const Json& jt = present ? (*jj)[i] : empty;
        JudgeRecord r;
        const std::string task_id = absl::StrCat("humaneval-", lang, "/", task.id);
        const std::string judge_id = absl::StrCat("gpt-3.5-turbo/", mode);
        r.set_record_id(absl::StrCat(task_id, "|", judge_id));
        r.set_dataset("humaneval_icescore");
        r.set_split("HumanEval (MultiPL-E davinci-0.8-keep), all tasks");
        r.set_task_id(task_id);
        r.set_category(lang);
        std::map<std::string, int> text_count;
        for (const std::string& c : task.cands) ++text_count[task.text.at(c)];
        int dup_text = 0;
        for (const std::string& c : task.cands) {
          Candidate* cand = r.add_candidates();
          cand->set_candidate_id(c);
          cand->set_version(Sha256Ref(task.text.at(c)));
          cand->set_upstream_id(absl::StrCat("MultiPL-E sample ", c));
          cand->set_generator("code-davinci-002, T=0.8");
          dup_text += text_count[task.text.at(c)] > 1;
          ExecutionOutcome* o = r.add_outcomes();
          o->set_candidate_id(c);
          o->set_metric("passes all tests (MultiPL-E), 1 = pass");
          o->set_direction(HIGHER_IS_BETTER);
          o->set_execution_seed("not recorded");
          o->set_split("HumanEval");
          o->set_cost("not recorded");
          auto e = task.execution.find(c);
          if (e != task.execution.end() && e->second.has_value()) {
            o->set_observed(true);
            o->set_value(*e->second);
          }
        }
        if (absl::Status s = SetGroundFromOutcomes(&r); !s.ok()) return s;
        r.mutable_ground_order()->set_definition("MultiPL-E execution: pass (1) > fail (0)");
        JudgeProtocol* jp = r.mutable_judge();
        jp->set_judge_id(judge_id);
        jp->set_model("gpt-3.5-turbo (OpenAI API)");
        jp->set_model_version("not recorded (2023 alias)");
        jp->set_prompt_config_hash(
            "not available: the G-Eval style 'Functional Correctness (0-4)' prompt lives in "
            "experiment_source/humaneval_gpt_eval.py, which is not part of the data set");
        jp->set_input_report_mode(mode);
        jp->set_temperature("0");
        jp->set_seed_or_run_id("not recorded");
        jp->set_retries("not recorded");
        jp->set_call_form("POINTWISE_SCORES");
        PredictedOrder* p = r.mutable_predicted();
        p->set_raw_ref(absl::StrCat(judge_path, "#", i));
        std::set<std::string> seen;
        for (const auto& [key, value] : jt.items()) {
          const std::string cid = absl::StartsWith(key, "grade-") ? key.substr(6) : key;
          if (!task.text.count(cid)) {
            log.Add("unknown_candidate_id", judge_path, i, task_id, key,
                    "judge entry for no candidate of the task");
            continue;
          }
          seen.insert(cid);
        }
        for (const std::string& c : task.cands) {
          CandidateJudgement* j = p->add_judgements();
          j->set_candidate_id(c);
          j->set_raw_ref(absl::StrCat(judge_path, "#", i, "/grade-", c));
          auto it = jt.find(absl::StrCat("grade-", c));
          if (!seen.count(c) || it == jt.end() || !it->is_object() || !it->contains("raw_output") ||
              !(*it)["raw_output"].is_string()) {
            log.Add("missing_judge_output", judge_path, i, task_id, absl::StrCat("grade-", c),
                    "no raw_output for this candidate; placed last");
            j->set_parsed(false);
            j->set_parse_error("no output recorded");
            continue;
          }
          if (it->contains("execution") && task.execution.count(c) &&
              (*it)["execution"] != *task.execution.at(c)) {
            log.Add("execution_label_mismatch", judge_path, i, task_id, absl::StrCat("grade-", c),
                    "judge file's execution label differs from the sample file's");
          }
          const std::string raw = (*it)["raw_output"].get<std::string>();
          if (std::none_of(raw.begin(), raw.end(),
                           [](char ch) { return absl::ascii_isdigit(ch); })) {
            ++replies_without_digit;
          }
          j->set_raw_excerpt(Excerpt(raw));
          j->set_raw_sha256(Sha256Ref(raw));
          ScoreParse sp = ParseLeadingScore(raw, 4);
          j->set_parsed(sp.ok);
          if (sp.ok) {
            j->set_score(sp.score);
          } else {
            j->set_parse_error(sp.reason);
            log.Add("unparsable_judge_output", judge_path, i, task_id, absl::StrCat("grade-", c),
                    absl::StrCat(sp.reason, ": '", Excerpt(raw, 60), "'"));
          }
        }
        if (absl::Status s = SetPredictedFromJudgements(&r); !s.ok()) return s;
        SharedStructure* sh = r.mutable_shared();
        sh->set_cluster_id(absl::StrCat("humaneval/", task.id));
        sh->set_task_id(task_id);
        sh->set_judge_id(judge_id);
        sh->set_run_id("not recorded");
        sh->set_duplicate_text_candidates(dup_text);
        sh->add_notes("one generator model for every candidate; the problem recurs in 4 languages");
        Policy* pol = r.mutable_policy();
        pol->set_rule(policy::kPolicyRule);
        for (int k : {1, 2, 3, 5}) pol->add_k_values(k);
        pol->set_budget("k executions per task");
        pol->set_logged_execution(
            "every candidate was executed (MultiPL-E); the policy is replayed offline over the "
            "logged outcomes, so there is no selection bias");
        r.mutable_holdout()->set_assignment("evaluation");
        r.mutable_holdout()->set_leakage_boundary(
            "no outcome-based selection in this stage (parse, tie and k rules fixed in code); "
            "HumanEval is public and may be in the judge's training data");
        if (std::string(lang) == "python") {
          const WeakOrder g = FromProto(r.ground_order().groups());
          const WeakOrder pr = Restrict(FromProto(r.predicted().groups()), Flatten(g));
          if (g.size() == 2) {
            ++n_mixed;
            sum_random += static_cast<double>(g[0].ids.size()) / Size(g);
            sum_top1 += *Top1(g, pr);
            top_tied += pr[0].ids.size() > 1;
          }
        }
        *ds.add_records() = std::move(r);
      }
      no_digit.push_back(absl::StrCat(replies_without_digit));
      if (std::string(lang) == "python") {
        if (std::string(mode) == "no_ref") {
          AddLoaderCheck(&ds, "python: mixed tasks; mean random-pick pass rate", "138; 0.479",
                         absl::StrCat(n_mixed, "; ", F3(sum_random / n_mixed)));
        }
        AddLoaderCheck(
            &ds, absl::StrCat("python ", mode, ": expected top-1 pass rate (random tie-break)"),
            std::string(mode) == "no_ref" ? "0.525" : "0.651", F3(sum_top1 / n_mixed));
        AddLoaderCheck(&ds, absl::StrCat("python ", mode, ": top score tied in mixed tasks"),
                       std::string(mode) == "no_ref" ? "138 of 138" : "122 of 138",
                       absl::StrCat(top_tied, " of ", n_mixed));
      }
    }
    AddLoaderCheck(
        &ds, absl::StrCat(lang, ": replies with no digit (no_ref / with_ref)"),
        std::map<std::string, std::string>{
            {"python", "0 / 0"}, {"java", "1 / 1"}, {"cpp", "0 / 0"}, {"js", "2 / 0"}}[lang],
        absl::StrCat(no_digit[0], " / ", no_digit[1]));
  }
  log.WriteTo(&ds);
  return ds;
}

}  // namespace repro::judge
