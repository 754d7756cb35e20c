// One row of timings.volatile.csv from a cell's volatile timing file.
//
// A cell stage (cell_main.cc) writes "<name>.volatile.json":
//   {"task": "T01", "harness": "H000", "condition": "S002", "dose": 1,
//    "build_ms": 145.329, "query_ms": 0.664}
// TimingColumns() is the CSV header:
//   cell_stage,task,harness,condition,dose,build_ms,query_ms
// TimingRow(json, role) returns the row of that file, `role` (the input role,
// "cell/<stage>/<file>") as cell_stage and the times with three decimals.
// Not a JSON object, a missing field or one of another type (task, harness,
// condition: strings; dose: an integer; build_ms, query_ms: numbers) is
// InvalidArgument naming the role, the field, and expected vs found.
//
// The rows are collected per run of 64 tasks (timings_<k>.volatile.csv, the
// runs of the grid_units shards) and the shards concatenated, so that a
// cell's rerun reruns one shard. TimingShardRows(csv, role) returns the
// records of one shard's CSV after its header; a CSV whose first record is
// not the header of TimingColumns() is InvalidArgument naming the role and
// the header found.
#ifndef REPRO_STAGES_GRID_AGGREGATE_TIMINGS_H_
#define REPRO_STAGES_GRID_AGGREGATE_TIMINGS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::grid {

const std::vector<std::string>& TimingColumns();

absl::StatusOr<std::vector<std::string>> TimingRow(absl::string_view json, const std::string& role);

absl::StatusOr<absl::string_view> TimingShardRows(absl::string_view csv, const std::string& role);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_TIMINGS_H_
