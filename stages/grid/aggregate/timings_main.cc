// Stage grid_timings: collects the volatile build and query times of every
// cell into timings.volatile.csv. Volatile by name: never hashed, never an
// input of another stage, skipped by the determinism checks.
// Inputs: every cell stage (roles "cell/<stage>/<file>"); of each, the
// volatile timing file that cell_main.cc writes.
// Output: timings.volatile.csv (report::CsvTable), one row per cell with the
// columns of stages/grid/aggregate/timings.h (cell_stage, task, harness, condition, dose,
// build_ms, query_ms); a malformed timing file fails the stage, naming it.
#include <string>
#include <vector>

#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/grid/aggregate/timings.h"

namespace repro::grid {
namespace {

absl::Status Run(Stage& stage) {
  report::CsvTable csv("timings.volatile.csv", TimingColumns());
  for (const std::string& role : stage.Roles("cell/")) {
    if (!IsVolatile(role)) continue;
    ASSIGN_OR_RETURN(const std::string text, stage.Read(role));
    ASSIGN_OR_RETURN(const std::vector<std::string> row, TimingRow(text, role));
    RETURN_IF_ERROR(csv.AddRow(row));
  }
  return stage.Write("timings.volatile.csv", csv.text());
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
