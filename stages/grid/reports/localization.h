// Localization accuracy of the grid's units: file-level and function-level
// Acc@k as the localization papers define it (docs/metrics.md, "Acc@k"),
// computed by the aggregate from the lists the cells returned (rankings.h)
// and the tasks' gold labels, so that no cell reruns for it.
//
// For one unit and k in kAccuracyCutoffs (1, 3, 5, 10):
//  - file Acc@k = 1 when every gold file of the task is among the unit's
//    first k returned files, else 0 (metrics::AccuracyAtK over the returned
//    list, qrels = the gold files, grade 1). Every task has a gold file.
//  - function Acc@k = 1 when every distinct gold function of the task is
//    among the unit's first k distinct ranked functions (its top_functions,
//    "<path>::<name>" as function_recall.h builds them; the cell keeps the
//    first 10, so k <= 10 is exact), else 0. A task without a gold function
//    has it undefined (nullopt), never 0: as function recall@10, it is left
//    out of every mean and printed empty in cells.csv.
// A gold location the harness did not return (not in the indexed snapshot,
// beyond the list) counts as missed, as in recall@k.
//
// Metric names (Summary.metric, the cells.csv columns, the tokens):
// "file_acc_at_<k>" and "function_acc_at_<k>".
//
// Errors (InvalidArgument): a unit of a task without gold locations in
// `gold`, naming the unit; rankings that do not hold one list per unit in
// the units' order (ValidateRankings).
#ifndef REPRO_STAGES_GRID_REPORTS_LOCALIZATION_H_
#define REPRO_STAGES_GRID_REPORTS_LOCALIZATION_H_

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

inline constexpr std::array<int, 4> kAccuracyCutoffs = {1, 3, 5, 10};

// Acc@k per cutoff of kAccuracyCutoffs, in its order: 0 or 1.
using AccuracyRow = std::array<double, kAccuracyCutoffs.size()>;

struct UnitAccuracy {
  AccuracyRow file{};
  std::optional<AccuracyRow> function;  // nullopt: the task has no gold function
};

// A task's gold locations, from its labels.
struct GoldLocations {
  std::vector<std::string> files;
  std::vector<std::string> functions;  // metrics::FunctionId(file, function), may repeat
};

// "file_acc_at_<k>", "function_acc_at_<k>".
std::string FileAccuracyMetric(int k);
std::string FunctionAccuracyMetric(int k);

// One UnitAccuracy per unit of `units`, in their order; `rankings` holds
// their lists in the same order; `gold` maps each task id to its locations.
absl::StatusOr<std::vector<UnitAccuracy>> LocalizationAccuracy(
    const google::protobuf::RepeatedPtrField<GridUnit>& units, const Rankings& rankings,
    const std::map<std::string, GoldLocations>& gold);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_LOCALIZATION_H_
