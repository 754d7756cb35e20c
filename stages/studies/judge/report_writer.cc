#include "stages/studies/judge/report_writer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/judge/plots.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/report_files.h"
#include "stages/studies/judge/summarize.h"

namespace repro::judge {
namespace {

using Estimates = google::protobuf::RepeatedPtrField<MetricEstimate>;

std::string F3(double v) { return absl::StrFormat("%.3f", v); }

// Markdown table cell text: pipes escaped, newlines flattened.
std::string Md(const std::string& s) { return absl::StrReplaceAll(s, {{"|", "\\|"}, {"\n", " "}}); }

std::string Row(const std::vector<std::string>& cells) {
  return absl::StrCat("| ", absl::StrJoin(cells, " | "), " |\n");
}

std::string Rule(size_t n) {
  std::vector<std::string> r(n, "---");
  return Row(r);
}

// The defined estimate of `metric`, or nullptr.
const MetricEstimate* Defined(const Estimates& metrics, absl::string_view metric) {
  const MetricEstimate* e = FindEstimate(metrics, metric);
  return e != nullptr && e->has_mean() ? e : nullptr;
}

// A table row without its trailing newline (a token value).
std::string Chomp(const std::string& row) { return row.substr(0, row.size() - 1); }

class Writer {
 public:
  explicit Writer(const ReportInputs& in) : in_(in) {}
  absl::StatusOr<Report> Run();

 private:
  // A token of the report; spaces in the key become '_'.
  void Token(const std::string& key, const std::string& value) {
    tokens_.Add(absl::StrReplaceAll(key, {{" ", "_"}}), value);
  }

  // "mean [lo, hi] (n)" or "n/a".
  std::string Cell(const Estimates& metrics, const std::string& name,
                   const std::string& token_key) {
    const MetricEstimate* m = Defined(metrics, name);
    if (m == nullptr) return "n/a";
    const std::string s =
        absl::StrCat(F3(m->mean()), " [", F3(m->lo()), ", ", F3(m->hi()), "] (", m->n(), ")");
    if (!token_key.empty()) Token(token_key, s);
    return s;
  }

  void Dataset(const DatasetMeasurements& ds);
  void Structure(const DatasetMeasurements& ds);
  void Protocols(const DatasetMeasurements& ds);
  void Headline(const DatasetMeasurements& ds);
  void Identification(const DatasetMeasurements& ds);
  void PolicyValue(const DatasetMeasurements& ds);
  void PairwiseCalls(const DatasetMeasurements& ds);
  void PairedDifferences(const DatasetMeasurements& ds);
  void Breakdowns(const JudgeSummary& judge);
  void Failures(const DatasetMeasurements& ds);
  void Issues(const DatasetMeasurements& ds);
  void LoaderChecks(const DatasetMeasurements& ds);
  void NotEvaluated();
  void Bounds();
  void BoundsTableRows(const BoundsTable& t);
  void BoundsSummary();
  void Scenarios();
  void Policies();
  void Plots();
  void EmpiricalPlots(const std::vector<std::string>& colors);
  void ScenarioPlot(const std::vector<std::string>& colors);

  const ReportInputs& in_;
  Report report_;
  report::TokenWriter tokens_;
  std::string md_;
};

void Writer::Dataset(const DatasetMeasurements& ds) {
  Structure(ds);
  Protocols(ds);
  Headline(ds);
  Identification(ds);
  PolicyValue(ds);
  PairwiseCalls(ds);
  PairedDifferences(ds);
  for (const JudgeSummary& j : ds.judges()) Breakdowns(j);
  Failures(ds);
  LoaderChecks(ds);
}

void Writer::Structure(const DatasetMeasurements& ds) {
  const std::string& name = ds.dataset();
  absl::StrAppend(&md_, "### ", name, "\n\n", ds.description(), ".\n\n");
  for (const std::string& n : ds.source_notes()) absl::StrAppend(&md_, "- ", n, "\n");
  const DatasetStructure& st = ds.structure();
  absl::StrAppend(&md_, "- structure: ", st.tasks(), " tasks in ", st.clusters(),
                  " resampling clusters, ", st.candidates(), " candidates (",
                  st.candidates_with_duplicate_text(),
                  " with text identical to another candidate of their task), ",
                  st.distinct_generators(), " distinct generator(s)\n\n");
  Token(absl::StrCat(name, "/structure"),
        absl::StrCat(st.tasks(), " tasks in ", st.clusters(), " resampling clusters"));
}

void Writer::Protocols(const DatasetMeasurements& ds) {
  md_ += "**Judges and protocols**\n\n";
  md_ += Row({"judge", "call form", "predicted order", "input/report mode", "model (version)",
              "temperature", "seed/run", "retries", "prompt/config hash"});
  md_ += Rule(9);
  for (const JudgeSummary& j : ds.judges()) {
    const JudgeProtocol& p = j.protocol();
    md_ +=
        Row({Md(j.judge_id()), Md(p.call_form()), Md(j.predicted_form()), Md(p.input_report_mode()),
             Md(absl::StrCat(p.model(), " (", p.model_version(), ")")), Md(p.temperature()),
             Md(p.seed_or_run_id()), Md(p.retries()), Md(p.prompt_config_hash())});
  }
  md_ += "\n";
  for (const JudgeSummary& j : ds.judges()) {
    absl::StrAppend(&md_, "- `", j.judge_id(), "`: ground truth = ", Md(j.ground_definition()),
                    "; predicted order: ", Md(j.derivation_policy()),
                    "; failures: ", Md(j.failure_policy()), "\n");
  }
  md_ += "\n";
}

void Writer::Headline(const DatasetMeasurements& ds) {
  md_ += "**Headline metrics** (mean over tasks [95% task-bootstrap interval] (tasks))\n\n";
  std::vector<std::string> header = {"metric"};
  for (const JudgeSummary& j : ds.judges()) header.push_back(Md(j.judge_id()));
  md_ += Row(header);
  md_ += Rule(header.size());
  const std::vector<std::string> headline = {
      "pairwise_accuracy", "top1",          "top1_complete_outputs", "random_top1",
      "best_in_top_2",     "best_in_top_3", "best_in_top_5",         "prefix_2",
      "prefix_3",          "spearman",      "judge_top_group"};
  for (const std::string& metric : headline) {
    std::string label = metric;
    for (const MetricSpec& m : Metrics()) {
      if (m.name == metric) label = m.label;
    }
    std::vector<std::string> cells = {label};
    for (const JudgeSummary& j : ds.judges()) {
      cells.push_back(Cell(j.all().metrics(), metric,
                           absl::StrCat(ds.dataset(), "/", j.judge_id(), "/", metric)));
    }
    md_ += Row(cells);
  }
  md_ += "\n";
}

// Identification beside the empirical numbers.
void Writer::Identification(const DatasetMeasurements& ds) {
  md_ +=
      "**What the pairwise number allows** (exact range over judges with the same mean "
      "listwise-implied pairwise accuracy on these tasks, their list sizes and ground ties; "
      "bounds.h MeanBound)\n\n";
  md_ += Row({"judge", "selection metric", "tasks", "mean pairwise accuracy", "possible range",
              "observed"});
  md_ += Rule(6);
  for (const JudgeSummary& j : ds.judges()) {
    for (const MeanBoundSummary& b : j.bounds()) {
      const std::string metric = b.k() == 1 ? "top-1" : "best-in-top-3";
      if (!b.has_min()) {
        md_ += Row({Md(j.judge_id()), metric, absl::StrCat(b.tasks()), "n/a",
                    absl::StrCat("not computed (", b.tasks_not_enumerated(),
                                 " tasks too large to enumerate)"),
                    "n/a"});
        continue;
      }
      const std::string range = absl::StrCat("[", F3(b.min()), ", ", F3(b.max()), "]");
      Token(absl::StrCat(ds.dataset(), "/", j.judge_id(), "/bound_k", b.k()), range);
      md_ += Row({Md(j.judge_id()), metric, absl::StrCat(b.tasks()), F3(b.mean_pairwise_accuracy()),
                  range, F3(b.observed_mean())});
    }
  }
  md_ += "\n";
}

void Writer::PolicyValue(const DatasetMeasurements& ds) {
  md_ +=
      "**Policy value: execute the first k of the judge's order** (regret = best outcome in "
      "the list minus the best executed outcome, on the ground's scale; saved = share of "
      "executions avoided against running all)\n\n";
  std::vector<std::string> ph = {"k"};
  for (const JudgeSummary& j : ds.judges()) {
    ph.push_back(Md(j.judge_id() + ": regret"));
    ph.push_back(Md(j.judge_id() + ": mean outcome executed"));
    ph.push_back(Md(j.judge_id() + ": saved"));
  }
  md_ += Row(ph);
  md_ += Rule(ph.size());
  for (int k : MeasuredKs()) {
    std::vector<std::string> cells = {absl::StrCat(k)};
    for (const JudgeSummary& j : ds.judges()) {
      const Estimates& m = j.all().metrics();
      cells.push_back(Cell(m, absl::StrCat("regret_", k),
                           absl::StrCat(ds.dataset(), "/", j.judge_id(), "/regret_", k)));
      cells.push_back(Cell(m, absl::StrCat("executed_mean_", k), ""));
      cells.push_back(Cell(m, absl::StrCat("saved_fraction_", k), ""));
    }
    md_ += Row(cells);
  }
  md_ += "\n";
  for (const JudgeSummary& j : ds.judges()) {
    absl::StrAppend(&md_, "- `", j.judge_id(), "`: ", Md(j.policy_rule()), "; ",
                    Md(j.logged_execution()), "\n");
  }
  md_ += "\n";
}

// Separately prompted pairwise calls, when any judge made them.
void Writer::PairwiseCalls(const DatasetMeasurements& ds) {
  bool any_calls = false;
  for (const JudgeSummary& j : ds.judges()) {
    any_calls = any_calls || FindEstimate(j.all().metrics(), "calls_accuracy") != nullptr;
  }
  if (!any_calls) return;
  md_ += "**Separately prompted pairwise calls** (each call scored against the ground order; ";
  md_ += policy::kPairwiseCredit;
  md_ += ")\n\n";
  md_ += Row({"judge", "accuracy (all calls)", "better answer shown first",
              "better answer shown second", "position consistency", "tie verdicts", "unparsed"});
  md_ += Rule(7);
  for (const JudgeSummary& j : ds.judges()) {
    const Estimates& m = j.all().metrics();
    if (FindEstimate(m, "calls_accuracy") == nullptr) continue;
    const std::string key = absl::StrCat(ds.dataset(), "/", j.judge_id(), "/");
    md_ += Row({Md(j.judge_id()), Cell(m, "calls_accuracy", key + "calls_accuracy"),
                Cell(m, "calls_better_first", key + "calls_better_first"),
                Cell(m, "calls_better_second", key + "calls_better_second"),
                Cell(m, "calls_position_consistency", key + "calls_position_consistency"),
                Cell(m, "calls_tie_rate", ""), Cell(m, "calls_unparsed_rate", "")});
  }
  md_ += "\n";
}

void Writer::PairedDifferences(const DatasetMeasurements& ds) {
  if (ds.paired().empty()) return;
  md_ +=
      "**Paired differences** (second judge minus first, same tasks and candidates; mean "
      "[95% task-bootstrap interval] (tasks))\n\n";
  md_ += Row({"first", "second", "metric", "difference"});
  md_ += Rule(4);
  for (const PairedDifference& p : ds.paired()) {
    for (const MetricEstimate& e : p.metrics()) {
      const std::string key =
          absl::StrCat(ds.dataset(), "/paired/", p.first(), "->", p.second(), "/", e.metric());
      md_ += Row({Md(p.first()), Md(p.second()), e.metric(), Cell(p.metrics(), e.metric(), key)});
    }
  }
  md_ += "\n";
}

void Writer::Breakdowns(const JudgeSummary& j) {
  absl::StrAppend(&md_, "**Breakdowns for `", j.judge_id(),
                  "`** (top-1 and random-pick baseline over the same tasks; mean [95% interval] "
                  "(tasks))\n\n");
  md_ += Row({"dimension", "level", "tasks", "top-1", "random pick", "pairwise accuracy",
              "best-in-top-3", "regret k=1"});
  md_ += Rule(8);
  for (const std::string dim : {"category", "list_size", "best_share", "quality_gap"}) {
    for (const Breakdown& b : j.breakdowns()) {
      if (b.dimension() != dim) continue;
      const Estimates& m = b.summary().metrics();
      md_ += Row({dim, Md(b.level()), absl::StrCat(b.summary().tasks()), Cell(m, "top1", ""),
                  Cell(m, "random_top1", ""), Cell(m, "pairwise_accuracy", ""),
                  Cell(m, "best_in_top_3", ""), Cell(m, "regret_1", "")});
    }
  }
  md_ += "\n";
  for (const NamedCount& c : j.ground_caveats()) {
    absl::StrAppend(&md_, "Ground-truth caveat (", c.count(), " of ", j.all().tasks(),
                    " tasks): ", c.name(),
                    ". Copeland still ranks these lists; ties at the top stay tied.\n\n");
  }
}

void Writer::Failures(const DatasetMeasurements& ds) {
  md_ +=
      "**Failures, missing outputs and exclusions** (never dropped silently, never counted as "
      "correct)\n\n";
  md_ += Row({"judge", "tasks", "excluded: single candidate", "excluded: < 2 observed",
              "excluded: no contrast", "tasks with unplaced candidates", "unplaced candidates",
              "outputs failed entirely", "missing outcomes"});
  md_ += Rule(9);
  for (const JudgeSummary& j : ds.judges()) {
    const RowSummary& a = j.all();
    auto ex = [&a](absl::string_view reason) {
      for (const NamedCount& c : a.exclusions()) {
        if (c.name() == reason) return c.count();
      }
      return 0;
    };
    const FailureCounts& f = a.failures();
    const std::string cells = absl::StrCat(
        a.tasks(), " | ", ex("single_candidate"), " | ", ex("fewer_than_two_observed"), " | ",
        ex("no_contrast"), " | ", f.tasks_with_unplaced_candidates(), " | ",
        f.unplaced_candidates(), " | ", f.outputs_failed_entirely(), " | ", f.missing_outcomes());
    Token(absl::StrCat(ds.dataset(), "/", j.judge_id(), "/failures"), cells);
    absl::StrAppend(&md_, "| ", Md(j.judge_id()), " | ", cells, " |\n");
  }
  md_ += "\n";
  Issues(ds);
}

// Bad input found while importing: every kind counted, three examples each.
void Writer::Issues(const DatasetMeasurements& ds) {
  md_ +=
      "Bad input found while importing (all counted; up to three examples per kind, every "
      "case in judge.json):\n\n";
  if (ds.issue_counts().empty()) {
    md_ += "- none\n\n";
    Token(absl::StrCat(ds.dataset(), "/issues"), "none");
    return;
  }
  md_ += Row({"kind", "count", "examples (file:line, record, field: detail)"});
  md_ += Rule(3);
  for (const IssueCount& c : ds.issue_counts()) {
    std::vector<std::string> ex;
    for (const ImportIssue& i : ds.issues()) {
      if (i.kind() != c.kind() || ex.size() >= 3) continue;
      ex.push_back(absl::StrCat(i.file(), i.line() > 0 ? absl::StrCat(":", i.line()) : "", ", ",
                                i.record(), ", ", i.field(), ": ", i.detail()));
    }
    const std::string count = absl::StrCat(c.count());
    Token(absl::StrCat(ds.dataset(), "/issues/", c.kind()),
          absl::StrCat("| ", c.kind(), " | ", count, " |"));
    md_ += Row({c.kind(), count, Md(absl::StrJoin(ex, "; "))});
  }
  md_ += "\n";
}

void Writer::LoaderChecks(const DatasetMeasurements& ds) {
  if (ds.loader_checks().empty()) return;
  md_ +=
      "**Loader checks** (numbers published with the data set, recomputed from the "
      "records)\n\n";
  md_ += Row({"check", "published", "measured", "match"});
  md_ += Rule(4);
  for (const LoaderCheck& c : ds.loader_checks()) {
    Token(absl::StrCat(ds.dataset(), "/loader/", c.name()), c.measured());
    md_ += Row({Md(c.name()), Md(c.expected()), Md(c.measured()), c.matches() ? "yes" : "NO"});
  }
  md_ += "\n";
}

void Writer::NotEvaluated() {
  md_ += "### What is not evaluated\n\n";
  for (const char* s :
       {"No new judge calls were made: every judge output is historical (2023 models through "
        "their APIs, snapshots not pinned, seeds not recorded); run-to-run variance of a judge "
        "is not measurable from one run per item.",
        "Neither real data set contains a listwise judge call: listwise-implied metrics are "
        "computed on orders derived from pointwise scores or from pairwise calls, labelled as "
        "such. Listwise presentation-order effects are not measured.",
        "HumanEval outcomes were not re-executed; execution seeds, time and cost are not "
        "recorded, so the saving of a top-k policy is reported in executions, not in seconds "
        "or money.",
        "The CoNaLa part of ICE-Score (human usefulness grades) is not imported.",
        "Vicuna-80: the extra PRD reviewers (gpt-3.5, Claude, Bard, Vicuna-13B), the Claude "
        "answers and their single-vote human labels are not imported. The human reference is "
        "3 crowd votes per pair without worker ids, so annotator dependence is not modelled.",
        "No held-out split exists and nothing is selected on outcomes; every task is an "
        "evaluation task. Public benchmarks may be in the judges' training data (leakage is not "
        "controlled).",
        "Correlated judge errors are not diagnosed: the contract asks to compare explicitly "
        "specified alternatives on withheld observations, which needs repeated or "
        "independent judge runs that these data do not have. The scenarios below are not "
        "fitted to the data.",
        "Costs of judge calls themselves (tokens, latency) are not in the data."}) {
    absl::StrAppend(&md_, "- ", s, "\n");
  }
  md_ += "\n";
}

void Writer::Bounds() {
  md_ += "## 2. Identification bounds (exact, by enumeration)\n\n";
  md_ +=
      "For a list of n candidates with a strict true order, all n! rankings were enumerated. "
      "For each number of concordant pairs (listwise-implied pairwise accuracy = concordant / "
      "C(n,2)) the table gives the minimum and maximum of top-1 and of best-retained-in-top-k "
      "over the rankings with that accuracy. Closed forms, checked against the enumeration: "
      "best-in-top-k can be 1 iff concordant >= n - k, and can be 0 iff concordant <= C(n,2) - "
      "k (top-1 is k = 1). So for any single list, every accuracy in [2/n, 1 - 1/C(n,2)] is "
      "compatible with a correct and with a wrong first pick. Over many lists (a mean), the "
      "range of mean top-1 at a given mean accuracy is the envelope of mixtures.\n\n";
  for (const BoundsTable& t : in_.bounds.tables()) {
    if (t.n() <= 4) BoundsTableRows(t);
  }
  BoundsSummary();
}

// The full table of one small n.
void Writer::BoundsTableRows(const BoundsTable& t) {
  const int n = t.n();
  absl::StrAppend(&md_, "n = ", n, " (", t.pairs(), " pairs; all ", n == 3 ? "6" : "24",
                  " rankings; checked against a hand enumeration in "
                  "bounds_test.cc)\n\n");
  std::vector<std::string> h = {"concordant", "accuracy", "rankings", "top-1 min..max",
                                "rankings with top-1 correct"};
  for (int k = 2; k < n; ++k) h.push_back(absl::StrCat("best-in-top-", k, " min..max"));
  md_ += Row(h);
  md_ += Rule(h.size());
  for (const BoundsRow& r : t.rows()) {
    std::vector<std::string> c = {
        absl::StrCat(r.concordant()), F3(r.accuracy()), absl::StrCat(r.rankings()),
        absl::StrCat(r.top1_min(), "..", r.top1_max()), absl::StrCat(r.top1_correct_rankings())};
    for (int k = 2; k < n; ++k) {
      c.push_back(absl::StrCat(r.best_in_top_k_min(k - 1), "..", r.best_in_top_k_max(k - 1)));
    }
    const std::string row = Row(c);
    md_ += row;
    Token(absl::StrCat("bounds/n", n, "/c", r.concordant()), Chomp(row));
  }
  md_ += "\n";
}

// Every n: where top-1 is not identified, and the envelope at four accuracies.
void Writer::BoundsSummary() {
  md_ +=
      "n = 3..8 summary: the accuracy interval where a single list's top-1 is not identified, "
      "and the envelope of mean top-1 over many lists of size n at chosen mean accuracies "
      "(min..max).\n\n";
  md_ += Row({"n", "rankings", "top-1 undetermined for accuracy in", "mean acc 0.6", "mean acc 0.7",
              "mean acc 0.8", "mean acc 0.9"});
  md_ += Rule(7);
  for (const BoundsTable& t : in_.bounds.tables()) {
    const int n = t.n();
    const int pairs = t.pairs();
    long total = 0;
    for (const BoundsRow& r : t.rows()) total += r.rankings();
    std::vector<std::string> c = {
        absl::StrCat(n), absl::StrCat(total),
        absl::StrCat("[", F3(double(n - 1) / pairs), ", ", F3(1.0 - 1.0 / pairs), "]")};
    for (double x : {0.6, 0.7, 0.8, 0.9}) {
      std::string cell = "n/a";
      for (const EnvelopePoint& e : t.top1_envelope()) {
        if (std::abs(e.accuracy() - x) < 1e-12) cell = absl::StrCat(F3(e.min()), "..", F3(e.max()));
      }
      c.push_back(cell);
    }
    const std::string row = Row(c);
    Token(absl::StrCat("bounds/summary/n", n), Chomp(row));
    md_ += row;
  }
  md_ +=
      "\nFull tables for n = 3..8 (including best-in-top-k for every k) are in judge.json "
      "under \"bounds\".\n\n";
}

void Writer::Scenarios() {
  md_ += "## 3. Model-conditioned scenarios (synthetic judges; NOT empirical results)\n\n";
  md_ +=
      "These numbers come from assumed judge models around a strict true order, not from any "
      "data set. They show how differently shaped errors map one pairwise accuracy to "
      "different selection quality.\n\n";
  for (const ScenarioFamily& f : in_.scenarios.families()) {
    absl::StrAppend(&md_, "- ", f.name(), " (", f.parameter(), "): ", f.definition(), "\n");
  }
  absl::StrAppend(&md_,
                  "- computation: exact enumeration for n <= 8; Monte Carlo for n = 20 "
                  "(seed ",
                  in_.scenarios.monte_carlo().seed(), ", ", in_.scenarios.monte_carlo().samples(),
                  " draws per point)\n\n");
  md_ += Row({"n", "family", "parameter", "pairwise accuracy", "top-1", "best-in-top-3"});
  md_ += Rule(6);
  for (const ScenarioResult& p : in_.scenarios.points()) {
    if (p.n() != 8) continue;
    const std::string top3 = p.best_in_top_k_size() >= 3 ? F3(p.best_in_top_k(2)) : "n/a";
    const std::string parameter = absl::StrFormat("%g", p.parameter());
    const std::string row = Row({absl::StrCat(p.n()), p.family(), parameter,
                                 F3(p.pairwise_accuracy()), F3(p.top1()), top3});
    Token(absl::StrCat("scenario/", p.family(), "/n8/", parameter), Chomp(row));
    md_ += row;
  }
  md_ +=
      "\nn = 4 and n = 20 points are in judge.json under \"scenarios\". Plot: "
      "judge_scenarios.svg (top-1 against pairwise accuracy, n = 8, with the exact envelope of "
      "section 2).\n\n";
}

void Writer::Policies() {
  md_ += "## 4. Declared policies\n\n";
  const std::vector<std::pair<std::string, std::string>> p = {
      {"outcome ties (ground)", policy::kOutcomeTies},
      {"missing outcomes", policy::kMissingOutcome},
      {"human votes (ground, Vicuna-80)", policy::kHumanMajority},
      {"predicted ties", policy::kPredictedTies},
      {"pointwise scores -> order", policy::kPointwiseDerivation},
      {"pointwise parse failures", policy::kPointwiseFailure},
      {"listwise output", policy::kListwiseDerivation},
      {"listwise failures", policy::kListwiseFailure},
      {"pairwise calls -> order", policy::kPairwiseDerivation},
      {"pairwise call credit", policy::kPairwiseCredit},
      {"Spearman", policy::kSpearman},
      {"exclusions", policy::kExclusions},
      {"averaging weights", policy::kAveraging},
      {"top-k policy", policy::kPolicyRule},
      {"logged execution", policy::kLoggedExecution},
      {"uncertainty",
       "task-level cluster bootstrap (stages/framework/stats/cluster_bootstrap.h): clusters = "
       "tasks, or one "
       "HumanEval problem "
       "across its languages; 2000 resamples, seed 20260707, percentile 95% interval; pairs of "
       "one pool are never resampled independently"},
      {"score parsing (ICE-Score 0-4)",
       "strip one leading 'Score:', 'Functional Correctness:' or 'Usefulness:' label; the text "
       "must then start with one digit 0-4 not followed by a digit or by '-<digit>'; otherwise "
       "unparsable (no_leading_score, scale_echo, out_of_range)"},
  };
  md_ += Row({"policy", "rule"});
  md_ += Rule(2);
  for (const auto& [k, v] : p) md_ += Row({k, Md(v)});
  md_ += "\n";
}

void Writer::Plots() {
  const std::vector<std::string> colors = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                           "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
  EmpiricalPlots(colors);
  ScenarioPlot(colors);
}

// 1. Top-1 per data set and judge, with the identification range and the
// random-pick baseline; 2. best retained in the first k.
void Writer::EmpiricalPlots(const std::vector<std::string>& colors) {
  std::vector<IntervalRow> rows;
  std::vector<Series> series;
  for (const DatasetMeasurements& ds : in_.measurements.datasets()) {
    for (const JudgeSummary& j : ds.judges()) {
      const Estimates& m = j.all().metrics();
      const MetricEstimate* top1 = Defined(m, "top1");
      if (top1 == nullptr) continue;
      IntervalRow r;
      r.label = absl::StrCat(ds.dataset(), " / ", j.judge_id());
      r.mean = top1->mean();
      r.lo = top1->lo();
      r.hi = top1->hi();
      if (j.bounds_size() > 0 && j.bounds(0).has_min()) {
        r.background = std::make_pair(j.bounds(0).min(), j.bounds(0).max());
      }
      if (const MetricEstimate* random = FindEstimate(m, "random_top1")) r.tick = random->mean();
      rows.push_back(r);
      std::vector<std::pair<double, double>> pts = {{1, top1->mean()}};
      for (int k : {2, 3, 5}) {
        const MetricEstimate* e = Defined(m, absl::StrCat("best_in_top_", k));
        if (e != nullptr) pts.push_back({double(k), e->mean()});
      }
      series.push_back({r.label, colors[series.size() % colors.size()], pts, true, false});
    }
  }
  report_.svgs["judge_top1.svg"] = IntervalPlot(
      Axes{"Top-1: empirical mean with 95% task-bootstrap interval",
           "top-1 (share of tasks whose first pick is a true best)", "", 0, 1, 0, 1},
      rows, "range allowed by the same mean pairwise accuracy", "uniformly random pick");
  report_.svgs["judge_topk.svg"] =
      LinePlot(Axes{"Best candidate retained in the judge's first k (empirical)", "k",
                    "P(a true best is among the first k)", 1, 5, 0, 1},
               series, std::nullopt);
}

// 3. Scenarios at n = 8 with the exact envelope.
void Writer::ScenarioPlot(const std::vector<std::string>& colors) {
  std::vector<Series> sc;
  size_t ci = 0;
  for (const std::string fam :
       {"mallows", "plackett_luce_geometric", "plackett_luce_clear_winner"}) {
    Series s{absl::StrCat(fam, " (model-conditioned)"), colors[ci++], {}, true, true};
    for (const ScenarioResult& p : in_.scenarios.points()) {
      if (p.n() == 8 && p.family() == fam) s.points.push_back({p.pairwise_accuracy(), p.top1()});
    }
    std::sort(s.points.begin(), s.points.end());
    sc.push_back(s);
  }
  std::optional<Band> band;
  for (const BoundsTable& t : in_.bounds.tables()) {
    if (t.n() != 8) continue;
    Band b{"exact range of mean top-1 at that mean accuracy (n = 8)", {}, {}};
    for (const EnvelopePoint& e : t.top1_envelope()) {
      b.lower.push_back({e.accuracy(), e.min()});
      b.upper.push_back({e.accuracy(), e.max()});
    }
    band = b;
  }
  report_.svgs["judge_scenarios.svg"] =
      LinePlot(Axes{"SCENARIOS (synthetic): top-1 vs pairwise accuracy, n = 8",
                    "listwise-implied pairwise accuracy", "top-1", 0, 1, 0, 1},
               sc, band);
}

absl::StatusOr<Report> Writer::Run() {
  absl::StrAppend(&md_, "# ", in_.title, "\n\n");
  md_ +=
      "When a judge ranks candidates and a policy executes only its top picks, how reliably "
      "does it select the best one, and what does that cost or save? Measured as the judge "
      "measurement contract defines it (docs/judge.md): each metric separate, uncertainty at "
      "the task level, empirical results first and model-conditioned scenarios apart.\n\n";
  absl::StrAppend(&md_, "- data: ", in_.data_note, "\n");
  const BootstrapSettings& bs = in_.measurements.bootstrap();
  absl::StrAppend(&md_, "- uncertainty: 95% percentile intervals from ", bs.resamples(),
                  " task-level bootstrap resamples (seed ", bs.seed(), "; unit: ", bs.unit(),
                  ")\n");
  absl::StrAppend(&md_, "- ties: ", policy::kPredictedTies, "; ", policy::kOutcomeTies, "\n");
  absl::StrAppend(&md_, "- missing: ", policy::kMissingOutcome, "\n");
  absl::StrAppend(&md_, "- per-task values: ", in_.tasks_csv_name,
                  "; every number with full precision: judge.json; lineage: lineage.json\n\n");

  md_ += "## 1. Empirical results\n\n";
  std::vector<std::string> names;
  for (const DatasetMeasurements& ds : in_.measurements.datasets()) names.push_back(ds.dataset());
  absl::StrAppend(&md_, "Data sets, in order: ", absl::StrJoin(names, ", "),
                  ". Plots: judge_top1.svg (top-1 with its identification range and the random "
                  "baseline), judge_topk.svg (best retained in the first k).\n\n");
  for (const DatasetMeasurements& ds : in_.measurements.datasets()) Dataset(ds);
  NotEvaluated();
  Bounds();
  Scenarios();
  Policies();
  md_ += "## 5. Files\n\n";
  absl::StrAppend(&md_,
                  "- judge.md (this file), judge.json (measurements, bounds, scenarios, "
                  "policies), ",
                  in_.tasks_csv_name,
                  " (one row per record), judge_top1.svg, "
                  "judge_topk.svg, judge_scenarios.svg, judge.tokens.txt (frozen-token values), "
                  "lineage.json (provenance of every stage below this report).\n");
  Plots();
  report_.markdown = md_;
  report_.json =
      ReportJsonText(in_.title, in_.data_note, in_.measurements, in_.bounds, in_.scenarios);
  report_.tokens = std::move(tokens_).Finish();
  RETURN_IF_ERROR(report::ValidateTokens(report_.tokens, report_.markdown, "judge.md"));
  return report_;
}

}  // namespace

std::string Report::TokensText() const { return report::TokensToText(tokens); }

absl::StatusOr<Report> RenderReport(const ReportInputs& in) {
  Writer w(in);
  return w.Run();
}

}  // namespace repro::judge
