#include "stages/studies/judge/summarize.h"

#include <cstdlib>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/bounds.h"

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

const MetricSpec& Spec(absl::string_view name) {
  for (const MetricSpec& m : Metrics()) {
    if (m.name == name) return m;
  }
  std::abort();  // only called with the names of Metrics()
}

// Adds one estimate per metric of `estimates` (by metric name, ascending).
void AddEstimates(const std::map<std::string, Estimate>& estimates,
                  google::protobuf::RepeatedPtrField<MetricEstimate>* out) {
  for (const auto& [metric, e] : estimates) {
    MetricEstimate* m = out->Add();
    m->set_metric(metric);
    m->set_n(e.n);
    m->set_clusters(e.clusters);
    if (e.defined) {
      m->set_mean(e.mean);
      m->set_lo(e.lo);
      m->set_hi(e.hi);
    }
  }
}

void AddCounts(const std::map<std::string, int>& counts,
               google::protobuf::RepeatedPtrField<NamedCount>* out) {
  for (const auto& [name, count] : counts) {
    NamedCount* c = out->Add();
    c->set_name(name);
    c->set_count(count);
  }
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

using FeasibleCache = std::map<std::pair<std::vector<int>, int>, std::optional<FeasibleSet>>;

// Bound of the mean of `which` (top-1 or best-in-top-3) given the mean
// pairwise accuracy over the tasks where both are defined.
MeanBoundSummary BoundOf(const std::vector<const TaskRow*>& rows, int k, FeasibleCache* cache) {
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
  MeanBoundSummary b;
  b.set_k(k);
  b.set_tasks(per_task.size());
  b.set_tasks_not_enumerated(not_computed);
  if (per_task.empty() || not_computed > 0) return b;
  const double mean_acc = sum_acc / per_task.size();
  absl::StatusOr<Range> range = MeanBound(per_task, mean_acc);
  if (!range.ok()) return b;
  b.set_mean_pairwise_accuracy(mean_acc);
  b.set_observed_mean(sum_y / per_task.size());
  b.set_min(range->lo);
  b.set_max(range->hi);
  return b;
}

absl::StatusOr<std::vector<TaskRow>> MeasureRecords(const JudgeDataset& ds) {
  std::vector<TaskRow> rows;
  for (const JudgeRecord& r : ds.records()) {
    ASSIGN_OR_RETURN(TaskRow row, MeasureRecord(r));
    rows.push_back(std::move(row));
  }
  return rows;
}

// What the importer said about the data set, copied as it is.
void CopyImportFacts(const JudgeDataset& ds, DatasetMeasurements* out) {
  out->set_dataset(ds.dataset());
  out->set_description(ds.description());
  *out->mutable_source_notes() = ds.source_notes();
  out->set_records(ds.records_size());
  *out->mutable_issue_counts() = ds.issue_counts();
  *out->mutable_issues() = ds.issues();
  *out->mutable_loader_checks() = ds.loader_checks();
}

// Overlap and shared structure, each task counted once.
DatasetStructure Structure(const JudgeDataset& ds) {
  std::set<std::string> tasks, clusters, generators;
  long candidates = 0, dup_text = 0;
  for (const JudgeRecord& r : ds.records()) {
    if (!tasks.insert(r.task_id()).second) continue;
    clusters.insert(r.shared().cluster_id());
    candidates += r.candidates_size();
    dup_text += r.shared().duplicate_text_candidates();
    for (const Candidate& c : r.candidates()) generators.insert(c.generator());
  }
  DatasetStructure s;
  s.set_tasks(tasks.size());
  s.set_clusters(clusters.size());
  s.set_candidates(candidates);
  s.set_candidates_with_duplicate_text(dup_text);
  s.set_distinct_generators(generators.size());
  return s;
}

// The rows of each judge, judges in first-appearance order of the records.
struct JudgeRows {
  std::vector<std::string> judges;
  std::map<std::string, std::vector<const TaskRow*>> rows;
  std::map<std::string, const JudgeRecord*> first_record;
};

JudgeRows GroupByJudge(const JudgeDataset& ds, const std::vector<TaskRow>& rows) {
  JudgeRows g;
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::string& jid = rows[i].judge_id;
    if (!g.rows.count(jid)) {
      g.judges.push_back(jid);
      g.first_record[jid] = &ds.records(i);
    }
    g.rows[jid].push_back(&rows[i]);
  }
  return g;
}

// Protocol and declared policies of a judge, from its first record.
void CopyProtocol(const JudgeRecord& fr, JudgeSummary* j) {
  *j->mutable_protocol() = fr.judge();
  j->set_predicted_form(PredictedOrder::Form_Name(fr.predicted().form()));
  j->set_derivation_policy(fr.predicted().derivation_policy());
  j->set_failure_policy(fr.predicted().failure_policy());
  j->set_ground_definition(fr.ground_order().definition());
  j->set_ground_tie_policy(fr.ground_order().tie_policy());
  j->set_policy_rule(fr.policy().rule());
  j->set_logged_execution(fr.policy().logged_execution());
  *j->mutable_holdout() = fr.holdout();
}

void AddBreakdowns(const std::vector<const TaskRow*>& rows, const BootstrapConfig& config,
                   JudgeSummary* j) {
  std::map<std::string, std::map<std::string, std::vector<const TaskRow*>>> levels;
  for (const TaskRow* r : rows) {
    levels["category"][r->category].push_back(r);
    levels["list_size"][SizeBucket(r->observed)].push_back(r);
    levels["best_share"][ShareBucket(r->best_share)].push_back(r);
    levels["quality_gap"][GapBucket(r->quality_gap)].push_back(r);
  }
  for (const auto& [dim, by_level] : levels) {
    for (const auto& [level, lr] : by_level) {
      Breakdown* b = j->add_breakdowns();
      b->set_dimension(dim);
      b->set_level(level);
      *b->mutable_summary() = SummarizeRows(lr, config);
    }
  }
}

// Ground-truth notes over the judge's records (each note: how many records).
void AddGroundCaveats(const JudgeDataset& ds, JudgeSummary* j) {
  std::map<std::string, int> notes;
  for (const JudgeRecord& rec : ds.records()) {
    if (rec.judge().judge_id() != j->judge_id()) continue;
    for (const std::string& n : rec.ground_order().notes()) ++notes[n];
  }
  AddCounts(notes, j->mutable_ground_caveats());
}

JudgeSummary SummarizeJudge(const JudgeDataset& ds, const std::string& jid,
                            const JudgeRecord& first_record,
                            const std::vector<const TaskRow*>& rows, const BootstrapConfig& config,
                            FeasibleCache* cache) {
  JudgeSummary j;
  j.set_judge_id(jid);
  CopyProtocol(first_record, &j);
  *j.mutable_all() = SummarizeRows(rows, config);
  *j.add_bounds() = BoundOf(rows, 1, cache);
  *j.add_bounds() = BoundOf(rows, 3, cache);
  AddGroundCaveats(ds, &j);
  AddBreakdowns(rows, config, &j);
  return j;
}

// Second minus first when both judges rank the same candidates of the same
// tasks; nothing otherwise.
std::optional<PairedDifference> Paired(const std::string& first, const std::string& second,
                                       const std::vector<const TaskRow*>& first_rows,
                                       const std::vector<const TaskRow*>& second_rows,
                                       const BootstrapConfig& config) {
  std::map<std::string, const TaskRow*> ra;
  for (const TaskRow* r : first_rows) ra[r->task_id] = r;
  std::vector<std::pair<const TaskRow*, const TaskRow*>> pairs;
  for (const TaskRow* r : second_rows) {
    auto it = ra.find(r->task_id);
    if (it == ra.end() || it->second->candidates != r->candidates) return std::nullopt;
    pairs.emplace_back(it->second, r);
  }
  if (pairs.size() != ra.size()) return std::nullopt;
  std::map<std::string, Estimate> estimates;
  for (const char* name :
       {"pairwise_accuracy", "top1", "best_in_top_3", "spearman", "regret_1", "regret_3"}) {
    const MetricSpec& spec = Spec(name);
    std::vector<Observation> obs;
    for (const auto& [x, y] : pairs) {
      std::optional<double> vx = spec.get(*x), vy = spec.get(*y);
      if (vx && vy) obs.push_back({x->cluster, *vy - *vx});
    }
    if (!obs.empty()) estimates[name] = ClusterBootstrapMean(obs, config);
  }
  PairedDifference p;
  p.set_first(first);
  p.set_second(second);
  AddEstimates(estimates, p.mutable_metrics());
  return p;
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
    v->push_back(
        {"random_top1", "top-1 of a uniformly random pick (baseline)", [](const TaskRow& r) {
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
    v->push_back(
        {"spearman", "Spearman (average ranks)", [](const TaskRow& r) { return r.spearman; }});
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
    v->push_back({"judge_top_group", "size of the judge's first tie group", [](const TaskRow& r) {
                    return r.top1 ? std::optional<double>(r.predicted_top_group) : std::nullopt;
                  }});
    v->push_back({"calls_accuracy", "separately prompted pairwise accuracy (both orders)",
                  [](const TaskRow& r) { return r.calls ? r.calls->accuracy : std::nullopt; }});
    v->push_back(
        {"calls_better_first", "pairwise accuracy, better answer shown first",
         [](const TaskRow& r) { return r.calls ? r.calls->accuracy_better_first : std::nullopt; }});
    v->push_back({"calls_better_second", "pairwise accuracy, better answer shown second",
                  [](const TaskRow& r) {
                    return r.calls ? r.calls->accuracy_better_second : std::nullopt;
                  }});
    v->push_back(
        {"calls_position_consistency", "position consistency (same verdict both orders)",
         [](const TaskRow& r) { return r.calls ? r.calls->position_consistency : std::nullopt; }});
    v->push_back({"calls_tie_rate", "share of calls answered 'tie'", [](const TaskRow& r) {
                    return r.calls && r.calls->calls > 0
                               ? std::optional<double>(static_cast<double>(r.calls->judge_ties) /
                                                       r.calls->calls)
                               : std::nullopt;
                  }});
    v->push_back({"calls_unparsed_rate", "share of calls unparsed", [](const TaskRow& r) {
                    return r.calls && r.calls->calls > 0
                               ? std::optional<double>(static_cast<double>(r.calls->unparsed) /
                                                       r.calls->calls)
                               : std::nullopt;
                  }});
    return v;
  }();
  return *specs;
}

RowSummary SummarizeRows(const std::vector<const TaskRow*>& rows, const BootstrapConfig& config) {
  std::set<std::string> clusters;
  std::map<std::string, int> exclusions;
  FailureCounts f;
  for (const TaskRow* r : rows) {
    clusters.insert(r->cluster);
    if (!r->exclusion.empty()) ++exclusions[r->exclusion];
    f.set_tasks_with_unplaced_candidates(f.tasks_with_unplaced_candidates() + (r->unplaced > 0));
    f.set_unplaced_candidates(f.unplaced_candidates() + r->unplaced);
    f.set_outputs_failed_entirely(f.outputs_failed_entirely() + r->output_failed);
    f.set_missing_outcomes(f.missing_outcomes() + r->missing_outcomes);
    f.set_tasks_with_missing_outcomes(f.tasks_with_missing_outcomes() + (r->missing_outcomes > 0));
  }
  RowSummary s;
  s.set_tasks(rows.size());
  s.set_clusters(clusters.size());
  AddCounts(exclusions, s.mutable_exclusions());
  *s.mutable_failures() = f;
  std::map<std::string, Estimate> estimates;
  for (const MetricSpec& m : Metrics()) {
    std::vector<Observation> obs;
    for (const TaskRow* r : rows) {
      if (std::optional<double> v = m.get(*r)) obs.push_back({r->cluster, *v});
    }
    if (!obs.empty()) estimates[m.name] = ClusterBootstrapMean(obs, config);
  }
  AddEstimates(estimates, s.mutable_metrics());
  return s;
}

absl::StatusOr<DatasetMeasurements> MeasureDataset(const JudgeDataset& ds,
                                                   const BootstrapConfig& config,
                                                   std::vector<TaskRow>* rows_out) {
  ASSIGN_OR_RETURN(std::vector<TaskRow> rows, MeasureRecords(ds));
  DatasetMeasurements out;
  CopyImportFacts(ds, &out);
  *out.mutable_structure() = Structure(ds);
  const JudgeRows g = GroupByJudge(ds, rows);
  FeasibleCache cache;
  for (const std::string& jid : g.judges) {
    *out.add_judges() =
        SummarizeJudge(ds, jid, *g.first_record.at(jid), g.rows.at(jid), config, &cache);
  }
  for (size_t a = 0; a < g.judges.size(); ++a) {
    for (size_t b = a + 1; b < g.judges.size(); ++b) {
      std::optional<PairedDifference> p =
          Paired(g.judges[a], g.judges[b], g.rows.at(g.judges[a]), g.rows.at(g.judges[b]), config);
      if (p) *out.add_paired() = *std::move(p);
    }
  }
  if (rows_out) *rows_out = std::move(rows);
  return out;
}

TaskValues ToTaskValues(const TaskRow& r) {
  TaskValues v;
  v.set_record_id(r.record_id);
  v.set_dataset(r.dataset);
  v.set_judge_id(r.judge_id);
  v.set_task_id(r.task_id);
  v.set_cluster(r.cluster);
  v.set_category(r.category);
  v.set_candidates(r.candidates);
  v.set_observed(r.observed);
  v.set_missing_outcomes(r.missing_outcomes);
  v.set_unplaced(r.unplaced);
  v.set_output_failed(r.output_failed);
  v.set_exclusion(r.exclusion);
  v.set_best_share(r.best_share);
  v.set_predicted_top_group(r.predicted_top_group);
  for (const auto& [value, setter] :
       std::vector<std::pair<std::optional<double>, void (TaskValues::*)(double)>>{
           {r.quality_gap, &TaskValues::set_quality_gap},
           {r.pairwise_accuracy, &TaskValues::set_pairwise_accuracy},
           {r.top1, &TaskValues::set_top1},
           {K(r.best_in_top_k, 2), &TaskValues::set_best_in_top_2},
           {K(r.best_in_top_k, 3), &TaskValues::set_best_in_top_3},
           {K(r.best_in_top_k, 5), &TaskValues::set_best_in_top_5},
           {K(r.prefix, 2), &TaskValues::set_prefix_2},
           {K(r.prefix, 3), &TaskValues::set_prefix_3},
           {r.spearman, &TaskValues::set_spearman},
           {PolicyField(r, 1, &PolicyValue::regret), &TaskValues::set_regret_1},
           {PolicyField(r, 3, &PolicyValue::regret), &TaskValues::set_regret_3},
           {r.calls ? r.calls->accuracy : std::nullopt, &TaskValues::set_calls_accuracy},
           {r.calls ? r.calls->position_consistency : std::nullopt,
            &TaskValues::set_calls_position_consistency}}) {
    if (value) (v.*setter)(*value);
  }
  return v;
}

const MetricEstimate* FindEstimate(
    const google::protobuf::RepeatedPtrField<MetricEstimate>& estimates, absl::string_view metric) {
  for (const MetricEstimate& e : estimates) {
    if (e.metric() == metric) return &e;
  }
  return nullptr;
}

}  // namespace repro::judge
