#include "stages/grid/reports/task_set_sections.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {
namespace {

// (metric, column title) of the baseline table.
constexpr std::pair<const char*, const char*> kBaselineColumns[] = {
    {"recall_at_1", "recall@1"},
    {"recall_at_10", "recall@10"},
    {"mrr", "MRR"},
    {"ndcg_at_10", "nDCG@10"},
    {"file_acc_at_1", "file Acc@1"},
    {"file_acc_at_5", "file Acc@5"},
    {"function_acc_at_1", "function Acc@1"},
    {"function_acc_at_5", "function Acc@5"}};

// (metric, column title) of the perturbation table.
constexpr std::pair<const char*, const char*> kDeltaColumns[] = {
    {"delta_recall_at_10", "delta recall@10"}, {"delta_mrr", "delta MRR"}};

// A row's interval as a token of the set, or "n/a" when the set has no such row.
std::string SetCell(Writer& w, const TaskSetReport& set, const Summaries& s, const std::string& h,
                    const std::string& c, int d, const std::string& m) {
  const Summary* row = s.Get(h, c, d, m);
  if (row == nullptr) return "n/a";
  return w.Token(absl::StrCat("set.", set.name(), ".", h, ".", w.Label(c, d), ".", m),
                 IntervalText(row->value()));
}

// The (condition, dose) of the set's perturbed rows, in Summary order.
std::vector<std::pair<std::string, int>> PerturbedConditions(const TaskSetReport& set) {
  std::vector<std::pair<std::string, int>> out;
  std::set<std::pair<std::string, int>> seen;
  for (const Summary& s : set.summaries()) {
    if (s.metric() != "delta_mrr") continue;
    if (seen.insert({s.condition(), s.dose()}).second) out.emplace_back(s.condition(), s.dose());
  }
  return out;
}

void BaselineTable(const GridReport& r, const TaskSetReport& set, const Summaries& s, Writer& w) {
  TableHead head;
  head.Column("Harness");
  for (const auto& [metric, title] : kBaselineColumns) head.Column(title, "---:");
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    std::string line = absl::StrCat("| ", h, " |");
    for (const auto& [metric, title] : kBaselineColumns) {
      absl::StrAppend(&line, " ", SetCell(w, set, s, h, w.n().baseline, 0, metric), " |");
    }
    w.Line(line);
  }
  w.Line();
}

void DeltaTable(const GridReport& r, const TaskSetReport& set, const Summaries& s, Writer& w) {
  const auto conditions = PerturbedConditions(set);
  if (conditions.empty()) return;
  TableHead head;
  head.Column("Harness").Column("Condition");
  for (const auto& [metric, title] : kDeltaColumns) head.Column(title, "---:");
  head.WriteTo(w);
  for (const std::string& h : r.harnesses()) {
    for (const auto& [c, d] : conditions) {
      std::string line = absl::StrCat("| ", h, " | ", w.Label(c, d), " |");
      for (const auto& [metric, title] : kDeltaColumns) {
        absl::StrAppend(&line, " ", SetCell(w, set, s, h, c, d, metric), " |");
      }
      w.Line(line);
    }
  }
  w.Line();
}

void OneSet(const GridReport& r, const TaskSetReport& set, Writer& w) {
  GridReport rows;
  *rows.mutable_summaries() = set.summaries();
  const Summaries s(rows);
  w.Line(absl::StrCat(
      "### Task set `", set.name(), "`: ", set.repository(), ", ",
      w.Token(absl::StrCat("set.", set.name(), ".tasks"), absl::StrCat(set.task_ids_size())),
      " tasks"));
  w.Line();
  w.Line(absl::StrCat(
      "Tasks: ", absl::StrJoin(set.task_ids(), ", "), ".",
      set.lsa_training_commit().empty()
          ? ""
          : absl::StrCat(" Its LSA model trains on ", set.lsa_training_commit().substr(0, 12),
                         set.lsa_training_authored()
                             ? " (named by the task file)."
                             : " (derived: the base of the set's newest fix).")));
  w.Line();
  BaselineTable(r, set, s, w);
  DeltaTable(r, set, s, w);
}

}  // namespace

void TaskSetSections(const GridReport& r, Writer& w) {
  if (r.task_sets_size() == 0) return;
  w.Line("## Per task set");
  w.Line();
  w.Line(absl::StrCat(
      "The experiment runs over ", r.task_sets_size(),
      " task sets, each its own repository (its own history, snapshots, chunks and dense "
      "models). Every figure above is over all ",
      r.tasks(),
      " tasks; below, per set, the same analysis over the set's tasks alone (95% intervals from "
      "a bootstrap that resamples the set's tasks, B and seed as above; every row is in "
      "report.json, task_sets)."));
  w.Line();
  for (const TaskSetReport& set : r.task_sets()) OneSet(r, set, w);
}

}  // namespace repro::grid
