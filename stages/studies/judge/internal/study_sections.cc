#include "stages/studies/judge/internal/study_sections.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/studies/judge/policies.h"

namespace repro::judge::internal {
namespace {

class StudyWriter : public SectionWriter {
 public:
  explicit StudyWriter(Page* page) : SectionWriter(page) {}
  void NotEvaluated();
  void Bounds(const BoundsTables& bounds);
  void Scenarios(const ScenarioGrid& scenarios);
  void Policies();

 private:
  void BoundsTableRows(const BoundsTable& t);
  void BoundsSummary(const BoundsTables& bounds);
};

void StudyWriter::NotEvaluated() {
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

void StudyWriter::Bounds(const BoundsTables& bounds) {
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
  for (const BoundsTable& t : bounds.tables()) {
    if (t.n() <= 4) BoundsTableRows(t);
  }
  BoundsSummary(bounds);
}

// The full table of one small n.
void StudyWriter::BoundsTableRows(const BoundsTable& t) {
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
void StudyWriter::BoundsSummary(const BoundsTables& bounds) {
  md_ +=
      "n = 3..8 summary: the accuracy interval where a single list's top-1 is not identified, "
      "and the envelope of mean top-1 over many lists of size n at chosen mean accuracies "
      "(min..max).\n\n";
  md_ += Row({"n", "rankings", "top-1 undetermined for accuracy in", "mean acc 0.6", "mean acc 0.7",
              "mean acc 0.8", "mean acc 0.9"});
  md_ += Rule(7);
  for (const BoundsTable& t : bounds.tables()) {
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

void StudyWriter::Scenarios(const ScenarioGrid& scenarios) {
  md_ += "## 3. Model-conditioned scenarios (synthetic judges; NOT empirical results)\n\n";
  md_ +=
      "These numbers come from assumed judge models around a strict true order, not from any "
      "data set. They show how differently shaped errors map one pairwise accuracy to "
      "different selection quality.\n\n";
  for (const ScenarioFamily& f : scenarios.families()) {
    absl::StrAppend(&md_, "- ", f.name(), " (", f.parameter(), "): ", f.definition(), "\n");
  }
  absl::StrAppend(&md_,
                  "- computation: exact enumeration for n <= 8; Monte Carlo for n = 20 "
                  "(seed ",
                  scenarios.monte_carlo().seed(), ", ", scenarios.monte_carlo().samples(),
                  " draws per point)\n\n");
  md_ += Row({"n", "family", "parameter", "pairwise accuracy", "top-1", "best-in-top-3"});
  md_ += Rule(6);
  for (const ScenarioResult& p : scenarios.points()) {
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

void StudyWriter::Policies() {
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

}  // namespace

void WriteNotEvaluated(Page* page) { StudyWriter(page).NotEvaluated(); }

void WriteBounds(const BoundsTables& bounds, Page* page) { StudyWriter(page).Bounds(bounds); }

void WriteScenarios(const ScenarioGrid& scenarios, Page* page) {
  StudyWriter(page).Scenarios(scenarios);
}

void WritePolicies(Page* page) { StudyWriter(page).Policies(); }

}  // namespace repro::judge::internal
