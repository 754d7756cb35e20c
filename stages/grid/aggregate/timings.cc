#include "stages/grid/aggregate/timings.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"

namespace repro::grid {
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

}  // namespace

const std::vector<std::string>& TimingColumns() {
  static const auto* columns = new std::vector<std::string>{
      "cell_stage", "task", "harness", "condition", "dose", "build_ms", "query_ms"};
  return *columns;
}

absl::StatusOr<std::vector<std::string>> TimingRow(absl::string_view json,
                                                   const std::string& role) {
  const Json timing = Json::parse(json.begin(), json.end(), nullptr, /*allow_exceptions=*/false);
  if (!timing.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(role, ": expected a JSON object of build and query times"));
  }
  std::vector<std::string> row = {role};
  for (size_t i = 1; i < TimingColumns().size(); ++i) {
    ASSIGN_OR_RETURN(std::string value, Field(timing, role, TimingColumns()[i]));
    row.push_back(std::move(value));
  }
  return row;
}

absl::StatusOr<absl::string_view> TimingShardRows(absl::string_view csv, const std::string& role) {
  const std::string header = report::CsvLine(TimingColumns());
  if (!absl::StartsWith(csv, header)) {
    return absl::InvalidArgumentError(absl::StrCat(role, ": expected the header ", header, "found ",
                                                   csv.substr(0, csv.find('\n') + 1)));
  }
  return csv.substr(header.size());
}

}  // namespace repro::grid
