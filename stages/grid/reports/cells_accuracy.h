// The per-unit Acc@k of cells.csv, read back for the page (html_report.h):
// the aggregate computes it (localization.h) and writes it in cells.csv only
// (report.json's units do not carry it, and grid.proto stays as it is, so no
// cell reruns for it), so the page reads it where the aggregate wrote it.
//
// ReadCellsAccuracy(report, cells_csv) returns one UnitAccuracy per unit of
// report.units, in their order, from `cells_csv` (cells_csv.h's format,
// RFC 4180 quoting, LF or CRLF line ends): row i must be the unit i of
// report.json (its unit_id), file_acc_at_<k> and function_acc_at_<k> (k in
// kAccuracyCutoffs) are 0 or 1 as cells.csv prints them ("0.0000",
// "1.0000"); function Acc@k is undefined (nullopt) when its four fields are
// empty (a task without a gold function).
//
// Errors (InvalidArgument, naming cells.csv and the line, and the column
// when it is a field's): an unterminated quoted field, a row with another
// number of fields than the header, a missing column, another number of rows
// than report.json has units, a row whose unit_id is not the unit's, a file
// Acc@k field empty, some but not all function Acc@k fields empty, a value
// other than 0 or 1.
#ifndef REPRO_STAGES_GRID_REPORTS_CELLS_ACCURACY_H_
#define REPRO_STAGES_GRID_REPORTS_CELLS_ACCURACY_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"

namespace repro::grid {

absl::StatusOr<std::vector<UnitAccuracy>> ReadCellsAccuracy(const GridReport& report,
                                                            absl::string_view cells_csv);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_CELLS_ACCURACY_H_
