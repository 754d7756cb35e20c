// Stage grid_timings: collects the volatile build and query times of the
// cells into one CSV. Volatile by name: never hashed, never an input of a
// hashed stage, skipped by the determinism checks.
// Inputs: cell stages (roles "cell/<stage>/<file>"; of each, the volatile
// timing file that cell_main.cc writes), or timing shards (roles
// "timings/<k>", k zero-padded: role order is shard order), or both.
// Output: the one declared file, timings_<k>.volatile.csv for a shard or
// timings.volatile.csv (report::CsvTable): the header of
// stages/grid/aggregate/timings.h (cell_stage, task, harness, condition,
// dose, build_ms, query_ms), the cells' rows in role order, then each
// shard's rows in shard order. A malformed timing file or shard fails the
// stage, naming it.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/grid/aggregate/timings.h"

namespace repro::grid {
namespace {

absl::Status Run(Stage& stage) {
  if (stage.output_paths().size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "grid_timings declares one output, a .volatile.csv; found ", stage.output_paths().size()));
  }
  report::CsvTable csv("timings.volatile.csv", TimingColumns());
  for (const std::string& role : stage.Roles("cell/")) {
    if (!IsVolatile(role)) continue;
    ASSIGN_OR_RETURN(const std::string text, stage.Read(role));
    ASSIGN_OR_RETURN(const std::vector<std::string> row, TimingRow(text, role));
    RETURN_IF_ERROR(csv.AddRow(row));
  }
  std::string text = csv.text();
  for (const std::string& role : stage.Roles("timings/")) {
    ASSIGN_OR_RETURN(const std::string shard, stage.Read(role));
    ASSIGN_OR_RETURN(const absl::string_view rows, TimingShardRows(shard, role));
    absl::StrAppend(&text, rows);
  }
  return stage.Write(stage.output_paths().begin()->first, text);
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
