#include "stages/grid/reports/condition_sections.h"

#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace repro::grid {
namespace {

// The outcome's metrics, then Acc@k (localization.h: file and function,
// k = 1, 3, 5, 10).
const char* const kConditionMetrics[] = {
    "recall_at_1",       "recall_at_5",           "recall_at_10",        "mrr",
    "ndcg_at_10",        "function_recall_at_10", "budget_coverage_13k", "budget_coverage_27k",
    "file_acc_at_1",     "file_acc_at_3",         "file_acc_at_5",       "file_acc_at_10",
    "function_acc_at_1", "function_acc_at_3",     "function_acc_at_5",   "function_acc_at_10"};
const char* const kPairedMetrics[] = {"delta_recall_at_10",     "delta_mrr",
                                      "delta_ndcg_at_10",       "top10_gold_retention",
                                      "loss_of_all_top10_gold", "rank_delta_censored"};
const char* const kDistractorExtra[] = {"distractors_in_top10", "distractor_outranks_first_gold"};

// The staleness sweep section (several S001 depths): effective dose per depth
// and the paired deltas per depth.
// The effective dose per depth of the staleness sweep.
void StalenessDoseTable(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("Effective dose per depth (corpus files, of ", LanguagesText(r),
                      ", stale tree vs base; means per task, and tasks whose gold file changed or "
                      "does not exist at the stale tree):"));
  w.Line();
  w.Line(
      "| Depth | Tasks | Files added | removed | changed | Tasks with a gold file changed | "
      "Tasks with a gold file missing at the stale tree |");
  w.Line("|---:|---:|---:|---:|---:|---:|---:|");
  for (int k : r.s001_depths()) {
    int n = 0, changed_tasks = 0, missing_tasks = 0;
    double added = 0, removed = 0, changed = 0;
    for (const StalenessDose& d : r.staleness_doses()) {
      if (d.depth() != k) continue;
      ++n;
      added += d.files_added();
      removed += d.files_removed();
      changed += d.files_changed();
      changed_tasks += d.gold_changed() ? 1 : 0;
      missing_tasks += d.gold_missing() > 0 ? 1 : 0;
    }
    const double per = n ? 1.0 / n : 0.0;
    w.Line(absl::StrCat("| ", k, " | ", n, " | ", absl::StrFormat("%.1f", added * per), " | ",
                        absl::StrFormat("%.1f", removed * per), " | ",
                        absl::StrFormat("%.1f", changed * per), " | ",
                        w.Token(absl::StrCat("s001.k", k, ".tasks_gold_changed"),
                                absl::StrCat(changed_tasks, "/", n)),
                        " | ",
                        w.Token(absl::StrCat("s001.k", k, ".tasks_gold_missing"),
                                absl::StrCat(missing_tasks, "/", n)),
                        " |"));
  }
  w.Line();
}

// The staleness sweep section (several S001 depths): effective dose per depth
// and the paired deltas per depth.
void StalenessSweep(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("## ", w.n().stale, " staleness sweep (index at base~d, labels at base)"));
  w.Line();
  StalenessDoseTable(r, w);
  w.Line(
      "Paired deltas per depth (stale minus baseline; task-bootstrap 95% intervals over all "
      "harnesses, clustered by task; per harness below):");
  w.Line();
  w.Line(
      "| Depth | delta recall@10 | delta MRR | delta nDCG@10 | loss of all top-10 gold | rank "
      "delta (censored) |");
  w.Line("|---:|---|---|---|---|---|");
  for (int k : r.s001_depths()) {
    w.Line(absl::StrCat("| ", k, " | ", w.Cell("all", w.n().stale, k, "delta_recall_at_10"), " | ",
                        w.Cell("all", w.n().stale, k, "delta_mrr"), " | ",
                        w.Cell("all", w.n().stale, k, "delta_ndcg_at_10"), " | ",
                        w.Cell("all", w.n().stale, k, "loss_of_all_top10_gold"), " | ",
                        w.Cell("all", w.n().stale, k, "rank_delta_censored"), " |"));
  }
  w.Line();
  TableHead head;
  head.Column("Depth", "---:");
  for (const std::string& h : r.harnesses()) head.Column(h + " delta MRR");
  head.WriteTo(w);
  for (int k : r.s001_depths()) {
    std::string row = absl::StrCat("| ", k, " |");
    for (const std::string& h : r.harnesses()) {
      absl::StrAppend(&row, " ", w.Cell(h, w.n().stale, k, "delta_mrr"), " |");
    }
    w.Line(row);
  }
  w.Line();
  w.Line(absl::StrCat("![", w.n().stale, " delta MRR by depth](staleness.svg)"));
  w.Line();
}

// One metric per row, one column per harness and one over all harnesses.
void HarnessTable(const GridReport& r, Writer& w, const std::string& condition, int dose,
                  const std::vector<const char*>& metrics) {
  TableHead head;
  head.Column("Metric");
  for (const std::string& h : r.harnesses()) head.Column(h);
  head.Column("all").WriteTo(w);
  for (const char* m : metrics) {
    std::string row = absl::StrCat("| ", m, " |");
    for (const std::string& h : r.harnesses()) {
      absl::StrAppend(&row, " ", w.Cell(h, condition, dose, m), " |");
    }
    absl::StrAppend(&row, " ", w.Cell("all", condition, dose, m), " |");
    w.Line(row);
  }
  w.Line();
}

}  // namespace

void BaselineAndS001(const GridReport& r, Writer& w) {
  const std::vector<const char*> condition(std::begin(kConditionMetrics),
                                           std::end(kConditionMetrics));
  w.Line("## Baseline by harness");
  w.Line();
  HarnessTable(r, w, w.n().baseline, 0, condition);
  const std::string file_level =
      HarnessesWhere(r, [](const HarnessDescription& h) { return h.document_unit() == "files"; });
  if (!file_level.empty()) {
    w.Line(absl::StrCat(
        "function_recall_at_10 of a harness that ranks whole files (", file_level,
        ") walks the functions of its top files in file order, so it is low by construction (a "
        "large top file fills the 10 places); the function-chunk harnesses rank functions "
        "themselves (docs/retrieval.md)."));
    w.Line();
  }
  w.Line(absl::StrCat("## ", w.n().stale, ": stale index (paired with the baseline)"));
  w.Line();
  HarnessTable(r, w, w.n().stale, 0, {std::begin(kPairedMetrics), std::end(kPairedMetrics)});
  w.Line(absl::StrCat("Condition metrics under ", w.n().stale, ":"));
  w.Line();
  HarnessTable(r, w, w.n().stale, 0, condition);
  w.Line(absl::StrCat(w.n().stale, " effective dose (corpus files, of ", LanguagesText(r),
                      ", between stale_commit and base_commit):"));
  w.Line();
  w.Line("| Task | Added | Removed | Changed | Gold file changed |");
  w.Line("|---|---:|---:|---:|---|");
  for (const S001Dose& d : r.s001_doses()) {
    w.Line(absl::StrCat("| ", d.task_id(), " | ", d.files_added(), " | ", d.files_removed(), " | ",
                        d.files_changed(), " | ", d.gold_changed() ? "yes" : "no", " |"));
  }
  w.Line();
  if (r.s001_depths_size() > 1) StalenessSweep(r, w);
  for (const Condition* c : ExtraKinds(r)) {
    w.Line(absl::StrCat("## ", c->id(), ": ", c->title(), " (paired with the baseline)"));
    w.Line();
    HarnessTable(r, w, c->id(), 0, {std::begin(kPairedMetrics), std::end(kPairedMetrics)});
    w.Line(absl::StrCat("Condition metrics under ", c->id(), ":"));
    w.Line();
    HarnessTable(r, w, c->id(), 0, condition);
  }
}

void S002DoseResponse(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("## ", w.n().distractors, ": dose-response"));
  w.Line();
  std::vector<const char*> metrics(std::begin(kPairedMetrics), std::end(kPairedMetrics));
  metrics.insert(metrics.end(), std::begin(kDistractorExtra), std::end(kDistractorExtra));
  metrics.push_back("mrr");
  metrics.push_back("recall_at_10");
  for (int d : r.doses()) {
    w.Line(absl::StrCat("Dose ", d, " (paired with the baseline):"));
    w.Line();
    HarnessTable(r, w, w.n().distractors, d, metrics);
  }
  w.Line("![MRR by dose](dose_response.svg)");
  w.Line();
  w.Line("![Rank displacement](rank_displacement.svg)");
  w.Line();
}

}  // namespace repro::grid
