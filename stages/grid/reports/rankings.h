// The rankings file: every unit's ranked lists, beside report.json.
//
// report.json holds one row per unit (GridReport.units) without its lists;
// rankings.pb, written by the aggregate stage, holds them: a Rankings
// (grid.proto, binary, DeterministicBytes), one UnitRanking per unit in the
// units' order, columnar (a table of distinct paths; per unit the indexes of
// its files in rank order, their scores, the positions of gold and of S002
// distractor files, and its top functions). grid.proto states the size
// contract; ValidateRankings checks it.
//
// Reading (docs/grid.md, "The rankings file"): parse the bytes as a Rankings,
// ValidateRankings against report.json's unit ids, then RankedFiles(r, i)
// gives unit i's list exactly as its cell returned it. From the shell:
// `bazel run //stages/grid/reports:print_rankings -- <report directory> [unit_id]`
// prints the lists as tab-separated rows.
//
// The distractor files' generated sources stay in each cell's own JSON
// (ConditionOutcome.distractors); the TREC runs hold the same lists as
// paths only.
#ifndef REPRO_STAGES_GRID_REPORTS_RANKINGS_H_
#define REPRO_STAGES_GRID_REPORTS_RANKINGS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// The rankings of `units` (GridReport.units, report order) from the cells'
// outcomes, each unit's outcome found by task, harness and condition label.
// InvalidArgument, naming the unit, when a unit has no outcome or an
// outcome's ranks are not 1, 2, ... in list order.
absl::StatusOr<Rankings> BuildRankings(const Conditions& conditions,
                                       const google::protobuf::RepeatedPtrField<GridUnit>& units,
                                       const std::vector<ConditionOutcome>& outcomes);

// The rankings of several shards as one: their units concatenated in order,
// each file index re-mapped into the union of their path tables (sorted).
// Each part valid by the size contract.
Rankings MergeRankings(const std::vector<Rankings>& parts);

// The size contract of grid.proto, with the units in the order of
// `unit_ids` (report.json's). InvalidArgument naming `file`, the unit and
// the field, expected vs found.
absl::Status ValidateRankings(const Rankings& rankings, const std::vector<std::string>& unit_ids,
                              absl::string_view file);

// Unit `unit`'s returned files (rank, path, score, gold, distractor), rank 1
// first; `rankings` validated and 0 <= unit < units_size().
std::vector<RankedFile> RankedFiles(const Rankings& rankings, int unit);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_RANKINGS_H_
