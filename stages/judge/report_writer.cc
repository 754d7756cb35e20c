#include "stages/judge/report_writer.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "stages/judge/policies.h"
#include "stages/judge/summarize.h"
#include "stages/judge/svg.h"

namespace repro::judge {
namespace {

std::string F3(double v) { return absl::StrFormat("%.3f", v); }

// Markdown table cell text: pipes escaped, newlines flattened.
std::string Md(const std::string& s) {
  return absl::StrReplaceAll(s, {{"|", "\\|"}, {"\n", " "}});
}

std::string Row(const std::vector<std::string>& cells) {
  return absl::StrCat("| ", absl::StrJoin(cells, " | "), " |\n");
}

std::string Rule(size_t n) {
  std::vector<std::string> r(n, "---");
  return Row(r);
}

class Writer {
 public:
  explicit Writer(const ReportInputs& in) : in_(in) {}
  absl::StatusOr<Report> Run();

 private:
  void Token(const std::string& key, const std::string& value) {
    report_.tokens[absl::StrReplaceAll(key, {{" ", "_"}})] = value;
  }

  // "mean [lo, hi] (n)" or "n/a (0)".
  std::string Cell(const Json& metrics, const std::string& name, const std::string& token_key) {
    if (!metrics.contains(name) || !metrics[name].contains("mean")) return "n/a";
    const Json& m = metrics[name];
    const std::string s = absl::StrCat(F3(m["mean"].get<double>()), " [", F3(m["lo"].get<double>()),
                                       ", ", F3(m["hi"].get<double>()), "] (", m["n"].get<int>(), ")");
    if (!token_key.empty()) Token(token_key, s);
    return s;
  }

  void Dataset(const Json& ds);
  void Breakdowns(const Json& ds, const Json& judge);
  void Failures(const Json& ds);
  void NotEvaluated();
  void Bounds();
  void Scenarios();
  void Policies();
  void Plots();

  const ReportInputs& in_;
  Report report_;
  std::string md_;
};

void Writer::Dataset(const Json& ds) {
  const std::string name = ds["dataset"];
  const Json& judges = ds["judges"];
  absl::StrAppend(&md_, "### ", name, "\n\n", ds["description"].get<std::string>(), ".\n\n");
  for (const Json& n : ds["source_notes"]) absl::StrAppend(&md_, "- ", n.get<std::string>(), "\n");
  const Json& st = ds["structure"];
  absl::StrAppend(&md_, "- structure: ", st["tasks"].get<int>(), " tasks in ",
                  st["clusters"].get<int>(), " resampling clusters, ", st["candidates"].get<long>(),
                  " candidates (", st["candidates_with_duplicate_text"].get<long>(),
                  " with text identical to another candidate of their task), ",
                  st["distinct_generators"].get<int>(), " distinct generator(s)\n\n");
  Token(absl::StrCat(name, "/structure"),
        absl::StrCat(st["tasks"].get<int>(), " tasks in ", st["clusters"].get<int>(),
                     " resampling clusters"));

  md_ += "**Judges and protocols**\n\n";
  md_ += Row({"judge", "call form", "predicted order", "input/report mode", "model (version)",
              "temperature", "seed/run", "retries", "prompt/config hash"});
  md_ += Rule(9);
  for (const Json& j : judges) {
    const Json& p = j["protocol"];
    md_ += Row({Md(j["judge_id"]), Md(p["call_form"]), Md(j["predicted_form"]),
                Md(p["input_report_mode"]),
                Md(absl::StrCat(p["model"].get<std::string>(), " (", p["model_version"].get<std::string>(), ")")),
                Md(p["temperature"]), Md(p["seed_or_run_id"]), Md(p["retries"]),
                Md(p["prompt_config_hash"])});
  }
  md_ += "\n";
  for (const Json& j : judges) {
    absl::StrAppend(&md_, "- `", j["judge_id"].get<std::string>(), "`: ground truth = ",
                    Md(j["ground_definition"]), "; predicted order: ", Md(j["derivation_policy"]),
                    "; failures: ", Md(j["failure_policy"]), "\n");
  }
  md_ += "\n";

  // Headline table.
  md_ += "**Headline metrics** (mean over tasks [95% task-bootstrap interval] (tasks))\n\n";
  std::vector<std::string> header = {"metric"};
  for (const Json& j : judges) header.push_back(Md(j["judge_id"]));
  md_ += Row(header);
  md_ += Rule(header.size());
  const std::vector<std::string> headline = {
      "pairwise_accuracy", "top1",     "top1_complete_outputs", "random_top1",
      "best_in_top_2",     "best_in_top_3", "best_in_top_5",     "prefix_2",
      "prefix_3",          "spearman",      "judge_top_group"};
  for (const std::string& metric : headline) {
    std::string label = metric;
    for (const MetricSpec& m : Metrics()) {
      if (m.name == metric) label = m.label;
    }
    std::vector<std::string> cells = {label};
    for (const Json& j : judges) {
      cells.push_back(Cell(j["all"]["metrics"], metric,
                           absl::StrCat(name, "/", j["judge_id"].get<std::string>(), "/", metric)));
    }
    md_ += Row(cells);
  }
  md_ += "\n";

  // Identification beside the empirical numbers.
  md_ += "**What the pairwise number allows** (exact range over judges with the same mean "
         "listwise-implied pairwise accuracy on these tasks, their list sizes and ground ties; "
         "bounds.h MeanBound)\n\n";
  md_ += Row({"judge", "selection metric", "tasks", "mean pairwise accuracy", "possible range",
              "observed"});
  md_ += Rule(6);
  for (const Json& j : judges) {
    for (const Json& b : j["bounds"]) {
      const std::string metric = b["k"].get<int>() == 1 ? "top-1" : "best-in-top-3";
      if (!b.contains("min")) {
        md_ += Row({Md(j["judge_id"]), metric, absl::StrCat(b["tasks"].get<int>()), "n/a",
                    absl::StrCat("not computed (", b["tasks_not_enumerated"].get<int>(),
                                 " tasks too large to enumerate)"),
                    "n/a"});
        continue;
      }
      const std::string range =
          absl::StrCat("[", F3(b["min"].get<double>()), ", ", F3(b["max"].get<double>()), "]");
      Token(absl::StrCat(name, "/", j["judge_id"].get<std::string>(), "/bound_k", b["k"].get<int>()),
            range);
      md_ += Row({Md(j["judge_id"]), metric, absl::StrCat(b["tasks"].get<int>()),
                  F3(b["mean_pairwise_accuracy"].get<double>()), range,
                  F3(b["observed_mean"].get<double>())});
    }
  }
  md_ += "\n";

  // Policy value.
  md_ += "**Policy value: execute the first k of the judge's order** (regret = best outcome in "
         "the list minus the best executed outcome, on the ground's scale; saved = share of "
         "executions avoided against running all)\n\n";
  std::vector<std::string> ph = {"k"};
  for (const Json& j : judges) {
    const std::string id = j["judge_id"];
    ph.push_back(Md(id + ": regret"));
    ph.push_back(Md(id + ": mean outcome executed"));
    ph.push_back(Md(id + ": saved"));
  }
  md_ += Row(ph);
  md_ += Rule(ph.size());
  for (int k : MeasuredKs()) {
    std::vector<std::string> cells = {absl::StrCat(k)};
    for (const Json& j : judges) {
      const Json& m = j["all"]["metrics"];
      const std::string id = j["judge_id"];
      cells.push_back(Cell(m, absl::StrCat("regret_", k), absl::StrCat(name, "/", id, "/regret_", k)));
      cells.push_back(Cell(m, absl::StrCat("executed_mean_", k), ""));
      cells.push_back(Cell(m, absl::StrCat("saved_fraction_", k), ""));
    }
    md_ += Row(cells);
  }
  md_ += "\n";
  for (const Json& j : judges) {
    absl::StrAppend(&md_, "- `", j["judge_id"].get<std::string>(), "`: ", Md(j["policy_rule"]), "; ",
                    Md(j["logged_execution"]), "\n");
  }
  md_ += "\n";

  // Separately prompted pairwise calls.
  bool any_calls = false;
  for (const Json& j : judges) any_calls = any_calls || j["all"]["metrics"].contains("calls_accuracy");
  if (any_calls) {
    md_ += "**Separately prompted pairwise calls** (each call scored against the ground order; ";
    md_ += policy::kPairwiseCredit;
    md_ += ")\n\n";
    md_ += Row({"judge", "accuracy (all calls)", "better answer shown first",
                "better answer shown second", "position consistency", "tie verdicts",
                "unparsed"});
    md_ += Rule(7);
    for (const Json& j : judges) {
      const Json& m = j["all"]["metrics"];
      if (!m.contains("calls_accuracy")) continue;
      const std::string id = j["judge_id"];
      md_ += Row({Md(id), Cell(m, "calls_accuracy", absl::StrCat(name, "/", id, "/calls_accuracy")),
                  Cell(m, "calls_better_first", absl::StrCat(name, "/", id, "/calls_better_first")),
                  Cell(m, "calls_better_second", absl::StrCat(name, "/", id, "/calls_better_second")),
                  Cell(m, "calls_position_consistency",
                       absl::StrCat(name, "/", id, "/calls_position_consistency")),
                  Cell(m, "calls_tie_rate", ""), Cell(m, "calls_unparsed_rate", "")});
    }
    md_ += "\n";
  }

  // Paired differences.
  if (!ds["paired"].empty()) {
    md_ += "**Paired differences** (second judge minus first, same tasks and candidates; mean "
           "[95% task-bootstrap interval] (tasks))\n\n";
    md_ += Row({"first", "second", "metric", "difference"});
    md_ += Rule(4);
    for (const Json& p : ds["paired"]) {
      for (const auto& [metric, e] : p["metrics"].items()) {
        const std::string key = absl::StrCat(name, "/paired/", p["first"].get<std::string>(), "->",
                                             p["second"].get<std::string>(), "/", metric);
        md_ += Row({Md(p["first"]), Md(p["second"]), metric, Cell(p["metrics"], metric, key)});
      }
    }
    md_ += "\n";
  }
  for (const Json& j : judges) Breakdowns(ds, j);
  Failures(ds);

  if (!ds["loader_checks"].empty()) {
    md_ += "**Loader checks** (numbers published with the data set, recomputed from the "
           "records)\n\n";
    md_ += Row({"check", "published", "measured", "match"});
    md_ += Rule(4);
    for (const Json& c : ds["loader_checks"]) {
      const std::string measured = c["measured"];
      Token(absl::StrCat(name, "/loader/", c["name"].get<std::string>()), measured);
      md_ += Row({Md(c["name"]), Md(c["expected"]), Md(measured), c["matches"].get<bool>() ? "yes" : "NO"});
    }
    md_ += "\n";
  }
}

void Writer::Breakdowns(const Json& ds, const Json& j) {
  const std::string id = j["judge_id"];
  absl::StrAppend(&md_, "**Breakdowns for `", id,
                  "`** (top-1 and random-pick baseline over the same tasks; mean [95% interval] "
                  "(tasks))\n\n");
  md_ += Row({"dimension", "level", "tasks", "top-1", "random pick", "pairwise accuracy",
              "best-in-top-3", "regret k=1"});
  md_ += Rule(8);
  for (const std::string dim : {"category", "list_size", "best_share", "quality_gap"}) {
    if (!j["breakdowns"].contains(dim)) continue;
    for (const auto& [level, s] : j["breakdowns"][dim].items()) {
      const Json& m = s["metrics"];
      md_ += Row({dim, Md(level), absl::StrCat(s["tasks"].get<int>()), Cell(m, "top1", ""),
                  Cell(m, "random_top1", ""), Cell(m, "pairwise_accuracy", ""),
                  Cell(m, "best_in_top_3", ""), Cell(m, "regret_1", "")});
    }
  }
  md_ += "\n";
  for (const auto& [note, count] : j["ground_caveats"].items()) {
    absl::StrAppend(&md_, "Ground-truth caveat (", count.get<int>(), " of ",
                    j["all"]["tasks"].get<int>(), " tasks): ", note,
                    ". Copeland still ranks these lists; ties at the top stay tied.\n\n");
  }
  (void)ds;
}

void Writer::Failures(const Json& ds) {
  const std::string name = ds["dataset"];
  md_ += "**Failures, missing outputs and exclusions** (never dropped silently, never counted as "
         "correct)\n\n";
  md_ += Row({"judge", "tasks", "excluded: single candidate", "excluded: < 2 observed",
              "excluded: no contrast", "tasks with unplaced candidates", "unplaced candidates",
              "outputs failed entirely", "missing outcomes"});
  md_ += Rule(9);
  for (const Json& j : ds["judges"]) {
    const Json& a = j["all"];
    auto ex = [&a](const char* k) {
      return a["exclusions"].contains(k) ? a["exclusions"][k].get<int>() : 0;
    };
    const Json& f = a["failures"];
    const std::string id = j["judge_id"];
    const std::string cells = absl::StrCat(
        a["tasks"].get<int>(), " | ", ex("single_candidate"), " | ", ex("fewer_than_two_observed"),
        " | ", ex("no_contrast"), " | ", f["tasks_with_unplaced_candidates"].get<int>(), " | ",
        f["unplaced_candidates"].get<int>(), " | ", f["outputs_failed_entirely"].get<int>(), " | ",
        f["missing_outcomes"].get<int>());
    Token(absl::StrCat(name, "/", id, "/failures"), cells);
    absl::StrAppend(&md_, "| ", Md(id), " | ", cells, " |\n");
  }
  md_ += "\n";
  md_ += "Bad input found while importing (all counted; up to three examples per kind, every "
         "case in judge.json):\n\n";
  if (ds["issue_counts"].empty()) {
    md_ += "- none\n\n";
    Token(absl::StrCat(name, "/issues"), "none");
    return;
  }
  md_ += Row({"kind", "count", "examples (file:line, record, field: detail)"});
  md_ += Rule(3);
  for (const Json& c : ds["issue_counts"]) {
    const std::string kind = c["kind"];
    std::vector<std::string> ex;
    for (const Json& i : ds["issues"]) {
      if (i["kind"] != kind || ex.size() >= 3) continue;
      const long line = i["line"].get<long>();
      ex.push_back(absl::StrCat(i["file"].get<std::string>(), line > 0 ? absl::StrCat(":", line) : "", ", ",
                                i["record"].get<std::string>(), ", ", i["field"].get<std::string>(),
                                ": ", i["detail"].get<std::string>()));
    }
    const std::string count = absl::StrCat(c["count"].get<long>());
    Token(absl::StrCat(name, "/issues/", kind), absl::StrCat("| ", kind, " | ", count, " |"));
    md_ += Row({kind, count, Md(absl::StrJoin(ex, "; "))});
  }
  md_ += "\n";
}

void Writer::NotEvaluated() {
  md_ += "### What is not evaluated\n\n";
  for (const char* s : {
           "No new judge calls were made: every judge output is historical (2023 models through "
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
  md_ += "For a list of n candidates with a strict true order, all n! rankings were enumerated. "
         "For each number of concordant pairs (listwise-implied pairwise accuracy = concordant / "
         "C(n,2)) the table gives the minimum and maximum of top-1 and of best-retained-in-top-k "
         "over the rankings with that accuracy. Closed forms, checked against the enumeration: "
         "best-in-top-k can be 1 iff concordant >= n - k, and can be 0 iff concordant <= C(n,2) - "
         "k (top-1 is k = 1). So for any single list, every accuracy in [2/n, 1 - 1/C(n,2)] is "
         "compatible with a correct and with a wrong first pick. Over many lists (a mean), the "
         "range of mean top-1 at a given mean accuracy is the envelope of mixtures.\n\n";
  for (const Json& t : in_.bounds["tables"]) {
    const int n = t["n"];
    if (n > 4) continue;
    absl::StrAppend(&md_, "n = ", n, " (", t["pairs"].get<int>(), " pairs; all ",
                    n == 3 ? "6" : "24", " rankings; checked against a hand enumeration in "
                    "bounds_test.cc)\n\n");
    std::vector<std::string> h = {"concordant", "accuracy", "rankings", "top-1 min..max",
                                  "rankings with top-1 correct"};
    for (int k = 2; k < n; ++k) h.push_back(absl::StrCat("best-in-top-", k, " min..max"));
    md_ += Row(h);
    md_ += Rule(h.size());
    for (const Json& r : t["rows"]) {
      std::vector<std::string> c = {
          absl::StrCat(r["concordant"].get<int>()), F3(r["accuracy"].get<double>()),
          absl::StrCat(r["rankings"].get<long>()),
          absl::StrCat(r["top1_min"].get<int>(), "..", r["top1_max"].get<int>()),
          absl::StrCat(r["top1_correct_rankings"].get<long>())};
      for (int k = 2; k < n; ++k) {
        c.push_back(absl::StrCat(r["best_in_top_k_min"][k - 1].get<int>(), "..",
                                 r["best_in_top_k_max"][k - 1].get<int>()));
      }
      const std::string row = Row(c);
      md_ += row;
      Token(absl::StrCat("bounds/n", n, "/c", r["concordant"].get<int>()), row.substr(0, row.size() - 1));
    }
    md_ += "\n";
  }
  md_ += "n = 3..8 summary: the accuracy interval where a single list's top-1 is not identified, "
         "and the envelope of mean top-1 over many lists of size n at chosen mean accuracies "
         "(min..max).\n\n";
  md_ += Row({"n", "rankings", "top-1 undetermined for accuracy in", "mean acc 0.6", "mean acc 0.7",
              "mean acc 0.8", "mean acc 0.9"});
  md_ += Rule(7);
  for (const Json& t : in_.bounds["tables"]) {
    const int n = t["n"];
    const int pairs = t["pairs"];
    long total = 0;
    for (const Json& r : t["rows"]) total += r["rankings"].get<long>();
    std::vector<std::string> c = {absl::StrCat(n), absl::StrCat(total),
                                  absl::StrCat("[", F3(double(n - 1) / pairs), ", ",
                                               F3(1.0 - 1.0 / pairs), "]")};
    for (double x : {0.6, 0.7, 0.8, 0.9}) {
      std::string cell = "n/a";
      for (const Json& e : t["top1_envelope"]) {
        if (std::abs(e["accuracy"].get<double>() - x) < 1e-12) {
          cell = absl::StrCat(F3(e["min"].get<double>()), "..", F3(e["max"].get<double>()));
        }
      }
      c.push_back(cell);
    }
    const std::string row = Row(c);
    Token(absl::StrCat("bounds/summary/n", n), row.substr(0, row.size() - 1));
    md_ += row;
  }
  md_ += "\nFull tables for n = 3..8 (including best-in-top-k for every k) are in judge.json "
         "under \"bounds\".\n\n";
}

void Writer::Scenarios() {
  md_ += "## 3. Model-conditioned scenarios (synthetic judges; NOT empirical results)\n\n";
  md_ += "These numbers come from assumed judge models around a strict true order, not from any "
         "data set. They show how differently shaped errors map one pairwise accuracy to "
         "different selection quality.\n\n";
  for (const Json& f : in_.scenarios["families"]) {
    absl::StrAppend(&md_, "- ", f["name"].get<std::string>(), " (", f["parameter"].get<std::string>(),
                    "): ", f["definition"].get<std::string>(), "\n");
  }
  absl::StrAppend(&md_, "- computation: exact enumeration for n <= 8; Monte Carlo for n = 20 "
                  "(seed ", in_.scenarios["monte_carlo"]["seed"].get<uint64_t>(), ", ",
                  in_.scenarios["monte_carlo"]["samples"].get<long>(), " draws per point)\n\n");
  md_ += Row({"n", "family", "parameter", "pairwise accuracy", "top-1", "best-in-top-3"});
  md_ += Rule(6);
  for (const Json& p : in_.scenarios["points"]) {
    const int n = p["n"];
    if (n != 8) continue;
    const std::string top3 = p["best_in_top_k"].size() >= 3 ? F3(p["best_in_top_k"][2].get<double>()) : "n/a";
    const std::vector<std::string> c = {absl::StrCat(n), p["family"].get<std::string>(),
                                        absl::StrFormat("%g", p["parameter"].get<double>()),
                                        F3(p["pairwise_accuracy"].get<double>()),
                                        F3(p["top1"].get<double>()), top3};
    const std::string row = Row(c);
    Token(absl::StrCat("scenario/", p["family"].get<std::string>(), "/n8/",
                       absl::StrFormat("%g", p["parameter"].get<double>())),
          row.substr(0, row.size() - 1));
    md_ += row;
  }
  md_ += "\nn = 4 and n = 20 points are in judge.json under \"scenarios\". Plot: "
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
       "task-level cluster bootstrap (stages/stats/cluster_bootstrap.h): clusters = tasks, or one HumanEval problem "
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
  // 1. Top-1 per data set and judge, with the identification range and the
  // random-pick baseline.
  std::vector<IntervalRow> rows;
  std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> topk;
  for (const Json& ds : in_.measurements["datasets"]) {
    for (const Json& j : ds["judges"]) {
      const Json& m = j["all"]["metrics"];
      if (!m.contains("top1") || !m["top1"].contains("mean")) continue;
      IntervalRow r;
      r.label = absl::StrCat(ds["dataset"].get<std::string>(), " / ", j["judge_id"].get<std::string>());
      r.mean = m["top1"]["mean"];
      r.lo = m["top1"]["lo"];
      r.hi = m["top1"]["hi"];
      if (j["bounds"][0].contains("min")) {
        r.background = std::make_pair(j["bounds"][0]["min"].get<double>(), j["bounds"][0]["max"].get<double>());
      }
      if (m.contains("random_top1")) r.tick = m["random_top1"]["mean"].get<double>();
      rows.push_back(r);
      std::vector<std::pair<double, double>> pts = {{1, m["top1"]["mean"].get<double>()}};
      for (int k : {2, 3, 5}) {
        const std::string key = absl::StrCat("best_in_top_", k);
        if (m.contains(key) && m[key].contains("mean")) pts.push_back({double(k), m[key]["mean"].get<double>()});
      }
      topk.push_back({r.label, pts});
    }
  }
  report_.svgs["judge_top1.svg"] = IntervalPlot(
      Axes{"Top-1: empirical mean with 95% task-bootstrap interval", "top-1 (share of tasks whose first pick is a true best)", "", 0, 1, 0, 1},
      rows, "range allowed by the same mean pairwise accuracy", "uniformly random pick");
  const std::vector<std::string> colors = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                           "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
  std::vector<Series> series;
  for (size_t i = 0; i < topk.size(); ++i) {
    series.push_back({topk[i].first, colors[i % colors.size()], topk[i].second, true, false});
  }
  report_.svgs["judge_topk.svg"] =
      LinePlot(Axes{"Best candidate retained in the judge's first k (empirical)", "k",
                    "P(a true best is among the first k)", 1, 5, 0, 1},
               series, std::nullopt);
  // 3. Scenarios at n = 8 with the exact envelope.
  std::vector<Series> sc;
  size_t ci = 0;
  for (const std::string fam : {"mallows", "plackett_luce_geometric", "plackett_luce_clear_winner"}) {
    Series s{absl::StrCat(fam, " (model-conditioned)"), colors[ci++], {}, true, true};
    for (const Json& p : in_.scenarios["points"]) {
      if (p["n"] == 8 && p["family"] == fam) {
        s.points.push_back({p["pairwise_accuracy"].get<double>(), p["top1"].get<double>()});
      }
    }
    std::sort(s.points.begin(), s.points.end());
    sc.push_back(s);
  }
  std::optional<Band> band;
  for (const Json& t : in_.bounds["tables"]) {
    if (t["n"] != 8) continue;
    Band b{"exact range of mean top-1 at that mean accuracy (n = 8)", {}, {}};
    for (const Json& e : t["top1_envelope"]) {
      b.lower.push_back({e["accuracy"].get<double>(), e["min"].get<double>()});
      b.upper.push_back({e["accuracy"].get<double>(), e["max"].get<double>()});
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
  md_ += "When a judge ranks candidates and a policy executes only its top picks, how reliably "
         "does it select the best one, and what does that cost or save? Measured as the judge "
         "measurement contract defines it (docs/judge.md): each metric separate, uncertainty at "
         "the task level, empirical results first and model-conditioned scenarios apart.\n\n";
  absl::StrAppend(&md_, "- data: ", in_.data_note, "\n");
  const Json& bs = in_.measurements["bootstrap"];
  absl::StrAppend(&md_, "- uncertainty: 95% percentile intervals from ", bs["resamples"].get<int>(),
                  " task-level bootstrap resamples (seed ", bs["seed"].get<uint64_t>(),
                  "; unit: ", bs["unit"].get<std::string>(), ")\n");
  absl::StrAppend(&md_, "- ties: ", policy::kPredictedTies, "; ", policy::kOutcomeTies, "\n");
  absl::StrAppend(&md_, "- missing: ", policy::kMissingOutcome, "\n");
  absl::StrAppend(&md_, "- per-task values: ", in_.tasks_csv_name,
                  "; every number with full precision: judge.json; lineage: lineage.json\n\n");

  md_ += "## 1. Empirical results\n\n";
  std::vector<std::string> names;
  for (const Json& ds : in_.measurements["datasets"]) names.push_back(ds["dataset"]);
  absl::StrAppend(&md_, "Data sets, in order: ", absl::StrJoin(names, ", "),
                  ". Plots: judge_top1.svg (top-1 with its identification range and the random "
                  "baseline), judge_topk.svg (best retained in the first k).\n\n");
  for (const Json& ds : in_.measurements["datasets"]) Dataset(ds);
  NotEvaluated();
  Bounds();
  Scenarios();
  Policies();
  md_ += "## 5. Files\n\n";
  absl::StrAppend(&md_, "- judge.md (this file), judge.json (measurements, bounds, scenarios, "
                  "policies), ", in_.tasks_csv_name, " (one row per record), judge_top1.svg, "
                  "judge_topk.svg, judge_scenarios.svg, judge.tokens.txt (frozen-token values), "
                  "lineage.json (provenance of every stage below this report).\n");
  Plots();
  report_.markdown = md_;

  Json j;
  j["title"] = in_.title;
  j["data_note"] = in_.data_note;
  j["measurements"] = in_.measurements;
  j["bounds"] = in_.bounds;
  j["scenarios"] = in_.scenarios;
  j["policies"] = {{"outcome_ties", policy::kOutcomeTies},
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
  report_.json = j.dump(1) + "\n";
  for (const auto& [k, v] : report_.tokens) {
    if (k.find_first_of("\t\n") != std::string::npos || v.find_first_of("\t\n") != std::string::npos) {
      return absl::InternalError(absl::StrCat("token ", k, " contains a tab or newline"));
    }
    if (report_.markdown.find(v) == std::string::npos) {
      return absl::InternalError(absl::StrCat("token ", k, " value '", v, "' is not in judge.md"));
    }
  }
  return report_;
}

}  // namespace

std::string Report::TokensText() const {
  std::string s;
  for (const auto& [k, v] : tokens) absl::StrAppend(&s, k, "\t", v, "\n");
  return s;
}

absl::StatusOr<Report> RenderReport(const ReportInputs& in) {
  Writer w(in);
  return w.Run();
}

}  // namespace repro::judge
