#include "stages/grid/reports/method_sections.h"

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {
namespace {

// Why the LSA model trains at its commit: named by the task file, or derived
// (the base of the newest fix), with what that means for adding tasks.
std::string TrainingCommitReason(const GridReport& r) {
  if (r.lsa_training_authored()) {
    return "(named by the task file's lsa_training_commit: adding tasks does not move it; "
           "docs/retrieval.md).";
  }
  return absl::StrCat(
      "(derived, as the task file names no lsa_training_commit: the base of the newest fix, ",
      r.lsa_training_bases_of().empty() ? "a task's"
                                        : absl::StrJoin(r.lsa_training_bases_of(), ", ") + "'s",
      "; adding a task with a newer fix retrains the model and moves every dense number of every "
      "task, so name lsa_training_commit in the task file to hold it; docs/retrieval.md).");
}

}  // namespace

void TrainingSnapshot(const GridReport& r, Writer& w) {
  if (r.lsa_training_commit().empty()) return;
  int covered = 0;
  std::vector<std::string> missing;
  for (const TrainingCoverage& c : r.training_coverage()) {
    if (c.gold_files_in_training() == c.gold_files()) {
      ++covered;
    } else {
      missing.push_back(
          absl::StrCat(c.task_id(), " (", c.gold_files_in_training(), " of ", c.gold_files(), ")"));
    }
  }
  w.Line("## Dense model training snapshot");
  w.Line();
  w.Line(absl::StrCat(
      "The LSA model of ",
      HarnessesWhere(r, [](const HarnessDescription& h) { return h.dense() == "lsa"; }),
      " trains on one snapshot, at ", r.lsa_training_commit().substr(0, 12), " ",
      TrainingCommitReason(r), " ", covered, " of ", r.training_coverage_size(),
      " tasks have every gold file in that snapshot",
      missing.empty() ? "."
                      : absl::StrCat("; the others' gold files were never seen in training: ",
                                     absl::StrJoin(missing, ", "), ".")));
  w.Line();
}

void PerTask(const GridReport& r, Writer& w) {
  w.Line("## Per task");
  w.Line();
  w.Line(absl::StrCat(
      "First-gold rank (\">200\": no gold file among the 200 returned; censored at 201) and "
      "MRR, baseline / ",
      w.n().stale, " / ", w.n().distractors, " at each dose",
      OutsideTheCells(r).empty() ? "" : " / every other condition (the units outside the cells)",
      ":"));
  w.Line();
  TableHead head;
  head.Column("Task")
      .Column("Harness")
      .Column("Baseline rank", "---:")
      .Column(absl::StrCat(w.n().stale, " rank"), "---:");
  for (int d : r.doses()) head.Column(absl::StrCat(w.n().distractors, " d", d, " rank"), "---:");
  const std::vector<const Condition*> outside = OutsideTheCells(r);
  for (const Condition* c : outside) head.Column(absl::StrCat(c->label(), " rank"), "---:");
  head.Column("Baseline MRR", "---:").Column("Gold files returned (baseline)").WriteTo(w);
  std::map<std::tuple<std::string, std::string, std::string>, const GridUnit*> unit_of;
  for (const GridUnit& u : r.units()) unit_of[{u.task_id(), u.harness(), u.label()}] = &u;
  std::map<std::pair<std::string, std::string>, std::vector<const Cell*>> by_unit;
  std::vector<std::pair<std::string, std::string>> order;
  for (const Cell& c : r.cells()) {
    auto key = std::make_pair(c.task_id(), c.harness());
    if (by_unit[key].empty()) order.push_back(key);
    by_unit[key].push_back(&c);
  }
  for (const auto& key : order) {
    const std::vector<const Cell*>& unit = by_unit[key];
    std::vector<std::string> ranks = {Rank(unit[0]->baseline()), Rank(unit[0]->s001())};
    for (const Cell* c : unit) ranks.push_back(Rank(c->s002()));
    std::string rank_cells =
        w.Token(absl::StrCat(key.first, ".", key.second, ".ranks"), absl::StrJoin(ranks, " | "));
    for (const Condition* c : outside) {
      const auto u = unit_of.find({key.first, key.second, c->label()});
      const std::string rank = u == unit_of.end() ? "" : Rank(u->second->outcome());
      absl::StrAppend(
          &rank_cells, " | ",
          w.Token(absl::StrCat(key.first, ".", key.second, ".", c->label(), ".rank"), rank));
    }
    const auto baseline = unit_of.find({key.first, key.second, unit[0]->baseline().condition()});
    const int gold = baseline == unit_of.end() ? 0 : baseline->second->gold_returned();
    w.Line(absl::StrCat("| ", key.first, " | ", key.second, " | ", rank_cells, " | ",
                        F4(unit[0]->baseline().mrr()), " | ", gold, " |"));
  }
  w.Line();
}

void Conventions(const GridReport& r, Writer& w) {
  w.Line("## Conventions");
  w.Line();
  w.Line(
      "- Relevance is binary: a gold file (changed by the fix, not a test, not generated, not "
      "vendored) is relevant. Recall@k = gold files in the top k / gold files; MRR = 1 / rank of "
      "the first gold file, 0 when none of the 200 returned files is gold; nDCG@10 with gain 1 "
      "and discount log2(rank + 1), IDCG from the number of gold files.");
  w.Line(
      "- First-gold rank is censored at candidate_limit + 1 = 201. Rank delta = perturbed rank - "
      "baseline rank, so a positive delta means the first gold file moved down (worse). The "
      "uncensored delta is null unless both ranks are observed; rank_delta_censored uses 201.");
  w.Line(
      "- Paired metrics compare a perturbed condition with the baseline of the same task and "
      "harness; delta_X = X(perturbed) - X(baseline). top10_gold_retention = gold files in both "
      "top 10s / gold files in the baseline top 10; loss_of_all_top10_gold = 1 when the baseline "
      "top "
      "10 held a gold file and the perturbed top 10 holds none. Both are averaged only over units "
      "whose baseline top 10 holds a gold file (the others have nothing to retain or lose).");
  w.Line(absl::StrCat(
      "- ", w.n().distractors,
      " only: distractors_in_top10 = synthetic files among the first 10 (at most the dose); "
      "distractor_outranks_first_gold = 1 when a distractor ranks above the first gold file (or "
      "any "
      "distractor is returned while no gold file is)."));
  w.Line(
      "- cells.csv has one row per unit: a harness on a task under one condition at one "
      "parameter value (every depth, dose and kind), keyed by unit_id <task>/<harness>/<label>.");
  w.Line(absl::StrCat(
      "- Function recall@10: gold functions (file and Receiver.Method) among the first 10 of the "
      "harness's ranked function list; tasks without a gold function are left out of its mean",
      r.tasks_without_gold_functions().empty()
          ? " (every task here has one)."
          : absl::StrCat(": ", r.tasks_without_gold_functions_size(), " of ", r.tasks(),
                         " tasks have gold files but no gold function (",
                         absl::StrJoin(r.tasks_without_gold_functions(), ", "),
                         "), so its means are over ",
                         r.tasks() - r.tasks_without_gold_functions_size(), " tasks.")));
  w.Line(
      "- Acc@k (file_acc_at_k and function_acc_at_k, k = 1, 3, 5, 10), the accuracy of the "
      "localization papers (LocAgent, SweRank): 1 when every gold file of the task is among the "
      "first k returned files (every distinct gold function among the first k distinct ranked "
      "functions), else 0. Function Acc@k is undefined for a task without a gold function and "
      "left out of its means, as function recall@10. Unlike the papers, the candidates are every "
      "corpus file, test files included, and the order is the harness's own (docs/metrics.md).");
  w.Line(
      "- Token-budget coverage: ranked files are taken in order while the next whole file fits "
      "the budget (13,000 or 27,000 tokens; a token is a run of [A-Za-z0-9_] or one other "
      "non-space character); the share of gold files fully included.");
  w.Line(
      "- Query times are volatile and kept out of this report's hashed artifacts "
      "(timings.volatile.csv).");
  w.Line();
}

void NotEvaluated(const GridReport& r, Writer& w) {
  w.Line("## What this grid does not evaluate");
  w.Line();
  w.Line(
      "- Whether a model or developer given the retrieved files would fix the bug: the grid "
      "measures file and function localization only.");
  if (r.s001_depths_size() > 1) {
    w.Line(
        "- Staleness along other histories: the sweep indexes first-parent ancestors base~d only; "
        "merged branches, rebases and uncommitted work are not covered.");
  } else {
    w.Line(absl::StrCat("- Staleness beyond one commit: ", w.n().stale,
                        " indexes the stale commit, base^1; its effective dose "
                        "is the table above, often no change to a file of ",
                        LanguagesText(r), " at all."));
  }
  w.Line(absl::StrCat("- Adversarial or naturally occurring distractors: ", w.n().distractors,
                      " files are synthetic, built from the "
                      "query's own words under a reserved path; real near-duplicates may behave "
                      "differently."));
  w.Line(
      "- Other repositories, languages, query authors or reformulation models; the blinded "
      "reformulation is one frozen artifact per task.");
  w.Line("- Production retrieval latency: query times here are single-machine and volatile.");
  if (!r.lsa_training_commit().empty()) {
    w.Line(absl::StrCat(
        "- A leak-free dense model: the LSA model is trained at one pinned commit of the corpus (",
        r.lsa_training_commit().substr(0, 12),
        ", after most fixes when it is the newest base), so its term statistics may include fixed "
        "code; it never sees queries or labels (docs/grid.md)."));
  }
}

}  // namespace repro::grid
