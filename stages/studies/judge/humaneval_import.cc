#include "stages/studies/judge/humaneval_import.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/json_input.h"
#include "stages/studies/judge/list_metrics.h"
#include "stages/studies/judge/output_parse.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge {
namespace {

constexpr char kDataset[] = "humaneval_icescore";
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

// Counts of one language's sample file, for the loader checks.
struct SampleCounts {
  long candidates = 0, passing = 0, mixed = 0, all_pass = 0, none_pass = 0;
};

// Counts of one judge file (the Python reference numbers of SOURCE.md are
// over mixed tasks).
struct JudgeFileCounts {
  long replies_without_digit = 0;
  double sum_random = 0, sum_top1 = 0;
  int mixed = 0, top_tied = 0;
};

std::string F3(double v) { return absl::StrFormat("%.3f", v); }

class HumanEvalImporter {
 public:
  HumanEvalImporter(const std::map<std::string, std::string>& files,
                    const std::map<std::string, std::string>& paths)
      : files_(files), paths_(paths) {}

  absl::StatusOr<JudgeDataset> Run();

 private:
  absl::StatusOr<InputFile> Get(const std::string& name) const;
  absl::StatusOr<std::vector<Task>> ReadSamples(const char* lang);
  // The task of element `i` of the sample list; nullopt when it is skipped
  // (logged).
  std::optional<Task> SampleTask(const Json& t, size_t i, const std::string& path,
                                 std::set<std::string>* ids);
  void SampleGrades(const Json& t, size_t i, const std::string& path, Task* task);
  absl::Status ReadJudgeFile(const char* lang, const char* mode, const std::vector<Task>& tasks,
                             std::vector<std::string>* no_digit);
  absl::StatusOr<JudgeRecord> Record(const char* lang, const char* mode, const Task& task, size_t i,
                                     const Json& jt, const std::string& judge_path,
                                     JudgeFileCounts* counts);
  absl::Status CandidatesAndGround(const Task& task, JudgeRecord* r);
  void Judgements(const Task& task, size_t i, const Json& jt, const std::string& judge_path,
                  JudgeRecord* r, JudgeFileCounts* counts);
  // Judgement of candidate `c` from the judge file's entry `it`.
  void Judgement(const Task& task, size_t i, const std::string& c, const Json& entry,
                 const std::string& judge_path, const std::string& task_id, CandidateJudgement* j,
                 JudgeFileCounts* counts);
  void PythonLoaderChecks(const char* mode, const JudgeFileCounts& c);

  const std::map<std::string, std::string>& files_;
  const std::map<std::string, std::string>& paths_;
  IssueLog log_;
  JudgeDataset ds_;
};

absl::StatusOr<InputFile> HumanEvalImporter::Get(const std::string& name) const {
  return FindInputFile(files_, paths_, kDataset, name);
}

void SetProtocol(const char* mode, const std::string& judge_id, JudgeProtocol* jp) {
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
}

void SetStructureAndPolicy(const Task& task, const std::string& task_id,
                           const std::string& judge_id, int dup_text, JudgeRecord* r) {
  SharedStructure* sh = r->mutable_shared();
  sh->set_cluster_id(absl::StrCat("humaneval/", task.id));
  sh->set_task_id(task_id);
  sh->set_judge_id(judge_id);
  sh->set_run_id("not recorded");
  sh->set_duplicate_text_candidates(dup_text);
  sh->add_notes("one generator model for every candidate; the problem recurs in 4 languages");
  Policy* pol = r->mutable_policy();
  pol->set_rule(policy::kPolicyRule);
  for (int k : {1, 2, 3, 5}) pol->add_k_values(k);
  pol->set_budget("k executions per task");
  pol->set_logged_execution(
      "every candidate was executed (MultiPL-E); the policy is replayed offline over the "
      "logged outcomes, so there is no selection bias");
  r->mutable_holdout()->set_assignment("evaluation");
  r->mutable_holdout()->set_leakage_boundary(
      "no outcome-based selection in this stage (parse, tie and k rules fixed in code); "
      "HumanEval is public and may be in the judge's training data");
}

absl::StatusOr<JudgeDataset> HumanEvalImporter::Run() {
  ds_.set_dataset(kDataset);
  ds_.set_description(
      "ICE-Score (Zhuo 2024): 161 HumanEval problems x 4 languages, about 20 sampled programs "
      "each (code-davinci-002, T=0.8, MultiPL-E) with pass/fail execution, judged one program "
      "per call by gpt-3.5-turbo (0-4 functional correctness) without and with the reference "
      "solution");
  ds_.add_source_notes("terryyz/ice-score at 4e45c6dcd0a31cf62488619ce23cecc032263d8b (MIT)");
  ds_.add_source_notes(
      "pointwise judge: the predicted order is derived from scores, never a listwise call; "
      "there are no pairwise calls");
  ds_.add_source_notes("execution labels as recorded by MultiPL-E/CodeBERTScore, not re-run");
  for (const char* lang : kLangs) {
    ASSIGN_OR_RETURN(const std::vector<Task> tasks, ReadSamples(lang));
    std::vector<std::string> no_digit;
    for (const char* mode : kModes) RETURN_IF_ERROR(ReadJudgeFile(lang, mode, tasks, &no_digit));
    AddLoaderCheck(
        &ds_, absl::StrCat(lang, ": replies with no digit (no_ref / with_ref)"),
        std::map<std::string, std::string>{
            {"python", "0 / 0"}, {"java", "1 / 1"}, {"cpp", "0 / 0"}, {"js", "2 / 0"}}[lang],
        absl::StrCat(no_digit[0], " / ", no_digit[1]));
  }
  log_.WriteTo(&ds_);
  return std::move(ds_);
}

absl::StatusOr<std::vector<Task>> HumanEvalImporter::ReadSamples(const char* lang) {
  ASSIGN_OR_RETURN(const InputFile sample, Get(absl::StrCat("humaneval_", lang, "_sample.json")));
  ASSIGN_OR_RETURN(const Json sj, ParseJsonDocument(*sample.bytes, sample.path));
  if (!sj.is_array()) {
    return absl::InvalidArgumentError(absl::StrCat(sample.path, ": expected a JSON list of tasks"));
  }
  std::vector<Task> tasks;
  std::set<std::string> task_ids;
  SampleCounts n;
  for (size_t i = 0; i < sj.size(); ++i) {
    std::optional<Task> read = SampleTask(sj[i], i, sample.path, &task_ids);
    if (!read) {
      tasks.push_back({});
      continue;
    }
    Task& task = *read;
    int pass = 0, observed = 0;
    for (const std::string& c : task.cands) {
      if (!task.execution.count(c)) {
        log_.Add("missing_outcome", sample.path, i, task.id, c, "no execution label; kept missing");
        continue;
      }
      ++observed;
      pass += *task.execution[c];
    }
    n.candidates += task.cands.size();
    n.passing += pass;
    if (pass == 0)
      ++n.none_pass;
    else if (pass == observed)
      ++n.all_pass;
    else
      ++n.mixed;
    tasks.push_back(std::move(task));
  }
  AddLoaderCheck(&ds_, absl::StrCat(lang, ": tasks / candidates / passing"),
                 std::map<std::string, std::string>{{"python", "161 / 3220 / 1342"},
                                                    {"java", "161 / 3219 / 1055"},
                                                    {"cpp", "161 / 3220 / 1243"},
                                                    {"js", "161 / 3160 / 1217"}}[lang],
                 absl::StrCat(task_ids.size(), " / ", n.candidates, " / ", n.passing));
  AddLoaderCheck(&ds_, absl::StrCat(lang, ": tasks mixed / all pass / none pass"),
                 std::map<std::string, std::string>{{"python", "138 / 1 / 22"},
                                                    {"java", "116 / 2 / 43"},
                                                    {"cpp", "120 / 6 / 35"},
                                                    {"js", "133 / 2 / 26"}}[lang],
                 absl::StrCat(n.mixed, " / ", n.all_pass, " / ", n.none_pass));
  return tasks;
}

std::optional<Task> HumanEvalImporter::SampleTask(const Json& t, size_t i, const std::string& path,
                                                  std::set<std::string>* ids) {
  absl::StatusOr<std::string> id = GetString(t, "task_id", absl::StrCat(path, "#", i));
  if (!id.ok()) {
    log_.Add("invalid_field", path, i, "", "task_id", id.status().message());
    return std::nullopt;
  }
  if (!ids->insert(*id).second) {
    log_.Add("duplicate_task", path, i, *id, "task_id", "task listed twice; the first is kept");
    return std::nullopt;
  }
  Task task;
  task.id = *id;
  task.index = i;
  for (const auto& [key, value] : t.items()) {
    if (!AllDigits(key)) continue;
    if (!value.is_string()) {
      log_.Add("invalid_field", path, i, *id, key, "program text is not a string");
      continue;
    }
    task.cands.push_back(key);
    task.text[key] = value.get<std::string>();
  }
  std::sort(task.cands.begin(), task.cands.end(),
            [](const std::string& a, const std::string& b) { return Numeric(a) < Numeric(b); });
  SampleGrades(t, i, path, &task);
  return task;
}

// The execution labels ("grade-<index>": {"execution": 0|1}).
void HumanEvalImporter::SampleGrades(const Json& t, size_t i, const std::string& path, Task* task) {
  for (const auto& [key, value] : t.items()) {
    if (!absl::StartsWith(key, "grade-")) continue;
    const std::string cid = key.substr(6);
    if (!task->text.count(cid)) {
      log_.Add("unknown_candidate_id", path, i, task->id, key, "grade for no candidate");
      continue;
    }
    if (value.is_object() && value.contains("execution") &&
        value["execution"].is_number_integer() &&
        (value["execution"] == 0 || value["execution"] == 1)) {
      task->execution[cid] = value["execution"].get<int>();
    } else {
      log_.Add("invalid_field", path, i, task->id, key, "expected {\"execution\": 0|1}");
    }
  }
}

absl::Status HumanEvalImporter::ReadJudgeFile(const char* lang, const char* mode,
                                              const std::vector<Task>& tasks,
                                              std::vector<std::string>* no_digit) {
  ASSIGN_OR_RETURN(const InputFile judge,
                   Get(absl::StrCat(lang, "_humaneval_no_step_", mode, "_gpt35.json")));
  ASSIGN_OR_RETURN(const Json jj, ParseJsonDocument(*judge.bytes, judge.path));
  if (!jj.is_array()) {
    return absl::InvalidArgumentError(absl::StrCat(judge.path, ": expected a JSON list"));
  }
  if (jj.size() != tasks.size()) {
    log_.Add("misaligned_file", judge.path, 0, "", "",
             absl::StrCat(jj.size(), " elements for ", tasks.size(), " sample tasks"));
  }
  JudgeFileCounts counts;
  const Json empty = Json::object();
  for (size_t i = 0; i < tasks.size(); ++i) {
    const Task& task = tasks[i];
    if (task.id.empty()) continue;
    const bool present = i < jj.size() && jj[i].is_object();
    if (i < jj.size() && !present) {
      log_.Add("invalid_field", judge.path, i, task.id, "", "expected an object per task");
    }
    ASSIGN_OR_RETURN(*ds_.add_records(),
                     Record(lang, mode, task, i, present ? jj[i] : empty, judge.path, &counts));
  }
  no_digit->push_back(absl::StrCat(counts.replies_without_digit));
  if (std::string(lang) == "python") PythonLoaderChecks(mode, counts);
  return absl::OkStatus();
}

absl::StatusOr<JudgeRecord> HumanEvalImporter::Record(const char* lang, const char* mode,
                                                      const Task& task, size_t i, const Json& jt,
                                                      const std::string& judge_path,
                                                      JudgeFileCounts* counts) {
  JudgeRecord r;
  const std::string task_id = absl::StrCat("humaneval-", lang, "/", task.id);
  const std::string judge_id = absl::StrCat("gpt-3.5-turbo/", mode);
  r.set_record_id(absl::StrCat(task_id, "|", judge_id));
  r.set_dataset(kDataset);
  r.set_split("HumanEval (MultiPL-E davinci-0.8-keep), all tasks");
  r.set_task_id(task_id);
  r.set_category(lang);
  RETURN_IF_ERROR(CandidatesAndGround(task, &r));
  SetProtocol(mode, judge_id, r.mutable_judge());
  r.mutable_predicted()->set_raw_ref(absl::StrCat(judge_path, "#", i));
  Judgements(task, i, jt, judge_path, &r, counts);
  RETURN_IF_ERROR(SetPredictedFromJudgements(&r));
  std::map<std::string, int> text_count;
  for (const std::string& c : task.cands) ++text_count[task.text.at(c)];
  int dup_text = 0;
  for (const std::string& c : task.cands) dup_text += text_count[task.text.at(c)] > 1;
  SetStructureAndPolicy(task, task_id, judge_id, dup_text, &r);
  if (std::string(lang) == "python") {
    const WeakOrder g = FromProto(r.ground_order().groups());
    const WeakOrder pr = Restrict(FromProto(r.predicted().groups()), Flatten(g));
    if (g.size() == 2) {
      ++counts->mixed;
      counts->sum_random += static_cast<double>(g[0].ids.size()) / Size(g);
      counts->sum_top1 += *Top1(g, pr);
      counts->top_tied += pr[0].ids.size() > 1;
    }
  }
  return r;
}

absl::Status HumanEvalImporter::CandidatesAndGround(const Task& task, JudgeRecord* r) {
  for (const std::string& c : task.cands) {
    Candidate* cand = r->add_candidates();
    cand->set_candidate_id(c);
    cand->set_version(Sha256Ref(task.text.at(c)));
    cand->set_upstream_id(absl::StrCat("MultiPL-E sample ", c));
    cand->set_generator("code-davinci-002, T=0.8");
    ExecutionOutcome* o = r->add_outcomes();
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
  RETURN_IF_ERROR(SetGroundFromOutcomes(r));
  r->mutable_ground_order()->set_definition("MultiPL-E execution: pass (1) > fail (0)");
  return absl::OkStatus();
}

void HumanEvalImporter::Judgements(const Task& task, size_t i, const Json& jt,
                                   const std::string& judge_path, JudgeRecord* r,
                                   JudgeFileCounts* counts) {
  std::set<std::string> seen;
  for (const auto& [key, value] : jt.items()) {
    const std::string cid = absl::StartsWith(key, "grade-") ? key.substr(6) : key;
    if (!task.text.count(cid)) {
      log_.Add("unknown_candidate_id", judge_path, i, r->task_id(), key,
               "judge entry for no candidate of the task");
      continue;
    }
    seen.insert(cid);
  }
  for (const std::string& c : task.cands) {
    CandidateJudgement* j = r->mutable_predicted()->add_judgements();
    j->set_candidate_id(c);
    j->set_raw_ref(absl::StrCat(judge_path, "#", i, "/grade-", c));
    auto it = jt.find(absl::StrCat("grade-", c));
    if (!seen.count(c) || it == jt.end() || !it->is_object() || !it->contains("raw_output") ||
        !(*it)["raw_output"].is_string()) {
      log_.Add("missing_judge_output", judge_path, i, r->task_id(), absl::StrCat("grade-", c),
               "no raw_output for this candidate; placed last");
      j->set_parsed(false);
      j->set_parse_error("no output recorded");
      continue;
    }
    Judgement(task, i, c, *it, judge_path, r->task_id(), j, counts);
  }
}

void HumanEvalImporter::Judgement(const Task& task, size_t i, const std::string& c,
                                  const Json& entry, const std::string& judge_path,
                                  const std::string& task_id, CandidateJudgement* j,
                                  JudgeFileCounts* counts) {
  if (entry.contains("execution") && task.execution.count(c) &&
      entry["execution"] != *task.execution.at(c)) {
    log_.Add("execution_label_mismatch", judge_path, i, task_id, absl::StrCat("grade-", c),
             "judge file's execution label differs from the sample file's");
  }
  const std::string raw = *GetString(entry, "raw_output", judge_path);
  if (std::none_of(raw.begin(), raw.end(), [](char ch) { return absl::ascii_isdigit(ch); })) {
    ++counts->replies_without_digit;
  }
  j->set_raw_excerpt(Excerpt(raw));
  j->set_raw_sha256(Sha256Ref(raw));
  ScoreParse sp = ParseLeadingScore(raw, 4);
  j->set_parsed(sp.ok);
  if (sp.ok) {
    j->set_score(sp.score);
  } else {
    j->set_parse_error(sp.reason);
    log_.Add("unparsable_judge_output", judge_path, i, task_id, absl::StrCat("grade-", c),
             absl::StrCat(sp.reason, ": '", Excerpt(raw, 60), "'"));
  }
}

void HumanEvalImporter::PythonLoaderChecks(const char* mode, const JudgeFileCounts& c) {
  const bool no_ref = std::string(mode) == "no_ref";
  if (no_ref) {
    AddLoaderCheck(&ds_, "python: mixed tasks; mean random-pick pass rate", "138; 0.479",
                   absl::StrCat(c.mixed, "; ", F3(c.sum_random / c.mixed)));
  }
  AddLoaderCheck(&ds_,
                 absl::StrCat("python ", mode, ": expected top-1 pass rate (random tie-break)"),
                 no_ref ? "0.525" : "0.651", F3(c.sum_top1 / c.mixed));
  AddLoaderCheck(&ds_, absl::StrCat("python ", mode, ": top score tied in mixed tasks"),
                 no_ref ? "138 of 138" : "122 of 138", absl::StrCat(c.top_tied, " of ", c.mixed));
}

}  // namespace

absl::StatusOr<JudgeDataset> ImportHumanEval(const std::map<std::string, std::string>& files,
                                             const std::map<std::string, std::string>& paths) {
  return HumanEvalImporter(files, paths).Run();
}

}  // namespace repro::judge
