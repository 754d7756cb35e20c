#include "stages/studies/judge/report_files.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/studies/judge/policies.h"

namespace repro::judge {
namespace {

using Json = nlohmann::json;
using google::protobuf::RepeatedField;
using google::protobuf::RepeatedPtrField;

std::string FileText(const Json& j) { return j.dump(1) + "\n"; }

template <typename T>
Json Array(const RepeatedField<T>& values) {
  Json a = Json::array();
  for (const T& v : values) a.push_back(v);
  return a;
}

template <typename M, typename F>
Json Array(const RepeatedPtrField<M>& messages, F to_json) {
  Json a = Json::array();
  for (const M& m : messages) a.push_back(to_json(m));
  return a;
}

Json Counts(const RepeatedPtrField<NamedCount>& counts) {
  Json j = Json::object();
  for (const NamedCount& c : counts) j[c.name()] = c.count();
  return j;
}

Json Estimates(const RepeatedPtrField<MetricEstimate>& estimates) {
  Json j = Json::object();
  for (const MetricEstimate& e : estimates) {
    Json m;
    m["n"] = e.n();
    m["clusters"] = e.clusters();
    if (e.has_mean()) m["mean"] = e.mean();
    if (e.has_lo()) m["lo"] = e.lo();
    if (e.has_hi()) m["hi"] = e.hi();
    j[e.metric()] = m;
  }
  return j;
}

Json Summary(const RowSummary& s) {
  const FailureCounts& f = s.failures();
  Json j;
  j["tasks"] = s.tasks();
  j["clusters"] = s.clusters();
  j["exclusions"] = Counts(s.exclusions());
  j["failures"] = {{"tasks_with_unplaced_candidates", f.tasks_with_unplaced_candidates()},
                   {"unplaced_candidates", f.unplaced_candidates()},
                   {"outputs_failed_entirely", f.outputs_failed_entirely()},
                   {"tasks_with_missing_outcomes", f.tasks_with_missing_outcomes()},
                   {"missing_outcomes", f.missing_outcomes()}};
  j["metrics"] = Estimates(s.metrics());
  return j;
}

Json Bound(const MeanBoundSummary& b) {
  Json j;
  j["k"] = b.k();
  j["tasks"] = b.tasks();
  j["tasks_not_enumerated"] = b.tasks_not_enumerated();
  if (b.has_mean_pairwise_accuracy()) j["mean_pairwise_accuracy"] = b.mean_pairwise_accuracy();
  if (b.has_observed_mean()) j["observed_mean"] = b.observed_mean();
  if (b.has_min()) j["min"] = b.min();
  if (b.has_max()) j["max"] = b.max();
  return j;
}

Json Protocol(const JudgeProtocol& p) {
  return {{"model", p.model()},
          {"model_version", p.model_version()},
          {"prompt_config_hash", p.prompt_config_hash()},
          {"input_report_mode", p.input_report_mode()},
          {"temperature", p.temperature()},
          {"seed_or_run_id", p.seed_or_run_id()},
          {"retries", p.retries()},
          {"call_form", p.call_form()}};
}

Json Judge(const JudgeSummary& s) {
  Json j;
  j["judge_id"] = s.judge_id();
  j["protocol"] = Protocol(s.protocol());
  j["predicted_form"] = s.predicted_form();
  j["derivation_policy"] = s.derivation_policy();
  j["failure_policy"] = s.failure_policy();
  j["ground_definition"] = s.ground_definition();
  j["ground_tie_policy"] = s.ground_tie_policy();
  j["policy_rule"] = s.policy_rule();
  j["logged_execution"] = s.logged_execution();
  j["holdout"] = {{"assignment", s.holdout().assignment()},
                  {"leakage_boundary", s.holdout().leakage_boundary()}};
  j["all"] = Summary(s.all());
  j["bounds"] = Array(s.bounds(), Bound);
  j["ground_caveats"] = Counts(s.ground_caveats());
  j["breakdowns"] = Json::object();
  for (const Breakdown& b : s.breakdowns()) {
    j["breakdowns"][b.dimension()][b.level()] = Summary(b.summary());
  }
  return j;
}

Json Dataset(const DatasetMeasurements& ds) {
  Json j;
  j["dataset"] = ds.dataset();
  j["description"] = ds.description();
  j["source_notes"] = Json::array();
  for (const std::string& s : ds.source_notes()) j["source_notes"].push_back(s);
  j["records"] = ds.records();
  j["issue_counts"] = Array(ds.issue_counts(), [](const IssueCount& c) -> Json {
    return {{"kind", c.kind()}, {"count", c.count()}};
  });
  j["issues"] = Array(ds.issues(), [](const ImportIssue& i) -> Json {
    return {{"kind", i.kind()},     {"file", i.file()},   {"line", i.line()},
            {"record", i.record()}, {"field", i.field()}, {"detail", i.detail()}};
  });
  j["loader_checks"] = Array(ds.loader_checks(), [](const LoaderCheck& c) -> Json {
    return {{"name", c.name()},
            {"expected", c.expected()},
            {"measured", c.measured()},
            {"matches", c.matches()}};
  });
  const DatasetStructure& st = ds.structure();
  j["structure"] = {{"tasks", st.tasks()},
                    {"clusters", st.clusters()},
                    {"candidates", st.candidates()},
                    {"candidates_with_duplicate_text", st.candidates_with_duplicate_text()},
                    {"distinct_generators", st.distinct_generators()}};
  j["judges"] = Array(ds.judges(), Judge);
  j["paired"] = Array(ds.paired(), [](const PairedDifference& p) -> Json {
    return {{"first", p.first()}, {"second", p.second()}, {"metrics", Estimates(p.metrics())}};
  });
  return j;
}

Json Measurements(const JudgeMeasurements& m) {
  const BootstrapSettings& b = m.bootstrap();
  Json j;
  j["bootstrap"] = {{"seed", b.seed()},
                    {"resamples", b.resamples()},
                    {"level", b.level()},
                    {"unit", b.unit()},
                    {"interval", b.interval()}};
  j["datasets"] = Array(m.datasets(), Dataset);
  return j;
}

Json Envelope(const RepeatedPtrField<EnvelopePoint>& points) {
  return Array(points, [](const EnvelopePoint& e) -> Json {
    return {{"accuracy", e.accuracy()}, {"min", e.min()}, {"max", e.max()}};
  });
}

Json BoundsRowJson(const BoundsRow& r) {
  return {{"concordant", r.concordant()},
          {"accuracy", r.accuracy()},
          {"rankings", r.rankings()},
          {"top1_min", r.top1_min()},
          {"top1_max", r.top1_max()},
          {"top1_correct_rankings", r.top1_correct_rankings()},
          {"best_in_top_k_min", Array(r.best_in_top_k_min())},
          {"best_in_top_k_max", Array(r.best_in_top_k_max())}};
}

Json Bounds(const BoundsTables& b) {
  Json j;
  j["definition"] = b.definition();
  j["tables"] = Array(b.tables(), [](const BoundsTable& t) {
    Json tj;
    tj["n"] = t.n();
    tj["pairs"] = t.pairs();
    tj["rows"] = Array(t.rows(), BoundsRowJson);
    tj["top1_envelope"] = Envelope(t.top1_envelope());
    if (!t.best_in_top_3_envelope().empty()) {
      tj["best_in_top_3_envelope"] = Envelope(t.best_in_top_3_envelope());
    }
    return tj;
  });
  return j;
}

Json Scenarios(const ScenarioGrid& g) {
  Json j;
  j["label"] = g.label();
  j["families"] = Array(g.families(), [](const ScenarioFamily& f) -> Json {
    return {{"name", f.name()}, {"parameter", f.parameter()}, {"definition", f.definition()}};
  });
  j["monte_carlo"] = {{"seed", g.monte_carlo().seed()},
                      {"samples", g.monte_carlo().samples()},
                      {"used_for", g.monte_carlo().used_for()}};
  j["points"] = Array(g.points(), [](const ScenarioResult& p) {
    Json pj = {{"family", p.family()}, {"parameter", p.parameter()},
               {"n", p.n()},           {"pairwise_accuracy", p.pairwise_accuracy()},
               {"top1", p.top1()},     {"best_in_top_k", Array(p.best_in_top_k())},
               {"exact", p.exact()}};
    if (p.has_top1_se()) pj["top1_se"] = p.top1_se();
    return pj;
  });
  return j;
}

Json Policies() {
  return {{"outcome_ties", policy::kOutcomeTies},
          {"missing_outcome", policy::kMissingOutcome},
          {"human_majority", policy::kHumanMajority},
          {"predicted_ties", policy::kPredictedTies},
          {"pointwise_derivation", policy::kPointwiseDerivation},
          {"pointwise_failure", policy::kPointwiseFailure},
          {"listwise_derivation", policy::kListwiseDerivation},
          {"listwise_failure", policy::kListwiseFailure},
          {"pairwise_derivation", policy::kPairwiseDerivation},
          {"pairwise_credit", policy::kPairwiseCredit},
          {"spearman", policy::kSpearman},
          {"exclusions", policy::kExclusions},
          {"averaging", policy::kAveraging},
          {"policy_rule", policy::kPolicyRule},
          {"logged_execution", policy::kLoggedExecution}};
}

// ---- judge_tasks.csv ----

const std::vector<std::string>& CsvHeader() {
  static const std::vector<std::string>* header = new std::vector<std::string>{
      "record_id",         "dataset",        "judge_id",
      "task_id",           "cluster",        "category",
      "candidates",        "observed",       "missing_outcomes",
      "unplaced",          "output_failed",  "exclusion",
      "best_share",        "quality_gap",    "predicted_top_group",
      "pairwise_accuracy", "top1",           "best_in_top_2",
      "best_in_top_3",     "best_in_top_5",  "prefix_2",
      "prefix_3",          "spearman",       "regret_1",
      "regret_3",          "calls_accuracy", "calls_position_consistency"};
  return *header;
}

std::string Num(bool has, double v) { return has ? absl::StrFormat("%.17g", v) : ""; }

std::vector<std::string> CsvRow(const TaskValues& r) {
  return {r.record_id(),
          r.dataset(),
          r.judge_id(),
          r.task_id(),
          r.cluster(),
          r.category(),
          absl::StrCat(r.candidates()),
          absl::StrCat(r.observed()),
          absl::StrCat(r.missing_outcomes()),
          absl::StrCat(r.unplaced()),
          r.output_failed() ? "1" : "0",
          r.exclusion(),
          absl::StrFormat("%.17g", r.best_share()),
          Num(r.has_quality_gap(), r.quality_gap()),
          absl::StrCat(r.predicted_top_group()),
          Num(r.has_pairwise_accuracy(), r.pairwise_accuracy()),
          Num(r.has_top1(), r.top1()),
          Num(r.has_best_in_top_2(), r.best_in_top_2()),
          Num(r.has_best_in_top_3(), r.best_in_top_3()),
          Num(r.has_best_in_top_5(), r.best_in_top_5()),
          Num(r.has_prefix_2(), r.prefix_2()),
          Num(r.has_prefix_3(), r.prefix_3()),
          Num(r.has_spearman(), r.spearman()),
          Num(r.has_regret_1(), r.regret_1()),
          Num(r.has_regret_3(), r.regret_3()),
          Num(r.has_calls_accuracy(), r.calls_accuracy()),
          Num(r.has_calls_position_consistency(), r.calls_position_consistency())};
}

}  // namespace

std::string MeasurementsJsonText(const JudgeMeasurements& measurements) {
  return FileText(Measurements(measurements));
}

absl::StatusOr<std::string> TasksCsvText(const JudgeMeasurements& measurements) {
  report::CsvTable csv("judge_tasks.csv", CsvHeader());
  for (const TaskValues& r : measurements.tasks()) RETURN_IF_ERROR(csv.AddRow(CsvRow(r)));
  return csv.text();
}

std::string ReportJsonText(absl::string_view title, absl::string_view data_note,
                           const JudgeMeasurements& measurements, const BoundsTables& bounds,
                           const ScenarioGrid& scenarios) {
  Json j;
  j["title"] = std::string(title);
  j["data_note"] = std::string(data_note);
  j["measurements"] = Measurements(measurements);
  j["bounds"] = Bounds(bounds);
  j["scenarios"] = Scenarios(scenarios);
  j["policies"] = Policies();
  return FileText(j);
}

}  // namespace repro::judge
