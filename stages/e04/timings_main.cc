// Stage e04_timings: collects the volatile build and query times of every
// cell into timings.volatile.csv. Volatile by name: never hashed, never an
// input of another stage, skipped by the determinism checks.
// Inputs: every cell stage (roles "cell/<stage>/<file>"); of each, the
// volatile file "<name>.volatile.json" that cell_main.cc writes:
//   {"task": "T01", "harness": "H000", "condition": "S002", "dose": 1,
//    "build_ms": 145.329, "query_ms": 0.664}
// Output: timings.volatile.csv (report::CsvTable), one row per cell, columns
//   cell_stage,task,harness,condition,dose,build_ms,query_ms
// with the times in milliseconds, three decimals. A volatile file that is not
// such an object is InvalidArgument naming the role and the field.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "nlohmann/json.hpp"
#include "stages/pipeline/stage.h"
#include "stages/pipeline/status_macros.h"
#include "stages/report/csv.h"

namespace repro::e04 {
namespace {

using Json = nlohmann::json;

// The value of `field` in one cell's timing object, as text.
absl::StatusOr<std::string> Field(const Json& timing, const std::string& role,
                                  const std::string& field) {
  auto error = [&](absl::string_view expected) {
    return absl::InvalidArgumentError(
        absl::StrCat(role, ": field ", field, ": expected ", expected, ", found ",
                     timing.contains(field) ? timing[field].dump() : "no such field"));
  };
  if (!timing.contains(field)) return error("a value");
  const Json& v = timing[field];
  if (field == "task" || field == "harness" || field == "condition") {
    if (!v.is_string()) return error("a string");
    return v.get<std::string>();
  }
  if (field == "dose") {
    if (!v.is_number_integer()) return error("an integer");
    return absl::StrCat(v.get<int64_t>());
  }
  if (!v.is_number()) return error("a number of milliseconds");
  return absl::StrFormat("%.3f", v.get<double>());
}

absl::Status Run(Stage& stage) {
  const std::vector<std::string> fields = {"task", "harness",  "condition",
                                           "dose", "build_ms", "query_ms"};
  std::vector<std::string> header = {"cell_stage"};
  header.insert(header.end(), fields.begin(), fields.end());
  report::CsvTable csv("timings.volatile.csv", header);
  for (const std::string& role : stage.Roles("cell/")) {
    if (!IsVolatile(role)) continue;
    ASSIGN_OR_RETURN(const std::string text, stage.Read(role));
    const Json timing = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!timing.is_object()) {
      return absl::InvalidArgumentError(
          absl::StrCat(role, ": expected a JSON object of build and query times"));
    }
    std::vector<std::string> row = {role};
    for (const std::string& field : fields) {
      ASSIGN_OR_RETURN(std::string value, Field(timing, role, field));
      row.push_back(std::move(value));
    }
    RETURN_IF_ERROR(csv.AddRow(row));
  }
  return stage.Write("timings.volatile.csv", csv.text());
}

}  // namespace
}  // namespace repro::e04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::e04::Run); }
