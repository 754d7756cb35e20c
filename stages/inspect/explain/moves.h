// What moved between two runs of one report: its frozen tokens, and for a
// grid report each headline metric per unit, with a paired interval and test.
//
// DiffTokens: keys in both runs whose values differ ("moved"), keys only in
// the new run ("added") and only in the old one ("removed"), each in key
// order. A token's section is its key without the last dot-separated
// component ("H000.S002.d1" for "H000.S002.d1.delta_mrr"; "" for a key
// without a dot). `delta` is new minus old of the values' numbers, for values
// that are a number, alone or followed by its interval ("0.5128 [0.0385,
// 1.0000]"), printed with the larger number of decimals of the two; empty for
// any other value ("1 | 1 | 2", "170/180").
//
// DiffUnits: units (run_state.h) are matched by (unit id, label); a unit
// of one run only is not compared. They are grouped by (harness, condition,
// dose), the dose being the cell's for S002 and 0 otherwise. A baseline or
// S001 row repeats the task's outcome in each of its dose coordinates, so
// only the first row of each (task, harness, condition) in the new run's
// order is compared. For each group and
// headline metric that any matched unit moved on (values compared as text):
//   - the units that moved, sorted by |new - old| descending, then unit id;
//   - up / down / unchanged counts over the group's matched units that
//     define the metric in both runs;
//   - "is it real": the task-clustered bootstrap interval of the mean of
//     new - old over those units (stats/cluster_bootstrap.h: every unit an
//     observation, its task the cluster; the report's resamples and seed),
//     and the paired randomization test (stats/randomization.h, its default
//     configuration, as the report's comparisons) over per-task means of
//     new - old. The one implementation of each, shared with the report.
// Groups are ordered by harness, condition, dose, then metric in
// HeadlineMetrics() order. A metric one run does not record is in no group:
// UncomparedMetrics names it.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_MOVES_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_MOVES_H_

#include <string>
#include <vector>

#include "stages/framework/stats/cluster_bootstrap.h"
#include "stages/framework/stats/randomization.h"
#include "stages/inspect/explain/run_state.h"

namespace repro::explain {

struct TokenMove {
  std::string key;
  std::string section;
  std::string old_value;  // "" when added
  std::string new_value;  // "" when removed
  std::string delta;
};

struct TokenDiff {
  std::vector<TokenMove> moved;
  std::vector<TokenMove> added;
  std::vector<TokenMove> removed;
  bool empty() const { return moved.empty() && added.empty() && removed.empty(); }
};

TokenDiff DiffTokens(const tokens::TokenList& before, const tokens::TokenList& after);

std::string TokenSection(const std::string& key);

struct UnitMove {
  std::string cell_id;
  std::string task;
  double old_value = 0;
  double new_value = 0;
};

struct GroupMove {
  std::string harness;
  std::string condition;
  int dose = 0;
  std::string metric;
  std::vector<UnitMove> moved;
  int up = 0;
  int down = 0;
  int unchanged = 0;
  stats::Estimate interval;         // of new - old
  stats::RandomizationResult test;  // over per-task means of new - old
};

std::vector<GroupMove> DiffUnits(const std::vector<Unit>& before, const std::vector<Unit>& after,
                                 const stats::BootstrapConfig& bootstrap);

// The headline metrics that one run records per unit and the other does not
// (RunState::unit_metrics: a state or report from before file Acc@k was
// one), which DiffUnits cannot compare, in HeadlineMetrics() order, each as
// "<metric> (the old run does not record it)" or "(the new run ...)"; none
// when either run has no units.
std::vector<std::string> UncomparedMetrics(const RunState& before, const RunState& after);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_MOVES_H_
