#include "stages/studies/judge/internal/dataset_sections.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/record_metrics.h"
#include "stages/studies/judge/summarize.h"

namespace repro::judge::internal {
namespace {

class DatasetWriter : public SectionWriter {
 public:
  explicit DatasetWriter(Page* page) : SectionWriter(page) {}
  void Dataset(const DatasetMeasurements& ds);

 private:
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
};

void DatasetWriter::Dataset(const DatasetMeasurements& ds) {
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

void DatasetWriter::Structure(const DatasetMeasurements& ds) {
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

void DatasetWriter::Protocols(const DatasetMeasurements& ds) {
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

void DatasetWriter::Headline(const DatasetMeasurements& ds) {
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
void DatasetWriter::Identification(const DatasetMeasurements& ds) {
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

void DatasetWriter::PolicyValue(const DatasetMeasurements& ds) {
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
void DatasetWriter::PairwiseCalls(const DatasetMeasurements& ds) {
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

void DatasetWriter::PairedDifferences(const DatasetMeasurements& ds) {
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

void DatasetWriter::Breakdowns(const JudgeSummary& j) {
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

void DatasetWriter::Failures(const DatasetMeasurements& ds) {
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
void DatasetWriter::Issues(const DatasetMeasurements& ds) {
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

void DatasetWriter::LoaderChecks(const DatasetMeasurements& ds) {
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

}  // namespace

void WriteDatasetSections(const DatasetMeasurements& ds, Page* page) {
  DatasetWriter(page).Dataset(ds);
}

}  // namespace repro::judge::internal
