// cells.csv of the grid report: a header and one row per unit
// (GridReport.units: task x harness x condition at each parameter, every
// kind, in report order) with the unit's key (unit_id
// "<task>/<harness>/<label>", task_id, harness, condition id, parameter,
// label), its outcome, its localization accuracy (`accuracy`, one per unit
// in their order: file_acc_at_<k> after ndcg_at_10, function_acc_at_<k>
// after gold_functions, k = 1, 3, 5, 10; localization.h) and, for a
// perturbation, its paired outcome (empty fields for the baseline); 36
// columns, written with report::CsvTable (RFC 4180 quoting). Numbers as in
// report.md (4 decimals); booleans "true"/"false"; function_recall_at_10 and
// function_acc_at_<k> are empty for a task without a gold function. Fails
// (InvalidArgument) when `accuracy` does not hold one row per unit, or a row
// has another width than the header: a bug of the writer.
#ifndef REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
#define REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

absl::StatusOr<std::string> CellsCsv(const GridReport& r,
                                     const std::vector<UnitAccuracy>& accuracy);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
