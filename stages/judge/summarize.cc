#include "stages/judge/summarize.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "stages/judge/bounds.h"

namespace repro::judge {
namespace {

std::optional<double> K(const std::map<int, std::optional<double>>& m, int k) {
  auto it = m.find(k);
  return it == m.end() ? std::nullopt : it->second;
}

std::optional<double> PolicyField(const TaskRow& r, int k, double PolicyValue::*field) {
  auto it = r.policy.find(k);
  if (it == r.policy.end() || !it->second) return std::nullopt;
  return (*it->second).*field;
}

Json EstimateJson(const Estimate& e) {
  Json j;
  j["n"] = e.n;
  j["clusters"] = e.clusters;
  if (e.defined) {
    j["mean"] = e.mean;
    j["lo"] = e.lo;
    j["hi"] = e.hi;
  }
  return j;
}

std::string SizeBucket(int n) {
  if (n <= 8) return absl::StrCat("n=", n);
  if (n < 20) return "n=9-19";
  return "n>=20";
}

std::string ShareBucket(double s) {
  if (s <= 0.25) return "<=0.25";
  if (s <= 0.5) return "0.25-0.5";
  if (s <= 0.75) return "0.5-0.75";
  return ">0.75";
}

std::string GapBucket(const std::optional<double>& g) {
  if (!g) return "none";
  if (*g <= 0.1) return "<=0.1";
  if (*g <= 0.25) return "0.1-0.25";
  if (*g <= 0.5) return "0.25-0.5";
  return ">0.5";
}

// Bound of the mean of `which` (top-1 or best-in-top-3) given the mean
// pairwise accuracy over the tasks where both are defined.
Json BoundJson(const std::vector<const TaskRow*>& rows, int k,
               std::map<std::pair<std::vector<int>, int>, std::optional<FeasibleSet>>* cache) {
  std::vector<std::vector<XY>> per_task;
  double sum_acc = 0, sum_y = 0;
  int not_computed = 0;
  for (const TaskRow* r : rows) {
    if (!r->exclusion.empty() || !r->pairwise_accuracy) continue;
    const std::optional<double> y = k == 1 ? r->top1 : K(r->best_in_top_k, k);
    if (!y) continue;
    auto key = std::make_pair(r->ground_group_sizes, k);
    auto it = cache->find(key);
    if (it == cache->end()) {
      absl::StatusOr<FeasibleSet> f = FeasiblePoints(r->ground_group_sizes, k, 2000000);
      it = cache->emplace(key, f.ok() ? std::optional<FeasibleSet>(*f) : std::nullopt).first;
    }
    if (!it->second) {
      ++not_computed;
      continue;
    }
    per_task.push_back(k == 1 ? it->second->top1 : it->second->best_in_top_k);
    sum_acc += *r->pairwise_accuracy;
    sum_y += *y;
  }
  Json j;
  j["k"] = k;
  j["tasks"] = per_task.size();
  j["tasks_not_enumerated"] = not_computed;
  if (per_task.empty() || not_computed > 0) return j;
  const double mean_acc = sum_acc / per_task.size();
  absl::StatusOr<Range> range = MeanBound(per_task, mean_acc);
  if (!range.ok()) return j;
  j["mean_pairwise_accuracy"] = mean_acc;
  j["observed_mean"] = sum_y / per_task.size();
  j["min"] = range->lo;
  j["max"] = range->hi;
  return j;
}

}  // namespace

const std::vector<MetricSpec>& Metrics() {
  static const std::vector<MetricSpec>* specs = [] {
    auto* v = new std::vector<MetricSpec>;
    v->push_back({"pairwise_accuracy", "listwise-implied pairwise accuracy",
                  [](const TaskRow& r) { return r.pairwise_accuracy; }});
    v->push_back({"top1", "top-1", [](const TaskRow& r) { return r.top1; }});
    v->push_back({"top1_complete_outputs", "top-1, tasks whose output placed every candidate",
                  [](const TaskRow& r) {
                    return r.unplaced == 0 && !r.output_failed ? r.top1 : std::nullopt;
                  }});
    v->push_back({"random_top1", "top-1 of a uniformly random pick (baseline)",
                  [](const TaskRow& r) {
                    return r.top1 ? std::optional<double>(r.best_share) : std::nullopt;
                  }});
    for (int k : {2, 3, 5}) {
      v->push_back({absl::StrCat("best_in_top_", k), absl::StrCat("best retained in top-", k),
                    [k](const TaskRow& r) { return K(r.best_in_top_k, k); }});
    }
    for (int k : {2, 3}) {
      v->push_back({absl::StrCat("prefix_", k), absl::StrCat("ordered prefix accuracy at ", k),
                    [k](const TaskRow& r) { return K(r.prefix, k); }});
    }
    v->push_back({"spearman", "Spearman (average ranks)", [](const TaskRow& r) { return r.spearman; }});
    for (int k : MeasuredKs()) {
      v->push_back({absl::StrCat("regret_", k), absl::StrCat("execution regret at k=", k),
                    [k](const TaskRow& r) { return PolicyField(r, k, &PolicyValue::regret); }});
    }
    for (int k : MeasuredKs()) {
      v->push_back({absl::StrCat("executed_mean_", k),
                    absl::StrCat("mean outcome of the executed, k=", k), [k](const TaskRow& r) {
                      return PolicyField(r, k, &PolicyValue::expected_mean_executed);
                    }});
    }
    for (int k : MeasuredKs()) {
      v->push_back({absl::StrCat("saved_fraction_", k),
                    absl::StrCat("executions saved vs running all, k=", k), [k](const TaskRow& r) {
                      return PolicyField(r, k, &PolicyValue::executions_saved_fraction);
                    }});
    }
    v->push_back({"judge_top_group", "size of the judge's first tie group",
                  [](const TaskRow& r) {
                    return r.top1 ? std::optional<double>(r.predicted_top_group) : std::nullopt;
                  }});
    v->push_back({"calls_accuracy", "separately prompted pairwise accuracy (both orders)",
                  [](const TaskRow& r) { return r.calls ? r.calls->accuracy : std::nullopt; }});
    v->push_back({"calls_better_first", "pairwise accuracy, better answer shown first",
                  [](const TaskRow& r) { return r.calls ? r.calls->accuracy_better_first : std::nullopt; }});
    v->push_back({"calls_better_second", "pairwise accuracy, better answer shown second",
                  [](const TaskRow& r) { return r.calls ? r.calls->accuracy_better_second : std::nullopt; }});
    v->push_back({"calls_position_consistency", "position consistency (same verdict both orders)",
                  [](const TaskRow& r) { return r.calls ? r.calls->position_consistency : std::nullopt; }});
    v->push_back({"calls_tie_rate", "share of calls answered 'tie'", [](const TaskRow& r) {
                    return r.calls && r.calls->calls > 0
                               ? std::optional<double>(static_cast<double>(r.calls->judge_ties) / r.calls->calls)
                               : std::nullopt;
                  }});
    v->push_back({"calls_unparsed_rate", "share of calls unparsed", [](const TaskRow& r) {
                    return r.calls && r.calls->calls > 0
                               ? std::optional<double>(static_cast<double>(r.calls->unparsed) / r.calls->calls)
                               : std::nullopt;
                  }});
    return v;
  }();
  return *specs;
}

Json SummarizeRows(const std::vector<const TaskRow*>& rows, const BootstrapConfig& config) {
  Json j;
  std::set<std::string> clusters;
  std::map<std::string, int> exclusions;
  int unplaced_tasks = 0, unplaced = 0, failed = 0, missing_outcomes = 0, with_missing = 0;
  for (const TaskRow* r : rows) {
    clusters.insert(r->cluster);
    if (!r->exclusion.empty()) ++exclusions[r->exclusion];
    unplaced_tasks += r->unplaced > 0;
    unplaced += r->unplaced;
    failed += r->output_failed;
    missing_outcomes += r->missing_outcomes;
    with_missing += r->missing_outcomes > 0;
  }
  j["tasks"] = rows.size();
  j["clusters"] = clusters.size();
  j["exclusions"] = Json::object();
  for (const auto& [k, v] : exclusions) j["exclusions"][k] = v;
  j["failures"] = {{"tasks_with_unplaced_candidates", unplaced_tasks},
                   {"unplaced_candidates", unplaced},
                   {"outputs_failed_entirely", failed},
                   {"tasks_with_missing_outcomes", with_missing},
                   {"missing_outcomes", missing_outcomes}};
  j["metrics"] = Json::object();
  for (const MetricSpec& m : Metrics()) {
    std::vector<Observation> obs;
    for (const TaskRow* r : rows) {
      if (std::optional<double> v = m.get(*r)) obs.push_back({r->cluster, *v});
    }
    if (obs.empty()) continue;
    j["metrics"][m.name] = EstimateJson(ClusterBootstrapMean(obs, config));
  }
  return j;
}

absl::StatusOr<Json> MeasureDataset(const JudgeDataset& ds, const BootstrapConfig& config,
                                    std::vector<TaskRow>* rows_out) {
  std::vector<TaskRow> rows;
  for (const JudgeRecord& r : ds.records()) {
    absl::StatusOr<TaskRow> row = MeasureRecord(r);
    if (!row.ok()) return row.status();
    rows.push_back(*std::move(row));
  }
  Json out;
  out["dataset"] = ds.dataset();
  out["description"] = ds.description();
  out["source_notes"] = Json::array();
  for (const std::string& s : ds.source_notes()) out["source_notes"].push_back(s);
  out["records"] = ds.records_size();
  out["issue_counts"] = Json::array();
  for (const IssueCount& c : ds.issue_counts()) {
    out["issue_counts"].push_back({{"kind", c.kind()}, {"count", c.count()}});
  }
  out["issues"] = Json::array();
  for (const ImportIssue& i : ds.issues()) {
    out["issues"].push_back({{"kind", i.kind()}, {"file", i.file()}, {"line", i.line()},
                             {"record", i.record()}, {"field", i.field()}, {"detail", i.detail()}});
  }
  out["loader_checks"] = Json::array();
  for (const LoaderCheck& c : ds.loader_checks()) {
    out["loader_checks"].push_back({{"name", c.name()}, {"expected", c.expected()},
                                    {"measured", c.measured()}, {"matches", c.matches()}});
  }
  // Overlap and shared structure.
  std::set<std::string> tasks, clusters, generators;
  long candidates = 0, dup_text = 0;
  for (const JudgeRecord& r : ds.records()) {
    if (!tasks.insert(r.task_id()).second) continue;  // count each task once
    clusters.insert(r.shared().cluster_id());
    candidates += r.candidates_size();
    dup_text += r.shared().duplicate_text_candidates();
    for (const Candidate& c : r.candidates()) generators.insert(c.generator());
  }
  out["structure"] = {{"tasks", tasks.size()},
                      {"clusters", clusters.size()},
                      {"candidates", candidates},
                      {"candidates_with_duplicate_text", dup_text},
                      {"distinct_generators", generators.size()}};

  // Judges, in first-appearance order of the records.
  std::vector<std::string> judges;
  std::map<std::string, std::vector<const TaskRow*>> by_judge;
  std::map<std::string, const JudgeRecord*> first_record;
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::string& jid = rows[i].judge_id;
    if (!by_judge.count(jid)) {
      judges.push_back(jid);
      first_record[jid] = &ds.records(i);
    }
    by_judge[jid].push_back(&rows[i]);
  }
  std::map<std::pair<std::vector<int>, int>, std::optional<FeasibleSet>> cache;
  out["judges"] = Json::array();
  for (const std::string& jid : judges) {
    const JudgeRecord& fr = *first_record[jid];
    const std::vector<const TaskRow*>& jr = by_judge[jid];
    Json j;
    j["judge_id"] = jid;
    j["protocol"] = {{"model", fr.judge().model()},
                     {"model_version", fr.judge().model_version()},
                     {"prompt_config_hash", fr.judge().prompt_config_hash()},
                     {"input_report_mode", fr.judge().input_report_mode()},
                     {"temperature", fr.judge().temperature()},
                     {"seed_or_run_id", fr.judge().seed_or_run_id()},
                     {"retries", fr.judge().retries()},
                     {"call_form", fr.judge().call_form()}};
    j["predicted_form"] = PredictedOrder::Form_Name(fr.predicted().form());
    j["derivation_policy"] = fr.predicted().derivation_policy();
    j["failure_policy"] = fr.predicted().failure_policy();
    j["ground_definition"] = fr.ground_order().definition();
    j["ground_tie_policy"] = fr.ground_order().tie_policy();
    j["policy_rule"] = fr.policy().rule();
    j["logged_execution"] = fr.policy().logged_execution();
    j["holdout"] = {{"assignment", fr.holdout().assignment()},
                    {"leakage_boundary", fr.holdout().leakage_boundary()}};
    j["all"] = SummarizeRows(jr, config);
    j["bounds"] = {BoundJson(jr, 1, &cache), BoundJson(jr, 3, &cache)};
    std::map<std::string, std::map<std::string, std::vector<const TaskRow*>>> levels;
    std::map<std::string, int> ground_notes;
    for (const TaskRow* r : jr) {
      levels["category"][r->category].push_back(r);
      levels["list_size"][SizeBucket(r->observed)].push_back(r);
      levels["best_share"][ShareBucket(r->best_share)].push_back(r);
      levels["quality_gap"][GapBucket(r->quality_gap)].push_back(r);
    }
    for (const JudgeRecord& rec : ds.records()) {
      if (rec.judge().judge_id() != jid) continue;
      for (const std::string& n : rec.ground_order().notes()) ++ground_notes[n];
    }
    j["ground_caveats"] = Json::object();
    for (const auto& [note, count] : ground_notes) j["ground_caveats"][note] = count;
    j["breakdowns"] = Json::object();
    for (const auto& [dim, by_level] : levels) {
      for (const auto& [level, lr] : by_level) j["breakdowns"][dim][level] = SummarizeRows(lr, config);
    }
    out["judges"].push_back(j);
  }

  // Paired differences between judges over the same tasks and candidates.
  out["paired"] = Json::array();
  for (size_t a = 0; a < judges.size(); ++a) {
    for (size_t b = a + 1; b < judges.size(); ++b) {
      std::map<std::string, const TaskRow*> ra;
      for (const TaskRow* r : by_judge[judges[a]]) ra[r->task_id] = r;
      std::vector<std::pair<const TaskRow*, const TaskRow*>> pairs;
      bool same = true;
      for (const TaskRow* r : by_judge[judges[b]]) {
        auto it = ra.find(r->task_id);
        if (it == ra.end() || it->second->candidates != r->candidates) {
          same = false;
          break;
        }
        pairs.emplace_back(it->second, r);
      }
      if (!same || pairs.size() != ra.size()) continue;
      Json p;
      p["first"] = judges[a];
      p["second"] = judges[b];
      p["metrics"] = Json::object();
      for (const char* name :
           {"pairwise_accuracy", "top1", "best_in_top_3", "spearman", "regret_1", "regret_3"}) {
        const MetricSpec* spec = nullptr;
        for (const MetricSpec& m : Metrics()) {
          if (m.name == name) spec = &m;
        }
        std::vector<Observation> obs;
        for (const auto& [x, y] : pairs) {
          std::optional<double> vx = spec->get(*x), vy = spec->get(*y);
          if (vx && vy) obs.push_back({x->cluster, *vy - *vx});
        }
        if (!obs.empty()) p["metrics"][name] = EstimateJson(ClusterBootstrapMean(obs, config));
      }
      out["paired"].push_back(p);
    }
  }
  if (rows_out) *rows_out = std::move(rows);
  return out;
}

}  // namespace repro::judge
