// The files users read that the judge stages render from their typed
// intermediates (judge.proto): judge_measurements.json and judge_tasks.csv
// (stage judge_measure_files) and judge.json (stage judge_report).
//
// JSON layout, fixed since these files were first published: objects with
// their keys sorted, one-space indentation, integers as integers, doubles in
// the shortest form that reads back as the same double ("1.0" for an
// integral one), a newline at the end. Protobuf's JSON printer gives other
// bytes (two-space indentation, field-number order, 64-bit integers quoted,
// "1" for 1.0), so this is an explicit writer, field by field. It prints
// through nlohmann::json (the same printer as before, so the bytes stay
// identical); it never reads JSON: every judge stage reads its inputs as
// protos (ReadInputProto), and nlohmann parses only the external data sets
// (json_input.h).
//
// judge_measurements.json: {"bootstrap": {...}, "datasets": [...]}, the
// JudgeMeasurements without its per-task values. Each message is an object
// of its fields, except: a repeated field sorted by a key (exclusions,
// metrics, ground caveats: name -> value; breakdowns: dimension -> level ->
// summary) is an object by that key; an unset optional field and an empty
// best_in_top_3_envelope are left out; a judge's "protocol" leaves out the
// judge_id (it is the judge's own "judge_id").
//
// judge_tasks.csv: a header and one row per TaskValues (report::CsvTable,
// stages/framework/report/csv.h: RFC 4180 quoting); doubles "%.17g", an unset value an
// empty cell.
//
// judge.json: {"title", "data_note", "measurements" (as in
// judge_measurements.json), "bounds" (BoundsTables), "scenarios"
// (ScenarioGrid), "policies" (every declared policy of policies.h)}.
#ifndef REPRO_STAGES_STUDIES_JUDGE_REPORT_FILES_H_
#define REPRO_STAGES_STUDIES_JUDGE_REPORT_FILES_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

std::string MeasurementsJsonText(const JudgeMeasurements& measurements);

absl::StatusOr<std::string> TasksCsvText(const JudgeMeasurements& measurements);

std::string ReportJsonText(absl::string_view title, absl::string_view data_note,
                           const JudgeMeasurements& measurements, const BoundsTables& bounds,
                           const ScenarioGrid& scenarios);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_REPORT_FILES_H_
