// cells.csv of the grid report: a header and, per composite cell, three rows
// (baseline, S001, S002) with the cell, the condition's outcome and, for a
// perturbed condition, its paired outcome (empty fields for the baseline);
// 28 columns, written with report::CsvTable (RFC 4180 quoting). Numbers as in
// report.md (4 decimals); booleans "true"/"false"; function_recall_at_10 is
// empty for a task without a gold function. Fails (InvalidArgument) only when
// a row has another width than the header: a bug of the writer.
#ifndef REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
#define REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

absl::StatusOr<std::string> CellsCsv(const GridReport& r);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_CELLS_CSV_H_
