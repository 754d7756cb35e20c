// cells.csv of the grid report: a header and one row per unit
// (GridReport.units: task x harness x condition at each parameter, every
// kind, in report order) with the unit's key (unit_id
// "<task>/<harness>/<label>", task_id, harness, condition id, parameter,
// label), its outcome and, for a perturbation, its paired outcome (empty
// fields for the baseline); 28 columns, written with report::CsvTable (RFC 4180 quoting). Numbers
// as in report.md (4 decimals); booleans "true"/"false"; function_recall_at_10 is empty for a task
// without a gold function. Fails (InvalidArgument) only when a row has another width than the
// header: a bug of the writer.
#ifndef REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
#define REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

absl::StatusOr<std::string> CellsCsv(const GridReport& r);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
